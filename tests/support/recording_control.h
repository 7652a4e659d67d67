#pragma once
// A ProcessControl (supervise/process_control.h) that records the signals
// it is asked to send instead of sending them: pids listed in `gone`
// answer ESRCH, as a process that exited meanwhile does. It derives from
// the system's, so its cgroup kill is the real one (cgroup.kill, else each
// pid of cgroup.procs) run on a fixture tree, with the signals recorded.
#include <cerrno>
#include <set>
#include <string>
#include <vector>

#include "supervise/process_control.h"

namespace oomlens::testing {

class RecordingControl : public supervise::SystemProcessControl {
 public:
  struct Sent {
    int pid, pidfd, sig;
    bool operator==(const Sent&) const = default;
  };
  std::vector<Sent> sent;  ///< every signal asked for, in order (those to gone pids too)
  std::set<int> gone;      ///< pids that answer ESRCH

  Status signal(int pid, int pidfd, int sig) override {
    sent.push_back({pid, pidfd, sig});
    if (gone.count(pid)) return system_error("send signal " + std::to_string(sig) + " to " + std::to_string(pid), ESRCH);
    return kOk;
  }
  /// A held pidfd is never opened: signal() gets -1 for what it names.
  Result<UniqueFd> open_pidfd(int pid) override {
    if (gone.count(pid)) return system_error("pidfd_open " + std::to_string(pid), ESRCH);
    return UniqueFd();
  }
};

}  // namespace oomlens::testing
