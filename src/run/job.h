#pragma once
// `oomlens run`: the job as oomlens holds it (run/session_state.h). Its
// main process (pid, pidfd), the memory cgroup it is watched through (its
// own with --limit), the clock started at its spawn, and how it and the
// processes oomlens reaped ended. The session sets it up and the loop and
// the verdict read it; no I/O of its own but the clock.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cgroup/cgroup.h"
#include "supervise/job_cgroup.h"
#include "util/clock.h"
#include "util/result.h"

namespace oomlens::run {

struct JobHandle {
  /// The main process; with --pid the process followed (not our child).
  int pid = 0;
  /// Its pidfd (-1 where pidfd_open is unsupported): signalled and polled
  /// through it, it cannot name a reused pid.
  int pidfd = -1;
  /// --limit: the cgroup oomlens made for the job (or its systemd-run scope).
  std::optional<supervise::JobCgroup> own_cgroup;
  std::optional<cgroup::MemoryHierarchy> hierarchy;
  /// The memory cgroup the job is watched through ("" when none).
  std::string cgroup_dir;
  /// How the job entered own_cgroup (supervise/clone_into_cgroup.h names).
  std::string cgroup_entry;
  std::optional<SystemError> clone3_error;  ///< supervise::Spawned::clone3_error
  /// The whole argv when the job runs under systemd-run.
  std::vector<std::string> systemd_run_argv;
  /// CLOCK_MONOTONIC at the spawn (or the attach): t_s 0 of the record.
  double t0 = 0;
  /// The main process's wait status once reaped (or seen ended, --pid).
  std::optional<int> main_status;
  std::optional<double> main_exit_t;  ///< when, run-relative s
  bool main_status_known = true;      ///< false: attached, wait status not seen
  std::map<int, int> exit_status;     ///< reaped pid -> wait status
  // --pid
  std::shared_ptr<int> attach_dirfd;     ///< /proc/PID of the attached process
  std::vector<std::string> attached_cmd;  ///< its cmdline, for the header

  /// Seconds since t0 (t_s in the record).
  [[nodiscard]] double t_rel() const { return now_s() - t0; }
  [[nodiscard]] bool main_exited() const { return main_status.has_value(); }
};

}  // namespace oomlens::run
