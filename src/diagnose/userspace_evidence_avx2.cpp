// The AVX2 width of the userspace-evidence scan (userspace_evidence_pairs.h).
// CMakeLists.txt builds this file alone with -mavx2; userspace_evidence.cpp
// calls it only on a CPU with AVX2. It includes nothing whose inline code the
// linker could share with the rest of the program.
#include "diagnose/userspace_evidence_pairs.h"

#if defined(__x86_64__) || defined(__i386__)

namespace oomlens::diagnose::evidence_detail {

size_t avx2_next_evidence_candidates(const char* data, size_t i, size_t n, uint32_t* mask) {
  return needles::next_block<needles::Avx2, EvidencePairs>(data, i, n, mask);
}

}  // namespace oomlens::diagnose::evidence_detail
#endif
