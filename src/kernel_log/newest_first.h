#pragma once
// Newest-first input (`journalctl -r`, `dmesg | tac`): a report whose lines
// come in reverse print order. Decided from the lines after a kill or reaper
// line that opens a candidate report: in print order (mm/oom_kill.c) the
// report's header, table and `oom-kill:` summary come *before* its kill, so
// finding them after the kill, before any header, means the text is
// reversed. Pure: looks only at the candidate's lines.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/prefix.h"

namespace oomlens {

struct NewestFirst {
  /// `repeated`: a newest-first report whose lines the text quotes again,
  /// verbatim, right after it (a paste that repeats them): they are read
  /// once, from the copy, and [line_start, end) is passed over.
  enum class Order { forward, reversed, undecided, repeated };
  Order order = Order::forward;
  /// Reversed: offset just past the report's last line in the text (its
  /// header, the first line printed), and how many lines it spans.
  /// Repeated: offset of the copy's first line, and how many lines come before it.
  size_t end = 0;
  size_t lines = 0;
  /// Reversed: the text was wrapped after it was reversed, so each record's
  /// wrapped rest follows its prefixed line (as in print order), not the
  /// other way round; `end` is past the rest of the report's last line.
  bool rests_after = false;
};

/// Lines looked at after the opening line before deciding "forward".
inline constexpr size_t kNewestFirstLookahead = 3000;

/// A terminal's pads inside lines (the scanner's probe: every `width`
/// columns, `len` spaces); {0, 0} when the input has none.
struct LinePad {
  size_t width = 0, len = 0;
};

/// `raw` without a terminal's pads (`pad`), in `out` when it had them.
[[nodiscard]] std::string_view depad_line(std::string_view raw, LinePad pad, std::string& out);

/// `text` holds whole lines; `line_start` is the start of a line whose bare
/// text is a kill, reaper, selection or no-kill end line. `undecided` when
/// `text` ends before the decision and `final` is false (the caller waits for
/// more input). A selection line whose next kill opens a newest-first report
/// is a report of its own (`end` after its line, `lines` 1); one followed
/// by its own kill (the same pid) is in print order.
/// Lines are read without the pads `pad` names. `opening_rest`: the
/// wrapped rest of the line at `line_start` that lies before it in the text
/// (ReportScanner's outcome_rest_before(), print order), read after it.
[[nodiscard]] NewestFirst detect_newest_first(std::string_view text, size_t line_start, bool final,
                                              std::optional<int> default_year, LinePad pad = {},
                                              std::string_view opening_rest = {});

/// True when the next kernel line after `after` in `text` (blank and foreign lines skipped) is the `oom-kill:`
/// summary of the kill line `outcome` (bare): its pid, or, when the summary prints none (a poster's `...`), its
/// `task=` the kill's comm. dump_header() prints the summary before the kill line, so the pair says newest-first
/// more surely than a show_mem() block before the kill says print order (corpus 694 reversed). nullopt when `text`
/// ends before that line and more may follow (not `final`).
[[nodiscard]] std::optional<bool> own_summary_follows(std::string_view text, size_t after, std::string_view outcome,
                                                      bool final, std::optional<int> default_year);

/// Printk stamps of lines in the order a reading met them: true when every
/// one is known, there are two or more, and they never rise and fall at least
/// once (so the lines were met latest first). Rows read bottom-up from a
/// text that lists them in print order, or top-down from one that lists them
/// newest first, say so; a wrapped rest (no stamp) says nothing.
[[nodiscard]] bool stamps_fall(const std::vector<std::optional<double>>& stamps);

/// True when bare kernel text may open a newest-first report (kill, reaper,
/// selection, `no killable processes` or OOM panic line). `cut`: a viewer
/// cut the line (`Killed process 62769 (...`): a kill line cut in its comm counts.
[[nodiscard]] bool may_open_newest_first(std::string_view bare, bool cut = false);

/// A report without an outcome (header-only, a paste that ended early) read
/// newest-first: its first anchor is a line that opens a report (`opening`:
/// a header, `Memory cgroup stats for`, `Task in`, `memory:`), and `prev`, the nearest
/// kernel line before it in the text, is one that print order puts right
/// *after* it: the header's own `CPU: … Comm: C` / `C cpuset=` line or the
/// first frame of its backtrace; the `Tasks state` line or table header after
/// the stats header, or v2's first `name value` stat; the `memory:` counters
/// after `Task in`; a later counter (`swap:`/`memory+swap:` after `memory:`,
/// `kmem:` after `memory+swap:`) or the stats header after a counter; the panic after
/// `no killable processes`. Bare texts.
[[nodiscard]] bool printed_after_opening(std::string_view opening, std::string_view prev);

/// For a report without an outcome whose first anchor `opening` (bare, not
/// a header; `opening_prefix` its line's prefix) ends at `after` in `text`
/// and no line before it shows newest-first order (printed_after_opening()):
/// whether the lines after it do. Its next kernel line (blank and foreign
/// lines skipped, 8 at most) is one that print order puts right *before* it
/// (`Task in` after `memory:`, `kmem:` after the stats header), or, after a `Task in` opening, a header not
/// stamped later than it and followed by no body of its own (a poster's
/// excerpt of `Task in` and its header, reversed). Returns nullopt when the text ends first and more may
/// follow (not `final`).
[[nodiscard]] std::optional<bool> older_lines_follow(std::string_view text, size_t after, std::string_view opening,
                                                     const LinePrefix& opening_prefix, bool final,
                                                     std::optional<int> default_year);

/// For a newest-first report whose opening line ends at `after` (see
/// printed_after_opening): the end of the report's older lines that follow
/// it in the text (counters, `Task in`, the stack, up to and including the
/// header, and a SysRq line printed just before the header), stopping before
/// another report's outcome. When the opening line is the header itself
/// (`opening_is_header`), only that SysRq line is looked for. `end` is `after`
/// when nothing of the report follows; `undecided` as for detect_newest_first.
[[nodiscard]] NewestFirst extend_newest_first(std::string_view text, size_t after, bool opening_is_header,
                                              bool final, std::optional<int> default_year);

}  // namespace oomlens
