// The AVX2 width of the anchor search (anchor_simd.h). CMakeLists.txt builds
// this file alone with -mavx2; anchor_search.cpp calls it only on a CPU with
// AVX2. It includes nothing whose inline code the linker could share with
// the rest of the program (see anchor_simd.h).
#include "kernel_log/anchor_simd.h"

#if defined(__x86_64__) || defined(__i386__)

namespace oomlens::anchor_detail {

size_t avx2_next_candidates(const char* data, size_t i, size_t n, uint32_t* mask) {
  return needles::next_block<needles::Avx2, AnchorPairs>(data, i, n, mask);
}

size_t avx2_next_candidates_rows(const char* data, size_t i, size_t n, uint32_t* mask) {
  return needles::next_block<needles::Avx2, AnchorPairsRows>(data, i, n, mask);
}

}  // namespace oomlens::anchor_detail
#endif
