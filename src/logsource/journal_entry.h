#pragma once
// The current sd-journal entry as a kernel record (shared by read_journal()
// and the live JournalFollower). Field mapping as documented in journal.h:
// MESSAGE; _SOURCE_MONOTONIC_TIMESTAMP (else __MONOTONIC_TIMESTAMP) as
// monotonic_s; __REALTIME_TIMESTAMP as RFC 3339 wall time (UTC with `utc`,
// else local time with its offset); _BOOT_ID, _HOSTNAME, PRIORITY.
#include <systemd/sd-journal.h>

#include <string_view>

#include "kernel_log/report_scanner.h"

namespace oomlens {

/// False when the entry has no MESSAGE. *message points into the journal's
/// mapping: valid until the journal moves to another entry.
bool journal_entry_record(sd_journal* j, bool utc, std::string_view* message, RecordMeta* meta);

}  // namespace oomlens
