#pragma once
// Internal: the state of the report being assembled, as printed (raw units),
// and its conversion into an OomEvent (report_finalize.cpp).
#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel_log/oom_event.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_assembler.h"

namespace oomlens {

struct RawRow {
  oomline::RowLine row;
  uint64_t line = 0;
};

/// Two printings' sizes (kill lines in kB, victims in bytes: one unit on both sides): at least one size both print,
/// and none both print differs. A size one of them lacks does not count.
inline bool sizes_agree(
    std::initializer_list<std::pair<std::optional<uint64_t>, std::optional<uint64_t>>> pairs) {
  bool shared = false;
  for (const auto& [x, y] : pairs) {
    if (!x || !y) continue;
    if (*x != *y) return false;
    shared = true;
  }
  return shared;
}

struct RawKill {
  oomline::KillLine kill;
  uint64_t line = 0;
  std::optional<bool> printed_twice = false;  // Victim::printed_twice
  std::optional<oomline::KillLine> again;  // the line printed again (Victim::reprinted)
  std::optional<Reaped> reaped;
  bool reap_failed = false;  // Victim::reap_failed
};

// printk's caller id of a line, read from its prefix (LinePrefix::caller_id).
inline std::optional<uint32_t> caller_of(const LogicalLine& line) {
  return line.prefix ? line.prefix->caller_id : std::nullopt;
}

struct ReportAssembler::Building {
  enum class Section { none, meminfo, stats, table };
  /// The kind of the last recognised line, while it may still be continued
  /// by a wrapped piece (report_rejoin.cpp).
  enum class Piece { none, header, kill, summary, row, counter, stack, reaper, task_in, panic, other };

  LineRange lines;
  EventTime time;
  std::optional<std::string> host;
  std::optional<uint64_t> kmsg_seq;
  std::optional<uint64_t> last_seq;  // to notice records lost inside the report
  std::optional<std::string> boot_id;

  std::optional<oomline::Header> header;
  std::optional<oomline::StackLine> stack;
  // A dump's `CPU: … PID:` line after a selection that no kill line has followed yet, the report naming no task
  // (no header, no stack line): another dump's (a spinlock BUG, a warning) unless its call trace runs through
  // oom_kill_process(), which printed that selection and has not printed the kill yet; then that task is the one
  // that invoked the OOM killer (note_stack_frame() takes it as `stack`). Dropped at the next recognised line.
  std::optional<oomline::StackLine> stack_after_selection;
  bool stack_from_later_dump = false;  // `stack` is such a line (a note says so)
  std::optional<oomline::WorkqueueLine> workqueue;  // its dump_stack() block's `Workqueue:` line, after the stack line
  std::optional<oomline::CpusetLine> cpuset;
  std::optional<oomline::Summary> summary;
  std::optional<uint64_t> summary_line;  // its line number (a header-less table's rows run toward it)
  // `summary` was taken as the report's only kill's (summary_of_kill_before()) from a piece ending before its
  // `task=` (`oom-kill:constraint=CONSTRAINT_NONE, global_oom,` + a rest on the next line, corpus 630 re-flowed):
  // when its rest names another task, whose summary it is is unknown and it is dropped (report_rejoin.cpp).
  bool summary_task_to_come = false;
  std::optional<oomline::TaskIn> task_in;
  std::optional<std::string> limit_reached_memcg;
  std::vector<oomline::CounterLine> counters;
  std::optional<std::string> stats_path;
  // `Memory cgroup stats for` ended its line: the path may be the next one,
  // indented (a reflow) or after a format=flowed soft break (`soft`).
  bool stats_path_next = false, stats_path_soft = false;
  std::vector<std::pair<std::string, uint64_t>> stats;  // as printed
  bool stats_v1_kb = false;
  bool stats_v2 = false;

  bool meminfo = false;
  std::optional<uint64_t> free_pages, active_anon_pages, inactive_anon_pages, shmem_pages,
      slab_unreclaimable_pages, pagetables_pages;
  // `active_file:N inactive_file:N` (2.6.28+); ≤2.6.28's `slab:N` (all slab) or its `N pages slab` line.
  std::optional<uint64_t> active_file_pages, inactive_file_pages, slab_pages;
  std::optional<uint64_t> unevictable_pages;  // `unevictable:N` (2.6.28+)
  std::optional<uint64_t> free_cma_pages;     // `free_cma:N` (3.8+): the free pages in CMA pageblocks
  std::optional<uint64_t> slab_reclaimable_pages;  // `slab_reclaimable:N` (2.6.28+)
  std::optional<uint64_t> free_swap_kb, total_swap_kb, ram_pages, reserved_pages;
  std::optional<uint64_t> swapoff_unread_kb;  // MemInfo::swapoff_unread_bytes: a negative `Free swap`
  std::optional<uint64_t> buddy_page_kb;
  // The zones named by show_free_areas()'s `<zone> per-cpu:` heads (≤3.x) and by its zone lines, as printed
  // (`DMA`, `Node 0 DMA`): the same names in both say every populated zone's line is in the text.
  std::vector<std::string> percpu_zone_names, zone_line_names;
  // Zone, hugepages and unreclaimable-slab lines (meminfo_detail.cpp), bytes.
  std::optional<uint64_t> highmem_pages;
  std::vector<Zone> zones;
  std::vector<HugePages> hugepages;
  std::vector<SlabCache> slab;
  bool in_slab_table = false;

  std::vector<std::string> columns;  // table header, without "[ pid ]"
  std::optional<uint64_t> columns_line;  // the header's line number
  bool table_after_outcome = false;  // the table header came after the selection or kill (a paste's order)
  // A poster's elision mark (`(...snipped...)`, `[...]`) came after the selection or kill: text was left out
  // there, so a task row after it is a later report's, not this one's pasted out of order.
  bool elided_after_outcome = false;
  std::vector<RawRow> rows;
  // Header-less tables: how many numbers most rows have (a tie: the fewer),
  // 0 when unknown; set by finalize_event(). A row with more is damaged
  // (a terminal's pad inside a number) and its figures are unknown.
  size_t row_numbers_usual = 0;
  uint64_t rows_dropped = 0;                  // left out by bound_task_rows()
  std::optional<uint64_t> dropped_rss_pages = 0;  // their rss, pages; nullopt once one was unknown
  std::optional<RawRow> wrapped_row;  // row cut before its name, waiting for the rest

  std::vector<oomline::SelectLine> selected;
  std::vector<RawKill> kills;
  // `oom_reaper: reaped process N` of the task the `oom-kill:` summary chose,
  // in a report with no kill line: the reaper works only on a task the killer
  // has killed (mm/oom_kill.c: wake_oom_reaper() from __oom_kill_process()),
  // so it proves the kill; the kill line's sizes stay unknown.
  // A summary cut by a viewer before its pid: the reaper line that follows
  // in the report, with no kill line, is taken as its task's.
  std::optional<Reaped> chosen_reaped;
  int64_t chosen_reaped_pid = 0;
  std::string chosen_reaped_comm;  // "" when the reaper line was cut before it
  bool summary_cut = false;
  /// The reaper line of pid `pid` is the chosen task's: the summary's pid, or none was left by a cut.
  [[nodiscard]] bool reaps_chosen(int64_t pid) const {
    return kills.empty() && !chosen_reaped && summary && (summary->pid ? *summary->pid == pid : summary_cut);
  }
  /// A reaper line in a report that printed its header (or a selection) but neither a kill line nor an
  /// `oom-kill:` summary (a `grep oom` keeps the header and the reaper, not `Killed process …`; corpus 438): the
  /// reaper reaps only a task the killer killed, so it names this report's victim. The caller checks that no
  /// earlier report killed that pid and that the line is in the report's burst of stamps.
  [[nodiscard]] bool reaps_unprinted_kill() const {
    return kills.empty() && !chosen_reaped && !summary && !vm_killing && (header || !selected.empty());
  }
  /// A reaper line of a task with a row in this report's table, in a report with neither a kill line nor an
  /// `oom-kill:` summary (an excerpt from the table on, its header not in the text; corpus 553): the reaper reaps
  /// only a task the killer killed, and dump_tasks() lists the candidates of this OOM, so it names this report's
  /// victim. The caller checks as for reaps_unprinted_kill().
  [[nodiscard]] bool reaps_listed_task(int64_t pid) const {
    if (!kills.empty() || chosen_reaped || summary || vm_killing) return false;
    return std::any_of(rows.begin(), rows.end(), [pid](const RawRow& r) { return r.row.pid == pid; });
  }
  // Linux 2.4's `VM: killing process NAME` (its own report: no header, no pid); "" when cut.
  std::optional<std::string> vm_killing;
  // The selection and kill lines as fed (a hash of the text, and of the
  // wall time, 0 when none), with their stamps: a paste that quotes them
  // again (`repeats_outcome()`) is read once.
  struct OutcomeLine {
    int64_t pid = 0;
    size_t text_hash = 0;
    std::optional<double> monotonic_s;
    size_t wall_hash = 0;
    bool wall_fraction = false;  // the wall time has fractions of a second
    uint64_t number = 0;         // its physical line (LogicalLine::number)
  };
  std::vector<OutcomeLine> outcome_lines;
  bool repeating = false;  // a selection was quoted again: its kill's copy follows
  bool group_kill = false;
  std::optional<std::string> group_kill_memcg;  // the path of `Tasks in PATH are going to be killed …`
  bool no_killable = false;
  // 4.19+: a kernel record of the same burst or later (printk stamp not earlier) came after the no-killable
  // warning, and no panic: out_of_memory() panics (`System is deadlocked on memory`) right after the warning for
  // a global OOM only, so the kernel going on says memcg (or SysRq, whose header says order=-1).
  bool went_on_after_no_killable = false;
  std::optional<std::string> panic_message;
  std::optional<AllocStall> alloc_stall;  // ReportAssembler::preload_stall()
  bool sysrq = false;
  // printk's caller id of the task that prints the report (caller_of()); a SysRq-f report is
  // printed by the kworker that runs moom_callback, not by the writer of its `Manual OOM execution` line.
  std::optional<uint32_t> caller_id;
  bool memcg_stack = false;  // a frame mem_cgroup_out_of_memory / mem_cgroup_oom_synchronize
  std::string memcg_frame;   // the first of those frames, as the note names it
  LimitWrite limit_write = LimitWrite::none;  // a caller of those frames: a write to the cgroup's limit
  bool alloc_stack = false;  // out_of_memory() called from the page allocator (__alloc_pages*)
  bool pagefault_stack = false;  // out_of_memory() called by pagefault_out_of_memory() (VM_FAULT_OOM)
  bool reclaim_stack = false;  // out_of_memory() called by kswapd's multi-gen LRU aging (lru_gen_age_node)
  bool reclaim_inlined = false;  // … that aging inlined: out_of_memory() called by balance_pgdat() itself
  bool frame_oom = false;    // the previous stack frame was out_of_memory()
  bool oom_frame = false;    // a reliable frame out_of_memory() (not `? out_of_memory`)
  bool frame_unreliable = false;  // the previous line was an x86 frame's `[<addr>] ?`, its symbol reflowed
  bool has_content = false;  // anything beyond a SysRq preamble
  // Opened at its dump_stack() block (`CPU: … Comm: …`, its call trace through
  // out_of_memory()): the header was not in the input (start_from_stack()).
  bool headerless = false;
  bool time_from_first = false;  // start_from_stack(): the first line's time is the report's
  bool mid_trace = false;        // start_from_stack(): opened inside the trace, no frame's time is the report's
  // Opened at the Mem-Info block or Tasks table before a table header (start_from_table()).
  bool from_table = false;
  // The lines before such a start: show_mem()'s machine-wide Mem-Info (a
  // global, cpuset or mempolicy OOM), or cgroup v2 memory.stat lines
  // (`anon_thp 0`, printed by mem_cgroup_print_oom_meminfo(): a memcg OOM).
  bool memcg_stat_before_table = false;
  // Opened so and no table header read yet: the earliest time of its lines (take_time()).
  EventTime earliest;
  // Opened so by the look-back of a later kill or panic line (its number): the lines before it keep their time
  // in `earliest` too, so the report's time is that line's whether or not a mangle let the look-back reach the
  // block.
  uint64_t time_from_line = 0;
  bool dump_header_frame = false;  // a frame dump_header(): the trace is the report's own
  std::optional<double> last_mono;

  Section section = Section::none;
  uint64_t quiet = 0;  // consecutive unrecognised lines
  // The header's line number, while no line of its report has been recognised after it (0 otherwise), and
  // whether a blank line came since: a poster's prose paragraph there ends a header-only excerpt.
  uint64_t bare_header_line = 0;
  bool blank_since_header = false;
  // That prose came after a printk-stamped header: the report goes on only if its next kernel line is stamped in
  // the header's burst (a document quoting one report in sections), decided at that line.
  bool prose_after_header = false;
  std::vector<std::string> notes;
  std::vector<uint64_t> cut_lines;  // lines a viewer cut (`...`, `…`)
  Piece piece = Piece::none;        // last recognised line, kept for rejoining
  Piece last_record = Piece::none;  // the last record read, a line that is none (a wrapped rest, prose) aside
  std::string piece_text;
  bool piece_soft = false;          // it ended in a space (format=flowed soft break)
  bool piece_pad = false;           // it ended in a run of spaces: a terminal's pad a reflow broke
  bool piece_short = false;         // an `other` piece under 24 bytes: joined only to a `cpuset=` or an indented rest
  // The width of the piece's first line when it had no prefix (0 otherwise), and of the last line joined to it
  // (0 until one is): two equal widths are a hard wrap at that width, which may cut a record's last number.
  size_t piece_first_width = 0;
  size_t piece_last_width = 0;
  std::vector<uint64_t> joined_lines;

  [[nodiscard]] bool has_outcome() const { return !kills.empty() || !selected.empty() || vm_killing; }
  /// A report opened at its call trace is one when the trace runs through
  /// dump_header() or a line of the report follows it (Mem-Info, the task
  /// table, memcg lines, a kill …); until then it may be another trace
  /// through out_of_memory() (a stall, a warning) and is dropped at close.
  [[nodiscard]] bool stack_confirmed() const {
    return dump_header_frame || has_content || meminfo || !rows.empty() || !columns.empty() || wrapped_row;
  }
};

/// Whether the text of a recognised line of `kind` looks whole.
bool piece_complete(ReportAssembler::Building::Piece kind, std::string_view text);
/// Re-parses the joined text of a broken line and replaces what its first
/// piece gave; false when the joined text does not parse as `kind`.
bool apply_joined(ReportAssembler::Building& b, ReportAssembler::Building::Piece kind, std::string_view joined);
/// The lines of a Mem-Info block (show_mem()/show_free_areas()); true when
/// `t` is one of them (recorded in `b`). meminfo_detail.cpp.
bool meminfo_line(ReportAssembler::Building& b, std::string_view t);
/// A zone's buddy-list line (mm/page_alloc.c show_free_areas(), mm/show_mem.c):
/// `Node 0 Normal: 1*4kB (U) 2*8kB (UM) … = 12kB`, or without `Node N` (≤4.7,
/// 32-bit ARM and MIPS). Its first block is order 0, one page: `page_kb` is the
/// page size in KiB (4 on x86, 16 or 64 on MIPS, arm64 and ppc64 kernels).
/// `zone` points into `t`. nullopt when `t` is not one, or is cut before its
/// first block's `kB`. meminfo_detail.cpp.
struct BuddyListHead {
  std::string_view zone;  ///< "DMA", "Normal", … as printed
  uint64_t page_kb = 0;   ///< the order-0 block, KiB
};
[[nodiscard]] std::optional<BuddyListHead> parse_buddy_list(std::string_view t);
/// Zone lines, `hugepages_total=` lines, `N pages HighMem/MovableOnly` and
/// the `Unreclaimable slab info:` table of a Mem-Info block; true when `t`
/// is one of them (recorded in `b`). meminfo_detail.cpp.
bool meminfo_detail_line(ReportAssembler::Building& b, std::string_view t);

/// Rejoining broken lines (report_rejoin.cpp): the wrapped rest `t` of the
/// last recognised line joined to it when that one looks incomplete; true
/// when taken.
bool rejoin(ReportAssembler::Building& b, const LogicalLine& line, std::string_view t);
/// A line with a terminal's pad inside a token, the pads taken out.
std::string unpadded_record(std::string_view t);
/// A table row a terminal wrapped, put back together as one row text.
std::string join_wrapped_row(const RawRow& r, std::string_view rest);
/// Whether the comm of a row put back together from pieces can be a task's
/// name: not empty and at most 15 bytes (TASK_COMM_LEN). A longer one took
/// text that is not its (a kill line's `UID:1000 pgtables:41196kB …` read
/// as the rest of a row newest-first): the pieces are not one row.
bool joined_comm_fits(std::string_view comm);
/// Whether `t` (a line's trimmed text) reads as the rest of a comm a wrap
/// cut (`rpc` + `.statd`, `pyth` + `on`): one word (no space, tab, ':', '=',
/// brackets), some letter or digit, no `--` start, no `!`, `?` or `,` at its
/// end. A poster's `hi all`, `Thanks!` or `see:` is not; a one-word `ok`
/// cannot be told from a cut comm's rest by its text.
bool looks_like_comm_rest(std::string_view t);

/// Line kinds the state machine tells apart (report_line_kinds.cpp): `Out of
/// memory and no killable processes`, the message of a `Kernel panic - not
/// syncing:` line, whether a panic message is an OOM's, SysRq's `Manual OOM
/// execution`.
bool is_no_killable(std::string_view t);
std::optional<std::string_view> panic_text(std::string_view t);
bool is_oom_panic(std::string_view msg);
/// A cut OOM panic message (a viewer's `...`) completed when only one of the kernel's begins with it.
std::string complete_cut_panic(std::string_view stump);
/// The panic message as the report keeps it: cut (`truncated`) it is completed (complete_cut_panic()); rejoined
/// from a word-wrapped line without the break's space it is the kernel's message that reads so with the spaces out.
std::string oom_panic_message(std::string_view msg, bool truncated);
bool is_sysrq(std::string_view t);
/// show_mem()'s first line: `Mem-Info:`, `Mem-info:` before 3.x (2.6.2x's show_mem()).
bool is_meminfo_head(std::string_view t);
/// Evidence that an OOM the call trace or Mem-Info calls global was confined to some NUMA nodes: a Normal zone at
/// or under its min watermark while another node's Normal/Movable zone (in `mems`, `mems_allowed`'s node list,
/// when printed) held 1 GiB or more free and ten times its min, for an order-0 allocation whose gfp mask (bare hex
/// or with names) asks for neither ZONE_DMA nor ZONE_DMA32. The sentence naming both zones (kB as printed), or
/// nullopt. report_finalize.cpp.
std::optional<std::string> node_confined_evidence(const std::vector<Zone>& zones, std::optional<std::string_view> gfp,
                                                  std::optional<int> order, std::optional<std::string_view> mems);
/// show_free_areas()'s first line in 2.6.x, where no `Mem-info:` line precedes it in the paste: `DMA per-cpu:`,
/// `Node 0 Normal per-cpu:`, `Free pages: … HighMem)`, `Active:N inactive:N …`; and 2.6.28+'s
/// `active_anon:N inactive_anon:N …` after an elided `Mem-Info:`.
bool is_show_free_areas_head(std::string_view t);
/// A zone's watermark line of show_free_areas(): `[Node N ]<Zone> free:NkB min:NkB …` (DMA, DMA32, Normal,
/// HighMem, Movable), e.g. the first line of Mem-Info a poster kept after eliding the rest (`[...]`).
bool is_zone_watermark_line(std::string_view t);
/// A line of show_mem()'s tail, after the zones: `Free swap  = NkB`, `Total swap = NkB`, `Swap cache stats: …`,
/// `N total pagecache pages`, `N pages in swap cache`, `N pages RAM`, `N pages reserved`, `N pages
/// HighMem/MovableOnly`, e.g. the first of Mem-Info a grep's window kept (`grep -B5 -A2`: the counters and zones
/// between `--` separators left out, corpus 702).
bool is_show_mem_tail_line(std::string_view t);
/// mm/page_alloc.c warn_alloc()'s first line: `<comm>: page allocation failure: order:N, mode:…` (2.6's
/// `page allocation failure. order:N, mode:0x…`): another dump (its CPU line, stack and Mem-Info its own), no OOM.
bool is_alloc_failure(std::string_view t);

/// Call-trace frames that tell the constraint: mem_cgroup_out_of_memory /
/// mem_cgroup_oom_synchronize (memcg), or out_of_memory() whose caller is
/// __alloc_pages* (the page allocator: a global, cpuset or mempolicy OOM)
/// or by pagefault_out_of_memory() (a fault that failed with VM_FAULT_OOM:
/// always global, as the fault has no zonelist to constrain it).
/// x86 prints callers on the next line, ARM as `out_of_memory from
/// __alloc_pages…` or `(out_of_memory+0x0/…) from [<…>] (__alloc_pages…)`.
void note_stack_frame(ReportAssembler::Building& b, std::string_view t);

/// Keeps the `keep` largest rows of the Tasks table (rss + swapents, in
/// pages; a row without rss counts as 0), in printed order, counting the
/// rest in rows_dropped and dropped_rss_pages. With `keep_last`, the last
/// row is kept as well, besides those (a wrapped line may still be joined
/// to it).
void bound_task_rows(ReportAssembler::Building& b, size_t keep, bool keep_last);

/// Builds the event (unit conversion, page size, constraint, victims' adj).
OomEvent finalize_event(ReportAssembler::Building&& b, const std::string& source);

/// Notes finalize_event() writes that ReportAssembler::close() takes back when it folds a header pasted after its
/// report's outcome into that report (fold_late_header(), report_assembler_events.cpp): the outcome's report then
/// has a header, and the header's has an outcome.
inline constexpr std::string_view kNoteNoHeaderBeforeKill =
    "no `invoked oom-killer` header before this kill (rate-limited, lost or filtered)";
/// The start of the selection's note; its rest says that no kill line follows.
inline constexpr std::string_view kNoteNoHeaderBeforeSelection =
    "no `invoked oom-killer` header before this selection (rate-limited, lost or filtered)";
inline constexpr std::string_view kNoteNoKillLine =
    "the report ends before any kill line (cut off, lost, or the victim was already exiting)";

/// Whether summary `sum` names the victim of kill line `k`: task= its comm (or, with no pid= or uid= after it, a
/// start of it: the summary cut there; any task, for a kill line printed without its name) and pid= its pid when
/// printed.
bool summary_names_kill(const oomline::KillLine& k, const oomline::Summary& sum);

}  // namespace oomlens
