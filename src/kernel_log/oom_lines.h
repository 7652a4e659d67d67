#pragma once
// Parsers for the individual lines of a kernel OOM report, one pure function
// per line shape, over bare kernel text (prefix already stripped, see
// prefix.h). Each returns std::nullopt when the line is not of its shape.
// Sizes are returned as printed (kB, pages, bytes); the assembler converts.
// Formats and the kernel functions printing them: ../../shared docs,
// kernel_oom_formats.md §2–§10.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel_log/oom_event.h"

namespace oomlens::oomline {

/// mm/oom_kill.c dump_header(): `<comm> invoked oom-killer: gfp_mask=…, [nodemask=…, ]order=N, [oom_adj=N, ]oom_score_adj=N`
/// (≤2.6.31: `…, order=N, oomkilladj=N`, the same legacy oom_adj). Also the OpenVZ/Virtuozzo kernels'
/// oom_report_invocation() (kernel/bc/oom_kill.c, mm/oom_kill.c; rate-limited by printk_ratelimit()):
/// `<pid> (<comm>) invoked <loc|glob|PF> oom-killer: gfp 0x<hex> order N oomkilladj=N`, which names the pid.
struct Header {
  std::string comm;
  std::optional<int64_t> pid;  ///< OpenVZ's header only (mainline's names none)
  std::optional<std::string> gfp_mask, nodemask;
  std::optional<int> order, oom_adj, oom_score_adj;
  /// A poster's condensed quote of a report on one line: after an elision in the header, the same report's
  /// `oom-kill:` fields (`pt_data_worker invoked oom-killer ... oom_memcg=/jupyter-children`, `… oom-killer: ...
  /// global_oom`): their text, from the first key on (parse_summary_fields() reads it); unset when none.
  std::optional<std::string> summary_fields;
};
std::optional<Header> parse_header(std::string_view s);
/// A header an excerpt cut right after its anchor (`<comm> invoked oom-killer`, nothing after):
/// the comm only. Callers take it from a line with its own kernel prefix, never from prose.
std::optional<Header> parse_header_cut(std::string_view s);

/// mm/page_alloc.c warn_alloc() (4.9–4.14): `<comm>: page allocation stalls for <N>ms, order:<O>, mode:…`
/// (also read: `stall for`). AllocStall::line is left unset.
std::optional<AllocStall> parse_alloc_stall(std::string_view s);

/// ≤4.20 `<comm> cpuset=<name> mems_allowed=<list>` (kernel/cgroup/cpuset.c).
struct CpusetLine {
  std::string comm, cpuset, mems_allowed;
};
std::optional<CpusetLine> parse_cpuset(std::string_view s);

/// lib/dump_stack.c: `CPU: N [UID: U ]PID: P Comm: C …` or ≤3.2 `Pid: P, comm: C …`.
struct StackLine {
  int64_t pid = 0;
  std::string comm;
  /// The kernel release's major and minor (`4.4.0-119-generic` → {4, 4}), the first word after the taint words
  /// that starts `N.N`; unset when the line shows none (cut, or the release on a line of its own).
  std::optional<std::pair<int, int>> release;
  /// The release names a 64-bit PowerPC build (`4.18.0-139.el8.ppc64le`, `6.17.7-xenon`'s is not one): its
  /// distributions build it with 64 KiB pages, so a page count there is no count of 4 KiB pages.
  bool ppc64_release = false;
};
std::optional<StackLine> parse_stack_line(std::string_view s);

/// kernel/workqueue.c print_worker_info() (3.10+), printed by dump_stack() after `Hardware name:` when the task is a
/// workqueue worker: `Workqueue: <name> <function>[ [module]][ (<desc>)]` (the function as `%ps` prints it).
struct WorkqueueLine {
  std::string name;      ///< the workqueue, e.g. "events_unbound", "brcmf_wq/mmc0:0001:1"
  std::string function;  ///< the work item's function, without its ` [module]` (a wrap may move it to the next line)
};
std::optional<WorkqueueLine> parse_workqueue(std::string_view s);

/// True when `t` names the kernel function `name` as a call-trace frame
/// does: after a space, a `(` or at the start, and before `+0x…`, a `.`
/// (a compiler's `.cold`/`.isra` clone) or, after a `(`, a `)` (ARM's
/// `(out_of_memory) from`). `mem_cgroup_out_of_memory` is not `out_of_memory`.
bool frame_names(std::string_view t, std::string_view name);
/// A frame of the OOM killer's own path (out_of_memory(),
/// mem_cgroup_out_of_memory(), pagefault_out_of_memory()): a call trace
/// through it is an OOM report's, or a stall inside one.
bool is_oom_frame(std::string_view t);

/// mm/oom_kill.c __oom_kill_process(): every `Killed process` variant (kB figures).
struct KillLine {
  std::optional<std::string> message;  ///< `Out of memory`, `Memory cgroup out of memory`, …
  int64_t pid = 0;
  std::string comm;
  std::optional<uint32_t> uid;
  std::optional<uint64_t> total_vm_kb, anon_rss_kb, file_rss_kb, shmem_rss_kb, pgtables_kb;
  std::optional<int> oom_score_adj;
  std::optional<uint64_t> score;  ///< OpenVZ 042stab's kill line prints the victim's badness score (`… (comm) score 0 vm:…`)
  /// The line ends in a field a viewer cut (`… file-rss:19764kB, shmem-rs`): the fields after it (UID, …) are
  /// unknown, not unprinted.
  bool cut = false;
};
/// Also OpenVZ 2.6.32's (042stab) `Out of memory in UB N: OOM killed process P (comm) score S vm:…kB, rss:…kB,
/// swap:…kB`, and its earlier kernels' `OOM killed process P (comm) vm:…kB, rss:…kB, swap:…kB` (no score, no
/// message) (rss is anon + file together: neither is known). Its message, `Out of memory in UB N` with the
/// beancounter's id, is kept whole: kernel/bc/oom_kill.c out_of_memory_in_ub() passes it when container N's own
/// beancounter limits ran out (the node-wide OOM passes `Out of memory`).
std::optional<KillLine> parse_kill(std::string_view s);
/// A kill line a viewer cut inside the comm (`Killed process N (na`): the pid
/// and message only, comm empty.
std::optional<KillLine> parse_kill_stump(std::string_view s);

/// Linux 2.4's page-fault OOM kill (arch/*/mm/fault.c, label out_of_memory:
/// `printk("VM: killing process %s\n", tsk->comm)`): the name, no pid and no
/// report around it. The name as printed (empty when the line ends there).
std::optional<std::string> parse_vm_killing(std::string_view s);

/// ≤5.0 `<msg>: Kill process N (comm) score S or sacrifice child` / 2.6.32 `kill process … or a child`; OpenVZ's
/// before its 042stab kernels `<msg>: kill process N (comm) or a child`, no score (`score` null).
struct SelectLine {
  std::optional<std::string> message;
  int64_t pid = 0;
  std::string comm;
  std::optional<uint64_t> score;
  /// ≤2.6.35's `kill process N (comm) score S or a child` (lower-case `kill`): S is badness() points (the task's total_vm in pages,
  /// halved children's added, scaled by oom_adj), no ‰ of RAM plus swap (2.6.36+'s `… or sacrifice child`).
  bool legacy_badness = false;
};
std::optional<SelectLine> parse_select(std::string_view s);
/// The message of a kill or selection line (`Memory cgroup out of memory`);
/// nullopt when `s` is neither, or prints none.
std::optional<std::string> outcome_message(std::string_view s);
/// True when `whole` is `own` with words before it (`Memory cgroup out of
/// memory` and `memory`): a message whose start was on the line before.
bool message_extends(std::string_view whole, std::string_view own);
/// A line a viewer cut right after an outcome's message (`Memory cgroup out
/// of memory:` left of `Kill process …`/`Killed process …`): only the
/// message is known, not whether it selected or killed, nor whom.
bool is_cut_outcome_message(std::string_view s);
/// A selection line a viewer cut (prefix.cpp dropped the cut field): `Kill
/// process N (comm)[ score]` or `Kill process N`; what was cut is unknown.
std::optional<SelectLine> parse_select_stump(std::string_view s);

/// `oom_reaper: reaped process N (comm), now anon-rss:…kB, file-rss:…kB, shmem-rss:…kB`.
struct ReaperLine {
  int64_t pid = 0;
  std::string comm;
  std::optional<uint64_t> anon_rss_kb, file_rss_kb, shmem_rss_kb;
};
std::optional<ReaperLine> parse_reaper(std::string_view s);
/// A reaper line a viewer cut before `), now …` (parse_reaper() fails, `oom_reaper: reaped process N (comm…`):
/// its pid, when whole (` (` follows it); nullopt otherwise.
std::optional<int64_t> parse_reaper_cut(std::string_view s);
/// `oom_reaper: unable to reap pid:N (comm)` (mm/oom_kill.c oom_reap_task(), 4.6+): the reaper gave up on the
/// victim N (its mm's lock held); its pid, nullopt when `s` is not that line.
std::optional<int64_t> parse_reaper_failed(std::string_view s);
/// The reaper line's kB figures in bytes (kb_to_bytes: unknown stays null).
[[nodiscard]] Reaped reaped_bytes(const ReaperLine& r);

/// 5.0+ `oom-kill:constraint=…,nodemask=…,cpuset=…,mems_allowed=…,global_oom|oom_memcg=…,task_memcg=…,task=…,pid=…,uid=…`.
/// Fields may arrive over several records (continuations start with ',').
struct Summary {
  std::optional<std::string> constraint, nodemask, cpuset, mems_allowed, oom_memcg, task_memcg, task;
  std::optional<int64_t> pid;
  std::optional<uint32_t> uid;
  bool global_oom = false;
  bool elided = false;  ///< a memcg path held `...`/`…`: left null
  bool path_cut = false;  ///< the line ended in a memcg path that looks cut (memcg_path_cut()): left null
  /// The line ended in a task_memcg that is not oom_memcg nor below it (a memcg OOM's victim always is): cut by a
  /// viewer, left null.
  bool task_memcg_outside = false;
  /// `pid=N` ended the text, without the `,uid=` dump_oom_summary() prints after it: cut there by a viewer or a
  /// split soft break (then N is a stump), or shortened by a poster (then whole); finalize_event() keeps N only when
  /// no kill line of the chosen task prints another pid.
  bool pid_ends_text = false;
};
/// Parses `oom-kill:…` into `out`; false when not a summary line.
bool parse_summary(std::string_view s, Summary& out);
/// Applies a `,key=value…` continuation record; false when it is not one.
bool parse_summary_continuation(std::string_view s, Summary& out);
/// Reads summary fields without the `oom-kill:` tag (`oom_memcg=/x,task=y`, Header::summary_fields) into `out`;
/// false when `s` does not start with a summary key.
bool parse_summary_fields(std::string_view s, Summary& out);
/// True when `s` starts with a summary key (`constraint=`, `global_oom`, `task=` …), in any ASCII case.
bool at_summary_key(std::string_view s);
/// True when `t` (a line after a summary a break cut) may be that summary's wrapped rest: it starts with `,` or a
/// summary key (`task_memcg=…`), holds one after a `,` (`ion,pid=12,uid=0`), or is one token without spaces (a
/// path or comm cut inside). A line of prose after the summary (`— librewxr is an LXC container …`) is none.
bool summary_rest(std::string_view t);

/// mm/memcontrol.c: `memory: usage XkB, limit YkB, failcnt Z` and the
/// `memory+swap:`, `swap:`, `kmem:` siblings.
struct CounterLine {
  std::string name;  ///< "memory", "memory+swap", "swap", "kmem"
  std::optional<uint64_t> usage_kb, limit_kb, failcnt;
};
std::optional<CounterLine> parse_counter(std::string_view s);
/// `memory: usage XkB, …` with its usage (the rest may be cut): the first
/// line mem_cgroup_print_oom_meminfo() prints, only inside a memcg OOM report.
inline bool first_memcg_counter(const std::optional<CounterLine>& c) {
  return c && c->name == "memory" && c->usage_kb;
}

/// ≤4.20 `Task in X killed as a result of limit of Y`.
/// `Task in A killed as a result of limit of B` (v1). A line a viewer cut
/// after `limit of` (prefix.cpp drops the cut path) gives an empty oom_memcg;
/// one cut inside the first path (a bare `Task in`), both empty.
struct TaskIn {
  std::string task_memcg, oom_memcg;  ///< empty: unknown
  bool path_cut = false;  ///< the OOM memcg path ending the line looks cut (memcg_path_cut()): left empty
  /// `… killed as a result of limit of host` (Alibaba Cloud Linux names the machine so in a global OOM's
  /// report): no memory cgroup's limit; oom_memcg stays empty.
  bool limit_of_host = false;
};

/// True when `path`, the last thing on its line, looks cut inside its last
/// component, by a viewer or a poster without a `...`: it ends in `/`; its
/// last component ends in part of a unit suffix (`.sc`); a container
/// runtime's id in it is shorter than the runtime's 64 hex digits
/// (`libpod-3f2a`, `docker-0a1b….scope` cut before `.scope`, a bare id under
/// `/docker/` or a pod's cgroup) or a Kubernetes pod's UID shorter than its
/// 36 characters; or, under a systemd `.slice`, a runtime's or a pod's
/// cgroup lacks the `.scope`/`.slice` systemd's driver always gives it.
/// A real path of another shape is never taken for a cut one.
bool memcg_path_cut(std::string_view path);
/// `line_cut`: the line was cut by a viewer (the prefix reader marked it
/// truncated and dropped the cut word). Then `Task in PATH` alone, cut after
/// its first path (inside `killed …`), gives that path as task_memcg when it
/// is whole (one `/…` token that memcg_path_cut() does not take for cut;
/// otherwise empty) and the OOM memcg unknown (empty). Without `line_cut`
/// that text is not read: it may be a poster's wrap whose rest follows.
std::optional<TaskIn> parse_task_in(std::string_view s, bool line_cut = false);

/// `Memory cgroup stats for PATH:[ k:vKB …]` → path and the one-line v1 pairs
/// (values in KB as printed). A bare `Memory cgroup stats for` (the path was
/// cut by a viewer) gives an empty path: unknown.
/// A path holding a viewer's or poster's ellipsis (`/kubepods/…/0249...`,
/// a line cut and its rest joined after it) is unknown: empty, `elided`
/// set, and the token glued after the ellipsis (a cut figure) is no pair.
struct StatsHeader {
  std::string path;
  std::vector<std::pair<std::string, uint64_t>> kb_pairs;
  bool elided = false;
};
std::optional<StatsHeader> parse_stats_header(std::string_view s);
/// A v2 memory.stat line `name 12345` (bytes or a count).
std::optional<std::pair<std::string, uint64_t>> parse_stat_kv(std::string_view s);

/// Tasks table header `[ pid ]   uid  tgid total_vm …  name` → column names after `]`.
std::optional<std::vector<std::string>> parse_table_header(std::string_view s);
/// Whether `s` starts as a Tasks table header does (`[ pid ]`), whole or
/// with its column names wrapped or cut.
bool starts_table_header(std::string_view s);
/// The longest comm a task has: TASK_COMM_LEN (16) less its NUL, bytes.
inline constexpr size_t kMaxCommBytes = 15;
/// A table row `[  pid]  n n n … name` with the numbers as printed.
/// A run of 4+ spaces inside the name is a terminal's pad and is dropped,
/// unless the text before it is a whole comm already (15 bytes) and the
/// rejoined one would be longer: then the comm ends at the pad (the rest is
/// a terminal's residue, `amazon-ssm-agen      7`).
struct RowLine {
  int64_t pid = 0;
  std::vector<int64_t> numbers;
  std::string comm;  ///< empty when the row was wrapped before the name
  bool truncated = false;  ///< the line was cut: `numbers` are only the first columns
};
std::optional<RowLine> parse_row(std::string_view s);
/// `19392.000000` (a row's `[pid]` cell that a dmesg read as a printk stamp:
/// a kernel printing no printk time, read by a dmesg that takes a record's
/// leading `[…]` for one and prints a zero fraction) → 19392; nullopt for any
/// other cell (a fraction other than six zeros, 0).
std::optional<int64_t> pid_read_as_stamp(std::string_view cell);
/// Whether `t`, what follows such a cell, is a task row's body for `pid`:
/// a space, the uid, then the tgid equal to `pid`, then a space.
bool row_body_of_pid(std::string_view t, int64_t pid);

/// `t` without its runs of 4 or more spaces: a terminal's padding of a
/// hard-wrapped line, which the kernel never prints inside a comm or a
/// row (shorter runs, the kernel's own column padding, are kept).
/// `keep` (a space): each such run left as it, for a pad that fell at a
/// space (`Kill         process`).
std::string without_pads(std::string_view t, std::string_view keep = {});

/// `Tasks in PATH are going to be killed due to memory.oom.group set`.
std::optional<std::string> parse_group_kill(std::string_view s);

/// A chosen task the OOM killer did not kill, or the end of an OpenVZ
/// beancounter's OOM (OpenVZ/Virtuozzo 2.6.18-2.6.32 kernels: mm/oom_kill.c
/// oom_kill_task(), kernel/bc/oom_kill.c):
///   `OOM: disabled for process N (COMM) by oom_adj.` / `… by virtinfo.`
///   `OOM: no mm for process N (COMM).` (the task already released its memory)
///   `Would have killed process N (COMM). But continuing instead.` (the
///     would_have_oomkilled sysctl; a mainline debug patch prints
///     `oom_kill_process: would have killed process N (COMM), but continuing instead...`)
///   `oom-killer in ub U generation G ends: WHY` (`task died`, `no victims`, `timeout`)
struct NotKilled {
  enum class Why { disabled, no_mm, dry_run, ub_oom_ended };
  Why why = Why::disabled;
  std::optional<int64_t> pid;  ///< the chosen task (not for ub_oom_ended)
  std::string comm;
  std::string by;              ///< disabled: "oom_adj" or "virtinfo"
  std::optional<int64_t> ub;   ///< ub_oom_ended: the beancounter id (-1: the host's own)
  std::string reason;          ///< ub_oom_ended: WHY as printed
};
std::optional<NotKilled> parse_not_killed(std::string_view s);

}  // namespace oomlens::oomline
