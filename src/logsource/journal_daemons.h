#pragma once
// Userspace OOM killers' messages in the systemd journal, for `oomlens run`'s
// verdict (parsed by diagnose/killer_daemon_log.h): entries whose
// SYSLOG_IDENTIFIER is earlyoom, systemd-oomd or nohang, between two
// CLOCK_REALTIME instants, oldest first, via libsystemd's sd-journal
// (sd_journal_open(SD_JOURNAL_LOCAL_ONLY), the way journalctl reads the
// system journal).
//
// No journal, or one oomlens may not read (not root and not in the
// systemd-journal/adm group): not an error for the caller; `note` says why
// nothing was read, and the verdict falls back to naming running daemons.
#include <cstdint>
#include <string>
#include <vector>

namespace oomlens {

struct DaemonMessage {
  std::string identifier;  ///< SYSLOG_IDENTIFIER: "earlyoom", "systemd-oomd", "nohang"
  std::string message;     ///< MESSAGE
  uint64_t realtime_usec = 0;
};

struct DaemonMessages {
  std::vector<DaemonMessage> messages;
  bool read = false;  ///< false: no journal could be read (see note)
  std::string note;
};

/// Entries in [since_usec, until_usec] (CLOCK_REALTIME µs), at most
/// `max_entries` (the oldest are kept; a flood cannot hold the verdict up).
[[nodiscard]] DaemonMessages read_killer_daemon_messages(uint64_t since_usec, uint64_t until_usec,
                                                         size_t max_entries = 10000);

}  // namespace oomlens
