// The system's ProcessControl (see process_control.h).
#include "supervise/process_control.h"

#include <csignal>
#include <string>
#include <utility>

namespace oomlens::supervise {

Status SystemProcessControl::signal(int pid, int pidfd, int sig) { return send_signal(pid, pidfd, sig); }

Result<UniqueFd> SystemProcessControl::open_pidfd(int pid) {
  UniqueFd fd(pidfd_open(pid));
  if (!fd) return system_error("pidfd_open " + std::to_string(pid));
  return Result<UniqueFd>(std::move(fd));
}

cgroup::MembersKilled SystemProcessControl::kill_cgroup(const std::string& dir) {
  return cgroup::kill_members(dir, [this](int pid) { return signal(pid, -1, SIGKILL); });
}

ProcessControl& system_process_control() {
  static SystemProcessControl control;
  return control;
}

}  // namespace oomlens::supervise
