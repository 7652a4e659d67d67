// Advice: short, concrete suggestions picked by the rules below, in this
// order, at most kMaxAdvice. Rules key on the checks' ids so that advice
// never rests on a figure the checks did not establish.
//
//  1. SysRq-forced kill      → nothing to fix in the victim; find who pressed it.
//  2. panic_on_oom           → vm.panic_on_oom=0 unless a reboot is wanted.
//  3. no killable task       → look at the -1000 (exempt) processes; with an
//     empty task table there were none: look at the kernel's memory; rows
//     that are not -1000 → earlier kills (reaped) or vfork, not the adj; rows
//     holding under 10 % of RAM (the limit) → memory held outside processes.
//  4. constraint unknown     → find the full report before the kill line (with
//     its header shown: read the whole report, whose trace and memory lines tell);
//     incomplete report      → the kill line, if any, comes after the header.
//  4b. Linux 2.4's `VM: killing process` → find the user by hand (no
//     report, no cgroups: `oomlens run --limit` cannot contain it).
//  4a. a kernel-side cause (checks_causes.cpp) → advice for that cause
//     only: lowmem → 64-bit kernel (CMA-held lowmem: a smaller `cma=` first); lowmem not
//     shown (HighMem free, no Normal zone line) → read the Normal zone line first; slab (≤2.6.28: all slab) → find
//     the cache's owner; hugetlb
//     → vm.nr_hugepages; shmem → clean tmpfs; memcg kmem → find the kernel
//     objects the cgroup charges; allocating_task → sysctl;
//     high-order allocation → min_free_kbytes, compaction; processes hold
//     little → look at the kernel's memory.
//     Lowmem, slab, memcg kmem and processes-hold-little skip rules 5–7 and 10 (a
//     limit, swap or oom_score_adj does not fix kernel memory).
//  5. memcg OOM from a write to the limit (limit_lowered) → find who lowered it
//     below the usage; do not, unless the kill is intended (no "raise it").
//     memcg, v1 memory+swap limit hit → raise memory+swap (not "swap was full").
//     memcg, victim ≥80 % of limit → raise the limit or reduce use; growth
//     with run time rather than input means a leak.
//     memcg, victim < 80 %   → look at the rest of the cgroup (stats).
//     memcg, limit unknown   → raise the limit or reduce use; the victim's
//     share unknown (victim_share_unknown) → the limit above which it held
//     under 1 %, and what to do on either side of it.
//     memcg, victim held little → no rule-5 line (rule 6 says what to find).
//  6. a page fault's OOM with RAM free → find what failed the fault.
//     victim held little     → find what held the memory (in a memcg: the
//     cgroup's other processes, page cache, tmpfs, kernel memory).
//     global, victim ≥50 % RAM → less work / bigger machine, contain with
//     `oomlens run --limit`; a raised oom_score_adj → it need not be the
//     user: find who held the most; the victim's share unknown → the RAM
//     above which it held under 1 %; its memory mapped file pages (victim_file_backed) → map the file
//     unlocked or smaller than RAM, or look at its writeback; a victim in a Docker, Podman, containerd or LXC
//     container → give the container a memory limit (where it is started); otherwise find the users and contain
//     jobs.
//  6b. mempolicy / cpuset   → more nodes (numactl, cpuset.mems) or less work.
//  7. global swap absent     → add swap (or zram); exhausted → reduce demand.
//  8. DataLoader workers seen (dataloader_evidence(): `pt_data_worker`, or
//     `torch_shm_manager` beside ≥3 same-name python tasks) → own cache vs
//     copy-on-read. Same-name python tasks alone may be ranks (torchrun, DeepSpeed).
//  9. python victim ≥4 GiB anon, with a sign of PyTorch (training_evidence()),
//     not a high-order allocation nor a page fault's OOM with RAM free (no
//     process's size caused it) → bf16/AMP and gradient accumulation.
// 10. oom_score_adj 1000 in a Kubernetes BestEffort pod → set requests/limits.
// 11. page tables large      → huge pages / fewer mappings.
#include <fmt/core.h>

#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/units.h"

namespace oomlens::detail {
namespace {

constexpr size_t kMaxAdvice = 5;
constexpr uint64_t kTrainingAnonBytes = 4 * kGiB;  // rule 9: a model-sized process

// A figure in bytes as people read it (`1.2 GiB`); nullopt when the check has none (unknown is never "0 B").
std::optional<std::string> bytes_figure(const Check& c, std::string_view name) {
  const auto v = find_figure(c, name);
  if (!v || *v < 0) return std::nullopt;
  return format_bytes(static_cast<uint64_t>(*v));
}


// Rule 6: the RAM a protected victim's oom_score_adj discount (|adj| ‰ of RAM plus swap) is weighed against when
// the report prints none: the smallest router's (kSmallestRouterRamBytes, explain_detail.h); a victim that could not
// outgrow the discount even there did not use the memory.
// Under this much RAM the machine is a router or a small board (OpenWrt-class): GiB of swap, `oomlens run` (which
// such a system seldom has) and "memory-hungry jobs" do not fit it; fewer or lighter services, zram, or a device
// with more RAM do.
constexpr uint64_t kSmallDeviceRamBytes = 256 * kMiB;

/// The report's RAM is printed and under kSmallDeviceRamBytes (a global OOM: a cgroup's limit says nothing of it).
bool small_device(const OomEvent& e, const ExplainContext& context) {
  if (e.constraint == Constraint::memcg) return false;
  const auto ram = machine_ram_bytes(e, context);
  return ram && *ram < kSmallDeviceRamBytes;
}

// What a small device (small_device()) with `ram` of RAM can do when its processes filled it.
// v1 `cache` counts shmem: when most of it is shmem (`sh` bytes), the rest was no page cache but files in a tmpfs
// (/dev/shm) or shm segments.
std::string shm_cap_advice(uint64_t sh) {
  return trf("Shared memory held {} of the cgroup (its `shmem` stat: files in /dev/shm or another tmpfs, shm segments), "
             "beside the processes' anonymous memory: it is no page cache that reclaim could drop, and stays charged "
             "until deleted. Have the job delete what it no longer needs (PyTorch's `file_system` sharing strategy "
             "leaves a file per shared tensor) and cap /dev/shm below the limit (Docker's `--shm-size`), or raise the "
             "limit for both.",
             format_bytes(sh));
}

std::string small_device_advice(uint64_t ram) {
  return trf("This device has {} of RAM: see which processes and services fill it (`top`, `free`; the task table's "
             "largest rss rows), run fewer or lighter ones, or use a device with more RAM.",
             format_bytes(ram));
}

// Rule 6, a global kill of a protected victim (oom_score_adj < 0). oom_badness() (2.6.36+) takes |adj| ‰ of RAM
// plus swap off the victim's score, so it was still chosen either because it held more than that discount (it
// outgrew its protection: it is what used the memory), or because every other process was protected as much (the
// memory was held elsewhere). The report's RAM (and swap) tells which; without it, a victim too small to outgrow
// the discount on any machine (corpus 31: dbus-broker, 1.2 MiB at -900) held little, and a large one (corpus 315,
// 320: a 1.2 GiB python3 at -300) may have either way.
std::string protected_victim_advice(const OomEvent& e, const Victim& v, const std::string& name,
                                    const ExplainContext& context) {
  const int adj = *v.oom_score_adj;
  const auto per_mille = static_cast<uint64_t>(-static_cast<int64_t>(adj));
  // What it held: anon-rss and file-rss must be printed (shmem-rss is in file-rss before 4.5); else unknown.
  const std::optional<uint64_t> held_bytes = victim_held_bytes(v);
  if (!held_bytes)
    return trf("{} was protected (oom_score_adj {}) and still chosen, and the log does not show what it held: either it "
               "outgrew that protection (then it is what used the memory: find why it grew, give it less work or more "
               "memory), or every other process was protected as much and the memory was held elsewhere (protected "
               "or exiting tasks among the task table's rows; Mem-Info: slab, shmem, pagetables, hugetlb pages).",
               name, adj);
  const uint64_t held = *held_bytes;
  const std::optional<uint64_t> ram = machine_ram_bytes(e, context);
  // Swap unknown: weighed against RAM alone, the smallest the whole can be, so "did not outgrow" stays true.
  const std::optional<uint64_t> swap = e.mem_info ? e.mem_info->total_swap_bytes : std::nullopt;
  const uint64_t whole = ram ? *ram + swap.value_or(0) : kSmallestRouterRamBytes;
  const bool may_outgrow = held * 1000 >= per_mille * whole;
  if (!may_outgrow)
    return trf("{} was protected (oom_score_adj {}) and still chosen, so it was not what used the memory: find what "
               "held it (protected or exiting tasks among the task table's rows; Mem-Info: slab, shmem, pagetables, "
               "hugetlb pages) and contain or fix that.",
               name, adj);
  const std::string pct = per_mille % 10 ? fmt::format("{}.{}", per_mille / 10, per_mille % 10)
                                          : fmt::format("{}", per_mille / 10);
  if (ram && !swap)
    return trf("{} was protected (oom_score_adj {}) and still chosen: it held {}, more than the {} % of RAM ({}) the "
               "kernel takes off its score for it, but the report does not print the swap, whose {} % is taken off "
               "too: either it outgrew that protection (then it is what used the memory: find why it grew, give it "
               "less work or more memory), or every other process was protected as much and the memory was held "
               "elsewhere (protected or exiting tasks among the task table's rows; Mem-Info: slab, shmem, pagetables, "
               "hugetlb pages).",
               name, adj, format_bytes(held), pct, format_bytes(per_mille * *ram / 1000), pct);
  if (ram)
    return trf("{} was protected (oom_score_adj {}) and still chosen because it outgrew that protection: it held {}, "
               "more than the {} % of RAM plus swap ({}) the kernel takes off its score for it, so it is what used "
               "the memory. Find why it grew (a leak, or more work than the machine holds), give it less work or more "
               "memory; its oom_score_adj does not spare it.",
               name, adj, format_bytes(held), pct, format_bytes(per_mille * whole / 1000));
  return trf("{} was protected (oom_score_adj {}) and still chosen: the kernel takes {} % of RAM plus swap off its "
             "score, and the report does not print the RAM, so either it outgrew that protection with the {} it held "
             "(then it is what used the memory: find why it grew, give it less work or more memory), or every other "
             "process was protected as much and the memory was held elsewhere (protected or exiting tasks among the "
             "task table's rows; Mem-Info: slab, shmem, pagetables, hugetlb pages). `free -m` or the report's "
             "Mem-Info tells which.",
             name, adj, pct, format_bytes(held));
}

// victim_share_unknown without a share of the task-table rows: the victim held 1-64 MiB and the report prints
// neither the RAM nor (memcg) the limit, so whether the kill freed little depends on a size the log lacks. The
// advice says the size at which it did (100 x what it held: 1 %) and what to do on either side of it, instead of
// "contain memory-hungry jobs" alone (corpus 157 plymouthd 11.9 MiB, 179 polkitd, 186, 261 systemd-network, 41).
// What to do about a victim of `held` bytes when the report prints no RAM (no limit of its cgroup): on a machine
// (a limit) over 100 x that, it held under 1 % and the kill freed little.
std::string ram_unknown_advice(uint64_t held, const std::string& name, bool memcg) {
  const std::string hundredfold = format_bytes(held * 100);
  if (memcg)
    return trf("{} held {} and the report prints no limit of its cgroup: if the limit (memory.max, v1 "
               "memory.limit_in_bytes) is more than {}, it held under 1 % of it and the kill freed little: find what "
               "else the cgroup was charged for (its other processes; page cache, tmpfs and shm files, kernel memory "
               "in its memory.stat) before raising the limit. Under that, raise the limit or make the job use less "
               "memory.",
               name, format_bytes(held), hundredfold);
  // Under kSmallDeviceRamBytes the smaller machine is a router or a small board: its own advice (corpus 402, 407).
  if (held * 100 < kSmallDeviceRamBytes)
    return trf("{} held {} and the report does not print the machine's RAM: with more than {} of RAM it held under 1 % "
               "of it and the kill freed little, so find what held the memory (the task table's largest rss and "
               "swapents rows; Mem-Info: slab, shmem, pagetables, hugetlb pages; `free -m`) before containing any "
               "job. On a device with less RAM (a router or a small board), {} was one of its larger users: see "
               "which processes and services fill the RAM (`top`, `free`), run fewer or lighter ones, or use a "
               "device with more RAM.",
               name, format_bytes(held), hundredfold, name);
  return trf("{} held {} and the report does not print the machine's RAM: with more than {} of RAM it held under 1 % "
             "of it and the kill freed little, so find what held the memory (the task table's largest rss and "
             "swapents rows; Mem-Info: slab, shmem, pagetables, hugetlb pages; `free -m`) before containing any job. "
             "On a smaller machine, contain memory-hungry jobs with `oomlens run --limit SIZE`.",
             name, format_bytes(held), hundredfold);
}

std::optional<std::string> share_unknown_advice(const std::vector<Check>& checks, const std::string& name, bool memcg) {
  const Check* c = find_check(checks, "victim_share_unknown");
  // Also with a share of the rows shown: a victim that held most of a few small rows' RSS (corpus 401, 407: dnsmasq
  // 4.7 MiB, hostapd 1.1 MiB on routers) says nothing of the RAM, and "contain memory-hungry jobs" alone would.
  if (!c) return std::nullopt;
  const auto held = find_figure(*c, "held_bytes");
  if (!held || *held <= 0) return std::nullopt;
  return ram_unknown_advice(static_cast<uint64_t>(*held), name, memcg);
}

// A kill record alone (no check says what the victim held: its kill line does) of a victim the kernel ranked
// highest by what it held (oom_score_adj not raised) that held 1-64 MiB, with no RAM known (corpus 402: cp, 1 MiB,
// at a router's boot): the same RAM-conditional advice, not "contain memory-hungry jobs" alone.
std::optional<std::string> kill_record_small_victim_advice(const OomEvent& e, const Victim& v, const std::string& name,
                                                           const ExplainContext& context) {
  const std::optional<uint64_t> held = victim_held_bytes(v);
  if (!held || v.oom_score_adj.value_or(0) > 0 || machine_ram_bytes(e, context)) return std::nullopt;
  if (!e.selected.empty() && e.selected.back().pid != v.pid) return std::nullopt;  // a sacrificed child never ranked
  if (*held < kLittleVictimBytes || *held >= kShareUnknownBytes) return std::nullopt;  // victim_held_little's band
  return ram_unknown_advice(*held, name, false);
}

// Rule 6, a ≤ 5.0 sacrificed child that held little of its parent (sacrificed_child_held_little), or whose share
// is unknown (sacrificed_child_share_unknown, corpus 389: nvidia-smi 2.7 MiB for python, score 998): the process
// to look at is the parent the OOM killer chose, not the child it killed.
std::optional<std::string> sacrificed_parent_advice(const OomEvent& e, const std::vector<Check>& checks) {
  if (!find_check(checks, "sacrificed_child_held_little") && !find_check(checks, "sacrificed_child_share_unknown"))
    return std::nullopt;
  const Selected& chosen = e.selected.back();
  const std::string parent = chosen.comm.empty() ? std::string(tr("the chosen process")) : chosen.comm;
  return trf("Look at {} (pid {}), the process the OOM killer chose, not at the child it killed in its place: how much "
             "it holds and its oom_score_adj (`ps -o pid,rss,cmd`, /proc/PID/oom_score_adj). If it is what used the "
             "memory, give it less work or more memory, or run it under `oomlens run --limit SIZE` so it is killed "
             "alone; kernels 5.1 and later kill the chosen process itself.",
             parent, chosen.pid);
}

// Rule 3 with task-table rows (no_killable_task's figures). Rows that are not oom_score_adj -1000 were passed
// over for another reason: oom_badness() skips a task whose memory an earlier kill's reaper freed (MMF_OOM_SKIP)
// or one in vfork(), and an exiting task has no memory left to count (corpus 240: node, 999, in a crio cgroup).
// Rows that held little of RAM (of the limit) would free little if they were killable (corpus 307: sshd and
// systemd-udevd, 1.4 MiB together): "make one killable" then fights the evidence.
constexpr uint64_t kRowsLittlePercent = 10;
std::string no_killable_rows_advice(const OomEvent& e, const std::vector<Check>& checks,
                                    const ExplainContext& context) {
  const Check* c = find_check(checks, "no_killable_task");
  const int64_t exempt = c ? find_figure(*c, "exempt_count").value_or(-1) : -1;  // -1: the adj column not read
  const int64_t rows = c ? find_figure(*c, "task_count").value_or(-1) : -1;     // -1: no count
  const bool memcg = e.constraint == Constraint::memcg;
  const std::string where = memcg ? tr("the cgroup's memory.stat (page cache, tmpfs and shm files, kernel memory)")
                                  : tr("Mem-Info (slab, shmem and tmpfs, hugetlb, reserved and CMA pages) and the "
                                       "call trace of what was allocating");
  if (exempt >= 0 && exempt < rows) {
    std::string names;
    int listed = 0;
    for (const TaskRow& row : e.tasks) {
      if (!row.oom_score_adj || *row.oom_score_adj == -1000 || listed == 3) continue;
      names += (listed++ ? ", " : "") + trf("{} (pid {}, oom_score_adj {})", row.comm, row.pid, *row.oom_score_adj);
    }
    if (rows == 1)
      return trf("The one task listed was not protected (oom_score_adj above -1000: {}), yet the kernel did not "
                 "kill it. It passes over a task whose memory the OOM reaper already freed after an earlier kill, a task "
                 "in vfork() and an exiting one: look for an earlier kill of this pid in the log. Changing "
                 "oom_score_adj would not help.",
                 names);
    return trf("Not every task listed was protected (oom_score_adj above -1000 in {} of the {} rows: {}), yet the kernel "
               "killed none. It passes over a task whose memory the OOM reaper already freed after an earlier kill, "
               "a task in vfork() and an exiting one: look for earlier kills of these pids in the log. Changing "
               "oom_score_adj would not help.",
               rows - exempt, rows, names);
  }
  const auto rss = c ? find_figure(*c, "rows_rss_bytes") : std::nullopt;
  if (rss && rows >= 2 && task_table_whole(e)) {  // a table whose start is cut may hide larger rows
    const auto held = static_cast<uint64_t>(*rss);
    const auto whole = memcg ? (e.memcg ? effective_limit_bytes(*e.memcg) : std::nullopt) : machine_ram_bytes(e, context);
    if (whole && *whole > 0 && held * 100 < *whole * kRowsLittlePercent)
      return trf("The {} tasks listed held {} RSS together, {} % of {} ({}): making them killable would free little. "
                 "What filled the memory is held outside processes: look at {}.",
                 rows, format_bytes(held), held * 100 / *whole, memcg ? tr("the cgroup's limit") : tr("RAM"),
                 format_bytes(*whole), where);
    if (!whole && held < kShareUnknownBytes)
      return trf("The {} tasks listed held {} RSS together and the report prints no {}: above {}, making them "
                 "killable would free little, and what filled the memory is held outside processes: look at {}. "
                 "Below it, let one of them be killable or give them less memory.",
                 rows, format_bytes(held), memcg ? tr("limit of the cgroup") : tr("RAM"), format_bytes(held * 100),
                 where);
  }
  return tr("List the processes with oom_score_adj -1000 (e.g. systemd OOMScoreAdjust=-1000): when only they hold "
            "memory, nothing can be killed. Let one of them be killable or give them less memory.");
}

// Lowmem exhausted: a 64-bit kernel; when CMA held the zone's free pages
// (the lowmem check's zone_free_cma_bytes), a smaller CMA area first.
std::string lowmem_advice(const Check& c) {
  const auto cma = bytes_figure(c, "zone_free_cma_bytes"), free = bytes_figure(c, "zone_free_bytes"),
             usable = bytes_figure(c, "zone_usable_bytes"), min = bytes_figure(c, "zone_min_bytes");
  if (find_figure(c, "zone_free_cma_bytes").value_or(-1) <= 0)  // no CMA reading: 0 means it does not apply
    return tr("Run a 64-bit kernel: on 32-bit, kernel data must fit in under 1 GiB of low memory whatever the RAM. "
              "Until then reduce what fills lowmem (many processes' page tables, a large page cache's buffer heads, "
              "slab): a memory limit on a job does not protect the Normal zone.");
  if (!free || !usable || !min)
    return tr("Reserve less CMA (the `cma=` kernel parameter, or the size of the device tree's `linux,cma` "
              "reserved-memory node): the low-memory zone's free pages were CMA, which the kernel's own allocations "
              "cannot use. Or run a 64-bit kernel, whose kernel data is not confined to low memory.");
  return trf("Reserve less CMA (the `cma=` kernel parameter, or the size of the device tree's `linux,cma` "
             "reserved-memory node): {} of the low-memory zone's {} free was CMA, which the kernel's own allocations cannot use, leaving {} under the {} min watermark. "
             "Or run a 64-bit kernel, whose kernel data is not confined to low memory.",
             *cma, *free, *usable, *min);
}

std::string hugetlb_advice(const Check& c) {
  const auto free = bytes_figure(c, "hugetlb_free_bytes"), total = bytes_figure(c, "hugetlb_total_bytes");
  if (!free || !total)
    return tr("Reserve fewer hugetlb pages (vm.nr_hugepages, hugepages= on the kernel command line): reserved pages "
              "left unused are unavailable to everything else.");
  return trf("Reserve fewer hugetlb pages (vm.nr_hugepages, hugepages= on the kernel command line): "
             "{} of the reserved {} was unused and unavailable to everything else.",
             *free, *total);
}

std::string high_order_advice(const Check& c) {
  // The block's size as the check says it: its pages when the log prints no page size (never "0 B").
  const auto order = find_figure(c, "order");
  if (!order)
    return tr("A high-order allocation needs contiguous free memory. If memory was fragmented rather than used up: "
              "keep more of it free (raise vm.min_free_kbytes), let the kernel compact it (CONFIG_COMPACTION, off "
              "when the report prints `COMPACTION is disabled!!!`; vm.compaction_proactiveness), and see which "
              "caller asks for such blocks (the call trace).");
  HighOrder block{static_cast<int>(*order), std::nullopt, false};
  if (const auto b = find_figure(c, "allocation_bytes")) block.bytes = static_cast<uint64_t>(*b);
  return trf("An order-{} allocation needs {} of contiguous free memory. If memory was fragmented rather "
             "than used up: keep more of it free (raise vm.min_free_kbytes), let the kernel compact it "
             "(CONFIG_COMPACTION, off when the report prints `COMPACTION is disabled!!!`; "
             "vm.compaction_proactiveness), and see which caller asks for such blocks (the call trace).",
             block.order, block_size_text(block));
}

// shmem_dominant. Mem-Info's or the cgroup's shmem (figure ram_bytes or usage_bytes): files in tmpfs and SysV
// segments, which outlive their users; a cgroup's are the files its job wrote (/dev/shm, capped by Docker's
// --shm-size), charged to it until deleted. The victim's own shmem-rss (neither figure: corpus 176, postgres 83.9 GiB;
// 292): a segment a running process maps, such as a database's shared buffers, is in use, not stale: its size is
// that program's setting.
std::string shmem_advice(const Check& c) {
  if (find_figure(c, "usage_bytes"))  // a cgroup's shmem stat: files its processes wrote to a tmpfs
    return tr("Delete the files the job left in /dev/shm (or another tmpfs: `df -h -t tmpfs`; SysV segments: `ipcs "
              "-m`) and have it remove what it no longer needs: they stay charged to the cgroup whoever is killed, "
              "and are not page cache that reclaim could drop. Cap them below the limit (a container's /dev/shm: "
              "Docker's `--shm-size`; a tmpfs mount's size=) so a full /dev/shm fails a write instead of OOM-killing "
              "the job.");
  if (find_figure(c, "ram_bytes"))
    return tr("Look for large files in tmpfs (`df -h -t tmpfs`, /dev/shm, /run, /tmp if tmpfs) and SysV segments "
              "(`ipcs -m`); delete what is stale and cap the mounts with size=: killing a process does not free them.");
  const auto shmem = bytes_figure(c, "shmem_bytes");
  if (!shmem)
    return tr("The victim mapped shared memory: a segment a running program uses (a database's shared buffers such "
              "as PostgreSQL's shared_buffers, a POSIX shm or memfd region) is sized by that program's setting: make "
              "it fit the RAM (or the limit) beside everything else. Large files in tmpfs (`df -h -t tmpfs`, "
              "/dev/shm) and SysV segments (`ipcs -m`) are the other place to look: killing a process does not free "
              "them.");
  return trf("The victim mapped {} of shared memory: a segment a running program uses (a database's shared buffers "
             "such as PostgreSQL's shared_buffers, a POSIX shm or memfd region) is sized by that program's setting: "
             "make it fit the RAM (or the limit) beside everything else. Large files in tmpfs (`df -h -t tmpfs`, "
             "/dev/shm) and SysV segments (`ipcs -m`) are the other place to look: killing a process does not free "
             "them.",
             *shmem);
}

std::string processes_hold_little_advice(const Check& c) {
  if (find_figure(c, "limit_bytes").value_or(-1) > 0)  // a memcg's: its limit is known
    return tr("Page cache filled the cgroup's limit, not the processes: making the job use less memory or "
              "killing it does not help. If the pages are dirty, the writer outran writeback: have it "
              "write in bounded chunks with fsync (or O_DIRECT), lower vm.dirty_bytes and "
              "vm.dirty_background_bytes well under the limit, or move to cgroup v2, whose per-cgroup "
              "writeback throttles a cgroup's dirty pages (cgroup v1 does not); otherwise leave room for "
              "the cache in the limit.");
  return tr("Processes held little memory, so limiting or killing them does not help: look at what the "
            "kernel holds (Mem-Info: slab_unreclaimable, pagetables, hugetlb pages, shmem; `slabtop`, "
            "/proc/meminfo) and at drivers and kernel updates.");
}

// Rule 4a, in this order: a kernel-side cause's check and its advice, a
// fixed sentence (`text`) or one made of the check's figures (`say`).
struct CauseAdvice {
  std::string_view check;
  const char* text;
  std::string (*say)(const Check& c);
};
constexpr CauseAdvice kCauseAdvice[] = {
    {"lowmem_exhausted", nullptr, lowmem_advice},
    {"lowmem_unknown",
     N_("Read the report's `Normal free:… min:…` line in the full log (`dmesg`, /var/log/kern.log): free at or under "
        "min means the kernel's low memory ran out, which a memory limit on a job does not prevent; run a 64-bit "
        "kernel, or reduce what fills lowmem (many processes' page tables, a large page cache's buffer heads, slab)."),
     nullptr},
    {"slab_unreclaimable_dominant",
     N_("Find what allocates the largest slab caches (`slabtop`, /proc/slabinfo, kmemleak, a recent driver or kernel "
        "update) and fix or update it: a kernel memory leak is not cured by killing, limiting or protecting "
        "processes."),
     nullptr},
    {"slab_dominant",
     N_("Find what allocates the largest slab caches (`slabtop`, /proc/slabinfo, a recent driver or kernel update) "
        "and fix or update it: kernel objects that reclaim could not free are not cured by killing, limiting or "
        "protecting processes."),
     nullptr},
    {"movable_only_nodes",
     N_("Bind the job to at least one node with a Normal zone (cpuset.mems, numactl --membind, the container's "
        "--cpuset-mems): the kernel's own and most user allocations cannot be served from movable-only nodes."),
     nullptr},
    {"hugetlb_reserved", nullptr, hugetlb_advice},
    {"shmem_dominant", nullptr, shmem_advice},
    {"memcg_kmem_dominant",
     N_("Find which kernel objects fill the cgroup (cgroup v1 memory.kmem.slabinfo, v2 memory.stat slab_*; "
        "`slabtop`): often the inodes and dentries of the many files a job touches. Raising the limit only postpones "
        "the OOM while they grow; old cgroup v1 kernels reclaim such objects poorly (update, or move to cgroup v2)."),
     nullptr},
    {"high_order_allocation", nullptr, high_order_advice},
    {"processes_hold_little", nullptr, processes_hold_little_advice},
    {"oom_kill_allocating_task",
     N_("vm.oom_kill_allocating_task=1 kills whichever task allocated last, often an innocent one: set it to 0 to let "
        "the kernel kill the task that uses the most memory."),
     nullptr},
};
}  // namespace

namespace {

// A memcg's shmem is most of what its page-cache count holds (v1 `cache`
// and v2 `file` count shmem) and at least 10 % of its limit: what the
// victim's anon did not fill is shared memory, not page cache.
bool shmem_is_most_of_the_rest(const MemcgInfo& m, uint64_t shmem) {
  const auto cache = memcg_stat(m, {"total_cache", "cache", "file"});
  const auto limit = effective_limit_bytes(m);
  return cache && limit && *limit > 0 && shmem * 2 >= *cache && shmem * 10 >= *limit;
}

// A global OOM killed a process of a container (its cgroup a Docker, Podman, containerd or LXC container's; not a
// Kubernetes pod's, whose node-level sizing is the scheduler's): the machine ran out before any limit of the
// container was reached, so the containment to advise is the container's own limit, set where the container is
// started, not `oomlens run` (corpus 435: open-webui's python3 in docker-<id>.scope, 11.7 GiB anon).
std::optional<std::string> container_limit_advice(const OomEvent& e, const std::string& victim_name) {
  if (!e.memcg || !e.memcg->owner) return std::nullopt;
  const CgroupOwner& o = *e.memcg->owner;
  const std::string id = o.id.size() > 12 ? o.id.substr(0, 12) : o.id;
  std::string how;
  if (o.kind == "docker") how = trf("`docker run --memory SIZE` or Compose's `mem_limit:` for container {}", id);
  else if (o.kind == "podman") how = trf("`podman run --memory SIZE` for container {}", id);
  else if (o.kind == "containerd") how = trf("`nerdctl run --memory SIZE`, or the limit of whatever starts container {}", id);
  else if (o.kind == "lxc") how = trf("`lxc config set {} limits.memory SIZE`", id);
  else return std::nullopt;
  return trf("{} ran in a container that reached no limit of its own before the machine ran out: give the container "
             "a memory limit below the machine's RAM ({}), so it is killed within that limit instead of starving "
             "the machine.",
             victim_name, how);
}

}  // namespace

std::vector<std::string> make_advice(const OomEvent& e, const std::vector<Check>& checks,
                                     const ExplainContext& context) {
  std::vector<std::string> out;
  const Victim* v = main_victim(e);
  const std::string victim_name = v && !v->comm.empty() ? v->comm : tr("the process");

  if (e.sysrq && find_check(checks, "sysrq_thrashing")) {  // 1, memory really was short
    out.emplace_back(e.mem_info && e.mem_info->total_swap_bytes == std::optional<uint64_t>(0)
                         ? tr("The OOM was forced (by a person or a watchdog) on a machine that was thrashing: memory "
                              "really was short. Find what filled it (the task table's largest rss rows; Mem-Info: "
                              "shmem, slab) and contain that job with `oomlens run --limit SIZE`; add swap (or zram) "
                              "and run a pressure-based OOM daemon (systemd-oomd, earlyoom) so such a stall ends "
                              "without anyone forcing a kill.")
                         : tr("The OOM was forced (by a person or a watchdog) on a machine that was thrashing: memory "
                              "and swap really were short. Find what filled them (the task table's largest rss and "
                              "swapents rows; Mem-Info: shmem, slab) and contain that job with `oomlens run --limit "
                              "SIZE`; a pressure-based OOM daemon (systemd-oomd, earlyoom) ends such a stall without "
                              "anyone forcing a kill."));
  } else if (e.sysrq) {  // 1
    out.emplace_back(tr("Nothing to fix in the victim: find who forced the OOM (echo f > /proc/sysrq-trigger, a "
                     "watchdog, or Alt+SysRq+F on the console)."));
  }
  if (const Check* p = find_check(checks, "panic_on_oom")) {  // 2
    // vm.panic_on_oom=2 panicked for an OOM confined to a cgroup, cpuset or policy (corpus 181, a memcg OOM with
    // 24.7 GiB free): 1 keeps the reboot for a machine-wide OOM and lets such an OOM kill within its limit.
    if (find_figure(*p, "panic_on_oom") == 2 && e.constraint && *e.constraint != Constraint::global)
      out.emplace_back(tr("Set `sysctl vm.panic_on_oom=0`, or 1 if a machine-wide OOM should still reboot: 2 panics "
                          "the whole machine when a single memory cgroup, cpuset or memory policy runs out, as here, "
                          "where 1 kills a process within it."));
    else
      out.emplace_back(tr("Set `sysctl vm.panic_on_oom=0` unless a reboot on OOM is what you want: then the kernel "
                          "kills one process instead."));
  }
  const bool kernel_side = find_check(checks, "lowmem_exhausted") || find_check(checks, "lowmem_unknown") ||
                           find_check(checks, "slab_unreclaimable_dominant") || find_check(checks, "slab_dominant") ||
                           find_check(checks, "processes_hold_little") || find_check(checks, "memcg_kmem_dominant");
  if (e.kind == EventKind::no_killable && !kernel_side && e.tasks.empty() && e.constraint == Constraint::memcg) {  // 3
    out.emplace_back(tr("No process is left in the cgroup to kill, yet its usage stays over the limit: what is still "
                        "charged to it belongs to no process (tmpfs and shared-memory files, page cache, kernel "
                        "memory; the cgroup's memory.stat says which). Free that memory or raise the limit above the "
                        "usage: killing cannot help. If the table is missing from this excerpt, read it in the full "
                        "log."));
  } else if (e.kind == EventKind::no_killable && !kernel_side && e.tasks.empty()) {
    out.emplace_back(tr("No row of the task table was read. If the report printed it empty, no process was a "
                        "candidate at all and no oom_score_adj setting is to blame: look at what the kernel holds "
                        "(Mem-Info: slab, reserved and CMA pages, hugetlb pages) and at what was allocating (the call "
                        "trace). If the table is missing from this excerpt, read it in the full log."));
  } else if (e.kind == EventKind::no_killable && !kernel_side) {
    out.emplace_back(no_killable_rows_advice(e, checks, context));
  }
  if (e.sysrq || e.kind == EventKind::panic) return out;

  if (const auto ub = openvz_beancounter(e); ub && !e.constraint) {  // 4 (OpenVZ: the container's own limits)
    out.emplace_back(trf("Raise container {}'s memory limits (`vzctl set {} --physpages … --swappages … --save`, or "
                         "PHYSPAGES and SWAPPAGES in /etc/vz/conf/{}.conf; PRIVVMPAGES and OOMGUARPAGES in a "
                         "configuration without VSwap) or make its services use less memory: the failcnt column of "
                         "/proc/user_beancounters (on the node or inside the container) shows which limit was hit.",
                         *ub, *ub, *ub));
  } else if (!e.constraint && e.kind == EventKind::kill && e.trigger) {  // 4: the header is here, not what tells
    // Its lines that tell were left out (a `grep oom`, corpus 438; a cut stack): the header alone never says.
    out.emplace_back(tr("Read the whole report in the log (`journalctl -k`, /var/log/kern.log), not an excerpt or a "
                        "filtered copy: its call trace (`mem_cgroup_out_of_memory` for a cgroup, the page allocator "
                        "for the machine) and its memory lines say whether a cgroup limit or the whole machine ran "
                        "out."));
  } else if (!e.constraint && e.kind == EventKind::kill) {  // 4
    out.emplace_back(tr("Find the full report in the lines before the kill (`journalctl -k`, /var/log/kern.log): its "
                     "header says whether a cgroup limit or the whole machine ran out."));
  }
  if (e.kind == EventKind::incomplete && e.trigger && !e.trigger->header_missing) {
    out.emplace_back(tr("The kill line, if any, comes after this header (`Killed process …`, usually within a few hundred "
                     "lines): look further on in the log (`journalctl -k`, /var/log/kern.log) for the rest of the report."));
  } else if (e.kind == EventKind::incomplete) {
    // 101: the excerpt starts inside the report (at its task table, or 469 at its CPU: line) and ends before the
    // kill.
    out.emplace_back(tr("This excerpt has no `invoked oom-killer` header and ends before any kill line: read the whole "
                        "report in the log (`journalctl -k`, /var/log/kern.log), from its header to its `Killed "
                        "process …` line."));
  }
  if (linux24_fault_kill(e)) {  // 4b: no report to read, no cgroups to contain a job in
    out.emplace_back(tr("Linux 2.4 prints no report of what held the memory, and has no memory cgroups to contain a "
                        "job in: watch the processes' sizes (`ps`, /proc/meminfo) as memory runs low, then run fewer "
                        "or smaller services or add swap."));
    return out;
  }
  for (const CauseAdvice& a : kCauseAdvice)  // 4a
    if (const Check* c = find_check(checks, a.check)) out.push_back(a.say ? a.say(*c) : std::string(tr(a.text)));
  if (kernel_side) {
    if (out.size() > kMaxAdvice) out.resize(kMaxAdvice);
    return out;
  }

  const bool memsw = e.memcg && memsw_bound(*e.memcg);
  if (find_check(checks, "limit_lowered")) {  // 5, a write to the limit invoked the OOM
    const char* file = limit_file_name(e.limit_lowered);
    const char* usage = e.limit_lowered == LimitWrite::memory_max ? "memory.current" : "memory.usage_in_bytes";
    out.push_back(trf("The limit was lowered, not outgrown: find why {} wrote {} (a service manager, a container "
                      "runtime's update, a script). Do not set it below the cgroup's usage ({}) unless killing is "
                      "intended; lower it after the usage has dropped instead. If shrinking the cgroup by killing was "
                      "the intent, nothing else is wrong.", limit_writer(e), file, usage));
  } else if (e.constraint == Constraint::memcg && e.kind != EventKind::no_killable) {  // 5
    const Check* c = find_check(checks, "victim_anon_vs_limit");
    if (memsw) {
      out.push_back(trf("Raise the memory+swap limit (now {}: memory.memsw.limit_in_bytes, Docker's `--memory-swap`) "
                        "or make the job use less memory: that limit, not the memory limit, failed the allocation.",
                        format_bytes(*e.memcg->memsw_limit_bytes)));
    } else if (const auto sh = c && c->level == CheckLevel::warn ? memcg_stat(*e.memcg, {"total_shmem", "shmem"})
                                                                 : std::nullopt;
               sh && shmem_is_most_of_the_rest(*e.memcg, *sh)) {
      // The victim filled the limit with its shmem-rss beside its anon (victim_anon_vs_limit counts both), and
      // most of the cgroup's cache is that shmem: the /dev/shm advice below, not only "raise the limit".
      out.push_back(shm_cap_advice(*sh));
    } else if (c && c->level == CheckLevel::warn) {
      const auto limit = bytes_figure(*c, "limit_bytes");
      out.push_back(limit ? trf("If {} needs this much memory, raise the limit (now {}); if its use grows with run "
                                "time rather than with its input, it leaks: profile it instead of raising the limit.",
                                victim_name, *limit)
                          : trf("If {} needs this much memory, raise the limit; if its use grows with run time "
                                "rather than with its input, it leaks: profile it instead of raising the limit.",
                                victim_name));
    } else if (find_check(checks, "victim_held_little") && !pagefault_with_ram_free(e, context)) {
      // Rule 6 says what filled the cgroup; "raise the limit or use less memory" would contradict it.
    } else if (find_check(checks, "shmem_dominant")) {
      // Rule 4a said what filled the cgroup: shared memory (tmpfs files, shm
      // segments), which neither page cache nor other processes explain.
    } else if (const auto sh = c ? memcg_stat(*e.memcg, {"total_shmem", "shmem"}) : std::nullopt;
               sh && shmem_is_most_of_the_rest(*e.memcg, *sh)) {
      // v1 `cache` counts shmem: when most of it is shmem, the rest was no
      // page cache but files in a tmpfs (/dev/shm) or shm segments.
      out.push_back(shm_cap_advice(*sh));
    } else if (c) {
      out.emplace_back(tr("Look at the other processes and at the page cache in the cgroup (the `Memory cgroup stats` "
                       "lines): the victim was not the main user of the limit."));
    } else if (auto said = share_unknown_advice(checks, victim_name, true)) {
      out.push_back(std::move(*said));
    } else {
      out.emplace_back(tr("Raise the cgroup's memory limit or make the job use less memory."));
    }
  }

  if (pagefault_with_ram_free(e, context)) {  // 6: RAM was free; a fault handler or a charge failed
    out.emplace_back(tr("RAM was free, so no process's size caused this: find what made the page fault fail (the "
                        "kernel messages just before the report; a driver or filesystem fault handler; a cgroup v1 "
                        "kmem limit of the faulting task's cgroup) and fix that. Newer kernels (5.16+) no longer "
                        "kill for such a fault."));
  } else if (const Check* little = find_check(checks, "victim_held_little");
             little && e.constraint == Constraint::memcg) {
    // 6, in a memory cgroup: the limit was filled by what the victim did not hold. Not Mem-Info (the machine's)
    // nor "a limit on it" (it had one): the cgroup's own lines say what it was charged for (corpus 291, 188, LTP).
    // The figure and what it is little of, never "almost nothing" (corpus 40: 140.7 MiB, a badness score of 9).
    out.push_back(trf("The victim held only {} of what its cgroup was charged for: the rest is the cgroup's other "
                      "processes (the task table's largest rss and swapents rows) or memory no process maps (page "
                      "cache, tmpfs and shm files, kernel memory: the `Memory cgroup stats` lines, memory.stat). Find "
                      "which and fix that; raise the limit only if the cgroup needs that much.",
                      held_little_words(*little, true)));
  } else if (little) {  // 6: limiting the victim would not have helped
    out.push_back(trf("The victim held only {}, so a limit on it would not have helped: find what held the memory "
                      "(the task table's largest rss and swapents rows; Mem-Info: slab, shmem, pagetables, hugetlb "
                      "pages) and contain or fix that.",
                      held_little_words(*little, false)));
  } else if (e.constraint == Constraint::global && e.kind == EventKind::kill && v && v->oom_score_adj &&
             *v->oom_score_adj < 0) {  // 6: a protected victim chosen: it outgrew the protection, or held little
    out.push_back(protected_victim_advice(e, *v, victim_name, context));
  } else if (e.constraint == Constraint::global && e.kind == EventKind::kill) {  // 6
    const Check* c = find_check(checks, "victim_anon_vs_ram");
    if (c && c->level == CheckLevel::warn) {
      out.push_back(trf("{} alone used most of the RAM: give it less work or more memory, and run it under "
                                "`oomlens run --limit SIZE` so it is killed alone instead of starving the machine.",
                                victim_name));
    } else if (v && v->oom_score_adj && *v->oom_score_adj > 0 && find_check(checks, "victim_oom_score_adj")) {
      // Ranked partly by its raised oom_score_adj (corpus 267, 268, 57): the victim need not be the user.
      out.push_back(trf("{} was chosen partly for its raised oom_score_adj ({}), so it need not be what used the "
                        "memory: see which process held the most (the task table's largest rss rows, `ps`, "
                        "`oomlens top`) and contain that job with `oomlens run --limit SIZE`.",
                        victim_name, *v->oom_score_adj));
    } else if (auto said = share_unknown_advice(checks, victim_name, false)) {
      out.push_back(std::move(*said));
    } else if (auto parent = sacrificed_parent_advice(e, checks)) {
      out.push_back(std::move(*parent));
    } else if (auto small = v ? kill_record_small_victim_advice(e, *v, victim_name, context) : std::nullopt) {
      out.push_back(std::move(*small));
    } else if (find_check(checks, "victim_file_backed")) {
      // Its memory was a mapped file's pages, not what it allocated: a limit on it would be filled the same way.
      out.push_back(trf("{} held its memory as pages of a file or device it mapped: if it locks a file into RAM "
                        "(mlock(), MAP_LOCKED, a database's locked map mode) or maps one larger than RAM, map it "
                        "unlocked or smaller than the RAM; if the pages were dirty, look at the writeback "
                        "to its disk; if they were a device driver's (a GPU's buffers), have it map less through "
                        "the driver (fewer or smaller buffers, fewer GPU threads).",
                        victim_name));
    } else if (auto container = container_limit_advice(e, victim_name)) {
      out.push_back(std::move(*container));
    } else {
      if (small_device(e, context))
        out.push_back(small_device_advice(*machine_ram_bytes(e, context)));
      else
        out.emplace_back(tr("Contain memory-hungry jobs with `oomlens run --limit SIZE`, so a runaway job hits its "
                            "own limit instead of the machine's."));
    }
  }
  if (e.constraint == Constraint::mempolicy && e.kind != EventKind::no_killable &&
      !find_check(checks, "movable_only_nodes")) {  // 6b
    const auto& nodes = e.trigger ? e.trigger->nodemask : std::nullopt;
    out.push_back(trf("Only the NUMA nodes of the allocation's memory policy{} ran out: let the job use more nodes "
                      "(`numactl --interleave=all` or `--preferred` instead of `--membind`, or its own mbind()/"
                      "set_mempolicy() calls) or give it less work; a limit or more swap elsewhere does not help.",
                      nodes ? trf(" (nodemask={})", *nodes) : std::string()));
  } else if (e.constraint == Constraint::cpuset && e.kind != EventKind::no_killable &&
             !find_check(checks, "movable_only_nodes")) {  // that check's advice says what to bind
    const auto& mems = e.trigger ? e.trigger->mems_allowed : std::nullopt;
    out.push_back(trf("Only the memory nodes of the job's cpuset{} ran out: give the cpuset more nodes (cpuset.mems) "
                      "or the job less work; memory free on other nodes is out of its reach.",
                      mems ? trf(" (mems_allowed={})", *mems) : std::string()));
  }
  if (find_check(checks, "swap_absent")) {  // 7
    if (small_device(e, context))
      out.push_back(trf("Add zram (compressed swap in RAM, a quarter to half of the {} of RAM; on OpenWrt the "
                        "zram-swap package) or a swap file on external storage: it lets the kernel move idle "
                        "anonymous memory out of the way before it has to kill.",
                        format_bytes(*machine_ram_bytes(e, context))));
    else
      out.emplace_back(tr("Add swap (a few GiB, or zram): it lets the kernel move idle anonymous memory out of RAM "
                          "before it has to kill."));
  } else if (!memsw && (find_check(checks, "swap_exhausted") || find_check(checks, "memcg_swap_exhausted"))) {
    out.emplace_back(tr("Swap was full as well: the demand exceeded memory plus swap, so more swap would only delay "
                     "the kill; reduce the demand."));
  }

  if (dataloader_evidence(e)) {  // 8
    out.emplace_back(tr("If these are PyTorch DataLoader workers, compare each worker's anon-rss here with the main "
                     "process's: a worker holding more than the main process allocated it itself (a cache built in "
                     "`__getitem__`: bound it, or use fewer `num_workers`); pages it copied from the main process by reading Python objects "
                     "(copy-on-read) go away with numpy arrays or tensors instead of lists of objects "
                     "(`persistent_workers=True` keeps such copies alive). `oomlens run` tells the two apart."));
  }
  if (v && is_python(v->comm) && v->anon_rss_bytes && *v->anon_rss_bytes >= kTrainingAnonBytes &&
      training_evidence(e) && !find_check(checks, "high_order_allocation") &&
      !pagefault_with_ram_free(e, context)) {  // 9; not where RAM was free (corpus 189: rule 6 says no size caused it)
    out.emplace_back(tr("If this is model training: use bf16/AMP instead of float32, and gradient accumulation rather "
                     "than a smaller batch (a smaller batch changes the optimisation)."));
  }
  if (v && v->oom_score_adj == 1000 && e.memcg && e.memcg->owner && e.memcg->owner->kind == "kubernetes" &&
      e.memcg->owner->qos_class == std::optional<std::string>("besteffort")) {  // 10: not a Guaranteed pod's (243)
    out.emplace_back(tr("Give the pod memory requests and limits: BestEffort pods (oom_score_adj 1000) are killed first."));
  }
  if (find_check(checks, "pgtables_large")) {  // 11
    out.emplace_back(tr("Page tables were large: map memory in fewer, larger regions or use huge pages "
                     "(transparent huge pages, madvise(MADV_HUGEPAGE))."));
  }
  if (out.size() > kMaxAdvice) out.resize(kMaxAdvice);
  return out;
}

}  // namespace oomlens::detail
