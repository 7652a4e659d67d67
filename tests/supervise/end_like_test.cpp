// supervise::end_like() (supervise/signals.h): oomlens ends the way its job
// ended, so its parent sees the job's exit code, or the job's signal death
// (128 + signal in a shell), even with the signal blocked as `run` blocks
// it for its signalfd. Each case ends a forked child. No root needed.
#include <gtest/gtest.h>

#include <csignal>

#include <sys/wait.h>
#include <unistd.h>

#include "supervise/signals.h"

namespace oomlens::supervise {
namespace {

/// The wait status of a child that blocks `run`'s signals, then ends like `end`.
int status_of_ending_like(const JobEnd& end) {
  const pid_t child = ::fork();
  if (child == 0) {
    const sigset_t sup = supervised_signals();
    ::sigprocmask(SIG_BLOCK, &sup, nullptr);
    ::signal(SIGTERM, SIG_IGN);  // a disposition end_like() must reset
    end_like(end);
  }
  int st = -1;
  if (child > 0) ::waitpid(child, &st, 0);
  return st;
}

TEST(EndLike, AnExitCodeIsTheParentsExitCode) {
  JobEnd e;
  e.exited = true;
  e.exit_code = 3;
  const int st = status_of_ending_like(e);
  ASSERT_TRUE(WIFEXITED(st)) << st;
  EXPECT_EQ(WEXITSTATUS(st), 3);
}

TEST(EndLike, ASignalDeathIsTheParentsSignalDeath) {
  for (int sig : {SIGKILL, SIGTERM, SIGINT}) {  // an OOM kill, a forwarded SIGTERM, Ctrl-C
    JobEnd e;
    e.term_signal = sig;
    const int st = status_of_ending_like(e);
    ASSERT_TRUE(WIFSIGNALED(st)) << sig << " " << st;
    EXPECT_EQ(WTERMSIG(st), sig);
    EXPECT_FALSE(WCOREDUMP(st));  // no core of oomlens itself
    JobEnd as_seen = job_end_from_wait_status(st);
    EXPECT_EQ(shell_status(as_seen), 128 + sig);
  }
}

TEST(EndLike, ASignalThatCannotKillIsExit128PlusIt) {
  JobEnd e;
  e.term_signal = SIGCHLD;  // its default is to be ignored
  const int st = status_of_ending_like(e);
  ASSERT_TRUE(WIFEXITED(st)) << st;
  EXPECT_EQ(WEXITSTATUS(st), 128 + SIGCHLD);
}

}  // namespace
}  // namespace oomlens::supervise
