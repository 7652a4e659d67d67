// A viewer's cut (issue 12, class 2) that leaves only the message of a ≤4.19
// selection line (`Memory cgroup out of memory: Kill process …` cut to
// `Memory cgroup out of memory:...`): the report still opens there and takes
// its time, never the kill line's; whom it selected is unknown.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

const ScanOptions kOptions{"t", 2024};

TEST(CutSelection, StumpBeforeABareKillLineOpensTheReportAtItsTime) {
  const std::string text =
      "[39290745.072552] Memory cgroup out of memory:...\n"
      "[39290745.072599] Killed process 2625 (node) total-vm:22355612kB, anon-rss:517580kB, file-rss:34160kB, "
      "shmem-rss:0kB\n"
      "[39290745.088498] oom_reaper: reaped process 2625 (node), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n";
  const auto ev = parse_log_text(text, kOptions);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].time.monotonic_s, 39290745.072552);
  EXPECT_TRUE(ev[0].selected.empty());
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 2625);
}

TEST(CutSelection, AlsoBeforeAKillLineCutItself) {
  const std::string text =
      "[  100.000001] Out of memory: Kill...\n"
      "[  100.000002] Killed process 2625 (node) t...\n";
  const auto ev = parse_log_text(text, kOptions);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].time.monotonic_s, 100.000001);
}

// A 5.x kill line prints the message itself: a stump before it is no
// selection of it (another victim's cut kill line), and lends it no time.
TEST(CutSelection, NotBeforeAKillLineWithItsOwnMessage) {
  const std::string text =
      "[  100.000001] Out of memory:...\n"
      "[  100.000002] Out of memory: Killed process 2625 (node) total-vm:22355612kB, anon-rss:517580kB, "
      "file-rss:34160kB, shmem-rss:0kB, UID:1000 pgtables:8011kB oom_score_adj:0\n";
  const auto ev = parse_log_text(text, kOptions);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].time.monotonic_s, 100.000002);
}

TEST(CutSelection, MessageStumps) {
  EXPECT_TRUE(oomline::is_cut_outcome_message("Memory cgroup out of memory:"));
  EXPECT_TRUE(oomline::is_cut_outcome_message("Memory cgroup out of"));
  EXPECT_TRUE(oomline::is_cut_outcome_message("Out of memory"));
  EXPECT_FALSE(oomline::is_cut_outcome_message("Memory"));
  EXPECT_FALSE(oomline::is_cut_outcome_message("Memory cgroup out of mem"));
  EXPECT_FALSE(oomline::is_cut_outcome_message("Out of memory and no killable"));
}

}  // namespace
}  // namespace oomlens
