#pragma once
// `oomlens run`: the whole supervision as a list of named steps
// (run/session.cpp): open the record, make the job's cgroup, follow
// the kernel log, spawn, loop (signals, exit, stderr, kernel kills,
// samples), follow orphans, clean up, decide, write and print the verdict,
// then end like the job.
#include <optional>
#include <string>
#include <vector>

#include "guard/options.h"
#include "supervise/job_cgroup.h"

namespace oomlens::run {

struct RunOptions {
  std::vector<std::string> argv;  ///< the command (empty with attach_pid)
  /// `--pid PID`: attach to a running process instead of starting one
  /// (run/session_attach.cpp): never signalled, never waited for.
  std::optional<int> attach_pid;
  /// `--capture-tty`: run the job on a pseudo-terminal (supervise/pty.h).
  bool capture_tty = false;
  std::string record_path;
  /// record_path is oomlens's default name: created new (O_EXCL), with a
  /// `-N` suffix when taken (util/safe_open.h create_unique), never opened
  /// through a file or symlink someone planted under it.
  bool record_path_is_default = false;
  std::optional<std::string> verdict_json_path;
  std::optional<supervise::LimitSpec> limit;
  bool allow_swap = false;
  double tick_s = 0.1;          ///< status sampling period (10 Hz)
  double write_s = 1.0;         ///< sample lines written at 1 Hz
  double pss_min_s = 2.0;       ///< smaps_rollup at most this often...
  double pss_budget = 0.004;    ///< ...and at most this fraction of one core (CPU time)
  double linger_s = 30.0;       ///< how long orphans are followed after the main process ends
  bool sparkline = true;
  /// `--sites`: preload liboomlens-sites.so; the verdict gets peak_sites (run/sites.h).
  bool sites = false;
  guard::GuardOptions guard;    ///< --warn/--act/--action/--budget/--py-* (guard/options.h)
  /// The root the run reads the kernel's files under: ROOT/proc, ROOT/dev/kmsg
  /// and the cgroup mounts of ROOT/proc/self/mountinfo ("/"; tests: a fixture
  /// tree, tests/support/fixture_tree.h). The job's own cgroup (--limit) is
  /// made under the host's hierarchy (supervise::create_job_cgroup).
  std::string proc_root = "/";
};

/// Runs the job. Returns only on oomlens's own failure (the exit code: 125,
/// or 126/127 when the command cannot be run/found); otherwise ends the
/// process the way the job ended (supervise/signals.h: end_like()). With
/// attach_pid: the way the job ended when that was seen, else exit 0 after
/// the verdict (docs/run.md, "--pid").
[[nodiscard]] int run_job(const RunOptions& options);

/// The default record name `oomlens-<cmd>-<YYYYmmdd-HHMMSS>.jsonl` (pure:
/// `cmd` is argv[0]'s basename sanitised to [A-Za-z0-9._-]).
[[nodiscard]] std::string default_record_name(const std::string& argv0, long epoch_s);

}  // namespace oomlens::run
