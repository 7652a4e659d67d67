// Advice: short, concrete suggestions picked by the rules below, in this
// order, at most kMaxAdvice. Rules key on the checks' ids so that advice
// never rests on a figure the checks did not establish.
//
//  1. SysRq-forced kill      → nothing to fix in the victim; find who pressed it.
//  2. panic_on_oom           → vm.panic_on_oom=0 unless a reboot is wanted; then rule 4a's
//     kernel-side causes (the panic decided the outcome, not what filled memory).
//  3. no killable task       → look at the -1000 (exempt) processes; with an
//     empty task table there were none: look at the kernel's memory; rows
//     that are not -1000 → earlier kills (reaped) or vfork, not the adj; rows
//     holding under 10 % of RAM (the limit) → memory held outside processes.
//  4. constraint unknown     → find the full report before the kill line (with
//     its header shown: read the whole report, whose trace and memory lines tell);
//     incomplete report      → the kill line, if any, comes after the header.
//  4b. Linux 2.4's `VM: killing process` → find the user by hand (no
//     report, no cgroups: `oomlens run --limit` cannot contain it).
//  4c. `Out of Memory: Killed process` (Linux 2.2 to early 2.6, before memory
//     cgroups) → after rule 4a, the same: no cgroup to contain a job in.
//  4a. a kernel-side cause (checks_causes.cpp) → advice for that cause
//     only: lowmem → 64-bit kernel (CMA-held lowmem: a smaller `cma=` first); lowmem not
//     shown (HighMem free, no Normal zone line) → read the Normal zone line first; slab (≤2.6.28: all slab) → find
//     the cache's owner; hugetlb
//     → vm.nr_hugepages; shmem → clean tmpfs; CMA held the free memory → a smaller
//     `cma=`; memcg kmem → find the kernel
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
//  9. python victim ≥4 GiB anon (not a DataLoader worker), with a sign of PyTorch (training_evidence()),
//     not a high-order allocation nor a page fault's OOM with RAM free (no
//     process's size caused it) → bf16/AMP and gradient accumulation.
// 10. oom_score_adj 1000 in a Kubernetes BestEffort pod → set requests/limits.
// 11. page tables large      → huge pages / fewer mappings.
//
// The rules' own sentences: advice_victim.cpp (what the victim held, rule 6) and
// advice_causes.cpp (rule 3's rows, 4a's kernel-side causes, 5's shared memory);
// advice_rules.h declares them.
#include <fmt/core.h>

#include "diagnose/advice_rules.h"
#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/units.h"

namespace oomlens::detail {
namespace {

constexpr size_t kMaxAdvice = 5;
constexpr uint64_t kTrainingAnonBytes = 4 * kGiB;  // rule 9: a model-sized process

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
                           find_check(checks, "processes_hold_little") || find_check(checks, "memcg_kmem_dominant") ||
                           find_check(checks, "unevictable_dominant") || find_check(checks, "cma_held_free");
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
  if (e.sysrq) return out;
  if (e.kind == EventKind::panic) {
    // panic_on_oom decided the outcome, not what filled the memory: the kernel-side causes' advice still applies
    // (corpus 685: ramfs and slab on a router, 691: CMA held the free memory); the rules about a victim do not.
    add_cause_advice(checks, out);
    if (out.size() > kMaxAdvice) out.resize(kMaxAdvice);
    return out;
  }

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
  } else if (!e.constraint && e.kind == EventKind::kill && pre_memcg_kill(e)) {  // 4, before memory cgroups
    // No cgroup to tell from the machine: what the lines before the kill can still say is what held the memory.
    out.emplace_back(tr("Read the lines before the kill in the log (`dmesg`, /var/log/messages): an early 2.6 kernel "
                        "prints the machine's memory (Mem-Info) and its task list there, which say what held it; Linux "
                        "2.2 and 2.4 print nothing more than this line."));
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
  add_cause_advice(checks, out);  // 4a
  if (kernel_side) {
    if (out.size() > kMaxAdvice) out.resize(kMaxAdvice);
    return out;
  }
  if (pre_memcg_kill(e)) {  // 4c: Linux 2.2 to early 2.6 had no memory cgroups to contain a job in
    out.emplace_back(tr("Linux 2.2, 2.4 and early 2.6 kernels have no memory cgroups to contain a job in: watch the "
                        "processes' sizes (`ps`, /proc/meminfo) as memory runs low, then run fewer or smaller services "
                        "or add swap."));
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
      const auto unit = systemd_unit_limit_clause(e);
      if (auto jvm = v ? jvm_limit_advice(v->comm, victim_name, limit) : std::nullopt)
        out.push_back(std::move(*jvm));  // its heap setting, not the limit alone, is what to size (corpus 698)
      else if (unit && limit)
        out.push_back(trf("If {} needs this much memory, raise the unit's limit (now {}: {}); if its use grows with "
                          "run time rather than with its input, it leaks: profile it instead of raising the limit.",
                          victim_name, *limit, *unit));
      else if (unit)
        out.push_back(trf("If {} needs this much memory, raise the unit's limit ({}); if its use grows with run "
                          "time rather than with its input, it leaks: profile it instead of raising the limit.",
                          victim_name, *unit));
      else
        out.push_back(limit ? trf("If {} needs this much memory, raise the limit (now {}); if its use grows with run "
                                  "time rather than with its input, it leaks: profile it instead of raising the "
                                  "limit.",
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
    } else if (const auto unit = systemd_unit_limit_clause(e)) {
      // The limit is a systemd unit's own: its unit setting is what to change (corpus 591).
      out.push_back(trf("Raise the unit's memory limit ({}) or make the job use less memory.", *unit));
    } else if (e.memcg && e.memcg->owner && e.memcg->owner->kind == "slurm") {
      // A Slurm job's or step's cgroup (task/cgroup, ConstrainRAMSpace): Slurm derives its limit from the job's
      // memory request, which is what to change (corpus 681, 683).
      out.emplace_back(tr("Ask for more memory for the job (`--mem` or `--mem-per-cpu` of sbatch or srun: Slurm "
                          "derives the cgroup's limit from it) or make the job use less memory."));
    } else {
      out.emplace_back(tr("Raise the cgroup's memory limit or make the job use less memory."));
    }
  }

  if (pagefault_with_ram_free(e, context)) {  // 6: RAM was free; a fault handler or a charge failed
    out.emplace_back(tr("RAM was free, so no process's size caused this: find what made the page fault fail (the "
                        "kernel messages just before the report; a driver or filesystem fault handler; a cgroup v1 "
                        "kmem limit of the faulting task's cgroup) and fix that. Newer kernels (5.16+) no longer "
                        "kill for such a fault."));
  } else if (const auto h = high_order_unexhausted(e); h && h->meminfo && e.constraint != Constraint::memcg) {
    // 6: a high-order allocation with no zone at its min watermark (corpus 651: an order-2 fork with 1.9 GiB of
    // page cache and 8 GiB of swap free): free memory was too fragmented, not used up, so no process's size
    // caused it. Rule 4a's advice (keep memory free, compaction, the caller) is the one; a limit on a job, or
    // "find what held the memory", would send the reader after a use that was not there.
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
  } else if (e.constraint == Constraint::global && e.kind == EventKind::kill && v && vm_emulator_victim(e, *v)) {
    // 6: a VM's QEMU held the guest's RAM (corpus 701: Proxmox's kvm, 15 GiB at the VM's start): the guests'
    // sizes against the host's RAM are what to change, not a job's limit or its work.
    out.push_back(vm_guest_advice(e, *v, victim_name, context));
  } else if (e.constraint == Constraint::global && e.kind == EventKind::kill) {  // 6
    const Check* c = find_check(checks, "victim_anon_vs_ram");
    if (c && c->level == CheckLevel::warn && v && server_settings_advice(v->comm, victim_name)) {
      // A database or a JVM (corpus 641: mysqld, 72 % of the RAM): its own settings size it, not a limit around it.
      out.push_back(*server_settings_advice(v->comm, victim_name));
    } else if (c && c->level == CheckLevel::warn) {
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
      // Its file-rss counts shmem too (no shmem-rss printed, before Linux 4.5: corpus 856).
      if (v && !v->shmem_rss_bytes)
        out.back() += " " + trf("If it was shared memory (its kill line prints no shmem-rss, so file-rss counts "
                                "it), size what {} keeps there (a database's shared buffers) or delete stale files "
                                "in /dev/shm and SysV segments (`ipcs -m`).",
                                victim_name);
    } else if (const Check* sh = find_check(checks, "shmem_dominant"); sh && find_figure(*sh, "display_server")) {
      // Rule 4a named the display server's graphics buffers and where to look (the client that made them):
      // a limit on a job would not hold them (corpus 650).
    } else if (auto container = container_limit_advice(e, victim_name)) {
      out.push_back(std::move(*container));
    } else if (find_check(checks, "zone_free_above_watermark") && !find_check(checks, "swap_exhausted")) {
      // Memory was free again when Mem-Info was printed, and swap had room (a brief shortage: that check's advice
      // says what helps): "processes filled the RAM" and "contain a runaway job" are not what the report shows
      // (corpus 621). With swap full too (corpus 527) the demand did exceed memory plus swap: said as before.
    } else {
      if (small_device(e, context))
        out.push_back(small_device_advice(*machine_ram_bytes(e, context), !e.tasks.empty()));
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
                      "set_mempolicy() calls) or give it less work; memory free on other nodes is out of its reach.",
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
  } else if (const auto h = high_order_unexhausted(e);
             h && h->meminfo && e.constraint != Constraint::memcg) {
    // A high-order allocation with every zone above its min watermark (corpus 697: an order-2 fork on a KVM host
    // with 77 GiB of page cache and its swap full): what failed was a contiguous block, not memory plus swap, so
    // "the demand exceeded memory plus swap" would be false; the swap check states the fact, rule 4a the cause.
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
  // Not a DataLoader worker's: what a worker holds is its dataset and batches (rule 8), never the model's weights or
  // activations that bf16 halves (corpus 626, 627: pt_data_worker victims of 34-41 GiB).
  if (v && is_python(v->comm) && v->comm != "pt_data_worker" && v->anon_rss_bytes &&
      *v->anon_rss_bytes >= kTrainingAnonBytes && training_evidence(e) && !find_check(checks, "high_order_allocation") &&
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
