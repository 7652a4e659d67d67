#pragma once
// The byte pairs of the userspace-evidence scan (userspace_evidence.cpp), for
// that file and userspace_evidence_avx2.cpp, which CMakeLists.txt builds alone
// with -mavx2 (util/needle_candidates.h: nothing either compiles from there
// has external linkage).
#include <cstddef>
#include <cstdint>

#include "util/needle_candidates.h"

namespace oomlens::diagnose::evidence_detail {
namespace {  // each file its own copy, as util/needle_candidates.h

// Every sentence needs one of these in its line: slurm() `oom-kill event` or `oom_kill event`, memory_high()
// `high `, systemd_unit() `OOM killer` (both of its wordings), killers() kKillerWords: a needle's first byte
// and its fourth (`h`…`h`; `o` and `-`, `_` or `d`; `O`…` `; `s` or `S` and `d`; `k` or `K` and `l`), a pair
// few positions of a log hold; only those are compared whole (a byte loop, or a memmem pass per word, read
// every byte). Each pair is a compare a block, and a letter in either case one (StartingEitherCase): on a log
// without a report the scan reads the whole input, at 32 positions a block on a CPU with AVX2
// (userspace_evidence_avx2.cpp), else 16 (SSE2).
using EvidencePairs =
    needles::Set<needles::Starting<'h', needles::At<3, 'h'>>,
                 needles::Starting<'o', needles::At<3, '-'>, needles::At<3, '_'>, needles::At<3, 'd'>>,
                 needles::Starting<'O', needles::At<3, ' '>>,
                 needles::StartingEitherCase<'s', needles::At<3, 'd'>>,
                 needles::StartingEitherCase<'k', needles::At<3, 'l'>>>;

}  // namespace

/// needles::next_block<Avx2, EvidencePairs> (one block of 32 positions), built
/// with -mavx2: call it only when kernel_log's have_avx2() holds. x86 only.
size_t avx2_next_evidence_candidates(const char* data, size_t i, size_t n, uint32_t* mask);

}  // namespace oomlens::diagnose::evidence_detail
