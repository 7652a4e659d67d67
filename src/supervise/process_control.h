#pragma once
// The seam between `run` (its session and its guard) and the processes
// and cgroups they act on, as protect/ has AdjIo: every signal `run` sends
// and every cgroup it kills goes through a ProcessControl. The session
// holds the system's (system_process_control()); tests hand the guard one
// that records signals instead of sending them (tests/guard/), and derive
// from SystemProcessControl to run its cgroup kill on a fixture tree.
//
// What may be signalled is decided by the callers (guard/runner.h: the
// job's main process, the job's own cgroup, tracked processes checked by
// start time); this seam only carries it out.
#include <string>

#include "cgroup/cgroup.h"
#include "util/fd.h"
#include "util/result.h"

namespace oomlens::supervise {

class ProcessControl {
 public:
  virtual ~ProcessControl() = default;
  /// `sig` to `pid`, through `pidfd` when one is held (>= 0), else kill(2)
  /// (util/fd.h send_signal()). The error names the pid and the signal,
  /// with errno: ESRCH when it has exited (the caller reports it).
  [[nodiscard]] virtual Status signal(int pid, int pidfd, int sig) = 0;
  /// A handle that names `pid` and never a later reuse of its number: a
  /// pidfd (pidfd_open(2), 5.3+). The error: ESRCH gone, ENOSYS unsupported.
  [[nodiscard]] virtual Result<UniqueFd> open_pidfd(int pid) = 0;
  /// SIGKILL to every process of the cgroup `dir` (cgroup::kill_members:
  /// cgroup.kill on v2 5.14+, else each pid of cgroup.procs through
  /// signal()).
  [[nodiscard]] virtual cgroup::MembersKilled kill_cgroup(const std::string& dir) = 0;
};

/// The real system calls. Not final: a test derives from it and overrides
/// signal() (and open_pidfd()) to record, keeping the real cgroup kill.
class SystemProcessControl : public ProcessControl {
 public:
  [[nodiscard]] Status signal(int pid, int pidfd, int sig) override;
  [[nodiscard]] Result<UniqueFd> open_pidfd(int pid) override;
  [[nodiscard]] cgroup::MembersKilled kill_cgroup(const std::string& dir) override;
};

/// The process-wide SystemProcessControl (what `run` uses outside tests).
[[nodiscard]] ProcessControl& system_process_control();

}  // namespace oomlens::supervise
