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

}  // namespace
}  // namespace oomlens
