#pragma once
// The run record: append-only JSON Lines (docs/schema/record.schema.json).
//
// Every line is one JSON object with "type": header | sample | event |
// verdict. Each line is written with one write(2) as it is made, so a
// SIGKILL of the job or of oomlens loses nothing already written;
// fdatasync(2) follows events and the verdict. Readers tolerate a partial
// last line (the writer died mid-write) and skip corrupt lines with a note.
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "util/fd.h"
#include "util/result.h"
#include "util/safe_open.h"

namespace oomlens::monitor {

inline constexpr int kRecordSchemaVersion = 1;

class RecordWriter {
 public:
  RecordWriter() = default;
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;

  /// Opens the user-given `path` (util/safe_open.h open_output: never through
  /// a symlink, a regular file, FIFO or /dev/null), emptied. The error says "cannot write record PATH: " and what failed.
  [[nodiscard]] Status open(const std::string& path);
  /// Creates a name oomlens chose (util/safe_open.h create_unique: O_EXCL,
  /// `-N` suffix when taken); path() is the name it took.
  [[nodiscard]] Status create_new(const std::string& path);
  /// The path opened (after create_new: the name taken).
  [[nodiscard]] const std::string& path() const { return path_; }
  /// False for a FIFO or /dev/null: the record cannot be read back.
  [[nodiscard]] bool regular() const { return regular_; }
  /// Appends one line; `sync` adds fdatasync. Write errors are remembered
  /// (first one kept: "record write failed" and its errno) and never stop
  /// the job.
  void write(const nlohmann::json& line, bool sync = false);
  [[nodiscard]] const std::optional<SystemError>& error() const { return error_; }
  [[nodiscard]] uint64_t bytes_written() const { return bytes_; }
  [[nodiscard]] bool is_open() const { return static_cast<bool>(fd_); }

 private:
  /// Keeps what open() or create_new() opened (`opened`), or says its error of the record `path`.
  [[nodiscard]] Status adopt(const std::string& path, Result<OutputFile> opened);

  UniqueFd fd_;
  uint64_t bytes_ = 0;
  std::string path_;
  bool regular_ = true;
  std::optional<SystemError> error_;
};

/// A record read back.
struct Record {
  std::optional<nlohmann::json> header;
  std::vector<nlohmann::json> samples;
  std::vector<nlohmann::json> events;
  std::optional<nlohmann::json> verdict;
  /// `run --restart-on-oom`: one line per attempt, appended to the first
  /// attempt's record after its verdict (run/restart.h).
  std::vector<nlohmann::json> attempts;
  std::vector<std::string> notes;  ///< skipped/partial lines, in words
  /// Sample lines read, all of them. `samples` keeps at most
  /// 2 * kMaxSampleColumns + 1 of them, in time order: past that many, the
  /// reader thins them to columns of `samples_per_column` consecutive
  /// samples and keeps the lowest and the highest of each column by
  /// sample_level() (the peaks and troughs a screen can show), and the last
  /// sample read.
  uint64_t samples_read = 0;
  /// Consecutive samples per column; 1 when every sample is kept.
  uint64_t samples_per_column = 1;
  /// Events not kept (kMaxRecordEvents, kMaxRecordOtherProcessEvents), counted.
  uint64_t events_dropped = 0;
  [[nodiscard]] bool thinned() const { return samples_per_column > 1; }
};

/// Bounds of reading a record back (monitor/record_read.cpp), whatever the
/// input: a longer line, or one nested deeper, is skipped with a note (a
/// nested JSON line costs many times its size once parsed); notes past the
/// first kMaxRecordNotes are counted in one last note; a stream that shows
/// no header line in its first kMaxBytesBeforeHeader bytes (`report
/// /dev/zero`) is not a record, and reading stops there.
inline constexpr size_t kMaxRecordLineBytes = size_t{1} << 20;
inline constexpr size_t kMaxRecordDepth = 64;
inline constexpr size_t kMaxRecordNotes = 20;
inline constexpr uint64_t kMaxBytesBeforeHeader = uint64_t{16} << 20;
/// Columns of thinned samples (twice the plot's 960 pixels' worth of points
/// at most): a record's samples cost at most ~2 * 1024 parsed lines.
inline constexpr size_t kMaxSampleColumns = 1024;
/// Events kept: all of them up to this many; further ones are counted.
inline constexpr size_t kMaxRecordEvents = 20000;
/// process_start/process_exit events of processes in no role of their own
/// (role "other": a fork-heavy job's short-lived children) kept; further
/// ones are counted (the job's main process and workers are always kept,
/// within kMaxRecordEvents).
inline constexpr size_t kMaxRecordOtherProcessEvents = 4096;

/// The level a sample is thinned by, bytes: the cgroup's anon+shmem (what
/// the limit compares), else the tree's PSS; NaN when it has neither.
[[nodiscard]] double sample_level(const nlohmann::json& sample);

/// The number at `path` in a record line (`{"cgroup", "anon_bytes"}`); NaN
/// when a step is not an object, a key is missing or the value is no number.
[[nodiscard]] double record_number(const nlohmann::json& line, std::initializer_list<const char*> path);

/// Parses record text. Never throws: a corrupt line is skipped with a note,
/// a last line without '\n' that does not parse is noted as truncated.
[[nodiscard]] Record parse_record(std::string_view text);
/// Reads and parses FILE line by line (read(2) in 64 KiB chunks, the bounds
/// above). Errors: the open(2) that failed ("cannot read PATH", errno),
/// English: a person's line retranslate()s SystemError::message().
[[nodiscard]] Result<Record> read_record(const std::string& path);

/// The same for the open descriptor `fd` (read to its end, not closed),
/// whose first bytes, `prefix`, were already read from it (report --html
/// looks at them first: a sweep document or a record).
[[nodiscard]] Record read_record_fd(int fd, std::string_view prefix);

/// Nesting depth of the JSON text `line` ([ and { outside strings), counted
/// up to `stop` (pure; the check before parsing).
[[nodiscard]] size_t json_depth(std::string_view line, size_t stop = kMaxRecordDepth + 1);

}  // namespace oomlens::monitor
