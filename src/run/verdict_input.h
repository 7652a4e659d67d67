#pragma once
// `oomlens run`: the parts of the verdict's input (diagnose/verdict.h) that
// come from the job's process tree and from a /proc scan at the end. Each
// reads under a root, so they run on fixture trees.
#include <optional>
#include <string>
#include <vector>

#include "diagnose/verdict.h"
#include "monitor/tree.h"

namespace oomlens::run {

/// The userspace OOM killers running now (earlyoom, systemd-oomd, nohang:
/// diagnose::oom_daemon_kind, the detector `oomlens check` uses), each
/// named once, from one scan of PROC_DIR. Called at the end only, for a
/// job killed by a signal without a kernel kill of its own.
[[nodiscard]] std::vector<std::string> running_killer_daemons(const std::string& proc_dir);

/// What the tree tells the verdict: the main command (torchrun's agent
/// runs as `python3`), the program and worker counts, each worker's peak
/// PSS and private memory (the worker pool), the start method, and the
/// main program's anonymous-memory curve. Its curves end at the main
/// process's exit or the tree's first kernel OOM kill, whichever came
/// first (run-relative s). Uses vi.limit_bytes; sets nothing else.
void add_tree_to_verdict(const std::vector<monitor::TrackedProc>& procs, std::optional<double> main_exit_t,
                         std::optional<double> first_kill_t, diagnose::VerdictInput& vi);

}  // namespace oomlens::run
