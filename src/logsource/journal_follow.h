#pragma once
// Following the systemd journal live (`oomlens watch --source journal`):
// the kernel's messages (_TRANSPORT=kernel) as journald stores them, for
// machines where /dev/kmsg is not readable but the journal is (containers
// given /var/log/journal, `systemd-journal` group members).
//
// sd-journal keeps an inotify watch on the journal directories:
// sd_journal_process() picks up new entries, rotated files (journald renames
// system.journal to system@….journal and starts a new one) and new files, so
// rotation needs nothing from the caller. Entries are delivered as
// sink.record(MESSAGE, meta) exactly as read_journal() does (journal_entry.h);
// there is no kmsg sequence number. A read error (a corrupt or truncated file)
// calls sink.gap(…) and following continues. Never calls sink.end().
#include <cstdint>
#include <string>
#include <vector>

#include "logsource/source.h"

typedef struct sd_journal sd_journal;

namespace oomlens {

struct JournalFollowOptions {
  /// "/" = the system journal (sd_journal_open, local only); another root is
  /// opened as an OS tree (SD_JOURNAL_OS_ROOT).
  std::string root = "/";
  /// A journal directory instead (sd_journal_open_directory), e.g. for tests.
  std::string directory;
  /// Deliver the entries already there (true) or only new ones (false).
  bool from_start = false;
  bool utc = false;  ///< meta.wall in UTC
};

class JournalFollower {
 public:
  explicit JournalFollower(JournalFollowOptions options);
  ~JournalFollower();
  JournalFollower(const JournalFollower&) = delete;
  JournalFollower& operator=(const JournalFollower&) = delete;

  /// Opens the journal and positions at its end (or start). False with
  /// result().error/advice when it cannot be opened.
  [[nodiscard]] bool open();
  /// The inotify descriptor to poll for POLLIN (-1 when not open).
  [[nodiscard]] int fd() const { return fd_; }
  /// Processes inotify events and delivers every new kernel entry; returns
  /// how many it delivered.
  uint64_t read_available(LogSink& sink);
  /// Name "journal", records delivered, error/advice, notes (read errors).
  [[nodiscard]] SourceResult result() const { return result_; }

 private:
  JournalFollowOptions options_;
  sd_journal* j_ = nullptr;
  int fd_ = -1;
  SourceResult result_;
};

}  // namespace oomlens
