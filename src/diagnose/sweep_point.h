#pragma once
// `oomlens sweep`: one point's figures, read back from its `run` record
// (docs/schema/record.schema.json). Pure: a Record in, figures out.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "monitor/record.h"

namespace oomlens::diagnose {

struct PointFigures {
  std::optional<uint64_t> peak_pss_bytes;         ///< verdict peak.tree_pss_bytes
  std::optional<double> t_peak_s;                 ///< when that peak was seen (seconds from the start)
  /// What the memory cgroup charges and the limit compares: the cgroup's
  /// anon+shmem peak (peak.cgroup_anon_shmem_bytes), else the tree's
  /// anon+shmem PSS peak.
  std::optional<uint64_t> peak_anon_shmem_bytes;
  std::optional<uint64_t> cgroup_peak_bytes;      ///< peak.cgroup_usage_bytes
  std::optional<uint64_t> limit_bytes;            ///< the point's cgroup limit
  std::optional<uint64_t> main_peak_pss_bytes;    ///< the main process's peak PSS
  std::optional<uint64_t> worker_peak_pss_bytes;  ///< the largest worker's peak PSS
  int workers = 0;                                ///< processes with role `worker`
  std::string cause;                              ///< the verdict's cause ("" without a verdict)
  std::string summary;
  std::optional<int> shell_status;                ///< exit code or 128 + signal
  bool oom_killed = false;                        ///< cause oom_killed/worker_oom_killed: peaks are lower bounds
  bool still_rising = false;                      ///< anon+shmem had not levelled off at the end (sweep_fit.h)
};

[[nodiscard]] PointFigures point_figures(const monitor::Record& rec);

/// One point of a sweep, run and read back.
struct SweepPointResult {
  std::map<std::string, std::string> params;  ///< name -> value as typed
  std::string record;                         ///< the point's run record
  std::string log;                            ///< its run's stdout and stderr
  bool stopped_by_for = false;                ///< --for ended it
  PointFigures figures;
};

}  // namespace oomlens::diagnose
