// Rules found by blind set 24b (issue 12: tests/corpus/877-888), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Report, KillStampedAnHourAfterAnOpenHeaderIsAnotherReport) {
  // 883: make's cc1plus error, then dmesg: vmstats's header, the poster's `...`, and a kill stamped 3683 s later.
  const std::string header =
      "[53283.573384] vmstats invoked oom-killer: gfp_mask=0x201da, order=0, oom_score_adj=0\n"
      "[53283.573392] vmstats cpuset=/ mems_allowed=0\n";
  const std::string kill =
      "[56966.196670] Killed process 17828 (cc1plus) total-vm:5283432kB, anon-rss:3658256kB, file-rss:8kB\n";
  for (const std::string& between : {std::string("...\n"), std::string()}) {
    const auto ev = parse_log_text(header + between + kill);
    ASSERT_EQ(ev.size(), 2u) << between;
    EXPECT_EQ(ev[0].kind, EventKind::incomplete);
    ASSERT_TRUE(ev[0].trigger.has_value());
    EXPECT_EQ(ev[0].trigger->comm, "vmstats");
    EXPECT_EQ(ev[1].kind, EventKind::kill);
    ASSERT_EQ(ev[1].victims.size(), 1u);
    EXPECT_EQ(ev[1].victims[0].pid, 17828);
    EXPECT_FALSE(ev[1].trigger.has_value());
  }
  // A slow console stretches a report over seconds or minutes: its kill, ten minutes after its header, is its own.
  const auto slow = parse_log_text(header + "[53883.573384] Killed process 17828 (cc1plus) total-vm:5283432kB, "
                                            "anon-rss:3658256kB, file-rss:8kB\n");
  ASSERT_EQ(slow.size(), 1u);
  EXPECT_EQ(slow[0].kind, EventKind::kill);
  ASSERT_TRUE(slow[0].trigger.has_value());
  EXPECT_EQ(slow[0].trigger->comm, "vmstats");
  // The same two lines newest-first (a `journalctl -r` paste) stay two events, the kill's pid kept.
  const auto rev = parse_log_text(kill + "[53283.573392] vmstats cpuset=/ mems_allowed=0\n"
                                         "[53283.573384] vmstats invoked oom-killer: gfp_mask=0x201da, order=0, "
                                         "oom_score_adj=0\n");
  ASSERT_EQ(rev.size(), 2u);
  size_t kills = 0;
  for (const auto& e : rev)
    for (const auto& v : e.victims) kills += v.pid == 17828;
  EXPECT_EQ(kills, 1u);
}

TEST(Report, SummaryKeepsItsKillWhateverTheStamps) {
  // The summary is printed straight before its kill line by the same function: a kill after it, however stamped
  // (a summary pasted without its stamp, then given another clock's: 376 through short_monotonic), is its report's.
  const auto ev = parse_log_text(
      "[  100.000000] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice/user-1000.slice/user@1000.service,task=python,pid=698405,uid=1000\n"
      "[441280.839852] Out of memory: Killed process 698405 (python) total-vm:49978204kB, anon-rss:12918388kB, "
      "file-rss:68668kB, shmem-rss:53352kB, UID:1000 pgtables:26000kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 698405);
  EXPECT_TRUE(ev[0].chosen.has_value());
}

}  // namespace
}  // namespace oomlens
