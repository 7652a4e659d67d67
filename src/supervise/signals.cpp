// Signal forwarding rules and exit-status mirroring (see signals.h).
#include "supervise/signals.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

namespace oomlens::supervise {

sigset_t supervised_signals() {
  sigset_t s;
  sigemptyset(&s);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGCHLD}) sigaddset(&s, sig);
  return s;
}

bool should_forward(int signo, int si_code) {
  switch (signo) {
    case SIGINT: case SIGTERM: case SIGHUP: case SIGQUIT: case SIGUSR1: case SIGUSR2:
      return si_code <= 0;  // SI_USER 0, SI_QUEUE -1, SI_TKILL -6; SI_KERNEL is 0x80
    default:
      return false;
  }
}

JobEnd job_end_from_wait_status(int status) {
  JobEnd e;
  if (WIFEXITED(status)) {
    e.exited = true;
    e.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    e.term_signal = WTERMSIG(status);
    e.core_dumped = WCOREDUMP(status);
  }
  return e;
}

int shell_status(const JobEnd& end) { return end.exited ? end.exit_code : 128 + end.term_signal; }

void end_like(const JobEnd& end) {
  if (end.exited) std::_Exit(end.exit_code);
  int sig = end.term_signal;
  // No core of oomlens itself: the job's core (if any) was already dumped.
  struct rlimit nocore {0, 0};
  ::setrlimit(RLIMIT_CORE, &nocore);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, sig);
  ::sigprocmask(SIG_UNBLOCK, &one, nullptr);
  ::raise(sig);
  std::_Exit(128 + sig);
}

}  // namespace oomlens::supervise
