// Reading a run record back, line by line and within bounds (record.h).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>

#include <fmt/core.h>

#include "monitor/record.h"
#include "util/i18n.h"
#include "util/fd.h"

namespace oomlens::monitor {
namespace {

/// Samples in bounded memory (Record::samples_read): the newest sample is
/// held apart (always kept); the others go into columns of `per_col_`
/// consecutive samples, each column keeping its lowest and highest by
/// sample_level(); past kMaxSampleColumns columns, neighbours merge in pairs
/// and `per_col_` doubles.
class SampleThinner {
 public:
  void add(nlohmann::json j) {
    if (newest_) to_columns(std::move(*newest_));
    newest_ = std::move(j);
  }
  /// The kept samples in time order; `per_column` the column width.
  std::vector<nlohmann::json> finish(uint64_t* per_column) {
    std::vector<nlohmann::json> out;
    for (auto& c : cols_)
      for (auto& k : c.kept) out.push_back(std::move(k.j));
    if (newest_) out.push_back(std::move(*newest_));
    *per_column = per_col_;
    return out;
  }

 private:
  struct Kept {
    double level;
    nlohmann::json j;
  };
  struct Column {
    std::vector<Kept> kept;  ///< at most 2, time order
    uint64_t n = 0;
  };
  /// Keeps the lowest and the highest (first of equals) of `v`, in order;
  /// the first when no level is known.
  static void reduce(std::vector<Kept>& v) {
    if (v.size() <= 2) return;
    size_t lo = SIZE_MAX, hi = SIZE_MAX;
    for (size_t i = 0; i < v.size(); ++i) {
      if (!std::isfinite(v[i].level)) continue;
      if (lo == SIZE_MAX || v[i].level < v[lo].level) lo = i;
      if (hi == SIZE_MAX || v[i].level > v[hi].level) hi = i;
    }
    std::vector<Kept> r;
    if (lo == SIZE_MAX) {
      r.push_back(std::move(v[0]));
    } else {
      size_t a = std::min(lo, hi), b = std::max(lo, hi);
      r.push_back(std::move(v[a]));
      if (b != a) r.push_back(std::move(v[b]));
    }
    v = std::move(r);
  }
  void to_columns(nlohmann::json j) {
    if (cols_.empty() || cols_.back().n >= per_col_) cols_.emplace_back();
    Column& c = cols_.back();
    ++c.n;
    const double level = sample_level(j);
    c.kept.push_back({level, std::move(j)});
    reduce(c.kept);
    if (cols_.size() <= kMaxSampleColumns) return;
    std::vector<Column> merged;
    merged.reserve(cols_.size() / 2 + 1);
    for (size_t i = 0; i < cols_.size(); i += 2) {
      Column m = std::move(cols_[i]);
      if (i + 1 < cols_.size()) {
        for (auto& k : cols_[i + 1].kept) m.kept.push_back(std::move(k));
        m.n += cols_[i + 1].n;
      }
      reduce(m.kept);
      merged.push_back(std::move(m));
    }
    cols_ = std::move(merged);
    per_col_ *= 2;
  }

  std::vector<Column> cols_;
  uint64_t per_col_ = 1;
  std::optional<nlohmann::json> newest_;
};

/// One line at a time into a Record (the parser behind parse_record and read_record).
class RecordBuilder {
 public:
  void line(std::string_view line, bool complete) {
    ++lineno_;
    if (line.empty()) return;
    if (json_depth(line) > kMaxRecordDepth) {
      note(fmt::format(N_("line {} is nested deeper than {} levels; skipped"), lineno_, kMaxRecordDepth));
      return;
    }
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("type") || !j["type"].is_string()) {
      note(complete ? fmt::format(N_("line {} is not a record line; skipped"), lineno_)
                    : std::string(N_("the last line is truncated (the writer was killed mid-line); ignored")));
      return;
    }
    const std::string type = j["type"];
    if (type == "header") {
      if (!r_.header) r_.header = std::move(j);
    } else if (type == "sample") {
      if (j.contains("t_s") && j["t_s"].is_number()) {
        ++r_.samples_read;
        samples_.add(std::move(j));
      } else {
        note(fmt::format(N_("line {}: sample without t_s; skipped"), lineno_));
      }
    } else if (type == "event") {
      event(std::move(j));
    } else if (type == "verdict") {
      r_.verdict = std::move(j);
    } else if (type == "attempt") {
      r_.attempts.push_back(std::move(j));
    } else {
      note(fmt::format(N_("line {}: unknown type '{}'; skipped"), lineno_, type.substr(0, 64)));
    }
  }
  /// A line longer than kMaxRecordLineBytes (its bytes were not kept).
  void overlong() {
    ++lineno_;
    note(fmt::format(N_("line {} is longer than {} MiB; skipped"), lineno_, kMaxRecordLineBytes >> 20));
  }
  void note(std::string n) {
    if (r_.notes.size() < kMaxRecordNotes) r_.notes.push_back(std::move(n));
    else ++dropped_notes_;
  }
  [[nodiscard]] bool has_header() const { return r_.header.has_value(); }
  Record finish() {
    r_.samples = samples_.finish(&r_.samples_per_column);
    if (dropped_notes_) r_.notes.push_back(fmt::format(N_("{} more notes like these"), dropped_notes_));
    if (r_.thinned())  // not capped with the notes above: these two say what is missing
      r_.notes.push_back(fmt::format(
          N_("{} samples thinned to {} for display: the lowest and the highest of every {} in a row kept"),
          r_.samples_read, r_.samples.size(), r_.samples_per_column));
    if (r_.events_dropped)
      r_.notes.push_back(fmt::format(
          N_("{} events not kept (more than {} events, or {} starts and exits of other processes)"), r_.events_dropped,
          kMaxRecordEvents, kMaxRecordOtherProcessEvents));
    if (!r_.header) r_.notes.push_back(N_("no header line: not an oomlens record, or its start is lost"));
    return std::move(r_);
  }

 private:
  void event(nlohmann::json j) {
    if (r_.events.size() >= kMaxRecordEvents) {
      ++r_.events_dropped;
      return;
    }
    auto kind = j.find("kind");
    if (kind != j.end() && kind->is_string() && (*kind == "process_start" || *kind == "process_exit")) {
      auto role = j.find("role");
      const bool other = role == j.end() || !role->is_string() || (*role != "main" && *role != "worker");
      if (other && other_process_events_ >= kMaxRecordOtherProcessEvents) {
        ++r_.events_dropped;
        return;
      }
      if (other) ++other_process_events_;
    }
    r_.events.push_back(std::move(j));
  }

  Record r_;
  SampleThinner samples_;
  uint64_t lineno_ = 0, dropped_notes_ = 0, other_process_events_ = 0;
};

}  // namespace

double record_number(const nlohmann::json& line, std::initializer_list<const char*> path) {
  const nlohmann::json* p = &line;
  for (const char* k : path) {
    if (!p->is_object()) return NAN;
    auto it = p->find(k);
    if (it == p->end()) return NAN;
    p = &*it;
  }
  return p->is_number() ? p->get<double>() : NAN;
}

double sample_level(const nlohmann::json& sample) {
  if (!sample.is_object()) return NAN;
  const double anon = record_number(sample, {"cgroup", "anon_bytes"});
  if (std::isfinite(anon)) {
    const double shmem = record_number(sample, {"cgroup", "shmem_bytes"});
    return anon + (std::isfinite(shmem) ? shmem : 0);
  }
  return record_number(sample, {"tree", "pss_bytes"});
}

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

namespace {

/// The record on `fd` (not closed), after the `prefix` already read from it.
Record read_stream(int fd, std::string_view prefix) {
  RecordBuilder b;
  std::string carry;        // the line being read, at most kMaxRecordLineBytes
  bool skipping = false;    // inside an overlong line: drop bytes up to its '\n'
  uint64_t total = 0;
  auto feed = [&](std::string_view chunk) {
    total += chunk.size();
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
      b.note(fmt::format(N_("no header line in the first {} MiB; stopped reading"), kMaxBytesBeforeHeader >> 20));
      carry.clear();
      skipping = false;
      return false;
    }
    return true;
  };
  bool more = true;
  for (size_t at = 0; more && at < prefix.size(); at += 64 * 1024) more = feed(prefix.substr(at, 64 * 1024));
  char buf[64 * 1024];
  while (more) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      b.note(fmt::format(N_("read error: {}; the rest of the record is not read"), std::strerror(errno)));
      break;
    }
    if (n == 0) break;
    more = feed(std::string_view(buf, static_cast<size_t>(n)));
  }
  if (!carry.empty() && !skipping) b.line(carry, false);
  return b.finish();
}

}  // namespace

Record read_record_fd(int fd, std::string_view prefix) { return read_stream(fd, prefix); }

Result<Record> read_record(const std::string& path) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) {
    const int e = errno;
    return system_error("cannot read " + path, e);
  }
  return read_stream(fd.get(), {});
}

}  // namespace oomlens::monitor
