#pragma once
// The systemd journal: kernel messages that journald read from /dev/kmsg
// (_TRANSPORT=kernel), across boots, through libsystemd's sd-journal.
//
// Each kernel entry becomes sink.record(MESSAGE, meta) with:
//  - meta.monotonic_s: _SOURCE_MONOTONIC_TIMESTAMP (the printk time, µs) / 1e6,
//    else __MONOTONIC_TIMESTAMP (when journald received it) / 1e6;
//  - meta.wall: __REALTIME_TIMESTAMP as RFC 3339 with microseconds, in the
//    local time zone with its numeric offset (`2023-11-14T23:13:20.000000+01:00`),
//    the way syslog files show local time; JournalOptions::utc gives `…Z`;
//  - meta.boot_id: _BOOT_ID (32 lowercase hex digits); meta.host: _HOSTNAME;
//  - meta.level: PRIORITY (0..7).
// A multi-line MESSAGE stays one record. Never calls sink.end().
// JournalOptions::programs adds some user-space programs' entries as
// sink.program_line() (kProgramIdentifiers).
//
// Outcomes:
//  - no journal at all (no *.journal under <root>/var/log/journal or
//    <root>/run/log/journal): not an error; used = false and a note.
//  - journal files that exist but none can be opened: error EACCES
//    ("Permission denied") with journal_permission_advice(); some
//    unreadable: a note.
//  - a corrupt file or a read error mid-way: what was read is kept, a note.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "logsource/source.h"

namespace oomlens {

/// Which boot(s) to read, as journalctl's `--boot` takes them.
struct BootSelector {
  enum class Kind {
    relative,  ///< `offset` relative to the current boot: 0 current, -1 previous, …
    absolute,  ///< `offset` counted from the oldest boot in the journal: 1 = oldest
    id,        ///< a boot id
  };
  Kind kind = Kind::relative;
  int offset = 0;
  std::string id;  ///< normalized (32 lowercase hex), for Kind::id

  static BootSelector current() { return {}; }
  static BootSelector previous(int n = 1) { return {Kind::relative, -n, {}}; }
};

/// Parses a `--boot` value: "" or "0" (current), "-N" (N boots before the
/// current), "N" > 0 (Nth boot from the oldest), or a boot id (32 hex
/// digits, dashes allowed). nullopt when it is none of these; "all" is the
/// caller's business (an empty selector list).
[[nodiscard]] std::optional<BootSelector> parse_boot_selector(std::string_view text);

/// One boot in the journal.
struct JournalBoot {
  std::string boot_id;              ///< 32 lowercase hex
  uint64_t first_realtime_usec = 0; ///< time of its first entry (any transport)
};

/// The pure part of boot selection. `boots` are ordered oldest first.
/// `anchor` is "the current boot": the live boot id when reading the
/// system's own journal; nullopt for other journals (--file, --directory),
/// where the latest boot in them counts as current. When the anchor is not in
/// the journal (journald did not log this boot), it counts as one past the
/// latest, so -1 is still the latest boot logged. Selectors that name no boot
/// add a note and select nothing. Returns the boot ids to read, deduplicated.
[[nodiscard]] std::vector<std::string> resolve_boots(const std::vector<JournalBoot>& boots,
                                                     const std::optional<std::string>& anchor,
                                                     const std::vector<BootSelector>& selectors,
                                                     std::vector<std::string>* notes = nullptr);

struct JournalOptions {
  /// Root of the system's files: `<root>/var/log/journal`, `<root>/run/log/journal`
  /// and `<root>/proc/sys/kernel/random/boot_id` (the current boot).
  /// With "/" and no files/directory, the system journal is opened with
  /// sd_journal_open(SD_JOURNAL_LOCAL_ONLY), as journalctl does.
  std::string root = "/";
  /// Explicit journal files (sd_journal_open_files), by content (any name).
  std::vector<std::string> files;
  /// An explicit journal directory (sd_journal_open_directory): its
  /// *.journal files and those of its machine-id subdirectories. One that
  /// holds none is an error ("holds no journal files").
  std::string directory;
  /// Boots to read; empty = all boots.
  std::vector<BootSelector> boots;
  /// meta.wall in UTC (`Z`) instead of local time with offset.
  bool utc = false;
  /// Also the entries of kProgramIdentifiers, each line of their MESSAGE as
  /// sink.program_line(`<wall> <host> <identifier>[<pid>]: <line>`), wall
  /// as meta.wall, `<host> ` and `[<pid>]` (_PID, else SYSLOG_PID) left out
  /// when not logged; in journal order among the kernel's records. Not
  /// counted in SourceResult::records.
  bool programs = false;
};

/// The user-space programs whose journal entries JournalOptions::programs
/// reads (SYSLOG_IDENTIFIER): the killers (earlyoom, systemd-oomd, nohang)
/// and systemd, whose units' `Failed with result 'oom-kill'`, `… killed by
/// the OOM killer` and `systemd-oomd killed N process(es) in this unit`
/// tell of OOM kills (diagnose/userspace_evidence.h reads those lines).
inline constexpr std::string_view kProgramIdentifiers[] = {"earlyoom", "systemd-oomd", "nohang", "systemd"};

/// What a FILE argument is: a journal file (it starts with the journal
/// magic `LPKSHHRH`, whatever its name), a directory (read as a journal
/// directory, as `journalctl --directory` reads one), or other (a log file).
enum class JournalInput { other, file, directory };
[[nodiscard]] JournalInput journal_input_kind(const std::string& path);

/// Reads the kernel entries of the selected boots, oldest first (with
/// JournalOptions::programs, those programs' entries too).
/// SourceResult::name is "journal"; records counts kernel entries delivered.
[[nodiscard]] SourceResult read_journal(const JournalOptions& options, LogSink& sink);

/// The boots of a journal, oldest first (for `--list-boots`-like output and
/// for tests); empty when it cannot be opened.
[[nodiscard]] std::vector<JournalBoot> list_journal_boots(const JournalOptions& options);

}  // namespace oomlens
