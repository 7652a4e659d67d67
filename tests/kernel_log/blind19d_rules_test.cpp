// Rules found by blind set 19d (issue 12: tests/corpus/661-672, container runtimes' notices and odd pastes), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

// 668: a row garbled by a terminal: a whole 15-byte comm, a run of spaces, then a stray character.
TEST(OomLines, APadAfterAWholeCommEndsIt) {
  auto r = oomline::parse_row("[ 4972]     0  4972  8805995  6264767 7   13410      40        0             0 "
                              "amazon-ssm-agen                                    7 ");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->comm, "amazon-ssm-agen");
  // A pad inside a comm shorter than 15 bytes is still a terminal's pad inside it.
  auto w = oomline::parse_row("[  300]     0   300    12345      678       9       0             0 systemd-jou        rnal");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->comm, "systemd-journal");
}

// 661: a kernel that prints no printk time, read by a dmesg that takes a record's leading `[…]` for its stamp.
TEST(OomLines, ARowWhosePidCellADmesgReadAsAStamp) {
  NormalizedLine n;
  normalize_line("[19392.000000]     0 19392     5485      755      15       3      125             0 bash", n,
                 std::nullopt);
  EXPECT_FALSE(n.prefix.monotonic_s);  // no stamp: the row's pid cell
  auto r = oomline::parse_row(n.text);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->pid, 19392);
  EXPECT_EQ(r->comm, "bash");
  // A real stamp before a line of figures whose second is not the stamp's seconds stays a stamp.
  normalize_line("[  512.000000]     0 19392     5485      755      15       3      125             0 bash", n,
                 std::nullopt);
  EXPECT_TRUE(n.prefix.monotonic_s);
  EXPECT_FALSE(oomline::parse_row("[512.000000]     0 19392     5485      755      15       3      125     0 bash"));
  // The table header whose `[ ` the dmesg took.
  EXPECT_TRUE(oomline::parse_table_header("pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds swapents oom_score_adj name"));
  EXPECT_FALSE(oomline::parse_table_header("pid is 42 and the name"));
}

TEST(Scanner, ZeroStampsAndStampedPidRowsReadAsOneReport) {
  const std::string text =
      "root@host01:/# dmesg | tail -n 5\n"
      "[    0.000000] pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds swapents oom_score_adj name\n"
      "[19392.000000]     0 19392     5485      755      15       3      125             0 bash\n"
      "[19417.000000]     0 19417   396156    42487     618       4   266041             0 python\n"
      "[    0.000000] Memory cgroup out of memory: Kill process 19417 (python) score 890 or sacrifice child\n"
      "[    0.000000] Killed process 19417 (python) total-vm:1584624kB, anon-rss:168368kB, file-rss:1580kB\n";
  const auto events = parse_log_text(text, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::kill);
  ASSERT_EQ(events[0].tasks.size(), 2u);
  EXPECT_EQ(events[0].tasks[0].pid, 19392);
  EXPECT_EQ(events[0].tasks[1].comm, "python");
  EXPECT_EQ(events[0].tasks[1].oom_score_adj, std::optional<int>(0));
  // `[    0.000000]` on a report's line is a dmesg's filler, no time.
  EXPECT_FALSE(events[0].time.monotonic_s);
}

// 669: a paste that opens inside the call trace, the OOM killer's own frame above out_of_memory, then Mem-Info.
TEST(Scanner, APasteOpeningInsideTheTraceIsAReport) {
  const std::string text =
      "Mar 24 13:09:13 host01 kernel: [ 4771.273108]  [<ffffffff8113f60a>] ? __delayacct_freepages_end+0x2a/0x30\n"
      "Mar 24 13:09:13 host01 kernel: [ 4771.273114]  [<ffffffff811928c2>] oom_kill_process+0x202/0x3c0\n"
      "Mar 24 13:09:13 host01 kernel: [ 4771.273117]  [<ffffffff81192ce9>] out_of_memory+0x219/0x460\n"
      "Mar 24 13:09:13 host01 kernel: [ 4771.273119]  [<ffffffff81198cd8>] __alloc_pages_slowpath+0x938/0xad0\n"
      "Mar 24 13:09:13 host01 kernel: [ 4771.273156] Mem-Info:\n"
      "Mar 24 13:09:13 host01 kernel: [ 4771.273159] active_anon:114711 inactive_anon:2124 isolated_anon:0\n";
  const auto events = parse_log_text(text, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::incomplete);
  EXPECT_EQ(events[0].constraint, std::optional<Constraint>(Constraint::global));
  // Without the OOM killer's own frame above it (a trace through out_of_memory alone, or newest-first text whose
  // callee frames come after the anchor) no report is opened there.
  const std::string bare =
      "Mar 24 13:09:13 host01 kernel: [ 4771.273119]  [<ffffffff81198cd8>] __alloc_pages_slowpath+0x938/0xad0\n"
      "Mar 24 13:09:13 host01 kernel: [ 4771.273117]  [<ffffffff81192ce9>] out_of_memory+0x219/0x460\n"
      "Mar 24 13:09:13 host01 kernel: [ 4771.273114]  [<ffffffff811928c2>] oom_kill_process+0x202/0x3c0\n";
  EXPECT_TRUE(parse_log_text(bare, {}).empty());
}

}  // namespace
}  // namespace oomlens
