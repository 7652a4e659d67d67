// Rules found by blind set 7a (issue 12: tests/corpus/243-254), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Report, SummaryWrappedOntoIndentedLinesKeepsEveryField) {
  // 243: a journal record wrapped after each `,` of the summary, the rest indented by two spaces.
  auto ev = parse_log_text(
      "kernel: oom-kill:constraint=CONSTRAINT_MEMCG,\n"
      "  oom_memcg=/kubepods.slice/kubepods-podab.slice,\n"
      "  task=ray::IDLE,pid=4242,uid=0\n"
      "kernel: Memory cgroup out of memory:\n"
      "  Killed process 4242 (ray::IDLE) total-vm:68545920kB, anon-rss:37760kB,\n"
      "  file-rss:77744kB, shmem-rss:0kB, oom_score_adj:1000\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].chosen);
  EXPECT_EQ(ev[0].chosen->comm, "ray::IDLE");
  EXPECT_EQ(ev[0].chosen->pid, 4242);
  ASSERT_TRUE(ev[0].memcg);
  EXPECT_EQ(ev[0].memcg->oom_memcg, "/kubepods.slice/kubepods-podab.slice");
  EXPECT_EQ(ev[0].chosen->uid, 0u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].oom_score_adj, 1000);
}

TEST(Report, SummaryFieldsSplitAtACommaFollowedBySpace) {
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary(
      "oom-kill:constraint=CONSTRAINT_NONE,nodemask=0-1,3, cpuset=/,mems_allowed=0, global_oom, task=a:b,pid=7,uid=5", s));
  EXPECT_EQ(s.nodemask, "0-1,3");
  EXPECT_EQ(s.cpuset, "/");
  EXPECT_TRUE(s.global_oom);
  EXPECT_EQ(s.task, "a:b");
  EXPECT_EQ(s.pid, 7);
  EXPECT_EQ(s.uid, 5u);
}

constexpr const char* kTable =
    "[   42.353046] Tasks state (memory values in pages):\n"
    "[   42.353261] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
    "[   42.353644] [    144]     0   144      573      258    40960        5             0 init\n"
    "[   42.354048] [    153]     0   153     4338      504    69632     1383             0 tar\n";

TEST(Report, TableAfterCgroupV2MemoryStatIsAMemcgOom) {
  // 245: the tail of mem_cgroup_print_oom_meminfo()'s memory.stat (bytes, `key N`) before `Tasks state`.
  auto ev = parse_log_text(std::string("[   42.348954] slab 8868376\n"
                                       "[   42.348954] workingset_nodereclaim 9984\n"
                                       "[   42.348954] pgfault 32960\n") +
                           kTable);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::memcg);
}

TEST(Report, SummaryAfterTableAfterCgroupV2MemoryStatIsAMemcgOom) {
  // 245: the same, the summary line after the table cut inside its constraint (`oom-kill:constraint=CON`).
  auto ev = parse_log_text(std::string("[   42.348954] workingset_nodereclaim 9984\n"
                                       "[   42.348954] pgfault 32960\n") +
                           kTable + "[   42.354439] oom-kill:constraint=CON\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::memcg);
  EXPECT_EQ(ev[0].tasks.size(), 2u);
}

TEST(Report, TableAloneDoesNotTellTheConstraint) {
  // 253: rows only (the poster elided the rest): a memcg's table looks the same as the machine's.
  auto ev = parse_log_text(std::string("some prose\n") + kTable);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_FALSE(ev[0].constraint);
  // After show_mem()'s machine-wide tail it is not a memcg OOM.
  auto g = parse_log_text(std::string("[   42.348954] 242688 pages RAM\n"
                                      "[   42.348954] 10931 pages reserved\n") +
                          kTable);
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].constraint, Constraint::global);
}

}  // namespace
}  // namespace oomlens
