#pragma once
// Signal rules of `oomlens run` and how it ends like its job.
//
// The job stays in oomlens's process group, so what the terminal sends to
// the foreground group (Ctrl-C SIGINT, Ctrl-\ SIGQUIT, SIGHUP on hangup,
// SIGWINCH) reaches the job once, directly; forwarding those again would
// deliver them twice. Signals another process sends to oomlens alone
// (kill(2), sigqueue(3): si_code SI_USER/SI_QUEUE/SI_TKILL) are forwarded.
// SIGTSTP/SIGTTIN/SIGTTOU are never blocked or intercepted, so job control
// stops oomlens and the job together.
#include <csignal>
#include <optional>

#include "diagnose/process_end.h"
#include "util/exit_status.h"

namespace oomlens::supervise {

/// Signals oomlens reads through its signalfd (blocked in oomlens, restored
/// in the child before exec): SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1,
/// SIGUSR2, SIGCHLD. SIGPIPE is ignored in oomlens (its stderr pass-through
/// must survive a closed reader) and reset in the child.
sigset_t supervised_signals();

/// Whether a signal read from the signalfd goes on to the job: the five
/// forwardable signals and SIGINT, when a process sent them
/// (si_code <= 0: SI_USER, SI_QUEUE, SI_TKILL), never when the kernel did
/// (terminal-generated, si_code SI_KERNEL), never SIGCHLD.
[[nodiscard]] bool should_forward(int signo, int si_code);

/// How the job ended, from its wait status.
using JobEnd = diagnose::ProcessEnd;
[[nodiscard]] JobEnd job_end_from_wait_status(int status);
/// The shell's figure: the exit code, or 128 + signal.
[[nodiscard]] int shell_status(const JobEnd& end);

/// Ends oomlens the way the job ended: exit(code), or for a signal death
/// RLIMIT_CORE 0, default disposition, unblock, raise(sig) so the parent
/// sees the same signal death; falls back to exit(128+sig) when the signal
/// cannot kill (e.g. SIGCHLD default is ignore).
[[noreturn]] void end_like(const JobEnd& end);

}  // namespace oomlens::supervise
