// Reading a run record back, line by line and within bounds (record.h).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "monitor/record.h"

namespace oomlens::monitor {
namespace {

/// One line at a time into a Record (the parser behind parse_record and read_record).
class RecordBuilder {
 public:
  void line(std::string_view line, bool complete) {
    ++lineno_;
    if (line.empty()) return;
    if (json_depth(line) > kMaxRecordDepth) {
      note("line " + std::to_string(lineno_) + " is nested deeper than " + std::to_string(kMaxRecordDepth) +
           " levels; skipped");
      return;
    }
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("type") || !j["type"].is_string()) {
      note(complete ? "line " + std::to_string(lineno_) + " is not a record line; skipped"
                    : "the last line is truncated (the writer was killed mid-line); ignored");
      return;
    }
    const std::string type = j["type"];
    if (type == "header") {
      if (!r_.header) r_.header = std::move(j);
    } else if (type == "sample") {
      if (j.contains("t_s") && j["t_s"].is_number()) r_.samples.push_back(std::move(j));
      else note("line " + std::to_string(lineno_) + ": sample without t_s; skipped");
    } else if (type == "event") {
      r_.events.push_back(std::move(j));
    } else if (type == "verdict") {
      r_.verdict = std::move(j);
    } else if (type == "attempt") {
      r_.attempts.push_back(std::move(j));
    } else {
      note("line " + std::to_string(lineno_) + ": unknown type '" + type.substr(0, 64) + "'; skipped");
    }
  }
  /// A line longer than kMaxRecordLineBytes (its bytes were not kept).
  void overlong() {
    ++lineno_;
    note("line " + std::to_string(lineno_) + " is longer than " + std::to_string(kMaxRecordLineBytes >> 20) +
         " MiB; skipped");
  }
  void note(std::string n) {
    if (r_.notes.size() < kMaxRecordNotes) r_.notes.push_back(std::move(n));
    else ++dropped_notes_;
  }
  [[nodiscard]] bool has_header() const { return r_.header.has_value(); }
  Record finish() {
    if (dropped_notes_) r_.notes.push_back(std::to_string(dropped_notes_) + " more notes like these");
    if (!r_.header) r_.notes.push_back("no header line: not an oomlens record, or its start is lost");
    return std::move(r_);
  }

 private:
  Record r_;
  uint64_t lineno_ = 0, dropped_notes_ = 0;
};

}  // namespace

size_t json_depth(std::string_view line, size_t stop) {
  size_t depth = 0, max = 0;
  bool in_string = false, escaped = false;
  for (char c : line) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max && (max = depth) >= stop) return max;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return max;
}

Record parse_record(std::string_view text) {
  RecordBuilder b;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    bool complete = eol != std::string_view::npos;
    std::string_view line = text.substr(pos, complete ? eol - pos : std::string_view::npos);
    pos = complete ? eol + 1 : text.size();
    if (line.size() > kMaxRecordLineBytes) b.overlong();
    else b.line(line, complete);
  }
  return b.finish();
}

std::optional<Record> read_record(const std::string& path, std::string* error) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = "cannot read " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  RecordBuilder b;
  std::string carry;        // the line being read, at most kMaxRecordLineBytes
  bool skipping = false;    // inside an overlong line: drop bytes up to its '\n'
  uint64_t total = 0;
  char buf[64 * 1024];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      b.note(std::string("read error: ") + std::strerror(errno) + "; the rest of the record is not read");
      break;
    }
    if (n == 0) break;
    total += static_cast<uint64_t>(n);
    std::string_view chunk(buf, static_cast<size_t>(n));
    while (!chunk.empty()) {
      size_t eol = chunk.find('\n');
      std::string_view part = chunk.substr(0, eol);
      chunk = eol == std::string_view::npos ? std::string_view() : chunk.substr(eol + 1);
      if (!skipping && carry.size() + part.size() > kMaxRecordLineBytes) {
        skipping = true;
        carry.clear();
        carry.shrink_to_fit();
        b.overlong();
      }
      if (!skipping) carry.append(part);
      if (eol == std::string_view::npos) break;
      if (!skipping) b.line(carry, true);
      carry.clear();
      skipping = false;
    }
    if (!b.has_header() && total > kMaxBytesBeforeHeader) {
      b.note("no header line in the first " + std::to_string(kMaxBytesBeforeHeader >> 20) + " MiB; stopped reading");
      carry.clear();
      skipping = false;
      break;
    }
  }
  ::close(fd);
  if (!carry.empty() && !skipping) b.line(carry, false);
  return b.finish();
}

}  // namespace oomlens::monitor
