#pragma once
// Wall-clock times as logs print them.
#include <optional>
#include <string_view>

namespace oomlens {

/// Parses an RFC 3339 / ISO 8601 time into seconds since the epoch (UTC),
/// with its fraction: `2025-08-12T03:54:03.123456+02:00`, `…Z`, `…+0200`,
/// a space instead of `T`, seconds optional (`2025-08-12 03:54`), or a date
/// alone (`2025-08-12`, midnight). No offset means local time, as syslog and
/// `dmesg -T` print it. nullopt when malformed.
[[nodiscard]] std::optional<double> parse_rfc3339(std::string_view text);

}  // namespace oomlens
