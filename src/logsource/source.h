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
  std::optional<std::string> error;   ///< why it could not be read (e.g. "Permission denied")
  std::optional<std::string> advice;  ///< what fixes that (sudo, `adm` group, …)
  std::vector<std::string> notes;     ///< e.g. "records 1200-1260 were overwritten (EPIPE)"
};

}  // namespace oomlens
