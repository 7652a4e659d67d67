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
  /// `transport`: read() also reads _TRANSPORT (kernel()).
  explicit JournalEntryReader(bool utc, bool transport = false) : utc_(utc), transport_(transport) {}
  /// Reads the current entry's fields in one pass. False when it has no
  /// MESSAGE (or a field cannot be read).
  bool read(sd_journal* j);
  /// Whether the last read() entry came from the kernel (_TRANSPORT=kernel);
  /// true when the reader does not read _TRANSPORT.
  [[nodiscard]] bool kernel() const { return kernel_; }
  /// The last read() entry of a user-space program as program_line()s (one
  /// per line of its MESSAGE, journal.h JournalOptions::programs).
  void deliver_program(sd_journal* j, LogSink& sink) const;
  /// MESSAGE of the last read(); valid until the next read().
  [[nodiscard]] std::string_view message() const { return message_; }
  /// The last read() entry's metadata; reads the entry header (realtime,
  /// monotonic, boot id) of the entry `j` is at.
  [[nodiscard]] RecordMeta meta(sd_journal* j) const;
  /// The last read() entry as sink.record(), with meta() when the sink
  /// wants it (an empty RecordMeta otherwise).
  void deliver_read(sd_journal* j, LogSink& sink) const;
  /// read(), then deliver_read(). False when the entry has no MESSAGE.
  bool deliver(sd_journal* j, LogSink& sink);

 private:
  bool utc_;
  bool transport_;
  bool kernel_ = true;
  std::string message_;  // copied: a compressed field's buffer is reused by the next field
  std::string host_;
  bool has_host_ = false;
  std::optional<uint64_t> source_monotonic_usec_;
  std::optional<int> priority_;
};

}  // namespace oomlens
