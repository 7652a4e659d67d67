#pragma once
// The fast prefilter of the scanner: finds the few strings that start or
// continue a kernel OOM report, in one pass over the bytes, without looking
// at lines. SIMD (AVX2 when the CPU has it, else SSE2) compares the first
// and a later byte of each anchor at 32/16 positions at once (Wojciech
// Muła's "SIMD-friendly substring search"), then verifies candidates with
// memcmp. Non-x86 builds use a portable byte loop.
//
// Anchors (case-sensitive):
//   "oom-kill"      `invoked oom-killer:`, `oom-kill:constraint=`
//   "process" after "Killed "/"reaped "/"Kill "/"kill "/"VM: killing "
//                   `Killed process`, `reaped process`, `Kill process`, `kill process`,
//                   Linux 2.4's `VM: killing process` (no pid, no report)
//   "of memory"     `Out of memory…`, `Memory cgroup out of memory`, no killable, OOM panics
//   "Memory cgroup" / "Memory limit"
//                   `Memory cgroup stats for` (excerpts starting there), `Memory limit reached`
//   "Manual OOM"    SysRq-f
//   "Task in "      cgroup v1 context line
//   "y: usage " after "memor"
//                   `memory: usage …kB, limit …kB, failcnt …` (mem_cgroup_print_oom_meminfo;
//                   excerpts whose header was cut)
//   "of_memory" after "out_" (verified as a variant of "of memory": the same SIMD test)
//                   a call-trace frame `out_of_memory+0x…`, `mem_cgroup_out_of_memory+0x…`
//                   (excerpts that start at the report's `CPU: … Comm:` line)
//   "otal_vm" after "tgid t" (spaces between the words)
//                   the Tasks table's header `[ pid ]   uid  tgid total_vm …` (excerpts
//                   of Mem-Info and the table only: report_scanner.cpp opens one there
//                   only when no report is open and no other anchor follows)
//   "Tasks state (memory values in pages):"
//                   dump_tasks()'s first line (4.19+), printed in an OOM report only; opens one as the
//                   table header does (a paste cut right after it, memory.stat lines before it)
//   "[" with "]" 8 or 6 bytes on, a pid right-aligned between them, then the uid (find_anchor_or_row() only)
//                   a Tasks-table row, 4.19+ `[   1234]     0  1234 …` or older `[ 1234]` (pastes of table rows
//                   alone: report_scanner.cpp opens a report there only when no report is
//                   open, another row follows and no other anchor does, as for the header).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernel_log/evidence_words.h"

namespace oomlens {

/// Offset of the first anchor in [data, data + n), or n when there is none.
/// The returned offset points into the line holding the anchor.
size_t find_anchor(const char* data, size_t n);
/// find_anchor() with a Tasks-table row among the anchors: for input
/// whose first bytes hold one (holds_table_row(): the scanner's probe), so
/// other input pays nothing for it.
size_t find_anchor_or_row(const char* data, size_t n);
/// find_anchor() (find_anchor_or_row() with `rows`) that also finds the
/// evidence words (evidence_words.h) in the same pass: appends the offset of
/// each that starts before the returned anchor to `words`, in order. An
/// evidence word that is an anchor too (Slurm's `oom-kill event`, systemd's
/// `oom-kill'`) is the anchor. `which`: every word, or the kill words alone
/// (Watched::kills: a sweep that costs little more than find_anchor()'s).
size_t find_anchor_watching(const char* data, size_t n, bool rows, std::vector<size_t>& words,
                            evidence_words::Watched which = evidence_words::Watched::every_word);
/// Offset of the first evidence word (evidence_words.h) in [data + from,
/// data + n), or n.
size_t find_evidence_word(const char* data, size_t from, size_t n);
/// Whether [data, data + n) holds the start of a Tasks-table row.
bool holds_table_row(const char* data, size_t n);

}  // namespace oomlens
