#pragma once
// Terminal columns of UTF-8 text (issue 19: `top` and explain's labels align
// CJK, two columns per character, by display width, not bytes).
#include <cstddef>
#include <string>
#include <string_view>

namespace oomlens {

/// Columns `utf8` takes on a terminal: libc's wcwidth() per code point under
/// the C.UTF-8 locale (whatever the process's own locale), so CJK and
/// fullwidth forms count 2, combining marks 0; a control character or an
/// ill-formed byte counts 1. Pure apart from the locale object.
[[nodiscard]] size_t display_width(std::string_view utf8);

/// `utf8` followed by spaces up to `width` columns (unchanged if wider).
[[nodiscard]] std::string pad_right(std::string_view utf8, size_t width);

/// Spaces up to `width` columns, then `utf8` (unchanged if wider).
[[nodiscard]] std::string pad_left(std::string_view utf8, size_t width);

}  // namespace oomlens
