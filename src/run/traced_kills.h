#pragma once
// `oomlens run`: the OOM killer's victims from oom:mark_victim
// (trace/oom_trace.h) joined to the run's kills (issue 16). Pure: the
// session (run/session_verdict.cpp, join_traced_kills) finds what the tree,
// the kernel log and taskstats know of each victim, and records the kills.
#include <optional>

#include "diagnose/verdict.h"
#include "trace/oom_trace.h"

namespace oomlens::run {

/// The figures mark_victim printed for `v` (kB, converted to bytes) on kill
/// `k`, which becomes `traced`: file-rss, shmem-rss, total-vm, page tables
/// and oom_score_adj at the kill, null where this kernel's format prints
/// none; anon-rss only when the kernel log gave none. The tracepoint prints
/// no constraint: limit_bytes is left as it is.
void add_traced_figures(diagnose::TreeKill& k, const trace::MarkVictim& v);

/// The kill of a process the job started that no /proc pass saw (taskstats
/// counted its exit by SIGKILL: ProcessAccounting::unseen_sigkilled),
/// named by the trace: the kernel log's kill of it when the log had one
/// (`logged`, kept as "unrelated" for want of a pass), else the trace's pid
/// and comm. Its role is "other" (neither main nor a role a pass told);
/// what only a pass measures (peak PSS, its age, rank) stays null, never
/// invented. The trace's figures are added (add_traced_figures).
[[nodiscard]] diagnose::TreeKill unseen_traced_kill(const trace::MarkVictim& v,
                                                    std::optional<diagnose::TreeKill> logged);

}  // namespace oomlens::run
