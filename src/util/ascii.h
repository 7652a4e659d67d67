#pragma once
// ASCII classes of one byte, for the parsers and the readers: used instead
// of <cctype>, whose std::isdigit/isspace/... are undefined for a negative
// char (any UTF-8 byte past ASCII) and answer by the locale. text.h has the
// first two (is_digit, and is_space: a line's blanks) and the ASCII case.
#include <algorithm>
#include <string_view>

#include "util/text.h"

namespace oomlens::text {

/// std::isspace's set in the C locale: space, \t, \n, \v, \f, \r.
inline bool is_c_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
inline bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }
/// Which hex digits hex_value() accepts: either case, or only `A`..`F`
/// (quoted-printable, RFC 2045 6.7: "Uppercase letters must be used").
enum class HexCase { any, upper };
/// The value (0..15) of the hex digit `c`; -1 when `c` is none.
inline constexpr int hex_value(char c, HexCase letters = HexCase::any) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (letters == HexCase::any && c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}
inline bool is_xdigit(char c) { return hex_value(c) >= 0; }
/// `s` is one or more decimal digits and nothing else (no sign, no blank).
inline bool all_digits(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), is_digit); }

}  // namespace oomlens::text
