// The streaming scanner (see report_scanner.h): a fast anchor search over raw
// bytes (anchor_search.h), line normalisation (prefix.h) only for lines that
// hold an anchor or belong to an open report, and the report assembler
// (report_assembler.h) for those lines.
// This file holds the public class and the loop over the text: chunks cut
// into regions of whole lines, and process_region(), which walks a region
// from anchor to anchor. The scanner's state and its other roles are in
// report_scanner_impl.h and the report_scanner_*.cpp files it names.
#include "kernel_log/report_scanner.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

#include "kernel_log/anchor_search.h"
#include "kernel_log/journal_verbose.h"
#include "kernel_log/newest_first.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner_impl.h"
#include "util/newlines.h"
#include "util/text.h"

namespace oomlens {

using namespace oomlens::text;

// `region` holds complete lines (each ending in '\n', except when `final`).
// Returns the offset from which the region was held back (newest-first
// decision pending at its end), or region.size().
size_t ReportScanner::Impl::process_region(std::string_view region, bool final) {
  if (final) decide_probe();
  if (!probe_done) return 0;  // held until the probe is decided
  if (records_midline && !in_reflowed_records) {
    // One record a line first (reflow_records()); the line numbers go on
    // from the physical lines taken.
    std::string records;
    const size_t taken = reflow_records(region, final, records);
    const uint64_t first_line = line_no;
    // The watch reads the physical lines taken (reflow_records()'s text is not watched).
    if (LineWatch* w = active_watch(); w && taken > 0) w->lines(region.substr(0, taken), first_line + 1);
    in_reflowed_records = true;
    (void)process_region(records, true);  // whole paragraphs: nothing to hold
    in_reflowed_records = false;
    line_no = first_line + count_newlines(region.substr(0, taken));
    return taken;
  }
  const char* d = region.data();
  size_t n = region.size();
  size_t pos = 0;
  size_t fed_end = 0;  // lines before this were fed to an open report
  size_t rows_decided_to = 0;  // table rows before this will not open a report (table_start_decision())
  WatchCursor watched{0, line_no + 1};  // the lines before this were handed on to the watch
  while (pos < n) {
    // After a lone SysRq-f line, a line that may open a newest-first report
    // goes the anchor's way below: newest-first, that report is older than
    // the SysRq line before it in the text.
    if (assembler.open() && (!assembler.sysrq_alone() || !opens_newest_first_here(region, pos))) {
      const void* e = std::memchr(d + pos, '\n', n - pos);
      size_t eol = e ? static_cast<size_t>(static_cast<const char*>(e) - d) : n;
      std::string_view raw = region.substr(pos, eol - pos);
      // A verbose record's cursor or field line, which a join below may pass over.
      std::string plain_verbose;
      if (verbose_seen && !is_message_field(verbose_view(raw, plain_verbose))) take_verbose_meta(raw);
      if (continues(region, pos, eol) || (eol + 1 >= n && !final && (prefixed(raw) || at_wrap_width(raw)))) {
        size_t pieces = 0;
        size_t end = take_record(region, pos, final || n - pos > kMaxHeldBytes, pieces);
        if (end == std::string_view::npos) {
          n = pos;  // the rest of this line comes with the next chunk
          break;
        }
        feed_line(joined, line_no + 1);
        line_no += pieces;
        pos = fed_end = end;
        continue;
      }
      feed_line(raw, ++line_no);
      pos = eol < n ? eol + 1 : n;
      // A line that closed the report without joining it (stamped well after its outcome: the next report's first
      // table row, its header not in the input) stays within reach of the next report's look-back.
      if (assembler.open()) fed_end = pos;
      continue;
    }
    // The sweep: to the next anchor, finding the watch's words on the way (one pass); the lines read since the
    // last sweep go to the watch whole.
    LineWatch* const w = active_watch();
    watch_to(w, region, pos, watched);
    watch_words.clear();
    size_t a = w                ? find_anchor_watching(d + pos, n - pos, rows_possible, watch_words, watched_words)
               : rows_possible ? find_anchor_or_row(d + pos, n - pos)
                               : find_anchor(d + pos, n - pos);
    bool hold = false;
    const size_t lim = a < n - pos ? pos + a : n;
    size_t hidden = qp_possible ? split_anchor(d, pos, lim, n, final, &hold) : std::string_view::npos;
    if (!hold && wrap_width) {
      const size_t w = split_anchor_wrapped(d, pos, hidden == std::string_view::npos ? lim : hidden, n, wrap_width,
                                            final, &hold);
      if (w != std::string_view::npos) hidden = w;
    }
    for (const bool flowed : {false, true}) {
      if (hold || !(flowed ? flowed_text : reflowed_text)) continue;
      const size_t w =
          split_anchor_reflowed(d, pos, hidden == std::string_view::npos ? lim : hidden, n, final, &hold, flowed);
      if (w != std::string_view::npos) hidden = w;
    }
    if (!hold && escape_intro) {
      const size_t w = split_anchor_escaped(d, pos, hidden == std::string_view::npos ? lim : hidden, n, final, &hold);
      if (w != std::string_view::npos) hidden = w;
    }
    if (!hold && pad_width) {
      const size_t w = split_anchor_padded(d, pos, hidden == std::string_view::npos ? lim : hidden, n);
      if (w != std::string_view::npos) hidden = w;
    }
    if (hold) {
      size_t ls = hidden;
      while (ls > pos && d[ls - 1] != '\n') --ls;
      line_no += swept(w, region, pos, ls, watch_words, watched);
      n = ls;  // the soft break's next line comes with the next chunk
      break;
    }
    if (hidden != std::string_view::npos) a = hidden - pos;
    if (a >= n - pos) {
      line_no += swept(w, region, pos, n, watch_words, watched);
      break;
    }
    size_t abs = pos + a;
    size_t ls = abs;
    while (ls > pos && d[ls - 1] != '\n') --ls;
    line_no += swept(w, region, pos, ls, watch_words, watched);
    const void* e = std::memchr(d + abs, '\n', n - abs);
    size_t eol = e ? static_cast<size_t>(static_cast<const char*>(e) - d) : n;
    std::string padless;
    std::string_view raw = depad(region.substr(ls, eol - ls), padless);
    // `journalctl -o verbose`: the record's time is on the lines before (journal_verbose.h).
    std::string plain_verbose;
    if (is_message_field(verbose_view(raw, plain_verbose))) verbose_look_back(region, ls);
    size_t pieces = 1;
    // The anchor line may continue on the next lines (a QP soft break, a
    // wrapped piece). Pieces *before* the anchor's line are not looked for:
    // they may lie in an earlier chunk, and the result must not depend on
    // chunk borders; an open report rejoins them (report_assembler.cpp).
    const size_t anchor_ls = ls;
    // Newest-first, a prefixed line's wrapped rest lies before it: when the pieces before it and those
    // after it both make it whole, the stamps decide (the next prefixed line stamped earlier: newest-first).
    std::string early_rest;
    const bool rest_precedes = continues(region, ls, eol) &&
                               outcome_rest_before(region, fed_end, ls, early_rest) < ls &&
                               stamped_after_next(region, ls, eol, n);
    if (!rest_precedes && (ls != anchor_ls || continues(region, ls, eol) ||
                           (eol + 1 >= n && !final && (prefixed(raw) || at_wrap_width(raw))))) {
      size_t end = take_record(region, ls, final || n - ls > kMaxHeldBytes, pieces);
      if (end == std::string_view::npos) {
        n = ls;
        break;
      }
      raw = joined;
      eol = end < n || (end == n && n > 0 && d[n - 1] == '\n') ? end - 1 : n;
    }
    normalize_line(raw, norm, opt.default_year);
    const size_t back = join_header_start(region, fed_end, ls, raw);
    if (back) {
      raw = joined;
      normalize_line(raw, norm, opt.default_year);
    }
    if (pieces == 1 && !norm.foreign) {
      std::string_view t = trim(norm.text);
      if (!final && eol + 1 >= n && n - ls <= kMaxHeldBytes && !t.empty() && !line_is_record(t)) {
        n = ls;  // its wrapped rest may come with the next chunk
        break;
      }
      if (!rest_precedes && join_split_anchor(region, raw, t, eol, n)) {
        pieces = 2;
        eol = region.find('\n', eol + 1);
        if (eol == std::string_view::npos) eol = n;
        raw = joined;
        normalize_line(raw, norm, opt.default_year);
      }
    }
    // Newest-first, a prefixed line that is no record by itself may have its wrapped rest before it.
    std::string rest_before, opened;
    const size_t rest_from = pieces == 1 && !norm.foreign ? outcome_rest_before(region, fed_end, ls, rest_before) : ls;
    std::string_view outcome_text = norm.text;
    if (rest_from < ls) outcome_text = opened.assign(trim(norm.text)).append(rest_before);
    // A report's body straight before the outcome (show_mem, a trace through out_of_memory()): print order,
    // unless the kill's own `oom-kill:` summary follows it (own_summary_follows()).
    // The outcome's own rest before it (`e_adj:0`, which reads as a show_mem `key:N` piece) is no body.
    bool may_reverse = !norm.foreign && may_open_newest_first(outcome_text, norm.truncated);
    if (may_reverse && body_before_outcome(region, fed_end, rest_from,
                                           line_no + 1 - count_newlines(region.substr(rest_from, ls - rest_from)),
                                           norm.prefix, false)) {
      const auto own = own_summary_follows(region, eol < n ? eol + 1 : n, outcome_text,
                                           final || n - ls > kMaxHeldBytes, opt.default_year);
      if (!own) {
        n = ls;  // hold the rest back until more input arrives
        break;
      }
      may_reverse = *own;
    }
    if (may_reverse) {
      NewestFirst nf = detect_newest_first(region, ls, final || n - ls > kMaxHeldBytes, opt.default_year,
                                           LinePad{pad_width, pad_len}, rest_before);
      if (nf.order == NewestFirst::Order::undecided) {
        n = ls;  // hold the rest back until more input arrives
        break;
      }
      // The stamps showed newest-first text (rest_precedes) where the lines after tell nothing: the record
      // alone, with its rest before it.
      if (rest_precedes && rest_from < ls && nf.order == NewestFirst::Order::forward) {
        nf.order = NewestFirst::Order::reversed;
        nf.end = eol < n ? eol + 1 : n;
        nf.rests_after = false;
      }
      if (nf.order == NewestFirst::Order::repeated) {
        line_no += nf.lines;  // its copy follows: that one is read
        pos = fed_end = nf.end;
        continue;
      }
      if (nf.order == NewestFirst::Order::reversed) {
        // A report that ends without a kill (no killable processes, an OOM
        // panic) stays open in print order: what follows it (the panic and
        // its own CPU line and stack) lies before it in the text.
        if (!oomline::parse_kill(outcome_text) && !oomline::parse_reaper(outcome_text) &&
            !oomline::parse_select(outcome_text)) {
          pos = fed_end = feed_reversed_with_body(region, fed_end, ls, nf.end);
          continue;
        }
        assembler.expire(line_no + 1);
        const size_t from = nf.rests_after ? ls : rest_from < ls ? rest_from : wrapped_rest_before(region, fed_end, ls);
        feed_reversed(region, from, nf.end, line_no + 1 - count_newlines(region.substr(from, ls - from)),
                      nf.rests_after);
        pos = nf.end;
        fed_end = pos;
        continue;
      }
    }
    // Read forward, such a rest before the line is still its: no reading puts another record's there.
    std::string with_rest;
    if (rest_from < ls) {
      with_rest.assign(trim_right(raw)).append(rest_before);
      raw = with_rest;
      normalize_line(raw, norm, opt.default_year);
    }
    if (!norm.foreign) {
      // Newest-first, a wrapped piece after the line is the older line's, not its.
      const void* e1 = std::memchr(d + ls, '\n', n - ls);
      const size_t eol1 = e1 ? static_cast<size_t>(static_cast<const char*>(e1) - d) : n;
      std::string opening(norm.text);
      if (pieces > 1) {
        normalize_line(region.substr(ls, eol1 - ls), probe, opt.default_year);
        opening.assign(probe.text);
      }
      size_t end = reversed_opening(region, fed_end, ls, eol1, final, opening);
      if (end == std::string_view::npos) {
        n = ls;  // hold the rest back until more input arrives
        break;
      }
      if (end <= region.size()) {
        pos = fed_end = end;
        continue;
      }
    }
    bool table_start = false;
    // A table's header (or the `Tasks state` line above it), or a row of a paste of rows alone
    // (anchor_search.h): a report opens there only when nothing else would open one.
    // A header glued after an empty record (a blank line's prefix, then `May  7 … kernel: [  pid  ] …`) is read
    // as feed_line() will split it (glued_record()): its own record's text.
    std::string_view header_text = trim(norm.text);
    if (!norm.foreign && norm.has_prefix && !assembler.open() && header_text.find(" kernel: ") != std::string_view::npos) {
      normalize_line(header_text, probe, opt.default_year);
      if (probe.has_prefix && !probe.foreign && probe.owned.empty()) header_text = trim(probe.text);
    }
    const bool header = !norm.foreign && !assembler.open() &&
                        (table_columns(header_text, norm.truncated) || is_tasks_state(header_text));
    const bool row = !header && !norm.foreign && !assembler.open() && !norm.truncated && pieces == 1 &&
                     ls >= rows_decided_to && opening_row(trim(norm.text));
    if (header || row) {
      size_t other_anchor = 0;
      const TableStart ts = table_start_decision(region, eol, n, final || n - ls > kMaxHeldBytes, row, &other_anchor);
      if (ts == TableStart::hold) {
        n = ls;  // hold the rest back until more input arrives
        break;
      }
      table_start = ts == TableStart::open;
      // The rows up to that anchor are its look-back's: not decided again, row by row.
      if (row && ts == TableStart::skip) rows_decided_to = std::max(rows_decided_to, other_anchor);
    }
    uint64_t number = ++line_no - back;
    line_no += pieces - 1;
    assembler.expire(number);
    // A kill line or a `Task in` line a viewer cut opens a report too (ReportAssembler::feed(): its stump).
    if (!norm.foreign && (line_opens_report(norm.text) ||
                          (norm.truncated && (oomline::parse_kill_stump(norm.text) ||
                                              oomline::parse_task_in(norm.text, true)))))
      look_back(region, fed_end, ls, number);
    else if (!norm.foreign && glued_stack_block(norm)) assembler.start_from_stack(number, other_record_before(region, fed_end, ls));
    else if (!norm.foreign && oomline::is_oom_frame(norm.text)) start_at_stack(region, fed_end, ls, number);
    else if (table_start) start_at_table(region, fed_end, ls, number);
    feed_line(raw, number);
    pos = eol < n ? eol + 1 : n;
    if (assembler.open()) fed_end = pos;
  }
  watch_to(active_watch(), region, n, watched);
  assembler.expire(line_no);
  const size_t held_from = n;
  // Remember the unfed tail for look-back across the next chunk border.
  if (assembler.open() || fed_end >= n) {
    if (fed_end > 0 || held_from == region.size()) history.clear();  // a held line keeps what was before it
    return held_from;
  }
  size_t from = fed_end;
  if (n - from > kHistoryBytes) {  // copy only the tail, from a line start
    from = n - kHistoryBytes;
    while (from < n && d[from - 1] != '\n') ++from;
    history.clear();
  } else if (fed_end > 0) {
    history.clear();
  }
  history.append(d + from, n - from);
  if (history.size() > kHistoryBytes) {
    size_t from = history.size() - kHistoryBytes;
    while (from < history.size() && history[from - 1] != '\n') ++from;
    history.erase(0, from);
  }
  return held_from;
}

bool ReportScanner::Impl::other_record_before(std::string_view region, size_t lo, size_t ls) {
  if (ls <= lo) return lo > 0 || history.empty();  // a report's line before it, or the input's start
  size_t begin = ls - 1;
  while (begin > lo && region[begin - 1] != '\n') --begin;
  normalize_line(region.substr(begin, ls - 1 - begin), probe, opt.default_year);
  return probe.foreign;
}

void ReportScanner::Impl::watch_to(LineWatch* w, std::string_view region, size_t to, WatchCursor& c) {
  if (!w || to <= c.pos) return;
  const std::string_view t = region.substr(c.pos, to - c.pos);
  w->lines(t, c.line);
  c.line += count_newlines(t);
  c.pos = to;
}

uint64_t ReportScanner::Impl::swept(LineWatch* w, std::string_view region, size_t from, size_t to,
                                    const std::vector<size_t>& words, WatchCursor& c) {
  if (!w || to <= c.pos) return count_newlines(region.substr(from, to - from));
  // Lines before c.pos were handed on already: counted, not handed on again.
  const uint64_t before = from < c.pos ? count_newlines(region.substr(from, c.pos - from)) : 0;
  size_t done = std::max(from, c.pos);
  uint64_t lines = 0;  // the newlines of [max(from, c.pos), done)
  // Hands on the lines of [upto's kLinesBefore lines before, end).
  const auto hand_on = [&](size_t upto, size_t end) {
    size_t tail = upto;
    for (size_t k = 0; k < LineWatch::kLinesBefore && tail > done; ++k)
      tail = tail - 1 == done ? done : std::max(done, region.rfind('\n', tail - 2) + 1);  // npos + 1 == 0
    lines += count_newlines(region.substr(done, tail - done));
    const std::string_view t = region.substr(tail, end - tail);
    if (!t.empty()) w->lines(t, c.line + lines);
    lines += count_newlines(t);
    done = end;
  };
  for (const size_t o : words) {
    const size_t at = from + o;
    if (at < done) continue;
    if (at >= to) break;
    const size_t line_start = std::max(done, region.rfind('\n', at) + 1);  // npos + 1 == 0
    const size_t eol = region.find('\n', at);
    size_t end = eol == std::string_view::npos || eol >= to ? to : eol + 1;
    if (end < to) {  // and the line after it (kLinesAfter): a reason a paste wrapped there (systemd-oomd's ` due to …`)
      const size_t next = region.find('\n', end);
      end = next == std::string_view::npos || next >= to ? to : next + 1;
    }
    hand_on(line_start, end);
  }
  hand_on(to, to);
  c.line += lines;
  c.pos = to;
  return before + lines;
}

void ReportScanner::Impl::append_carry(std::string_view part) {
  size_t room = kMaxLineBytes > carry.size() ? kMaxLineBytes - carry.size() : 0;
  if (part.size() > room) {
    if (!carry_truncated)
      warnings.push_back(ParseWarning{opt.source_name, line_no + 1, "line longer than 1 MiB was cut"});
    carry_truncated = true;
    part = part.substr(0, room);
  }
  carry.append(part);
}

void ReportScanner::Impl::feed_text(std::string_view chunk) {
  if (carry.find('\n') != std::string::npos) {  // lines held back for a newest-first decision
    size_t last = chunk.rfind('\n');
    if (last == std::string_view::npos) {
      append_carry(chunk);
      return;
    }
    std::string region = std::move(carry);
    carry.clear();
    carry_truncated = false;
    region.append(chunk.substr(0, last + 1));
    size_t held = process_region(region, false);
    if (held < region.size()) carry.assign(region, held);
    append_carry(chunk.substr(last + 1));
    return;
  }
  if (!carry.empty() || carry_truncated) {
    const void* e = std::memchr(chunk.data(), '\n', chunk.size());
    if (!e) {
      append_carry(chunk);
      return;
    }
    size_t nl = static_cast<size_t>(static_cast<const char*>(e) - chunk.data());
    append_carry(chunk.substr(0, nl));
    carry.push_back('\n');
    std::string line = std::move(carry);
    carry.clear();
    carry_truncated = false;
    size_t held = process_region(line, false);
    chunk.remove_prefix(nl + 1);
    if (held < line.size()) {  // still deciding: keep it, and what follows with it
      carry.assign(line, held);
      feed_text(chunk);
      return;
    }
  }
  size_t last = chunk.rfind('\n');
  if (last == std::string_view::npos) {
    append_carry(chunk);
    return;
  }
  size_t held = process_region(chunk.substr(0, last + 1), false);
  if (held <= last) carry.assign(chunk.substr(held, last + 1 - held));
  append_carry(chunk.substr(last + 1));
}

// flush_idle() on live text: the probe is decided on what came, and the
// lines held for it are processed now.
void ReportScanner::Impl::release_probe() {
  if (probe_done) return;
  decide_probe();
  const size_t last = carry.rfind('\n');
  if (last == std::string::npos) return;
  std::string region = carry.substr(0, last + 1);
  std::string rest = carry.substr(last + 1);
  carry.clear();
  size_t held = process_region(region, false);
  if (held < region.size()) carry.assign(region, held);
  carry += rest;
}

void ReportScanner::Impl::finish() {
  decide_probe();
  if (!carry.empty()) {
    std::string line = std::move(carry);
    carry.clear();
    if (line.back() != '\n') line.push_back('\n');
    (void)process_region(line, true);
  }
  assembler.finish();
}

ReportScanner::ReportScanner(ScanOptions options, EventSink on_event)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(on_event))) {}
ReportScanner::~ReportScanner() = default;

void ReportScanner::feed_text(std::string_view chunk) {
  chunk = impl_->despace_chunk(chunk);
  impl_->probe_feed(chunk);  // once per byte fed (Impl::feed_text recurses on what it holds)
  impl_->feed_text(chunk);
}

bool ReportScanner::wants_record(std::string_view message) const {
  return impl_->assembler.open() || find_anchor(message.data(), message.size()) < message.size();
}

void ReportScanner::feed_record(std::string_view message, const RecordMeta& meta) {
  Impl& s = *impl_;
  const uint64_t lines = 1 + count_newlines(message);
  s.record_lines += lines;
  if (!wants_record(message)) {
    s.line_no += lines;
    return;
  }
  LinePrefix p{meta};
  p.seq_gaps_reported = true;  // readers call note_gap() for real losses
  bool first = true;
  for (;;) {
    size_t nl = message.find('\n');
    LogicalLine l{message.substr(0, nl), &p, ++s.line_no, false, !first};
    s.assembler.expire(l.number);
    s.assembler.feed(l);
    if (nl == std::string_view::npos) break;
    message.remove_prefix(nl + 1);
    first = false;
  }
}

uint64_t ReportScanner::pass_line() {
  ++impl_->record_lines;  // no text's
  return ++impl_->line_no;
}

void ReportScanner::finish() {
  if (impl_->nbsp_lead_held) impl_->feed_text("\xC2");  // a last byte held by despace_chunk(): no A0 came
  impl_->finish();
}

size_t ReportScanner::flush_idle(bool include_incomplete) {
  impl_->release_probe();
  return impl_->assembler.flush(include_incomplete);
}

bool ReportScanner::idle() const { return impl_->assembler.idle(); }

void ReportScanner::set_watch(LineWatch* watch, evidence_words::Watched which) {
  impl_->watch = watch;
  impl_->watched_words = which;
}

void ReportScanner::set_watch(LineWatch* watch) { set_watch(watch, evidence_words::Watched::every_word); }

void ReportScanner::note_gap(std::string_view why) {
  impl_->assembler.gap(why);
  impl_->warnings.push_back(ParseWarning{impl_->opt.source_name, impl_->line_no, std::string(why)});
}

const std::vector<ParseWarning>& ReportScanner::warnings() const { return impl_->warnings; }
uint64_t ReportScanner::lines_seen() const { return impl_->line_no; }
uint64_t ReportScanner::text_newlines() const {
  return impl_->line_no - impl_->record_lines + count_newlines(impl_->carry);
}

std::vector<OomEvent> parse_log_text(std::string_view text, ScanOptions options,
                                     std::vector<ParseWarning>* warnings) {
  std::vector<OomEvent> events;
  ReportScanner scanner(std::move(options), [&](OomEvent&& e) { events.push_back(std::move(e)); });
  scanner.feed_text(text);
  scanner.finish();
  if (warnings) *warnings = scanner.warnings();
  return events;
}

}  // namespace oomlens
