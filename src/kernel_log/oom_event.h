#pragma once
// The event model: one OOM report of the kernel, as plain data.
//
// Produced by the report assembler (kernel_log/report_assembler.h) from the
// text that mm/oom_kill.c (dump_header(), dump_tasks(), __oom_kill_process(),
// oom_reap_task()), mm/memcontrol.c (mem_cgroup_print_oom_meminfo(),
// mem_cgroup_print_oom_context()) and mm/show_mem.c (__show_mem()) print.
// Consumed by diagnose/ (explanations) and render/ (text, JSON).
//
// Conventions:
//  - Every size is bytes in uint64_t, whatever unit the kernel printed it in
//    (kill lines print kB, task tables print pages, memcg v2 stats bytes).
//  - A value the log does not print is std::nullopt (rendered as JSON null),
//    never 0.
//  - Strings are kept as the bytes the kernel printed; the JSON renderer
//    replaces invalid UTF-8 bytes with U+FFFD.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/ascii.h"
#include "util/text.h"

namespace oomlens {

/// How the report ended.
enum class EventKind {
  kill,              ///< at least one `Killed process` line (Linux 2.4: `VM: killing process`)
  selected_no_kill,  ///< `Kill process … or sacrifice child` (pre-5.1) with no kill line seen
  no_killable,       ///< `Out of memory and no killable processes...`
  panic,             ///< `Kernel panic - not syncing: …` (panic_on_oom, deadlock)
  /// A header (or memcg/Mem-Info block) with no kill, selection, panic or
  /// no-killable line after it: the paste ended early or the next report
  /// followed. The log does not say whether a process was killed (an
  /// `oom-kill:` summary may name the chosen one: OomEvent::chosen).
  incomplete,
};

/// The kind's name in JSON, the text and the metrics: "kill",
/// "selected_no_kill", "no_killable", "panic", "incomplete".
constexpr const char* event_kind_name(EventKind k) {
  switch (k) {
    case EventKind::kill: return "kill";
    case EventKind::selected_no_kill: return "selected_no_kill";
    case EventKind::no_killable: return "no_killable";
    case EventKind::panic: return "panic";
    case EventKind::incomplete: return "incomplete";
  }
  return "kill";
}

/// What limited the allocation (mm/oom_kill.c: enum oom_constraint).
enum class Constraint { global, memcg, cpuset, mempolicy };

/// The constraint's name everywhere oomlens writes one: "global", "memcg",
/// "cpuset", "mempolicy" (the kernel's CONSTRAINT_NONE, _MEMCG, _CPUSET,
/// _MEMORY_POLICY).
constexpr const char* constraint_name(Constraint c) {
  switch (c) {
    case Constraint::global: return "global";
    case Constraint::memcg: return "memcg";
    case Constraint::cpuset: return "cpuset";
    case Constraint::mempolicy: return "mempolicy";
  }
  return "global";
}

/// When the report was printed. Both may be unknown.
struct EventTime {
  /// Seconds since boot, from the printk timestamp (`[ 1234.567890]`,
  /// /dev/kmsg ts_usec, journal _SOURCE_MONOTONIC_TIMESTAMP).
  std::optional<double> monotonic_s;
  /// Wall clock in RFC 3339 (e.g. `2025-08-12T03:54:03+02:00`), from a
  /// syslog/journal/dmesg -T prefix; nullopt when the log has none.
  std::optional<std::string> wall;
  /// The wall clock's year was not printed (syslog `Nov 30 04:56:00`) and
  /// was inferred from the file's modification time.
  bool year_inferred = false;
};

/// The task that invoked the OOM killer: the `invoked oom-killer:` header
/// (mm/oom_kill.c: dump_header()) and the `CPU: … PID: … Comm:` stack line
/// (lib/dump_stack.c: dump_stack_print_info()).
struct Trigger {
  std::string comm;                    ///< up to 15 bytes (TASK_COMM_LEN-1), may contain spaces
  /// The stack line's (`PID: N` / `Pid: N, comm:`) when it names this task,
  /// else OpenVZ's header's (`N (comm) invoked glob oom-killer: …`);
  /// mainline's header prints none.
  std::optional<int64_t> pid;
  std::optional<std::string> gfp_mask; ///< as printed, e.g. "0xcc0(GFP_KERNEL)" or "0x201da"
  std::optional<int> order;            ///< -1 for SysRq-f (manual) OOMs
  std::optional<int> oom_score_adj;    ///< -1000..1000
  /// The legacy -17..15 value: the header's `oom_adj=` (2.6.32–3.6) or
  /// `oomkilladj=` (≤2.6.31, and OpenVZ/Virtuozzo's header).
  std::optional<int> oom_adj;
  std::optional<std::string> nodemask; ///< 4.9–4.20 header, or 5.0+ oom-kill: line
  std::optional<std::string> cpuset;   ///< `<comm> cpuset=X mems_allowed=Y` or oom-kill: line
  std::optional<std::string> mems_allowed;
  /// A workqueue worker's (a kworker's) work when the report's dump_stack()
  /// block prints it (kernel/workqueue.c print_worker_info(), 3.10+:
  /// `Workqueue: <workqueue> <function>` after `Hardware name:`): the
  /// workqueue's name (`events_unbound`) and the work item's function
  /// (`nvme_scan_work`; its ` [module]`, which a wrap may move to the next
  /// line, is not kept): which kernel work allocated.
  std::optional<std::string> workqueue;
  std::optional<std::string> work_function;
  /// The `… invoked oom-killer:` line is not in the text: the task is known
  /// only from dump_stack()'s `CPU: … Comm:` line or the `cpuset=` line (a
  /// paste that starts below the header), so gfp_mask, order and adj are
  /// unknown and no advice may point "after this header".
  bool header_missing = false;
};

/// Who owns a cgroup path, decoded from its name.
struct CgroupOwner {
  std::string kind;  ///< "docker", "kubernetes", "systemd", "slurm", "lxc", "podman", "containerd"
  std::string id;    ///< container id, unit name, job id, … (the most specific name)
  std::optional<std::string> pod_uid;       ///< Kubernetes only
  std::optional<std::string> container_id;  ///< Kubernetes/Docker container id
  std::optional<std::string> qos_class;     ///< Kubernetes: "guaranteed", "burstable", "besteffort"
  std::optional<std::string> job_id;        ///< Slurm: J of `job_J`
  std::optional<std::string> step;          ///< Slurm: S of `step_S` ("batch", "extern", "0", …)
  std::optional<int64_t> uid;               ///< Slurm v1: U of `uid_U` (the job's user)
  /// Looked up on the node, not in the path (diagnose/owner_lookup.h):
  std::optional<std::string> user;   ///< Slurm: the uid's name in the node's /etc/passwd
  /// Docker: the container's name (without the leading "/"); Kubernetes: the
  /// container's name in its pod spec (nullopt for the pod's sandbox).
  std::optional<std::string> name;
  std::optional<std::string> image;  ///< Docker, Kubernetes: the image the container was created from, as given
  std::optional<std::string> pod_name;       ///< Kubernetes: the pod's name, from the runtime's state
  std::optional<std::string> pod_namespace;  ///< Kubernetes: the pod's namespace, from the runtime's state
  /// Kubernetes: the container runtime, "containerd", "cri-o" or "docker":
  /// from the systemd driver's scope prefix (`cri-containerd-`, `crio-`,
  /// `docker-`), else from whose state file named the container; nullopt
  /// when neither tells (cgroupfs driver, no state).
  std::optional<std::string> runtime;
  /// Kubernetes: the cgroup is the pod's sandbox (pause) container
  /// (`io.kubernetes.cri.container-type`/`io.kubernetes.cri-o.ContainerType`
  /// "sandbox"); meaningful only when pod_name was looked up.
  bool sandbox = false;
};

/// Whether a printed limit is a real limit.
enum class LimitState { limited, unlimited, unknown };

/// The memory cgroup side of the report.
struct MemcgInfo {
  /// The cgroup whose limit was hit (`oom_memcg=` 5.0+, or the second path
  /// of `Task in X killed as a result of limit of Y` ≤4.20).
  std::optional<std::string> oom_memcg;
  /// The victim's cgroup (`task_memcg=` 5.0+, first path of `Task in …`).
  std::optional<std::string> task_memcg;
  /// `memory: usage %llukB, limit %llukB, failcnt %lu` (mm/memcontrol.c).
  std::optional<uint64_t> usage_bytes;
  std::optional<uint64_t> limit_bytes;  ///< nullopt when unlimited (see limit_state)
  LimitState limit_state = LimitState::unknown;
  std::optional<uint64_t> failcnt;
  /// v2 `swap: usage … limit …` or v1 `memory+swap:` (which counts memory+swap).
  std::optional<uint64_t> swap_usage_bytes;
  std::optional<uint64_t> swap_limit_bytes;
  LimitState swap_limit_state = LimitState::unknown;
  std::optional<uint64_t> swap_failcnt;       ///< v2 `swap: … failcnt N` (the swap counter's failcnt)
  std::optional<uint64_t> memsw_usage_bytes;  ///< v1 `memory+swap:` usage
  std::optional<uint64_t> memsw_limit_bytes;
  std::optional<uint64_t> memsw_failcnt;      ///< v1 `memory+swap: … failcnt N` (memory.memsw.failcnt)
  std::optional<uint64_t> kmem_usage_bytes;   ///< v1 `kmem:` line
  std::optional<uint64_t> kmem_limit_bytes;
  /// "v1" (memory+swap:/kmem: lines, `Task in`), "v2" (`swap:` line,
  /// multi-line memory.stat), or nullopt.
  std::optional<std::string> hierarchy;
  /// `Memory cgroup stats for PATH:` values, converted to bytes where the
  /// kernel printed a size (v1 `KB` pairs, v2 memory.stat bytes); keys as printed.
  std::vector<std::pair<std::string, uint64_t>> stats;
  std::optional<CgroupOwner> owner;  ///< decoded from oom_memcg (else task_memcg)
  /// oom_memcg is the first `Memory cgroup stats for` block's path and the
  /// lines before it (`Task in`, `memory: usage …`) are not in the text: the
  /// kernel prints a block for the limit's cgroup and then each child, so the
  /// excerpt may start at a child's.
  bool oom_memcg_maybe_child = false;
};

/// One zone line of Mem-Info (`Node 0 Normal free:3372kB min:3452kB …
/// managed:…kB`), sizes in bytes.
struct Zone {
  int node = 0;
  std::string name;                        ///< "DMA", "DMA32", "Normal", "HighMem", "Movable"
  std::optional<uint64_t> free_bytes;
  std::optional<uint64_t> min_bytes;       ///< the zone's min watermark
  std::optional<uint64_t> managed_bytes;   ///< 4.8+; `present:` before
  /// `present:`: the zone's pages that exist (its span less the holes). Not in `--json`'s mem_info.
  std::optional<uint64_t> present_bytes;
  /// `free_cma:` (3.8+): the part of free_bytes in CMA pageblocks, which
  /// only movable allocations may take (mm/page_alloc.c __zone_watermark_ok()).
  std::optional<uint64_t> free_cma_bytes;
  /// ` high:` watermark: the page allocator's last try before out_of_memory() (__alloc_pages_may_oom(),
  /// 2.6 __alloc_pages()) asks for free pages above it.
  std::optional<uint64_t> high_bytes;
  /// ` reserved_highatomic:NKB` (4.14+): the zone's pageblocks reserved for high-order atomic allocations, which
  /// __zone_watermark_ok() takes out of the free pages of every other allocation.
  std::optional<uint64_t> reserved_highatomic_bytes;
  /// The zone's buddy list (`Node 0 DMA32: 1134*4kB (UMEH) … 7*32kB (H) …`, 4.4+) names `H`: free blocks lie in
  /// highatomic-reserved pageblocks.
  bool buddy_highatomic = false;
  /// The free bytes of the buddy list's block sizes whose only migrate type is `H` (`7*32kB (H)`): a lower
  /// bound of the zone's free memory in highatomic-reserved pageblocks; 0 when none or no list was read.
  uint64_t buddy_highatomic_only_bytes = 0;
  /// How many higher zones hold pages, from the `lowmem_reserve[]: 0 1869 7809 7809` line printed after the zone's
  /// (each populated zone above it raises the reserve, so the distinct nonzero values count them); unknown when
  /// that line was not read.
  std::optional<int> higher_zones_populated;
};

/// One `Node N hugepages_total=T hugepages_free=F hugepages_surp=S
/// hugepages_size=KkB` line (mm/hugetlb.c: hugetlb_show_meminfo_node()).
struct HugePages {
  int node = 0;
  uint64_t total = 0;          ///< pages
  uint64_t free = 0;           ///< pages
  uint64_t size_bytes = 0;     ///< bytes per page
};

/// One row of the `Unreclaimable slab info:` table (mm/slab_common.c:
/// dump_unreclaimable_slab(), 4.15+): `Name  UsedKB  TotalKB`.
struct SlabCache {
  std::string name;
  uint64_t used_bytes = 0;
  uint64_t total_bytes = 0;
};

/// System-wide memory at the time of a global OOM (`Mem-Info:` block,
/// mm/show_mem.c: __show_mem(); lib/show_mem.c ≤6.1).
struct MemInfo {
  std::optional<uint64_t> free_bytes;        ///< `free:N` pages in the counters block
  std::optional<uint64_t> free_swap_bytes;   ///< `Free swap  = NkB`
  std::optional<uint64_t> total_swap_bytes;  ///< `Total swap = NkB`
  /// A negative `Free swap  = -NkB`: a swapoff(2) was running, which takes its area out of the swap totals first
  /// and counts the pages back in as it reads them into RAM; N kB were still to be read back. Not in --json.
  std::optional<uint64_t> swapoff_unread_bytes;
  std::optional<uint64_t> ram_bytes;         ///< `N pages RAM`
  std::optional<uint64_t> reserved_bytes;    ///< `N pages reserved`
  std::optional<uint64_t> active_anon_bytes;
  std::optional<uint64_t> inactive_anon_bytes;
  std::optional<uint64_t> shmem_bytes;
  std::optional<uint64_t> slab_unreclaimable_bytes;
  /// `active_file:N` / `inactive_file:N` pages (2.6.28+): the page cache on
  /// the file LRU lists, what reclaim can drop without swap.
  std::optional<uint64_t> active_file_bytes;
  std::optional<uint64_t> inactive_file_bytes;
  /// `slab:N` pages (≤2.6.28 show_free_areas(), and the `N pages slab` line of
  /// 2.6 show_mem()): reclaimable and unreclaimable slab as one figure, before
  /// the kernel printed them apart (slab_reclaimable/slab_unreclaimable).
  std::optional<uint64_t> slab_bytes;
  /// `slab_reclaimable:N` pages (2.6.28+ Mem-Info), bytes: with the LRU, unevictable, slab_unreclaimable, page-table
  /// and free counts, what Mem-Info accounts for (diagnose kernel_unaccounted()). Not in `--json`'s mem_info.
  std::optional<uint64_t> slab_reclaimable_bytes;
  /// `unevictable:N` pages (2.6.28+ Mem-Info): pages reclaim skips and swap cannot take (mlock()ed, SHM_LOCKed,
  /// ramfs). Read by the unevictable_dominant check; not in `--json`'s mem_info (the check's figures carry it).
  std::optional<uint64_t> unevictable_bytes;
  std::optional<uint64_t> pagetables_bytes;
  /// `free_cma:N` pages in the counters block (3.8+): the machine's free pages in CMA pageblocks, which only
  /// movable allocations may take. Not in `--json`'s mem_info (a zone's free_cma_bytes carries it).
  std::optional<uint64_t> free_cma_bytes;
  std::optional<uint64_t> highmem_bytes;     ///< `N pages HighMem/MovableOnly` (32-bit HighMem or movable zones)
  /// The zones' `present:` sizes summed, only when the report shows it prints every zone of the machine: ≤3.x
  /// show_free_areas() prints `<zone> per-cpu:` and later the zone's line for each populated zone, so the same
  /// zones named by both lists are all of them, on a kernel that prints no `Node N` (one node, nothing filtered by
  /// node). The memory the page allocator's zones hold: what RAM is when `N pages RAM` is not in the text (cut).
  /// Not in `--json`'s mem_info (the slab_dominant check's figures carry it).
  std::optional<uint64_t> zones_present_bytes;
  std::vector<Zone> zones;                   ///< in printed order
  std::vector<HugePages> hugepages;          ///< one per node and size
  std::vector<SlabCache> unreclaimable_slab; ///< largest total first
};

/// `oom_reaper: reaped process N (comm), now anon-rss:…kB, file-rss:…kB, shmem-rss:…kB`.
struct Reaped {
  std::optional<uint64_t> anon_rss_bytes;
  std::optional<uint64_t> file_rss_bytes;
  std::optional<uint64_t> shmem_rss_bytes;
};

/// A kill line's sizes in bytes (mm/oom_kill.c: __oom_kill_process()), for a printing other than the one a Victim
/// holds.
struct KillSizes {
  std::optional<uint64_t> total_vm_bytes;
  std::optional<uint64_t> anon_rss_bytes;
  std::optional<uint64_t> file_rss_bytes;
  std::optional<uint64_t> shmem_rss_bytes;
  std::optional<uint64_t> pgtables_bytes;
};

/// One process the kernel killed (`Killed process …`, mm/oom_kill.c:
/// __oom_kill_process()). Keyed on the kill line's pid, never on the
/// `Kill process … sacrifice child` pid.
struct Victim {
  /// nullopt when the line prints none: Linux 2.4's `VM: killing process
  /// NAME` (arch/*/mm/fault.c) names the task only. Never 0 for unknown.
  std::optional<int64_t> pid;
  std::string comm;
  std::optional<uint32_t> uid;               ///< 5.4+ `UID:%u`, RHEL `UID %d`
  std::optional<uint64_t> total_vm_bytes;
  std::optional<uint64_t> anon_rss_bytes;
  std::optional<uint64_t> file_rss_bytes;
  std::optional<uint64_t> shmem_rss_bytes;   ///< 4.5+ (before that in file_rss)
  std::optional<uint64_t> pgtables_bytes;    ///< 5.4+
  std::optional<int> oom_score_adj;
  /// "kill_line", "task_table", or nullopt when unknown.
  std::optional<std::string> oom_score_adj_source;
  std::optional<uint64_t> selected_score;    ///< from `Kill process … score S …`
  /// selected_score is ≤2.6.35's badness() points (`… or a child`), not 2.6.36+'s ‰ of RAM plus swap.
  bool selected_score_legacy = false;
  std::optional<Reaped> reaped;
  /// `oom_reaper: unable to reap pid:N (comm)` followed the kill (4.6+): the reaper gave up on the victim, whose
  /// memory came back only when it exited. Read by the victim_not_reaped check; not in `--json`.
  bool reap_failed = false;
  /// The kill line printed twice (memory.oom.group's re-print, or 2.6's second
  /// OOM choosing the same exiting task): true when both copies were read, false
  /// when the line was read whole with none after it, nullopt when what followed
  /// it was lost (a viewer's cut, a glued record left unread) and the copy with it.
  std::optional<bool> printed_twice = false;
  /// The second printing's sizes, when both were read (memory.oom.group kills the victim again and prints the sizes
  /// of that moment, corpus 758): a copy of that line elsewhere in the text is the same kill. Not in --json.
  std::optional<KillSizes> reprinted;
  /// Kill-line prefix: "Out of memory", "Memory cgroup out of memory",
  /// "Out of memory (oom_kill_allocating_task)", OpenVZ's "Out of memory in UB N"
  /// (N: the container's beancounter id, `Out of memory in UB N: OOM killed process …`),
  /// or nullopt (bare line).
  std::optional<std::string> message;
  std::optional<uint64_t> line;              ///< line number of the kill line
};

/// A process picked by `Kill process N (comm) score S or sacrifice child`.
struct Selected {
  int64_t pid = 0;
  std::string comm;
  std::optional<uint64_t> score;
  std::optional<std::string> message;  ///< "Out of memory", "Memory cgroup out of memory", …
  /// score is ≤2.6.35's badness() points (`… score S or a child`), not 2.6.36+'s ‰ of RAM plus swap.
  bool legacy_badness = false;
};

/// The task the `oom-kill:` summary line names (`task=X,pid=N,uid=U`,
/// mm/oom_kill.c: dump_oom_summary(), 5.0+): the killer's chosen victim,
/// printed just before its kill line. Kept whether or not the kill line is
/// in the text: without one, the log names the task the killer picked but
/// does not show that it was killed (an `incomplete` event).
struct ChosenTask {
  std::optional<int64_t> pid;
  std::string comm;             ///< `task=`; empty when not printed or unreadable
  std::optional<uint32_t> uid;
};

/// A task name a line really printed: not empty and not the stump of a cut
/// or mangled line (`...`, `…`, `=`, punctuation only). A comm that fails
/// this is not quoted as a name (issue 12, items 1 and 9).
[[nodiscard]] inline bool readable_comm(std::string_view comm) {
  if (comm.empty() || text::ends_in_ellipsis(comm) || comm.find(text::kEllipsis) != std::string_view::npos)
    return false;
  return std::any_of(comm.begin(), comm.end(), text::is_alnum);
}

/// The most Tasks-state rows one event keeps (the largest; OomEvent::
/// tasks_dropped counts the rest): a report of 1,000,000 rows costs the
/// same memory as one of this many.
inline constexpr size_t kMaxTaskRows = 1024;

/// One row of the Tasks-state table (mm/oom_kill.c: dump_task()).
/// Page counts are converted with the event's page size.
struct TaskRow {
  int64_t pid = 0;
  std::optional<uint32_t> uid;
  std::optional<int64_t> tgid;
  std::optional<uint64_t> total_vm_bytes;
  std::optional<uint64_t> rss_bytes;
  std::optional<uint64_t> rss_anon_bytes;   ///< 6.8+
  std::optional<uint64_t> rss_file_bytes;   ///< 6.8+
  std::optional<uint64_t> rss_shmem_bytes;  ///< 6.8+
  std::optional<uint64_t> pgtables_bytes;   ///< pgtables_bytes (4.15+) or nr_ptes pages
  std::optional<uint64_t> swap_bytes;       ///< swapents pages
  std::optional<int> oom_score_adj;
  std::optional<int> oom_adj;
  std::string comm;
};

/// A `page allocation stalls for Nms` warning (mm/page_alloc.c warn_alloc() from
/// __alloc_pages_slowpath(), 4.9–4.14: `<comm>: page allocation stalls for
/// %ums, order:%u, mode:%#x(%pGg)[, nodemask=…]`, repeated every 10 s while
/// the allocation still waits) printed before the report: an allocation had
/// waited that long in reclaim before the OOM killer ran.
struct AllocStall {
  std::string comm;                  ///< the stalling task's, as printed (may differ from the trigger's)
  uint64_t stall_ms = 0;             ///< milliseconds, as printed
  std::optional<int> order;          ///< `order:N`
  std::optional<uint64_t> line;      ///< its line number
};

/// Where in the input the report was.
struct LineRange {
  uint64_t first = 0;  ///< 1-based line number
  uint64_t last = 0;
};

/// The cgroup file whose write below the usage invoked a memcg OOM
/// (OomEvent::limit_lowered).
enum class LimitWrite { none, memory_max, limit_in_bytes };

/// A user-space OOM killer's own line in the same input that names the victim's pid (and name): it acted on the
/// process the kernel killed (diagnose/userspace_evidence.h, filled in by the explain step, not by the parser).
struct UserspaceKill {
  std::string daemon;  ///< "earlyoom", "nohang", "lmkd", "lowmemorykiller"
  std::string signal;  ///< "SIGTERM", "SIGKILL"
  int64_t pid = 0;
  std::string name;    ///< the process's name as the killer logged it; empty when not logged
  uint64_t line = 0;   ///< 1-based line of the input
};

/// One OOM report.
struct OomEvent {
  EventKind kind = EventKind::kill;
  EventTime time;
  /// nullopt when the text cannot tell (a bare pre-5.1 `Killed process` line).
  std::optional<Constraint> constraint;
  /// The `constraint=` value as printed (e.g. "CONSTRAINT_NONE"); informational:
  /// 5.0–5.2 print CONSTRAINT_NONE for memcg OOMs.
  std::optional<std::string> constraint_printed;
  std::optional<Trigger> trigger;
  std::optional<MemcgInfo> memcg;   ///< nullopt when the report has no memcg facts
  std::optional<MemInfo> mem_info;  ///< nullopt when no Mem-Info block was seen
  std::vector<Victim> victims;
  std::vector<Selected> selected;
  /// From the `oom-kill:` summary line; nullopt when it prints no task or pid.
  std::optional<ChosenTask> chosen;
  std::vector<TaskRow> tasks;
  /// Rows of the Tasks-state table left out to bound memory: past
  /// kMaxTaskRows, the rows of smallest rss + swapents go first (printed
  /// order is kept for the rest). 0 when the whole table is kept.
  uint64_t tasks_dropped = 0;
  /// The rss of the dropped rows, bytes; nullopt when none was dropped or
  /// any dropped row's rss was not printed.
  std::optional<uint64_t> tasks_dropped_rss_bytes;
  /// Rows read without the table's header line (`[ pid ]   uid  tgid …`): lines a `grep WORD` kept, or an excerpt
  /// starting below the header, so not the whole table dump_tasks() printed (corpus 751). Not in --json.
  bool tasks_header_missing = false;
  LineRange lines;
  bool sysrq = false;                        ///< order=-1 or `Manual OOM execution`
  /// A global OOM whose call trace runs out_of_memory() from
  /// pagefault_out_of_memory() (≤5.15): a page fault failed with
  /// VM_FAULT_OOM. No allocation failed in the page allocator, so memory
  /// may have been free; constrained_alloc() sees no zonelist: global.
  bool pagefault_oom = false;
  /// A global OOM whose call trace runs out_of_memory() from lru_gen_age_node(): kswapd's multi-gen LRU aging (the
  /// 2021-22 patch sets, Android's backports) found nothing to age. Its oom_control has no memcg and no zonelist:
  /// constrained_alloc() says CONSTRAINT_NONE, machine-wide.
  bool reclaim_oom = false;
  /// The call trace passes through mem_cgroup_out_of_memory() or
  /// mem_cgroup_oom_synchronize(): a memcg OOM even without other memcg lines.
  bool memcg_stack = false;
  /// The call trace runs mem_cgroup_out_of_memory() from a write to the
  /// cgroup's limit: memory_max_write() (v2 `memory.max`), or on cgroup v1
  /// mem_cgroup_resize_max()/mem_cgroup_resize_limit() (`memory.limit_in_bytes`).
  /// The limit was set below the cgroup's usage and the kernel killed to meet
  /// it: the trigger is the task that wrote it, not an allocation.
  LimitWrite limit_lowered = LimitWrite::none;
  /// `Tasks in PATH are going to be killed due to memory.oom.group set`
  /// (mm/memcontrol.c mem_cgroup_print_oom_group(), 4.19+): the cgroup PATH
  /// whose every task (but those with oom_score_adj -1000) the kernel killed
  /// together after the first victim; their kill lines follow in the report.
  /// Null when the report prints no such line. Not in the JSON: a note says it.
  std::optional<std::string> oom_group_memcg;
  std::optional<std::string> panic_message;  ///< text after `Kernel panic - not syncing: `
  /// The last `page allocation stalls for Nms` line before the report (in the
  /// 8 KiB of text before its opening line, ReportScanner's kHistoryBytes; no
  /// other report between; at most 60 s before it, kStallBeforeReportS, when
  /// both are stamped); nullopt when none.
  std::optional<AllocStall> alloc_stall;
  /// Page size used for table page counts; inferred (victim row total_vm vs
  /// kill-line total-vm, or buddy lines `*4kB`) or assumed 4096.
  std::optional<uint64_t> page_size_bytes;
  bool page_size_assumed = false;
  /// User-space killers' lines of the same input naming the victim (UserspaceKill); empty when none was read.
  std::vector<UserspaceKill> userspace_kills;
  std::optional<std::string> host;      ///< syslog/journal hostname, when printed
  std::optional<std::string> boot_id;   ///< journal _BOOT_ID or the live boot
  std::optional<uint64_t> kmsg_seq;     ///< /dev/kmsg sequence number of the first line
  std::optional<std::string> source;    ///< file name or "kmsg", "journal"
  /// Oddities noticed while parsing (lost lines, assumed units, …), for the
  /// `warnings` of the JSON output and the human explanation.
  std::vector<std::string> notes;
};

}  // namespace oomlens
