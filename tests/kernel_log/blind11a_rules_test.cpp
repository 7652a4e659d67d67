// Rules found by blind set 11a (issue 12: tests/corpus/339-350), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

const std::string kHeader =
    "[ 5120.104211] gpuworker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, "
    "oom_score_adj=0\n";
const std::string kStack =
    "[ 5120.104230] CPU: 3 PID: 811 Comm: gpuworker Not tainted 6.6.20 #1\n"
    "[ 5120.104236] Call trace:\n"
    "[ 5120.104240]  dump_backtrace+0xe8/0x124\n"
    "[ 5120.104252]  oom_kill_process+0xac/0x170\n"
    "[ 5120.104260]  out_of_memory+0x288/0x2b8\n"
    "[ 5120.104268]  __alloc_pages+0x6e0/0x834\n";

TEST(Report, HeaderPastedInlineThenAgainInTheFullDmesgIsOneReport) {
  // 339: a post quotes the header, then pastes the whole dmesg from the same line (same printk stamp).
  auto ev = parse_log_text("The error changed now:\n```\n" + kHeader + "```\n\n<details>\n<summary>Full dmesg</summary>\n\n```\n" +
                           kHeader + kStack);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::incomplete);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->pid, 811);           // the fuller copy is kept
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  // The reverse: the whole report first, its header quoted again after it.
  auto rev = parse_log_text(kHeader + kStack + "\nThe line that matters:\n" + kHeader);
  ASSERT_EQ(rev.size(), 1u);
  EXPECT_EQ(rev[0].trigger->pid, 811);
}

TEST(Report, SameHeaderAtAnotherStampOrWithoutStampsIsAnotherOom) {
  // Two OOMs of the same task: another printk stamp.
  std::string second = kHeader;
  second.replace(second.find("5120.104211"), 11, "5121.300000");
  EXPECT_EQ(parse_log_text(kHeader + "\n\n" + second).size(), 2u);
  // No printk stamp: nothing tells a repeat from another OOM of the same task.
  const std::string bare =
      "gpuworker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0\n";
  EXPECT_EQ(parse_log_text(bare + "\n\n" + bare).size(), 2u);
}

TEST(Report, BareHeaderCopyOfAFullerOneWithoutPrintkStamps) {
  // 339 re-prefixed (syslog stamps of one second, or none): the quoted header alone, then the same header with its
  // `CPU: … PID:` line and stack, is one report; at another wall clock it is another OOM.
  const std::string h =
      "Mar  3 10:00:01 host01 kernel: gpuworker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, "
      "oom_score_adj=0\n";
  const std::string cpu = "Mar  3 10:00:01 host01 kernel: CPU: 3 PID: 811 Comm: gpuworker Not tainted 6.6.20 #1\n"
                          "Mar  3 10:00:01 host01 kernel: Call trace:\n"
                          "Mar  3 10:00:01 host01 kernel:  out_of_memory+0x288/0x2b8\n"
                          "Mar  3 10:00:01 host01 kernel:  __alloc_pages+0x6e0/0x834\n";
  auto ev = parse_log_text(h + "```\n\nFull log:\n\n```\n" + h + cpu);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].trigger->pid, 811);
  std::string later = h;
  later.replace(later.find("10:00:01"), 8, "10:07:45");
  std::string later_cpu = cpu;
  for (size_t at; (at = later_cpu.find("10:00:01")) != std::string::npos;) later_cpu.replace(at, 8, "10:07:45");
  ScanOptions with_year;
  with_year.default_year = 2026;  // the syslog stamps give a wall clock
  EXPECT_EQ(parse_log_text(h + "\n\n" + later + later_cpu, with_year).size(), 2u);
}

}  // namespace
}  // namespace oomlens
