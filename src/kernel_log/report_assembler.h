#pragma once
// The report assembler: a streaming state machine that groups the lines of
// one kernel OOM report (mm/oom_kill.c dump_header() … __oom_kill_process(),
// oom_reap_task()) into one OomEvent.
//
// It only sees the lines the scanner hands it: lines holding an anchor while
// no report is open, and every line while one is open (`feed` returns
// whether it wants the next line). Finished events wait a short window
// (kReaperWindowLines) for late `oom_reaper:` lines, then are emitted in
// input order.
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel_log/oom_event.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"

namespace oomlens {

/// One logical kernel line (a physical line, or one piece of a line split at
/// `#012`/embedded newlines).
struct LogicalLine {
  std::string_view text;             ///< bare kernel text
  const LinePrefix* prefix = nullptr;  ///< what the wrapper said (may be null)
  uint64_t number = 0;               ///< 1-based physical line number
  bool foreign = false;              ///< from another program: never OOM text
  bool continuation = false;         ///< unprefixed indented line (part of previous record)
  bool truncated = false;            ///< cut by a viewer: the text ends before the cut field
  bool soft_break = false;           ///< the physical line ended in a space (format=flowed)
  bool prefixed = false;             ///< the line had its own prefix: never the wrapped rest of another
  bool pad_break = false;            ///< it ended in a run of 4+ spaces: a reflow broke a terminal's pad
};

class ReportAssembler {
 public:
  using Emit = std::function<void(OomEvent&&)>;
  /// Lines after which a closed event stops waiting for its reaper line.
  static constexpr uint64_t kReaperWindowLines = 4000;

  ReportAssembler(std::string source_name, Emit emit);
  ~ReportAssembler();

  /// Feeds one line; returns true while a report is open (the caller must
  /// then feed the following lines too).
  bool feed(const LogicalLine& line);
  /// Table rows seen just before an anchor line (reports whose header was
  /// cut off, rate-limited or grep-filtered): kept for the report the next
  /// fed line opens, dropped otherwise. With `append`, after those already kept.
  void preload_rows(const std::vector<LogicalLine>& rows, bool append = false);
  /// The same rows taken into the report already open (one start_from_table()
  /// opened at the Mem-Info block above them), as start() takes kept ones.
  void adopt_rows(const std::vector<LogicalLine>& rows);
  /// A `page allocation stalls for Nms` line seen before an anchor line
  /// (ReportScanner's look-back): kept for the report the next fed line
  /// opens (OomEvent::alloc_stall), dropped otherwise.
  void preload_stall(const AllocStall& stall) { pending_stall_ = stall; }
  [[nodiscard]] bool open() const;
  /// The open report is a lone SysRq-f `Manual OOM execution` line so far:
  /// what follows it may still be another report read newest-first.
  [[nodiscard]] bool sysrq_alone() const;
  /// Opens a report at `line`, a viewer's stump of a selection line
  /// (`Memory cgroup out of memory:…`, oomline::is_cut_outcome_message())
  /// right before a kill line that prints no message (≤4.19 `Killed
  /// process …`, which its selection line precedes): the report's first
  /// line and time are the stump's, what it selected is unknown.
  void start_at_cut_selection(const LogicalLine& line);
  /// Records were lost: closes the open report with a note.
  void gap(std::string_view why);
  /// Emits waiting events whose reaper window ended before `line_number`.
  void expire(uint64_t line_number);
  /// Closes everything and emits all events.
  void finish();
  /// Live input's quiet window: closes the open report when it has an
  /// outcome (kill/selection) or `include_incomplete`, then emits every
  /// waiting event without waiting for its reaper line. Returns how many
  /// events were emitted. Unlike finish(), later lines go on being read.
  size_t flush(bool include_incomplete);
  /// Closes the open report (if any); it then waits for its reaper line.
  void close_open() { close(); }
  /// Opens a report at line `first_line`, the start of a dump_stack() block
  /// (`CPU: … Comm: …`) whose call trace runs through out_of_memory(), its
  /// `invoked oom-killer` header not in the input (a paste that starts
  /// there). The caller then feeds the block's lines. The report is kept
  /// only if its trace passes dump_header() or a report line follows
  /// (Building::stack_confirmed()). `time_from_first`: nothing of the
  /// block lies before `first_line` (the input's start, or another record
  /// before it), so the report's time is that line's, whatever the line
  /// (`Call Trace:`, `Hardware name:`); else only a CPU or cpuset line's.
  /// `mid_trace`: the block opens inside its call trace (no `CPU:`, `Hardware name:` or `Call Trace:` line of it
  /// in the input): no line of the trace gives the report's time.
  void start_from_stack(uint64_t first_line, bool time_from_first = false, bool mid_trace = false);
  /// Opens a report at line `first_line`, the start of the Mem-Info block
  /// (or Tasks table) before a Tasks table's header, no report header or
  /// other anchor near it (an excerpt of Mem-Info and the table only). The
  /// caller then feeds the block's lines; Mem-Info lines are read as such
  /// without a `Mem-Info:` line.
  /// `meminfo`: the look-back read machine-wide Mem-Info lines; `memcg_stat`:
  /// it stopped at a cgroup v2 memory.stat line (line_is_memcg_stat()).
  /// `time_from_line`: the report's time is that line's (the kill or panic
  /// line whose look-back found the block), the block's own stamps only
  /// when it has none; 0: the block's first stamped line's, as for a header.
  void start_from_table(uint64_t first_line, bool meminfo, bool memcg_stat, uint64_t time_from_line = 0);
  /// No report open and no event waiting.
  [[nodiscard]] bool idle() const { return !cur_ && waiting_.empty(); }

  struct Building;

 private:
  void start(const LogicalLine& line);
  void close();
  bool fold_group_kill(OomEvent& ev);  // close(): a memory.oom.group kill whose `Tasks in …` line is not in the text
  bool attach_reaper(const LogicalLine& line, std::string_view text);
  // `oom_reaper: unable to reap pid:N`: marks the victim N of the open report or of one still waiting; false
  // when none is.
  bool mark_reap_failed(int64_t pid);
  /// Whether the reaper line `line` of pid `pid` names the open report's victim, whose kill line and summary
  /// are not in the text (Building::reaps_unprinted_kill()): no report waiting killed that pid, and, with stamps,
  /// the line is within kMaxGapAfterOutcomeS of the report's last stamped line.
  bool reaps_this_report(const LogicalLine& line, int64_t pid) const;
  void absorb_prelude();  // the kept rows (preload_rows()) into the open report

  std::string source_;
  Emit emit_;
  std::unique_ptr<Building> cur_;
  uint64_t opened_ = 0;  // reports opened so far: whether a fed line opened the next one
  struct Waiting;
  std::deque<Waiting> waiting_;
  std::vector<std::pair<LogicalLine, std::string>> prelude_;  // rows + owned text
  std::optional<AllocStall> pending_stall_;                   // preload_stall()
  /// An unprefixed `X invoked oom-killer` line (a poster's header cut to its comm, which alone may be prose) and
  /// its line number: the header of a report that the very next line opens with its summary or kill line.
  std::optional<std::pair<oomline::Header, uint64_t>> bare_stump_;
  void adopt_bare_stump(const LogicalLine& line);
  /// Reaper lines whose kill was not seen yet: newest-first text prints the
  /// reaper before its kill (kept kEarlyReaperLines lines, a few at most).
  struct EarlyReaper {
    int64_t pid = 0;
    Reaped reaped;
    uint64_t line = 0;
  };
  std::vector<EarlyReaper> early_reapers_;
  void take_early_reaper(int64_t pid, std::optional<Reaped>& reaped, uint64_t line);
};

/// True when `text` (bare kernel text) is a line that can start a report or
/// stand alone (header, kill, selection, summary, memcg context, panic, …).
/// Used by the scanner to decide whether to look back for table rows.
bool line_opens_report(std::string_view text);
/// True when bare `text` is a poster's elision mark, alone on its line: dots or `…` (`...`, `[...]`, `[…]`),
/// with at most a word saying so (`[... snip ...]`, `(...snipped...)`, `<snip>`, `[cut]`), or grep's group
/// separator `--` between two context windows (`grep -A/-B/-C`). No record's wrapped rest, never a record of
/// its own.
bool poster_elision(std::string_view text);
/// True when bare `text` is a record of its own (any line the assembler
/// recognises, a stack line, `Call Trace:` …), never the wrapped rest of another.
bool line_is_record(std::string_view text);
/// True when bare `text` is a line of a dump_stack() block between its
/// first line and an OOM frame: a frame (`func+0x…`, `[<addr>] …`, `? …`,
/// ARM's `a from b+0x…`), `<TASK>`, or a hex dump (MIPS `Stack : 8041… …`,
/// ARM `9fa0: 0000… …`).
bool line_is_stack_text(std::string_view text);
/// True when bare `text` is the whole start of a Mem-Info line of
/// show_mem()/show_free_areas() (`Node 0 …`, `Free swap  = …`, `N pages RAM`,
/// `N total pagecache pages`, a `key:N` counters line, …): in text
/// hard-wrapped at a fixed width, a line that was exactly that wide before
/// it is whole, not cut.
bool line_starts_meminfo(std::string_view text);
/// True when `text` is a Tasks-table row (`[  pid]  …`) or the table header.
bool line_is_table_row(std::string_view text);
/// True when bare `text` is dump_tasks()'s first line, `Tasks state (memory
/// values in pages):` (4.19+; mm/oom_kill.c prints it in an OOM report only).
bool is_tasks_state(std::string_view text);
/// True when `text` starts a Tasks-table row or its header (`[ 1046]  1066`,
/// `[ pid ]   uid  tgid`), whole or not; never a stack frame (`[<ffff…>]`).
bool starts_table_line(std::string_view text);
/// The column names of a Tasks-table header (oomline::parse_table_header(),
/// ending in `name`). One a viewer cut (`truncated`, its cut name dropped by
/// normalize_line()) gives the names before the cut, from `uid` on, and ""
/// for the columns after it.
std::optional<std::vector<std::string>> table_columns(std::string_view text, bool truncated);
/// A Tasks-table header that a paste cut before its `name` column with no
/// viewer's mark (`[ pid ]   uid  tgid total_vm      rss cpu oom_adj`, corpus
/// 655): its words are dump_tasks()'s column names. Read only looking back
/// from an outcome, where the line after it is no rest of it.
bool unmarked_cut_table_header(std::string_view text);
/// True when bare `text` is a line of a Mem-Info block (line_starts_meminfo,
/// a zone's `DMA free:…` line or buddy list `Normal: 3*4kB …`, `N pages …`).
bool line_is_meminfo(std::string_view text);
/// True when bare `text` is a piece of a show_mem()/show_free_areas() line a mail client or terminal wrapped
/// (`active:7994996kB inactive:24532kB present:8388604kB`, `0*512kB 1*1024kB 0*4096kB = 2044kB`,
/// `all_unreclaimable? yes`): every word a field of those lines (`key:N`, `key:NkB`, `N*NkB`, `NkB`, `=`, a
/// migrate-type list `(UME)`, `all_unreclaimable?`, `yes`, `no`) and at least one a figure. No line of its own.
bool line_is_meminfo_piece(std::string_view text);
/// True when bare `text` is a line of show_mem()'s block as a paste keeps it: line_starts_meminfo() but
/// `Tasks state` (dump_tasks()'s), is_show_free_areas_head() (2.6.x `Active:N inactive:N …`, `DMA per-cpu:`,
/// `Free pages: …`), or another line_is_meminfo() line that starts with a count or a zone's name (not an i915
/// `Purging GPU memory, 0 pages freed, …`).
bool line_is_show_mem(std::string_view text);
/// True when bare `text` is a line of a cgroup v2 memory.stat dump as
/// mem_cgroup_print_oom_meminfo() prints it (`key N`, a memory.stat key such
/// as `anon_thp`, `workingset_refault_anon`, `pgfault`): show_mem() prints none.
bool line_is_memcg_stat(std::string_view text);

}  // namespace oomlens
