#pragma once
// Log sources: where kernel log text comes from (read layer).
//
// Each reader pushes what it reads into a LogSink and returns how it went;
// none parses OOM reports itself. Every reader takes a root path or an
// explicit file so tests run on fixture trees.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/report_scanner.h"
#include "util/result.h"
#include "util/strerror_tr.h"

namespace oomlens {

/// Where readers deliver what they read. ScannerSink forwards to a
/// ReportScanner; tests use a recording sink.
class LogSink {
 public:
  virtual ~LogSink() = default;
  /// Raw log text with prefixes (files, stdin); chunks may split lines anywhere.
  virtual void text(std::string_view chunk) = 0;
  /// One kernel record without prefix (kmsg, journal); may hold embedded newlines.
  virtual void record(std::string_view message, const RecordMeta& meta) = 0;
  /// Whether record() uses the metadata of a record holding `message`: a
  /// reader whose metadata costs (the journal formats times and hosts)
  /// passes an empty RecordMeta when not. Default: always.
  virtual bool wants_meta(std::string_view message) {
    (void)message;
    return true;
  }
  /// The '\n' bytes of all text() chunks so far, when the sink counts them
  /// anyway (a ReportScanner numbers every line it reads): a reader that
  /// reports its line count takes the difference over its own text() calls
  /// instead of passing over the text a second time. nullopt: not counted.
  [[nodiscard]] virtual std::optional<uint64_t> text_newlines() const { return std::nullopt; }
  /// One line of a user-space program that tells of memory trouble beside
  /// the kernel's records (a journal's earlyoom, systemd-oomd, nohang or
  /// systemd entry, read only with JournalOptions::programs), as a syslog
  /// line: `<RFC 3339 time> <host> <identifier>[<pid>]: <message line>`.
  /// Never a kernel record. Default: ignored.
  virtual void program_line(std::string_view line) { (void)line; }
  /// Records were lost (kmsg EPIPE, journal rotation).
  virtual void gap(std::string_view why) = 0;
  /// The input of this sink is complete.
  virtual void end() = 0;
};

class ScannerSink final : public LogSink {
 public:
  explicit ScannerSink(ReportScanner& scanner) : scanner_(scanner) {}
  void text(std::string_view chunk) override { scanner_.feed_text(chunk); }
  void record(std::string_view message, const RecordMeta& meta) override {
    scanner_.feed_record(message, meta);
  }
  bool wants_meta(std::string_view message) override { return scanner_.wants_record(message); }
  std::optional<uint64_t> text_newlines() const override { return scanner_.text_newlines(); }
  void gap(std::string_view why) override { scanner_.note_gap(why); }
  void end() override { scanner_.finish(); }

 private:
  ReportScanner& scanner_;
};

/// The outcome of reading one source.
struct SourceResult {
  std::string name;          ///< "kmsg", "journal", "/var/log/kern.log.2.gz", "-"
  bool used = false;         ///< something was read from it
  uint64_t records = 0;      ///< lines or records read
  /// Why it could not be read: the errno (EACCES, ...; 0 for a failure
  /// that is not a system call's, e.g. a corrupt file), `what` failed
  /// beyond opening `name` (empty: opening it; "/var/log/journal": that
  /// directory) and `advice`, what fixes it (sudo, the `adm` group, ...).
  std::optional<SystemError> error;
  std::vector<std::string> notes;  ///< e.g. "records 1200-1260 were overwritten (EPIPE)"
};

/// `error` as explain prints it after "NAME: " and its JSON's `error`
/// field: `what` and the errno text, without the advice ("Permission
/// denied", "/var/log/journal: No such file or directory"). English.
[[nodiscard]] inline std::string source_error_text(const SystemError& error) {
  if (error.errnum == 0) return error.what;
  return error.what.empty() ? strerror_en(error.errnum) : error.what + ": " + strerror_en(error.errnum);
}

/// The reader's error said of `source` ("/dev/kmsg: Permission denied
/// (advice)" as message()): for a reader whose open() returned false.
[[nodiscard]] inline SystemError source_error(std::string_view source, const SourceResult& r) {
  if (!r.error) return SystemError{0, std::string(source) + ": cannot be opened"};
  const SystemError& e = *r.error;
  return SystemError{e.errnum, e.what.empty() ? std::string(source) : std::string(source) + ": " + e.what, e.advice};
}

}  // namespace oomlens
