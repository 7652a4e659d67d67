// ReportScanner's hand-off of one line to the report assembler
// (report_scanner_impl.h): the line's prefix stripped (kernel_log/prefix.h),
// its embedded newlines cut into logical lines that keep the prefix, and two
// records a copy glued on one line (`…order=0May  7 21:43:54 host kernel: …`,
// two journal JSON objects) split and fed one after the other.
#include <string>
#include <string_view>

#include "kernel_log/journal_verbose.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/prefix_parts.h"
#include "kernel_log/report_scanner_impl.h"
#include "util/ascii.h"
#include "util/text.h"

namespace oomlens {

using namespace oomlens::text;

namespace {

// After the figures of a kill record (`… file-rss:80kB`, `… oom_score_adj:0`) that starts in `t` before `to`:
// the offset just past them (their last `kB` or `oom_score_adj:N`), or npos.
size_t kill_figures_end(std::string_view t, size_t to) {
  // `Killed process `, or with a terminal's pad at its space (`Killed         process `, a wrap's).
  size_t kill = std::string_view::npos;
  for (size_t k = t.find("Killed "); k != std::string_view::npos && k < to; k = t.find("Killed ", k + 1)) {
    size_t r = k + 7;
    while (r < t.size() && t[r] == ' ') ++r;
    if (t.substr(r, 8) == "process ") {
      kill = k;
      break;
    }
  }
  if (kill == std::string_view::npos || kill >= to) return std::string_view::npos;
  size_t end = std::string_view::npos;
  if (size_t kb = t.rfind("kB ", to); kb != std::string_view::npos && kb > kill) end = kb + 2;
  if (size_t adj = t.rfind("oom_score_adj:", to); adj != std::string_view::npos && adj > kill) {
    size_t e = adj + 14;
    if (e < to && t[e] == '-') ++e;
    while (e < to && is_digit(t[e])) ++e;
    if (end == std::string_view::npos || e > end) end = e;
  }
  return end;
}

// What follows a header's comm.
constexpr std::string_view kInvoked = " invoked oom-killer:";

// A header glued after text that is no kernel's on its line (a serial console's shell prompt and what was typed on
// it: `root@host:/ lr[  947.876000] kworker/u:0 invoked oom-killer: …`, corpus 399): the offset of its printk
// stamp, the comm (≤ 15 bytes, no space) between the stamp and the header's kInvoked at `h` (its offset in `t`,
// npos for none); npos when none.
size_t stamp_before_header(std::string_view t, size_t h) {
  if (h == std::string_view::npos || h <= 15) return std::string_view::npos;
  for (size_t b = t.rfind('[', h); b != std::string_view::npos && b > 0 && h - b <= 48; b = t.rfind('[', b - 1)) {
    std::string_view r = t.substr(b, h - b);
    double mono = 0;
    if (!prefix_parts::take_monotonic(r, mono)) continue;
    r = trim_left(r);
    if (!r.empty() && r.size() <= 15 && r.find(' ') == std::string_view::npos) return b;
    break;
  }
  return std::string_view::npos;
}

// ≤2.6.35's outcome records run together without a space by a copy that lost the line breaks (corpus 602: `Killed
// process 19271 (trashapplet)Out of memory: kill process 12475 (qemu) score 7899 or a childKilled process 12475
// (qemu)…`): where the next starts in `t`, at `Out of memory` or `Killed process ` right after a record's closing
// `)` or its `or a child`; npos when none.
// ≤2.6.1x's `Out of Memory: Killed process N (comm).` ends in `).` and may run into the next one with its raw
// printk level kept (`Killed process 148 (perl).<3>Out of Memory: Killed process 198 (perl).`, a 2.4 syslog line,
// corpus 714): that next record starts at its `<N>`.
size_t glued_outcome(std::string_view t) {
  for (std::string_view next : {std::string_view("Out of "), std::string_view("Killed process ")})
    for (size_t q = t.find(next, 1); q != std::string_view::npos; q = t.find(next, q + 1)) {
      if (next[0] == 'O' && !starts_with(t.substr(q + next.size()), "memory") &&
          !starts_with(t.substr(q + next.size()), "Memory"))
        continue;
      size_t start = q;
      if (q >= 4 && t[q - 3] == '<' && t[q - 2] >= '0' && t[q - 2] <= '7' && t[q - 1] == '>') start = q - 3;
      const std::string_view before = t.substr(0, start);
      if (ends_with(before, ")") || ends_with(before, "or a child") || (start != q && ends_with(before, ").")))
        return start;
    }
  return std::string_view::npos;
}

// An outcome record (`Out of memory…`, `Memory cgroup out of memory…` and its `:`) run into the last figure of a
// kill record before it, after a space (`file-rss:1088kB Memory cgroup out of memory: kill process 9140`: a mail
// client's reflowed paragraph whose line holds a wrapped kill line's rest, corpus 619). The kill line ends in a
// figure (`…kB`, 5.x's `oom_score_adj:N`); nothing of it follows that. Where the outcome starts in `t`, or npos.
size_t outcome_after_figures(std::string_view t) {
  for (const std::string_view message : {std::string_view("Memory cgroup out of memory"), std::string_view("Out of memory")})
    for (size_t q = t.find(message, 1); q != std::string_view::npos; q = t.find(message, q + 1)) {
      const std::string_view after = t.substr(q + message.size());
      if (t[q - 1] != ' ' || !(starts_with(after, ":") || starts_with(after, " ("))) continue;
      const std::string_view before = trim_right(t.substr(0, q));
      const size_t word = before.rfind(' ') == std::string_view::npos ? 0 : before.rfind(' ') + 1;
      const std::string_view last = before.substr(word);  // `file-rss:1088kB`, `oom_score_adj:0`
      const size_t colon = last.find(':');
      if (colon == std::string_view::npos || colon == 0) continue;
      std::string_view figure = last.substr(colon + 1);
      if (ends_with(figure, "kB")) figure.remove_suffix(2);
      else if (last.substr(0, colon) != "oom_score_adj") continue;
      if (!figure.empty() && figure[0] == '-') figure.remove_prefix(1);
      if (!figure.empty() && all_digits(figure)) return q;
    }
  return std::string_view::npos;
}

// Records a page ran into one unprefixed line, each after a space (`… or sacrifice child Killed process 9682, UID
// 27, (mysqld) total-vm:47388kB, anon-rss:3744kB, file-rss:80kB httpd invoked oom-killer: … mems_allowed=0 Pid:
// 8911, comm: httpd Not tainted …`, a blog's paragraph): where the next one starts in `t` (at a header whose comm
// follows a kill's figures, at the header's glued cpuset line, or at a 2.6.32 `Pid: N, comm:` / `CPU: N PID:`
// stack line), or npos. A header's comm may hold spaces, so only one that follows a kill's figures is cut from
// the text before it.
size_t glued_in_unprefixed(std::string_view t) {
  const size_t h = t.find(kInvoked);
  if (h != std::string_view::npos && h > 15) {
    if (size_t e = kill_figures_end(t, h); e != std::string_view::npos && e < h && t[e] == ' ' && h - e - 1 <= 15 &&
                                           h > e + 1)
      return e + 1;
  }
  if (size_t b = stamp_before_header(t, h); b != std::string_view::npos) return b;
  if (size_t o = outcome_after_figures(t); o != std::string_view::npos) return o;
  // A header that starts `t`, its ≤4.18 cpuset line glued after it (`httpd invoked oom-killer: …, oom_score_adj=0
  // httpd cpuset=/ mems_allowed=0`): that line starts at its comm, the header's, before ` cpuset=`.
  if (h != std::string_view::npos && h > 0 && h <= 15) {
    std::string glued(" ");
    glued.append(t.substr(0, h)).append(" cpuset=");
    if (size_t c = t.find(glued, h); c != std::string_view::npos &&
                                     t.find(" mems_allowed=", c + glued.size()) != std::string_view::npos)
      return c + 1;
  }
  for (std::string_view tag : {std::string_view(" Pid: "), std::string_view(" CPU: ")}) {
    const size_t p = t.find(tag);
    if (p == std::string_view::npos || p < 8) continue;
    std::string_view r = t.substr(p + tag.size());
    size_t d = 0;
    while (d < r.size() && is_digit(r[d])) ++d;
    if (d == 0) continue;
    r.remove_prefix(d);
    if (tag == " Pid: " ? starts_with(r, ", comm: ") : starts_with(r, " PID: ")) return p + 1;
  }
  return std::string_view::npos;
}

}  // namespace

// A printk stamp glued after a record of the same dmesg (`Call Trace:      [34718.499313]  <TASK>      [34718.499316]
// …`: a terminal that joined the records, each padded to its width, corpus 450): where in `t` it starts, or npos.
// Only after a space, and only a stamp of the same burst in print order: `first_s` (the line's own stamp) to 60 s
// after it; a line whose own prefix prints none (re-prefixed by syslog, or none) needs a second such stamp after
// the first, within 60 s of it. A message that quotes one bracketed time is not cut.
namespace {
// `1788 Jun …`: digits, a blank, a letter: the shape of an editor's line number before a syslog stamp.
bool numbered_line_start(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && i < 6 && is_digit(s[i])) ++i;
  return i > 0 && i + 1 < s.size() && (s[i] == ' ' || s[i] == '\t') && is_alpha(s[i + 1]);
}

struct GluedStamp {
  size_t at;  // the `[`
  double s;
};
std::optional<GluedStamp> next_stamp(std::string_view t, size_t from, size_t tag) {
  // After a space or a tab (an editor's retab turned the pad into tabs).
  for (size_t p = t.find('[', from + 1); p != std::string_view::npos && p < tag; p = t.find('[', p + 1)) {
    if (t[p - 1] != ' ' && t[p - 1] != '\t') continue;
    std::string_view r = t.substr(p + 1);
    size_t i = 0;
    while (i < r.size() && r[i] == ' ') ++i;
    const size_t int_start = i;
    while (i < r.size() && is_digit(r[i])) ++i;
    if (i == int_start || i >= r.size() || r[i] != '.') continue;
    const size_t frac_start = ++i;
    while (i < r.size() && is_digit(r[i])) ++i;
    if (i - frac_start != 6 || i >= r.size() || r[i] != ']') continue;
    const auto whole = parse_u64(r.substr(int_start, frac_start - 1 - int_start));
    const auto frac = parse_u64(r.substr(frac_start, 6));
    if (!whole || !frac) continue;
    return GluedStamp{p, static_cast<double>(*whole) + static_cast<double>(*frac) / 1e6};
  }
  return std::nullopt;
}
}  // namespace

size_t glued_printk_stamp(std::string_view t, std::optional<double> first_s) {
  constexpr double kBurstS = 60;
  // A glued syslog record's stamp follows its `kernel: ` tag: glued_record() cuts that record before its prefix.
  const size_t tag = t.find("kernel: ");
  for (auto g = next_stamp(t, 0, tag); g; g = next_stamp(t, g->at, tag)) {
    if (first_s) {
      if (g->s >= *first_s && g->s - *first_s <= kBurstS) return g->at;
      continue;
    }
    if (auto second = next_stamp(t, g->at, tag); second && second->s >= g->s && second->s - g->s <= kBurstS)
      return g->at;
  }
  return std::string_view::npos;
}

bool ReportScanner::Impl::glued_stack_block(const NormalizedLine& n) {
  std::string_view t = n.text;
  std::optional<double> first_s = n.prefix.monotonic_s;
  size_t g = glued_printk_stamp(t, first_s);
  if (g == std::string_view::npos || !stack_line_text(trim(t.substr(0, g)))) return false;
  while (g != std::string_view::npos) {
    if (!first_s) first_s = next_stamp(t, g - 1, std::string_view::npos)->s;  // the stamp at `g`
    t.remove_prefix(t.find(']', g) + 1);
    g = glued_printk_stamp(t, first_s);
    if (oomline::is_oom_frame(trim(t.substr(0, g)))) return true;
  }
  return false;
}

// Offset in `raw` where a second, glued syslog record starts (`…order=0May  7
// 21:43:54 host kernel: CPU: …`, a copy or scrape artefact), or npos.
// The first record may be decoded (`#012` escapes): its text is then a copy,
// and the second tag is looked for in `raw` after the first one.
// Two `journalctl -o json` objects glued (`…"}{"MESSAGE":…`) split between them.
size_t ReportScanner::Impl::glued_record(std::string_view raw, const NormalizedLine& nl) {
  if (!raw.empty() && raw[0] == '{') {
    size_t j = raw.find("}{\"");
    return j == std::string_view::npos ? j : j + 1;
  }
  size_t text_off = 0, p = 0;
  if (nl.owned.empty() && nl.text.data() >= raw.data() && nl.text.data() <= raw.data() + raw.size()) {
    text_off = static_cast<size_t>(nl.text.data() - raw.data());
    // A selection with the next record glued after it, prefix and all lost
    // (`… or sacrifice child Killed process 2157 (java) …`, a page's copy; ≤2.6.35's `… score 3 or a child
    // Killed process 9140 (memcg_test_1)`, a mail client's reflowed paragraph, corpus 619).
    for (const std::string_view child : {std::string_view("or sacrifice child "), std::string_view("or a child ")}) {
      const size_t c = nl.text.find(child);
      if (c == std::string_view::npos) continue;
      size_t r = c + child.size();
      while (r < nl.text.size() && nl.text[r] == ' ') ++r;
      if (r < nl.text.size()) return text_off + r;
    }
    if (size_t g = glued_outcome(nl.text); g != std::string_view::npos) return text_off + g;
    if (size_t g = glued_printk_stamp(nl.text, nl.prefix.monotonic_s); g != std::string_view::npos)
      return text_off + g;
    // Before a glued syslog record's `kernel: ` tag only: its own `CPU: N PID:` line is found through the tag.
    size_t k = nl.text.find("kernel: ");
    if (size_t g = glued_in_unprefixed(nl.text.substr(0, k)); g != std::string_view::npos) return text_off + g;
    if (k == std::string_view::npos || k == 0) return std::string_view::npos;
    p = text_off + k;
  } else {
    // A decoded copy (entities, QP escapes taken out): a glued printk stamp is found again in `raw`, after the
    // line's own prefix (its first bytes).
    if (size_t g = glued_printk_stamp(nl.text, nl.prefix.monotonic_s); g != std::string_view::npos) {
      const std::string_view stamp = nl.text.substr(g, nl.text.find(']', g) - g + 1);
      if (size_t r = raw.find(stamp, 1); r != std::string_view::npos) return r;
    }
    // A decoded copy (quoted-printable): the header's stamp and comm are found again in `raw`.
    const size_t h = nl.has_prefix ? std::string_view::npos : nl.text.find(kInvoked);
    if (size_t b = stamp_before_header(nl.text, h); b != std::string_view::npos) {
      const std::string_view from_stamp = nl.text.substr(b, h - b);
      const size_t r = raw.find(from_stamp);
      return r == 0 ? std::string_view::npos : r;
    }
    if (!nl.has_prefix) {
      // A poster's mark before the record's prefix, escaped (`&quot;Apr 28 … kernel: …`, corpus 497 through
      // html_escape): the record starts at the prefix before the first tag, as in a line not decoded.
      p = raw.find("kernel: ");
      if (p == std::string_view::npos || p == 0) return std::string_view::npos;
    } else {
      size_t first = raw.find("kernel: ");
      if (first == std::string_view::npos) return std::string_view::npos;
      text_off = first + 8;
      p = raw.find("kernel: ", text_off);
      if (p == std::string_view::npos) return std::string_view::npos;
    }
  }
  NormalizedLine probe;
  // From the text's first byte on: a record glued after an empty one (a
  // blank line's prefix, then `May  7 … kernel: Memory cgroup out of memory: …`).
  for (size_t q = p > 64 + text_off ? p - 64 : text_off; q < p; ++q) {
    if (!(raw[q] >= 'A' && raw[q] <= 'Z') && !(raw[q] >= '0' && raw[q] <= '9')) continue;
    // An editor's line number (`1788 Jun 27 …`, normalize_line()) starts a line, never a value's digits
    // (`oom_adj=0 Jul  6 …`: the record starts at `Jul`).
    if (raw[q] <= '9' && q > 0 && raw[q - 1] != ' ' && raw[q - 1] != '\t' && numbered_line_start(raw.substr(q))) continue;
    normalize_line(raw.substr(q), probe, opt.default_year);
    if (probe.has_prefix && !probe.foreign &&
        (!probe.owned.empty() || probe.text.data() >= raw.data() + p + 8))
      return q;
  }
  return std::string_view::npos;
}

// A table row glued before the record that opens a report, with none open
// (`… 0 python` + `May  7 … kernel: Out of memory: Kill process …`): the
// row is the last of the report's table, kept for it as look_back() keeps
// the rows of the lines before. True when so (the row is then taken).
bool ReportScanner::Impl::glued_row_before_opening(std::string_view row, std::string_view rest, uint64_t number) {
  if (assembler.open()) return false;
  NormalizedLine n;
  normalize_line(rest, n, opt.default_year);
  if (n.foreign || !line_opens_report(trim(n.text))) return false;
  normalize_line(row, n, opt.default_year);
  if (n.foreign || !oomline::parse_row(n.text)) return false;
  LogicalLine l;
  l.text = n.text;
  l.number = number;
  assembler.preload_rows({l}, true);
  return true;
}

namespace {
// `from`'s facts that `to` lacks.
void merge_unset(RecordMeta& to, const RecordMeta& from) {
  if (!to.wall) to.wall = from.wall;
  if (!to.monotonic_s) to.monotonic_s = from.monotonic_s;
  if (!to.boot_id) to.boot_id = from.boot_id;
  if (!to.host) to.host = from.host;
}
}  // namespace

// A verbose record's lines (journal_verbose.h) before its MESSAGE= anchor at
// `ls`: its field lines back to its cursor line, in `region` and then in
// `history`, 64 lines at most. `verbose_meta` is what they say (empty when
// no cursor line is found).
void ReportScanner::Impl::verbose_look_back(std::string_view region, size_t ls) {
  RecordMeta meta;
  std::string plain;
  std::string_view bufs[2] = {region.substr(0, ls), history};
  int lines = 0;
  for (std::string_view buf : bufs) {
    size_t end = buf.size();
    while (end > 0 && lines < 64) {
      size_t start = end - 1;  // end - 1 is the '\n' of the line before
      while (start > 0 && buf[start - 1] != '\n') --start;
      const VerboseLine k = read_verbose_line(verbose_view(buf.substr(start, end - 1 - start), plain), meta);
      ++lines;
      end = start;
      if (k == VerboseLine::cursor) {
        verbose_meta = std::move(meta);
        verbose_seen = true;
        return;
      }
      if (k != VerboseLine::field) {
        verbose_meta = RecordMeta{};
        return;
      }
    }
    if (lines >= 64) break;
  }
  verbose_meta = RecordMeta{};
}

// `raw` without a mail's `> ` quoting and a terminal's colours (in `plain`).
std::string_view ReportScanner::Impl::verbose_view(std::string_view raw, std::string& plain) const {
  raw = dequote(raw);
  if (escape_intro && strip_terminal_escapes(raw, plain)) return plain;
  return raw;
}

// An open report's line of a verbose record: a cursor line starts the next
// record's facts, a field line adds to them, and a MESSAGE= line without a
// time of its own takes them.
void ReportScanner::Impl::take_verbose_meta(std::string_view raw) {
  std::string plain;
  raw = verbose_view(raw, plain);
  if (is_message_field(raw)) {
    if (!norm.prefix.wall && !norm.prefix.monotonic_s) merge_unset(norm.prefix, verbose_meta);
    verbose_meta = RecordMeta{};  // one record's: a MESSAGE= line whose cursor line was not read gets none
    return;
  }
  RecordMeta m;
  const VerboseLine k = read_verbose_line(raw, m);
  if (k == VerboseLine::cursor) verbose_meta = std::move(m);
  else if (k == VerboseLine::field) merge_unset(verbose_meta, m);
}

void ReportScanner::Impl::feed_line(std::string_view raw, uint64_t number) {
  // A coloured line (`dmesg --color=always`) is fed as its plain text: what
  // is glued or padded in it is found by its offsets there.
  std::string plain;
  if (strip_terminal_escapes(raw, plain)) raw = plain;
  std::string padless;
  raw = depad(raw, padless);
  normalize_line(raw, norm, opt.default_year);
  // A record glued after another on one physical line at its raw printk level (`Killed process 148 (perl).<3>Out of
  // Memory: Killed process 198 (perl).` after a syslog prefix, corpus 714: klogd logged both in one message) was
  // logged with it: without a time or host of its own it takes the line's. (Records a copy ran together, without
  // a level between them, keep none: their stamps, if any, were lost with the line breaks.)
  if (glued_parent) {
    if (!norm.prefix.wall && !norm.prefix.monotonic_s && !norm.prefix.host) {
      norm.prefix.year_inferred = glued_parent->year_inferred;
      merge_unset(norm.prefix, *glued_parent);
    }
    glued_parent.reset();
  }
  if (size_t q = glued_record(raw, norm); q != std::string_view::npos) {
    const LinePrefix parent = norm.prefix;
    if (!glued_row_before_opening(raw.substr(0, q), raw.substr(q), number)) feed_line(raw.substr(0, q), number);
    const std::string_view rest = raw.substr(q);
    const bool at_level = rest.size() > 3 && rest[0] == '<' && rest[1] >= '0' && rest[1] <= '7' && rest[2] == '>';
    if (at_level && (parent.wall || parent.monotonic_s || parent.host)) glued_parent = parent;
    feed_line(raw.substr(q), number);
    return;
  }
  if (verbose_seen) take_verbose_meta(raw);
  const LinePrefix* prefix = &norm.prefix;
  bool foreign = norm.foreign;
  if (norm.continuation) {
    prefix = &prev_prefix;
    foreign = prev_foreign;
  } else if (norm.has_prefix) {
    prev_prefix = norm.prefix;
    prev_foreign = norm.foreign;
  } else {
    prev_foreign = false;  // a bare line is kernel text: its continuations are too,
    prev_prefix = LinePrefix{};  // and they have no prefix (not a foreign line's before it)
  }
  std::string_view text = norm.text;
  bool first = true;
  for (;;) {
    size_t nl = text.find('\n');
    LogicalLine l{text.substr(0, nl), prefix, number, foreign, norm.continuation || !first,
                  norm.truncated && nl == std::string_view::npos,
                  nl == std::string_view::npos && !raw.empty() && raw.back() == ' ',
                  norm.has_prefix && first};
    l.pad_break = nl == std::string_view::npos && ends_with(raw, "    ");
    assembler.feed(l);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
    first = false;
  }
}

}  // namespace oomlens
