// The streaming scanner (see report_scanner.h): a fast anchor search over raw
// bytes (anchor_search.h), line normalisation (prefix.h) only for lines that
// hold an anchor or belong to an open report, and the report assembler
// (report_assembler.h) for those lines.
#include "kernel_log/report_scanner.h"

#include <cstring>

#include "kernel_log/anchor_search.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_assembler.h"

namespace oomlens {
namespace {

// A line longer than this is cut (hostile input must not grow memory).
constexpr size_t kMaxLineBytes = 1 << 20;
// Bytes of already scanned text kept for looking back across chunk borders.
constexpr size_t kHistoryBytes = 8192;
// Table rows looked back for before a report that starts without a header.
constexpr size_t kLookbackLines = 64;

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
  LinePrefix prev_prefix;  // for continuation lines
  bool prev_foreign = false;

  void feed_line(std::string_view raw, uint64_t number) {
    normalize_line(raw, norm, opt.default_year);
    const LinePrefix* prefix = &norm.prefix;
    bool foreign = norm.foreign;
    if (norm.continuation) {
      prefix = &prev_prefix;
      foreign = prev_foreign;
    } else if (norm.has_prefix) {
      prev_prefix = norm.prefix;
      prev_foreign = norm.foreign;
    }
    std::string_view text = norm.text;
    bool first = true;
    for (;;) {
      size_t nl = text.find('\n');
      LogicalLine l{text.substr(0, nl), prefix, number, foreign, norm.continuation || !first};
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
    std::vector<uint64_t> numbers;
    NormalizedLine n;
    uint64_t number = anchor_line;
    auto walk = [&](std::string_view buf, size_t lower, size_t end) -> bool {
      while (end > lower && texts.size() < kLookbackLines) {
        size_t stop = end - 1;  // the '\n' ending the previous line
        size_t start = stop;
        while (start > lower && buf[start - 1] != '\n') --start;
        std::string_view raw = buf.substr(start, stop - start);
        normalize_line(raw, n, opt.default_year);
        --number;
        if (n.foreign) return false;
        bool row = line_is_table_row(n.text);
        if (!row && !n.text.empty() && !n.continuation) return false;
        texts.emplace_back(n.text);
        numbers.push_back(number);
        end = start;
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
      rows.push_back(l);
    }
    assembler.preload_rows(rows);
  }

  // `region` holds complete lines (each ending in '\n', except when `final`).
  void process_region(std::string_view region) {
    const char* d = region.data();
    size_t n = region.size();
    size_t pos = 0;
    size_t fed_end = 0;  // lines before this were fed to an open report
    while (pos < n) {
      if (assembler.open()) {
        const void* e = std::memchr(d + pos, '\n', n - pos);
        size_t eol = e ? static_cast<size_t>(static_cast<const char*>(e) - d) : n;
        feed_line(region.substr(pos, eol - pos), ++line_no);
        pos = eol < n ? eol + 1 : n;
        fed_end = pos;
        continue;
      }
      size_t a = find_anchor(d + pos, n - pos);
      if (a >= n - pos) {
        line_no += count_newlines(d + pos, n - pos);
        break;
      }
      size_t abs = pos + a;
      size_t ls = abs;
      while (ls > pos && d[ls - 1] != '\n') --ls;
      line_no += count_newlines(d + pos, ls - pos);
      const void* e = std::memchr(d + abs, '\n', n - abs);
      size_t eol = e ? static_cast<size_t>(static_cast<const char*>(e) - d) : n;
      uint64_t number = ++line_no;
      assembler.expire(number);
      std::string_view raw = region.substr(ls, eol - ls);
      normalize_line(raw, norm, opt.default_year);
      if (!norm.foreign && line_opens_report(norm.text)) look_back(region, fed_end, ls, number);
      feed_line(raw, number);
      pos = eol < n ? eol + 1 : n;
      if (assembler.open()) fed_end = pos;
    }
    assembler.expire(line_no);
    // Remember the unfed tail for look-back across the next chunk border.
    if (assembler.open() || fed_end >= n) {
      history.clear();
      return;
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
      process_region(line);
      chunk.remove_prefix(nl + 1);
    }
    size_t last = chunk.rfind('\n');
    if (last == std::string_view::npos) {
      append_carry(chunk);
      return;
    }
    process_region(chunk.substr(0, last + 1));
    append_carry(chunk.substr(last + 1));
  }

  void finish() {
    if (!carry.empty()) {
      std::string line = std::move(carry);
      carry.clear();
      line.push_back('\n');
      process_region(line);
    }
    assembler.finish();
  }
};

ReportScanner::ReportScanner(ScanOptions options, EventSink on_event)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(on_event))) {}
ReportScanner::~ReportScanner() = default;

void ReportScanner::feed_text(std::string_view chunk) { impl_->feed_text(chunk); }

void ReportScanner::feed_record(std::string_view message, const RecordMeta& meta) {
  Impl& s = *impl_;
  if (!s.assembler.open() && find_anchor(message.data(), message.size()) >= message.size()) {
    s.line_no += 1 + count_newlines(message.data(), message.size());
    return;
  }
  LinePrefix p;
  p.monotonic_s = meta.monotonic_s;
  p.wall = meta.wall;
  p.host = meta.host;
  p.level = meta.level;
  p.kmsg_seq = meta.kmsg_seq;
  p.boot_id = meta.boot_id;
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
