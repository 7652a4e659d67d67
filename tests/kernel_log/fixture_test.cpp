// A fixture file mixing kmsg records, syslog, journal JSON and dmesg -T.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "kernel_log/report_scanner.h"
#include "support/paths.h"

namespace oomlens {
namespace {

TEST(Fixture, MixedPrefixes) {
  std::ifstream f(std::string(oomlens::testing::source_dir()) + "/tests/fixtures/logs/mixed-prefixes.log");
  std::stringstream ss;
  ss << f.rdbuf();
  auto ev = parse_log_text(ss.str(), ScanOptions{"mixed-prefixes.log", 2025});
  ASSERT_EQ(ev.size(), 3u);
  EXPECT_EQ(ev[0].kmsg_seq, 500u);
  EXPECT_EQ(ev[0].trigger->pid, 77);
  EXPECT_EQ(ev[0].lines.first, 2u);
  EXPECT_EQ(ev[0].lines.last, 5u);
  EXPECT_FALSE(ev[0].notes.empty());  // record 502 is missing
  EXPECT_TRUE(ev[0].memcg->task_memcg.has_value());  // the owner is decided in diagnose/
  EXPECT_EQ(ev[1].boot_id, "0123abcd");
  EXPECT_EQ(ev[1].host, "web2");
  EXPECT_EQ(ev[1].constraint, Constraint::memcg);
  EXPECT_EQ(ev[1].memcg->limit_bytes, 10240u * 1024);
  EXPECT_DOUBLE_EQ(*ev[1].time.monotonic_s, 2.0);
  EXPECT_EQ(ev[2].victims[0].comm, "c d");
  EXPECT_EQ(ev[2].time.wall, "2025-08-12T03:54:03");
  for (const auto& e : ev) EXPECT_EQ(e.source, "mixed-prefixes.log");
}

}  // namespace
}  // namespace oomlens
