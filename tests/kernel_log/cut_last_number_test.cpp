// A record hard-wrapped at a fixed width can be cut inside its last number, where it already reads as whole
// (report_rejoin.cpp cut_last_number()): corpus 546's kill line at 80 columns, `…oom_score_adj:20` + `0`.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

std::string wrap(std::string_view t, size_t width) {
  std::string out;
  for (size_t i = 0; i < t.size(); i += width) out.append(t.substr(i, width)).append("\n");
  return out;
}

constexpr std::string_view kKill =
    "Out of memory: Killed process 5360 (rootlessport) total-vm:2988372kB, anon-rss:1696352kB, file-rss:0kB, "
    "shmem-rss:0kB, UID:1003 pgtables:3832kB oom_score_adj:200";

TEST(CutLastNumber, ALineOfDigitsAfterTwoLinesOfTheWrapWidthIsTheLastNumbersRest) {
  for (size_t width : {78u, 79u, 80u, 81u}) {
    const auto ev = parse_log_text(wrap(kKill, width));
    ASSERT_EQ(ev.size(), 1u) << width;
    ASSERT_EQ(ev[0].victims.size(), 1u) << width;
    EXPECT_EQ(ev[0].victims[0].oom_score_adj, 200) << width;  // at 80 the wrap left `…oom_score_adj:20` + `0`
    EXPECT_EQ(ev[0].victims[0].uid, 1003u) << width;
  }
}

TEST(CutLastNumber, ADigitsLineAfterARecordNotCutAtItsWidthIsNotJoined) {
  // The kill line whole on one line (no wrap width shown), then a stray number: the record is not extended.
  const auto ev = parse_log_text(std::string(kKill) + "\n0\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].oom_score_adj, 200);
  // Wrapped, but its last line shorter than its first: that line ended the record.
  const std::string shorter = std::string(kKill.substr(0, 80)) + "\n" + std::string(kKill.substr(80)) + "\n7\n";
  const auto ev2 = parse_log_text(shorter);
  ASSERT_EQ(ev2.size(), 1u);
  ASSERT_EQ(ev2[0].victims.size(), 1u);
  EXPECT_EQ(ev2[0].victims[0].oom_score_adj, 200);
}

}  // namespace
}  // namespace oomlens
