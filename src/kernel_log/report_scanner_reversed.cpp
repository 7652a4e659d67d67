// ReportScanner on newest-first text (`journalctl -r`, a reversed paste;
// detection in newest_first.h): the lines of a report read in reverse are fed
// to the assembler in print order, with the table rows and the body that the
// text puts before the report's opening line (report_scanner_impl.h).
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel_log/newest_first.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_building.h"
#include "kernel_log/report_scanner_impl.h"
#include "util/text.h"

namespace oomlens {

using namespace oomlens::text;

std::string_view ReportScanner::Impl::span_text(std::string_view region, std::pair<size_t, size_t> span) {
  std::string_view r = region.substr(span.first, span.second - span.first);
  if (!r.empty() && r.back() == '\r') r.remove_suffix(1);
  return r;
}

// Feeds the lines of a newest-first report [from, to) of `region` in print
// order, `first_number` being the line number of the line at `from`.
// `rests_after`: a record's wrapped rest follows its prefixed line
// (NewestFirst::rests_after), not precedes it.
void ReportScanner::Impl::feed_reversed(std::string_view region, size_t from, size_t to, uint64_t first_number,
                                        bool rests_after) {
  std::vector<std::pair<size_t, size_t>> spans;
  for (size_t p = from; p < to;) {
    size_t e = region.find('\n', p);
    if (e == std::string_view::npos || e > to) e = to;
    spans.emplace_back(p, e);
    p = e + 1;
  }
  assembler.close_open();
  // A continuation line takes the prefix of the line fed before it: here the
  // one before it in print order, not the last line fed before this report
  // (newest-first, a later one: ` 1257.892709] sudo invoked …`, its `[` cut,
  // took the time of an `out_of_memory+` frame fed before it).
  prev_prefix = LinePrefix{};
  prev_foreign = false;
  // Table rows printed before the line that opens the report (a report
  // whose header was cut off) are preloaded, as look_back does.
  std::vector<std::string> row_texts;
  std::vector<uint64_t> row_numbers;
  std::vector<std::optional<double>> row_stamps;  // each row's printk stamp (none for a wrapped rest)
  CutRows row_cut;  // rows a viewer cut
  bool prose_above_rows = false;  // a poster's line lies between the rows met and the line that opens their report
  // A report's body before its outcome with no report open (show_mem, a trace through out_of_memory(): a paste
  // that starts after the header), kept until the line after it tells whether it opens the report
  // (open_at_body(), as look_back()'s body_before_outcome() reads it forward); else fed as it came.
  std::vector<std::string> body_raws;
  std::vector<uint64_t> body_numbers;
  const auto flush_body = [&] {
    for (size_t k = 0; k < body_raws.size(); ++k) feed_line(body_raws[k], body_numbers[k]);
    body_raws.clear();
    body_numbers.clear();
  };
  NormalizedLine n;
  // A cut `oom-kill:` summary whose wrapped rest the text keeps right after it (`…,oom_memcg=/slurm_node01/…,` +
  // `         task=python, pid=567337`; a path a re-wrap cut, `…/uid_160911` + `1/job_59120608,`), the line after that
  // rest wanting none before it (corpus 681: a poster put the summary above the `memory:` line printed before it):
  // newest-first a record's rest lies before its line, but pieces that read as a summary's rest are no rest of a
  // line that is whole, so they are the summary's, joined as take_record() joins them forward (an indented piece
  // after its indent, a hard wrap's as it is). summary_rest[i]: the joined text for span i; `rest_of[k]`: span k is
  // in it and not fed alone.
  std::vector<std::string> summary_rest(spans.size());
  std::vector<bool> rest_of(spans.size());
  if (!rests_after) {
    NormalizedLine m;
    const auto outcome_wanting_rest = [](std::string_view t) {
      using P = ReportAssembler::Building::Piece;
      oomline::Summary sum;
      if (oomline::parse_kill(t)) return !piece_complete(P::kill, t);
      if (oomline::parse_reaper(t)) return !piece_complete(P::reaper, t);
      if (starts_with(t, "oom-kill:") && oomline::parse_summary(t, sum)) return !piece_complete(P::summary, t);
      return false;
    };
    for (size_t i = 0; i + 1 < spans.size(); ++i) {
      normalize_line(span_text(region, spans[i]), n, opt.default_year);
      const std::string_view t = trim(n.text);
      oomline::Summary sum;
      if (n.foreign || !starts_with(t, "oom-kill:") || !oomline::parse_summary(t, sum) ||
          piece_complete(ReportAssembler::Building::Piece::summary, t))
        continue;
      std::string joined(trim_right(span_text(region, spans[i])));
      size_t k = i + 1;
      for (; k < spans.size() && k <= i + 3; ++k) {
        normalize_line(span_text(region, spans[k]), m, opt.default_year);
        const std::string_view piece = trim(m.text);
        // A re-prefixed rest starts at a key (`kernel: task=python, pid=567337`), as the forward reading takes one.
        if (m.foreign || piece.empty() || line_is_record(piece) || !oomline::summary_rest(piece) ||
            (m.has_prefix && !oomline::at_summary_key(piece)))
          break;
        const bool own_start = m.continuation || m.has_prefix;  // starts after an indent or a prefix
        if (qp_possible && !joined.empty() && joined.back() == '=') joined.pop_back();  // a soft line break
        else if (own_start && !joined.empty() && joined.back() != ',') joined += ',';
        joined.append(own_start ? piece : trim_right(m.text));
      }
      if (k == i + 1 || !oomline::parse_summary(trim(joined), sum)) continue;
      if (k < spans.size()) {
        normalize_line(span_text(region, spans[k]), m, opt.default_year);
        if (!m.foreign && outcome_wanting_rest(trim(m.text))) continue;  // newest-first, the pieces may be its rest
      }
      summary_rest[i] = std::move(joined);
      for (size_t r = i + 1; r < k; ++r) rest_of[r] = true;
      i = k - 1;
    }
  }
  for (size_t i = spans.size(); i-- > 0;) {
    if (rest_of[i]) continue;  // a summary's rest, fed with it
    std::string_view raw = !summary_rest[i].empty()
                               ? std::string_view(summary_rest[i])
                               : region.substr(spans[i].first, spans[i].second - spans[i].first);
    // Wrapped after reversing (rests_after): the pieces up to here are the
    // rest of the line before them (a prefixed one, or a prefix alone and
    // the record after it), joined as a forward reading joins them.
    std::string grouped;
    if (rests_after) {
      size_t head = i;
      while (head > 0 && rest_piece(span_text(region, spans[head]))) --head;
      const bool after_prefix_alone =
          head > 0 && !prefixed(span_text(region, spans[head])) && prefix_alone(span_text(region, spans[head - 1]));
      if (after_prefix_alone) --head;
      if (head < i && (after_prefix_alone || prefixed(span_text(region, spans[head])))) {
        grouped.assign(span_text(region, spans[head]));
        if (after_prefix_alone) grouped.assign(trim_right(grouped)).push_back(' ');
        for (size_t k = head + 1; k <= i; ++k) {
          const std::string_view piece = span_text(region, spans[k]);
          if (qp_possible && !grouped.empty() && grouped.back() == '=') grouped.pop_back();
          if (!piece.empty() && is_space(piece[0]) && !grouped.empty() && !is_space(grouped.back())) grouped += ' ';
          grouped.append(trim_left(dequote(piece)));
        }
        raw = grouped;
        i = head;
      }
    }
    const uint64_t number = first_number + i;
    if (!assembler.open()) {
      std::string padless;  // a row's terminal pads out, as feed_line() takes them out
      normalize_line(depad(raw, padless), n, opt.default_year);
      // A row's wrapped rest (` 0 python`, indented) goes with it.
      // Two rows glued on one line (a copy's artefact): both, the later first, as look_back() takes them.
      if (!n.foreign && glued_rows(raw, number, row_texts, row_numbers)) {
        flush_body();
        row_stamps.insert(row_stamps.end(), 2, std::nullopt);
        continue;
      }
      if (!n.foreign && (line_is_table_row(n.text) || (n.continuation && !row_texts.empty()))) {
        flush_body();  // a block before the rows: look_back()'s (open_at_meminfo), not read here
        row_texts.emplace_back(n.text);
        row_numbers.push_back(number);
        row_stamps.push_back(n.continuation ? std::nullopt : n.prefix.monotonic_s);
        if (n.truncated) row_cut.insert(number);
        continue;
      }
      if (row_texts.empty() && raw_body_line(raw) != BodyLine::none) {
        body_raws.emplace_back(raw);
        body_numbers.push_back(number);
        continue;
      }
      if (!body_raws.empty()) {
        const std::string_view t = trim(n.text);
        const bool outcome = !n.foreign && may_open_newest_first(t, n.truncated) && !oomline::parse_reaper(t);
        if (outcome && open_at_body(body_raws, body_numbers, n.prefix, number)) body_raws.clear(), body_numbers.clear();
        else flush_body();
      }
      // A poster's line between the rows and the line that opens their report, no record and no rest of the row
      // under it (it would make that row's name longer than any comm): the rows are a block the poster pasted
      // there, whose own order nothing reversed.
      if (!row_texts.empty() && !n.foreign && !n.has_prefix && !n.continuation && !trim(n.text).empty() &&
          !line_is_record(trim(n.text)) && overfills_row_comm(row_texts.back(), raw, false))
        prose_above_rows = true;
      if (!n.foreign && !row_texts.empty() && line_opens_report(n.text)) {
        // Rows whose stamps run forward in the text were pasted in print order below a later line (corpus 578:
        // the poster put the kill line first, then a sentence, then the rows stamped before it): they keep the
        // text's order. So do rows below a poster's line that no two stamps show reversed (the same text without
        // its stamps, or with a few): only stamps could say that such a block was reversed.
        std::optional<double> later;  // the latest stamp met so far, bottom-up
        bool stamps_rise = false;     // two rows' stamps show the text's rows newest first
        for (const auto& st : row_stamps)
          if (st) stamps_rise = stamps_rise || (later && *st > *later), later = st;
        if (stamps_fall(row_stamps) || (prose_above_rows && !stamps_rise)) {
          std::reverse(row_texts.begin(), row_texts.end());
          std::reverse(row_numbers.begin(), row_numbers.end());
        }
        std::vector<LogicalLine> rows;
        for (size_t r = 0; r < row_texts.size(); ++r) rows.push_back(table_row(row_texts[r], row_numbers[r], row_cut));
        assembler.preload_rows(rows);
        row_texts.clear();
        row_numbers.clear();
        row_stamps.clear();
        prose_above_rows = false;
      }
    }
    if (rests_after) {  // the layouts below are those of a text wrapped before it was reversed
      feed_line(raw, number);
      continue;
    }
    // A prefix alone (a mail client broke after it) goes with the unprefixed
    // line printed after it, before it in the text: its rest.
    if (i > 0 && prefix_alone(raw)) {
      std::string_view rest = region.substr(spans[i - 1].first, spans[i - 1].second - spans[i - 1].first);
      normalize_line(rest, n, opt.default_year);
      if (!n.has_prefix && !n.foreign && !n.continuation && !trim(n.text).empty()) {
        std::string whole(trim_right(raw));
        whole += ' ';
        whole.append(rest);
        feed_line(whole, number);
        --i;
        continue;
      }
    }
    // An outcome's rest that reads as a record by itself (OpenVZ's `killed process …` after `…: OOM `).
    if (i > 0) {
      std::string rest;
      const size_t at = outcome_rest_before(region, spans[0].first, spans[i].first, rest);
      if (at < spans[i].first) {
        std::string whole(trim_right(raw));
        whole += rest;
        while (i > 0 && spans[i].first > at) --i;
        feed_line(whole, number);
        continue;
      }
    }
    // A prefixed line's wrapped rest (`…limit of /kubepo` + `ds/pod…`) lies
    // before it in the text, piece by piece reversed: joined as take_record() joins it.
    if (i > 0 && prefixed(raw) && unprefixed(span_text(region, spans[i - 1]))) {
      std::string whole(raw);
      while (i > 0 && unprefixed(span_text(region, spans[i - 1]))) whole.append(dequote(span_text(region, spans[--i])));
      feed_line(whole, number);
      continue;
    }
    feed_line(raw, number);
  }
  flush_body();
  assembler.close_open();
  line_no = first_number + spans.size() - 1;
}

// Newest-first, a record's wrapped rest (`anon-rss:0kB, …` of `…reaped
// process 541 (dbus-broker), now `) lies just before its line at `ls`:
// the start of that rest in [lower, ls) when the line alone is no record
// and the one before it is an unprefixed piece; else `ls`.
size_t ReportScanner::Impl::wrapped_rest_before(std::string_view region, size_t lower, size_t ls) {
  if (ls <= lower) return ls;
  const size_t e = region.find('\n', ls);
  normalize_line(region.substr(ls, (e == std::string_view::npos ? region.size() : e) - ls), probe,
                 opt.default_year);
  if (probe.foreign) return ls;
  // A kill line that is a record alone but incomplete (`Killed process 90057
  // (java)` + `total-vm:2007864kB, …`) may have its rest there too, prefix or not.
  const std::string_view lt = trim(probe.text);
  const bool incomplete_kill =
      oomline::parse_kill(lt) && !piece_complete(ReportAssembler::Building::Piece::kill, lt);
  if (!incomplete_kill && (!probe.has_prefix || line_is_record(lt))) return ls;
  size_t ps = ls - 1;
  while (ps > lower && region[ps - 1] != '\n') --ps;
  normalize_line(region.substr(ps, ls - 1 - ps), probe, opt.default_year);
  const std::string_view t = trim(probe.text);
  if (probe.has_prefix || probe.foreign || probe.continuation || t.empty() || line_is_record(t)) return ls;
  return ps;
}

// Newest-first, a prefixed line that is no record by itself (`… Out of
// memory: Killed `, a mail client's break at a space) may have its wrapped
// rest just before it, piece by piece reversed (corpus 215: `process 1968
// (memkiller) …` then `file-rss:…`): the start of those pieces in [lower,
// ls) when the line and they (4 at most) read as a whole kill, reaper,
// `oom-kill:` summary or selection; their text, in print order, in `rest`.
// So may a kill or `oom-kill:` summary line that is a record but cut by a
// wrap (piece_complete() false: `… pgtables:524kB oom_scor` + `e_adj:0`,
// corpus 542): its rest is the unprefixed pieces that make it a whole record
// of its kind. Else `ls`.
size_t ReportScanner::Impl::outcome_rest_before(std::string_view region, size_t lower, size_t ls, std::string& rest) {
  using P = ReportAssembler::Building::Piece;
  rest.clear();
  if (ls <= lower) return ls;
  const size_t e = region.find('\n', ls);
  normalize_line(region.substr(ls, (e == std::string_view::npos ? region.size() : e) - ls), probe, opt.default_year);
  if (probe.foreign || probe.truncated || trim(probe.text).empty()) return ls;
  const bool line_prefixed = probe.has_prefix;
  const std::string line(trim(probe.text));
  // A record by itself may still be a kill or summary a wrap cut (`… pgtables:524kB oom_scor` + `e_adj:0`,
  // `…,oom_memcg=/docker/fd92d65e` + `92f9…,uid=1000`): only the pieces that complete it are its rest.
  oomline::Summary line_sum;
  P cut_kind = P::none;
  if (line_is_record(line)) {
    cut_kind = oomline::parse_kill(line)                                                        ? P::kill
               : starts_with(line, "oom-kill:") && oomline::parse_summary(line, line_sum) ? P::summary
                                                                                           : P::none;
    if (cut_kind == P::none || piece_complete(cut_kind, line)) return ls;
  } else if (!line_prefixed) {
    return ls;  // a stump without a prefix of its own may be any line's piece; a record a wrap cut is itself
  }
  // The break's space (format=flowed keeps it at the line's end) goes before the rest.
  const std::string_view raw = span_text(region, {ls, e == std::string_view::npos ? region.size() : e});
  if (!raw.empty() && is_space(raw.back())) rest.push_back(' ');  // rest is empty here
  size_t at = ls;
  for (int i = 0; i < 4 && at > lower; ++i) {
    size_t ps = at - 1;
    while (ps > lower && region[ps - 1] != '\n') --ps;
    const std::string_view piece = span_text(region, {ps, at - 1});
    // The nearest piece may read as a kill by itself when the line gives it a longer message (OpenVZ's
    // `Out of memory in UB 1234: OOM ` + `killed process …`, corpus 351), as join_split_anchor() joins it.
    bool piece_record = false;
    std::optional<std::string> piece_message;
    if (!unprefixed(piece)) {
      normalize_line(piece, probe, opt.default_year);
      const std::string_view pt = trim(probe.text);
      if (i > 0 || probe.has_prefix || probe.foreign || !(oomline::parse_kill(pt) || oomline::parse_select(pt)))
        break;
      piece_record = true;
      piece_message = oomline::outcome_message(pt);
    }
    rest.append(dequote(piece));
    at = ps;
    const std::string whole = line + rest;
    if (cut_kind != P::none) {  // the record's own kind, completed by unprefixed pieces only
      if (piece_record) break;
      if (piece_complete(cut_kind, whole) && (cut_kind == P::kill ? oomline::parse_kill(whole).has_value()
                                                                    : oomline::parse_summary(whole, line_sum)))
        return at;
      continue;
    }
    if (piece_record) {
      const auto m = oomline::outcome_message(whole);
      if (!m || (piece_message && !oomline::message_extends(*m, *piece_message))) break;
      return at;  // a record by itself: complete as it is
    }
    oomline::Summary sum;
    const bool complete = oomline::parse_kill(whole)      ? piece_complete(P::kill, whole)
                          : oomline::parse_reaper(whole) ? piece_complete(P::reaper, whole)
                          : starts_with(whole, "oom-kill:") && oomline::parse_summary(whole, sum)
                              ? piece_complete(P::summary, whole)
                              : oomline::parse_select(whole).has_value();
    if (complete) return at;
  }
  rest.clear();
  return ls;
}

// Whether the prefixed line [ls, eol) was stamped later than the next
// prefixed kernel line after it (its unprefixed pieces and blank lines
// passed over, 6 lines at most, up to `n`): both printk times, or both wall
// times of one format. Text in print order never has that.
bool ReportScanner::Impl::stamped_after_next(std::string_view region, size_t ls, size_t eol, size_t n) {
  normalize_line(span_text(region, {ls, eol}), probe, opt.default_year);
  if (!probe.has_prefix || probe.foreign) return false;
  const LinePrefix line = probe.prefix;
  size_t p = eol + 1;
  for (int i = 0; i < 6 && p < n; ++i) {
    size_t e = region.find('\n', p);
    if (e == std::string_view::npos || e > n) e = n;
    normalize_line(span_text(region, {p, e}), probe, opt.default_year);
    p = e + 1;
    if (probe.foreign || !probe.has_prefix) continue;
    if (line.monotonic_s && probe.prefix.monotonic_s) return *line.monotonic_s > *probe.prefix.monotonic_s;
    return line.wall && probe.prefix.wall && line.wall->size() == probe.prefix.wall->size() &&
           *line.wall > *probe.prefix.wall;
  }
  return false;
}

// Whether the line at `ls` is one that may open a newest-first report
// (may_open_newest_first()): a kill, reaper, selection or no-kill end line.
bool ReportScanner::Impl::opens_newest_first_here(std::string_view region, size_t ls) {
  const size_t e = region.find('\n', ls);
  normalize_line(region.substr(ls, (e == std::string_view::npos ? region.size() : e) - ls), probe, opt.default_year);
  return !probe.foreign && may_open_newest_first(trim(probe.text), probe.truncated);
}

// Whether `piece` (bare, unprefixed), the line starting at `start` in `buf`,
// is the wrapped rest of the prefixed line right before it (at or after
// `lo`): that line is a counter, header, kill, reaper or `oom-kill:` summary
// a wrap or a quoted-printable soft break (`=`) cut, and with `piece`
// (after a space when the break kept one) it is whole (piece_complete()).
bool ReportScanner::Impl::completes_record_before(std::string_view buf, size_t lo, size_t start,
                                                  std::string_view piece) {
  using P = ReportAssembler::Building::Piece;
  if (start <= lo) return false;
  size_t b = start - 1;
  while (b > lo && buf[b - 1] != '\n') --b;
  std::string_view before = buf.substr(b, start - 1 - b);
  if (!before.empty() && before.back() == '\r') before.remove_suffix(1);
  normalize_line(before, probe, opt.default_year);
  if (!probe.has_prefix || probe.foreign || probe.truncated) return false;
  std::string line(trim_left(probe.text));
  oomline::Summary sum;
  const P kind = oomline::parse_counter(trim(line))                                              ? P::counter
                 : oomline::parse_header(trim(line))                                             ? P::header
                 : oomline::parse_kill(trim(line))                                               ? P::kill
                 : oomline::parse_reaper(trim(line))                                             ? P::reaper
                 : starts_with(trim(line), "oom-kill:") && oomline::parse_summary(trim(line), sum) ? P::summary
                                                                                                 : P::none;
  if (kind == P::none || piece_complete(kind, trim(line))) return false;
  if (qp_possible && !line.empty() && line.back() == '=') line.pop_back();
  for (const std::string_view sep : {"", " "}) {
    const std::string whole = std::string(trim_right(line)) + (line.size() && is_space(line.back()) ? " " : "") +
                              std::string(sep) + std::string(piece);
    if (piece_complete(kind, whole)) return true;
  }
  return false;
}

// A wrapped piece of a record: no prefix, not a record by itself, indented or not.
bool ReportScanner::Impl::rest_piece(std::string_view raw) {
  normalize_line(raw, probe, opt.default_year);
  const std::string_view t = trim(probe.text);
  return !probe.has_prefix && !probe.foreign && !t.empty() && !line_is_record(t);
}

// A line that is a prefix and nothing else (`[330319.234959] `).
bool ReportScanner::Impl::prefix_alone(std::string_view raw) {
  normalize_line(raw, probe, opt.default_year);
  return probe.has_prefix && !probe.foreign && trim(probe.text).empty();
}

// A report without an outcome read newest-first (newest_first.h,
// printed_after_opening): its body lies before its opening line at `ls`.
// The lines before it back to `lower` (and, when `lower` is 0, in
// `history`), at most kHistoryBytes back, the opening line and its older
// lines after it up to the header are fed in print order as one report.
// Returns the offset in `region` after the report, a value past
// region.size() when this is no such report, or npos when the decision
// waits for more input.
// `opening` is the bare text of the line at `ls` alone (without the pieces
// the forward reading would join to it), `eol` its end.
size_t ReportScanner::Impl::reversed_opening(std::string_view region, size_t lower, size_t ls, size_t eol, bool final,
                                             const std::string& opening) {
  constexpr size_t kNo = std::string_view::npos - 1;
  const bool is_header = oomline::parse_header(opening).has_value();
  if (!is_header && !oomline::parse_stats_header(opening) && !oomline::parse_task_in(opening) &&
      !oomline::first_memcg_counter(oomline::parse_counter(opening)) &&
      opening.find("Out of memory and no killable processes") == std::string::npos)
    return kNo;
  // The lines before `ls`, nearest first: in region [lower, ls), then history.
  struct Cursor {
    std::string_view buf;
    size_t end;
  };
  Cursor parts[2] = {{region.substr(0, ls), ls}, {std::string_view(history), history.size()}};
  const size_t region_lower = lower;
  const int nparts = lower == 0 && !history.empty() ? 2 : 1;
  // Evidence: the nearest kernel line before it (blank and foreign lines skipped, 8 at most).
  {
    NormalizedLine n;
    int part = 0;
    size_t end = ls;
    bool evidence = false, rest_seen = false;
    for (int seen = 0; seen < 8;) {
      const size_t lo = part == 0 ? region_lower : 0;
      if (end <= lo) {
        if (++part >= nparts) break;
        end = parts[part].end;
        continue;
      }
      std::string_view buf = parts[part].buf;
      size_t start = end - 1;
      while (start > lo && buf[start - 1] != '\n') --start;
      const std::string_view raw = buf.substr(start, end - 1 - start);
      normalize_line(raw, n, opt.default_year);
      end = start;
      if (n.foreign || trim(n.text).empty()) {
        ++seen;
        continue;
      }
      // A header's rest a mail client wrapped (`order=0, oomkilladj=0`): newest-first, just before it.
      if (is_header && !rest_seen && !n.has_prefix && !line_is_record(trim(n.text)) &&
          !piece_complete(ReportAssembler::Building::Piece::header, opening)) {
        rest_seen = true;
        ++seen;
        continue;
      }
      evidence = printed_after_opening(opening, trim(n.text));
      // A piece that completes the prefixed record cut right before it (`kmem: … fail` + `cnt 0`, a wrap; `…kB,=`
      // + ` failcnt 0`, a quoted-printable soft break) is that record's rest, as take_record() reads it forward:
      // no line printed after the opening (`cnt 0` reads as a v2 `name value` stat).
      if (evidence && !n.has_prefix && completes_record_before(buf, lo, start, trim(n.text))) evidence = false;
      // An unprefixed piece that is no record (a poster's `// …` comment
      // between kernel lines): read forward it is the rest of the prefixed
      // line before it (take_record()) or a line the assembler passes over;
      // newest-first it says nothing either, so the record before it tells.
      if (!evidence && unprefixed(raw)) {
        ++seen;
        continue;
      }
      break;
    }
    if (!evidence && is_header) return header_alone(region, ls, eol, final);
    if (!evidence) {
      // Or the lines after it: those print order puts before it (`Task in` after `memory:`), or its header.
      NormalizedLine own;
      normalize_line(region.substr(ls, eol - ls), own, opt.default_year);
      const auto after = older_lines_follow(region, eol < region.size() ? eol + 1 : region.size(), opening,
                                            own.prefix, final || region.size() - ls > kMaxHeldBytes, opt.default_year);
      if (!after) return std::string_view::npos;
      if (!*after) return kNo;
    }
  }
  NewestFirst nf = extend_newest_first(region, eol < region.size() ? eol + 1 : region.size(),
                                       is_header,
                                       final || region.size() - ls > kMaxHeldBytes, opt.default_year);
  if (nf.order == NewestFirst::Order::undecided) return std::string_view::npos;
  return feed_reversed_with_body(region, lower, ls, nf.end);
}

// A header that is the newest line of a newest-first text, its report
// printed no further (a paste of `journalctl -r` that starts there): the
// next line is an older report's kill or reaper line read newest-first
// (newest_first.h). Fed alone; returns as reversed_opening does.
size_t ReportScanner::Impl::header_alone(std::string_view region, size_t ls, size_t eol, bool final) {
  constexpr size_t kNo = std::string_view::npos - 1;
  const size_t next = eol < region.size() ? eol + 1 : region.size();
  const bool decided = final || region.size() - ls > kMaxHeldBytes;
  if (next >= region.size()) return decided ? kNo : std::string_view::npos;
  size_t e2 = region.find('\n', next);
  if (e2 == std::string_view::npos) e2 = region.size();
  NormalizedLine n;
  normalize_line(region.substr(next, e2 - next), n, opt.default_year);
  if (n.foreign || !may_open_newest_first(trim(n.text), n.truncated) || oomline::parse_select(trim(n.text))) return kNo;
  NewestFirst nf = detect_newest_first(region, next, decided, opt.default_year, LinePad{pad_width, pad_len});
  if (nf.order == NewestFirst::Order::undecided) return std::string_view::npos;
  if (nf.order != NewestFirst::Order::reversed) return kNo;
  assembler.expire(line_no + 1);
  feed_reversed(region, ls, next, line_no + 1);
  return next;
}

// Feeds [ls, end) of `region` newest-first (feed_reversed) together with
// the lines before `ls` back to `lower` (and in `history` when `lower` is
// 0), at most kHistoryBytes back: what print order put after the report's
// first line in the text, which the open report would have taken.
size_t ReportScanner::Impl::feed_reversed_with_body(std::string_view region, size_t lower, size_t ls, size_t end) {
  const bool may_use_history = lower == 0 && !history.empty();
  size_t from = ls, hist_from = history.size();
  size_t lines_before = 0;
  bool in_history = false;
  while (true) {
    if (!in_history) {
      if (from > lower) {
        size_t start = from - 1;
        while (start > lower && region[start - 1] != '\n') --start;
        if (ls - start > kHistoryBytes) break;
        from = start;
        ++lines_before;
        continue;
      }
      if (!may_use_history) break;
      in_history = true;
    }
    if (hist_from == 0) break;
    size_t start = hist_from - 1;
    while (start > 0 && history[start - 1] != '\n') --start;
    if (ls + (history.size() - start) > kHistoryBytes) break;
    hist_from = start;
    ++lines_before;
  }
  std::string buf;
  if (in_history) buf.assign(history, hist_from, std::string::npos);
  buf.append(region.substr(from, end - from));
  if (!buf.empty() && buf.back() != '\n') buf.push_back('\n');
  assembler.expire(line_no + 1);
  feed_reversed(buf, 0, buf.size(), line_no + 1 - lines_before);
  if (in_history) history.clear();
  return end;
}

}  // namespace oomlens
