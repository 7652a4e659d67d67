#pragma once
// Starting the supervised job through the launcher (util/launch.h): its
// signal state restored and (optionally) the job placed in a memory cgroup,
// given a controlling terminal and its stderr sent into a pipe, before exec.
// oomlens blocks the signals it reads through a signalfd, so the job must
// not start with SIGINT/SIGTERM blocked.
#include <optional>
#include <string>
#include <vector>

#include "util/result.h"

namespace oomlens::supervise {

struct SpawnOptions {
  std::vector<std::string> argv;          ///< argv[0] is looked up in PATH (execvp)
  /// The job's cgroup: entered before exec, either at birth (clone3 with
  /// CLONE_INTO_CGROUP, when `clone_into_cgroup`) or by the child writing
  /// its pid to DIR/cgroup.procs (fork; v1, kernels before 5.7, or any
  /// clone3 failure).
  std::optional<std::string> cgroup_dir;
  int stderr_fd = -1;                     ///< when >= 0, dup2'ed onto the child's fd 2
  /// --capture-tty: the child calls setsid(), opens this pty slave as its
  /// controlling terminal and dup2s it onto each fd N with bit N of
  /// `pty_fds_mask` set (supervise/pty.h).
  std::optional<std::string> pty_slave;
  int pty_fds_mask = 0;
  bool clone_into_cgroup = false;  ///< with cgroup_dir: try clone3 first (cgroup v2 only: v1 gives EBADF)
};

struct Spawned {
  int pid = -1;
  int pidfd = -1;  ///< from clone3 (CLONE_PIDFD) or pidfd_open(2) (5.3+); -1 where unsupported (then SIGCHLD drives the loop)
  /// How the job entered `cgroup_dir`: kEntryCloneIntoCgroup or
  /// kEntryCgroupProcs (clone_into_cgroup.h); empty without a cgroup_dir.
  std::string cgroup_entry;
  /// clone3 was tried and failed (what kClone3What, its errno: ENOSYS,
  /// EBADF, ...), or the cgroup directory could not be opened for it ("open
  /// DIR" and the errno); the record keeps clone3_error_text() of it.
  std::optional<SystemError> clone3_error;
};

/// Forks (clone3 into the cgroup where asked and possible) and execs. On
/// success the child runs the command; on failure the child has exited and
/// been reaped, and the error says what failed with its errno (launch()'s
/// errors); the shell's exit status for it is
/// exit_code_for_launch_error() (127 not found, 126 not executable, 125
/// oomlens's own failure: fork, cgroup entry, terminal).
[[nodiscard]] Result<Spawned> spawn_job(const SpawnOptions& options);

}  // namespace oomlens::supervise
