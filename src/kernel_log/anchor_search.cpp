// Anchor search (see anchor_search.h).
#include "kernel_log/anchor_search.h"

#include <cstring>
#include <string_view>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define OOMLENS_X86 1
#endif

namespace oomlens {
namespace {

// SIMD needles: the anchor text, the offset of the second compared byte.
struct Needle {
  std::string_view text;
  size_t last;  // offset of the second byte compared by SIMD
};
constexpr Needle kNeedles[] = {
    {"oom-kill", 7}, {"process", 6}, {"of memory", 8}, {"Memory", 5}, {"Manual OOM", 9}, {"Task in ", 6},
    {"y: usage ", 6},
};
constexpr size_t kMaxNeedle = 10;  // bytes a candidate may extend past its start

// Full check of a candidate at `p` for needle `k` (bounds: p + text.size() <= end).
bool verify(const char* begin, const char* p, const char* end, size_t k) {
  std::string_view t = kNeedles[k].text;
  if (static_cast<size_t>(end - p) < t.size()) return false;
  if (k == 2) {  // "of memory", or "of_memory" after "out_": a call-trace frame (out_of_memory+0x…)
    if (p[1] != 'f' || std::memcmp(p + 3, "memory", 6) != 0) return false;
    if (p[2] == ' ') return true;
    std::string_view before(begin, static_cast<size_t>(p - begin));
    return p[2] == '_' && before.size() >= 4 && before.substr(before.size() - 4) == "out_";
  }
  if (std::memcmp(p, t.data(), t.size()) != 0) return false;
  switch (k) {
    case 1: {  // "process" must follow "Killed "/"reaped "/"Kill "/"kill "/"VM: killing " (Linux 2.4)
      std::string_view before(begin, static_cast<size_t>(p - begin));
      auto ends = [&](std::string_view w) { return before.size() >= w.size() && before.substr(before.size() - w.size()) == w; };
      return ends("Killed ") || ends("reaped ") || ends("Kill ") || ends("kill ") || ends("VM: killing ");
    }
    case 3: {  // "Memory cgroup" / "Memory limit"
      std::string_view rest(p + 6, static_cast<size_t>(end - p - 6));
      return rest.substr(0, 7) == " cgroup" || rest.substr(0, 6) == " limit";
    }
    case 6: {  // "y: usage " must end "memory" (`memory: usage …kB, limit …kB, failcnt …`)
      std::string_view before(begin, static_cast<size_t>(p - begin));
      return before.size() >= 5 && before.substr(before.size() - 5) == "memor";
    }
    default:
      return true;
  }
}

// Checks every position of [from, to) with a first-byte test; used for tails
// and as the portable path.
size_t scalar_find(const char* data, size_t from, size_t to, size_t n) {
  const char* end = data + n;
  for (size_t i = from; i < to; ++i) {
    char c = data[i];
    if (c != 'o' && c != 'p' && c != 'M' && c != 'T' && c != 'y') continue;
    for (size_t k = 0; k < std::size(kNeedles); ++k)
      if (kNeedles[k].text[0] == c && verify(data, data + i, end, k)) return i;
  }
  return n;
}

// The SIMD loops mark candidate starts in `mask` (bit b = data[i + b]):
// the first that verifies, or kNone.
constexpr size_t kNone = static_cast<size_t>(-1);
inline size_t first_verified(const char* data, const char* end, size_t i, uint32_t mask) {
  while (mask != 0) {
    size_t off = i + static_cast<size_t>(__builtin_ctz(mask));
    char c = data[off];
    for (size_t k = 0; k < std::size(kNeedles); ++k)
      if (kNeedles[k].text[0] == c && verify(data, data + off, end, k)) return off;
    mask &= mask - 1;
  }
  return kNone;
}

#ifdef OOMLENS_X86
// The SIMD search, written once for both widths with GCC's vector
// extensions: a block of 16 bytes compiles to SSE2, of 32 to AVX2 inside
// the target("avx2") caller. Position b of a block is a candidate for a
// needle when the needle's first byte is at b and its byte `last` at
// b + last (the unrolled loop's equal loads and compares are shared).
// Everything is inlined into avx2_find and sse2_find, so no vector crosses
// a call: -Wpsabi, about the calling convention of AVX vectors, does not
// apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
template <size_t W>
struct BlockOf {
  typedef char type __attribute__((vector_size(W)));
};
template <size_t W>
using Block = typename BlockOf<W>::type;

inline uint32_t high_bits(Block<16> v) {
  return static_cast<uint32_t>(_mm_movemask_epi8(reinterpret_cast<__m128i>(v)));
}
__attribute__((target("avx2"))) inline uint32_t high_bits(Block<32> v) {
  return static_cast<uint32_t>(_mm256_movemask_epi8(reinterpret_cast<__m256i>(v)));
}

// W bytes from `q` (unaligned). A function, not a capturing lambda: UBSan
// flags the inlined closure's member access in the AVX2 caller.
template <size_t W>
[[gnu::always_inline]] inline Block<W> load_block(const char* q) {
  Block<W> b;
  std::memcpy(&b, q, W);
  return b;
}

template <size_t W>
[[gnu::always_inline]] inline size_t simd_find(const char* data, size_t n) {
  const char* end = data + n;
  size_t i = 0;
  for (; i + W + kMaxNeedle <= n; i += W) {
    const char* p = data + i;
    Block<W> m{};
#pragma GCC unroll 8
    for (const Needle& nd : kNeedles)
      m |= (load_block<W>(p) == nd.text[0]) & (load_block<W>(p + nd.last) == nd.text[nd.last]);
    if (size_t off = first_verified(data, end, i, high_bits(m)); off != kNone) return off;
  }
  return scalar_find(data, i, n, n);
}
#pragma GCC diagnostic pop

__attribute__((target("avx2"))) size_t avx2_find(const char* data, size_t n) { return simd_find<32>(data, n); }
size_t sse2_find(const char* data, size_t n) { return simd_find<16>(data, n); }

bool have_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}
#endif

}  // namespace

size_t find_anchor(const char* data, size_t n) {
#ifdef OOMLENS_X86
  return have_avx2() ? avx2_find(data, n) : sse2_find(data, n);
#else
  return scalar_find(data, 0, n, n);
#endif
}

}  // namespace oomlens
