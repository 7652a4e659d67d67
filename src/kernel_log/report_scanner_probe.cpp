// ReportScanner's probe of the input's shape, decided once on its first
// kQpProbeBytes (report_scanner_impl.h): quoted-printable (a mail archive),
// hard-wrapped at a fixed width, padded by a terminal at a fixed column,
// reflowed or sent format=flowed. The scanner looks for the matching breaks
// (report_scanner_split_anchor.cpp, report_scanner_join.cpp) only in input
// of that shape; depad() takes a terminal's pads out of a line.
#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel_log/anchor_search.h"
#include "kernel_log/newest_first.h"
#include "kernel_log/prefix_parts.h"
#include "kernel_log/report_scanner_impl.h"
#include "util/text.h"

namespace oomlens {

using namespace oomlens::text;
using oomlens::prefix_parts::spaces_for_no_break_spaces;

/// The probe's input: the first kQpProbeBytes fed.
void ReportScanner::Impl::probe_feed(std::string_view chunk) {
  if (probe_done) return;
  probe_text.append(chunk.substr(0, std::min(chunk.size(), kQpProbeBytes - probe_text.size())));
  if (probe_text.size() >= kQpProbeBytes) decide_probe();
}

std::string_view ReportScanner::Impl::despace_chunk(std::string_view chunk) {
  if (!nbsp_text) {
    if (probe_done) return chunk;
    const std::string_view head = chunk.substr(0, kQpProbeBytes - probe_text.size());
    // One split by the chunks: its C2 ends what came (held unread in the carry until the probe decides).
    const bool split = !head.empty() && head[0] == '\xA0' && !carry.empty() && carry.back() == '\xC2';
    if (!split && head.find("\xC2\xA0") == std::string_view::npos) return chunk;
    nbsp_text = true;
    if (split) {
      carry.pop_back();
      if (!probe_text.empty() && probe_text.back() == '\xC2') probe_text.pop_back();
      nbsp_lead_held = true;
    }
    if (spaces_for_no_break_spaces(carry, nbsp_chunk)) carry = nbsp_chunk;
    if (spaces_for_no_break_spaces(probe_text, nbsp_chunk)) probe_text = nbsp_chunk;
  }
  std::string joined;
  if (nbsp_lead_held) {
    joined = "\xC2";
    joined.append(chunk);
    chunk = joined;
    nbsp_lead_held = false;
  }
  if (!spaces_for_no_break_spaces(chunk, nbsp_chunk)) nbsp_chunk.assign(chunk);
  if (!nbsp_chunk.empty() && nbsp_chunk.back() == '\xC2') {
    nbsp_chunk.pop_back();
    nbsp_lead_held = true;
  }
  return nbsp_chunk;
}

// Decides qp_possible and wrap_width on probe_text (once).
void ReportScanner::Impl::decide_probe() {
  if (probe_done) return;
  probe_done = true;
  std::string_view head(probe_text);
  bool qp_soft = false;
  wrap_width = decide_wrap_width(head, &qp_soft);
  if (!wrap_width && head.size() != utf8_code_points(head)) {  // non-ASCII text: wrapped by characters?
    wrap_in_chars = true;
    bool unused = false;
    wrap_width = decide_wrap_width(head, &unused);
    wrap_in_chars = wrap_width != 0;
  }
  decide_pad(head);
  reflowed_text = decide_broken_at_space(head, false);
  flowed_text = decide_broken_at_space(head, true);
  records_midline = decide_records_midline(head);
  // QP-encoded: an escape of '=', a space or a tab, or soft breaks ending
  // at least half of the widest lines (a hard wrap ends one in '=' by chance).
  qp_encoded = head.find("=3D") != std::string_view::npos || head.find("=20\n") != std::string_view::npos ||
               head.find("=09\n") != std::string_view::npos || qp_soft;
  qp_possible |= qp_encoded;
  escape_intro = head.find("\x1b[") != std::string_view::npos ? '\x1b'
                 : head.find("^[[") != std::string_view::npos  ? '^'
                                                               : 0;
  rows_possible = holds_table_row(head.data(), head.size());
  std::string().swap(probe_text);
}

// The longest line, 60 wide or more, at least 3 times and a quarter of
// the lines 60 wide or more, when most of those go on on the next line
// (widest_continue()); 0 when not. Widths are line_width()'s. *qp_soft:
// a soft break (`=`) ends at least half of those widest lines (a hard wrap
// ends one in '=' by chance); qp_possible is set when one ends any.
size_t ReportScanner::Impl::decide_wrap_width(std::string_view head, bool* qp_soft) {
  size_t long_lines = 0, max_len = 0, max_count = 0, max_soft = 0;
  for (size_t ls = 0; ls < head.size();) {
    size_t e = head.find('\n', ls);
    if (e == std::string_view::npos) break;
    const std::string_view l = head.substr(ls, e - ls - (e > ls && head[e - 1] == '\r' ? 1 : 0));
    const size_t len = line_width(l);
    if (len >= 60 && !ends_in_ellipsis(l)) {
      ++long_lines;
      if (len > max_len) max_len = len, max_count = 0, max_soft = 0;
      const bool soft = l.back() == '=';
      if (len == max_len) ++max_count, max_soft += soft;
      if (soft) qp_possible = true;  // a soft break
    }
    ls = e + 1;
  }
  *qp_soft = max_count > 0 && max_soft * 2 >= max_count;
  return max_count >= 3 && max_count * 4 >= long_lines && widest_continue(head, max_len) ? max_len : 0;
}

// Whether most lines `width` wide go on on the next line: not both
// prefixed, as copies of one record repeated (kill lines of one job, all as
// long) are.
bool ReportScanner::Impl::widest_continue(std::string_view head, size_t width) {
  size_t widest = 0, whole = 0;
  for (size_t ls = 0; ls < head.size();) {
    size_t e = head.find('\n', ls);
    if (e == std::string_view::npos) break;
    std::string_view l = head.substr(ls, e - ls);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    if (line_width(l) == width && e + 1 < head.size()) {
      ++widest;
      size_t e2 = head.find('\n', e + 1);
      std::string_view next = head.substr(e + 1, (e2 == std::string_view::npos ? head.size() : e2) - e - 1);
      normalize_line(l, probe, opt.default_year);
      const bool line_prefixed = probe.has_prefix;
      normalize_line(next, probe, opt.default_year);
      if (line_prefixed && probe.has_prefix) ++whole;
    }
    ls = e + 1;
  }
  return whole * 2 < widest;
}

// The pad of a line: its runs of 4+ spaces (shorter ones are a prefix's,
// `May  7`, `[  514.68]`) are of one length, or one more where the pad
// meets a space of the text (`Killed` + ` ` + pad + `process`); the first
// pad starts at column w ≥ 40 and each next one w columns after the end of
// the one before. {w, len}, {w, 0} for one run only (a table's column
// could be that), or {0, 0} when not so.
std::pair<size_t, size_t> ReportScanner::Impl::line_pad(std::string_view l) {
  std::vector<std::pair<size_t, size_t>> runs;  // [start, end)
  for (size_t i = 0; i + 3 < l.size(); ++i) {
    if (l[i] != ' ' || l[i + 1] != ' ' || l[i + 2] != ' ' || l[i + 3] != ' ') continue;
    size_t j = i;
    while (j < l.size() && l[j] == ' ') ++j;
    if (j == l.size() || i == 0 || i < 40 || runs.size() == 8) return {0, 0};
    runs.emplace_back(i, j);
    i = j;
  }
  if (runs.empty()) return {0, 0};
  size_t len = SIZE_MAX;
  for (auto [a, b] : runs) len = std::min(len, b - a);
  if (runs.size() == 1) return {runs[0].first, 0};
  for (size_t w : {runs[0].first, runs[0].second - len}) {  // the text's space after the pad, or before it
    bool fits = true;
    for (size_t k = 0; k < runs.size() && fits; ++k) {
      const auto [a, b] = runs[k];
      const size_t expect = w + k * (w + len);
      fits = b - a <= len + 1 && (a == expect || b - len == expect);
    }
    if (fits) return {w, len};
  }
  return {0, 0};
}

// At least three lines with a pad at one column, one of them with two
// pads of the same length (so not a table's column).
void ReportScanner::Impl::decide_pad(std::string_view head) {
  if (wrap_width) return;  // hard-wrapped: no line is longer than the width
  std::map<size_t, size_t> one;                       // column: lines with one run there
  std::map<std::pair<size_t, size_t>, size_t> two;    // {column, length}: lines with two or more
  std::map<std::pair<size_t, size_t>, size_t> text;   // {column, length}: one run inside text
  std::set<std::pair<size_t, size_t>> inside;         // the same, not in a table's header
  for (size_t ls = 0; ls < head.size();) {
    size_t e = head.find('\n', ls);
    if (e == std::string_view::npos) break;
    std::string_view l = head.substr(ls, e - ls);
    if (l.size() > 60) {
      auto p = line_pad(l);
      if (p.second) {
        ++two[p];
      } else if (p.first) {
        ++one[p.first];
        size_t end = p.first;
        while (end < l.size() && l[end] == ' ') ++end;
        const bool digits = is_digit(l[p.first - 1]) && is_digit(l[end]);  // a table's columns
        if (!digits) ++text[{p.first, end - p.first}];
        // A table's header (`total_vm      rss`) has runs between words too.
        if (!digits && l.find("tgid") == std::string_view::npos) inside.insert({p.first, end - p.first});
      }
    }
    ls = e + 1;
  }
  size_t best = 0;
  for (auto [p, n] : two)
    if (n + one[p.first] >= 3 && n + one[p.first] > best) pad_width = p.first, pad_len = p.second, best = n + one[p.first];
  // Without a line long enough for two pads: four lines with one run of
  // the same length at the same column, not between two numbers.
  if (best == 0)
    for (auto [p, n] : text)
      if (n >= 4 && n > best) pad_width = p.first, pad_len = p.second, best = n;
  // A short excerpt (a table and a few lines): a pad seen in one line
  // holds when every line of the head longer than it has spaces there.
  if (best == 0) {
    for (const auto& [p, n] : two) inside.insert(p);
    for (const auto& p : inside)
      if (pads_every_long_line(head, p.first, p.second)) {
        pad_width = p.first, pad_len = p.second;
        break;
      }
  }
}

// Whether every line of `head` longer than w columns has spaces at
// [w, w+len), and at least 3 do: a terminal pads every line it wraps,
// kernel text never has one column blank in all its long lines.
bool ReportScanner::Impl::pads_every_long_line(std::string_view head, size_t w, size_t len) {
  size_t padded = 0;
  for (size_t ls = 0; ls < head.size();) {
    size_t e = head.find('\n', ls);
    if (e == std::string_view::npos) break;
    std::string_view l = head.substr(ls, e - ls);
    ls = e + 1;
    if (l.size() <= w) continue;
    if (l.size() <= w + len || l.substr(w, len).find_first_not_of(' ') != std::string_view::npos) return false;
    ++padded;
  }
  return padded >= 3;
}

// `raw` without its pads (pad_width), in `out`; or `raw` itself when it
// has none (short, or not spaces at every pad's place).
std::string_view ReportScanner::Impl::depad(std::string_view raw, std::string& out) const {
  return depad_line(raw, LinePad{pad_width, pad_len}, out);
}

std::string_view depad_line(std::string_view raw, LinePad pad, std::string& out) {
  if (pad.width == 0 || raw.size() <= pad.width + pad.len) return raw;
  out.clear();
  size_t at = 0;
  for (size_t cut = pad.width; cut + pad.len <= raw.size(); cut += pad.width + pad.len) {
    if (raw.substr(cut, pad.len).find_first_not_of(' ') != std::string_view::npos) return raw;
    out.append(raw.substr(at, cut - at));
    at = cut + pad.len;
  }
  out.append(raw.substr(at));
  return out;
}

// Whether at least 3 prefixed lines of `head` break at a space and go on
// on an unprefixed line: reflowed (they end in a word and the rest is
// indented) or, with `flowed`, format=flowed (they are 40 bytes or more
// and end in the space).
bool ReportScanner::Impl::decide_broken_at_space(std::string_view head, bool flowed) {
  size_t breaks = 0;
  for (size_t ls = 0; ls < head.size() && breaks < 3;) {
    size_t e = head.find('\n', ls);
    if (e == std::string_view::npos || e + 3 >= head.size()) break;
    std::string_view l = trim_right(head.substr(ls, e - ls));
    const size_t len = e - ls;
    ls = e + 1;
    if (l.empty()) continue;
    if (flowed ? (len < 40 || head[e - 1] != ' ') : (head[e - 1] == ' ' || head[e + 1] != ' ' || head[e + 2] != ' '))
      continue;
    size_t e2 = head.find('\n', e + 1);
    std::string_view next = head.substr(e + 1, (e2 == std::string_view::npos ? head.size() : e2) - e - 1);
    if (trim(next).empty() || !prefixed(l)) continue;
    normalize_line(next, probe, opt.default_year);
    if (!probe.has_prefix && !probe.foreign) ++breaks;
  }
  return breaks >= 3;
}

// Records run into each other mid-line (records_midline): at least 3 lines
// hold a kernel record's start after their own text began, and the next
// line, not empty, starts with no record (it is the rest of the one before).
// Records a copy glued without a space (`…order=0May  7 …`) are split
// line by line (report_scanner_feed.cpp), not so.
bool ReportScanner::Impl::decide_records_midline(std::string_view head) {
  size_t lines = 0;
  // Only the lines with a `kernel:` tag are looked at (one search over the bytes).
  for (size_t k = head.find("kernel:"); k != std::string_view::npos && lines < 3;) {
    size_t ls = head.rfind('\n', k);
    ls = ls == std::string_view::npos ? 0 : ls + 1;
    const size_t e = head.find('\n', k);
    if (e == std::string_view::npos || e + 1 >= head.size()) break;
    k = head.find("kernel:", e + 1);
    std::string_view l = dequote(head.substr(ls, e - ls));
    const size_t from = own_text_start(l);
    const size_t q = record_start_in(l, from + (from == 0));
    if (q == std::string_view::npos || q == 0 || l[q - 1] != ' ') continue;
    size_t e2 = head.find('\n', e + 1);
    std::string_view next = dequote(head.substr(e + 1, (e2 == std::string_view::npos ? head.size() : e2) - e - 1));
    if (!trim(next).empty() && record_start_in(next, 0) != 0) ++lines;
  }
  return lines >= 3;
}

}  // namespace oomlens
