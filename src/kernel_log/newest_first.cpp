// Newest-first detection (see newest_first.h).
#include "kernel_log/newest_first.h"

#include <optional>
#include <string>
#include <vector>

#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_assembler.h"
#include "kernel_log/report_building.h"
#include "util/text.h"

namespace oomlens {
namespace {

// A header, or one cut after `invoked oom-killer` on a line with its own
// prefix (as ReportAssembler::feed() reads it): it opens its report.
bool header_line(const NormalizedLine& n, std::string_view t) {
  return oomline::parse_header(t) || (n.has_prefix && oomline::parse_header_cut(t));
}

using namespace oomlens::text;

// The start of a Tasks table: its `Tasks state` line or its column header,
// whole or wrapped.
bool starts_table(std::string_view t) { return starts_with(t, "Tasks state") || oomline::starts_table_header(t); }

// Whether the first record after `pos` in `text`, past the table's own
// starting lines, blank and foreign lines and pieces of wrapped lines (4 lines
// at most), is a table row.
bool rows_follow(std::string_view text, size_t pos, std::optional<int> default_year) {
  NormalizedLine n;
  for (int i = 0; i < 4 && pos < text.size(); ++i) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    normalize_line(text.substr(pos, eol - pos), n, default_year);
    pos = eol + 1;
    const std::string_view t = trim(n.text);
    if (n.foreign || t.empty() || starts_table(t)) continue;
    if (oomline::parse_row(t)) return true;
    if (line_is_record(t)) return false;
  }
  return false;
}

// A line printed before the kill in print order, other than the header and
// the summary/selection (which need a pid check).
// show_mem()'s lines (a 2.6.x block without its `Mem-info:` line) and a frame of the OOM killer's own path count
// too: show_mem() also prints after a kill for a page allocation failure or SysRq-m, but then its cause's line
// (`…: page allocation failure…`, `SysRq : Show Memory`) comes first in print order, and ends the look
// (another_dump()).
bool printed_before_kill(std::string_view t) {
  return line_is_table_row(t) || starts_with(t, "Tasks state") || oomline::parse_counter(t) ||
         oomline::parse_task_in(t) || oomline::parse_stats_header(t) || is_meminfo_head(t) ||
         oomline::parse_stack_line(t) || oomline::parse_cpuset(t) || starts_with(t, "Call Trace:") ||
         line_is_show_mem(t) || oomline::is_oom_frame(t);
}

// The first line of another dump that prints show_mem() (a page allocation failure, SysRq-m): after a kill in the
// text, before anything printed before that kill, it says print order. An oops, BUG or WARNING (`BUG: unable to handle kernel …`, `Oops: 0002 [#1] …`, `general protection fault`,
// `------------[ cut here ]------------`, `WARNING: CPU: …`, ARM/PowerPC's `Unable to handle kernel …`) prints its own
// `CPU: … Comm: …` line and call trace after it: those lines are the oops's, not an OOM report read newest-first
// (a trinity run's kill, then the oops in its child's fork: corpus 616).
bool another_dump(std::string_view t) {
  return is_alloc_failure(t) || t.find("SysRq : Show Memory") != std::string_view::npos ||
         t.find("sysrq: Show Memory") != std::string_view::npos || starts_with(t, "BUG: ") ||
         starts_with(t, "Oops: ") || starts_with(t, "general protection fault") ||
         starts_with(t, "------------[ cut here ]------------") || starts_with(t, "WARNING: CPU: ") ||
         starts_with(t, "Unable to handle kernel ");
}

// After the header of a newest-first report: a SysRq line printed just
// before it (within 3 lines of the text) belongs to it. Returns the offset
// after that line, `pos` itself when there is none, or npos when the text
// ends before the 3 lines and more may follow (not `final`).
size_t take_sysrq_after(std::string_view text, size_t pos, bool final) {
  size_t p = pos;
  for (int i = 0; i < 3; ++i) {
    if (p >= text.size()) return final ? pos : std::string_view::npos;
    size_t eol = text.find('\n', p);
    size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
    if (is_sysrq(text.substr(p, next - p))) return next;
    p = next;
  }
  return pos;
}

// The last lines of a report without a kill: `no killable processes`, an OOM panic.
bool is_end_without_kill(std::string_view t) {
  return t.find("Out of memory and no killable processes") != std::string_view::npos ||
         (t.find("Kernel panic - not syncing: ") != std::string_view::npos &&
          (t.find("of memory") != std::string_view::npos || t.find("on memory") != std::string_view::npos ||
           t.find("panic_on_oom") != std::string_view::npos));
}

// The wall time of the nearest line with one among the 8 before `line_start`
// (step -1) or from `line_start` on (step +1), in `text`.
std::optional<std::string> nearest_wall(std::string_view text, size_t line_start, int step,
                                        std::optional<int> default_year,
                                        const std::optional<std::string>& differ_from = std::nullopt) {
  NormalizedLine n;
  size_t pos = line_start;
  for (int i = 0; i < 8; ++i) {
    size_t start = pos, end = pos;
    if (step < 0) {
      if (pos == 0) return std::nullopt;
      end = pos - 1;  // the '\n' before `pos`
      start = end;
      while (start > 0 && text[start - 1] != '\n') --start;
      pos = start;
    } else {
      if (pos >= text.size()) return std::nullopt;
      end = text.find('\n', pos);
      if (end == std::string_view::npos) end = text.size();
      pos = end + 1;
    }
    normalize_line(text.substr(start, end - start), n, default_year);
    // A line stamped the same second as the one compared tells no order: look past it.
    if (n.prefix.wall && (!differ_from || *n.prefix.wall != *differ_from)) return n.prefix.wall;
  }
  return std::nullopt;
}

// Whether the wall times around a kill line (at `kill_start`) and the
// selection after it (its line [sel_start, sel_end)) go backwards: a line
// before the kill later than it, or one after the selection earlier. Times
// of one format only (same length), compared as text; false on any later
// one in print order.
bool times_descend(std::string_view text, size_t kill_start, size_t sel_start, size_t sel_end,
                   std::optional<int> default_year) {
  const auto kill = nearest_wall(text, kill_start, +1, default_year);
  const auto sel = nearest_wall(text, sel_start, +1, default_year);
  const auto before = nearest_wall(text, kill_start, -1, default_year, kill);
  const auto after = nearest_wall(text, sel_end, +1, default_year, sel);
  auto later = [](const std::optional<std::string>& a, const std::optional<std::string>& b) {
    return a && b && a->size() == b->size() && *a > *b;
  };
  const bool descends = later(before, kill) || later(sel, after);
  const bool ascends = later(kill, before) || later(after, sel);
  return descends && !ascends;
}

// Whether the line at `a` was stamped later than the one at `b`: both
// printk times, or both wall times of one format; false when unknown.
// The line prints a printk time or a wall clock.
bool stamped(const LinePrefix& p) { return p.monotonic_s || p.wall; }

bool stamped_later(const LinePrefix& a, const LinePrefix& b) {
  if (a.monotonic_s && b.monotonic_s) return *a.monotonic_s > *b.monotonic_s;
  return a.wall && b.wall && a.wall->size() == b.wall->size() && *a.wall > *b.wall;
}

// Whether the non-blank lines of [from, copy) come again, verbatim, from
// `copy` on (blank lines skipped): a paste that quoted them twice. nullopt
// when the text ends first and more may follow (not `final`).
std::optional<bool> repeated_after(std::string_view text, size_t from, size_t copy, bool final) {
  auto next_line = [&](size_t& pos, size_t end) -> std::optional<std::string_view> {
    while (pos < end) {
      size_t eol = text.find('\n', pos);
      if (eol == std::string_view::npos || eol > end) eol = end;
      std::string_view l = trim_right(text.substr(pos, eol - pos));
      pos = eol + 1;
      if (!trim(l).empty()) return l;
    }
    return std::nullopt;
  };
  size_t a = from, b = copy;
  while (auto line = next_line(a, copy)) {
    auto again = next_line(b, text.size());
    if (!again) return final ? std::optional<bool>(false) : std::nullopt;
    if (*again != *line) return false;
  }
  return true;
}

// A kill line, or one a viewer cut inside its comm (`Killed process 62769 (...`,
// the newest line of a `tac`ed paste): its pid is known either way. Not a
// wrapped one (its rest follows: a forward-order line).
std::optional<oomline::KillLine> kill_or_stump(std::string_view t, bool cut) {
  auto k = oomline::parse_kill(t);
  return k || !cut ? k : oomline::parse_kill_stump(t);
}

// A prefixed line of newest-first text wrapped after it was reversed (a
// mail client or terminal wrapped `journalctl -r`'s lines): its rest is the
// unprefixed pieces right after it, as a forward reading joins them. `t`
// with those pieces (4 at most; an indented one after a space, a
// quoted-printable soft break's `=` dropped), or empty when none follows.
std::string with_rest_after(std::string_view t, std::string_view text, size_t pos, std::optional<int> default_year,
                            LinePad pad) {
  std::string whole, padless;
  NormalizedLine n;
  for (int i = 0; i < 4 && pos < text.size(); ++i) {
    const size_t start = pos;
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    normalize_line(depad_line(text.substr(pos, eol - pos), pad, padless), n, default_year);
    pos = eol + 1;
    const std::string_view piece = trim(n.text);
    if (n.has_prefix || n.foreign || piece.empty() || line_is_record(piece)) break;
    if (whole.empty()) whole.assign(t);
    if (!whole.empty() && whole.back() == '=') whole.pop_back();
    // A break at a space (format=flowed keeps it at the line's end) or before an indented piece.
    const size_t prev_end = start - 1;  // the '\n' of the line before
    const bool space_before = prev_end > 0 && is_space(text[prev_end - 1]) && text[prev_end - 1] != '\r';
    if (n.continuation || space_before) whole += ' ';
    whole.append(piece);
  }
  return whole;
}

// Which outcome record a text is (kill, reaper, `oom-kill:` summary), for piece_complete().
std::optional<ReportAssembler::Building::Piece> outcome_piece(std::string_view t) {
  using P = ReportAssembler::Building::Piece;
  oomline::Summary sum;
  if (oomline::parse_kill(t)) return P::kill;
  if (oomline::parse_reaper(t)) return P::reaper;
  if (starts_with(t, "oom-kill:") && oomline::parse_summary(t, sum)) return P::summary;
  return std::nullopt;
}

// memory.oom.group (4.19+, mem_cgroup_print_oom_group()): after the chosen
// victim's kill, `Tasks in PATH are going to be killed due to
// memory.oom.group set`, then a kill of every other task of PATH, the
// oom_reaper's lines among them. Newest-first those kills come before that
// line: whether it lies ahead of `pos` in `text` past kill and reaper lines
// (and their wrapped pieces, blank and foreign lines) only.
bool group_line_ahead(std::string_view text, size_t pos, std::optional<int> default_year, LinePad pad) {
  std::string padless;
  NormalizedLine n;
  for (size_t i = 0; i < kNewestFirstLookahead && pos < text.size(); ++i) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    normalize_line(depad_line(text.substr(pos, eol - pos), pad, padless), n, default_year);
    pos = eol + 1;
    const std::string_view t = trim(n.text);
    if (n.foreign || t.empty()) continue;
    if (oomline::parse_group_kill(t)) return true;
    if (oomline::parse_kill(t) || oomline::parse_reaper(t) || (!n.has_prefix && !line_is_record(t))) continue;
    return false;
  }
  return false;
}

enum class Body { yes, no, undecided };

// Whether a header that ends at `pos` is followed by its report's body in
// print order: its next kernel line (blank and foreign lines skipped, 8 at
// most) is a line of a report other than an outcome or another header.
// Newest-first, what follows the header is older: another report's outcome,
// other text, or nothing. A call-trace frame is body. When that next line is
// an outcome, `*next_outcome` is set to its prefix.
Body header_body_follows(std::string_view text, size_t pos, bool final, std::optional<int> default_year,
                         std::optional<LinePrefix>* next_outcome = nullptr) {
  NormalizedLine n;
  for (int i = 0; i < 8; ++i) {
    if (pos >= text.size()) return final ? Body::no : Body::undecided;
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    normalize_line(text.substr(pos, eol - pos), n, default_year);
    pos = eol + 1;
    if (n.foreign || trim(n.text).empty()) continue;
    const std::string_view t = trim(n.text);
    if (next_outcome && may_open_newest_first(t)) *next_outcome = n.prefix;
    // A frame of its call trace counts (a paste that kept a few: ` oom_kill_process.cold+0x8/0x87`).
    if (line_is_stack_text(t)) return Body::yes;
    return line_is_record(t) && !may_open_newest_first(t) && !oomline::parse_header(t) ? Body::yes : Body::no;
  }
  return Body::no;
}

}  // namespace

// See newest_first.h.
bool stamps_fall(const std::vector<std::optional<double>>& stamps) {
  if (stamps.size() < 2) return false;
  bool fell = false;
  for (size_t k = 0; k < stamps.size(); ++k) {
    if (!stamps[k]) return false;
    if (k > 0 && *stamps[k] > *stamps[k - 1]) return false;
    if (k > 0 && *stamps[k] < *stamps[k - 1]) fell = true;
  }
  return fell;
}

bool may_open_newest_first(std::string_view bare, bool cut) {
  oomline::Summary sum;
  return kill_or_stump(bare, cut) || oomline::parse_reaper(bare) || is_end_without_kill(bare) ||
         oomline::parse_select(bare) || (starts_with(bare, "oom-kill:") && oomline::parse_summary(bare, sum));
}

namespace {
constexpr int64_t kNoPid = -1;
constexpr int64_t kSummaryPid = -2;  // an opening summary line whose pid is unknown
}  // namespace

NewestFirst detect_newest_first(std::string_view text, size_t line_start, bool final,
                                std::optional<int> default_year, LinePad pad, std::string_view opening_rest) {
  std::string padless;
  NewestFirst out;
  std::vector<int64_t> kill_pids;
  NormalizedLine n;
  bool reversed = false, seen_outcome_line = false;
  // A selection line opening the text (`Kill process N … or sacrifice child`):
  // newest-first, the kill after it is an older report's (its own kill was
  // printed after it, before it in the text); `opener_end` is after its line.
  bool select_opener = false;
  size_t opener_end = 0;
  LinePrefix opener_prefix;  // of the selection or summary line that opens the text
  size_t kernel_lines = 0;  // non-blank kernel lines seen, the opening one included
  size_t pos = line_start, count = 0, last_end = 0, last_count = 0;
  bool last_unprefixed = false;  // the line ending at last_end had no prefix
  size_t last_kernel_lines = 0;  // kernel_lines at the line ending at last_end
  // Unprefixed pieces right before the current line, in print order: the
  // wrapped rest of the record on it, newest-first (`task=java,pid=90057,uid=0`
  // before `…: oom-kill:constraint=CONSTRAINT_MEMCG`).
  std::string rest;
  // dump_tasks() prints `Tasks state` and the column header (`[  pid  ]   uid
  // tgid …`) before the rows, so newest-first text has them after the rows.
  // Met after the kill before any row, with rows after them, they start a
  // table in print order that a person pasted after its kill: its lines tell
  // neither order. (With no row after them, as a table without a killable
  // task prints, they are still the lines before the kill.)
  bool table_in_print_order = false;
  std::optional<int64_t> reaper_pid;  // of a reaper line that opens the text
  bool summary_opener = false;  // the text opens at an `oom-kill:` summary line
  bool kill_opener = false;     // the text opens at a kill line
  std::string opener_comm;      // of that kill line
  // The opening kill straight followed by its own `oom-kill:` summary whose pid is not printed (a poster's `...`),
  // its `task=` the kill's comm: dump_header() prints the summary before the kill line, so a header straight after
  // the two, as after a kill alone, says newest-first (corpus 687 reversed).
  bool own_summary_second = false;
  LinePrefix kill_prefix;  // of the first kill line met
  // Since the opening line, a foreign line (another program's record) or a
  // poster's prose (an unprefixed piece a blank line follows: no record's
  // wrapped rest, which lies next to its line): read forward, task rows
  // before a kill are its report's only up to such a line (look_back());
  // newest-first likewise, a row after one says nothing of the order.
  bool prose_between = false;
  bool after_whole = false;  // the last kernel line other than a piece was whole (no outcome a wrap cut)
  // The prefix of the first stamped kernel line (the candidate's outcome line, or the next one when a paste cut
  // its stamp): newest-first, every line after it was printed before it, so none is stamped later.
  std::optional<LinePrefix> first_prefix;
  // The pid of the selection on the kernel line right before the current one: a selection straight followed by its
  // own kill is in print order (newest-first puts the kill first), so the text is (corpus 574 without its stamps:
  // a selection without its kill, a row, then a whole report).
  std::optional<int64_t> select_pid;
  // A selection after a kill of its pid made the text newest-first: a kill after that selection is the older
  // report's (a victim chosen twice, a report quoted again: corpus 87 reversed), not its own.
  bool kill_then_selection = false;
  // A memory.oom.group kill read newest-first (group_line_ahead()): 1 while the group's other kills come, before its
  // `Tasks in … memory.oom.group set` line; 2 after that line, whose chosen victim's kill comes next; 3 after it.
  int group = 0;
  while (count < kNewestFirstLookahead + 1) {
    if (pos >= text.size()) {
      if (!final) out.order = NewestFirst::Order::undecided;
      else if (reversed) out.order = NewestFirst::Order::reversed, out.end = last_end, out.lines = last_count;
      return out;
    }
    size_t eol = text.find('\n', pos);
    size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
    normalize_line(depad_line(text.substr(pos, (eol == std::string_view::npos ? text.size() : eol) - pos), pad, padless),
                   n, default_year);
    ++count;
    const size_t line_pos = pos;
    pos = next;
    // A prefix alone (a mail client broke after it) right after the report's
    // last unprefixed line is that line's: newest-first, it follows its rest.
    if (!n.foreign && n.text.empty() && n.has_prefix && reversed && last_end == line_pos && last_unprefixed)
      last_end = next, last_count = count;
    if (n.foreign || n.text.empty()) {
      // A markdown code fence after the opening line closes its block or opens another: what follows is another
      // paste, whose lines (show_mem()'s, rows) say nothing of this one's order (corpus 717: the kill pair in one
      // block, a later block of other lines and one zone line).
      const std::string_view raw_line = trim(text.substr(line_pos, next - line_pos));
      const bool fence = kernel_lines > 0 && (starts_with(raw_line, "```") || starts_with(raw_line, "~~~"));
      prose_between = prose_between || n.foreign || fence || (!n.has_prefix && !rest.empty());
      continue;
    }
    std::string_view t = trim(n.text);
    std::string opened;  // the opening line with its rest from before it
    if (count == 1 && !opening_rest.empty()) t = opened.assign(trim(n.text)).append(opening_rest);
    const bool unprefixed = !n.has_prefix;
    ++kernel_lines;
    if (!first_prefix && (n.prefix.monotonic_s || n.prefix.wall)) first_prefix = n.prefix;
    const std::optional<int64_t> select_before = select_pid;
    select_pid.reset();
    std::string rest_before;
    rest_before.swap(rest);
    // Call-trace lines are no record's rest, nor show_mem()'s lines after a whole line (a `key:N` piece may be).
    const bool own_line = line_is_stack_text(t) || (after_whole && line_is_show_mem(t));
    if (unprefixed && !t.empty() && !line_is_record(t) && !another_dump(t) && !own_line) {
      // Wrapped after reversing: the rest of the report's last line goes with it.
      if (out.rests_after && reversed && last_end == line_pos) last_end = next, last_count = count;
      rest.assign(n.continuation ? " " : "").append(t).append(rest_before);
      continue;
    }
    if (const auto kind = outcome_piece(t)) after_whole = piece_complete(*kind, t);
    else after_whole = line_is_record(t) || line_is_show_mem(t) || line_is_stack_text(t);  // not a stump
    // A kill, reaper or summary line cut by a wrap whose rest lies after it
    // (the text wrapped after it was reversed), when the pieces before it
    // (the rest of a record wrapped, then reversed) do not complete it: read whole.
    std::string whole;
    if (n.has_prefix && !n.truncated) {
      const auto kind = outcome_piece(t);
      if (!kind || !piece_complete(*kind, t)) {
        const bool before_completes =
            kind && !rest_before.empty() && piece_complete(*kind, std::string(t) + rest_before);
        if (!before_completes) whole = with_rest_after(t, text, next, default_year, pad);
        const auto joined = whole.empty() ? std::nullopt : outcome_piece(whole);
        if (joined && piece_complete(*joined, whole)) t = whole, out.rests_after = true;
      }
      // A selection line wrapped likewise (`Kill pro` + `cess 15889 (ytmdl) score 279 or
      // sacrifice child`, `Kill process 158` + `89 (ytmdl) …`): its stump names no task, or another pid.
      if (!kind && !whole.empty() && !oomline::parse_select(t) && oomline::parse_select(whole))
        t = whole, out.rests_after = true;
    }
    if (count == 1) {
      if (auto s = oomline::parse_select(t)) {
        select_pid = s->pid;
        select_opener = true;
        opener_end = next;
        opener_prefix = n.prefix;
        kill_pids.push_back(s->pid);
        continue;
      }
    }
    // Two records glued on one line (`…shmem-rss:92kBMay  7 22:41:13 host kernel: uwsgi invoked
    // oom-killer: …`): the second one's header after the first's outcome means forward order.
    if (size_t g = t.find(" kernel: "); g != std::string_view::npos && oomline::parse_header(t.substr(g + 9)))
      return out;
    oomline::Summary sum;
    if (auto k = kill_or_stump(t, n.truncated)) {
      if (count > 1 && select_before && *select_before == k->pid && !kill_then_selection) return NewestFirst{};
      if (reversed && group == 0 && group_line_ahead(text, next, default_year, pad)) group = 1;
      if (reversed && (group == 1 || group == 2)) {  // one of the group's kills, or its chosen victim's
        if (group == 2) group = 3;
        kill_pids.push_back(k->pid);
        last_end = next, last_count = count, last_unprefixed = unprefixed, last_kernel_lines = kernel_lines;
        continue;
      }
      if (reversed) {
        // The report's lines quoted again right after it: read once, from the copy.
        const auto again = repeated_after(text, line_start, line_pos, final);
        if (!again) {
          out.order = NewestFirst::Order::undecided;
          return out;
        }
        if (*again) {
          out.order = NewestFirst::Order::repeated;
          out.end = line_pos;
          out.lines = count - 1;
          return out;
        }
      }
      if (reversed || seen_outcome_line) break;  // the next (older) report, or forward order
      if (select_opener) {
        if (k->pid == kill_pids[0]) return out;  // the selection's own kill: print order
        // Forward, this kill is the selection's (or its child's); newest-first,
        // it opens the older report before it, whose own lines tell.
        NewestFirst older = detect_newest_first(text, line_pos, final, default_year, pad);
        if (older.order != NewestFirst::Order::reversed) {
          out.order = older.order;
          return out;
        }
        out.order = NewestFirst::Order::reversed;
        out.end = opener_end;
        out.lines = 1;
        return out;
      }
      // The reaper that opens the text reaped this kill's task: print order has the kill first.
      if (kill_pids.empty() && reaper_pid && k->pid == *reaper_pid) reversed = true;
      if (kill_pids.empty()) kill_prefix = n.prefix;
      if (kernel_lines == 1) kill_opener = true, opener_prefix = n.prefix, opener_comm = k->comm;
      kill_pids.push_back(k->pid);
    } else if (auto r = oomline::parse_reaper(t)) {
      if (reversed && group == 0 && group_line_ahead(text, next, default_year, pad)) group = 1;
      if (reversed && group != 1 && group != 2) break;
      // The text opens at a reaper line: its pid was killed. That task's
      // summary or selection after it is the same report read newest-first.
      if (kernel_lines == 1) reaper_pid = r->pid;
    } else if (group == 1 && oomline::parse_group_kill(t)) {
      group = 2;
    } else if (is_end_without_kill(t)) {
      if (reversed || seen_outcome_line) break;
      kill_pids.push_back(kNoPid);
    } else if (header_line(n, t)) {
      // A kill (with its own summary right after it), a selection or an `oom-kill:` summary, then straight a header
      // not stamped later and followed by no body of its own: newest-first,
      // one report cut to these two lines (a paste of `journalctl -r`, or a
      // poster's excerpt reversed: header and kill with `...` between the
      // reports); forward, the header would be the next report's, stamped
      // later, and its body would follow it.
      if (!reversed && (select_opener || summary_opener || kill_opener) &&
          (kernel_lines == 2 || (own_summary_second && kernel_lines == 3)) &&
          !stamped_later(n.prefix, opener_prefix)) {
        std::optional<LinePrefix> next_outcome;
        const Body body = header_body_follows(text, next, final, default_year, &next_outcome);
        if (body == Body::undecided) {
          out.order = NewestFirst::Order::undecided;
          return out;
        }
        reversed = body == Body::no;
        // After a kill, a header straight followed by a kill is, forward, a
        // report cut to those two lines (a grep of headers and kills): only
        // stamps that run backwards from the header to that outcome say
        // newest-first (an excerpt's reports days apart, `...` between them).
        if (kill_opener && next_outcome) reversed = reversed && stamped_later(n.prefix, *next_outcome);
      }
      if (!reversed) return out;  // the next report's header: forward order
      const size_t end = take_sysrq_after(text, next, final);
      out.order = end == std::string_view::npos ? NewestFirst::Order::undecided : NewestFirst::Order::reversed;
      out.end = end == std::string_view::npos ? next : end;
      out.lines = count + (out.end != next);
      return out;
    } else if (oomline::parse_summary(t, sum)) {
      // The text opens at the summary (a report whose kill line is not in it): print
      // order has the task table, the memcg lines and the header before it.
      if (kernel_lines == 1) {
        kill_pids.push_back(sum.pid.value_or(kSummaryPid));
        seen_outcome_line = summary_opener = true;
        opener_prefix = n.prefix;
        continue;
      }
      if (!sum.pid && !rest_before.empty()) {  // its pid in the rest before it
        oomline::Summary whole;
        if (oomline::parse_summary(std::string(t) + rest_before, whole)) sum.pid = whole.pid;
      }
      // A stamped summary after a kill the text gives no stamp, a poster's prose between, is another copy's: a
      // page's bare sample kill line, then its dmesg form (corpus 902), is no report read newest-first. (Next to it,
      // the kill may be a reflowed piece whose stamp lies elsewhere: corpus 97 reversed; an unstamped summary after
      // a stamped kill may be one too: corpus 215 reversed.)
      const bool other_copy = !kill_pids.empty() && stamped(n.prefix) && !stamped(kill_prefix) && prose_between;
      for (auto p : kill_pids) reversed = reversed || (!other_copy && sum.pid && *sum.pid == p);
      own_summary_second = kill_opener && kernel_lines == 2 && !sum.pid && sum.task && !opener_comm.empty() &&
                           *sum.task == opener_comm;
      // One a paste cut after `mems_allowed=` (no `task=`, no `pid=`) straight after the opening kill, its printk
      // stamp under a second before the kill's: the kill's own, printed before it (corpus 825 reversed). Forward,
      // the next report's summary is stamped after the kill.
      constexpr double kOwnSummaryBeforeS = 1.0;
      if (!reversed && kill_opener && kernel_lines == 2 && !sum.pid && !sum.task && opener_prefix.monotonic_s &&
          n.prefix.monotonic_s && *n.prefix.monotonic_s < *opener_prefix.monotonic_s &&
          *opener_prefix.monotonic_s - *n.prefix.monotonic_s < kOwnSummaryBeforeS)
        reversed = true;
      if (!reversed && kill_pids.empty() && reaper_pid && sum.pid == reaper_pid) {
        reversed = true;
        kill_pids.push_back(*reaper_pid);
      }
      seen_outcome_line = true;
    } else if (auto s = oomline::parse_select(t)) {
      select_pid = s->pid;
      if (summary_opener && !reversed) return out;  // 4.19-5.x print the summary, then the selection
      for (auto p : kill_pids) kill_then_selection = kill_then_selection || s->pid == p;
      reversed = reversed || kill_then_selection;
      // `Killed process <child>` then `Kill process <parent> … or sacrifice
      // child` and nothing between: newest-first one report, forward the ends
      // of two (a rate-limited header each); the times around them tell.
      // Printk stamps (µs apart) order the two lines themselves (corpus 404: `[21305.344800] Killed process 4420`,
      // then `[21305.344546] … Kill process 2978`); syslog seconds need the lines around them.
      // Without stamps, a kill that opens the text with its wrapped rest before it (`opening_rest`: corpus 616
      // reversed, `…, anon-rss:236kB,` after `file-rss:112kB, shmem-rss:112kB`) says so too.
      if (!reversed && !seen_outcome_line && count <= 3 && kill_pids.size() == 1 && kill_pids[0] != kNoPid)
        reversed = kill_prefix.monotonic_s && n.prefix.monotonic_s
                       ? *kill_prefix.monotonic_s > *n.prefix.monotonic_s
                       : times_descend(text, line_start, line_pos, next, default_year) ||
                             (kill_opener && !opening_rest.empty());
      seen_outcome_line = true;
    } else if (is_sysrq(t)) {
      // Newest-first, SysRq-f's `Manual OOM execution` line right after the
      // report's oldest line was printed just before the report: its own.
      if (reversed && kernel_lines == last_kernel_lines + 1) {
        last_end = next, last_count = count;
        break;
      }
      // SysRq-f with panic_on_oom: the panic, then (newest-first) its SysRq line.
      // After a kill it is the next SysRq-f's line, forward order.
      bool only_panic = !kill_pids.empty();
      for (auto p : kill_pids) only_panic = only_panic && p == kNoPid;
      if (!only_panic) continue;
      reversed = true;
    } else if (!reversed && !kill_pids.empty() && starts_table(t) && rows_follow(text, next, default_year)) {
      table_in_print_order = true;
    } else if (table_in_print_order && oomline::parse_row(t)) {
      continue;
    } else if (!reversed && prose_between &&
               (line_is_table_row(t) || line_is_show_mem(t) || oomline::is_oom_frame(t))) {
      continue;
    } else if (!reversed && another_dump(t)) {
      return out;
    } else if (printed_before_kill(t)) {
      if (kill_pids.empty()) return out;  // a reaper line alone, then something else
      // Stamped later than the outcome line that opens the text (a row 81000 s after a selection without its
      // kill, the next report's, its header not in the paste: corpus 574): print order, not newest-first.
      if (!reversed && first_prefix && stamped_later(n.prefix, *first_prefix)) return out;
      bool stack = oomline::parse_stack_line(t) || starts_with(t, "Call Trace:") || oomline::is_oom_frame(t);
      bool only_panic = true;
      for (auto p : kill_pids) only_panic = only_panic && p == kNoPid;
      if (stack && only_panic) continue;  // a panic prints its own stack after it
      reversed = true;
    } else {
      continue;
    }
    if (reversed) last_end = next, last_count = count, last_unprefixed = unprefixed, last_kernel_lines = kernel_lines;
  }
  if (reversed) out.order = NewestFirst::Order::reversed, out.end = last_end, out.lines = last_count;
  return out;
}

std::optional<bool> own_summary_follows(std::string_view text, size_t after, std::string_view outcome, bool final,
                                        std::optional<int> default_year) {
  const auto kill = oomline::parse_kill(outcome);
  if (!kill) return false;
  NormalizedLine n;
  for (size_t pos = after; pos < text.size() || !final;) {
    if (pos >= text.size()) return std::nullopt;
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) {
      if (!final) return std::nullopt;  // the line may go on in the next chunk
      eol = text.size();
    }
    normalize_line(text.substr(pos, eol - pos), n, default_year);
    pos = eol + 1;
    const std::string_view t = trim(n.text);
    if (n.foreign || t.empty()) continue;
    oomline::Summary sum;
    if (!starts_with(t, "oom-kill:") || !oomline::parse_summary(t, sum)) return false;
    return sum.pid ? *sum.pid == kill->pid : sum.task && !kill->comm.empty() && *sum.task == kill->comm;
  }
  return false;
}

bool printed_after_opening(std::string_view opening, std::string_view prev) {
  if (auto h = oomline::parse_header(opening)) {
    // A header whose comm is unknown (` 1257.892709] sudo invoked …`, its `[` cut: no comm of 15 bytes) is
    // told by the CPU line alone: forward, a CPU line is its report's own, after its header.
    if (auto st = oomline::parse_stack_line(prev)) return st->comm == h->comm || h->comm.empty();
    if (auto cs = oomline::parse_cpuset(prev)) return cs->comm == h->comm;
    // ARM kernels without a CPU line start with the backtrace's first frame;
    // a paste may keep only the frames from out_of_memory() on (≤2.6: `[<c01408cb>] out_of_memory+0x69/0x18e`).
    if (prev == "Backtrace:") return true;
    // dump_header(): an order > 0 without CONFIG_COMPACTION warns before dump_stack().
    if (prev == "COMPACTION is disabled!!!") return true;
    if (!starts_with(prev, "[<")) return false;
    for (std::string_view f : {"(dump_backtrace", "(dump_stack", "] out_of_memory+", "] dump_header+"})
      if (prev.find(f) != std::string_view::npos) return true;
    return false;
  }
  if (oomline::parse_stats_header(opening))  // v2 prints memory.stat one `name value` a line after it
    return starts_with(prev, "Tasks state") || oomline::parse_table_header(prev).has_value() ||
           oomline::parse_stat_kv(prev).has_value();
  if (oomline::parse_task_in(opening)) return oomline::parse_counter(prev).has_value();
  // mem_cgroup_print_oom_meminfo: `memory:`, then `swap:` (v2) or `memory+swap:` and `kmem:` (v1), then the stats.
  const auto rank = [](const std::string& name) { return name == "memory" ? 0 : name == "kmem" ? 2 : 1; };
  if (auto c = oomline::parse_counter(opening); c && c->usage_kb) {
    if (auto next = oomline::parse_counter(prev)) return rank(next->name) > rank(c->name);
    return oomline::parse_stats_header(prev).has_value();
  }
  // ≥4.19 prints `no killable processes`, then its panic (≤4.18: one line).
  if (opening.find("Out of memory and no killable processes") != std::string_view::npos)
    return prev.find("Kernel panic - not syncing: ") != std::string_view::npos;
  return false;
}

std::optional<bool> older_lines_follow(std::string_view text, size_t after, std::string_view opening,
                                       const LinePrefix& opening_prefix, bool final, std::optional<int> default_year) {
  NormalizedLine n;
  size_t pos = after;
  for (int i = 0; i < 8; ++i) {
    if (pos >= text.size()) return final ? std::optional<bool>(false) : std::nullopt;
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    normalize_line(text.substr(pos, eol - pos), n, default_year);
    const size_t next = eol + 1;
    pos = next;
    if (n.foreign || trim(n.text).empty()) continue;
    const std::string_view t = trim(n.text);
    if (printed_after_opening(t, opening)) return true;
    // Only after `Task in`: forward, a header follows `no killable processes` or a report's
    // last counter as the next report's, while `Task in` is followed by its own counters.
    if (!oomline::parse_task_in(opening) || !header_line(n, t) || stamped_later(n.prefix, opening_prefix))
      return false;
    std::optional<LinePrefix> next_outcome;
    const Body body = header_body_follows(text, next, final, default_year, &next_outcome);
    if (body == Body::undecided) return std::nullopt;
    return body == Body::no && !next_outcome;
  }
  return false;
}

NewestFirst extend_newest_first(std::string_view text, size_t after, bool opening_is_header, bool final,
                                std::optional<int> default_year) {
  NewestFirst out;
  out.order = NewestFirst::Order::reversed;
  out.end = after;
  if (opening_is_header) {
    const size_t end = take_sysrq_after(text, after, final);
    if (end == std::string_view::npos) out.order = NewestFirst::Order::undecided;
    else out.end = end, out.lines = end != after;
    return out;
  }
  NormalizedLine n;
  size_t pos = after, count = 0;
  while (count < kNewestFirstLookahead) {
    if (pos >= text.size()) {
      if (!final) out.order = NewestFirst::Order::undecided;
      return out;
    }
    size_t eol = text.find('\n', pos);
    size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
    normalize_line(text.substr(pos, (eol == std::string_view::npos ? text.size() : eol) - pos), n, default_year);
    ++count;
    pos = next;
    if (n.foreign || n.text.empty()) continue;
    std::string_view t = trim(n.text);
    oomline::Summary sum;
    if (header_line(n, t)) {
      const size_t end = take_sysrq_after(text, next, final);
      if (end == std::string_view::npos) out.order = NewestFirst::Order::undecided;
      else out.end = end, out.lines = count + (end != next);
      return out;
    }
    if (may_open_newest_first(t) || oomline::parse_summary(t, sum) || oomline::parse_select(t)) return out;
    if (printed_before_kill(t)) out.end = next, out.lines = count;
  }
  return out;
}

}  // namespace oomlens
