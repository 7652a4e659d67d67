// ReportScanner's joining of one record's physical lines into one
// (report_scanner_impl.h): whether a line goes on on the next (a
// quoted-printable soft break, a terminal's or mail client's wrapped rest, a
// hard wrap at the text's width, a reflow or format=flowed break at a space, a
// pad a wrap broke, a journal JSON object over lines), take_record() that
// joins them, and an anchor line joined with the piece before or after it
// that it was broken from.
#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel_log/journal_verbose.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_building.h"
#include "kernel_log/report_scanner_impl.h"
#include "util/text.h"

namespace oomlens {

using namespace oomlens::text;

// Where a quoted-printable line's encoded line end starts: `=0A=` (`=0D=0A=`) closing the line, an encoded newline
// then a soft break. A mailer that encodes the body's CRLF line ends writes every line so and breaks the long ones
// with soft breaks (Outlook, corpus 759): the record ends at the encoded newline. npos when the line has none.
static size_t encoded_line_end(std::string_view raw) {
  if (!ends_with(raw, "=0A=")) return std::string_view::npos;
  const size_t at = raw.size() - 4;
  return at >= 3 && raw.substr(at - 3, 3) == "=0D" ? at - 3 : at;
}

// A quoted-printable soft line break (RFC 2045 §6.7 rule 5): a long line
// ending in '='. Kernel lines that end in '=' are short (`cpuset=`). In
// text hard-wrapped at a fixed width and not QP-encoded (no `=3D`), a
// line of that width ending in '=' was cut after it (`…,task=` + `java,…`).
bool ReportScanner::Impl::soft_break(std::string_view raw) const {
  if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
  if (raw.size() < 60 || raw.back() != '=') return false;
  if (encoded_line_end(raw) != std::string_view::npos) return false;  // the record ends there
  // QP writes a '=' of the text as `=3D`: a line ending in `==` (2.6's
  // `=======================` after a stack) is the text's, no soft break.
  if (raw[raw.size() - 2] == '=') return false;
  // A coloured line (`dmesg --color=always`) is as long as its text: its escapes make no line QP-long.
  std::string plain;
  if (escape_intro && strip_terminal_escapes(raw, plain) && plain.size() < 60) return false;
  return qp_encoded || !at_wrap_width(raw);
}

// An unprefixed, non-empty line (a terminal's wrapped rest of the line
// before, when that one had a prefix).
// Without its mail quoting (`> `, `> > `: each '>' and one space after
// it; `&gt; ` on a web page that escaped the quoted text; a source line comment's `// `, as normalize_line()).
std::string_view ReportScanner::Impl::dequote(std::string_view raw) {
  for (;;) {
    if (!raw.empty() && raw[0] == '>') raw.remove_prefix(1);
    else if (starts_with(raw, "&gt;")) raw.remove_prefix(4);
    else if (starts_with(raw, "// ")) raw.remove_prefix(2);
    else return raw;
    if (!raw.empty() && raw[0] == ' ') raw.remove_prefix(1);
  }
}

// An unprefixed frame (`[<ffffffff800c3a6a>] out_of_memory+0x8e/0x2f5`, `[&lt;…&gt;]` on a page that escaped it)
// after a prefixed line: a stack printed without the syslog prefix after its `kernel: Call Trace:` (a RHEL 5
// knowledge-base copy), its own line, never the line before's wrapped rest; unless it is the rest of an ARM
// frame's `(func) from`.
bool ReportScanner::Impl::bare_frame_after(std::string_view raw, std::string_view next) {
  next = trim(dequote(next));
  const bool frame = (starts_with(next, "[<") && next.find(">]") != std::string_view::npos) ||
                     (starts_with(next, "[&lt;") && next.find("&gt;]") != std::string_view::npos);
  return frame && !ends_with(trim_right(raw), " from");
}

// Not indented: an indented unprefixed line is a continuation record
// (multi-line printk), kept as its own line. Not a record of its own.
bool ReportScanner::Impl::unprefixed(std::string_view raw) {
  raw = dequote(raw);
  if (raw.empty() || is_space(raw[0]) || raw[0] == '{' || raw[0] == '"') return false;
  std::string_view t = trim(raw);
  if (starts_with(t, "# ")) t = trim(t.substr(2));  // in a paste of `# `-commented lines (corpus 280)
  if (poster_elision(t)) return false;  // a poster's elision (`[...]`, `[... snip ...]`)
  // A markdown code fence (```` ``` ````, `~~~`, a language after it): the paste's
  // structure, no record's rest (newest-first, the fence after a paste's cut last line: corpus 220).
  if (starts_with(t, "```") || starts_with(t, "~~~")) return false;
  // `journalctl -o verbose`'s cursor line starts the next record (journal_verbose.h).
  if (t.back() == ']' && t.find(" [s=") != std::string_view::npos) {
    RecordMeta m;
    if (read_verbose_line(t, m) == VerboseLine::cursor) return false;
  }
  normalize_line(raw, probe, opt.default_year);
  return !probe.has_prefix && !line_is_record(probe.text);
}

bool ReportScanner::Impl::prefixed(std::string_view raw) {
  normalize_line(raw, probe, opt.default_year);
  return probe.has_prefix && !probe.foreign;
}

// In text hard-wrapped at wrap_width: `raw` is exactly that wide and
// `next` is its rest (no prefix of its own, not a record by itself; it may
// start with a space, the one the break fell before). Bare text (no
// prefixes to tell a piece from a record) is rejoined so too.
bool ReportScanner::Impl::wrapped_at_width(std::string_view raw, std::string_view next) {
  if (!next.empty() && next.back() == '\r') next.remove_suffix(1);
  if (!at_wrap_width(raw) || trim(next).empty()) return false;
  // Indented after a word (a reflow's break at a space): the assembler
  // rejoins those pieces with one space (report_rejoin.cpp). After a
  // space the break fell inside a table's padding.
  if (next.size() > 1 && is_space(next[0]) && is_space(next[1]) && !is_space(raw.back())) return false;
  normalize_line(next, probe, opt.default_year);
  const std::string_view t = trim(probe.text);
  // `[<…>]` starts a stack line, unless it is the rest of an ARM frame's `(func) from`.
  // `[  24463]  1000 24463` starts a task row (one a viewer cut): never the
  // rest of the row before it, however wide that is (a 15-byte comm).
  if (probe.has_prefix || probe.foreign || line_starts_meminfo(t) || starts_table_line(t) ||
      (starts_with(t, "[<") && !ends_with(trim_right(raw), " from")))
    return false;
  return !line_is_record(t) || joins_as_record(raw, next);
}

// A terminal's pad that a wrap broke (`…anon-rss:830480k` + a run of
// spaces wider than the rest of the line + `B, file-rss:…`): a line of
// spaces only, after a line of the wrap width or one ending in a space
// (format=flowed breaks inside the run), with an unprefixed rest after it
// that is no record by itself. The record goes on over it. `after`
// nullopt: that line is not in the region yet (true when the rest holds).
bool ReportScanner::Impl::pad_piece(std::string_view raw, std::string_view spaces,
                                    std::optional<std::string_view> after) {
  if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
  if (!spaces.empty() && spaces.back() == '\r') spaces.remove_suffix(1);
  if (spaces.empty() || spaces.find_first_not_of(' ') != std::string_view::npos) return false;
  if (!at_wrap_width(raw) && (raw.empty() || raw.back() != ' ')) return false;
  if (!after) return true;
  normalize_line(*after, probe, opt.default_year);
  const std::string_view t = trim(probe.text);
  return !probe.has_prefix && !probe.foreign && !t.empty() && !line_is_record(t);
}

// The line starting at `from` in `region` (without its '\n'), or nullopt
// when `region` ends before it (a region holds whole lines but at the end).
std::optional<std::string_view> ReportScanner::Impl::line_at(std::string_view region, size_t from) {
  if (from >= region.size()) return std::nullopt;
  const size_t e = region.find('\n', from);
  return region.substr(from, (e == std::string_view::npos ? region.size() : e) - from);
}

// After a format=flowed soft break (the line ends in a space), or a
// reflow's break (the rest indented after a word: joined with one space).
bool ReportScanner::Impl::flowed_rest(std::string_view raw, std::string_view next) {
  if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
  if (raw.empty()) return false;
  if (raw.back() == ' ') return joins_as_record(raw, next);
  return reflowed(raw, next) && joins_as_record(raw, next, true);
}

bool ReportScanner::Impl::reflowed(std::string_view raw, std::string_view next) {
  return !raw.empty() && !is_space(raw.back()) && next.size() > 2 && is_space(next[0]) && is_space(next[1]) &&
         !trim(next).empty();
}

// A rest that reads as a record by itself (`: Killed process 15617 …`
// after `…: Memory cgroup out of memory`, `memory: Killed process …` after
// a format=flowed `…out of `) when the line before is none and the two
// together open a report. An indented rest only when `indented` (a
// reflow's: joined with one space). Only after a break a wrap could make:
// at the wrap width (wrapped_at_width()), after a space or before an
// indented rest (flowed_rest()).
bool ReportScanner::Impl::joins_as_record(std::string_view raw, std::string_view next, bool indented) {
  if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
  if (!next.empty() && next.back() == '\r') next.remove_suffix(1);
  if (next.empty() || (!indented && next.size() > 1 && is_space(next[0]) && is_space(next[1])) ||
      trim(next).empty() || trim(next)[0] == '{' || trim(next)[0] == '"')
    return false;
  normalize_line(next, probe, opt.default_year);
  if (probe.has_prefix || probe.foreign) return false;
  // dump_oom_summary() prints `oom-kill:` at its record's start: no line's rest (newest-first, the summary
  // after a kill line broken at `Killed `, whose rest lies before it: corpus 215).
  if (starts_with(trim(probe.text), "oom-kill:")) return false;
  normalize_line(raw, probe, opt.default_year);
  if (probe.foreign || line_is_record(trim(probe.text))) return false;
  std::string& whole = probe_join;
  whole.assign(raw);
  if (indented) whole += ' ';
  whole.append(indented ? trim(next) : trim_right(next));
  normalize_line(whole, probe, opt.default_year);
  return !probe.foreign && line_opens_report(trim(probe.text));
}

// A line cut by a viewer (`…` or `...` at its end) is as wide as the
// others too, but nothing of it follows.
bool ReportScanner::Impl::at_wrap_width(std::string_view raw) const {
  if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
  return wrap_width != 0 && line_width(raw) == wrap_width && !ends_in_ellipsis(raw);
}

// A poster's prose line right after a task table's last row, with no blank
// line between (`… python` + `hello world`), is no rest of the row: glued
// to it, the row's comm (`pythonhello world`) would be longer than any comm
// the kernel prints. Short prose (`… python` + `hi all`, ≤ 15 bytes once
// joined) stays out too unless the row's line was cut at the wrap width
// (`cut_at_width`): a piece joined to a comm the row already shows must
// read as a comm's rest (looks_like_comm_rest()). A row wrapped inside its
// comm (`… pyth` + `on`), or before it (`… 0` + ` python`), still rejoins.
bool ReportScanner::Impl::overfills_row_comm(std::string_view joined, std::string_view next, bool cut_at_width) {
  if (!next.empty() && next.back() == '\r') next.remove_suffix(1);
  std::string& whole = probe_join;
  whole.assign(joined);
  const bool reflow = reflowed(joined, next);
  if (reflow) {
    whole += ' ';
    whole.append(trim(next));
  } else {
    whole.append(dequote(next));
  }
  normalize_line(whole, probe, opt.default_year);
  const auto row = oomline::parse_row(trim(probe.text));
  if (!row || row->comm.empty()) return false;
  if (!joined_comm_fits(row->comm)) return true;
  if (cut_at_width || reflow) return false;
  // The row before the piece: did it show a comm the piece would continue?
  normalize_line(joined, probe, opt.default_year);
  const auto before = oomline::parse_row(trim(probe.text));
  return before && !before->comm.empty() && !looks_like_comm_rest(trim(dequote(next)));
}

// True when the line at `start` continues on the next physical line: a QP
// soft break, a prefixed line followed by an unprefixed piece, or a line
// of the wrap width followed by its rest.
bool ReportScanner::Impl::continues(std::string_view region, size_t start, size_t eol) {
  std::string_view r = region.substr(start, eol - start);
  if (soft_break(r)) return true;
  if (eol >= region.size()) return false;
  size_t e2 = region.find('\n', eol + 1);
  std::string_view next = region.substr(eol + 1, (e2 == std::string_view::npos ? region.size() : e2) - eol - 1);
  if (next.empty()) return false;
  if (json_open(r)) return json_rest(next);
  return ((prefixed(r) && ((unprefixed(next) && !bare_frame_after(r, next)) || flowed_rest(r, next))) ||
          wrapped_at_width(r, next) || pad_piece(r, next, line_at(region, eol + 1 + next.size() + 1))) &&
         !overfills_row_comm(r, next, at_wrap_width(r));
}

// A `journalctl -o json` object that a terminal, a mail client or a
// person broke over lines (JSON has no raw newline inside a string): the
// line opens one and does not close it.
bool ReportScanner::Impl::json_open(std::string_view s) {
  // One a viewer cut (`…`, `...`) is read as far as it goes (prefix.cpp).
  if (s.size() < 12 || s[0] != '{' || s.find("\"MESSAGE\"") == std::string_view::npos || ends_in_ellipsis(trim_right(s)))
    return false;
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return false;
    }
  }
  return true;
}

// The next piece of an open JSON object: not empty, not a new object.
bool ReportScanner::Impl::json_rest(std::string_view next) {
  std::string_view t = trim(next);
  return !t.empty() && t[0] != '{';
}

// Joins the physical lines of one record starting at `start` into `joined`
// (QP soft breaks dropped; a wrapped piece appended, its indentation as one
// space); returns the offset after the last piece, or npos when the region
// ends inside it and more input may follow. `pieces` counts the lines.
size_t ReportScanner::Impl::take_record(std::string_view region, size_t start, bool final, size_t& pieces) {
  joined.clear();
  pieces = 0;
  size_t p = start;
  bool qp_mode = false;
  bool prefixed_start = false;  // a prefixed line's unprefixed pieces follow it
  bool json_start = false;      // a journal JSON object's pieces follow it until it closes
  while (p < region.size()) {
    size_t e = region.find('\n', p);
    size_t eol = e == std::string_view::npos ? region.size() : e;
    std::string_view r = region.substr(p, eol - p);
    if (!r.empty() && r.back() == '\r') r.remove_suffix(1);
    const std::string_view whole_line = r;
    if (pieces > 0 && !qp_mode) r = dequote(r);  // a quoted wrapped piece
    ++pieces;
    const size_t next = eol < region.size() ? eol + 1 : region.size();
    // A body that encoded its line ends (`=0A=`): the record ends at the encoded newline.
    if (const size_t enc = encoded_line_end(r); enc != std::string_view::npos) {
      joined.append(r.substr(0, enc));
      return e == std::string_view::npos && !final ? std::string_view::npos : next;  // the line may go on
    }
    const bool soft = soft_break(r);
    if (soft) {
      qp_mode = true;
      joined.append(r.substr(0, r.size() - 1));
    } else if (pieces > 1 && reflowed(joined, r)) {
      joined += ' ';  // a reflow's indentation, one space in the record
      joined.append(trim(r));
    } else {
      joined.append(r);
    }
    if (pieces > 16) return next;
    if (next >= region.size()) return final ? next : std::string_view::npos;
    if (soft) {
      p = next;
      continue;
    }
    size_t e2 = region.find('\n', next);
    std::string_view nl = region.substr(next, (e2 == std::string_view::npos ? region.size() : e2) - next);
    if (pieces == 1) prefixed_start = prefixed(whole_line);
    if (pieces == 1) json_start = whole_line.size() > 0 && whole_line[0] == '{';
    if (json_start && !qp_mode) {
      if (!json_open(joined) || !json_rest(nl)) return next;
      p = next;
      continue;
    }
    const bool rest = prefixed_start && ((unprefixed(nl) && !bare_frame_after(r, nl)) ||
                                         (pieces == 1 && flowed_rest(whole_line, nl)));
    const auto after_pad = line_at(region, next + nl.size() + 1);
    const bool pad = pad_piece(whole_line, nl, after_pad);
    if (pad && !after_pad && !final) return std::string_view::npos;  // its rest comes with the next chunk
    if (qp_mode || nl.empty() || !(rest || wrapped_at_width(whole_line, nl) || (pad && after_pad))) return next;
    if (!pad && overfills_row_comm(joined, nl, at_wrap_width(whole_line))) return next;
    p = next;
  }
  return final ? p : std::string_view::npos;
}

// An anchor line that is no record by itself and whose wrapped rest is the
// next, unprefixed line (`…out of memory: Killed` + ` process 15617 (…`,
// `…: Killed pro` + `cess 15617 …`): the two as one record, in `joined`.
// Looked at only on an anchor's line (issue 12: mangle handling on
// candidate text only). `t` is the anchor line's bare text.
bool ReportScanner::Impl::join_split_anchor(std::string_view region, std::string_view raw, std::string_view t,
                                            size_t eol, size_t n) {
  if (norm.foreign || eol + 1 >= n || t.empty() || !norm.owned.empty() || norm.text.data() < raw.data() ||
      norm.text.data() > raw.data() + raw.size() || line_is_record(t))
    return false;
  size_t e2 = region.find('\n', eol + 1);
  if (e2 == std::string_view::npos) e2 = n;
  std::string_view next = region.substr(eol + 1, e2 - eol - 1);
  if (!next.empty() && next.back() == '\r') next.remove_suffix(1);
  normalize_line(next, probe, opt.default_year);
  if (probe.has_prefix || probe.foreign || !probe.owned.empty()) return false;
  std::string_view rest = trim(probe.text);
  if (rest.empty()) return false;
  // A rest that reads as a kill or selection line by itself (`memory: Killed process …`)
  // goes with the line only when the two give it a longer message (`Memory cgroup out of memory`).
  // One that prints no message (OpenVZ's `killed process …` after `Out of memory in UB 1234: OOM `) goes with
  // it when the two give it one.
  std::optional<std::string> rest_message;
  bool rest_outcome = false;
  if (line_is_record(rest) && !(rest_message = oomline::outcome_message(rest))) {
    if (!oomline::parse_kill(rest) && !oomline::parse_select(rest)) return false;
    rest_outcome = true;
  }
  std::string whole(raw.substr(0, static_cast<size_t>(norm.text.data() - raw.data())));
  whole.append(trim_right(norm.text));
  // A break at a space (indented rest, format=flowed's trailing space) keeps one.
  if (probe.continuation || next[0] == ' ' || raw.back() == ' ') whole += ' ';
  whole.append(rest);
  normalize_line(whole, probe, opt.default_year);
  if (!line_is_record(trim(probe.text))) return false;
  if (rest_message || rest_outcome) {
    auto m = oomline::outcome_message(trim(probe.text));
    if (!m || (rest_message && !oomline::message_extends(*m, *rest_message))) return false;
  }
  joined = std::move(whole);
  return true;
}

// A record broken before its anchor: a header (`…v2ray invoked ` +
// `oom-killer: gfp_mask=…`, a mail client's soft break, a reflow), or any
// record whose start is a prefixed line, or a line of the wrap width, that
// is no record by itself (`…kernel: [  514.682838] Memory cgroup out of memory`
// + `: Killed process 15617 …`). The unprefixed anchor line `norm` is the
// record's rest, and the line before it (in region [lower, ls), else the
// last of `history`) its start. Puts the two in `joined` when together they
// are a record; returns the lines taken from before (0 or 1).
size_t ReportScanner::Impl::join_header_start(std::string_view region, size_t lower, size_t ls, std::string_view raw) {
  const std::string_view rest = trim(norm.text);
  if (norm.foreign || norm.has_prefix || rest.empty()) return 0;
  const bool header_rest = starts_with(rest, "oom-killer:") || starts_with(rest, "invoked oom-killer:");
  std::string_view before;
  if (ls > lower) {
    size_t start = ls - 1;
    while (start > lower && region[start - 1] != '\n') --start;
    before = region.substr(start, ls - 1 - start);
  } else if (ls == 0 && lower == 0 && history.size() > 1) {
    size_t start = history.size() - 1;
    while (start > 0 && history[start - 1] != '\n') --start;
    before = std::string_view(history).substr(start, history.size() - 1 - start);
  }
  if (!before.empty() && before.back() == '\r') before.remove_suffix(1);
  if (before.empty()) return 0;
  const bool hard = at_wrap_width(before) && !soft_break(before);  // cut inside a token: no space added
  if (!header_rest) {
    normalize_line(before, probe, opt.default_year);
    if (probe.foreign || (!probe.has_prefix && !hard) || line_is_record(trim(probe.text))) return 0;
  }
  std::string whole(hard ? before : trim_right(before));
  if (hard) {
    whole.append(trim_right(norm.text));
  } else {
    whole += ' ';
    whole.append(rest);
  }
  if (!raw.empty() && raw.back() == ' ') whole += ' ';  // a format=flowed soft break continues after it
  normalize_line(whole, probe, opt.default_year);
  if (probe.foreign) return 0;
  if (header_rest) {
    auto h = oomline::parse_header(trim(probe.text));
    if (!h || h->comm.empty()) return 0;
  } else if (!line_opens_report(trim(probe.text))) {
    return 0;
  }
  joined = std::move(whole);
  return 1;
}

// normalize_line() reads a line whole (decoding, tabs, `# ` marks): a re-flowed
// paragraph is read only as far as a prefix can reach, or each record's
// probe costs the paragraph's length (quadratic in it).
constexpr size_t kPrefixReach = 512;

size_t ReportScanner::Impl::own_text_start(std::string_view s) {
  normalize_line(s.substr(0, kPrefixReach), probe, opt.default_year);
  if (!probe.has_prefix || !probe.owned.empty() || probe.text.data() < s.data() ||
      probe.text.data() > s.data() + s.size())
    return 0;
  return static_cast<size_t>(probe.text.data() - s.data());
}

size_t ReportScanner::Impl::record_start_in(std::string_view s, size_t from) {
  constexpr std::string_view kTag = "kernel:";
  for (size_t k = s.find(kTag, from); k != std::string_view::npos; k = s.find(kTag, k + 1)) {
    const size_t tag_end = k + kTag.size();
    if (tag_end < s.size() && s[tag_end] != ' ') continue;
    // The stamp's first byte, at most 64 bytes before the tag (a host name).
    for (size_t q = k > from + 64 ? k - 64 : from; q < k; ++q) {
      if (!(s[q] >= 'A' && s[q] <= 'Z') && !(s[q] >= '0' && s[q] <= '9')) continue;
      if (q > 0 && s[q - 1] != ' ') continue;
      normalize_line(s.substr(q, tag_end - q + kPrefixReach), probe, opt.default_year);
      if (probe.has_prefix && !probe.foreign && probe.owned.empty() && probe.text.data() >= s.data() + tag_end)
        return q;
    }
  }
  return std::string_view::npos;
}

size_t ReportScanner::Impl::reflow_records(std::string_view region, bool final, std::string& out) {
  // The lines up to the last one that starts a paragraph anew (empty, or a
  // record's start) are taken; the rest may go on in the next chunk.
  size_t cut = region.size();
  if (!final) {
    cut = 0;
    for (size_t ls = 0; ls < region.size();) {
      size_t e = region.find('\n', ls);
      if (e == std::string_view::npos) break;
      std::string_view l = dequote(region.substr(ls, e - ls));
      if (trim(l).empty() || record_start_in(l, 0) == 0) cut = ls;
      ls = e + 1;
    }
    if (cut == 0 && region.size() > kMaxHeldBytes) cut = region.size();
  }
  // Each record goes on the physical line its start is on (blank lines fill
  // in), so line numbers stay the text's; records started on one line go on
  // the lines after it.
  std::string para;
  std::string_view para_quote;
  std::vector<std::pair<size_t, size_t>> para_lines;  // (offset in para, physical line)
  size_t line = 0, out_lines = 0;
  auto emit = [&](std::string_view lead, std::string_view text, size_t at_line) {
    for (; out_lines < at_line; ++out_lines) out += '\n';
    out.append(lead);
    out.append(text);
    out += '\n';
    ++out_lines;
  };
  auto line_of = [&](size_t off) {  // the physical line of the last piece starting at or before `off`
    const auto after = std::upper_bound(para_lines.begin(), para_lines.end(), off,
                                        [](size_t o, const std::pair<size_t, size_t>& pl) { return o < pl.first; });
    return after == para_lines.begin() ? para_lines.front().second : std::prev(after)->second;
  };
  // A record after the paragraph's first goes out with the paragraph's mail quoting, as on the
  // line it starts on: `lead` + its text. Its prefix is read with the quoting before it (in
  // `head`, as far as a prefix reaches), not by inserting the quoting into `para`, which moved
  // the rest of the paragraph once per record (quadratic in a paragraph).
  std::string head;
  auto flush = [&] {
    if (para.empty()) return;
    std::string_view p(para), lead;  // offsets below count from the start of lead + p
    size_t from = std::max(own_text_start(p), para_quote.size());
    for (size_t q; (q = record_start_in(p, from + 1 - lead.size())) != std::string_view::npos;) {
      emit(lead, trim_right(p.substr(0, q)), line_of(static_cast<size_t>(p.data() - para.data())));
      p.remove_prefix(q);
      lead = para_quote;
      head.assign(lead);
      head.append(p.substr(0, kPrefixReach));  // own_text_start reads no further
      // The next record starts after this one's start, whether or not its prefix reads
      // with the quoting before it (`&gt; `, which normalize_line() decodes as a copy).
      from = std::max(own_text_start(head), para_quote.size());
    }
    emit(lead, p, line_of(static_cast<size_t>(p.data() - para.data())));
    para.clear();
    para_lines.clear();
  };
  std::string_view prev_raw;  // the physical line before `raw`
  for (size_t ls = 0; ls < cut; ++line) {
    size_t e = region.find('\n', ls);
    size_t eol = e == std::string_view::npos ? region.size() : e;
    std::string_view raw = region.substr(ls, eol - ls);
    ls = eol + 1;
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    const std::string_view body = dequote(raw);
    const std::string_view quote = raw.substr(0, raw.size() - body.size());
    const std::string_view before = std::exchange(prev_raw, raw);
    if (!para.empty() && quote == para_quote && !trim(body).empty() && record_start_in(body, 0) != 0) {
      // The space a re-flow broke the line at, unless the line kept it (format=flowed's trailing
      // space: `Killed process ` + `2368 (jserver).`); a hard wrap at the text's width cut inside
      // a token (`(jserv` + `er).`) and adds none (corpus 255 through flowed72 and wrap72).
      if (!is_space(para.back()) && (!at_wrap_width(before) || soft_break(before))) para += ' ';
      para_lines.emplace_back(para.size(), line);
      para.append(body);
      continue;
    }
    flush();
    para_quote = quote;
    if (trim(body).empty()) {
      emit({}, raw, line);
    } else {
      para.assign(raw);
      para_lines.emplace_back(0, line);
    }
  }
  flush();
  return std::min(cut, region.size());
}

}  // namespace oomlens
