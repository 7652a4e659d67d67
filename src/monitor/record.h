#pragma once
// The run record: append-only JSON Lines (docs/schema/record.schema.json).
//
// Every line is one JSON object with "type": header | sample | event |
// verdict. Each line is written with one write(2) as it is made, so a
// SIGKILL of the job or of oomlens loses nothing already written;
// fdatasync(2) follows events and the verdict. Readers tolerate a partial
// last line (the writer died mid-write) and skip corrupt lines with a note.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace oomlens::monitor {

inline constexpr int kRecordSchemaVersion = 1;

class RecordWriter {
 public:
  RecordWriter() = default;
  ~RecordWriter();
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;

  /// Opens the user-given `path` (util/safe_open.h open_output: never through
  /// a symlink, a regular file, FIFO or /dev/null), emptied; error text on failure.
  [[nodiscard]] std::optional<std::string> open(const std::string& path);
  /// Creates a name oomlens chose (util/safe_open.h create_unique: O_EXCL,
  /// `-N` suffix when taken); path() is the name it took.
  [[nodiscard]] std::optional<std::string> create_new(const std::string& path);
  /// The path opened (after create_new: the name taken).
  [[nodiscard]] const std::string& path() const { return path_; }
  /// False for a FIFO or /dev/null: the record cannot be read back.
  [[nodiscard]] bool regular() const { return regular_; }
  /// Appends one line; `sync` adds fdatasync. Write errors are remembered
  /// (first one kept) and never stop the job.
  void write(const nlohmann::json& line, bool sync = false);
  [[nodiscard]] const std::optional<std::string>& error() const { return error_; }
  [[nodiscard]] uint64_t bytes_written() const { return bytes_; }
  [[nodiscard]] bool is_open() const { return fd_ >= 0; }

 private:
  int fd_ = -1;
  uint64_t bytes_ = 0;
  std::string path_;
  bool regular_ = true;
  std::optional<std::string> error_;
};

/// A record read back.
struct Record {
  std::optional<nlohmann::json> header;
  std::vector<nlohmann::json> samples;
  std::vector<nlohmann::json> events;
  std::optional<nlohmann::json> verdict;
  /// `run --restart-on-oom`: one line per attempt, appended to the first
  /// attempt's record after its verdict (supervise/restart.h).
  std::vector<nlohmann::json> attempts;
  std::vector<std::string> notes;  ///< skipped/partial lines, in words
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

/// Parses record text. Never throws: a corrupt line is skipped with a note,
/// a last line without '\n' that does not parse is noted as truncated.
[[nodiscard]] Record parse_record(std::string_view text);
/// Reads and parses FILE line by line (read(2) in 64 KiB chunks, the bounds
/// above); nullopt with *error when unreadable.
[[nodiscard]] std::optional<Record> read_record(const std::string& path, std::string* error);

/// Nesting depth of the JSON text `line` ([ and { outside strings), counted
/// up to `stop` (pure; the check before parsing).
[[nodiscard]] size_t json_depth(std::string_view line, size_t stop = kMaxRecordDepth + 1);

}  // namespace oomlens::monitor
