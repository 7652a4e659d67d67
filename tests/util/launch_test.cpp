// util/launch.h: the one launcher, its error pipe and the shell's statuses.
#include "util/launch.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>
#include <sstream>
#include <string>

#include "support/paths.h"
#include "util/exit_status.h"

namespace oomlens {
namespace {

// Waits for `pid`; its wait status.
int reap(pid_t pid) {
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  return st;
}

// All a pipe holds until its writers close it.
std::string drain(int fd) {
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) out.append(buf, static_cast<size_t>(n));
  return out;
}

TEST(Launch, MissingCommandIsEnoentAnd127) {
  auto r = launch({.argv = {"/nonexistent/oomlens-no-such-cmd"}});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().errnum, ENOENT);
  EXPECT_TRUE(exec_failed(r.error()));
  EXPECT_EQ(exit_code_for_launch_error(r.error()), kExitNotFound);
  EXPECT_EQ(r.error().message(), "command not found: /nonexistent/oomlens-no-such-cmd: No such file or directory");
  // Searched in PATH too.
  r = launch({.argv = {"oomlens-no-such-cmd-in-path"}});
  ASSERT_FALSE(r);
  EXPECT_EQ(exit_code_for_launch_error(r.error()), kExitNotFound);
}

TEST(Launch, NonExecutableIs126) {
  auto r = launch({.argv = {testing::source_path("/README.md")}});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().errnum, EACCES);
  EXPECT_EQ(exit_code_for_launch_error(r.error()), kExitCannotExec);
  EXPECT_EQ(r.error().what.rfind("cannot run command: ", 0), 0u) << r.error().what;
}

TEST(Launch, SuccessGivesAPidThatIsReaped) {
  auto r = launch({.argv = {"sh", "-c", "exit 7"}, .want_pidfd = true});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_GT(r->pid, 0);
  EXPECT_TRUE(r->pidfd);  // Linux 5.3+
  const int st = reap(r->pid);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 7);
  EXPECT_EQ(::waitpid(r->pid, nullptr, WNOHANG), -1);  // gone: nothing left to reap
  EXPECT_EQ(errno, ECHILD);
}

TEST(Launch, StepsBeforeExecAreOwnFailures) {
  auto r = launch({.argv = {"true"}, .cgroup_procs = "/nonexistent-cgroup/cgroup.procs"});
  ASSERT_FALSE(r);
  EXPECT_FALSE(exec_failed(r.error()));
  EXPECT_EQ(exit_code_for_launch_error(r.error()), kExitOwnFailure);
  EXPECT_EQ(r.error().message(), "cannot enter memory cgroup (/nonexistent-cgroup/cgroup.procs): No such file or directory");
  r = launch({});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message(), "no command given");
  EXPECT_EQ(exit_code_for_launch_error(r.error()), kExitOwnFailure);
}

// The write to cgroup.procs fails after its open succeeded: the error is
// the write's own errno (/dev/full: ENOSPC), not whatever errno held.
TEST(Launch, AFailedCgroupProcsWriteReportsItsOwnErrno) {
  auto r = launch({.argv = {"true"}, .cgroup_procs = "/dev/full"});
  ASSERT_FALSE(r);
  EXPECT_FALSE(exec_failed(r.error()));
  EXPECT_EQ(r.error().errnum, ENOSPC);
  EXPECT_EQ(r.error().message(), std::string("cannot enter memory cgroup (/dev/full): ") + std::strerror(ENOSPC));
}

// The fds open in `ls /proc/self/fd`: 0-2, ls's own directory fd, and none
// of oomlens's (the error pipe, the pipe ends given for stdout, a file
// opened close-on-exec).
TEST(Launch, NoDescriptorLeaksIntoTheChild) {
  // What the test process itself holds without close-on-exec (from
  // whoever started it) is inherited on purpose; only ours may not leak.
  std::set<int> inherited;
  for (int fd = 3; fd < 1024; ++fd)
    if (const int f = ::fcntl(fd, F_GETFD); f >= 0 && !(f & FD_CLOEXEC)) inherited.insert(fd);
  // Numbers ls's own directory fd cannot take (it gets the lowest free one).
  const UniqueFd dev_null(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  const UniqueFd held(::fcntl(dev_null.get(), F_DUPFD_CLOEXEC, 200));
  auto out = open_pipe(O_CLOEXEC);
  ASSERT_TRUE(out);
  UniqueFd out_write(::fcntl(out->write.get(), F_DUPFD_CLOEXEC, 201));
  out->write.reset();
  auto r = launch({.argv = {"ls", "-1", "/proc/self/fd"}, .stdout_fd = out_write.get()});
  out_write.reset();
  ASSERT_TRUE(r) << r.error().message();
  std::istringstream lines(drain(out->read.get()));
  EXPECT_TRUE(WIFEXITED(reap(r->pid)));
  std::set<int> extra;
  for (std::string l; std::getline(lines, l);)
    if (const int fd = std::stoi(l); fd > 2 && !inherited.count(fd)) extra.insert(fd);
  EXPECT_LE(extra.size(), 1u) << "more than ls's own directory fd";  // opendir's
  EXPECT_FALSE(extra.count(held.get()));
  EXPECT_FALSE(extra.count(201));  // the pipe end given as stdout is on fd 1 only
}

TEST(Launch, OomScoreAdjIsSetBeforeExec) {
  auto out = open_pipe(O_CLOEXEC);
  ASSERT_TRUE(out);
  auto r = launch({.argv = {"cat", "/proc/self/oom_score_adj"}, .stdout_fd = out->write.get(), .oom_score_adj = 321});
  out->write.reset();
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(drain(out->read.get()), "321\n");
  reap(r->pid);
}

TEST(Launch, ResetsSignalsUnlessAskedNotTo) {
  auto old = ::signal(SIGUSR1, SIG_IGN);
  for (bool reset : {true, false}) {
    auto out = open_pipe(O_CLOEXEC);
    ASSERT_TRUE(out);
    auto r = launch({.argv = {"grep", "^SigIgn", "/proc/self/status"}, .stdout_fd = out->write.get(),
                     .reset_signals = reset});
    out->write.reset();
    ASSERT_TRUE(r) << r.error().message();
    const std::string line = drain(out->read.get());
    reap(r->pid);
    const auto mask = std::stoull(line.substr(line.find(':') + 1), nullptr, 16);
    EXPECT_EQ((mask >> (SIGUSR1 - 1)) & 1, reset ? 0u : 1u) << line;
  }
  ::signal(SIGUSR1, old);
}

TEST(Launch, EnvironmentWithDropsAndReplaces) {
  ::setenv("OOMLENS_LAUNCH_TEST_A", "1", 1);
  ::setenv("OOMLENS_LAUNCH_TEST_B", "2", 1);
  auto env = environment_with({"OOMLENS_LAUNCH_TEST_A="}, {"OOMLENS_LAUNCH_TEST_B=3"});
  std::set<std::string> s(env.begin(), env.end());
  EXPECT_FALSE(s.count("OOMLENS_LAUNCH_TEST_A=1"));
  EXPECT_FALSE(s.count("OOMLENS_LAUNCH_TEST_B=2"));
  EXPECT_TRUE(s.count("OOMLENS_LAUNCH_TEST_B=3"));
  ::unsetenv("OOMLENS_LAUNCH_TEST_A");
  ::unsetenv("OOMLENS_LAUNCH_TEST_B");
}

TEST(ExitCodeForExecErrno, FollowsTheShell) {
  EXPECT_EQ(exit_code_for_exec_errno(ENOENT), 127);
  EXPECT_EQ(exit_code_for_exec_errno(ENOTDIR), 127);
  EXPECT_EQ(exit_code_for_exec_errno(EACCES), 126);
  EXPECT_EQ(exit_code_for_exec_errno(ENOEXEC), 126);
}

}  // namespace
}  // namespace oomlens
