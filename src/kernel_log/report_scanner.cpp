// The streaming scanner (see report_scanner.h): a fast anchor search over raw
// bytes (anchor_search.h), line normalisation (prefix.h) only for lines that
// hold an anchor or belong to an open report, and the report assembler
// (report_assembler.h) for those lines.
#include "kernel_log/report_scanner.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "kernel_log/anchor_search.h"
#include "kernel_log/newest_first.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_assembler.h"
#include "kernel_log/report_building.h"
#include "util/newlines.h"
#include "util/sanitize.h"
#include "util/text.h"

namespace oomlens {
namespace {

using namespace oomlens::text;

// A line longer than this is cut (hostile input must not grow memory).
constexpr size_t kMaxLineBytes = 1 << 20;
// Bytes of already scanned text kept for looking back across chunk borders.
constexpr size_t kHistoryBytes = 8192;
// Table rows looked back for before a report that starts without a header.
constexpr size_t kLookbackLines = 64;
// Text held back at a chunk border while deciding whether a report is
// newest-first (newest_first.h); beyond this the decision is made anyway.
constexpr size_t kMaxHeldBytes = 512 * 1024;

}  // namespace

struct ReportScanner::Impl {
  Impl(ScanOptions o, EventSink sink)
      : opt(std::move(o)),
        assembler(opt.source_name, [latest = opt.latest_s, sink = std::move(sink)](OomEvent&& e) {
          settle_inferred_year(e, latest);
          sink(std::move(e));
        }) {}

  ScanOptions opt;
  ReportAssembler assembler;
  std::string carry;    // partial last line
  bool carry_truncated = false;
  std::string history;  // tail of the previous region not fed to the assembler
  uint64_t line_no = 0;
  std::vector<ParseWarning> warnings;
  NormalizedLine norm;
  std::string joined;    // one record rejoined from its wrapped or soft-broken pieces
  // Quoted-printable text (a mail archive) is so from its start: only then
  // are soft breaks looked at for a split anchor (split_anchor()). Decided
  // on the first kQpProbeBytes of input: a `=3D` (every OOM header has an
  // '='), or a soft break ending a line of 59 bytes or more.
  static constexpr size_t kQpProbeBytes = 64 << 10;
  bool qp_possible = false;
  bool qp_encoded = false;  // the probe saw QP's escapes or its soft breaks (decide_probe())
  // The probe is decided once, on the input's first kQpProbeBytes (or all
  // of it, at finish() or flush_idle()): until then regions are held, so
  // what a text gives never depends on how it was cut into chunks.
  bool probe_done = false;
  std::string probe_text;
  // Text hard-wrapped at a fixed width (a terminal, a viewer: every broken
  // line exactly `wrap_width` bytes long) is so from its start too: then
  // the boundaries after lines of that width are looked at for a split
  // anchor (split_anchor_wrapped()). Decided on the same first bytes: the
  // longest line, 60 bytes or more, at least 3 times and a quarter of the
  // lines of 60 bytes or more; 0 when not.
  size_t wrap_width = 0;
  // A terminal that wrapped lines at pad_width columns and padded each break
  // with pad_len spaces inside one line (`f        ile-rss`): decided on the
  // same first bytes, from lines whose only runs of two or more spaces are
  // at pad_width, 2*pad_width+pad_len, … (kernel text has none); 0 when not.
  // depad() removes them from a candidate report's lines only.
  size_t pad_width = 0, pad_len = 0;
  // Text a person or a mail client reflowed (issue 12, class 1): at least 3
  // prefixed lines in the same first bytes go on on an indented, unprefixed
  // line after a word (kernel text indents no such line). Then an anchor
  // broken at a space (`…kernel: Task in` + `    /kubepods…`) is looked for
  // across those breaks (split_anchor_reflowed()).
  bool reflowed_text = false;
  // Text a mail client sent format=flowed (RFC 3676): at least 3 prefixed
  // lines of 40 bytes or more in the same first bytes end in a space and go
  // on on an unprefixed line. Then an anchor broken at such a space
  // (`…]: memory: ` + `usage 4194304kB, …`) is looked for across those breaks
  // (split_anchor_reflowed() with `flowed`).
  bool flowed_text = false;
  NormalizedLine probe;  // for looking at neighbouring lines
  LinePrefix prev_prefix;  // for continuation lines
  bool prev_foreign = false;

  // Offset in `raw` where a second, glued syslog record starts (`…order=0May  7
  // 21:43:54 host kernel: CPU: …`, a copy or scrape artefact), or npos.
  // The first record may be decoded (`#012` escapes): its text is then a copy,
  // and the second tag is looked for in `raw` after the first one.
  // Two `journalctl -o json` objects glued (`…"}{"MESSAGE":…`) split between them.
  size_t glued_record(std::string_view raw) {
    if (!raw.empty() && raw[0] == '{') {
      size_t j = raw.find("}{\"");
      return j == std::string_view::npos ? j : j + 1;
    }
    size_t text_off = 0, p = 0;
    if (norm.owned.empty() && norm.text.data() >= raw.data() && norm.text.data() <= raw.data() + raw.size()) {
      text_off = static_cast<size_t>(norm.text.data() - raw.data());
      // A selection with the next record glued after it, prefix and all lost
      // (`… or sacrifice child Killed process 2157 (java) …`, a page's copy).
      constexpr std::string_view kChild = "or sacrifice child ";
      if (size_t c = norm.text.find(kChild); c != std::string_view::npos) {
        size_t r = c + kChild.size();
        while (r < norm.text.size() && norm.text[r] == ' ') ++r;
        if (r < norm.text.size()) return text_off + r;
      }
      size_t k = norm.text.find("kernel: ");
      if (k == std::string_view::npos || k == 0) return std::string_view::npos;
      p = text_off + k;
    } else {
      if (!norm.has_prefix) return std::string_view::npos;
      size_t first = raw.find("kernel: ");
      if (first == std::string_view::npos) return std::string_view::npos;
      text_off = first + 8;
      p = raw.find("kernel: ", text_off);
      if (p == std::string_view::npos) return std::string_view::npos;
    }
    NormalizedLine probe;
    // From the text's first byte on: a record glued after an empty one (a
    // blank line's prefix, then `May  7 … kernel: Memory cgroup out of memory: …`).
    for (size_t q = p > 64 + text_off ? p - 64 : text_off; q < p; ++q) {
      if (!(raw[q] >= 'A' && raw[q] <= 'Z') && !(raw[q] >= '0' && raw[q] <= '9')) continue;
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
  bool glued_row_before_opening(std::string_view row, std::string_view rest, uint64_t number) {
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

  void feed_line(std::string_view raw, uint64_t number) {
    std::string padless;
    raw = depad(raw, padless);
    normalize_line(raw, norm, opt.default_year);
    if (size_t q = glued_record(raw); q != std::string_view::npos) {
      if (!glued_row_before_opening(raw.substr(0, q), raw.substr(q), number)) feed_line(raw.substr(0, q), number);
      feed_line(raw.substr(q), number);
      return;
    }
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

  // Table rows (and blank/continuation lines between them) right before the
  // line starting at `ls` in `region`, then in `history`.
  void look_back(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line) {
    std::vector<std::string> texts;  // newest first
    std::vector<uint64_t> cut_rows;  // numbers of the rows a viewer cut (`…   0  ...`)
    std::vector<uint64_t> numbers;
    std::string after;  // the raw line after the one looked at (a QP soft break's rest)
    std::string piece;  // an unprefixed line under a prefixed row: the rest a terminal wrapped
    bool piece_indented = false;
    int pieces = 0;
    NormalizedLine n;
    uint64_t number = anchor_line;
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
        if ((soft_break(raw) || flowed_break) && !piece.empty()) {  // `[ 21391] … 0 fut=` + `ex_cmp_reque`: the piece is its rest
          whole = flowed_break ? raw : raw.substr(0, raw.find_last_of('='));
          whole += piece;
          piece.clear();
          raw = whole;
        } else if (soft_break(raw) && !texts.empty()) {  // `[ 7899] … 39899136=` + `  1039052`
          whole = raw.substr(0, raw.find_last_of('='));
          whole += after;
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
        if (n.foreign) return false;
        bool row = line_is_table_row(n.text);
        // An indented line may be a rest too (a hard wrap inside a row's padding, a reflow).
        if (!row && !n.text.empty()) {
          if (n.has_prefix || texts.size() >= kLookbackLines - 1) return false;
          piece.assign(raw);  // perhaps a wrapped row's rest: joined to the line above
          piece_indented = n.continuation;
          pieces = 1;
          continue;
        }
        texts.emplace_back(n.text);
        numbers.push_back(number);
        if (n.truncated) cut_rows.push_back(number);
        after.assign(raw);
      }
      return end <= lower;
    };
    if (walk(region, lo, ls) && lo == 0 && !history.empty()) walk(history, 0, history.size());
    // Keep from the oldest row on.
    while (!texts.empty() && !line_is_table_row(texts.back())) {
      texts.pop_back();
      numbers.pop_back();
    }
    if (texts.empty()) return;
    std::vector<LogicalLine> rows;
    for (size_t i = texts.size(); i-- > 0;) {
      LogicalLine l;
      l.text = texts[i];
      l.number = numbers[i];
      l.truncated = std::find(cut_rows.begin(), cut_rows.end(), numbers[i]) != cut_rows.end();
      rows.push_back(l);
    }
    assembler.preload_rows(rows);
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
  void start_at_stack(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line) {
    constexpr size_t kStackLookbackLines = 64;
    std::vector<std::string> raws;  // newest first
    std::vector<size_t> spans;      // the physical lines each of raws holds (a wrapped record: more than one)
    size_t start = 0;               // raws[0 .. start) are the block's lines; 0: no start found
    bool cpu_line = false;
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
        if (n.foreign) return false;
        if (!n.has_prefix && buf.data() == region.data() && !stack_line_text(trim(n.text)) &&
            rejoin_wrapped(buf, lower, begin, stop, whole, span)) {
          raw = whole;
          end = begin;
          for (size_t i = 1; i < span; ++i) {
            end = end > lower ? end - 1 : lower;
            while (end > lower && buf[end - 1] != '\n') --end;
          }
          normalize_line(raw, n, opt.default_year);
        }
        const std::string_view t = trim(n.text);
        if (cpu_line) {  // the line before `CPU: …`: its cpuset line (≤4.18), or nothing
          if (oomline::parse_cpuset(t) && !oomline::parse_header(t))
            raws.emplace_back(raw), spans.push_back(span), start = raws.size();
          return false;
        }
        const bool marker = stack_marker(t);
        if (!marker && !oomline::parse_stack_line(t) && !stack_text(t)) return false;
        raws.emplace_back(raw);
        spans.push_back(span);
        if (marker) start = raws.size();
        if (oomline::parse_stack_line(t)) {
          start = raws.size();
          cpu_line = true;
        }
      }
      return end <= lower;
    };
    if (walk(region, lo, ls) && lo == 0 && !history.empty()) walk(history, 0, history.size());
    if (start == 0) return;
    std::vector<uint64_t> first(start);  // each record's first physical line
    uint64_t back = 0;
    for (size_t i = 0; i < start; ++i) first[i] = anchor_line - (back += spans[i]);
    assembler.start_from_stack(first[start - 1]);
    for (size_t i = start; i-- > 0;) feed_line(raws[i], first[i]);
  }
  // A Tasks table's header (an anchor: anchor_search.h) with no report open.
  // A report opens there only when nothing else would open one: no anchor on
  // the table's rows, the Mem-Info lines after it (newest-first text) or the
  // kTableLookaheadLines other lines after those. Otherwise the line is
  // passed over as before, and the later anchor opens the report (its
  // look-back keeping the rows). `hold` when the region ends first.
  enum class TableStart { open, skip, hold };
  TableStart table_start_decision(std::string_view region, size_t eol, size_t n, bool final) const {
    constexpr size_t kTableLookaheadLines = 48;
    NormalizedLine probe;
    size_t others = 0;
    for (size_t pos = eol + 1; others < kTableLookaheadLines;) {
      if (pos >= n) return final ? TableStart::open : TableStart::hold;
      const size_t end = std::min(region.find('\n', pos), n);
      if (end == n && !final) return TableStart::hold;  // the line may go on in the next chunk
      const std::string_view raw = region.substr(pos, end - pos);
      if (find_anchor(raw.data(), raw.size()) < raw.size()) return TableStart::skip;
      normalize_line(raw, probe, opt.default_year);
      const std::string_view t = trim(probe.text);
      if (!line_is_table_row(t) && !line_is_meminfo(t) && !t.empty()) ++others;
      pos = end + 1;
    }
    return TableStart::open;
  }
  // Opens the report of a table header table_start_decision() let open: at
  // the Mem-Info lines and table rows right before it (in region [lo, ls),
  // then `history`; kTableLookbackLines at most), which are fed.
  void start_at_table(std::string_view region, size_t lo, size_t ls, uint64_t anchor_line) {
    constexpr size_t kTableLookbackLines = 64;
    std::vector<std::string> raws;  // newest first
    NormalizedLine n;
    auto walk = [&](std::string_view buf, size_t lower, size_t end) -> bool {
      while (end > lower && raws.size() < kTableLookbackLines) {
        size_t begin = end - 1;
        while (begin > lower && buf[begin - 1] != '\n') --begin;
        const std::string_view raw = buf.substr(begin, end - 1 - begin);
        normalize_line(raw, n, opt.default_year);
        const std::string_view t = trim(n.text);
        if (n.foreign || t.empty() || !(line_is_meminfo(t) || line_is_table_row(t))) return false;
        raws.emplace_back(raw);
        end = begin;
      }
      return end <= lower;
    };
    if (walk(region, lo, ls) && lo == 0 && !history.empty()) walk(history, 0, history.size());
    assembler.start_from_table(anchor_line - raws.size());
    for (size_t i = raws.size(); i-- > 0;) feed_line(raws[i], anchor_line - 1 - i);
  }
  static bool stack_marker(std::string_view t) {
    return starts_with(t, "Hardware name:") || starts_with(t, "Call Trace:") || starts_with(t, "Call trace:") ||
           starts_with(t, "Backtrace:");
  }
  static bool stack_line_text(std::string_view t) {
    return stack_marker(t) || oomline::parse_stack_line(t) || stack_text(t);
  }
  // The unprefixed line region[begin, stop) as the last piece of a wrapped
  // record (a terminal's or mail client's wrap, a reflow: take_record(), the
  // joining every other record gets) that starts up to 2 lines before it
  // and reads as a line of a dump_stack() block (`CPU: … Comm: …`,
  // `Hardware name: …`). Sets `whole` and the physical lines it spans.
  bool rejoin_wrapped(std::string_view region, size_t lower, size_t begin, size_t stop, std::string& whole,
                      size_t& span) {
    size_t s = begin;
    for (size_t k = 1; k <= 2 && s > lower; ++k) {
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
      if (probe.foreign || !probe.has_prefix || !(stack_marker(t) || oomline::parse_stack_line(t))) continue;
      whole = std::move(record);
      span = pieces;
      return true;
    }
    return false;
  }
  // A line of a dump_stack() block between its first line and an OOM frame:
  // a frame (`func+0x…`, `[<addr>] …`, `? …`, ARM's `a from b+0x…`), `<TASK>`,
  // or a hex dump (MIPS `Stack : 8041… …`, ARM `9fa0: 0000… …`).
  static bool stack_text(std::string_view t) {
    if (t.empty()) return false;
    if (t.find("+0x") != std::string_view::npos || starts_with(t, "[<") || starts_with(t, "? ") || t == "<TASK>" ||
        starts_with(t, "Stack : ") || starts_with(t, "Exception stack("))
      return true;
    std::string_view r = t;
    for (std::string_view w = take_token(r); !w.empty(); w = take_token(r)) {
      if (w.back() == ':') w.remove_suffix(1);
      if (w.size() < 4 || w.find_first_not_of("0123456789abcdefABCDEF") != std::string_view::npos) return false;
    }
    return true;
  }

  // Two task rows glued on one line (a copy or scrape artefact, as
  // glued_record() splits for feed_line()): their texts, the later first,
  // appended to `texts` (newest first), both numbered `number`.
  bool glued_rows(std::string_view raw, uint64_t number, std::vector<std::string>& texts,
                  std::vector<uint64_t>& numbers) {
    normalize_line(raw, norm, opt.default_year);
    const size_t q = glued_record(raw);
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

  static std::string_view span_text(std::string_view region, std::pair<size_t, size_t> span) {
    std::string_view r = region.substr(span.first, span.second - span.first);
    if (!r.empty() && r.back() == '\r') r.remove_suffix(1);
    return r;
  }

  // Feeds the lines of a newest-first report [from, to) of `region` in print
  // order, `first_number` being the line number of the line at `from`.
  void feed_reversed(std::string_view region, size_t from, size_t to, uint64_t first_number) {
    std::vector<std::pair<size_t, size_t>> spans;
    for (size_t p = from; p < to;) {
      size_t e = region.find('\n', p);
      if (e == std::string_view::npos || e > to) e = to;
      spans.emplace_back(p, e);
      p = e + 1;
    }
    assembler.close_open();
    // Table rows printed before the line that opens the report (a report
    // whose header was cut off) are preloaded, as look_back does.
    std::vector<std::string> row_texts;
    std::vector<uint64_t> row_numbers;
    std::set<uint64_t> row_cut;  // rows a viewer cut
    NormalizedLine n;
    for (size_t i = spans.size(); i-- > 0;) {
      std::string_view raw = region.substr(spans[i].first, spans[i].second - spans[i].first);
      if (!assembler.open()) {
        std::string padless;  // a row's terminal pads out, as feed_line() takes them out
        normalize_line(depad(raw, padless), n, opt.default_year);
        // A row's wrapped rest (` 0 python`, indented) goes with it.
        if (!n.foreign && (line_is_table_row(n.text) || (n.continuation && !row_texts.empty()))) {
          row_texts.emplace_back(n.text);
          row_numbers.push_back(first_number + i);
          if (n.truncated) row_cut.insert(first_number + i);
          continue;
        }
        if (!n.foreign && !row_texts.empty() && line_opens_report(n.text)) {
          std::vector<LogicalLine> rows;
          for (size_t r = 0; r < row_texts.size(); ++r) {
            LogicalLine l;
            l.text = row_texts[r];
            l.number = row_numbers[r];
            l.truncated = row_cut.count(row_numbers[r]) > 0;
            rows.push_back(l);
          }
          assembler.preload_rows(rows);
          row_texts.clear();
        }
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
          feed_line(whole, first_number + i);
          --i;
          continue;
        }
      }
      // A prefixed line's wrapped rest (`…limit of /kubepo` + `ds/pod…`) lies
      // before it in the text, piece by piece reversed: joined as take_record() joins it.
      if (i > 0 && prefixed(raw) && unprefixed(span_text(region, spans[i - 1]))) {
        std::string whole(raw);
        const uint64_t number = first_number + i;
        while (i > 0 && unprefixed(span_text(region, spans[i - 1]))) whole.append(dequote(span_text(region, spans[--i])));
        feed_line(whole, number);
        continue;
      }
      feed_line(raw, first_number + i);
    }
    assembler.close_open();
    line_no = first_number + spans.size() - 1;
  }

  // Newest-first, a record's wrapped rest (`anon-rss:0kB, …` of `…reaped
  // process 541 (dbus-broker), now `) lies just before its line at `ls`:
  // the start of that rest in [lower, ls) when the line alone is no record
  // and the one before it is an unprefixed piece; else `ls`.
  size_t wrapped_rest_before(std::string_view region, size_t lower, size_t ls) {
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

  // A line that is a prefix and nothing else (`[330319.234959] `).
  bool prefix_alone(std::string_view raw) {
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
  size_t reversed_opening(std::string_view region, size_t lower, size_t ls, size_t eol, bool final,
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
        normalize_line(buf.substr(start, end - 1 - start), n, opt.default_year);
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
        break;
      }
      if (!evidence) return is_header ? header_alone(region, ls, eol, final) : kNo;
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
  size_t header_alone(std::string_view region, size_t ls, size_t eol, bool final) {
    constexpr size_t kNo = std::string_view::npos - 1;
    const size_t next = eol < region.size() ? eol + 1 : region.size();
    const bool decided = final || region.size() - ls > kMaxHeldBytes;
    if (next >= region.size()) return decided ? kNo : std::string_view::npos;
    size_t e2 = region.find('\n', next);
    if (e2 == std::string_view::npos) e2 = region.size();
    NormalizedLine n;
    normalize_line(region.substr(next, e2 - next), n, opt.default_year);
    if (n.foreign || !may_open_newest_first(trim(n.text), n.truncated) || oomline::parse_select(trim(n.text))) return kNo;
    NewestFirst nf = detect_newest_first(region, next, decided, opt.default_year);
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
  size_t feed_reversed_with_body(std::string_view region, size_t lower, size_t ls, size_t end) {
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

  // A quoted-printable soft line break (RFC 2045 §6.7 rule 5): a long line
  // ending in '='. Kernel lines that end in '=' are short (`cpuset=`). In
  // text hard-wrapped at a fixed width and not QP-encoded (no `=3D`), a
  // line of that width ending in '=' was cut after it (`…,task=` + `java,…`).
  bool soft_break(std::string_view raw) const {
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    if (raw.size() < 60 || raw.back() != '=') return false;
    return qp_encoded || !at_wrap_width(raw);
  }

  // An unprefixed, non-empty line (a terminal's wrapped rest of the line
  // before, when that one had a prefix).
  // Without its mail quoting (`> `, `> > `: each '>' and one space after
  // it; `&gt; ` on a web page that escaped the quoted text).
  static std::string_view dequote(std::string_view raw) {
    for (;;) {
      if (!raw.empty() && raw[0] == '>') raw.remove_prefix(1);
      else if (starts_with(raw, "&gt;")) raw.remove_prefix(4);
      else return raw;
      if (!raw.empty() && raw[0] == ' ') raw.remove_prefix(1);
    }
  }

  // Not indented: an indented unprefixed line is a continuation record
  // (multi-line printk), kept as its own line. Not a record of its own.
  bool unprefixed(std::string_view raw) {
    raw = dequote(raw);
    if (raw.empty() || is_space(raw[0]) || raw[0] == '{' || raw[0] == '"') return false;
    std::string_view t = trim(raw);
    if (t == "[...]" || t == "..." || t == "[…]" || t == "…") return false;  // a poster's elision
    normalize_line(raw, probe, opt.default_year);
    return !probe.has_prefix && !line_is_record(probe.text);
  }
  bool prefixed(std::string_view raw) {
    normalize_line(raw, probe, opt.default_year);
    return probe.has_prefix && !probe.foreign;
  }

  // In text hard-wrapped at wrap_width: `raw` is exactly that wide and
  // `next` is its rest (no prefix of its own, not a record by itself; it may
  // start with a space, the one the break fell before). Bare text (no
  // prefixes to tell a piece from a record) is rejoined so too.
  bool wrapped_at_width(std::string_view raw, std::string_view next) {
    if (!next.empty() && next.back() == '\r') next.remove_suffix(1);
    if (!at_wrap_width(raw) || trim(next).empty()) return false;
    // Indented after a word (a reflow's break at a space): the assembler
    // rejoins those pieces with one space (report_rejoin.cpp). After a
    // space the break fell inside a table's padding.
    if (next.size() > 1 && is_space(next[0]) && is_space(next[1]) && !is_space(raw.back())) return false;
    normalize_line(next, probe, opt.default_year);
    const std::string_view t = trim(probe.text);
    // `[<…>]` starts a stack line, unless it is the rest of an ARM frame's `(func) from`.
    if (probe.has_prefix || probe.foreign || line_starts_meminfo(t) ||
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
  bool pad_piece(std::string_view raw, std::string_view spaces, std::optional<std::string_view> after) {
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
  static std::optional<std::string_view> line_at(std::string_view region, size_t from) {
    if (from >= region.size()) return std::nullopt;
    const size_t e = region.find('\n', from);
    return region.substr(from, (e == std::string_view::npos ? region.size() : e) - from);
  }

  // After a format=flowed soft break (the line ends in a space), or a
  // reflow's break (the rest indented after a word: joined with one space).
  bool flowed_rest(std::string_view raw, std::string_view next) {
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    if (raw.empty()) return false;
    if (raw.back() == ' ') return joins_as_record(raw, next);
    return reflowed(raw, next) && joins_as_record(raw, next, true);
  }
  static bool reflowed(std::string_view raw, std::string_view next) {
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
  bool joins_as_record(std::string_view raw, std::string_view next, bool indented = false) {
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    if (!next.empty() && next.back() == '\r') next.remove_suffix(1);
    if (next.empty() || (!indented && next.size() > 1 && is_space(next[0]) && is_space(next[1])) ||
        trim(next).empty() || trim(next)[0] == '{' || trim(next)[0] == '"')
      return false;
    normalize_line(next, probe, opt.default_year);
    if (probe.has_prefix || probe.foreign) return false;
    normalize_line(raw, probe, opt.default_year);
    if (probe.foreign || line_is_record(trim(probe.text))) return false;
    std::string whole(raw);
    if (indented) whole += ' ';
    whole.append(indented ? trim(next) : trim_right(next));
    normalize_line(whole, probe, opt.default_year);
    return !probe.foreign && line_opens_report(trim(probe.text));
  }

  // A line cut by a viewer (`…` or `...` at its end) is as wide as the
  // others too, but nothing of it follows.
  bool at_wrap_width(std::string_view raw) const {
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    return wrap_width != 0 && raw.size() == wrap_width && !ends_in_ellipsis(raw);
  }

  // True when the line at `start` continues on the next physical line: a QP
  // soft break, a prefixed line followed by an unprefixed piece, or a line
  // of the wrap width followed by its rest.
  bool continues(std::string_view region, size_t start, size_t eol) {
    std::string_view r = region.substr(start, eol - start);
    if (soft_break(r)) return true;
    if (eol >= region.size()) return false;
    size_t e2 = region.find('\n', eol + 1);
    std::string_view next = region.substr(eol + 1, (e2 == std::string_view::npos ? region.size() : e2) - eol - 1);
    if (next.empty()) return false;
    if (json_open(r)) return json_rest(next);
    return (prefixed(r) && (unprefixed(next) || flowed_rest(r, next))) || wrapped_at_width(r, next) ||
           pad_piece(r, next, line_at(region, eol + 1 + next.size() + 1));
  }

  // A `journalctl -o json` object that a terminal, a mail client or a
  // person broke over lines (JSON has no raw newline inside a string): the
  // line opens one and does not close it.
  static bool json_open(std::string_view s) {
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
  static bool json_rest(std::string_view next) {
    std::string_view t = trim(next);
    return !t.empty() && t[0] != '{';
  }

  // Joins the physical lines of one record starting at `start` into `joined`
  // (QP soft breaks dropped; a wrapped piece appended, its indentation as one
  // space); returns the offset after the last piece, or npos when the region
  // ends inside it and more input may follow. `pieces` counts the lines.
  size_t take_record(std::string_view region, size_t start, bool final, size_t& pieces) {
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
      const bool rest = prefixed_start && (unprefixed(nl) || (pieces == 1 && flowed_rest(whole_line, nl)));
      const auto after_pad = line_at(region, next + nl.size() + 1);
      const bool pad = pad_piece(whole_line, nl, after_pad);
      if (pad && !after_pad && !final) return std::string_view::npos;  // its rest comes with the next chunk
      if (qp_mode || nl.empty() || !(rest || wrapped_at_width(whole_line, nl) || (pad && after_pad))) return next;
      p = next;
    }
    return final ? p : std::string_view::npos;
  }

  // An anchor line that is no record by itself and whose wrapped rest is the
  // next, unprefixed line (`…out of memory: Killed` + ` process 15617 (…`,
  // `…: Killed pro` + `cess 15617 …`): the two as one record, in `joined`.
  // Looked at only on an anchor's line (issue 12: mangle handling on
  // candidate text only). `t` is the anchor line's bare text.
  bool join_split_anchor(std::string_view region, std::string_view raw, std::string_view t, size_t eol, size_t n) {
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
    std::optional<std::string> rest_message;
    if (line_is_record(rest) && !(rest_message = oomline::outcome_message(rest))) return false;
    std::string whole(raw.substr(0, static_cast<size_t>(norm.text.data() - raw.data())));
    whole.append(trim_right(norm.text));
    // A break at a space (indented rest, format=flowed's trailing space) keeps one.
    if (probe.continuation || next[0] == ' ' || raw.back() == ' ') whole += ' ';
    whole.append(rest);
    normalize_line(whole, probe, opt.default_year);
    if (!line_is_record(trim(probe.text))) return false;
    if (rest_message) {
      auto m = oomline::outcome_message(trim(probe.text));
      if (!m || !oomline::message_extends(*m, *rest_message)) return false;
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
  size_t join_header_start(std::string_view region, size_t lower, size_t ls, std::string_view raw) {
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

  // Whether an anchor lies across the line break after [ls, tail_end): the
  // last bytes of that line and the first of the line at `next`, joined
  // (the prefilter sees neither half), and not whole in the first part.
  static bool anchor_across(const char* d, size_t ls, size_t tail_end, size_t next, size_t n) {
    constexpr size_t kSide = 24;  // > the longest anchor
    char w[2 * kSide];
    const size_t before = std::min(kSide, tail_end - ls);
    std::memcpy(w, d + tail_end - before, before);
    size_t len = before;
    for (size_t i = next; i < n && d[i] != '\n' && d[i] != '\r' && len < sizeof w; ++i) w[len++] = d[i];
    return find_anchor(w, len) < len && find_anchor(w, before) >= before;
  }

  // An anchor that a quoted-printable soft break (RFC 2045 §6.7 rule 5)
  // split across two lines (`invoked oom-k=` / `iller: gfp_mask=3D…`), so the
  // prefilter cannot see it: the offset of the '=' ending the line that
  // holds its first part, searched in [from, lim); npos when none. Only the
  // bytes either side of each soft break are looked at (anchor_across).
  // Called only when the probe found the input quoted-printable.
  // A soft break ending the region (not `final`) sets *hold: the line after
  // it comes with the next chunk, and the result must not depend on chunk
  // borders.
  static size_t split_anchor(const char* d, size_t from, size_t lim, size_t n, bool final, bool* hold) {
    while (from + 1 < lim) {
      // memchr for '=' (SIMD), then the byte after it: glibc's memmem walks a
      // two-byte needle byte by byte (measured 5x the prefilter's cost).
      const size_t end = std::min(lim + 1, n);
      const void* m = std::memchr(d + from, '=', end - from);
      if (!m) return std::string_view::npos;
      const size_t q = static_cast<size_t>(static_cast<const char*>(m) - d);
      if (q + 1 >= end || d[q + 1] != '\n') {
        from = q + 1;
        continue;
      }
      from = q + 2;
      size_t ls = q;
      while (ls > 0 && d[ls - 1] != '\n' && q - ls < 60) --ls;
      if (q - ls < 59) continue;  // short: a kernel line's own `cpuset=`, not a soft break
      if (q + 2 >= n && !final) {
        *hold = true;
        return q;
      }
      if (anchor_across(d, ls, q, q + 2, n)) return q;
    }
    return std::string_view::npos;
  }

  // split_anchor() for text hard-wrapped at `width` bytes: an anchor across
  // the break after a line of exactly that width; the offset of that line's
  // last byte, or npos. *hold as there.
  static size_t split_anchor_wrapped(const char* d, size_t from, size_t lim, size_t n, size_t width, bool final,
                                     bool* hold) {
    return each_broken_line(d, from, lim, n, [&](size_t ls, size_t len, size_t e) {
      if (len != width) return false;
      if (e + 1 >= n && !final) return *hold = true;
      return anchor_across(d, ls, ls + len, e + 1, n);
    });
  }
  // The offset of the last byte of the first line of [from, lim) that ends
  // with a '\n' at or after `from` and for which done(start, length without
  // '\r', offset of its '\n') holds; npos when none.
  template <class Done>
  static size_t each_broken_line(const char* d, size_t from, size_t lim, size_t n, Done done) {
    size_t ls = from;
    while (ls > 0 && d[ls - 1] != '\n') --ls;
    while (ls < lim) {
      const void* m = std::memchr(d + ls, '\n', n - ls);
      if (!m) return std::string_view::npos;
      const size_t e = static_cast<size_t>(static_cast<const char*>(m) - d);
      const size_t len = e - ls - (e > ls && d[e - 1] == '\r' ? 1 : 0);
      if (len > 0 && e >= from && done(ls, len, e)) return ls + len - 1;
      ls = e + 1;
    }
    return std::string_view::npos;
  }

  // Whether most lines `width` wide go on on the next line: not both
  // prefixed, as copies of one record repeated (kill lines of one job, all as
  // long) are.
  bool widest_continue(std::string_view head, size_t width) {
    size_t widest = 0, whole = 0;
    for (size_t ls = 0; ls < head.size();) {
      size_t e = head.find('\n', ls);
      if (e == std::string_view::npos) break;
      std::string_view l = head.substr(ls, e - ls);
      if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
      if (l.size() == width && e + 1 < head.size()) {
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

  // Decides qp_possible and wrap_width on probe_text (once).
  void decide_probe() {
    if (probe_done) return;
    probe_done = true;
    std::string_view head(probe_text);
    size_t long_lines = 0, max_len = 0, max_count = 0, max_soft = 0;
    for (size_t ls = 0; ls < head.size();) {
      size_t e = head.find('\n', ls);
      if (e == std::string_view::npos) break;
      size_t len = e - ls - (e > ls && head[e - 1] == '\r' ? 1 : 0);
      if (len >= 60 && !ends_in_ellipsis(head.substr(ls, len))) {
        ++long_lines;
        if (len > max_len) max_len = len, max_count = 0, max_soft = 0;
        const bool soft = head[ls + len - 1] == '=';
        if (len == max_len) ++max_count, max_soft += soft;
        if (soft) qp_possible = true;  // a soft break
      }
      ls = e + 1;
    }
    wrap_width = max_count >= 3 && max_count * 4 >= long_lines && widest_continue(head, max_len) ? max_len : 0;
    decide_pad(head);
    reflowed_text = decide_broken_at_space(head, false);
    flowed_text = decide_broken_at_space(head, true);
    // QP-encoded: an escape of '=', a space or a tab, or soft breaks ending
    // at least half of the widest lines (a hard wrap ends one in '=' by chance).
    qp_encoded = head.find("=3D") != std::string_view::npos || head.find("=20\n") != std::string_view::npos ||
                 head.find("=09\n") != std::string_view::npos || (max_count > 0 && max_soft * 2 >= max_count);
    qp_possible |= qp_encoded;
    std::string().swap(probe_text);
  }

  // The pad of a line: its runs of 4+ spaces (shorter ones are a prefix's,
  // `May  7`, `[  514.68]`) are of one length, or one more where the pad
  // meets a space of the text (`Killed` + ` ` + pad + `process`); the first
  // pad starts at column w ≥ 40 and each next one w columns after the end of
  // the one before. {w, len}, {w, 0} for one run only (a table's column
  // could be that), or {0, 0} when not so.
  static std::pair<size_t, size_t> line_pad(std::string_view l) {
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
  void decide_pad(std::string_view head) {
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
  static bool pads_every_long_line(std::string_view head, size_t w, size_t len) {
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
  std::string_view depad(std::string_view raw, std::string& out) const {
    if (pad_width == 0 || raw.size() <= pad_width + pad_len) return raw;
    out.clear();
    size_t at = 0;
    for (size_t cut = pad_width; cut + pad_len <= raw.size(); cut += pad_width + pad_len) {
      if (raw.substr(cut, pad_len).find_first_not_of(' ') != std::string_view::npos) return raw;
      out.append(raw.substr(at, cut - at));
      at = cut + pad_len;
    }
    out.append(raw.substr(at));
    return out;
  }
  // split_anchor() for text padded inside lines (pad_width): an anchor across
  // a pad, which the prefilter cannot see. The offset of the byte before the
  // pad, searched in the lines of [from, lim); npos when none.
  size_t split_anchor_padded(const char* d, size_t from, size_t lim, size_t n) const {
    size_t ls = from;
    while (ls > 0 && d[ls - 1] != '\n') --ls;
    while (ls < lim) {
      const void* m = std::memchr(d + ls, '\n', n - ls);
      const size_t e = m ? static_cast<size_t>(static_cast<const char*>(m) - d) : n;
      for (size_t cut = ls + pad_width; cut + pad_len < e; cut += pad_width + pad_len) {
        if (std::string_view(d + cut, pad_len).find_first_not_of(' ') != std::string_view::npos) break;
        if (cut > from && anchor_across(d, ls, cut, cut + pad_len, n)) return cut - 1;
      }
      ls = e + 1;
    }
    return std::string_view::npos;
  }

  // split_anchor() for text broken at a space: reflowed (a word, then an
  // indented rest: the line's end and the rest's start joined with one space)
  // or, with `flowed`, format=flowed (the line ends in the space, the rest
  // starts at the margin: joined as they are). The offset of the line's last
  // byte, searched in the lines of [from, lim); npos when none. A line ending
  // the region (not `final`) whose last word may start such an anchor sets *hold.
  static size_t split_anchor_reflowed(const char* d, size_t from, size_t lim, size_t n, bool final, bool* hold,
                                      bool flowed) {
    constexpr size_t kSide = 24;  // > the longest anchor
    return each_broken_line(d, from, lim, n, [&](size_t ls, size_t len, size_t e) {
      if ((d[ls + len - 1] == ' ') != flowed) return false;
      const std::string_view tail(d + ls + len - std::min(kSide, len), std::min(kSide, len));
      if (e + 1 >= n) return !final && may_start_split_anchor(trim_right(tail)) && (*hold = true);
      if (!flowed && (e + 2 >= n || d[e + 1] != ' ' || d[e + 2] != ' ')) return false;
      char w[2 * kSide + 1];
      std::memcpy(w, tail.data(), tail.size());
      size_t wl = tail.size();
      size_t i = e + 1;
      if (!flowed) {
        w[wl++] = ' ';
        while (i < n && d[i] == ' ') ++i;
      }
      for (; i < n && d[i] != '\n' && d[i] != '\r' && wl < sizeof w; ++i) w[wl++] = d[i];
      return find_anchor(w, wl) < wl && find_anchor(w, tail.size()) >= tail.size();
    });
  }
  // Whether `tail` ends in the words of an anchor before one of its spaces.
  static bool may_start_split_anchor(std::string_view tail) {
    for (std::string_view a : {"Task in", "Task", "Killed", "reaped", "Kill", "kill", "out of", "Out of", "of",
                               "Memory", "Manual", "invoked", "memory:"})
      if (ends_with(tail, a) && (tail.size() == a.size() || tail[tail.size() - a.size() - 1] == ' ')) return true;
    return false;
  }
  // Whether at least 3 prefixed lines of `head` break at a space and go on
  // on an unprefixed line: reflowed (they end in a word and the rest is
  // indented) or, with `flowed`, format=flowed (they are 40 bytes or more
  // and end in the space).
  bool decide_broken_at_space(std::string_view head, bool flowed) {
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

  /// The probe's input: the first kQpProbeBytes fed.
  void probe_feed(std::string_view chunk) {
    if (probe_done) return;
    probe_text.append(chunk.substr(0, std::min(chunk.size(), kQpProbeBytes - probe_text.size())));
    if (probe_text.size() >= kQpProbeBytes) decide_probe();
  }

  // `region` holds complete lines (each ending in '\n', except when `final`).
  // Returns the offset from which the region was held back (newest-first
  // decision pending at its end), or region.size().
  size_t process_region(std::string_view region, bool final) {
    if (final) decide_probe();
    if (!probe_done) return 0;  // held until the probe is decided
    const char* d = region.data();
    size_t n = region.size();
    size_t pos = 0;
    size_t fed_end = 0;  // lines before this were fed to an open report
    while (pos < n) {
      if (assembler.open()) {
        const void* e = std::memchr(d + pos, '\n', n - pos);
        size_t eol = e ? static_cast<size_t>(static_cast<const char*>(e) - d) : n;
        std::string_view raw = region.substr(pos, eol - pos);
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
        fed_end = pos;
        continue;
      }
      size_t a = find_anchor(d + pos, n - pos);
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
      if (!hold && pad_width) {
        const size_t w = split_anchor_padded(d, pos, hidden == std::string_view::npos ? lim : hidden, n);
        if (w != std::string_view::npos) hidden = w;
      }
      if (hold) {
        size_t ls = hidden;
        while (ls > pos && d[ls - 1] != '\n') --ls;
        line_no += count_newlines(region.substr(pos, ls - pos));
        n = ls;  // the soft break's next line comes with the next chunk
        break;
      }
      if (hidden != std::string_view::npos) a = hidden - pos;
      if (a >= n - pos) {
        line_no += count_newlines(region.substr(pos, n - pos));
        break;
      }
      size_t abs = pos + a;
      size_t ls = abs;
      while (ls > pos && d[ls - 1] != '\n') --ls;
      line_no += count_newlines(region.substr(pos, ls - pos));
      const void* e = std::memchr(d + abs, '\n', n - abs);
      size_t eol = e ? static_cast<size_t>(static_cast<const char*>(e) - d) : n;
      std::string padless;
      std::string_view raw = depad(region.substr(ls, eol - ls), padless);
      size_t pieces = 1;
      // The anchor line may continue on the next lines (a QP soft break, a
      // wrapped piece). Pieces *before* the anchor's line are not looked for:
      // they may lie in an earlier chunk, and the result must not depend on
      // chunk borders; an open report rejoins them (report_assembler.cpp).
      const size_t anchor_ls = ls;
      if (ls != anchor_ls || continues(region, ls, eol) ||
          (eol + 1 >= n && !final && (prefixed(raw) || at_wrap_width(raw)))) {
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
        if (join_split_anchor(region, raw, t, eol, n)) {
          pieces = 2;
          eol = region.find('\n', eol + 1);
          if (eol == std::string_view::npos) eol = n;
          raw = joined;
          normalize_line(raw, norm, opt.default_year);
        }
      }
      if (!norm.foreign && may_open_newest_first(norm.text, norm.truncated)) {
        NewestFirst nf = detect_newest_first(region, ls, final || n - ls > kMaxHeldBytes, opt.default_year);
        if (nf.order == NewestFirst::Order::undecided) {
          n = ls;  // hold the rest back until more input arrives
          break;
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
          if (!oomline::parse_kill(norm.text) && !oomline::parse_reaper(norm.text) &&
              !oomline::parse_select(norm.text)) {
            pos = fed_end = feed_reversed_with_body(region, fed_end, ls, nf.end);
            continue;
          }
          assembler.expire(line_no + 1);
          const size_t from = wrapped_rest_before(region, fed_end, ls);
          feed_reversed(region, from, nf.end, line_no + 1 - (from < ls));
          pos = nf.end;
          fed_end = pos;
          continue;
        }
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
      if (!norm.foreign && !assembler.open() && oomline::parse_table_header(trim(norm.text))) {
        const TableStart ts = table_start_decision(region, eol, n, final || n - ls > kMaxHeldBytes);
        if (ts == TableStart::hold) {
          n = ls;  // hold the rest back until more input arrives
          break;
        }
        table_start = ts == TableStart::open;
      }
      uint64_t number = ++line_no - back;
      line_no += pieces - 1;
      assembler.expire(number);
      if (!norm.foreign && line_opens_report(norm.text)) look_back(region, fed_end, ls, number);
      else if (!norm.foreign && oomline::is_oom_frame(norm.text)) start_at_stack(region, fed_end, ls, number);
      else if (table_start) start_at_table(region, fed_end, ls, number);
      feed_line(raw, number);
      pos = eol < n ? eol + 1 : n;
      if (assembler.open()) fed_end = pos;
    }
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

  void append_carry(std::string_view part) {
    size_t room = kMaxLineBytes > carry.size() ? kMaxLineBytes - carry.size() : 0;
    if (part.size() > room) {
      if (!carry_truncated)
        warnings.push_back(ParseWarning{opt.source_name, line_no + 1, "line longer than 1 MiB was cut"});
      carry_truncated = true;
      part = part.substr(0, room);
    }
    carry.append(part);
  }

  void feed_text(std::string_view chunk) {
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
  void release_probe() {
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

  void finish() {
    decide_probe();
    if (!carry.empty()) {
      std::string line = std::move(carry);
      carry.clear();
      if (line.back() != '\n') line.push_back('\n');
      (void)process_region(line, true);
    }
    assembler.finish();
  }
};

ReportScanner::ReportScanner(ScanOptions options, EventSink on_event)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(on_event))) {}
ReportScanner::~ReportScanner() = default;

void ReportScanner::feed_text(std::string_view chunk) {
  impl_->probe_feed(chunk);  // once per byte fed (Impl::feed_text recurses on what it holds)
  impl_->feed_text(chunk);
}

bool ReportScanner::wants_record(std::string_view message) const {
  return impl_->assembler.open() || find_anchor(message.data(), message.size()) < message.size();
}

void ReportScanner::feed_record(std::string_view message, const RecordMeta& meta) {
  Impl& s = *impl_;
  if (!wants_record(message)) {
    s.line_no += 1 + count_newlines(message);
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

void ReportScanner::finish() { impl_->finish(); }

size_t ReportScanner::flush_idle(bool include_incomplete) {
  impl_->release_probe();
  return impl_->assembler.flush(include_incomplete);
}

bool ReportScanner::idle() const { return impl_->assembler.idle(); }

void ReportScanner::note_gap(std::string_view why) {
  impl_->assembler.gap(why);
  impl_->warnings.push_back(ParseWarning{impl_->opt.source_name, impl_->line_no, std::string(why)});
}

const std::vector<ParseWarning>& ReportScanner::warnings() const { return impl_->warnings; }
uint64_t ReportScanner::lines_seen() const { return impl_->line_no; }

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
