#pragma once
// Newest-first input (`journalctl -r`, `dmesg | tac`): a report whose lines
// come in reverse print order. Decided from the lines after a kill or reaper
// line that opens a candidate report: in print order (mm/oom_kill.c) the
// report's header, table and `oom-kill:` summary come *before* its kill, so
// finding them after the kill, before any header, means the text is
// reversed. Pure: looks only at the candidate's lines.
#include <cstddef>
#include <optional>
#include <string_view>

namespace oomlens {

struct NewestFirst {
  enum class Order { forward, reversed, undecided };
  Order order = Order::forward;
  /// Reversed: offset just past the report's last line in the text (its
  /// header, the first line printed), and how many lines it spans.
  size_t end = 0;
  size_t lines = 0;
};

/// Lines looked at after the opening line before deciding "forward".
inline constexpr size_t kNewestFirstLookahead = 3000;

/// `text` holds whole lines; `line_start` is the start of a line whose bare
/// text is a kill or reaper line. `undecided` when `text` ends before the
/// decision and `final` is false (the caller waits for more input).
[[nodiscard]] NewestFirst detect_newest_first(std::string_view text, size_t line_start, bool final,
                                              std::optional<int> default_year);

/// True when bare kernel text may open a newest-first report (kill or reaper line).
[[nodiscard]] bool may_open_newest_first(std::string_view bare);

}  // namespace oomlens
