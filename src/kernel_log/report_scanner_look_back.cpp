// ReportScanner's look back over the lines before an anchor when no report
// is open (report_scanner_impl.h): the task table's rows printed before the
// line that opens a report whose header was cut off (rows a viewer cut with
// `...` marked truncated), and the dump_stack() block before an OOM killer's
// call-trace frame (a paste that starts there). Both look in the current
// region first, then in `history` (the tail of the region before).
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel_log/anchor_search.h"
#include "kernel_log/newest_first.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_building.h"
#include "kernel_log/report_scanner_impl.h"
#include "util/text.h"
#include "util/time.h"

namespace oomlens {

using namespace oomlens::text;

namespace {
// The start of the line `count` lines before the one starting at `start` in
// `buf` (not before `lower`).
size_t lines_back(std::string_view buf, size_t lower, size_t start, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    start = start > lower ? start - 1 : lower;
    while (start > lower && buf[start - 1] != '\n') --start;
  }
  return start;
}

// A dump_stack() block's CPU line stamped `stack` read as the report's right above its table stamped `table`:
// not after it, nor more than a minute before it (then another dump's). Without both stamps: the report's.
bool stack_before_table(const std::optional<double>& stack, const std::optional<double>& table) {
  constexpr double kStackBeforeTableS = 60.0;
  return !stack || !table || (*stack <= *table && *table - *stack <= kStackBeforeTableS);
}
}  // namespace

// Table rows (and blank/continuation lines between them) right before the
// line starting at `ls` in `region`, then in `history`.
void ReportScanner::Impl::look_back(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line) {
  look_back_for_stall(region, lo, ls, anchor_line);
  std::vector<std::string> texts;  // newest first
  CutRows cut_rows;  // the rows a viewer cut (`…   0  ...`)
  std::vector<uint64_t> numbers;
  std::string after;  // the raw line after the one looked at (a QP soft break's rest)
  std::string piece;  // an unprefixed line under a prefixed row: the rest a terminal wrapped
  bool piece_indented = false;
  int pieces = 0;
  NormalizedLine n;
  uint64_t number = anchor_line;
  // The viewer's stump of a selection line right before a kill line that
  // prints no message (≤4.19, `Killed process …` after `…: Kill process …`):
  // the report opens there, at its time (ReportAssembler::start_at_cut_selection).
  std::string cut_selection;
  // Passed `Tasks state (memory values in pages):` above the rows: the line
  // before it ends show_mem()'s Mem-Info or a memcg's memory.stat dump, kept
  // (memcg_stat) when it is the latter.
  bool tasks_state = false;
  std::string memcg_stat;
  uint64_t memcg_stat_number = 0;
  // The walk stopped at a prefixed Mem-Info line (show_mem(), printed before the table): the report's Mem-Info
  // block lies above the table, and start_at_table() reads the whole of it with the table.
  bool meminfo_above = false;
  size_t meminfo_to = std::string_view::npos;  // in region: the start of the line after that Mem-Info line
  uint64_t meminfo_to_number = 0;              // and its number
  auto stop_at_meminfo = [&](std::string_view buf, size_t stop) {
    meminfo_above = true;
    if (buf.data() != region.data()) return;  // in `history`: the rows alone, as before
    meminfo_to = stop + 1;
    meminfo_to_number = number + 1;
  };
  // The opening line as look_back() found it (glued_rows() reuses `norm`): a prefixed selection, kill or
  // `oom-kill:` line, which dump_tasks() prints right before, may take rows from across a poster's prose.
  std::optional<LinePrefix> outcome_prefix;
  if (oomline::Summary summary; norm.has_prefix && (oomline::parse_kill(trim(norm.text)) ||
                                                    oomline::parse_select(trim(norm.text)) ||
                                                    oomline::parse_summary(trim(norm.text), summary)))
    outcome_prefix = norm.prefix;
  // An outcome printed after the report's body: with no row before it, that body may open the report
  // (body_before_outcome()).
  const LinePrefix opening_prefix = norm.prefix;
  const bool outcome_opening = [&] {
    const std::string_view t = trim(norm.text);
    oomline::Summary summary;
    return oomline::parse_kill(t) || (norm.truncated && oomline::parse_kill_stump(t)) || oomline::parse_select(t) ||
           is_no_killable(t) || oomline::parse_summary(t, summary);
  }();
  const bool bare_kill = [&] {
    auto k = oomline::parse_kill(norm.text);
    if (!k && norm.truncated) k = oomline::parse_kill_stump(norm.text);  // `Killed process 2625 (node) t…`
    return k && !k->message;
  }();
  // The dump_stack() block's start right above the rows (stack_above_rows()): its text and first line.
  std::string stack_above;
  uint64_t stack_above_number = 0;
  std::optional<double> oldest_row_mono;  // the printk time of the row last kept
  uint64_t stack_above_next = 0;          // the row it is right above
  // The walk stopped at `raw` (line `number`), a kernel line right above the oldest row kept: the start of
  // dump_header()'s dump_stack() block (`CPU: … Comm: …`, or it and its `Hardware name:` line) there is the
  // report's, a paste that left out the trace, Mem-Info and the table's header between them (corpus 819: a 4.19
  // memcg OOM's CPU line, then its rows alone). One printk stamps put after the rows, or more than a minute
  // before them, is another dump's.
  auto stack_above_rows = [&](std::string_view buf, size_t lower, size_t start, std::string_view raw) {
    NormalizedLine probe;
    uint64_t at = number;
    normalize_line(raw, probe, opt.default_year);
    if (starts_with(trim(probe.text), "Hardware name:") && start > lower) {
      size_t b = start - 1;
      while (b > lower && buf[b - 1] != '\n') --b;
      normalize_line(buf.substr(b, start - 1 - b), probe, opt.default_year);
      --at;
    }
    if (probe.foreign || probe.truncated || !probe.has_prefix || !oomline::parse_stack_line(trim(probe.text))) return;
    if (!stack_before_table(probe.prefix.monotonic_s, oldest_row_mono)) return;
    stack_above.assign(trim(probe.text));
    stack_above_number = at;
    stack_above_next = number + 1;
  };
  auto walk = [&](std::string_view buf, size_t lower, size_t end) -> bool {
    while (end > lower && texts.size() < kLookbackLines) {
      size_t stop = end - 1;  // the '\n' ending the previous line
      size_t start = stop;
      while (start > lower && buf[start - 1] != '\n') --start;
      std::string padless;
      std::string_view raw = depad(buf.substr(start, stop - start), padless);
      --number;
      end = start;
      std::string whole;
      const bool flowed_break = !piece.empty() && raw.size() >= 40 && raw.back() == ' ';  // format=flowed
      // A quoted mail's soft-broken line: its rest carries the quoting too.
      const bool quoted = dequote(raw).size() != raw.size();
      if ((soft_break(raw) || flowed_break) && !piece.empty()) {  // `[ 21391] … 0 fut=` + `ex_cmp_reque`: the piece is its rest
        whole = flowed_break ? raw : raw.substr(0, raw.find_last_of('='));
        whole += quoted ? dequote(piece) : std::string_view(piece);
        piece.clear();
        raw = whole;
      } else if (soft_break(raw) && !texts.empty()) {  // `[ 7899] … 39899136=` + `  1039052`
        whole = raw.substr(0, raw.find_last_of('='));
        whole += quoted ? dequote(after) : std::string_view(after);
        texts.pop_back();
        numbers.pop_back();
        raw = whole;
      }
      if (!piece.empty() && piece_indented && !at_wrap_width(raw)) {
        // An indented line under one not of the wrap width: a reflowed
        // row's rest (`[ 1046]  1066  1046` + `    228537 …`, one space in
        // its place), or a continuation line of its own.
        normalize_line(piece, n, opt.default_year);  // without its mail quoting
        const std::string rest(n.text);
        std::string reflowed(trim_right(raw));
        reflowed += ' ';
        reflowed += trim(rest);
        normalize_line(reflowed, n, opt.default_year);
        if (!n.foreign && n.has_prefix && line_is_table_row(n.text)) {
          whole = std::move(reflowed);
          raw = whole;
        } else {
          texts.push_back(rest);
          numbers.push_back(number + 1);
          after.assign(piece);
        }
        piece.clear();
      }
      if (!piece.empty()) {  // `… 0 systemd-jou` + `rnal`: the row above a wrapped piece
        normalize_line(raw, n, opt.default_year);
        // An indented line of the wrap width is a middle piece (`     3950 … Isolated Se`
        // between a row's start and `rvic`): the wrap fell in the row's padding.
        if (n.foreign || (n.continuation && !at_wrap_width(raw)) || n.text.empty()) return false;
        if (!n.has_prefix && at_wrap_width(raw) && line_is_table_row(std::string(n.text) + piece)) {
          n.has_prefix = true;  // bare text wrapped at its width: the row's start
        }
        if (!n.has_prefix) {  // an earlier piece of the same wrapped row (a row over 2 widths)
          if (++pieces > 3) return false;
          piece.insert(0, raw);
          continue;
        }
        // A poster's line under the row that would give it a longer name than any comm (`… 0 gunicorn: maste` +
        // `As far as I understand, …`, corpus 578 reversed): no rest of it; the rows end there.
        if (overfills_row_comm(raw, piece, at_wrap_width(raw))) return false;
        std::string joined(raw);
        joined += piece;
        piece.clear();
        whole = std::move(joined);
        raw = whole;
      }
      if (glued_rows(raw, number, texts, numbers)) {
        after.assign(raw);
        continue;
      }
      normalize_line(raw, n, opt.default_year);
      if (tasks_state) {
        if (!n.foreign && line_is_memcg_stat(trim(n.text))) memcg_stat.assign(trim(n.text)), memcg_stat_number = number;
        else if (!n.foreign && n.has_prefix && line_is_meminfo(trim(n.text))) stop_at_meminfo(buf, stop);
        return false;
      }
      // Another program's line among the rows (syslog interleaves its records: `systemd[1]: Started …` between two
      // `kernel: [ pid ] …` rows) is no end of them: the rows go on above it.
      if (n.foreign && !texts.empty() && piece.empty() && numbers.back() == number + 1) continue;
      if (n.foreign) return false;
      // A table header a viewer cut (`… pgtables_bytes swapents oom_scor...`) is the table's still: the columns
      // it names are read (table_columns()), else the rows' would be guessed from their count alone.
      bool row = line_is_table_row(n.text) || (n.truncated && table_columns(trim(n.text), true)) ||
                 unmarked_cut_table_header(trim(n.text));
      if (bare_kill && number + 1 == anchor_line && n.has_prefix && n.truncated &&
          oomline::is_cut_outcome_message(n.text)) {
        cut_selection.assign(raw);
        continue;
      }
      // An indented line may be a rest too (a hard wrap inside a row's padding, a reflow).
      if (!row && !n.text.empty()) {
        if (n.has_prefix && !texts.empty() && starts_with(trim(n.text), "Tasks state")) {
          tasks_state = true;
          continue;
        }
        if (n.has_prefix && line_is_meminfo(trim(n.text))) stop_at_meminfo(buf, stop);
        if (n.has_prefix && !texts.empty() && numbers.back() == number + 1)
          stack_above_rows(buf, lower, start, raw);
        if (n.has_prefix || texts.size() >= kLookbackLines - 1) return false;
        // An elision (`[...]`, grep's `--` between its windows) is no row's rest: the rows go on above it.
        if (!n.continuation && piece.empty() && poster_elision(n.text)) continue;
        piece.assign(raw);  // perhaps a wrapped row's rest: joined to the line above
        piece_indented = n.continuation;
        pieces = 1;
        continue;
      }
      texts.emplace_back(n.text);
      numbers.push_back(number);
      oldest_row_mono = n.prefix.monotonic_s;
      if (n.truncated) cut_rows.insert(number);
      after.assign(raw);
    }
    return end <= lower;
  };
  if (walk(region, lo, ls) && lo == 0 && !history.empty()) walk(history, 0, history.size());
  // Keep from the oldest row (or cut table header) on.
  while (!texts.empty() && !line_is_table_row(texts.back()) &&
         !(cut_rows.count(numbers.back()) && table_columns(trim(texts.back()), true)) &&
         !unmarked_cut_table_header(trim(texts.back()))) {
    texts.pop_back();
    numbers.pop_back();
  }
  // Rows under their table header (or `Tasks state`) with Mem-Info right above: the report opens at that block
  // (start_at_table(), as at a table header with no later anchor), so its Mem-Info is the report's too; the rows
  // read here are then taken into it. Its time stays the opening line's.
  const bool open_at_meminfo = meminfo_above && meminfo_to != std::string_view::npos && cut_selection.empty() &&
                               !texts.empty() && numbers.back() == meminfo_to_number + (tasks_state ? 1 : 0) &&
                               (tasks_state || table_columns(trim(texts.back()), cut_rows.count(numbers.back()) > 0) ||
                                unmarked_cut_table_header(trim(texts.back())));
  if (texts.empty() && cut_selection.empty() && outcome_prefix)
    rows_across_prose(region, lo, ls, anchor_line, *outcome_prefix, texts, numbers);
  if (!texts.empty()) {
    std::vector<LogicalLine> rows;
    // Right above the oldest row kept: the report's CPU line, read as its stack line (its trigger).
    if (!stack_above.empty() && !open_at_meminfo && stack_above_next == numbers.back())
      rows.push_back(table_row(stack_above, stack_above_number, cut_rows));
    if (!memcg_stat.empty()) rows.push_back(table_row(memcg_stat, memcg_stat_number, cut_rows));
    for (size_t i = texts.size(); i-- > 0;) rows.push_back(table_row(texts[i], numbers[i], cut_rows));
    if (open_at_meminfo) {
      start_at_table(region, lo, meminfo_to, meminfo_to_number, anchor_line);
      assembler.adopt_rows(rows);
      return;
    }
    assembler.preload_rows(rows);
  }
  if (texts.empty() && cut_selection.empty() && outcome_opening && !assembler.open())
    body_before_outcome(region, lo, ls, anchor_line, opening_prefix, true);
  if (cut_selection.empty()) return;
  normalize_line(cut_selection, n, opt.default_year);
  LogicalLine stump;
  stump.text = n.text;
  stump.prefix = &n.prefix;
  stump.number = anchor_line - 1;
  stump.truncated = stump.prefixed = true;
  assembler.start_at_cut_selection(stump);
}

ReportScanner::Impl::BodyLine ReportScanner::Impl::body_line(const NormalizedLine& n) {
  if (n.foreign) return BodyLine::none;
  const std::string_view t = trim(n.text);
  if (t.empty() || line_opens_report(t)) return BodyLine::none;
  if (stack_line_text(t) || oomline::parse_cpuset(t)) return BodyLine::stack;
  if (line_is_show_mem(t)) return BodyLine::show_mem;
  if (line_is_meminfo_piece(t)) return BodyLine::piece;
  return BodyLine::none;
}

ReportScanner::Impl::BodyLine ReportScanner::Impl::raw_body_line(std::string_view raw) {
  NormalizedLine n;
  normalize_line(raw, n, opt.default_year);
  const BodyLine kind = body_line(n);
  if (kind != BodyLine::none || n.foreign) return kind;
  // `n` is `raw` normalized: the member `norm` is the caller's line (stale here: it pointed into a freed line).
  const size_t q = glued_record(raw, n);
  if (q == std::string_view::npos || q == 0 || q >= raw.size()) return BodyLine::none;
  normalize_line(raw.substr(0, q), n, opt.default_year);
  const BodyLine first = body_line(n);
  normalize_line(raw.substr(q), n, opt.default_year);
  const BodyLine second = body_line(n);
  if (first == BodyLine::none || second == BodyLine::none) return BodyLine::none;
  return first != BodyLine::piece ? first : second;
}

bool ReportScanner::Impl::body_before_outcome(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line,
                                              const LinePrefix& at, bool open) {
  std::vector<std::string> raws;  // newest first
  auto walk = [&](std::string_view buf, size_t lower, size_t end) -> bool {
    while (end > lower && raws.size() < kBodyLookbackLines) {
      const size_t stop = end - 1;  // the '\n' ending the previous line
      size_t begin = stop;
      while (begin > lower && buf[begin - 1] != '\n') --begin;
      end = begin;
      const std::string_view raw = buf.substr(begin, stop - begin);
      if (raw_body_line(raw) == BodyLine::none) return false;
      raws.emplace_back(raw);
    }
    return end <= lower;
  };
  if (walk(region, lo, ls) && lo == 0 && !history.empty()) walk(history, 0, history.size());
  std::reverse(raws.begin(), raws.end());
  std::vector<uint64_t> numbers(raws.size());
  for (size_t i = 0; i < raws.size(); ++i) numbers[i] = anchor_line - raws.size() + i;
  return open_at_body(raws, numbers, at, anchor_line, open);
}

bool ReportScanner::Impl::open_at_body(std::vector<std::string>& raws, std::vector<uint64_t>& numbers,
                                       const LinePrefix& at, uint64_t anchor_line, bool open) {
  NormalizedLine n;
  size_t from = 0;  // the block: raws[from ..)
  const LinePrefix* later = &at;
  LinePrefix kept;
  for (size_t i = raws.size(); i-- > 0;) {
    normalize_line(raws[i], n, opt.default_year);
    const LinePrefix& p = n.prefix;
    const bool other_host = p.host && later->host && *p.host != *later->host;
    const bool gap = p.monotonic_s && later->monotonic_s &&
                     (*p.monotonic_s > *later->monotonic_s || *later->monotonic_s - *p.monotonic_s > kRowBurstS);
    if (other_host || gap) {
      from = i + 1;
      break;
    }
    if (p.monotonic_s || p.host) kept = p, later = &kept;
  }
  bool show_mem = false, oom_frame = false;
  size_t first = raws.size();  // the block's first line that is no piece
  for (size_t i = from; i < raws.size(); ++i) {
    const BodyLine kind = raw_body_line(raws[i]);
    if (kind == BodyLine::piece) continue;
    normalize_line(raws[i], n, opt.default_year);
    first = std::min(first, i);
    show_mem = show_mem || kind == BodyLine::show_mem;
    oom_frame = oom_frame || (kind == BodyLine::stack && oomline::is_oom_frame(trim(n.text)));
  }
  if (first == raws.size() || (!show_mem && !oom_frame)) return false;
  if (!open) return true;
  // Mem-Info is printed for non-memcg OOMs only: the report's time stays the outcome's.
  if (show_mem) assembler.start_from_table(numbers[first], true, false, anchor_line);
  else assembler.start_from_stack(numbers[first]);
  for (size_t i = first; i < raws.size(); ++i) feed_line(raws[i], numbers[i]);
  return true;
}

void ReportScanner::Impl::rows_across_prose(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line,
                                            const LinePrefix& at, std::vector<std::string>& texts,
                                            std::vector<uint64_t>& numbers) {
  // A row printed in the same burst as the opening line (kMaxGapAfterOutcomeS, report_assembler.cpp), on the
  // same host: the stamps of both must say so.
  auto same_burst = [&](const LinePrefix& p) {
    if (p.host != at.host) return false;
    std::optional<double> gap;
    if (p.monotonic_s && at.monotonic_s) gap = *at.monotonic_s - *p.monotonic_s;
    else if (p.wall && at.wall)
      if (const auto a = parse_rfc3339(*at.wall), b = parse_rfc3339(*p.wall); a && b) gap = *a - *b;
    return gap && *gap >= 0 && *gap <= kRowBurstS;
  };
  NormalizedLine n;
  uint64_t number = anchor_line;
  size_t prose = 0;
  std::vector<std::optional<double>> stamps;  // each row's, as met
  bool rest_below = false;  // the line below is indented: perhaps the rest of a row reflowed over two lines
  auto walk = [&](std::string_view buf, size_t lower, size_t end) -> bool {
    while (end > lower && texts.size() < kLookbackLines) {
      const size_t stop = end - 1;
      size_t start = stop;
      while (start > lower && buf[start - 1] != '\n') --start;
      end = start;
      --number;
      const std::string_view raw = buf.substr(start, stop - start);
      normalize_line(raw, n, opt.default_year);
      if (n.foreign) return false;
      const std::string_view t = trim(n.text);
      if (!n.has_prefix && texts.empty()) {  // the poster's prose (or a blank line) between the quoted records
        if (line_is_record(t) || ++prose > kProseLines) return false;
        rest_below = n.continuation;
        continue;
      }
      // Only a whole row: none a wrap, a reflow or a QP soft break may have cut (its rest is below it), none cut
      // by a viewer, and with the numbers and the name of every dump_tasks() format.
      if (!n.has_prefix || n.truncated || rest_below || at_wrap_width(raw) || soft_break(raw) ||
          !same_burst(n.prefix))
        return false;
      const auto row = oomline::parse_row(t);
      if (!row || row->numbers.size() < 6 || row->comm.empty()) return false;
      texts.emplace_back(t);
      numbers.push_back(number);
      stamps.push_back(n.prefix.monotonic_s);
    }
    return end <= lower;
  };
  if (walk(region, lo, ls) && lo == 0 && !history.empty()) walk(history, 0, history.size());
  if (prose == 0) {  // rows right before the opening line are look_back()'s: it passed these over
    texts.clear();
    numbers.clear();
  }
  // Met bottom-up, as look_back() lists them (newest first): stamps that rise on the way up are rows the text
  // lists newest first (corpus 578 reversed), put back so look_back() gives them in print order.
  std::reverse(stamps.begin(), stamps.end());
  if (!texts.empty() && stamps_fall(stamps)) {
    std::reverse(texts.begin(), texts.end());
    std::reverse(numbers.begin(), numbers.end());
  }
}

void ReportScanner::Impl::look_back_for_stall(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line) {
  // Bounded in bytes as `history` is, so that what is found does not depend on where the input was cut into chunks.
  size_t budget = kHistoryBytes;
  // Most reports have none: a search of the bytes first keeps the cost off them.
  constexpr std::string_view kWords = "page allocation stall";
  const size_t near = ls - std::min(ls - lo, budget);
  const bool in_region = region.substr(near, ls - near).find(kWords) != std::string_view::npos;
  const bool in_history = lo == 0 && ls - near < budget &&
                          std::string_view(history).substr(history.size() - std::min(history.size(), budget - ls))
                                  .find(kWords) != std::string_view::npos;
  if (!in_region && !in_history) return;
  const std::optional<double> opening_s = norm.prefix.monotonic_s;
  uint64_t number = anchor_line;
  NormalizedLine n;
  std::optional<AllocStall> found;
  auto walk = [&](std::string_view buf, size_t lower, size_t end) -> bool {
    while (end > lower && budget > 0) {
      const size_t stop = end - 1;
      size_t start = stop;
      while (start > lower && buf[start - 1] != '\n') --start;
      if (end - start > budget) return false;
      budget -= end - start;
      end = start;
      --number;
      normalize_line(buf.substr(start, stop - start), n, opt.default_year);
      if (n.foreign) continue;
      const std::string_view t = trim(n.text);
      if (line_opens_report(t)) return false;  // another report's: a stall before it is not this one's
      auto stall = oomline::parse_alloc_stall(t);
      if (!stall) continue;
      if (opening_s && n.prefix.monotonic_s && *opening_s - *n.prefix.monotonic_s > kStallBeforeReportS) return false;
      stall->line = number;
      found = std::move(stall);
      return false;
    }
    return end <= lower;
  };
  if (walk(region, lo, ls) && lo == 0 && !history.empty()) walk(history, 0, history.size());
  if (found) assembler.preload_stall(*found);
}

// A table row for ReportAssembler::preload_rows(): truncated when a viewer
// cut it (its number is in `cut`).
LogicalLine ReportScanner::Impl::table_row(std::string_view text, uint64_t number, const CutRows& cut) {
  LogicalLine l;
  l.text = text;
  l.number = number;
  l.truncated = cut.count(number) > 0;
  return l;
}

// Two task rows glued on one line (a copy or scrape artefact, as
// glued_record() splits for feed_line()): their texts, the later first,
// appended to `texts` (newest first), both numbered `number`.
bool ReportScanner::Impl::glued_rows(std::string_view raw, uint64_t number, std::vector<std::string>& texts,
                                     std::vector<uint64_t>& numbers) {
  normalize_line(raw, norm, opt.default_year);
  const size_t q = glued_record(raw, norm);
  if (q == std::string_view::npos) return false;
  std::string first, second;
  for (auto [part, out] : {std::pair{raw.substr(0, q), &first}, std::pair{raw.substr(q), &second}}) {
    normalize_line(part, probe, opt.default_year);
    if (probe.foreign || !line_is_table_row(probe.text)) return false;
    out->assign(probe.text);
  }
  texts.push_back(std::move(second));
  texts.push_back(std::move(first));
  numbers.insert(numbers.end(), 2, number);
  return true;
}

// An anchor line that is a call-trace frame of the OOM killer
// (oomline::is_oom_frame) with no report open: a paste that starts at the
// report's dump_stack() block, its header not copied. The block's start
// is looked for before it, in region [lo, ls) and then in `history`: the
// `CPU: … Comm: …` line (with a ≤4.18 cpuset line right before it), or
// else `Hardware name:` / `Call Trace:`, over stack lines only (frames,
// ARM's exception hex dump) and kStackLookbackLines at most. Found, the
// report is opened there (ReportAssembler::start_from_stack) and the
// block's lines before the anchor, numbered back from `anchor_line`, are
// fed. Newest-first text has its block's start after the frame: none is found.
// A paste that opens inside the trace itself (frames only up to the input's
// start or another program's line) is opened at its first frame when an
// `oom_kill_process` frame lies above the anchor: the OOM killer's own frame,
// printed above out_of_memory (its caller) by dump_header()'s dump_stack(), so
// the trace is an OOM report's and is read in print order (newest-first, the
// callee frame comes after the anchor); its time is its first report line's.
// A trace that then shows nothing of a report (no Mem-Info, table or
// outcome) is dropped as any headerless one is.
void ReportScanner::Impl::start_at_stack(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line) {
  constexpr size_t kStackLookbackLines = 64;
  std::vector<std::string> raws;  // newest first
  std::vector<size_t> spans;      // the physical lines each of raws holds (a wrapped record: more than one)
  size_t start = 0;               // raws[0 .. start) are the block's lines; 0: no start found
  bool cpu_line = false;
  bool kill_frame = false;  // an `oom_kill_process` frame among the lines walked
  std::string cpu_comm;  // the `CPU: … Comm: …` line's
  // What ended the walk is no piece of the block: another program's line, a report's line or the input's start
  // (a kernel line may be the block's own first line, broken by a wrap or a terminal's padding).
  bool other_before = true;
  NormalizedLine n;
  auto walk = [&](std::string_view buf, size_t lower, size_t end) -> bool {
    while (end > lower && raws.size() < kStackLookbackLines) {
      size_t stop = end - 1;
      size_t begin = stop;
      while (begin > lower && buf[begin - 1] != '\n') --begin;
      std::string_view raw = buf.substr(begin, stop - begin);
      std::string whole;  // `raw` rejoined to the line(s) it wraps from
      size_t span = 1;
      end = begin;
      normalize_line(raw, n, opt.default_year);
      if (n.foreign) return other_before = true, false;
      if (!n.has_prefix && buf.data() == region.data() && !stack_line_text(trim(n.text)) &&
          rejoin_wrapped(buf, lower, begin, stop, whole, span, Rejoined::stack_start, 2)) {
        raw = whole;
        end = begin;
        end = lines_back(buf, lower, end, span - 1);
        normalize_line(raw, n, opt.default_year);
      }
      const std::string_view t = trim(n.text);
      if (cpu_line) {  // the line before `CPU: …`: its cpuset line (≤4.18), or nothing
        // One a viewer cut (`… cpuset=66afcc…`, its stump the comm) still opens the block, at its time; its
        // values are unknown.
        const bool cut_cpuset = n.truncated && !t.empty() && starts_with(cpu_comm, t) &&
                                (t.size() == cpu_comm.size() || cpu_comm[t.size()] == ' ');
        if ((oomline::parse_cpuset(t) || cut_cpuset) && !oomline::parse_header(t))
          raws.emplace_back(raw), spans.push_back(span), start = raws.size();
        return false;
      }
      const bool marker = stack_marker(t);
      if (!marker && !oomline::parse_stack_line(t) && !line_is_stack_text(t)) {
        other_before = false;  // a kernel line: maybe the block's own first line, broken
        return false;
      }
      raws.emplace_back(raw);
      spans.push_back(span);
      kill_frame = kill_frame || oomline::frame_names(t, "oom_kill_process");
      if (marker) start = raws.size();
      if (auto st = oomline::parse_stack_line(t)) {
        start = raws.size();
        cpu_line = true;
        cpu_comm = std::move(st->comm);
      }
    }
    if (end > lower) other_before = false;  // kStackLookbackLines walked: more of the block may lie before
    return end <= lower;
  };
  if (walk(region, lo, ls) && lo == 0 && !history.empty() && walk(history, 0, history.size()))
    other_before = false;  // the history's start: it may have been cut
  // A paste opening inside the trace: no line of it is the block's start, so the report's time is its first
  // report line's (Mem-Info, `Task in`), as read newest-first too.
  const bool mid_trace = start == 0 && kill_frame && other_before;
  if (mid_trace) start = raws.size();
  if (start == 0) return;
  // The block's start is the first line walked, after another record or nothing: its time is the report's.
  const bool time_from_first = !mid_trace && start == raws.size() && other_before;
  std::vector<uint64_t> first(start);  // each record's first physical line
  uint64_t back = 0;
  for (size_t i = 0; i < start; ++i) first[i] = anchor_line - (back += spans[i]);
  assembler.start_from_stack(first[start - 1], time_from_first, mid_trace);
  for (size_t i = start; i-- > 0;) feed_line(raws[i], first[i]);
}

bool ReportScanner::Impl::opening_row(std::string_view t) {
  const auto r = oomline::parse_row(t);
  return r && r->numbers.size() >= 6 && !r->comm.empty() && r->numbers[1] == r->pid;
}

ReportScanner::Impl::TableStart ReportScanner::Impl::table_start_decision(std::string_view region, size_t eol,
                                                                          size_t n, bool final, bool row,
                                                                          size_t* other_anchor) const {
  constexpr size_t kTableLookaheadLines = 48;
  // A row of a paste of rows alone: another row within this many lines (a
  // wrapped row's pieces between them).
  constexpr size_t kRowLookaheadLines = 4;
  NormalizedLine probe;
  size_t others = 0, lines = 0;
  bool row_seen = !row;
  *other_anchor = 0;
  for (size_t pos = eol + 1; others < kTableLookaheadLines; ++lines) {
    if (!row_seen && lines >= kRowLookaheadLines) return TableStart::skip;
    if (pos >= n) return !final ? TableStart::hold : row_seen ? TableStart::open : TableStart::skip;
    const size_t end = std::min(region.find('\n', pos), n);
    if (end == n && !final) return TableStart::hold;  // the line may go on in the next chunk
    const std::string_view raw = region.substr(pos, end - pos);
    const bool anchor = find_anchor(raw.data(), raw.size()) < raw.size();
    normalize_line(raw, probe, opt.default_year);
    const std::string_view t = trim(probe.text);
    // A row is an anchor of its own (anchor_search.h), not another report's; so is one cut before its
    // numbers (`[  24463]  1000 24463`, the paste's end).
    const size_t close = t.find(']');
    const bool row_start = !t.empty() && t[0] == '[' && close != std::string_view::npos &&
                           parse_i64(trim(t.substr(1, close - 1)));
    const bool table_line = !probe.foreign && (row_start || line_is_table_row(t)) && !table_columns(t, probe.truncated);
    // Decoded text (colours, entities, QP escapes taken out) may hold an anchor the raw bytes hide.
    if (!table_line && (anchor || (!probe.owned.empty() &&
                                   find_anchor(probe.text.data(), probe.text.size()) < probe.text.size()))) {
      *other_anchor = pos;
      return TableStart::skip;
    }
    if (table_line && line_is_table_row(t)) row_seen = true;
    if (!table_line && !line_is_meminfo(t) && !t.empty()) ++others;
    pos = end + 1;
  }
  return row_seen ? TableStart::open : TableStart::skip;
}

void ReportScanner::Impl::start_at_table(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line,
                                         uint64_t time_from_line) {
  constexpr size_t kTableLookbackLines = 64;
  // A Mem-Info line of 330 columns wraps at 72 into 5 pieces.
  constexpr size_t kMaxPiecesBack = 8;
  std::vector<std::string> raws;  // newest first
  std::vector<size_t> spans;      // the physical lines each of raws holds (a wrapped record: more than one)
  NormalizedLine n;
  bool meminfo = false, memcg_stat = false, stopped = false;
  // The printk time of the earliest table line walked (of the anchor's line while none is).
  std::optional<double> table_mono;
  {
    const size_t eol = std::min(region.find('\n', ls), region.size());
    normalize_line(region.substr(ls, eol - ls), n, opt.default_year);
    table_mono = n.prefix.monotonic_s;
  }
  // The walk stopped at `stop_raw`, a kernel line: the start of dump_header()'s dump_stack() block (`CPU: … Comm:
  // …`, or it and its `Hardware name:` line) right before the table or its Mem-Info is the report's, a paste that
  // left out the trace between them (as look_back() reads one right above rows alone, stack_before_table()).
  auto take_stack_start = [&](std::string_view buf, size_t lower, size_t begin, size_t span,
                              std::string_view stop_raw) {
    std::string_view hardware;  // the `Hardware name:` line between them
    std::string_view cpu = stop_raw;
    NormalizedLine probe;
    normalize_line(cpu, probe, opt.default_year);
    if (starts_with(trim(probe.text), "Hardware name:") && begin > lower) {
      hardware = cpu;
      size_t b = begin - 1;
      while (b > lower && buf[b - 1] != '\n') --b;
      cpu = buf.substr(b, begin - 1 - b);
      normalize_line(cpu, probe, opt.default_year);
    }
    if (probe.foreign || probe.truncated || !oomline::parse_stack_line(trim(probe.text))) return;
    if (!stack_before_table(probe.prefix.monotonic_s, table_mono)) return;
    if (!hardware.empty()) raws.emplace_back(hardware), spans.push_back(span);
    raws.emplace_back(cpu);
    spans.push_back(hardware.empty() ? span : 1);
  };
  auto walk = [&](std::string_view buf, size_t lower, size_t end) -> bool {
    while (end > lower && raws.size() < kTableLookbackLines) {
      const size_t stop = end - 1;
      size_t begin = stop;
      while (begin > lower && buf[begin - 1] != '\n') --begin;
      std::string padless;  // a terminal's pads out, as feed_line() takes them out
      std::string_view raw = depad(buf.substr(begin, stop - begin), padless);
      std::string whole;  // `raw` rejoined to the line(s) it wraps from
      size_t span = 1;
      end = begin;
      normalize_line(raw, n, opt.default_year);
      // A table header the paste cut before `name` (table_columns()) is the table's too.
      auto table_text = [](std::string_view t) {
        return line_is_meminfo(t) || line_is_table_row(t) || unmarked_cut_table_header(t);
      };
      // A wrapped Mem-Info line's last piece (`…16384 pages R` + `AM`): read
      // with the pieces before it, as take_record() joins them forward.
      if (!n.foreign && !n.has_prefix && !table_text(trim(n.text)) && buf.data() == region.data() &&
          rejoin_wrapped(buf, lower, begin, stop, whole, span, Rejoined::meminfo_or_table, kMaxPiecesBack)) {
        raw = whole;
        end = lines_back(buf, lower, end, span - 1);
        normalize_line(raw, n, opt.default_year);
      }
      const std::string_view t = trim(n.text);
      if (n.foreign || t.empty() || !table_text(t)) {
        // Where the walk stops: the end of a memcg's memory.stat dump (its
        // `Memory cgroup stats for` line further back) before `Tasks state`.
        if (!stopped && !n.foreign) {
          memcg_stat = line_is_memcg_stat(t);
          take_stack_start(buf, lower, end, span, raw);
        }
        stopped = true;
        return false;
      }
      if (line_is_meminfo(t) && !starts_with(t, "Tasks state")) meminfo = true;
      if (n.prefix.monotonic_s) table_mono = n.prefix.monotonic_s;
      raws.emplace_back(raw);
      spans.push_back(span);
    }
    return end <= lower;
  };
  if (walk(region, lo, ls) && lo == 0 && !history.empty()) walk(history, 0, history.size());
  std::vector<uint64_t> first(raws.size());  // each record's first physical line
  uint64_t back = 0;
  for (size_t i = 0; i < raws.size(); ++i) first[i] = anchor_line - (back += spans[i]);
  assembler.start_from_table(anchor_line - back, meminfo, memcg_stat, time_from_line);
  for (size_t i = raws.size(); i-- > 0;) feed_line(raws[i], first[i]);
}

bool ReportScanner::Impl::stack_marker(std::string_view t) {
  return starts_with(t, "Hardware name:") || starts_with(t, "Call Trace:") || starts_with(t, "Call trace:") ||
         starts_with(t, "Backtrace:");
}

bool ReportScanner::Impl::stack_line_text(std::string_view t) {
  return stack_marker(t) || oomline::parse_stack_line(t) || oomline::parse_workqueue(t) || line_is_stack_text(t);
}

// The unprefixed line region[begin, stop) as the last piece of a wrapped
// record (a terminal's or mail client's wrap, a reflow: take_record(), the
// joining every other record gets) that starts up to `max_back` lines
// before it, is prefixed and reads as `kind` wants: a line of a
// dump_stack() block's start (`CPU: … Comm: …`, `Hardware name: …`, the ≤4.18 cpuset line before them), a
// Mem-Info line. Sets `whole` and the physical lines it spans.
bool ReportScanner::Impl::rejoin_wrapped(std::string_view region, size_t lower, size_t begin, size_t stop,
                                         std::string& whole, size_t& span, Rejoined kind, size_t max_back) {
  size_t s = begin;
  for (size_t k = 1; k <= max_back && s > lower; ++k) {
    s = s - 1;
    while (s > lower && region[s - 1] != '\n') --s;
    std::string saved;
    saved.swap(joined);  // the anchor's own record may be in `joined`: kept as it is
    size_t pieces = 0;
    const size_t end = take_record(region, s, true, pieces);
    std::string record;
    record.swap(joined);
    joined.swap(saved);
    if (end != stop + 1 && !(end == region.size() && stop == region.size())) continue;
    NormalizedLine probe;
    normalize_line(record, probe, opt.default_year);
    const std::string_view t = trim(probe.text);
    // The block's first line, or the ≤4.18 cpuset line before it (a container id wrapped inside).
    const bool reads = kind == Rejoined::stack_start ? stack_marker(t) || oomline::parse_stack_line(t) ||
                                                           oomline::parse_cpuset(t)
                                                     : line_is_meminfo(t) || line_is_table_row(t);
    if (probe.foreign || !probe.has_prefix || !reads) continue;
    whole = std::move(record);
    span = pieces;
    return true;
  }
  return false;
}

}  // namespace oomlens
