#include "util/display_width.h"

#include <locale.h>

#include <cwchar>

namespace oomlens {
namespace {

locale_t utf8_locale() {
  static const locale_t l = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  return l;
}

}  // namespace

size_t display_width(std::string_view s) {
  const locale_t l = utf8_locale();
  const locale_t old = l ? uselocale(l) : static_cast<locale_t>(nullptr);
  size_t cols = 0;
  std::mbstate_t state{};
  for (size_t i = 0; i < s.size();) {
    wchar_t wc = 0;
    const size_t n = std::mbrtowc(&wc, s.data() + i, s.size() - i, &state);
    if (n == static_cast<size_t>(-1) || n == static_cast<size_t>(-2) || n == 0) {
      state = {};
      cols += 1;
      i += 1;
      continue;
    }
    const int w = ::wcwidth(wc);
    cols += w < 0 ? 1 : static_cast<size_t>(w);
    i += n;
  }
  if (l) uselocale(old);
  return cols;
}

std::string pad_right(std::string_view s, size_t width) {
  std::string out(s);
  const size_t w = display_width(s);
  if (w < width) out.append(width - w, ' ');
  return out;
}

std::string pad_left(std::string_view s, size_t width) {
  const size_t w = display_width(s);
  std::string out = w < width ? std::string(width - w, ' ') : std::string();
  return out.append(s);
}

}  // namespace oomlens
