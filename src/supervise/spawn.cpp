// The supervised job, started by the launcher (see spawn.h).
#include "supervise/spawn.h"

#include "supervise/clone_into_cgroup.h"
#include "util/fd.h"
#include "util/i18n.h"
#include "util/launch.h"

#include <fcntl.h>

#include <cerrno>
#include <string>
#include <vector>

namespace oomlens::supervise {
namespace {

// oomlens sets LANGUAGE=zh_CN in its own environment to speak Chinese
// (util/i18n.h); the job gets the user's LANGUAGE back (or none), so
// `oomlens --lang zh_CN run -- cmd` does not change cmd's language.
// nullopt when the job's environment is oomlens's.
std::optional<std::vector<std::string>> job_environment() {
  if (i18n::language() != "zh_CN") return std::nullopt;
  const auto& saved = i18n::original_language_env();
  std::vector<std::string> set;
  if (saved.had) set.push_back("LANGUAGE=" + saved.value);
  return environment_with({"LANGUAGE="}, set);
}

}  // namespace

Result<Spawned> spawn_job(const SpawnOptions& o) {
  LaunchOptions lo;
  lo.argv = o.argv;
  lo.env = job_environment();
  lo.stderr_fd = o.stderr_fd;
  if (o.pty_slave) {
    lo.pty_slave = *o.pty_slave;
    lo.pty_fds_mask = o.pty_fds_mask;
  }
  lo.want_pidfd = true;  // -1 before 5.3: SIGCHLD drives the loop
  Spawned s;
  UniqueFd cfd;
  if (o.cgroup_dir) {
    lo.cgroup_procs = *o.cgroup_dir + "/cgroup.procs";
    if (o.clone_into_cgroup) {
      cfd.reset(::open(o.cgroup_dir->c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
      if (!cfd) s.clone3_error = system_error("open " + *o.cgroup_dir);
      lo.cgroup_fd = cfd.get();
    }
  }
  auto l = launch(lo);
  if (!l) return l.error();
  if (l->clone3_errno) s.clone3_error = SystemError{l->clone3_errno, kClone3What};
  if (o.cgroup_dir) s.cgroup_entry = l->cloned_into_cgroup ? kEntryCloneIntoCgroup : kEntryCgroupProcs;
  s.pid = l->pid;
  s.pidfd = l->pidfd.release();  // the session's now
  return s;
}

}  // namespace oomlens::supervise
