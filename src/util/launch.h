#pragma once
// The one way oomlens starts a command: fork (or clone3 into a cgroup),
// set the child up, exec. Every failure of the child before exec (and
// exec's own) comes back to the parent through one close-on-exec error
// pipe, with its errno, so launch() returns only once the command runs or
// has failed (and been reaped).
//
// Why fork-then-exec by hand rather than posix_spawn: the job needs steps
// posix_spawn has no action for (entering a cgroup, a controlling
// terminal, its own oom_score_adj), and oomlens blocks the signals it
// reads through a signalfd: the mask and ignored dispositions survive
// exec (signal(7)), so the child resets them first.
//
// The child makes only async-signal-safe calls and never allocates: the
// parent builds argv, the environment and the paths before the fork (after
// a raw clone3 no atfork handler has reset malloc's locks).
#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "util/fd.h"
#include "util/result.h"

namespace oomlens {

struct LaunchOptions {
  std::vector<std::string> argv;  ///< argv[0] is looked up in PATH unless it holds a '/' (execvp)
  /// The command's whole environment ("K=V" each); nullopt: oomlens's own.
  std::optional<std::vector<std::string>> env;
  int stdin_fd = -1;   ///< when >= 0, dup2'ed onto the child's fd 0
  int stdout_fd = -1;  ///< ... onto fd 1
  int stderr_fd = -1;  ///< ... onto fd 2
  /// Every catchable disposition back to SIG_DFL and an empty signal mask.
  /// Off only where a command must keep what oomlens inherited (protect
  /// CMD, like a shell's `exec`).
  bool reset_signals = true;
  /// Written to /proc/self/oom_score_adj before exec (it is inherited over exec).
  std::optional<int> oom_score_adj;
  /// An open cgroup v2 directory: clone3(CLONE_INTO_CGROUP) makes the child
  /// there (Linux 5.7+; no write to cgroup.procs). On any failure the
  /// launcher falls back to fork and `cgroup_procs`.
  int cgroup_fd = -1;
  /// "DIR/cgroup.procs": the forked child writes its pid there before exec
  /// (v1 does not move charges made before a move, so enter first).
  std::string cgroup_procs;
  /// A pty slave: the child calls setsid(), makes it its controlling
  /// terminal and dup2s it onto each fd N with bit N of `pty_fds_mask` set.
  std::string pty_slave;
  int pty_fds_mask = 0;
  /// Open a pidfd of the child (pidfd_open, Linux 5.3+) when clone3 gave none.
  bool want_pidfd = false;
};

struct Launched {
  pid_t pid = -1;
  UniqueFd pidfd;  ///< from clone3 or (with want_pidfd) pidfd_open; none before 5.3
  bool cloned_into_cgroup = false;  ///< clone3(CLONE_INTO_CGROUP) made the child in cgroup_fd
  int clone3_errno = 0;             ///< clone3 was tried and failed with this errno (then fork was used)
};

/// Starts the command. On success it runs (its pid is the caller's to
/// reap); on failure nothing runs and the error says what failed, with its
/// errno: "command not found: CMD" (exec, ENOENT and the like) or "cannot
/// run command: CMD" (exec, any other errno), "cannot enter memory cgroup
/// (PATH)", "open /proc/self/oom_score_adj", "write
/// /proc/self/oom_score_adj", "cannot set up the job's terminal", "cannot
/// redirect stdin|stdout|stderr", "fork", a pipe's error, or "no command
/// given" (errnum 0).
[[nodiscard]] Result<Launched> launch(const LaunchOptions& options);

/// Whether the error is exec's (the command could not be run), not one of
/// the steps before it (oomlens's own failure).
[[nodiscard]] bool exec_failed(const SystemError& error);

/// The shell's exit status for an errno of exec (POSIX 2.8.2): 127 not
/// found (ENOENT, ENOTDIR, ENAMETOOLONG, ELOOP), 126 found but not executable.
[[nodiscard]] int exit_code_for_exec_errno(int err);

/// The shell's exit status for a launch() error: exec's (127/126) from its
/// errno, 125 (kExitOwnFailure) for every step before exec.
[[nodiscard]] int exit_code_for_launch_error(const SystemError& error);

/// oomlens's environment without the variables starting with any of
/// `drop_prefixes` ("LD_PRELOAD=", "OOMLENS_"), then `set` ("K=V" each),
/// which replaces a variable of the same name.
[[nodiscard]] std::vector<std::string> environment_with(const std::vector<std::string>& drop_prefixes,
                                                        const std::vector<std::string>& set);

}  // namespace oomlens
