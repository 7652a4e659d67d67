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

/// A worker's figures for the verdict, up to `end_s` (the main process's
/// end or the tree's first kernel OOM kill). After the main process is
/// gone, a worker lingering as an orphan maps alone the pages it shared
/// with it: its PSS and USS jump by the main's share (measured: an orphaned
/// DataLoader worker from 68 MiB private to 205 MiB), which is neither
/// memory it allocated nor a copy-on-read copy, and adding it to the
/// workers' PSS counts the main's memory twice. Passes after `end_s` are
/// then left out (from `private_series`, thinned for a long life, so its
/// highest point before `end_s` may be a little low); a worker measured
/// only after it, or never, has no figures (`peak` and `peak_pss_bytes`
/// nullopt: unknown, never 0).
struct WorkerPeaks {
  std::optional<monitor::TrackedProc::PrivateAt> peak;  ///< the pass with the highest USS
  bool growing_at_last_pass = false;  ///< that pass was its last one counted, above its first
  std::optional<uint64_t> peak_pss_bytes;  ///< nullopt: no PSS read (smaps_rollup) counted
  std::optional<double> peak_pss_t_s;      ///< when (run-relative s); with peak_pss_bytes
};

[[nodiscard]] WorkerPeaks worker_peaks(const monitor::TrackedProc& p, std::optional<double> end_s);

/// When the job's growth stopped, run-relative s: the main process's end
/// (`main_exit_t`) or the tree's first kernel OOM kill, whichever came
/// first; nullopt when neither is known. worker_peaks()' `end_s`.
[[nodiscard]] std::optional<double> growth_end_s(std::optional<double> main_exit_t, std::optional<double> first_kill_t);

/// What the tree tells the verdict: the main command (torchrun's agent
/// runs as `python3`), the program and worker counts, each worker's peak
/// PSS and private memory (the worker pool), the start method, and the
/// main program's anonymous-memory curve. Its curves end at the main
/// process's exit or the tree's first kernel OOM kill, whichever came
/// first (run-relative s). Uses vi.limit_bytes; sets nothing else.
void add_tree_to_verdict(const std::vector<monitor::TrackedProc>& procs, std::optional<double> main_exit_t,
                         std::optional<double> first_kill_t, diagnose::VerdictInput& vi);

}  // namespace oomlens::run
