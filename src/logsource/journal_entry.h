#pragma once
// The current sd-journal entry as a kernel record (shared by read_journal()
// and the live JournalFollower). Field mapping as documented in journal.h:
// MESSAGE; _SOURCE_MONOTONIC_TIMESTAMP (else __MONOTONIC_TIMESTAMP) as
// monotonic_s; __REALTIME_TIMESTAMP as RFC 3339 wall time (UTC with `utc`,
// else local time with its offset); the boot id of the entry's header
// (what _BOOT_ID holds); _HOSTNAME; PRIORITY.
//
// Cost: one pass over the entry's fields (sd_journal_enumerate_available_data),
// keeping MESSAGE, _HOSTNAME, PRIORITY and _SOURCE_MONOTONIC_TIMESTAMP. The
// wall time, boot id and host strings of RecordMeta are made only by meta(),
// which readers call only for records their sink wants
// (LogSink::wants_meta(): the lines of a candidate report).
#include <systemd/sd-journal.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "logsource/source.h"

namespace oomlens {

class JournalEntryReader {
 public:
  explicit JournalEntryReader(bool utc) : utc_(utc) {}
  /// Reads the current entry's fields in one pass. False when it has no
  /// MESSAGE (or a field cannot be read).
  bool read(sd_journal* j);
  /// MESSAGE of the last read(); valid until the next read().
  [[nodiscard]] std::string_view message() const { return message_; }
  /// The last read() entry's metadata; reads the entry header (realtime,
  /// monotonic, boot id) of the entry `j` is at.
  [[nodiscard]] RecordMeta meta(sd_journal* j) const;
  /// read(), then sink.record() with meta() when the sink wants it (an
  /// empty RecordMeta otherwise). False when the entry has no MESSAGE.
  bool deliver(sd_journal* j, LogSink& sink);

 private:
  bool utc_;
  std::string message_;  // copied: a compressed field's buffer is reused by the next field
  std::string host_;
  bool has_host_ = false;
  std::optional<uint64_t> source_monotonic_usec_;
  std::optional<int> priority_;
};

}  // namespace oomlens
