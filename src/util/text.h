#pragma once
// The text toolkit (util/): trimming, prefixes, lines, numbers and sizes
// over std::string_view, for the parsers and the readers alike.
// No locale, no regex: these run on every line of an open report and must
// never throw or read past the view. Nothing allocates but ascii_lower()'s
// owned copy.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace oomlens::text {

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

inline std::string_view trim_left(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && is_space(s[i])) ++i;
  return s.substr(i);
}
inline std::string_view trim_right(std::string_view s) {
  size_t n = s.size();
  while (n > 0 && (is_space(s[n - 1]) || s[n - 1] == '\n')) --n;
  return s.substr(0, n);
}
inline std::string_view trim(std::string_view s) { return trim_right(trim_left(s)); }

inline bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
inline bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

/// ASCII case only: `A`..`Z` to `a`..`z`, every other byte (UTF-8 too) kept.
/// Never std::tolower on a char: it depends on the locale (and is undefined
/// for a negative char).
inline constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
/// `s` with its ASCII capitals lowered, an owned copy.
inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii_lower(c);
  return out;
}
/// `a` and `b` are equal ignoring ASCII case.
inline bool equals_ascii_ci(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return ascii_lower(x) == ascii_lower(y); });
}
/// `s` starts (ends) with `p` ignoring ASCII case.
inline bool starts_with_ascii_ci(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && equals_ascii_ci(s.substr(0, p.size()), p);
}
inline bool ends_with_ascii_ci(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && equals_ascii_ci(s.substr(s.size() - p.size()), p);
}
/// `needle` occurs in `hay` ignoring ASCII case (an empty needle always does).
inline bool contains_ascii_ci(std::string_view hay, std::string_view needle) {
  return std::search(hay.begin(), hay.end(), needle.begin(), needle.end(),
                     [](char x, char y) { return ascii_lower(x) == ascii_lower(y); }) != hay.end();
}

/// A viewer's or a poster's elision: three dots, or U+2026 (`…`, three
/// bytes in UTF-8 too, so either is removed with remove_suffix(3)).
inline constexpr std::string_view kThreeDots = "...";
inline constexpr std::string_view kEllipsis = "\xE2\x80\xA6";
/// `s` ends in `...` or `…` (a line or a name cut short).
inline bool ends_in_ellipsis(std::string_view s) { return ends_with(s, kThreeDots) || ends_with(s, kEllipsis); }
/// Characters of UTF-8 text `s`: its bytes that start a code point (a
/// byte 0x80-0xBF continues one). ASCII text: s.size().
inline size_t utf8_code_points(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}
/// Where the first `...` or `…` in `s` starts; npos when none.
inline size_t find_ellipsis(std::string_view s) {
  const size_t dots = s.find(kThreeDots), ellipsis = s.find(kEllipsis);
  return dots < ellipsis ? dots : ellipsis;
}

/// Parses leading decimal digits; advances `s` past them. nullopt when no digit
/// or on overflow.
inline std::optional<uint64_t> take_u64(std::string_view& s) {
  size_t i = 0;
  uint64_t v = 0;
  while (i < s.size() && is_digit(s[i])) {
    uint64_t d = static_cast<uint64_t>(s[i] - '0');
    if (v > (UINT64_MAX - d) / 10) return std::nullopt;
    v = v * 10 + d;
    ++i;
  }
  if (i == 0) return std::nullopt;
  s.remove_prefix(i);
  return v;
}

/// Signed variant (optional leading '-' or '+').
inline std::optional<int64_t> take_i64(std::string_view& s) {
  std::string_view t = s;
  bool neg = false;
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) {
    neg = t[0] == '-';
    t.remove_prefix(1);
  }
  auto v = take_u64(t);
  if (!v || *v > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
  s = t;
  return neg ? -static_cast<int64_t>(*v) : static_cast<int64_t>(*v);
}

/// Whole-view unsigned parse.
inline std::optional<uint64_t> parse_u64(std::string_view s) {
  auto v = take_u64(s);
  if (!v || !s.empty()) return std::nullopt;
  return v;
}
inline std::optional<int64_t> parse_i64(std::string_view s) {
  auto v = take_i64(s);
  if (!v || !s.empty()) return std::nullopt;
  return v;
}
/// The number `s` starts with (take_i64 on a copy: the caller's view stays).
inline std::optional<int64_t> leading_i64(std::string_view s) { return take_i64(s); }
/// `v` when it fits an int; nullopt otherwise.
inline std::optional<int> as_int(std::optional<int64_t> v) {
  if (!v || *v < INT32_MIN || *v > INT32_MAX) return std::nullopt;
  return static_cast<int>(*v);
}

/// Parses a size printed as `N` or `N,NNN,NNN` (pasted logs add thousands
/// separators, sometimes wrongly grouped) optionally followed by spaces from a
/// terminal hard wrap, then `unit` (e.g. "kB"). Advances `s` past the unit.
inline std::optional<uint64_t> take_sized(std::string_view& s, std::string_view unit) {
  size_t i = 0;
  uint64_t v = 0;
  bool any = false;
  while (i < s.size() && (is_digit(s[i]) || (any && s[i] == ',' && i + 1 < s.size() && is_digit(s[i + 1])))) {
    if (s[i] != ',') {
      uint64_t d = static_cast<uint64_t>(s[i] - '0');
      if (v > (UINT64_MAX - d) / 10) return std::nullopt;
      v = v * 10 + d;
      any = true;
    }
    ++i;
  }
  if (!any) return std::nullopt;
  size_t j = i;
  while (j < s.size() && is_space(s[j])) ++j;
  if (s.substr(j, unit.size()) != unit) return std::nullopt;
  s.remove_prefix(j + unit.size());
  return v;
}

/// Value of `key` + size + unit anywhere in `s` (first occurrence).
inline std::optional<uint64_t> field_sized(std::string_view s, std::string_view key, std::string_view unit) {
  size_t p = s.find(key);
  if (p == std::string_view::npos) return std::nullopt;
  std::string_view rest = trim_left(s.substr(p + key.size()));
  return take_sized(rest, unit);
}

/// Value of `key` + signed integer anywhere in `s`.
inline std::optional<int64_t> field_int(std::string_view s, std::string_view key) {
  size_t p = s.find(key);
  if (p == std::string_view::npos) return std::nullopt;
  std::string_view rest = trim_left(s.substr(p + key.size()));
  return take_i64(rest);
}

/// Next whitespace-separated token; advances `s`.
inline std::string_view take_token(std::string_view& s) {
  s = trim_left(s);
  size_t i = 0;
  while (i < s.size() && !is_space(s[i])) ++i;
  std::string_view tok = s.substr(0, i);
  s.remove_prefix(i);
  return tok;
}

/// The next line of `rest` without its '\n' (the whole of `rest` when it has
/// none); advances `rest` past it, so `while (!rest.empty())` visits every
/// line of a /proc or cgroup file once.
inline std::string_view next_line(std::string_view& rest) {
  size_t eol = rest.find('\n');
  std::string_view line = rest.substr(0, eol);
  rest.remove_prefix(eol == std::string_view::npos ? rest.size() : eol + 1);
  return line;
}

/// Multiplies without wrapping; nullopt on overflow.
inline std::optional<uint64_t> mul(uint64_t a, uint64_t b) {
  if (a != 0 && b > UINT64_MAX / a) return std::nullopt;
  return a * b;
}

}  // namespace oomlens::text
