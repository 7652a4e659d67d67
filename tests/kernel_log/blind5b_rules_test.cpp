// Rules found by blind set 5b (issue 12: tests/corpus/207-218), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Report, AHeaderCutAfterInvokedOomKillerStillOpensAReport) {
  // 216: a patch mail's shortened examples, `[ts] mem_on_node0 invoked oom-killer` and nothing after.
  auto ev = parse_log_text(
      "[ 2786.519080] mem_on_node0 invoked oom-killer\n"
      "[ 2786.885738] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[ 2787.181724] [  13432]     0 13432   787016   786745  6344704        0             0 mem_on_node1\n"
      "[ 2787.216534] oom-kill:constraint=CONSTRAINT_CPUSET,nodemask=(null),cpuset=test,mems_allowed=0\n"
      "[ 2787.229991] Out of memory: Killed process 13432 (mem_on_node1)\n"
      "\n"
      "After this patch:\n"
      "\n"
      "[  395.922444] mem_on_node0 invoked oom-killer\n"
      "[  396.239777] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[  396.246128] [   2614]     0  2614  1311294  1144192  9224192        0             0 mem_on_node0\n"
      "[  396.264068] Out of memory: Killed process 2614 (mem_on_node0)\n");
  ASSERT_EQ(ev.size(), 2u);
  for (const auto& e : ev) {
    ASSERT_TRUE(e.trigger);
    EXPECT_EQ(e.trigger->comm, "mem_on_node0");
    EXPECT_FALSE(e.trigger->gfp_mask);
    ASSERT_EQ(e.tasks.size(), 1u);  // each report keeps its own table
  }
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].oom_score_adj, 0);  // from its own table row
}

TEST(Report, ACutHeaderIsReadOnlyFromAPrefixedLine) {
  EXPECT_EQ(oomline::parse_header_cut("mem_on_node0 invoked oom-killer")->comm, "mem_on_node0");
  EXPECT_FALSE(oomline::parse_header_cut("a very long prose subject invoked oom-killer"));  // > TASK_COMM_LEN
  EXPECT_FALSE(oomline::parse_header_cut("nginx invoked oom-killer twice"));
  // Prose without a kernel prefix opens nothing.
  EXPECT_TRUE(parse_log_text("Then firefox invoked oom-killer\nand nothing else happened.\n").empty());
}

}  // namespace
}  // namespace oomlens
