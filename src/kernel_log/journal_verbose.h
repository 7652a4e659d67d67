#pragma once
// `journalctl -o verbose` (with or without `--output-fields=`): each record
// is a cursor line, `Thu 2023-02-02 11:49:13.015489 CET [s=…;i=…;b=…;m=…;
// t=…;x=…]`, then its fields, one indented `KEY=value` line each, MESSAGE=
// among them (normalize_line() reads that one as the record's text). The
// record's time and boot are on the other lines: read here, so the scanner
// gives them to the MESSAGE= line. Pure.
#include <string_view>

#include "kernel_log/prefix.h"

namespace oomlens {

enum class VerboseLine { other, cursor, field };

/// Reads one line of a verbose record into `meta`, setting only what is
/// unset there: a cursor line's `t=` (realtime µs, hex) as `wall` (RFC 3339,
/// UTC) and `b=` as `boot_id`; a field line's `__REALTIME_TIMESTAMP=`,
/// `_SOURCE_MONOTONIC_TIMESTAMP=`, `_BOOT_ID=` and `_HOSTNAME=` (as
/// `journalctl -o json` gives them: take_journal_json()). The cursor's
/// local time with a zone name and its `m=` (journald's reception, not the
/// printk time) are not read. Returns which kind of line it is.
[[nodiscard]] VerboseLine read_verbose_line(std::string_view raw, RecordMeta& meta);

/// Whether `raw` is a record's indented `MESSAGE=` field line.
[[nodiscard]] bool is_message_field(std::string_view raw);

}  // namespace oomlens
