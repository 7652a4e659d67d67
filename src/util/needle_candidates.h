#pragma once
// Candidate positions of a few needles, many positions at once (Wojciech
// Muła's "SIMD-friendly substring search"): each needle is named by its first
// byte and one later byte at a fixed offset, a pair few positions of a text
// hold; only the positions where a pair matches are candidates, which the
// caller checks whole. The parse layer's anchor prefilter and its search
// for the user-space evidence words (kernel_log/anchor_search.cpp, AVX2 and
// SSE2) are this loop.
//
// A set of needles is a type, so the pairs and their offsets are constants
// of the loop and the splatted bytes stay in registers:
//
//   using Words = needles::Set<needles::Starting<'o', needles::At<7, 'l'>, needles::At<8, 'y'>>,
//                              needles::Starting<'p', needles::At<6, 's'>>>;
//
// Needles of one first byte are one Starting: the first byte is compared
// once and and-ed with the or of their later bytes.
//
// Everything here is in an anonymous namespace: each file gets its own copy.
// kernel_log/anchor_search_avx2.cpp is built with -mavx2 and runs only on a
// CPU with AVX2; nothing it compiles
// from here (the scalar matches() too, which the compiler may vectorise with
// AVX2) may have external linkage the linker could share with the rest of the
// program.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace oomlens::needles {
namespace {  // each file its own copy: see the top of this file

/// Byte C at Offset bytes after a candidate's start (Offset ≥ 1).
template <size_t Offset, char C>
struct At {
  static_assert(Offset >= 1, "the byte at offset 0 is the Starting byte");
  static constexpr size_t kOffset = Offset;
  static constexpr char kByte = C;
  static constexpr bool matches(const char* data, size_t i, size_t n) { return i + Offset < n && data[i + Offset] == C; }
  template <class S>
  static typename S::V match(const char* p) {
    return S::load(p + Offset) == S::splat(C);
  }
};

/// Needles that start with First: a candidate has First and any of Then (At<…>).
template <char First, class... Then>
struct Starting {
  static_assert(sizeof...(Then) >= 1, "a needle is a pair: First and a later byte");
  static constexpr size_t kMaxOffset = std::max({Then::kOffset...});
  static constexpr bool matches(const char* data, size_t i, size_t n) {
    return data[i] == First && (Then::matches(data, i, n) || ...);
  }
  template <class S>
  static typename S::V match(const char* p) {
    return (S::load(p) == S::splat(First)) & (Then::template match<S>(p) | ...);
  }
  static constexpr bool has(char first, size_t offset, char c) {
    return first == First && ((offset == Then::kOffset && c == Then::kByte) || ...);
  }
};

/// Needles that start with the letter First in either case (`s` or `S`): one
/// compare of the byte or-ed with 0x20 (only the two cases of a letter fold
/// to it), and any of Then.
template <char First, class... Then>
struct StartingEitherCase {
  static_assert(First >= 'a' && First <= 'z', "First is a lower-case letter");
  static_assert(sizeof...(Then) >= 1, "a needle is a pair: First and a later byte");
  static constexpr size_t kMaxOffset = std::max({Then::kOffset...});
  static constexpr bool matches(const char* data, size_t i, size_t n) {
    return (data[i] | 0x20) == First && (Then::matches(data, i, n) || ...);
  }
  template <class S>
  static typename S::V match(const char* p) {
    return ((S::load(p) | S::splat(0x20)) == S::splat(First)) & (Then::template match<S>(p) | ...);
  }
  static constexpr bool has(char first, size_t offset, char c) {
    return (first | 0x20) == First && ((offset == Then::kOffset && c == Then::kByte) || ...);
  }
};

/// A set of needles: one Starting (or StartingEitherCase) per first byte.
template <class... Groups>
struct Set {
  /// The farthest byte a pair reads past a candidate's start.
  static constexpr size_t kMaxOffset = std::max({Groups::kMaxOffset...});
  /// Whether a pair of the set matches at data[i] (the later byte before n).
  static constexpr bool matches(const char* data, size_t i, size_t n) { return (Groups::matches(data, i, n) || ...); }
  /// Whether the set holds the pair (first, c at offset): for static_asserts
  /// that a list of needles and its pairs agree.
  static constexpr bool has(char first, size_t offset, char c) { return (Groups::has(first, offset, c) || ...); }
  template <class S>
  static typename S::V match(const char* p) {
    return (Groups::template match<S>(p) | ...);
  }
};

/// A vector of 16 or 32 lanes (GCC/Clang vector extensions: `v == w`
/// compares every lane).
using Lanes16 = signed char __attribute__((vector_size(16)));
using Lanes32 = signed char __attribute__((vector_size(32)));

/// What every width does the same way; a lane type adds movemask() (bit b
/// set when lane b is non-zero).
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

#if defined(__SSE2__)
struct Sse2 : Lanes<Lanes16> {
  static uint32_t movemask(V v) { return static_cast<uint32_t>(_mm_movemask_epi8(reinterpret_cast<__m128i>(v))); }
};
#endif
#if defined(__AVX2__)
struct Avx2 : Lanes<Lanes32> {
  static uint32_t movemask(V v) { return static_cast<uint32_t>(_mm256_movemask_epi8(reinterpret_cast<__m256i>(v))); }
};
#endif

/// The first block at or after `i` (Unroll vectors of S, ≤ 32 positions) in
/// which a pair of the set matches, with its candidates in *mask (bit b =
/// data[i + b]); or, with *mask = 0, the offset where the whole blocks end
/// (the tail, which the caller checks with Set::matches). Unroll > 1 tests
/// the or of the vectors first: one branch per 32 positions with 16 lanes.
/// No call inside the loop, so the splatted bytes stay in registers.
template <class S, class NeedleSet, size_t Unroll = 1>
size_t next_block(const char* data, size_t i, size_t n, uint32_t* mask) {
  using V = typename S::V;
  constexpr size_t kWidth = sizeof(V);
  constexpr size_t kStep = kWidth * Unroll;
  static_assert(Unroll >= 1 && kStep <= 32, "a block's candidates are one 32-bit mask");
  for (; i + kStep + NeedleSet::kMaxOffset <= n; i += kStep) {
    const char* p = data + i;
    if constexpr (Unroll == 1) {
      if ((*mask = S::movemask(NeedleSet::template match<S>(p))) != 0) return i;
    } else {
      V m[Unroll];
      V any = m[0] = NeedleSet::template match<S>(p);
      for (size_t u = 1; u < Unroll; ++u) any |= m[u] = NeedleSet::template match<S>(p + u * kWidth);
      if (S::movemask(any) == 0) continue;
      uint32_t bits = 0;
      for (size_t u = 0; u < Unroll; ++u) bits |= S::movemask(m[u]) << (u * kWidth);
      *mask = bits;
      return i;
    }
  }
  *mask = 0;
  return i;
}

/// The first candidate at or after `from` for which verify(position) holds,
/// or n: the blocks `next` finds (next_block<S, NeedleSet, Unroll>, maybe of
/// a file built for wider lanes, `step` = its positions a block), then the
/// tail position by position. verify sees every candidate in order (one
/// returning false sees them all).
template <class NeedleSet, class Verify>
size_t find_first_by(size_t (*next)(const char*, size_t, size_t, uint32_t*), size_t step, const char* data,
                     size_t from, size_t n, Verify&& verify) {
  size_t i = from;
  for (uint32_t mask = 0;; i += step) {
    i = next(data, i, n, &mask);
    if (mask == 0) break;
    for (; mask != 0; mask &= mask - 1)
      if (const size_t at = i + static_cast<size_t>(__builtin_ctz(mask)); verify(at)) return at;
  }
  for (; i < n; ++i)
    if (NeedleSet::matches(data, i, n) && verify(i)) return i;
  return n;
}

/// find_first_by over blocks of S (Unroll vectors) compiled here.
template <class S, size_t Unroll, class NeedleSet, class Verify>
size_t find_first_with(const char* data, size_t from, size_t n, Verify&& verify) {
  return find_first_by<NeedleSet>(next_block<S, NeedleSet, Unroll>, sizeof(typename S::V) * Unroll, data, from, n,
                                  verify);
}

/// find_first_with on the widest lanes every build of this CPU family has:
/// SSE2, two vectors (32 positions) a block; elsewhere position by position.
template <class NeedleSet, class Verify>
size_t find_first(const char* data, size_t from, size_t n, Verify&& verify) {
#if defined(__SSE2__)
  return find_first_with<Sse2, 2, NeedleSet>(data, from, n, verify);
#else
  for (size_t i = from; i < n; ++i)
    if (NeedleSet::matches(data, i, n) && verify(i)) return i;
  return n;
#endif
}

}  // namespace
}  // namespace oomlens::needles
