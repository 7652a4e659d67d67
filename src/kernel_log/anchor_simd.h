#pragma once
// The SIMD candidate loop of the anchor search (anchor_search.h), written
// once for both vector widths. Internal to kernel_log/anchor_search*.cpp.
//
// next_candidates<S> walks the bytes a vector at a time and, for each anchor,
// compares its first byte and one later byte at every position of the block
// (GCC/Clang vector extensions: `v == o` compares every lane). The lanes where
// both match are candidate starts; anchor_search.cpp verifies them
// (first_verified) and checks the tail byte by byte (scalar_find). S supplies
// the vector type and what the extensions do not:
//   S::V           signed char vector, 16 or 32 lanes
//   S::splat(c)    c in every lane
//   S::load(p)     sizeof(V) bytes from p (unaligned)
//   S::movemask(v) bit b set when lane b is non-zero
// S::V is 32 bytes in anchor_search_avx2.cpp (built with -mavx2, called only
// when the CPU has AVX2) and 16 bytes (SSE2) in anchor_search.cpp. Nothing the
// AVX2 file compiles has external linkage the linker could share with the rest
// of the program: the template is instantiated on each file's own traits, and
// the verifying functions are compiled once, without -mavx2, in
// anchor_search.cpp.
#include <cstddef>
#include <cstdint>

namespace oomlens::anchor_detail {

inline constexpr size_t kMaxNeedle = 10;  // bytes a candidate may extend past its start
inline constexpr size_t kNone = static_cast<size_t>(-1);

/// The first candidate of `mask` (bit b = data[i + b]) that is really an
/// anchor, or kNone. anchor_search.cpp.
size_t first_verified(const char* data, const char* end, size_t i, uint32_t mask, bool rows);
/// The first anchor in [from, to), checked byte by byte, or n. anchor_search.cpp.
size_t scalar_find(const char* data, size_t from, size_t to, size_t n, bool rows);
/// find_anchor at one width, for tests that compare the widths: 32 (AVX2:
/// only when have_avx2()), 16 (SSE2), or 1 (byte by byte). x86 only.
size_t find_anchor_width(const char* data, size_t n, size_t width, bool rows = false);
bool have_avx2();

/// next_candidates on 32-byte vectors. anchor_search_avx2.cpp; x86 only,
/// call it only when the CPU has AVX2.
size_t avx2_next_candidates(const char* data, size_t i, size_t n, uint32_t* mask);
/// The same with the Tasks-table row among the anchors (find_anchor_or_row()).
size_t avx2_next_candidates_rows(const char* data, size_t i, size_t n, uint32_t* mask);

/// The first block at or after `i` (a multiple of S's width) where some
/// anchor's two bytes match, with its candidates in *mask (bit b = data[i +
/// b]); or the offset where the blocks end (the tail) with *mask = 0. No call
/// inside the loop, so the splatted bytes stay in registers.
namespace {  // each file its own copy: the AVX2 file's is built with -mavx2

/// A vector of 16 or 32 lanes (GCC/Clang vector extensions).
using Lanes16 = signed char __attribute__((vector_size(16)));
using Lanes32 = signed char __attribute__((vector_size(32)));

/// What both widths do the same way; each file's S adds movemask().
template <class Vec>
struct Lanes {
  using V = Vec;
  static V splat(char c) { return V{} + static_cast<signed char>(c); }
  static V load(const char* p) {
    V v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
  }
};

}  // namespace

template <class S, bool Rows = false>
size_t next_candidates(const char* data, size_t i, size_t n, uint32_t* mask) {
  using V = typename S::V;
  constexpr size_t kWidth = sizeof(V);
  const V o = S::splat('o'), p_ = S::splat('p'), M = S::splat('M'), T = S::splat('T'), y = S::splat('y'),
          l = S::splat('l'), s = S::splat('s'), n_ = S::splat('n'), g = S::splat('g'), m_ = S::splat('m'),
          lb = S::splat('['), rb = S::splat(']');
  for (; i + kWidth + kMaxNeedle <= n; i += kWidth) {
    const char* p = data + i;
    // Each anchor's first byte, and its second at its offset (anchor_search.cpp's kNeedles). The
    // anchors of one first byte share its test: the and is taken once, after the or of their
    // second bytes (so the eighth anchor costs one compare and one or).
    V b0 = S::load(p), b6 = S::load(p + 6), b8 = S::load(p + 8);
    V m = ((b0 == o) & ((S::load(p + 7) == l)                // oom-kill
                        | (b8 == y)                          // of memory, of_memory
                        | (b6 == m_)))                       // otal_vm (the Tasks table's header)
          | ((b0 == M) & ((S::load(p + 5) == y)              // Memory
                          | (S::load(p + 9) == M)))          // Manual OOM
          | ((b0 == p_) & (b6 == s))                         // process
          | ((b0 == T) & (b6 == n_))                         // Task in
          | ((b0 == y) & (b6 == g));                         // y: usage
    if constexpr (Rows) m |= (b0 == lb) & (b8 == rb);       // [   1234] (a Tasks-table row)
    if ((*mask = S::movemask(m)) != 0) return i;
  }
  *mask = 0;
  return i;
}

}  // namespace oomlens::anchor_detail
