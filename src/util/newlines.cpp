// Newline counting (see newlines.h). Per-byte counters: a match compares to
// 0xff (-1), subtracting it adds 1; they are flushed with SAD into 64-bit
// sums before a byte counter can overflow (255 blocks).
#include "util/newlines.h"

#include <algorithm>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define OOMLENS_X86 1
#endif

namespace oomlens {
namespace {

#ifdef OOMLENS_X86
// 0xff where the 32 bytes at q hold '\n'.
__attribute__((target("avx2"))) inline __m256i eq(const char* q, __m256i nl) {
  return _mm256_cmpeq_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(q)), nl);
}

__attribute__((target("avx2"))) uint64_t avx2_count(const char*& p, const char* end) {
  const __m256i nl = _mm256_set1_epi8('\n');
  const __m256i zero = _mm256_setzero_si256();
  uint64_t n = 0;
  while (end - p >= 32) {
    __m256i acc = zero;
    int i = 0;
    for (; i < 252 && end - p >= 128; i += 4, p += 128) {  // 4 blocks per round: less loop overhead
      acc = _mm256_sub_epi8(acc, _mm256_add_epi8(_mm256_add_epi8(eq(p, nl), eq(p + 32, nl)),
                                               _mm256_add_epi8(eq(p + 64, nl), eq(p + 96, nl))));
    }
    for (; i < 255 && end - p >= 32; ++i, p += 32) acc = _mm256_sub_epi8(acc, eq(p, nl));
    const __m256i s = _mm256_sad_epu8(acc, zero);
    n += static_cast<uint64_t>(_mm256_extract_epi64(s, 0)) + static_cast<uint64_t>(_mm256_extract_epi64(s, 1)) +
         static_cast<uint64_t>(_mm256_extract_epi64(s, 2)) + static_cast<uint64_t>(_mm256_extract_epi64(s, 3));
  }
  return n;
}

uint64_t sse2_count(const char*& p, const char* end) {
  const __m128i nl = _mm_set1_epi8('\n');
  const __m128i zero = _mm_setzero_si128();
  uint64_t n = 0;
  while (end - p >= 16) {
    __m128i acc = zero;
    for (int i = 0; i < 255 && end - p >= 16; ++i, p += 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(v, nl));
    }
    const __m128i s = _mm_sad_epu8(acc, zero);
    n += static_cast<uint64_t>(_mm_cvtsi128_si64(s)) + static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s)));
  }
  return n;
}
#endif

}  // namespace

uint64_t count_newlines(std::string_view text) {
  const char* p = text.data();
  const char* const end = p + text.size();
  uint64_t n = 0;
#ifdef OOMLENS_X86
  static const bool avx2 = __builtin_cpu_supports("avx2");
  n = avx2 ? avx2_count(p, end) : sse2_count(p, end);
#endif
  return n + static_cast<uint64_t>(std::count(p, end, '\n'));
}

}  // namespace oomlens
