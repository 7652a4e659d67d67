// `oomlens protect` on real processes: a child the test started, the
// missing-capability path (EACCES for negative values where root lacks
// CAP_SYS_RESOURCE, as on this build machine), CMD mode and someone else's
// process.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "live_support.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

int spawn_sleeper() {
  pid_t pid = ::fork();
  if (pid == 0) {
    ::execl("/bin/sleep", "sleep", "60", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

void reap(int pid) {
  ::kill(pid, SIGKILL);
  (void)wait_for(pid, 10);
}

std::optional<int> adj_of(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/oom_score_adj");
  int v = 0;
  if (!(in >> v)) return std::nullopt;
  return v;
}

// stdout and stderr together.
CommandResult run_both(const std::string& args) {
  return run_command({"/bin/sh", "-c", std::string("exec ") + oomlens::testing::oomlens_binary() + " " + args + " 2>&1"});
}

TEST(ProtectLive, RaisesAChildsOomScoreAdj) {
  int pid = spawn_sleeper();
  ASSERT_GT(pid, 0);
  auto r = run_both("protect " + std::to_string(pid) + " --adj 500");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("oom_score_adj 0 → 500"), std::string::npos) << r.out;
  EXPECT_EQ(adj_of(pid), 500);
  reap(pid);
}

TEST(ProtectLive, LoweringBelowFloorWithoutCapabilityIsAClearError) {
  int pid = spawn_sleeper();
  ASSERT_GT(pid, 0);
  auto r = run_both("protect " + std::to_string(pid) + " --adj -100");
  if (r.status == 0) {
    EXPECT_EQ(adj_of(pid), -100);
    reap(pid);
    GTEST_SKIP() << "this process holds CAP_SYS_RESOURCE: the write succeeded (success path checked)";
  }
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("CAP_SYS_RESOURCE"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("EACCES"), std::string::npos) << r.out;
  EXPECT_EQ(adj_of(pid), 0);
  reap(pid);
}

TEST(ProtectLive, CommandModeSetsAdjBeforeExecAndMirrorsStatus) {
  auto r = run_command({oomlens::testing::oomlens_binary(), "protect", "--adj", "300", "--", "/bin/sh", "-c",
                        "cat /proc/self/oom_score_adj; exit 7"});
  EXPECT_EQ(r.status, 7);
  EXPECT_EQ(r.out, "300\n");
  r = run_command({oomlens::testing::oomlens_binary(), "protect", "--adj", "3", "--", "/nonexistent/command"});
  EXPECT_EQ(r.status, 127);
  r = run_command({oomlens::testing::oomlens_binary(), "protect", "-q", "--adj", "3", "--", "/bin/sh", "-c", "kill -TERM $$"});
  EXPECT_EQ(r.status, 128 + SIGTERM);
}

TEST(ProtectLive, NonexistentPid) {
  auto r = run_both("protect 2147483647 --adj 10");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("no process 2147483647"), std::string::npos) << r.out;
}

TEST(ProtectLive, SomeoneElsesProcess) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to start a process as another user";
  // oomlens as uid 65534 (nobody) on the test's own (root) process.
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fds[1], 1);
    ::dup2(fds[1], 2);
    if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(99);
    std::string target = std::to_string(::getppid());
    ::execl(oomlens::testing::oomlens_binary(), "oomlens", "protect", target.c_str(), "--adj", "10", static_cast<char*>(nullptr));
    ::_exit(98);
  }
  ::close(fds[1]);
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  ::close(fds[0]);
  auto st = wait_for(pid, 30);
  ASSERT_TRUE(st);
  ASSERT_TRUE(WIFEXITED(*st));
  if (WEXITSTATUS(*st) >= 98) GTEST_SKIP() << "cannot run the binary as uid 65534 (status " << WEXITSTATUS(*st) << ")";
  EXPECT_EQ(WEXITSTATUS(*st), 1) << out;
  EXPECT_NE(out.find("belongs to uid 0 and you are uid 65534"), std::string::npos) << out;
  EXPECT_EQ(adj_of(::getpid()), 0);
}

}  // namespace
}  // namespace oomlens::live
