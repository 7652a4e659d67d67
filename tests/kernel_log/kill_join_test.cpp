// KillJoiner: `run`'s and `report`'s kill lines through kernel_log's parsers.
#include <gtest/gtest.h>

#include "kernel_log/kill_join.h"

namespace oomlens::oomline {
namespace {

TEST(KillJoiner, JoinsTheOomKillSummaryOfTheSamePid) {
  KillJoiner j;
  EXPECT_FALSE(j.feed("oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/a/b,"
                      "task_memcg=/a/b,task=oomlens-test-le,pid=20927,uid=0\n"));
  auto k = j.feed("Memory cgroup out of memory: Killed process 20927 (oomlens-test-le) total-vm:69924kB, "
                  "anon-rss:65280kB, file-rss:1536kB, shmem-rss:0kB, UID:0 pgtables:176kB oom_score_adj:0");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->kill.pid, 20927);
  EXPECT_EQ(k->kill.comm, "oomlens-test-le");
  EXPECT_EQ(k->constraint, Constraint::memcg);
  ASSERT_TRUE(k->summary);
  EXPECT_EQ(k->summary->oom_memcg, "/a/b");
  EXPECT_EQ(k->kill.anon_rss_kb, 65280u);
  EXPECT_EQ(k->kill.message, "Memory cgroup out of memory");
  // The summary was used up: a second kill of another pid has none.
  k = j.feed("Out of memory: Killed process 7 (a) total-vm:1kB, anon-rss:2kB, file-rss:0kB, shmem-rss:0kB");
  ASSERT_TRUE(k);
  EXPECT_FALSE(k->summary);
  EXPECT_FALSE(k->constraint);  // `Out of memory` alone does not say; the assembler decides on whole reports
}

// earlyoom's hostile process name: `)` and spaces inside the comm. The
// kernel prints the comm raw between parentheses (mm/oom_kill.c).
TEST(KillJoiner, HostileCommSurvives) {
  KillJoiner j;
  auto k = j.feed("Memory cgroup out of memory: Killed process 5 (foo) Z ) total-vm:1kB, anon-rss:2kB, "
                  "file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->kill.comm, "foo) Z ");
  EXPECT_EQ(k->constraint, Constraint::memcg);  // from the message
  k = j.feed("Killed process 6 (x y) total-vm:1kB, anon-rss:2kB, file-rss:0kB");  // old kernels
  ASSERT_TRUE(k);
  EXPECT_EQ(k->kill.comm, "x y");
}

TEST(KillJoiner, GlobalCpusetAndMempolicySummaries) {
  KillJoiner j;
  auto kill = [&](const char* summary) {
    EXPECT_FALSE(j.feed(summary));
    auto k = j.feed("Out of memory: Killed process 9 (z) total-vm:1kB, anon-rss:2kB, file-rss:0kB, shmem-rss:0kB");
    return k ? k->constraint : std::nullopt;
  };
  EXPECT_EQ(kill("oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
                 "task_memcg=/,task=z,pid=9,uid=0"), Constraint::global);
  EXPECT_EQ(kill("oom-kill:constraint=CONSTRAINT_CPUSET,nodemask=(null),cpuset=/c,mems_allowed=0,global_oom,"
                 "task_memcg=/,task=z,pid=9,uid=0"), Constraint::cpuset);
  EXPECT_EQ(kill("oom-kill:constraint=CONSTRAINT_MEMORY_POLICY,nodemask=0,cpuset=/,mems_allowed=0-1,global_oom,"
                 "task_memcg=/,task=z,pid=9,uid=0"), Constraint::mempolicy);
  EXPECT_STREQ(constraint_name(Constraint::mempolicy), "mempolicy");
}

TEST(KillJoiner, IgnoresOtherLinesAndGarbage) {
  KillJoiner j;
  EXPECT_FALSE(j.feed("Killed process abc"));
  EXPECT_FALSE(j.feed("Killed process 0 (x) total-vm:1kB"));
  EXPECT_FALSE(j.feed(""));
  EXPECT_FALSE(j.feed("oom_reaper: reaped process 5 (x), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB"));
  EXPECT_FALSE(j.feed("Killed process 5 (no close paren"));
}

}  // namespace
}  // namespace oomlens::oomline
