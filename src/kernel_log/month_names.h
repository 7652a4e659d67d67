#pragma once
// Month names in the line prefixes of kernel logs (prefix.cpp): syslog's and
// journalctl's `Mon DD HH:MM:SS`, and `dmesg -T`'s `[Day Mon DD HH:MM:SS YYYY]`.
// Pure functions of string_view.
#include <string_view>

namespace oomlens {

/// 1..12 for a C-locale abbreviation (`Jan` … `Dec`, exactly three letters,
/// case-sensitive), else 0.
[[nodiscard]] int english_month(std::string_view m);

/// 1..12 for a month name as a localized `strftime("%b")` prints it:
/// `dmesg -T` and journalctl's short outputs both use the user's locale
/// (`juil.`, `avril`, `Mär`, `июл`, `7月`, `7월`). Matched by prefix, ASCII
/// case-insensitive; numeric CJK months by their digits. 0 when unknown, and
/// for a token that is no one word of letters (an optional `.` at its end) or
/// has a capital after a small letter (`SetMonitoMay`: a comm glued before a
/// stamp, not `set`, Portuguese September).
[[nodiscard]] int localized_month(std::string_view m);

}  // namespace oomlens
