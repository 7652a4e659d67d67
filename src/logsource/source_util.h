#pragma once
// Small helpers shared by the log readers: errno wording, the advice that
// goes with a permission error, files read through a root path, boot ids and
// RFC 3339 times. All pure except read_boot_id().
#include <cstdint>

#include "util/strerror_tr.h"  // strerror_en, for the readers
#include "util/time.h"  // parse_rfc3339 and format_rfc3339, used with these helpers
#include <optional>
#include <string>
#include <string_view>

namespace oomlens {

// Source errors are English (util/strerror_tr.h strerror_en()): they go into
// JSON too; a text line shows them through retranslate(). The advice below
// is English as well, marked N_() for the same reason.

/// What to tell the user when a log file cannot be opened with EACCES/EPERM.
/// `/var/log/kern.log*`, `/var/log/messages*`, `/var/log/syslog*` are
/// root:adm 0640 on Debian/Ubuntu (rsyslog's $FileGroup adm), so the `adm`
/// group is the least privilege; anything else gets a generic hint.
[[nodiscard]] std::string file_permission_advice(std::string_view path);

/// The advice for EPERM/EACCES on /dev/kmsg. `dmesg_restrict` is the content
/// of /proc/sys/kernel/dmesg_restrict (nullopt when unreadable): with 1 the
/// kernel's devkmsg_open() -> check_syslog_permissions() demands CAP_SYSLOG.
[[nodiscard]] std::string kmsg_permission_advice(std::optional<int> dmesg_restrict);

/// The advice for a journal that cannot be read (journald's files are
/// root:systemd-journal 0640, with an ACL for `adm` on Debian).
[[nodiscard]] std::string journal_permission_advice();

/// The live boot id (proc::read_boot_id() under `root`) in the journal's
/// 32-hex form (proc::normalize_boot_id()), for matching journal and kmsg records.
[[nodiscard]] std::optional<std::string> read_boot_id(std::string_view root);

/// The local time zone's UTC offset (seconds) at a given instant (TZ rules,
/// localtime_r's tm_gmtoff).
[[nodiscard]] int64_t local_utc_offset_s(int64_t epoch_s);



}  // namespace oomlens
