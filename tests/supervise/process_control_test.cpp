// supervise/process_control.h: the system's signal on a process that has
// exited, and the cgroup kill on fixture cgroup directories (cgroup.kill
// where it exists, else SIGKILL to each pid of cgroup.procs, recorded by
// tests/support/recording_control.h). No root needed.
#include <gtest/gtest.h>

#include <csignal>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include "support/files.h"
#include "support/fixture_tree.h"
#include "support/reaped_child.h"
#include "support/recording_control.h"
#include "supervise/process_control.h"

namespace oomlens::supervise {
namespace {

using oomlens::testing::FixtureTree;
using oomlens::testing::RecordingControl;
using Sent = RecordingControl::Sent;

TEST(ProcessControl, SignalToAnExitedProcessIsEsrchNamingThePid) {
  const pid_t child = oomlens::testing::reaped_child_pid();  // its pid names nothing now
  ASSERT_GT(child, 0);
  SystemProcessControl pc;
  const Status r = pc.signal(child, -1, 0);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().errnum, ESRCH);
  EXPECT_NE(r.error().what.find(std::to_string(child)), std::string::npos) << r.error().what;
  EXPECT_FALSE(pc.open_pidfd(child).ok());
}

TEST(ProcessControl, SignalThroughAPidfdReachesItsProcess) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::pause();
    ::_exit(0);
  }
  SystemProcessControl pc;
  auto fd = pc.open_pidfd(child);
  const int pidfd = fd ? fd->get() : -1;  // -1 before 5.3: kill(2)
  EXPECT_TRUE(pc.signal(child, pidfd, SIGTERM).ok());
  int st = 0;
  ASSERT_EQ(::waitpid(child, &st, 0), child);
  EXPECT_TRUE(WIFSIGNALED(st));
  EXPECT_EQ(WTERMSIG(st), SIGTERM);
}

TEST(ProcessControl, CgroupKillWritesCgroupKillWhereItExists) {
  FixtureTree t;
  t.write("job/cgroup.kill", "");
  t.write("job/cgroup.procs", "101\n102\n");
  RecordingControl pc;
  auto k = pc.kill_cgroup(t.root() + "/job");
  EXPECT_TRUE(k.via_cgroup_kill);
  EXPECT_EQ(k.signalled, 0);
  EXPECT_TRUE(pc.sent.empty());
  EXPECT_EQ(oomlens::testing::slurp(t.root() + "/job/cgroup.kill"), "1");
}

TEST(ProcessControl, CgroupKillFallsBackToEachPidWithoutCgroupKill) {
  FixtureTree t;  // v1, or v2 before 5.14: no cgroup.kill
  t.write("job/cgroup.procs", "101\n102\n103\n");
  RecordingControl pc;
  pc.gone = {102};  // exited between the listing and the signal
  auto k = pc.kill_cgroup(t.root() + "/job");
  EXPECT_FALSE(k.via_cgroup_kill);
  EXPECT_EQ(k.signalled, 2);
  ASSERT_EQ(k.failed.size(), 1u);
  EXPECT_EQ(k.failed[0].errnum, ESRCH);
  EXPECT_EQ(pc.sent, (std::vector<Sent>{{101, -1, SIGKILL}, {102, -1, SIGKILL}, {103, -1, SIGKILL}}));
}

TEST(ProcessControl, KillAndRemoveSignalsThroughTheGivenSender) {
  FixtureTree t;
  t.write("job/cgroup.procs", "201\n");
  RecordingControl pc;
  // rmdir fails at once (ENOTEMPTY: a fixture directory holds files, unlike a cgroup's).
  auto r = cgroup::kill_and_remove(t.root() + "/job", 0, [&](int p) { return pc.signal(p, -1, SIGKILL); });
  EXPECT_FALSE(r.ok());
  ASSERT_FALSE(pc.sent.empty());
  for (const auto& s : pc.sent) EXPECT_EQ(s, (Sent{201, -1, SIGKILL}));
}

}  // namespace
}  // namespace oomlens::supervise
