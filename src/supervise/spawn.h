#pragma once
// Starting the supervised job: fork, then exec, with the child's signal
// state restored and (optionally) the child placed in a memory cgroup and
// its stderr sent into a pipe, before exec.
//
// Why fork-then-exec by hand: oom_score_adj, the signal mask and ignored
// dispositions are inherited across fork and exec. oomlens blocks the
// signals it reads through a signalfd, so the child must unblock them and
// reset every disposition to SIG_DFL before exec, or the job would start
// with SIGINT/SIGTERM blocked.
#include <optional>
#include <variant>
#include <string>
#include <vector>

namespace oomlens::supervise {

struct SpawnOptions {
  std::vector<std::string> argv;          ///< argv[0] is looked up in PATH (execvp)
  std::optional<std::string> cgroup_dir;  ///< the child writes its pid to DIR/cgroup.procs before exec
  int stderr_fd = -1;                     ///< when >= 0, dup2'ed onto the child's fd 2
  /// --capture-tty: the child calls setsid(), opens this pty slave as its
  /// controlling terminal and dup2s it onto each fd N with bit N of
  /// `pty_fds_mask` set (supervise/pty.h).
  std::optional<std::string> pty_slave;
  int pty_fds_mask = 0;
};

struct Spawned {
  int pid = -1;
  int pidfd = -1;  ///< pidfd_open(2) (5.3+); -1 where unsupported (then SIGCHLD drives the loop)
};

/// Why the job could not be started. `exit_code` follows the shell:
/// 127 command not found, 126 found but not executable, 125 oomlens's own
/// failure (fork, cgroup entry).
struct SpawnError {
  int exit_code = 125;
  std::string message;
};

/// Forks and execs. On success the child runs the command; on failure the
/// child has exited and been reaped, and the error says why (the child
/// reports exec's errno through a close-on-exec pipe).
[[nodiscard]] std::variant<Spawned, SpawnError> spawn_job(const SpawnOptions& options);

/// Maps an errno of execvp/cgroup entry to the shell's exit code.
[[nodiscard]] int exit_code_for_exec_errno(int err);

}  // namespace oomlens::supervise
