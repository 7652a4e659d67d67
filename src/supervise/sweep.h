#pragma once
// `oomlens sweep`: runs each point, one at a time, as a whole `oomlens run`
// (this binary, /proc/self/exe) in its own memory cgroup, with its own
// record, then reads the verdict and figures back (diagnose/sweep_point.h).
// docs/sweep.md.
#include <optional>
#include <string>
#include <vector>

#include "diagnose/sweep_plan.h"
#include "diagnose/sweep_point.h"

namespace oomlens::supervise {

struct SweepRunOptions {
  std::string dir;                   ///< where the records and logs go (created)
  std::string limit = "100%";        ///< each point's --limit (100 %: its own cgroup, no tighter limit)
  std::optional<double> for_s;       ///< --for: SIGTERM after this long...
  double grace_s = 10;               ///< ...then SIGKILL of the point's cgroup after this
  std::vector<std::string> run_args; ///< more `run` options (e.g. --pss-interval)
};

/// Runs one point and waits for it (`say` gets one progress line).
[[nodiscard]] diagnose::SweepPointResult run_sweep_point(const diagnose::SweepPoint& point, int index, int total,
                                          const SweepRunOptions& options);

/// The `oomlens run` argv of one point (pure): EXE run --record R --limit L
/// [run_args] -- ARGV.
[[nodiscard]] std::vector<std::string> sweep_point_argv(const std::string& exe, const std::string& record,
                                                        const SweepRunOptions& options,
                                                        const std::vector<std::string>& job);

/// Whether SIGINT/SIGTERM asked the sweep to stop (no further point starts).
[[nodiscard]] bool sweep_interrupted();

}  // namespace oomlens::supervise
