#include "render/utf8.h"

#include <cstdint>
#include <cstdio>

namespace oomlens {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

/// Length of the well-formed sequence starting at in[i], or 0 if the byte at
/// i does not start one. Ranges follow Unicode Table 3-7.
size_t valid_sequence_length(std::string_view in, size_t i) {
  const auto b0 = static_cast<uint8_t>(in[i]);
  if (b0 < 0x80) return 1;
  size_t len = 0;
  uint8_t lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2;
  } else if (b0 == 0xE0) {
    len = 3, lo = 0xA0;  // no overlongs
  } else if ((b0 >= 0xE1 && b0 <= 0xEC) || b0 == 0xEE || b0 == 0xEF) {
    len = 3;
  } else if (b0 == 0xED) {
    len = 3, hi = 0x9F;  // no surrogates
  } else if (b0 == 0xF0) {
    len = 4, lo = 0x90;  // no overlongs
  } else if (b0 >= 0xF1 && b0 <= 0xF3) {
    len = 4;
  } else if (b0 == 0xF4) {
    len = 4, hi = 0x8F;  // not above U+10FFFF
  } else {
    return 0;  // 80..C1, F5..FF
  }
  if (in.size() - i < len) return 0;
  const auto b1 = static_cast<uint8_t>(in[i + 1]);
  if (b1 < lo || b1 > hi) return 0;
  for (size_t k = 2; k < len; ++k) {
    const auto b = static_cast<uint8_t>(in[i + k]);
    if (b < 0x80 || b > 0xBF) return 0;
  }
  return len;
}

}  // namespace

std::string sanitize_utf8(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  size_t i = 0;
  while (i < in.size()) {
    const size_t len = valid_sequence_length(in, i);
    if (len == 0) {
      // Replace this byte only and resynchronise on the next one, so each
      // byte of a truncated sequence becomes its own U+FFFD.
      out.append(kReplacement);
      ++i;
    } else {
      out.append(in.substr(i, len));
      i += len;
    }
  }
  return out;
}

bool is_valid_utf8(std::string_view in) {
  size_t i = 0;
  while (i < in.size()) {
    const size_t len = valid_sequence_length(in, i);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

std::string printable(std::string_view in) {
  const std::string clean = sanitize_utf8(in);
  std::string out;
  out.reserve(clean.size());
  for (const char c : clean) {
    const auto b = static_cast<uint8_t>(c);
    if (b < 0x20 || b == 0x7F) {
      char buf[5];
      std::snprintf(buf, sizeof buf, "\\x%02x", b);
      out.append(buf);
    } else {
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace oomlens
