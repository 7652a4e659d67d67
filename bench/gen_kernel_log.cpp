// gen_kernel_log: writes a synthetic kernel log (raw dmesg format) of a given
// size with a real-format OOM report every ~N MB, for `make bench`.
// Deterministic for a given --seed. Noise lines imitate a busy server's
// dmesg (network, storage, audit, USB, systemd via kernel), including words
// like "killed" and "memory" that must not be taken for OOM reports.
//
// Usage: gen_kernel_log --bytes N [--every-mb M] [--seed S] > file
// Prints to stderr the number of OOM reports and victims written.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

namespace {

const char* kNoise[] = {
    "IPv6: ADDRCONF(NETDEV_CHANGE): veth%u: link becomes ready",
    "br-%x: port %u(veth%x) entered forwarding state",
    "EXT4-fs (nvme0n1p%u): mounted filesystem with ordered data mode. Quota mode: none.",
    "audit: type=1400 audit(%u.%03u:%u): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd\" name=\"/proc/%u/mounts\" pid=%u comm=\"lxd\"",
    "usb 1-%u: new high-speed USB device number %u using xhci_hcd",
    "nvidia-uvm: Loaded the UVM driver, major device number %u.",
    "TCP: request_sock_TCP: Possible SYN flooding on port %u. Sending cookies.",
    "systemd[1]: Started Session %u of user user1.",
    "process 'python3' (pid %u) killed its child with SIGTERM after %u ms",
    "perf: interrupt took too long (%u > %u), lowering kernel.perf_event_max_sample_rate to %u",
    "docker0: port %u(veth%x) entered disabled state",
    "memory hotplug: block %u is online, memory section size %u MiB",
    "sd %u:0:0:0: [sdb] Synchronizing SCSI cache",
    "traps: python3[%u] general protection fault ip:%x sp:%x error:0 in libc.so.6",
    "overlayfs: upper fs does not support RENAME_WHITEOUT (ino %u).",
    "NFS: server nfs%u not responding, still trying",
};

// A 6.8+ memcg OOM report (cgroup v2, Kubernetes), the layout printed by
// mm/oom_kill.c dump_header() and mm/memcontrol.c on current kernels.
const char* kMemcgReport =
    "python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=%d\n"
    "CPU: 3 UID: 1000 PID: %u Comm: python3 Not tainted 6.8.0-50-generic #51-Ubuntu\n"
    "Hardware name: QEMU Standard PC (Q35 + ICH9, 2009), BIOS 1.16.3 04/01/2014\n"
    "Call Trace:\n <TASK>\n dump_stack_lvl+0x76/0xa0\n dump_header+0x47/0x1f0\n oom_kill_process+0x118/0x280\n"
    " out_of_memory+0x103/0x350\n mem_cgroup_out_of_memory+0x145/0x170\n try_charge_memcg+0x6d6/0x7d0\n </TASK>\n"
    "memory: usage %llukB, limit %llukB, failcnt %u\n"
    "swap: usage 0kB, limit 0kB, failcnt 0\n"
    "Memory cgroup stats for /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod%08x_1c2d_4e5f_8a9b_0c1d2e3f4a5b.slice/cri-containerd-%016llx.scope:\n"
    "anon %llu\nfile 1048576\nkernel 2097152\nshmem 0\nsock 0\n"
    "Tasks state (memory values in pages):\n"
    "[  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem pgtables_bytes swapents oom_score_adj name\n"
    "[%7u]  1000 %5u  %8u %8u %8u     2048         0  4194304        0           %3d python3\n"
    "[%7u]  1000 %5u  %8u %8u %8u     2048         0  2097152        0           %3d pt_data_worker\n"
    "[%7u]  1000 %5u  %8u %8u %8u     2048         0  2097152        0           %3d pt_data_worker\n"
    "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-%016llx.scope,mems_allowed=0,"
    "oom_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod%08x_1c2d_4e5f_8a9b_0c1d2e3f4a5b.slice,"
    "task_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod%08x_1c2d_4e5f_8a9b_0c1d2e3f4a5b.slice/cri-containerd-%016llx.scope,"
    "task=python3,pid=%u,uid=1000\n"
    "Memory cgroup out of memory: Killed process %u (python3) total-vm:%llukB, anon-rss:%llukB, file-rss:8192kB, shmem-rss:0kB, UID:1000 pgtables:4096kB oom_score_adj:%d\n";

// A global OOM with Mem-Info (5.x layout).
const char* kGlobalReport =
    "java invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0\n"
    "CPU: 1 PID: %u Comm: java Not tainted 5.15.0-91-generic #101-Ubuntu\n"
    "Call Trace:\n <TASK>\n dump_stack_lvl+0x4a/0x63\n dump_header+0x4a/0x1f4\n oom_kill_process.cold+0xb/0x10\n </TASK>\n"
    "Mem-Info:\n"
    "active_anon:%u inactive_anon:%u isolated_anon:0\n active_file:120 inactive_file:88 isolated_file:0\n"
    " unevictable:0 dirty:0 writeback:0\n slab_reclaimable:9000 slab_unreclaimable:21000\n"
    " mapped:300 shmem:1200 pagetables:16000 bounce:0\n kernel_misc_reclaimable:0\n free:32000 free_pcp:60 free_cma:0\n"
    "Node 0 active_anon:%llukB inactive_anon:%llukB active_file:480kB inactive_file:352kB all_unreclaimable? yes\n"
    "Node 0 DMA free:11264kB boost:0kB min:32kB low:44kB high:56kB reserved_highatomic:0KB active_anon:0kB\n"
    "lowmem_reserve[]: 0 2890 15880 15880 15880\n"
    "Node 0 DMA: 0*4kB 0*8kB 0*16kB 0*32kB 0*64kB 0*128kB 0*256kB 0*512kB 1*1024kB (U) 1*2048kB (M) 2*4096kB (M) = 11264kB\n"
    "1708 total pagecache pages\n0 pages in swap cache\nFree swap  = 0kB\nTotal swap = 0kB\n"
    "4194174 pages RAM\n0 pages HighMem/MovableOnly\n101460 pages reserved\n"
    "Tasks state (memory values in pages):\n"
    "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
    "[    612]     0   612    12345     1234   110592        0             0 systemd-journal\n"
    "[    980]   104   980    55520      900    86016        0             0 rsyslogd\n"
    "[%7u]  1001 %5u  %8u %8u 32505856        0             0 java\n"
    "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
    "task_memcg=/system.slice/app.service,task=java,pid=%u,uid=1001\n"
    "Out of memory: Killed process %u (java) total-vm:%llukB, anon-rss:%llukB, file-rss:0kB, shmem-rss:0kB, UID:1001 pgtables:31744kB oom_score_adj:0\n"
    "oom_reaper: reaped process %u (java), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n";

}  // namespace

int main(int argc, char** argv) {
  uint64_t bytes = 0, every_mb = 10, seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--bytes")) bytes = std::strtoull(argv[i + 1], nullptr, 10);
    else if (!std::strcmp(argv[i], "--every-mb")) every_mb = std::strtoull(argv[i + 1], nullptr, 10);
    else if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(argv[i + 1], nullptr, 10);
  }
  if (bytes == 0) {
    std::fprintf(stderr, "usage: gen_kernel_log --bytes N [--every-mb M] [--seed S]\n");
    return 2;
  }
  std::mt19937_64 rng(seed);
  std::string out, body;
  out.reserve(1 << 20);
  char line[8192];
  uint64_t written = 0, next_oom = every_mb * 1000000, reports = 0;
  double ts = 5.0;
  auto emit_block = [&](const std::string& text) {
    // Prefix every line of a report with a dmesg timestamp.
    size_t start = 0;
    while (start < text.size()) {
      size_t nl = text.find('\n', start);
      int n = std::snprintf(line, sizeof line, "[%12.6f] ", ts);
      out.append(line, static_cast<size_t>(n));
      out.append(text, start, nl - start + 1);
      start = nl + 1;
      ts += 0.000003;
    }
  };
  while (written + out.size() < bytes) {
    ts += static_cast<double>(rng() % 2000) / 1000.0;
    if (written + out.size() >= next_oom) {
      next_oom += every_mb * 1000000;
      ++reports;
      unsigned pid = 1000 + static_cast<unsigned>(rng() % 4000000);
      unsigned long long limit_kb = (1ull + rng() % 64) << 20;
      unsigned long long anon_kb = limit_kb - (rng() % 4096) * 4;
      if (reports % 3 == 0) {
        unsigned pages = static_cast<unsigned>(anon_kb / 4);
        std::snprintf(line, sizeof line, kGlobalReport, pid, pages, pages / 8, anon_kb, anon_kb / 8, pid, pid,
                      pages + 1000, pages, pid, pid, anon_kb + 4000, anon_kb, pid);
      } else {
        int adj = reports % 2 ? 969 : 0;
        unsigned pod = static_cast<unsigned>(rng());
        unsigned long long cid = rng();
        unsigned pages = static_cast<unsigned>(anon_kb / 4 / 3);
        std::snprintf(line, sizeof line, kMemcgReport, adj, pid, anon_kb + 12000, limit_kb,
                      static_cast<unsigned>(rng() % 100000), pod, cid, anon_kb * 1024, pid, pid, pages + 9000,
                      pages + 2048, pages, adj, pid + 1, pid + 1, pages + 9000, pages + 2048, pages, adj,
                      pid + 2, pid + 2, pages + 9000, pages + 2048, pages, adj, cid, pod, pod, cid, pid, pid,
                      (anon_kb / 3) + 36000, anon_kb / 3, adj);
      }
      emit_block(line);
    } else {
      const char* fmt = kNoise[rng() % (sizeof kNoise / sizeof *kNoise)];
      unsigned a = static_cast<unsigned>(rng() % 100000), b = static_cast<unsigned>(rng() % 1000),
               c = static_cast<unsigned>(rng() % 100000), d = static_cast<unsigned>(rng() % 5000000);
      int n = std::snprintf(line, sizeof line, "[%12.6f] ", ts);
      out.append(line, static_cast<size_t>(n));
      n = std::snprintf(line, sizeof line, fmt, a, b, c, d, d);
      out.append(line, static_cast<size_t>(n));
      out.push_back('\n');
    }
    if (out.size() >= (1 << 20)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      written += out.size();
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  written += out.size();
  std::fprintf(stderr, "gen_kernel_log: %llu bytes, %llu OOM reports (%llu victims), seed %llu\n",
               static_cast<unsigned long long>(written), static_cast<unsigned long long>(reports),
               static_cast<unsigned long long>(reports), static_cast<unsigned long long>(seed));
  return 0;
}
