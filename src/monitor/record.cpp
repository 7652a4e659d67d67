// Run record writer and reader (see record.h).
#include "monitor/record.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "util/safe_open.h"

namespace oomlens::monitor {

RecordWriter::~RecordWriter() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string> RecordWriter::open(const std::string& path) {
  auto f = open_output(path, OutputMode::truncate);
  if (!f) return "cannot write record " + path + ": " + f.error().message();
  fd_ = f->fd;
  path_ = f->path;
  regular_ = f->regular;
  return std::nullopt;
}

std::optional<std::string> RecordWriter::create_new(const std::string& path) {
  auto f = create_unique(path);
  if (!f) return "cannot write record " + path + ": " + f.error().message();
  fd_ = f->fd;
  path_ = f->path;
  regular_ = f->regular;
  return std::nullopt;
}

void RecordWriter::write(const nlohmann::json& line, bool sync) {
  if (fd_ < 0) return;
  std::string s = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  s += '\n';
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd_, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (!error_) error_ = std::string("record write failed: ") + std::strerror(errno);
      return;
    }
    off += static_cast<size_t>(n);
  }
  bytes_ += s.size();
  if (sync) ::fdatasync(fd_);
}

Record parse_record(std::string_view text) {
  Record r;
  size_t pos = 0;
  uint64_t lineno = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    bool complete = eol != std::string_view::npos;
    std::string_view line = text.substr(pos, complete ? eol - pos : std::string_view::npos);
    pos = complete ? eol + 1 : text.size();
    ++lineno;
    if (line.empty()) continue;
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("type") || !j["type"].is_string()) {
      r.notes.push_back(complete ? "line " + std::to_string(lineno) + " is not a record line; skipped"
                                 : "the last line is truncated (the writer was killed mid-line); ignored");
      continue;
    }
    const std::string type = j["type"];
    if (type == "header") {
      if (!r.header) r.header = std::move(j);
    } else if (type == "sample") {
      if (j.contains("t_s") && j["t_s"].is_number()) r.samples.push_back(std::move(j));
      else r.notes.push_back("line " + std::to_string(lineno) + ": sample without t_s; skipped");
    } else if (type == "event") {
      r.events.push_back(std::move(j));
    } else if (type == "verdict") {
      r.verdict = std::move(j);
    } else if (type == "attempt") {
      r.attempts.push_back(std::move(j));
    } else {
      r.notes.push_back("line " + std::to_string(lineno) + ": unknown type '" + type + "'; skipped");
    }
  }
  if (!r.header) r.notes.push_back("no header line: not an oomlens record, or its start is lost");
  return r;
}

std::optional<Record> read_record(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = "cannot read " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_record(ss.str());
}

}  // namespace oomlens::monitor
