// Advice (advice.cpp) about the victim: what it held against the RAM or the
// limit, a protected or sacrificed one, a small device, a container without a limit.
#include <fmt/core.h>

#include "diagnose/advice_rules.h"
#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/units.h"

namespace oomlens::detail {

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

// What a small device (small_device()) with `ram` of RAM can do when its processes filled it; `task_table`: the
// report printed its task table (whose rows then say who held the most).
std::string small_device_advice(uint64_t ram, bool task_table) {
  if (!task_table)
    return trf("This device has {} of RAM: see which processes and services fill it (`top`, `free`), run fewer or "
               "lighter ones, or use a device with more RAM.",
               format_bytes(ram));
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
static std::string ram_unknown_advice(uint64_t held, const std::string& name, bool memcg) {
  const std::string hundredfold = format_bytes(held * 100);
  if (memcg)
    return trf("{} held {} and the report prints no limit of its cgroup: if the limit (memory.max, v1 "
               "memory.limit_in_bytes) is more than {}, it held under 1 % of it and the kill freed little: find what "
               "else the cgroup was charged for (its other processes; page cache, tmpfs and shm files, kernel memory "
               "in its memory.stat) before raising the limit. Under that, raise the limit or make the job use less "
               "memory.",
               name, format_bytes(held), hundredfold);
  // The machines with under 100 x what it held, where it was one of the larger users: only routers and small boards
  // when that is under kSmallDeviceRamBytes (corpus 402, 407); else those (a MIPS router's 52 MiB clash, corpus 704)
  // as well as larger machines, where a job can be contained. One sentence, the smaller machines' part an argument.
  const std::string smaller =
      held * 100 < kSmallDeviceRamBytes
          ? trf("On a device with less RAM (a router or a small board), {} was one of its larger users: see which "
                "processes and services fill the RAM (`top`, `free`), run fewer or lighter ones, or use a device with "
                "more RAM.",
                name)
          : trf("With less RAM, {} was one of its larger users: on a router or a small board, see which processes "
                "and services fill the RAM (`top`, `free`), run fewer or lighter ones, or use a device with more "
                "RAM; on a larger machine, contain memory-hungry jobs with `oomlens run --limit SIZE`.",
                name);
  return trf("{} held {} and the report does not print the machine's RAM: with more than {} of RAM it held under 1 % "
             "of it and the kill freed little, so find what held the memory (the task table's largest rss and "
             "swapents rows; Mem-Info: slab, shmem, pagetables, hugetlb pages; `free -m`) before containing any job. "
             "{}",
             name, format_bytes(held), hundredfold, smaller);
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

// A global OOM killed a process of a container (its cgroup a Docker, Podman, containerd or LXC container's, or a
// daemon's systemd service; not a Kubernetes pod's, whose node-level sizing is the scheduler's): the machine ran out
// before any limit of the container was reached, so the containment to advise is the container's own limit, set
// where the container is started, not `oomlens run` (corpus 435: open-webui's python3 in docker-<id>.scope, 11.7 GiB
// anon). Whether the container has a limit already the event does not tell (a memory-cgroup OOM of the same
// container earlier in the log says it has, corpus 592): one it has was too high for what the machine could spare,
// so the advice is a limit below that, set or lowered, never that it has none.
std::optional<std::string> container_limit_advice(const OomEvent& e, const std::string& victim_name) {
  if (!e.memcg || !e.memcg->owner) return std::nullopt;
  const CgroupOwner& o = *e.memcg->owner;
  const std::string id = o.id.size() > 12 ? o.id.substr(0, 12) : o.id;
  std::string how;
  if (o.kind == "docker") how = trf("`docker run --memory SIZE` or Compose's `mem_limit:` for container {}", id);
  else if (o.kind == "podman") how = trf("`podman run --memory SIZE` for container {}", id);
  else if (o.kind == "containerd") how = trf("`nerdctl run --memory SIZE`, or the limit of whatever starts container {}", id);
  else if (o.kind == "lxc") how = trf("`lxc config set {} limits.memory SIZE`", id);
  else if (o.kind == "systemd" && o.id.ends_with(".service") && !o.id.starts_with("user@")) {
    // A daemon's systemd service (corpus 590: mdsd in azuremonitoragent.service): its unit, not `oomlens run`, is
    // where its limit goes; a user manager's service (`…/user@1000.service/…/foo.service`) takes `systemctl --user`.
    // A session or transient scope is a user's job: `oomlens run` (the default advice) fits it.
    const auto& path = e.memcg->oom_memcg ? e.memcg->oom_memcg : e.memcg->task_memcg;
    const bool user = path && path->find("/user@") != std::string::npos;
    return trf("{} ran in the systemd service {}, which reached no memory limit of its own before the machine ran "
               "out: set the service's limit, or lower the one it has, below what the machine can spare for it "
               "(`systemctl{} set-property {} MemoryMax=SIZE`, or MemoryMax= in a drop-in), so it is killed within "
               "that limit instead of starving the machine.",
               victim_name, o.id, user ? " --user" : "", o.id);
  } else {
    return std::nullopt;
  }
  return trf("{} ran in a container that reached no limit of its own before the machine ran out: set the container's "
             "memory limit, or lower the one it has, below what the machine can spare for it ({}), so it is killed "
             "within that limit instead of starving the machine.",
             victim_name, how);
}

std::optional<std::string> server_settings_advice(std::string_view comm, const std::string& victim_name) {
  std::string settings;
  if (comm == "mysqld" || comm == "mariadbd" || comm == "mysqld.bin")
    settings = tr("a MySQL or MariaDB server holds what its settings allow: `innodb_buffer_pool_size` (most of it), "
                  "plus buffers per connection (`sort_buffer_size`, `join_buffer_size`, `read_buffer_size`, "
                  "`tmp_table_size`) times the connections open (`max_connections`)");
  else if (comm == "postgres" || comm == "postmaster")
    settings = tr("PostgreSQL holds what its settings allow: `shared_buffers`, plus `work_mem` for each sort or hash "
                  "of each query of each connection (`max_connections`), and `maintenance_work_mem`");
  else if (comm == "java")
    settings = tr("a JVM holds its heap, up to `-Xmx` (by default a quarter of the RAM, or of the container's "
                  "limit), plus memory outside it (metaspace, thread stacks, direct buffers, the JIT's code cache)");
  else if (comm == "mongod")
    settings = tr("MongoDB holds its WiredTiger cache (`storage.wiredTiger.engineConfig.cacheSizeGB`, by default "
                  "half of the RAM less 1 GB) plus memory per connection and per query");
  else if (comm == "redis-server")
    settings = tr("Redis holds its data up to `maxmemory` (none by default), plus the pages a save's fork (BGSAVE, "
                  "an AOF rewrite) copies as they are written");
  else
    return std::nullopt;
  return trf("{} alone used most of the RAM: {}. Size those below the RAM, leaving room for the rest of the machine, "
             "or give it more memory.",
             victim_name, settings);
}

std::optional<std::string> jvm_limit_advice(std::string_view comm, const std::string& victim_name,
                                            const std::optional<std::string>& limit) {
  if (comm != "java") return std::nullopt;
  // A JVM sizes its default heap from what it sees: an older or container-unaware one (before 8u191 / 10) from
  // the host's RAM, not the limit (corpus 698: a 2 GiB default MaxHeapSize in a 512 MiB container).
  // One sentence, its limit phrase an argument: with the limit's size when the report prints it.
  const std::string filled = limit ? trf("its cgroup's limit ({})", *limit) : std::string(tr("its cgroup's limit"));
  return trf("{} filled {}: a JVM holds its heap, up to `-Xmx` (by default a quarter of the memory it sees: the "
             "host's RAM for a JVM before 8u191 or 10, which ignores the container's limit), plus memory outside it "
             "(metaspace, thread stacks, direct buffers, the JIT's code cache). Set `-Xmx` (or "
             "`-XX:MaxRAMPercentage`) so heap and the rest fit below the limit, or raise the limit.",
             victim_name, filled);
}

bool vm_emulator_victim(const OomEvent& e, const Victim& v) {
  const std::string_view c = v.comm;
  if (c.starts_with("qemu-system-") || c == "qemu-kvm") return true;
  // A vCPU thread (`CPU 2/KVM`, corpus 47): the kill line names the thread the badness scan found.
  if (c.starts_with("CPU ") && c.ends_with("/KVM")) return true;
  if (c != "kvm" || !e.memcg || !e.memcg->task_memcg) return false;
  // Proxmox VE runs each VM's QEMU as `kvm` in /qemu.slice/VMID.scope (corpus 701); libvirt in machine-qemu….
  const std::string& t = *e.memcg->task_memcg;
  return t.starts_with("/qemu.slice/") || t.find("/machine-qemu") != std::string::npos;
}

std::string vm_guest_advice(const OomEvent& e, const Victim& v, const std::string& name,
                            const ExplainContext& context) {
  const auto ram = machine_ram_bytes(e, context);
  const std::string held = v.anon_rss_bytes ? format_bytes(*v.anon_rss_bytes) : std::string();
  const std::string figures =
      ram && !held.empty() ? trf(" (this guest's QEMU held {} of the host's {} of RAM)", held, format_bytes(*ram))
      : !held.empty()      ? trf(" (this guest's QEMU held {})", held)
                           : std::string();
  return trf("{} is a virtual machine's QEMU process: its memory is the guest's RAM{}, which the host holds while "
             "the VM runs (all of it at once with PCI passthrough, hugepages or locked memory). Size the VMs so their "
             "memory together, plus what the host itself needs (its services, page cache, a ZFS ARC), fits the "
             "host's RAM: give this VM less memory, run fewer VMs on this host, or let a balloon driver take back "
             "what the guest does not use.",
             name, figures);
}

std::optional<std::string> systemd_unit_limit_clause(const OomEvent& e) {
  if (e.constraint != Constraint::memcg || !e.memcg || !e.memcg->owner || !e.memcg->oom_memcg) return std::nullopt;
  const CgroupOwner& o = *e.memcg->owner;
  const std::string& path = *e.memcg->oom_memcg;
  if (o.kind != "systemd" || !(o.id.ends_with(".service") || o.id.ends_with(".scope"))) return std::nullopt;
  if (!path.ends_with("/" + o.id)) return std::nullopt;  // the limit is a parent's (a slice), not the unit's own
  if (path.find("/system.slice/") == std::string::npos && path.find("/user.slice/") == std::string::npos)
    return std::nullopt;
  const char* user = path.find("/user@") != std::string::npos ? " --user" : "";
  const auto& h = e.memcg->hierarchy;
  if (h && *h == "v1")
    return trf("`systemctl{} set-property {} MemoryLimit=SIZE` (cgroup v1), or MemoryLimit= in a drop-in", user, o.id);
  const std::string v1 = h ? std::string() : std::string(tr("; on cgroup v1: MemoryLimit="));
  return trf("`systemctl{} set-property {} MemoryMax=SIZE`, or MemoryMax= in a drop-in; MemoryHigh= below it makes "
             "the kernel reclaim and throttle the unit before it reaches that limit{}",
             user, o.id, v1);
}

}  // namespace oomlens::detail
