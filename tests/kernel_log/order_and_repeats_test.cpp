// Issue 12: newest-first order, a report quoted twice, and a kill glued after
// its selection, each on a short report written for the rule it tests.
#include <gtest/gtest.h>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

std::vector<OomEvent> parse(std::string_view text) { return parse_log_text(text, ScanOptions{"t", 2024}); }

// Chunk borders never change the events (the fuzzer's invariant).
void expect_same_in_chunks(std::string_view text, size_t events) {
  for (size_t chunk : {1, 7, 64}) {
    size_t n = 0;
    ReportScanner sc(ScanOptions{"t", 2024}, [&](OomEvent&&) { ++n; });
    for (size_t i = 0; i < text.size(); i += chunk) sc.feed_text(text.substr(i, chunk));
    sc.finish();
    EXPECT_EQ(n, events) << "chunks of " << chunk;
  }
}

TEST(OrderAndRepeats, GluedKillWrappedInsideItsFirstWord) {
  for (std::string_view t : {
           "Out of memory: Kill process 2157 (java) score 788 or sacrifice child Kil\n"
           "led process 2157 (java) total-vm:16692532kB, anon-rss:1440940kB\n",
           "Out of memory: Kill process 2157 (java) score 788 or sacrifice child Killed proc\n"
           "ess 2157 (java) total-vm:16692532kB, anon-rss:1440940kB\n"}) {
    auto ev = parse(t);
    ASSERT_EQ(ev.size(), 1u) << t;
    EXPECT_EQ(ev[0].kind, EventKind::kill);
    ASSERT_EQ(ev[0].victims.size(), 1u);
    EXPECT_EQ(ev[0].victims[0].pid, 2157);
    EXPECT_EQ(ev[0].victims[0].selected_score, 788);
    EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, 1440940u * 1024);
    expect_same_in_chunks(t, 1);
  }
}

// A short piece is joined only when the two make a kill line.
TEST(OrderAndRepeats, ShortPieceBeforeOtherTextStaysApart) {
  auto ev = parse(
      "Out of memory: Kill process 2157 (java) score 788 or sacrifice child Kil\n"
      "led to believe\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::selected_no_kill);
}

// Newest-first, a selection and then straight its header (a report cut to
// these two lines): one report, as in print order.
constexpr std::string_view kSelectionThenHeader =
    "Oct  8 11:12:20 host02 kernel: Out of memory: Kill process 27364 (java) score 933 or sacrifice child\n"
    "\n"
    "Oct  8 11:12:20 host02 kernel: splunkd invoked oom-killer: gfp_mask=0x201da, order=0, oom_adj=0\n";

TEST(OrderAndRepeats, NewestFirstSelectionThenItsHeaderIsOneReport) {
  auto ev = parse(kSelectionThenHeader);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::selected_no_kill);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "splunkd");
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 27364);
  expect_same_in_chunks(kSelectionThenHeader, 1);
}

// Forward, a header after a selection is the next report's when its body
// follows it, or when it was stamped later.
TEST(OrderAndRepeats, SelectionThenTheNextReportsHeaderStaysTwo) {
  const std::string with_body = std::string(kSelectionThenHeader) +
                                "Oct  8 11:12:20 host02 kernel: splunkd cpuset=/ mems_allowed=0\n"
                                "Oct  8 11:12:20 host02 kernel: Pid: 2210, comm: splunkd Not tainted 2.6.32-431.el6.x86_64 #1\n";
  EXPECT_EQ(parse(with_body).size(), 2u);
  expect_same_in_chunks(with_body, 2);
  const std::string later =
      "Oct  8 11:12:20 host02 kernel: Out of memory: Kill process 27364 (java) score 933 or sacrifice child\n"
      "Oct  8 11:12:25 host02 kernel: splunkd invoked oom-killer: gfp_mask=0x201da, order=0, oom_adj=0\n";
  EXPECT_EQ(parse(later).size(), 2u);
}

// Newest-first, the wrapped rests of the `oom-kill:` line and of the kill
// line lie before them: one report, the pid of the summary read from its rest.
TEST(OrderAndRepeats, NewestFirstWrappedSummaryAndKillAreOneReport) {
  constexpr std::string_view t =
      "total-vm:2007864kB, anon-rss:518828kB\n"
      "Memory cgroup out of memory: Killed process 90057 (java)\n"
      "task=java,pid=90057,uid=0\n"
      "2026-03-22T15:00:03 host03 kernel: oom-kill:constraint=CONSTRAINT_MEMCG\n";
  auto ev = parse(t);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 90057);
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, 518828u * 1024);
  EXPECT_EQ(ev[0].lines.first, 1u);
  EXPECT_EQ(ev[0].lines.last, 4u);
  expect_same_in_chunks(t, 1);
}

}  // namespace
}  // namespace oomlens
