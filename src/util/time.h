#pragma once
// Wall-clock times as logs print them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace oomlens {

/// Parses an RFC 3339 / ISO 8601 time into seconds since the epoch (UTC),
/// with its fraction: `2025-08-12T03:54:03.123456+02:00`, `…Z`, `…+0200`,
/// a space instead of `T`, seconds optional (`2025-08-12 03:54`), or a date
/// alone (`2025-08-12`, midnight). No offset means local time, as syslog and
/// `dmesg -T` print it. nullopt when malformed.
[[nodiscard]] std::optional<double> parse_rfc3339(std::string_view text);

/// RFC 3339 for a CLOCK_REALTIME time in µs, the journal's and the kernel's
/// unit: the time at the UTC offset `utc_offset_s` (seconds) with
/// `fraction_digits` (1 to 6, truncated) of the second. Offset 0 gives
/// `2023-11-14T22:13:20.123456Z` (3 digits: `….123Z`), 3600 gives
/// `2023-11-14T23:13:20.123456+01:00`. Empty when gmtime_r(3) cannot
/// represent the year.
[[nodiscard]] std::string format_rfc3339(uint64_t realtime_usec, int64_t utc_offset_s = 0, int fraction_digits = 6);

}  // namespace oomlens
