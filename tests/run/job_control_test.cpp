// What `run`'s session does to its job (run/job_control.h), with a
// ProcessControl that records signals instead of sending them
// (tests/support/recording_control.h) and the job's cgroup on a fixture
// tree: signals forwarded to the main process through its pidfd (or not),
// and the end of --limit's cgroup (its oom_kill counter, its leftovers
// SIGKILLed, the directory removed). No root needed; nothing is signalled.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include "cgroup/cgroup.h"
#include "run/job_control.h"
#include "support/files.h"
#include "support/fixture_tree.h"
#include "support/recording_control.h"

namespace oomlens::run {
namespace {

using oomlens::testing::FixtureTree;
using oomlens::testing::RecordingControl;
using Sent = RecordingControl::Sent;

constexpr int kMainPid = 4242;
constexpr int kMainPidfd = 77;  // a number only: the recording control never uses it

JobHandle running_job() {
  JobHandle job;
  job.pid = kMainPid;
  job.pidfd = kMainPidfd;
  return job;
}

TEST(JobControl, SigtermOrSigintFromAProcessGoesToTheMainProcessThroughItsPidfd) {
  const JobHandle job = running_job();
  RecordingControl pc;
  for (int sig : {SIGTERM, SIGINT}) {
    const SignalRoute r = route_signal(job, false, false, sig, SI_USER, pc);  // kill(2) from another process
    EXPECT_TRUE(r.recorded);
    EXPECT_TRUE(r.forwarded);
    EXPECT_FALSE(r.error);
    EXPECT_FALSE(r.stop_linger);
    EXPECT_EQ(r.detach_signal, 0);
  }
  EXPECT_EQ(pc.sent, (std::vector<Sent>{{kMainPid, kMainPidfd, SIGTERM}, {kMainPid, kMainPidfd, SIGINT}}));
}

TEST(JobControl, ASecondSignalIsForwardedAgainNeverEscalated) {
  const JobHandle job = running_job();
  RecordingControl pc;
  for (int i = 0; i < 2; ++i) EXPECT_TRUE(route_signal(job, false, false, SIGTERM, SI_USER, pc).forwarded);
  for (int i = 0; i < 2; ++i) EXPECT_TRUE(route_signal(job, false, false, SIGINT, SI_QUEUE, pc).forwarded);
  // Each one on its own: no SIGKILL from the session (escalation is the guard's).
  EXPECT_EQ(pc.sent, (std::vector<Sent>{{kMainPid, kMainPidfd, SIGTERM},
                                        {kMainPid, kMainPidfd, SIGTERM},
                                        {kMainPid, kMainPidfd, SIGINT},
                                        {kMainPid, kMainPidfd, SIGINT}}));
}

TEST(JobControl, CtrlCFromTheTerminalIsRecordedNotForwardedUnlessOnAPty) {
  const JobHandle job = running_job();
  RecordingControl pc;
  // The terminal's SIGINT reached the job directly (same process group).
  SignalRoute r = route_signal(job, false, false, SIGINT, SI_KERNEL, pc);
  EXPECT_TRUE(r.recorded);
  EXPECT_FALSE(r.forwarded);
  EXPECT_TRUE(pc.sent.empty());
  // --capture-tty: the job is in its own session, so even the kernel's hangup goes on.
  r = route_signal(job, false, true, SIGHUP, SI_KERNEL, pc);
  EXPECT_TRUE(r.forwarded);
  EXPECT_EQ(pc.sent, (std::vector<Sent>{{kMainPid, kMainPidfd, SIGHUP}}));
}

TEST(JobControl, AMainProcessThatExitedMeanwhileIsReportedNotFatal) {
  const JobHandle job = running_job();
  RecordingControl pc;
  pc.gone = {kMainPid};  // exited, not yet reaped by the loop: ESRCH
  const SignalRoute r = route_signal(job, false, false, SIGTERM, SI_USER, pc);
  EXPECT_TRUE(r.recorded);
  EXPECT_TRUE(r.forwarded);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->errnum, ESRCH);
  EXPECT_NE(r.error->message().find(std::to_string(kMainPid)), std::string::npos) << r.error->message();
}

TEST(JobControl, AfterTheMainProcessEndedNothingIsSentAndIntOrTermStopFollowingOrphans) {
  JobHandle job = running_job();
  job.main_status = SIGKILL;  // reaped: its pid may name another process now
  RecordingControl pc;
  for (int sig : {SIGINT, SIGTERM}) {
    const SignalRoute r = route_signal(job, false, false, sig, SI_USER, pc);
    EXPECT_TRUE(r.stop_linger);
    EXPECT_FALSE(r.recorded);
  }
  EXPECT_FALSE(route_signal(job, false, false, SIGHUP, SI_USER, pc).stop_linger);
  EXPECT_TRUE(pc.sent.empty());
}

TEST(JobControl, AnAttachedProcessIsNeverSignalled) {
  const JobHandle job = running_job();
  RecordingControl pc;
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
    const SignalRoute r = route_signal(job, true, false, sig, SI_USER, pc);
    EXPECT_EQ(r.detach_signal, sig);
    EXPECT_FALSE(r.forwarded);
    EXPECT_FALSE(r.recorded);
  }
  EXPECT_EQ(route_signal(job, true, false, SIGUSR1, SI_USER, pc).detach_signal, 0);
  EXPECT_TRUE(pc.sent.empty());
}

TEST(JobControl, SigchldAndSigwinchAreTheSessionsOwn) {
  const JobHandle job = running_job();
  RecordingControl pc;
  SignalRoute r = route_signal(job, false, false, SIGCHLD, CLD_EXITED, pc);
  EXPECT_FALSE(r.recorded);
  EXPECT_FALSE(r.resize_pty);
  r = route_signal(job, false, true, SIGWINCH, SI_KERNEL, pc);
  EXPECT_TRUE(r.resize_pty);
  EXPECT_FALSE(r.recorded);
  EXPECT_TRUE(pc.sent.empty());
}

/// The job's own v2 cgroup under the fixture, holding `procs`.
struct OwnCgroup {
  FixtureTree t;
  std::string dir = t.root() + "/sys/fs/cgroup/oomlens-job";
  JobHandle job = running_job();
  explicit OwnCgroup(const std::string& procs, cgroup::Version v = cgroup::Version::v2) {
    t.write("sys/fs/cgroup/oomlens-job/cgroup.procs", procs);
    if (v == cgroup::Version::v2)
      t.write("sys/fs/cgroup/oomlens-job/memory.events", "low 0\nhigh 0\nmax 7\noom 2\noom_kill 2\n");
    else
      t.write("sys/fs/cgroup/oomlens-job/memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 1\n");
    supervise::JobCgroup cg;
    cg.hierarchy = {v, t.root() + "/sys/fs/cgroup"};
    cg.dir = dir;
    cg.limit_bytes = 1 << 30;
    job.own_cgroup = cg;
    job.cgroup_dir = dir;
  }
};

TEST(JobControl, TheOwnCgroupsLeftoversAreKilledThroughTheControl) {
  OwnCgroup c("4243\n4244\n");  // orphans of the job, still in its cgroup
  RecordingControl pc;
  pc.gone = {4244};  // one exited meanwhile: not an error
  const auto e = end_own_cgroup(c.job, pc, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->oom_kill, 2u);
  EXPECT_EQ(e->leftover_killed, 2u);
  ASSERT_FALSE(pc.sent.empty());
  bool saw_4243 = false, saw_4244 = false;
  for (const auto& s : pc.sent) {
    EXPECT_EQ(s.sig, SIGKILL);
    EXPECT_EQ(s.pidfd, -1);
    EXPECT_NE(s.pid, kMainPid);  // the main process is not in cgroup.procs: only what is listed
    saw_4243 |= s.pid == 4243;
    saw_4244 |= s.pid == 4244;
  }
  EXPECT_TRUE(saw_4243 && saw_4244);
  // A fixture directory holds files, so rmdir fails: the error says what failed.
  ASSERT_TRUE(e->error);
  EXPECT_NE(e->error->what.find("cannot remove " + c.dir), std::string::npos) << e->error->message();
  EXPECT_NE(e->error->errnum, 0);
}

TEST(JobControl, TheOwnCgroupIsKilledThroughCgroupKillWhereItExists) {
  OwnCgroup c("4243\n");
  c.t.write("sys/fs/cgroup/oomlens-job/cgroup.kill", "");
  RecordingControl pc;
  const auto e = end_own_cgroup(c.job, pc, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(oomlens::testing::slurp(c.dir + "/cgroup.kill"), "1");
  EXPECT_EQ(e->leftover_killed, 1u);
}

TEST(JobControl, AnEmptyOwnCgroupIsRemoved) {
  FixtureTree t;
  t.mkdir("sys/fs/cgroup/oomlens-job");  // empty: rmdir succeeds like on a drained cgroup
  JobHandle job = running_job();
  supervise::JobCgroup cg;
  cg.hierarchy = {cgroup::Version::v2, t.root() + "/sys/fs/cgroup"};
  cg.dir = t.root() + "/sys/fs/cgroup/oomlens-job";
  job.own_cgroup = cg;
  RecordingControl pc;
  const auto e = end_own_cgroup(job, pc, 0);
  ASSERT_TRUE(e);
  EXPECT_FALSE(e->oom_kill);  // no memory.events: unknown, never 0
  EXPECT_FALSE(e->leftover_killed);
  EXPECT_FALSE(e->error);
  EXPECT_FALSE(std::filesystem::exists(cg.dir));
  EXPECT_TRUE(pc.sent.empty());
}

TEST(JobControl, AV1CgroupsOomKillCounterIsRead) {
  OwnCgroup c("", cgroup::Version::v1);
  RecordingControl pc;
  const auto e = end_own_cgroup(c.job, pc, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->oom_kill, 1u);
  EXPECT_FALSE(e->leftover_killed);
  EXPECT_TRUE(pc.sent.empty());
}

TEST(JobControl, ASystemdRunScopeIsReadButLeftToSystemd) {
  OwnCgroup c("4243\n");
  c.job.own_cgroup->via_systemd_run = true;
  RecordingControl pc;
  const auto e = end_own_cgroup(c.job, pc, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->oom_kill, 2u);
  EXPECT_FALSE(e->leftover_killed);
  EXPECT_FALSE(e->error);
  EXPECT_TRUE(pc.sent.empty());
  EXPECT_TRUE(std::filesystem::exists(c.dir));
}

TEST(JobControl, WithoutAnOwnCgroupNothingIsKilled) {
  JobHandle job = running_job();
  job.cgroup_dir = "/sys/fs/cgroup/user.slice";  // oomlens's own: never killed
  RecordingControl pc;
  EXPECT_FALSE(end_own_cgroup(job, pc, 0));
  EXPECT_TRUE(pc.sent.empty());
}

}  // namespace
}  // namespace oomlens::run
