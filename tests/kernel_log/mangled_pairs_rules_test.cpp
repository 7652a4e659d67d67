// Rules that took (corpus report, mangler) pairs off the metamorphic suite's
// pending list (issue 12), each on hand-written input shaped like the report
// named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"
#include "manglers.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

const ScanOptions kOptions{"t", 2024};

// Corpus 178: an author's `//` comment lines between the kernel lines. Read
// newest-first they stand between the memcg counters as they do forward:
// one report, not the counters and the header apart.
TEST(MangledPairs, CommentLinesBetweenNewestFirstMemcgCountersAreNoBreak) {
  constexpr std::string_view kForward =
      "// what triggered it\n"
      "kernel: app invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=900\n"
      "// the task that ran\n"
      "kernel: CPU: 4 PID: 4242 Comm: app Not tainted 5.14.0-427.el9.x86_64 #1\n"
      "// the cgroup's memory at its limit\n"
      "kernel: memory: usage 1048576kB, limit 1048576kB, failcnt 81\n"
      "// memory and swap together\n"
      "// at the same limit\n"
      "kernel: memory+swap: usage 1048576kB, limit 1048576kB, failcnt 5\n"
      "// kernel memory\n"
      "kernel: kmem: usage 900000kB, limit 9007199254740988kB, failcnt 0\n";
  for (const std::string& text : {std::string(kForward), mangle::reverse_lines(kForward)}) {
    const OomEvent e = testing::one_event(text, kOptions);
    EXPECT_EQ(e.constraint, Constraint::memcg);
    ASSERT_TRUE(e.trigger);
    EXPECT_EQ(e.trigger->comm, "app");
    EXPECT_EQ(e.trigger->oom_score_adj, 900);
    ASSERT_TRUE(e.memcg);
    EXPECT_EQ(e.memcg->limit_bytes, 1048576ull * 1024);
    EXPECT_EQ(e.memcg->memsw_limit_bytes, 1048576ull * 1024);
    EXPECT_EQ(e.memcg->kmem_usage_bytes, 900000ull * 1024);
  }
}

// Corpus 141 cut at 100 columns: a Tasks header a viewer cut inside its
// columns still opens the report, its rows read as far as the names before
// the cut; a whole row's others are guessed only where the guess agrees.
TEST(MangledPairs, TableHeaderCutByAViewerOpensTheReport) {
  const OomEvent e = testing::one_event(
      "[5.0] 16384 pages RAM\n"
      "[5.0] [ pid ]   uid  tgid total_vm      rss nr_ptes nr_p...\n"
      "[5.0] [  513]     0   513      303       17  ...\n"
      "[5.0] [  514]     0   514      231       10       4       0        0             -17 ask\n"
      "[5.0] [  515]     0   515      231       10       4       0        0   0          -17 pad\n",
      kOptions);
  ASSERT_EQ(e.tasks.size(), 3u);
  EXPECT_EQ(e.tasks[0].pid, 513);
  EXPECT_EQ(e.tasks[0].rss_bytes, 17u * 4096);
  EXPECT_FALSE(e.tasks[0].pgtables_bytes);  // nr_ptes was cut
  EXPECT_EQ(e.tasks[1].total_vm_bytes, 231u * 4096);
  EXPECT_EQ(e.tasks[1].oom_score_adj, -17);  // 8 numbers: nr_ptes nr_pmds swapents oom_score_adj, as the header began
  EXPECT_FALSE(e.tasks[2].rss_bytes);        // 9 numbers: no guess, nothing read
  EXPECT_FALSE(e.tasks[2].oom_score_adj);
  // A line that only starts as a header (`[ pid ]`) and is not cut opens nothing.
  EXPECT_TRUE(parse_log_text("[5.0] [ pid ]   uid  tgid total_vm      rss nr_ptes\n"
                             "[5.0] [  513]     0   513      303       17\n",
                             kOptions)
                  .empty());
}

}  // namespace
}  // namespace oomlens
