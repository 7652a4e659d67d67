#pragma once
// The SIMD candidate loop of the anchor search (anchor_search.h): the pairs
// of bytes of its anchors, for util/needle_candidates.h's loop at both vector
// widths. Internal to kernel_log/anchor_search*.cpp.
//
// needles::next_block walks the bytes a vector at a time and, for each
// anchor, compares its first byte and one later byte at every position of
// the block. The lanes where both match are candidate starts;
// anchor_search.cpp verifies them (first_verified) and checks the tail byte
// by byte (scalar_find). The vectors are 32 bytes in anchor_search_avx2.cpp
// (built with -mavx2, called only when the CPU has AVX2) and 16 bytes (SSE2)
// in anchor_search.cpp. Nothing the AVX2 file compiles has external linkage
// the linker could share with the rest of the program: needle_candidates.h's
// templates are each file's own (an anonymous namespace), and the verifying
// functions are compiled once, without -mavx2, in anchor_search.cpp.
#include <cstddef>
#include <cstdint>

#include "util/needle_candidates.h"

namespace oomlens::anchor_detail {

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

/// needles::next_block on 32-byte vectors. anchor_search_avx2.cpp; x86 only,
/// call it only when the CPU has AVX2.
size_t avx2_next_candidates(const char* data, size_t i, size_t n, uint32_t* mask);
/// The same with the Tasks-table row among the anchors (find_anchor_or_row()).
size_t avx2_next_candidates_rows(const char* data, size_t i, size_t n, uint32_t* mask);

// Each anchor's first byte, and its second at its offset (anchor_search.cpp's
// kNeedles, which static_asserts that they agree). The anchors of one first
// byte share its test: the and is taken once, after the or of their second
// bytes (so the eighth anchor costs one compare and one or).
using needles::At;
using needles::Starting;
using AnchorPairs = needles::Set<Starting<'o', At<7, 'l'>,   // oom-kill
                                          At<8, 'y'>,        // of memory, of_memory
                                          At<6, 'm'>>,       // otal_vm (the Tasks table's header)
                                 Starting<'M', At<5, 'y'>,   // Memory
                                          At<9, 'M'>>,       // Manual OOM
                                 Starting<'p', At<6, 's'>>,  // process
                                 Starting<'T', At<6, 'n'>,   // Task in
                                          At<6, 's'>>,       // Tasks state (memory values in pages):
                                 Starting<'y', At<6, 'g'>>>; // y: usage
/// With a Tasks-table row: `[` and `]` 8 bytes on (`[   1234]`, 4.19+) or 6 (`[ 1234]`, before 4.19).
using AnchorPairsRows = needles::Set<Starting<'o', At<7, 'l'>, At<8, 'y'>, At<6, 'm'>>,
                                     Starting<'M', At<5, 'y'>, At<9, 'M'>>, Starting<'p', At<6, 's'>>,
                                     Starting<'T', At<6, 'n'>, At<6, 's'>>, Starting<'y', At<6, 'g'>>, Starting<'[', At<8, ']'>, At<6, ']'>>>;

}  // namespace oomlens::anchor_detail
