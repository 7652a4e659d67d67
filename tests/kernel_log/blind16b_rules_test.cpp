// Rules found by blind set 16b (issue 12: tests/corpus/493-504), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_building.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Report, AnEscapedMarkBeforeASyslogPrefixLeavesTheRecordItsStamp) {
  // 497: the poster's `"` opens the first line of a quoted syslog; an HTML copy escapes it (`&quot;`). The record
  // after the mark keeps its prefix, stamp and host, escaped or not, and entities inside the line change nothing.
  const std::string rest =
      "Apr 28 04:37:34 host0001 kernel: [198854.281593] date invoked oom-killer: "
      "gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0\n"
      "Apr 28 04:37:34 host0001 kernel: [198854.281597] CPU: 0 PID: 31878 Comm: date Not tainted 5.4.0 #1\n";
  for (const std::string& mark : {std::string("\""), std::string("&quot;")}) {
    auto ev = parse_log_text(mark + rest);
    ASSERT_EQ(ev.size(), 1u) << mark;
    ASSERT_TRUE(ev[0].time.monotonic_s) << mark;
    EXPECT_DOUBLE_EQ(*ev[0].time.monotonic_s, 198854.281593) << mark;
    EXPECT_EQ(ev[0].host, "host0001") << mark;
    ASSERT_TRUE(ev[0].trigger) << mark;
    EXPECT_EQ(ev[0].trigger->comm, "date") << mark;
  }
  // An entity elsewhere in the line: the record is decoded and still read from its prefix.
  auto ev = parse_log_text("&quot;" + rest.substr(0, rest.find('\n')) + " &amp;\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].time.monotonic_s);
  EXPECT_DOUBLE_EQ(*ev[0].time.monotonic_s, 198854.281593);
}

}  // namespace
}  // namespace oomlens
