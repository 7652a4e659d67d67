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
__attribute__((target("avx2"))) size_t avx2_find(const char* data, size_t n) {
  const __m256i fo = _mm256_set1_epi8('o'), fp = _mm256_set1_epi8('p'), fM = _mm256_set1_epi8('M'),
                fT = _mm256_set1_epi8('T'), fy = _mm256_set1_epi8('y');
  const __m256i l_l = _mm256_set1_epi8('l'), l_s = _mm256_set1_epi8('s'), l_y = _mm256_set1_epi8('y'),
                l_M = _mm256_set1_epi8('M'), l_n = _mm256_set1_epi8('n'), l_g = _mm256_set1_epi8('g');
  size_t i = 0;
  const char* end = data + n;
  for (; i + 32 + kMaxNeedle <= n; i += 32) {
    const char* p = data + i;
    __m256i b0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    __m256i b5 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 5));
    __m256i b6 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 6));
    __m256i b7 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 7));
    __m256i b8 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 8));
    __m256i b9 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 9));
    __m256i eo = _mm256_cmpeq_epi8(b0, fo), eM = _mm256_cmpeq_epi8(b0, fM);
    __m256i m = _mm256_and_si256(eo, _mm256_cmpeq_epi8(b7, l_l));                       // oom-kill
    m = _mm256_or_si256(m, _mm256_and_si256(_mm256_cmpeq_epi8(b0, fp), _mm256_cmpeq_epi8(b6, l_s)));  // process
    m = _mm256_or_si256(m, _mm256_and_si256(eo, _mm256_cmpeq_epi8(b8, l_y)));           // of memory, of_memory
    m = _mm256_or_si256(m, _mm256_and_si256(eM, _mm256_cmpeq_epi8(b5, l_y)));           // Memory
    m = _mm256_or_si256(m, _mm256_and_si256(eM, _mm256_cmpeq_epi8(b9, l_M)));           // Manual OOM
    m = _mm256_or_si256(m, _mm256_and_si256(_mm256_cmpeq_epi8(b0, fT), _mm256_cmpeq_epi8(b6, l_n)));  // Task in
    m = _mm256_or_si256(m, _mm256_and_si256(_mm256_cmpeq_epi8(b0, fy), _mm256_cmpeq_epi8(b6, l_g)));  // y: usage
    uint32_t mask = static_cast<uint32_t>(_mm256_movemask_epi8(m));
    if (size_t off = first_verified(data, end, i, mask); off != kNone) return off;
  }
  return scalar_find(data, i, n, n);
}

size_t sse2_find(const char* data, size_t n) {
  const __m128i fo = _mm_set1_epi8('o'), fp = _mm_set1_epi8('p'), fM = _mm_set1_epi8('M'), fT = _mm_set1_epi8('T'),
                fy = _mm_set1_epi8('y');
  const __m128i l_l = _mm_set1_epi8('l'), l_s = _mm_set1_epi8('s'), l_y = _mm_set1_epi8('y'),
                l_M = _mm_set1_epi8('M'), l_n = _mm_set1_epi8('n'), l_g = _mm_set1_epi8('g');
  size_t i = 0;
  const char* end = data + n;
  for (; i + 16 + kMaxNeedle <= n; i += 16) {
    const char* p = data + i;
    auto ld = [](const char* q) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(q)); };
    __m128i b0 = ld(p);
    __m128i eo = _mm_cmpeq_epi8(b0, fo), eM = _mm_cmpeq_epi8(b0, fM);
    __m128i m = _mm_and_si128(eo, _mm_cmpeq_epi8(ld(p + 7), l_l));
    m = _mm_or_si128(m, _mm_and_si128(_mm_cmpeq_epi8(b0, fp), _mm_cmpeq_epi8(ld(p + 6), l_s)));
    m = _mm_or_si128(m, _mm_and_si128(eo, _mm_cmpeq_epi8(ld(p + 8), l_y)));
    m = _mm_or_si128(m, _mm_and_si128(eM, _mm_cmpeq_epi8(ld(p + 5), l_y)));
    m = _mm_or_si128(m, _mm_and_si128(eM, _mm_cmpeq_epi8(ld(p + 9), l_M)));
    m = _mm_or_si128(m, _mm_and_si128(_mm_cmpeq_epi8(b0, fT), _mm_cmpeq_epi8(ld(p + 6), l_n)));
    m = _mm_or_si128(m, _mm_and_si128(_mm_cmpeq_epi8(b0, fy), _mm_cmpeq_epi8(ld(p + 6), l_g)));
    uint32_t mask = static_cast<uint32_t>(_mm_movemask_epi8(m));
    if (size_t off = first_verified(data, end, i, mask); off != kNone) return off;
  }
  return scalar_find(data, i, n, n);
}

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
