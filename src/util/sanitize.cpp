#include "util/sanitize.h"

#include <algorithm>
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

namespace {

/// The code point of the well-formed sequence `seq` (1–4 bytes).
uint32_t code_point(std::string_view seq) {
  const auto b = [&](size_t i) { return static_cast<uint32_t>(static_cast<uint8_t>(seq[i])); };
  switch (seq.size()) {
    case 1: return b(0);
    case 2: return (b(0) & 0x1F) << 6 | (b(1) & 0x3F);
    case 3: return (b(0) & 0x0F) << 12 | (b(1) & 0x3F) << 6 | (b(2) & 0x3F);
    default: return (b(0) & 0x07) << 18 | (b(1) & 0x3F) << 12 | (b(2) & 0x3F) << 6 | (b(3) & 0x3F);
  }
}

}  // namespace

bool is_neutralised(uint32_t cp) {
  return cp < 0x20 || cp == 0x7F ||                 // C0 controls, DEL
         (cp >= 0x80 && cp <= 0x9F) ||               // C1 controls (0x9B is CSI on 8-bit terminals)
         cp == 0x061C || cp == 0x200E || cp == 0x200F ||  // ALM, LRM, RLM
         (cp >= 0x202A && cp <= 0x202E) ||           // LRE RLE PDF LRO RLO
         (cp >= 0x2066 && cp <= 0x2069) ||           // LRI RLI FSI PDI
         cp == 0x2028 || cp == 0x2029;               // line and paragraph separators
}

std::string printable(std::string_view in, size_t max_bytes) {
  const std::string clean = sanitize_utf8(in);
  std::string out;
  out.reserve(std::min(clean.size(), max_bytes) + 16);
  size_t i = 0;
  while (i < clean.size()) {
    const size_t len = valid_sequence_length(clean, i);  // never 0 after sanitize_utf8
    const std::string_view seq(clean.data() + i, len);
    const uint32_t cp = code_point(seq);
    char buf[12];
    std::string_view piece = seq;
    if (is_neutralised(cp)) {
      const int n = cp < 0x80 ? std::snprintf(buf, sizeof buf, "\\x%02x", cp) : std::snprintf(buf, sizeof buf, "\\u%04x", cp);
      piece = std::string_view(buf, static_cast<size_t>(n));
    }
    if (out.size() + piece.size() > max_bytes) {
      out += "\xE2\x80\xA6[" + std::to_string(clean.size() - i) + " more bytes]";
      return out;
    }
    out.append(piece);
    i += len;
  }
  return out;
}

}  // namespace oomlens
