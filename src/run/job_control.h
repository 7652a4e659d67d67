#pragma once
// `oomlens run`: what the session does to its job, through the
// ProcessControl it holds (supervise/process_control.h), as functions of
// the JobHandle so tests run them on fixture trees with a recording
// control (tests/run/job_control_test.cpp):
//
//   route_signal()    one signal read from the session's signalfd: sent on
//                     to the job's main process through its pidfd, or not
//                     (Session::read_signals(), session_loop.cpp)
//   end_own_cgroup()  --limit's cgroup at the end: its oom_kill counter,
//                     then every process left in it SIGKILLed and the
//                     directory removed (Session::cleanup(), session_verdict.cpp)
//
// How the run then ends (the exit status: the job's code, 128 + its
// signal, 75 after the guard's action) is decided by run_end.h and carried
// out by supervise::end_like().
#include <cstdint>
#include <optional>

#include "run/job.h"
#include "supervise/process_control.h"
#include "util/result.h"

namespace oomlens::run {

/// What one signal read from the signalfd does. Every signal is routed on
/// its own: a second SIGINT or SIGTERM is forwarded again like the first,
/// never escalated by oomlens (escalation is the guard's, guard/runner.h).
struct SignalRoute {
  bool resize_pty = false;   ///< SIGWINCH (read only with --capture-tty): the pty takes the new size
  /// The main process has ended: SIGINT or SIGTERM stop following its
  /// orphans (nothing is sent; they are not the job's main process).
  bool stop_linger = false;
  /// --pid: the signal that makes oomlens stop following the process
  /// (never sent on; SIGUSR1/SIGUSR2 are ignored).
  int detach_signal = 0;
  /// The main process runs: the record gets a signal_forwarded or
  /// signal_not_forwarded event.
  bool recorded = false;
  /// Sent on to the main process (supervise::should_forward(), or every
  /// signal under --capture-tty, whose job is in a session of its own).
  bool forwarded = false;
  /// The forwarding failed (ESRCH: the main process exited meanwhile, not
  /// yet reaped by the loop): never fatal, the loop reaps it.
  std::optional<SystemError> error;
};

/// Routes `sig` (its siginfo `si_code`) for `job`: `attached` with --pid,
/// `pty` with --capture-tty. Signals only the job's main process, through
/// `control` and the job's pidfd: our unreaped child (its pid cannot have
/// been reused) and never an attached process.
[[nodiscard]] SignalRoute route_signal(const JobHandle& job, bool attached, bool pty, int sig, int si_code,
                                       supervise::ProcessControl& control);

/// What the end of the job's own cgroup found and did.
struct OwnCgroupEnd {
  std::optional<uint64_t> oom_kill;         ///< its oom_kill counter now (nullopt: unreadable)
  std::optional<uint64_t> leftover_killed;  ///< processes it still held, which were SIGKILLed
  std::optional<SystemError> error;         ///< the cgroup could not be removed (what, errno)
};

/// --limit's cgroup at the end (nullopt without one): its oom_kill counter
/// read, then, unless it is a systemd-run scope (systemd's: it goes when
/// empty), every process still in it SIGKILLed through `control`
/// (cgroup.kill, else each pid of cgroup.procs: cgroup::kill_and_remove
/// with the control's signal()) and the directory removed, waiting up to
/// `timeout_ms` for it to empty. Everything in it is the job's: oomlens
/// never enters it.
[[nodiscard]] std::optional<OwnCgroupEnd> end_own_cgroup(const JobHandle& job, supervise::ProcessControl& control,
                                                         int timeout_ms = 10000);

}  // namespace oomlens::run
