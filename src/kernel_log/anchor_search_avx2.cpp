// The AVX2 width of the anchor search (anchor_simd.h). CMakeLists.txt builds
// this file alone with -mavx2; anchor_search.cpp calls it only on a CPU with
// AVX2. It includes nothing whose inline code the linker could share with
// the rest of the program (see anchor_simd.h).
#include "kernel_log/anchor_simd.h"

#if defined(__x86_64__) || defined(__i386__)

#include <immintrin.h>

namespace oomlens::anchor_detail {

size_t avx2_next_candidates(const char* data, size_t i, size_t n, uint32_t* mask) {
  return needles::next_block<needles::Avx2, AnchorPairs>(data, i, n, mask);
}

size_t avx2_next_candidates_rows(const char* data, size_t i, size_t n, uint32_t* mask) {
  return needles::next_block<needles::Avx2, AnchorPairsRows>(data, i, n, mask);
}

namespace {

// The 32 lanes of each nibble table: its 16 bytes in both 128-bit halves (`vpshufb` looks up within a half).
__m256i lanes(const NibbleTable& t) {
  __m128i half;
  __builtin_memcpy(&half, t.bits, sizeof half);
  return _mm256_broadcastsi128_si256(half);
}

// The buckets of each position's byte (kWatchBuckets): the bits both of its nibbles' table entries have.
__m256i buckets(__m256i v, __m256i low_table, __m256i high_table, __m256i nibble) {
  const __m256i low = _mm256_shuffle_epi8(low_table, _mm256_and_si256(v, nibble));
  const __m256i high = _mm256_shuffle_epi8(high_table, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
  return _mm256_and_si256(low, high);
}

// Whether an anchor or an evidence word may start at p (kWatchHeads): its first four bytes, then its next four
// when p has 8 bytes before `end`.
bool head_of_pattern(const char* p, const char* end) {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  const HeadFilter& f = kWatchHeads;
  const uint64_t head = f.at[0][u[0]] & f.at[1][u[1]] & f.at[2][u[2]] & f.at[3][u[3]];
  if (head == 0 || end - p < 8) return head != 0;
  return (head & f.at[4][u[4]] & f.at[5][u[5]] & f.at[6][u[6]] & f.at[7][u[7]]) != 0;
}

// The candidates of `mask` (bit b = data[i + b]) that head_of_pattern() keeps.
uint32_t heads_kept(const char* data, size_t i, size_t n, uint32_t mask) {
  uint32_t kept = mask;
  for (uint32_t c = mask; c != 0; c &= c - 1)
    if (!head_of_pattern(data + i + static_cast<size_t>(__builtin_ctz(c)), data + n)) kept &= ~(c & (0u - c));
  return kept;
}

}  // namespace

size_t avx2_next_candidates_watch(const char* data, size_t i, size_t n, uint32_t* mask) {
  static constexpr NibbleTable kFirstLow = nibble_table(false, false), kFirstHigh = nibble_table(false, true),
                               kFourthLow = nibble_table(true, false), kFourthHigh = nibble_table(true, true);
  const __m256i first_low = lanes(kFirstLow), first_high = lanes(kFirstHigh);
  const __m256i fourth_low = lanes(kFourthLow), fourth_high = lanes(kFourthHigh);
  const __m256i nibble = _mm256_set1_epi8(0x0f);
  for (; i + 32 + 3 <= n; i += 32) {
    const __m256i v0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i));
    const __m256i v3 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i + 3));
    const __m256i both = _mm256_and_si256(buckets(v0, first_low, first_high, nibble),
                                          buckets(v3, fourth_low, fourth_high, nibble));
    const uint32_t none = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(both, _mm256_setzero_si256())));
    if (none == 0xffffffffu) continue;
    // The candidates whose first bytes are no anchor's and no word's are dropped here (the nibble test's near
    // misses): the block is returned only with a candidate that may verify.
    if (const uint32_t kept = heads_kept(data, i, n, ~none); kept != 0) {
      *mask = kept;
      return i;
    }
  }
  *mask = 0;
  return i;
}

size_t avx2_next_candidates_watch_rows(const char* data, size_t i, size_t n, uint32_t* mask) {
  return needles::next_block<needles::Avx2, AnchorWatchPairsRows>(data, i, n, mask);
}

size_t avx2_next_evidence_candidates(const char* data, size_t i, size_t n, uint32_t* mask) {
  return needles::next_block<needles::Avx2, EvidencePairs>(data, i, n, mask);
}

size_t avx2_next_candidates_kills(const char* data, size_t i, size_t n, uint32_t* mask) {
  static constexpr NibbleTable kFirstLow = kill_nibble_table(0, false), kFirstHigh = kill_nibble_table(0, true),
                               kFourthLow = kill_nibble_table(1, false), kFourthHigh = kill_nibble_table(1, true),
                               kSixthLow = kill_nibble_table(2, false), kSixthHigh = kill_nibble_table(2, true);
  const __m256i first_low = lanes(kFirstLow), first_high = lanes(kFirstHigh);
  const __m256i fourth_low = lanes(kFourthLow), fourth_high = lanes(kFourthHigh);
  const __m256i sixth_low = lanes(kSixthLow), sixth_high = lanes(kSixthHigh);
  const __m256i nibble = _mm256_set1_epi8(0x0f);
  for (; i + 32 + 5 <= n; i += 32) {
    const __m256i v0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i));
    const __m256i v3 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i + 3));
    const __m256i v5 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i + 5));
    const __m256i all = _mm256_and_si256(
        _mm256_and_si256(buckets(v0, first_low, first_high, nibble), buckets(v3, fourth_low, fourth_high, nibble)),
        buckets(v5, sixth_low, sixth_high, nibble));
    const uint32_t none = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(all, _mm256_setzero_si256())));
    if (none == 0xffffffffu) continue;
    if (const uint32_t kept = heads_kept(data, i, n, ~none); kept != 0) {  // as in avx2_next_candidates_watch()
      *mask = kept;
      return i;
    }
  }
  *mask = 0;
  return i;
}

size_t avx2_next_candidates_kills_rows(const char* data, size_t i, size_t n, uint32_t* mask) {
  return needles::next_block<needles::Avx2, AnchorKillPairsRows>(data, i, n, mask);
}

}  // namespace oomlens::anchor_detail
#endif
