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

// Corpus 139 and 141 wrapped: an excerpt that starts in Mem-Info and opens
// at the Tasks header reads the Mem-Info lines before it whole, rejoined
// from a terminal's wrap or with its pads out, as a report read forward
// does: the page size the buddy list gives (16 KiB here) is not assumed.
TEST(MangledPairs, WrappedMemInfoBeforeATableHeaderIsRejoined) {
  constexpr std::string_view kClean =
      "Jan 25 09:40:15 2020 kern.warn kernel: [100.000001] Normal free:7824kB min:8192kB low:10240kB high:12288kB "
      "active_anon:1816kB inactive_anon:96kB active_file:144kB inactive_file:176kB unevictable:0kB present:65536kB\n"
      "Jan 25 09:40:15 2020 kern.warn kernel: [100.000002] lowmem_reserve[]: 0 0\n"
      "Jan 25 09:40:15 2020 kern.warn kernel: [100.000003] Normal: 200*16kB (UM) 165*32kB (UM) 118*64kB (UM) "
      "12*128kB (UM) 0*256kB 0*512kB = 15000kB\n"
      "Jan 25 09:40:15 2020 kern.warn kernel: [100.000004] 192 total pagecache pages\n"
      "Jan 25 09:40:15 2020 kern.warn kernel: [100.000005] 4096 pages RAM\n"
      "Jan 25 09:40:15 2020 kern.warn kernel: [100.000006] 0 pages HighMem/MovableOnly\n"
      "Jan 25 09:40:15 2020 kern.warn kernel: [100.000007] 315 pages reserved\n"
      "Jan 25 09:40:15 2020 kern.info kernel: [100.000008] [ pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds "
      "swapents oom_score_adj name\n"
      "Jan 25 09:40:15 2020 kern.info kernel: [100.000009] [  513]     0   513      303       17       5       0"
      "        0             0 ubusd\n";
  for (const std::string& text : {std::string(kClean), mangle::hard_wrap(kClean, 72), mangle::hard_wrap(kClean, 80),
                                  mangle::inline_pad_wrap(kClean, 80)}) {
    const OomEvent e = testing::one_event(text, kOptions);
    EXPECT_EQ(e.page_size_bytes, 16384u) << text;
    EXPECT_FALSE(e.page_size_assumed);
    ASSERT_TRUE(e.mem_info);
    EXPECT_EQ(e.mem_info->ram_bytes, 4096u * 16384);
    EXPECT_EQ(e.mem_info->reserved_bytes, 315u * 16384);
    ASSERT_EQ(e.tasks.size(), 1u);
    EXPECT_EQ(e.tasks[0].rss_bytes, 17u * 16384);
  }
}

}  // namespace
}  // namespace oomlens
