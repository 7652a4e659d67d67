// Rules found moving mangler-pending reports up (issue 12, h-mang11), each on hand-written input shaped like the
// real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

// 687 reversed: a poster's three condensed, unstamped lines (header, an `oom-kill:` summary with its pid elided,
// kill) read bottom-up. dump_header() prints the summary before the kill line, so a kill straight followed by its
// own summary (its `task=` the kill's comm), then a header, is one report read newest-first.
TEST(OwnSummaryAfterKill, ElidedSummaryOfTheKilledTaskThenAHeaderIsOneReportNewestFirst) {
  const auto events = parse_log_text(
      "```\n"
      "Out of memory: Killed process 3961932 (llama-server) anon-rss:290664512kB oom_score_adj:200\n"
      "oom-kill:constraint=CONSTRAINT_MEMORY_POLICY,nodemask=3,...,task=llama-server\n"
      "llama-bench invoked oom-killer: gfp_mask=0x140dca(...)\n"
      "```\n",
      {});
  ASSERT_EQ(events.size(), 1u);
  ASSERT_TRUE(events[0].trigger.has_value());
  EXPECT_EQ(events[0].trigger->comm, "llama-bench");
  ASSERT_EQ(events[0].victims.size(), 1u);
  EXPECT_EQ(events[0].victims[0].pid, 3961932);
}

// The same lines in print order still read as one report; and a summary naming another task after the kill is
// not its own: the header after it stays the next report's (two events, the kill without a trigger).
TEST(OwnSummaryAfterKill, PrintOrderAndAnotherTasksSummaryAreNotReversed) {
  const auto forward = parse_log_text(
      "llama-bench invoked oom-killer: gfp_mask=0x140dca(...)\n"
      "oom-kill:constraint=CONSTRAINT_MEMORY_POLICY,nodemask=3,...,task=llama-server\n"
      "Out of memory: Killed process 3961932 (llama-server) anon-rss:290664512kB oom_score_adj:200\n",
      {});
  ASSERT_EQ(forward.size(), 1u);
  ASSERT_TRUE(forward[0].trigger.has_value());
  EXPECT_EQ(forward[0].trigger->comm, "llama-bench");

  const auto other = parse_log_text(
      "Out of memory: Killed process 3961932 (llama-server) anon-rss:290664512kB oom_score_adj:200\n"
      "oom-kill:constraint=CONSTRAINT_NONE,...,task=python3\n"
      "llama-bench invoked oom-killer: gfp_mask=0x140dca(...)\n",
      {});
  ASSERT_FALSE(other.empty());
  ASSERT_EQ(other[0].victims.size(), 1u);
  EXPECT_EQ(other[0].victims[0].pid, 3961932);
  EXPECT_FALSE(other[0].trigger.has_value());
}

// 630's shape: the poster wrote the summary (no pid, the victim's task) after the kill and no header follows: the
// pair alone says nothing more, so the text stays in print order and the kill keeps its indented sizes.
TEST(OwnSummaryAfterKill, WithoutAHeaderAfterThePairThePrintOrderReadingStays) {
  const auto events = parse_log_text(
      "    Out of memory: Killed process 18349 (VLLM::EngineCor)\n"
      "      total-vm:384577048kB   anon-rss:995216kB   shmem-rss:134238912kB\n"
      "    oom-kill:constraint=CONSTRAINT_NONE, global_oom, task=VLLM::EngineCor\n",
      {});
  ASSERT_EQ(events.size(), 1u);
  ASSERT_EQ(events[0].victims.size(), 1u);
  EXPECT_EQ(events[0].victims[0].anon_rss_bytes, 995216u * 1024);
}

// 694 reversed: the poster's swap lines (show_mem()'s, which before a kill say print order) come first, then the
// kill, straight followed by its own summary (the same pid), then the header. The summary decides: newest-first,
// one report with its trigger.
TEST(OwnSummaryAfterKill, OwnSummaryAfterTheKillOutweighsAShowMemBlockBeforeIt) {
  const std::string reversed =
      "```\n"
      "Total swap = 24098808kB\n"
      "Free swap  = 200kB\n"
      "Out of memory: Killed process 2227526 (ChatGPT) anon-rss:136464kB\n"
      "oom-kill:constraint=CONSTRAINT_NONE,...,global_oom,task=ChatGPT,pid=2227526\n"
      "kswapd0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0\n"
      "```\n";
  for (const std::string& text : {reversed, reversed + reversed}) {  // a second copy after it: read again
    const auto events = parse_log_text(text, {});
    ASSERT_FALSE(events.empty());
    for (const auto& e : events) {
      ASSERT_TRUE(e.trigger.has_value());
      EXPECT_EQ(e.trigger->comm, "kswapd0");
      ASSERT_EQ(e.victims.size(), 1u);
      EXPECT_EQ(e.victims[0].pid, 2227526);
    }
  }
  // A show_mem block before a kill whose summary after it names another pid: print order, as before.
  const auto other = parse_log_text(
      "Total swap = 24098808kB\n"
      "Free swap  = 200kB\n"
      "Out of memory: Killed process 2227526 (ChatGPT) anon-rss:136464kB\n"
      "oom-kill:constraint=CONSTRAINT_NONE,...,global_oom,task=ChatGPT,pid=31337\n"
      "kswapd0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0\n",
      {});
  ASSERT_FALSE(other.empty());
  EXPECT_FALSE(other[0].trigger.has_value());
  ASSERT_EQ(other[0].victims.size(), 1u);
  EXPECT_EQ(other[0].victims[0].pid, 2227526);
}

}  // namespace
}  // namespace oomlens
