// The accounting of a run's processes (run/process_accounting.h): the
// rate bound on process events, the process_churn windows, the exits only
// taskstats saw. Pure: no /proc, no root.
#include <gtest/gtest.h>

#include <csignal>
#include <vector>

#include "monitor/tree.h"
#include "proc/taskstats.h"
#include "run/process_accounting.h"

namespace oomlens::run {
namespace {

using nlohmann::json;

proc::TaskExit exit_of(uint32_t pid, uint32_t ppid, std::optional<uint64_t> hiwater_rss_bytes = std::nullopt) {
  proc::TaskExit e;
  e.pid = pid;
  e.tgid = pid;  // single-threaded: the exit ends the process
  e.ppid = ppid;
  e.hiwater_rss_bytes = hiwater_rss_bytes;
  return e;
}

monitor::TrackedProc proc_of(int pid, std::optional<double> gone_s = std::nullopt) {
  monitor::TrackedProc p;
  p.pid = pid;
  p.gone_s = gone_s;
  return p;
}

TEST(ProcessAccounting, ABurstIsRecordedThenCountedUntilTheBucketRefills) {
  ProcessAccounting a;
  const auto burst = static_cast<int>(ProcessAccounting::kEventBurst);
  for (int i = 0; i < burst; ++i) ASSERT_TRUE(a.start(false, 0.0)) << i;
  EXPECT_FALSE(a.start(false, 0.0));  // past the bound: counted, not written
  EXPECT_TRUE(a.start(true, 0.0));    // the main process always is
  EXPECT_TRUE(a.update_churn_mode(0.0));
  // A tenth of a second refills one token (kEventsPerS = 10).
  EXPECT_TRUE(a.start(false, 0.1));
  EXPECT_FALSE(a.start(false, 0.1));
  // Calm until the bucket is full again: churn mode ends.
  EXPECT_TRUE(a.update_churn_mode(10.0));
  EXPECT_FALSE(a.update_churn_mode(30.0));
  const json j = a.to_json(0, 0);
  EXPECT_EQ(j.at("found"), burst + 4);
  EXPECT_EQ(j.at("events_aggregated"), 2);
}

TEST(ProcessAccounting, AChurnEventCountsAWindowOnceASecond) {
  ProcessAccounting a;
  a.set_taskstats(true, "on");
  for (int i = 0; i < static_cast<int>(ProcessAccounting::kEventBurst); ++i) (void)a.start(false, 0.0);
  EXPECT_FALSE(a.start(false, 0.0));                  // counted in the window
  EXPECT_TRUE(a.churn_event(0.5, false).is_null());  // not due before 1 s
  EXPECT_FALSE(a.exit(4242, false, 0.6));             // its start was counted, so is its exit
  EXPECT_TRUE(a.exit(4243, true, 0.6));               // written as process_exit
  const json ev = a.churn_event(1.0, false);
  ASSERT_TRUE(ev.is_object());
  EXPECT_EQ(ev.at("kind"), "process_churn");
  EXPECT_EQ(ev.at("from_t_s"), 0.0);
  EXPECT_EQ(ev.at("t_s"), 1.0);
  EXPECT_EQ(ev.at("started_count"), 1);
  EXPECT_EQ(ev.at("exited_count"), 1);
  EXPECT_EQ(ev.at("unseen_exited_count"), 0);
  // The window restarted: nothing to say at 2 s, and the last one is due at once.
  EXPECT_TRUE(a.churn_event(2.0, false).is_null());
  EXPECT_TRUE(a.churn_event(2.1, true).is_null());
}

TEST(ProcessAccounting, ExitsOnlyTaskstatsSawAreTheTreesWhenTheirParentIs) {
  ProcessAccounting a;
  a.set_taskstats(true, "on");
  const std::vector<monitor::TrackedProc> procs = {proc_of(100), proc_of(101)};
  a.count_unseen({exit_of(200, 101, 8 << 20),  // a child of the tree, never found: unseen
                  exit_of(201, 200, 4 << 20),  // its child: the tree's too
                  exit_of(300, 999),           // not ours
                  exit_of(101, 100)},          // tracked: a seen exit
                 procs, 100u, 1.0);
  json j = a.to_json(3, 0);
  EXPECT_EQ(j["unseen_exited"], 2);
  EXPECT_EQ(j["unseen_peak_rss_bytes"], 8 << 20);
  EXPECT_EQ(j["listed_untracked"], 3);
  EXPECT_EQ(j["taskstats"], "on");
  EXPECT_FALSE(j.contains("taskstats_overflows"));
  // The refresh after it found 201 after all (its exit was under way): counted once, as seen.
  a.settle_unseen({201});
  EXPECT_EQ(a.to_json(3, 0)["unseen_exited"], 1);
  EXPECT_EQ(a.churn_event(1.5, true)["unseen_exited_count"], 1);
  // An overflow makes the count a floor, and says so.
  EXPECT_EQ(a.to_json(3, 2)["taskstats_overflows"], 2);
}

TEST(ProcessAccounting, AProcessGoneWithinASecondIsStillTracked) {
  ProcessAccounting a;
  a.set_taskstats(true, "on");
  EXPECT_TRUE(a.exit(150, true, 1.0));  // /proc showed it gone; its taskstats exit comes a tick later
  const std::vector<monitor::TrackedProc> procs = {proc_of(100)};
  a.count_unseen({exit_of(150, 100)}, procs, std::nullopt, 1.1);
  EXPECT_EQ(a.to_json(0, 0)["unseen_exited"], 0);
  // After a second its pid may be reused: an exit under it is unseen.
  a.count_unseen({exit_of(150, 100)}, procs, std::nullopt, 2.5);
  EXPECT_EQ(a.to_json(0, 0)["unseen_exited"], 1);
}

TEST(ProcessAccounting, AnUnseenExitBySigkillIsKnownByPidAndComm) {
  ProcessAccounting a;
  a.set_taskstats(true, "on");
  const std::vector<monitor::TrackedProc> procs = {proc_of(100)};
  proc::TaskExit killed = exit_of(200, 100);  // a child no pass saw, OOM-killed
  killed.comm = "python3";
  killed.exit_code = SIGKILL;
  proc::TaskExit exited = exit_of(201, 100);  // a child no pass saw, exited with code 1
  exited.comm = "python3";
  exited.exit_code = 1 << 8;
  proc::TaskExit stranger = exit_of(300, 999);  // not the tree's
  stranger.exit_code = SIGKILL;
  a.count_unseen({killed, exited, stranger}, procs, 100u, 1.0);
  EXPECT_TRUE(a.unseen_sigkilled(200, std::string("python3")));
  EXPECT_TRUE(a.unseen_sigkilled(200, std::nullopt));  // the trace's format printed no comm
  EXPECT_FALSE(a.unseen_sigkilled(200, std::string("bash")));  // the pid reused by another process
  EXPECT_FALSE(a.unseen_sigkilled(201, std::string("python3")));  // not killed
  EXPECT_FALSE(a.unseen_sigkilled(300, std::nullopt));  // not the job's
  // Without taskstats nothing is known.
  ProcessAccounting off;
  off.count_unseen({killed}, procs, 100u, 1.0);
  EXPECT_FALSE(off.unseen_sigkilled(200, std::nullopt));
}

TEST(ProcessAccounting, WithoutTaskstatsTheUnseenCountIsUnknown) {
  ProcessAccounting a;
  a.set_taskstats(false, "unavailable: no CAP_NET_ADMIN");
  a.count_unseen({exit_of(200, 100)}, {proc_of(100)}, 100u, 1.0);
  const json j = a.to_json(0, 5);
  EXPECT_TRUE(j.at("unseen_exited").is_null());
  EXPECT_EQ(j.at("taskstats"), "unavailable: no CAP_NET_ADMIN");
  EXPECT_FALSE(j.contains("taskstats_overflows"));
  for (int i = 0; i < static_cast<int>(ProcessAccounting::kEventBurst) + 1; ++i) (void)a.start(false, 0.0);
  EXPECT_TRUE(a.churn_event(1.0, false)["unseen_exited_count"].is_null());
}

}  // namespace
}  // namespace oomlens::run
