// Rules found by blind set 19b (issue 12: tests/corpus/637-648, servers and databases), each on hand-written input
// shaped like the real report named per test.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

bool has_note_starting(const OomEvent& e, const std::string& start) {
  return std::any_of(e.notes.begin(), e.notes.end(), [&](const std::string& n) { return n.rfind(start, 0) == 0; });
}

// 639: a maintainer quotes the selection, the victim's row, the kill, and last the header, which the printk stamps
// say was printed first: one report, the header its trigger.
TEST(LateHeader, AHeaderStampedBeforeTheKillItFollowsIsThatReportsHeader) {
  const std::string text =
      "    Mar 13 13:18:41 host03 kernel: [630250.830734] Out of memory: Kill process 16886 (ruby) score 750 or "
      "sacrifice child\n"
      "\n"
      "This log output means that your Ruby application used too much memory.\n"
      "\n"
      "    Mar 13 13:18:41 host03 kernel: [630250.830790] Killed process 16886 (ruby) total-vm:5029280kB, "
      "anon-rss:3025732kB, file-rss:0kB\n"
      "\n"
      "And finally, this first line is a red herring.\n"
      "\n"
      "    Mar 13 13:18:41 host03 kernel: [630250.830457] PassengerAgent invoked oom-killer: gfp_mask=0x2084d0, "
      "order=0, oom_score_adj=0\n";
  const auto events = parse_log_text(text, ScanOptions{"-", 2015});
  ASSERT_EQ(events.size(), 1u);
  const OomEvent& e = events[0];
  EXPECT_EQ(e.kind, EventKind::kill);
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->comm, "PassengerAgent");
  EXPECT_EQ(e.trigger->gfp_mask, std::optional<std::string>("0x2084d0"));
  ASSERT_TRUE(e.time.monotonic_s);
  EXPECT_DOUBLE_EQ(*e.time.monotonic_s, 630250.830457);  // a report's time is its header's
  EXPECT_EQ(e.lines.first, 1u);
  EXPECT_EQ(e.lines.last, 9u);
  EXPECT_TRUE(has_note_starting(e, "its `invoked oom-killer` header comes after it in the text (line 9)"));
  EXPECT_FALSE(has_note_starting(e, "no `invoked oom-killer` header before this"));
  EXPECT_FALSE(has_note_starting(e, "the report ends before any kill line"));
}

// 638: the header with its stack in a second code block after the poster's sentence; a selection alone (no kill
// line) takes it too.
TEST(LateHeader, ASelectionTakesItsLateHeaderWithItsStack) {
  const std::string text =
      "[1504351.813020] Out of memory: Kill process 8055 (ruby) score 267 or sacrifice child\n"
      "```\n"
      "With the following right before it:\n"
      "```\n"
      "[1504351.812543] mysqld invoked oom-killer: gfp_mask=0x201da, order=0, oom_score_adj=0\n"
      "[1504351.812562] mysqld cpuset=/ mems_allowed=0\n"
      "[1504351.812577] CPU: 0 PID: 1251 Comm: mysqld Tainted: GF            3.13.0-24-generic #46-Ubuntu\n";
  const auto events = parse_log_text(text, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::selected_no_kill);
  ASSERT_TRUE(events[0].trigger);
  EXPECT_EQ(events[0].trigger->comm, "mysqld");
  EXPECT_EQ(events[0].trigger->pid, std::optional<int64_t>(1251));
  EXPECT_FALSE(has_note_starting(events[0], "no `invoked oom-killer` header before this"));
}

// After a poster's sentence (not straight after the kill, which newest_first.h reads as one report), the order is
// told by printk stamps alone: a header stamped after the kill, more than 5 s before it, or with no stamp on either
// line, is another report's (the next OOM's, or one whose outcome is not in the text).
TEST(LateHeader, WithoutStampsThatSayItWasPrintedFirstAHeaderAfterAKillIsTheNextReports) {
  const std::string kill = "Killed process 16886 (ruby) total-vm:5029280kB, anon-rss:3025732kB, file-rss:0kB\n";
  const std::string header = "PassengerAgent invoked oom-killer: gfp_mask=0x2084d0, order=0, oom_score_adj=0\n";
  for (const auto& [kill_stamp, header_stamp] :
       {std::pair<std::string, std::string>{"", ""}, {"[  100.500000] ", "[  100.600000] "},
        {"[  106.000000] ", "[  100.000000] "}, {"[  100.500000] ", ""}}) {
    const auto events = parse_log_text(kill_stamp + kill + "\nThen, later:\n\n" + header_stamp + header, {});
    ASSERT_EQ(events.size(), 2u) << kill_stamp << header_stamp;
    EXPECT_EQ(events[0].kind, EventKind::kill);
    EXPECT_FALSE(events[0].trigger);
    EXPECT_EQ(events[1].kind, EventKind::incomplete);
  }
  // Another boot's header (its uptime alike, its wall clock a day later) is another report.
  {
    const auto two_boots = parse_log_text("Mar 13 13:18:41 host03 kernel: [  100.500000] " + kill + "\nThen:\n\n" +
                                              "Mar 14 09:02:10 host03 kernel: [  100.400000] " + header,
                                          ScanOptions{"-", 2015});
    EXPECT_EQ(two_boots.size(), 2u);
  }
  // Two hosts' lines are two reports, whatever their stamps.
  const auto events = parse_log_text("Mar 13 13:18:41 host03 kernel: [  100.500000] " + kill + "\nThen:\n\n" +
                                         "Mar 13 13:18:41 host04 kernel: [  100.400000] " + header,
                                     ScanOptions{"-", 2015});
  EXPECT_EQ(events.size(), 2u);
}

}  // namespace
}  // namespace oomlens
