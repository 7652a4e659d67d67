#include "logsource/syslog_files.h"

#include <gtest/gtest.h>

#include "logsource_test_util.h"

namespace oomlens {
namespace {

TEST(SyslogFiles, OrdersRotatedCopiesOldestFirst) {
  const LogSeries s = order_rotated_names(
      "kern.log", {"kern.log", "kern.log.1", "kern.log.10.gz", "kern.log.2.gz", "syslog",
                   "kern.logger", "kern.log.old", "messages.1", "kern.log.3.gz"});
  EXPECT_EQ(s.paths, (std::vector<std::string>{"kern.log.10.gz", "kern.log.3.gz", "kern.log.2.gz",
                                               "kern.log.1", "kern.log"}));
  EXPECT_TRUE(s.skipped.empty());
}

TEST(SyslogFiles, DatedCopies) {
  const LogSeries s = order_rotated_names(
      "messages", {"messages-20231119", "messages", "messages-20231105.gz", "messages-20231112"});
  EXPECT_EQ(s.paths, (std::vector<std::string>{"messages-20231105.gz", "messages-20231112",
                                               "messages-20231119", "messages"}));
}

TEST(SyslogFiles, UnsupportedCompressionIsSkippedWithReason) {
  const LogSeries s = order_rotated_names(
      "kern.log", {"kern.log.4.xz", "kern.log.5.bz2", "kern.log.3.zst", "kern.log.6.lz4", "kern.log"});
  EXPECT_EQ(s.paths, (std::vector<std::string>{"kern.log.4.xz", "kern.log.3.zst", "kern.log"}));
  ASSERT_EQ(s.skipped.size(), 2u);
  EXPECT_NE(s.skipped[0].find("gzip, xz and zstd"), std::string::npos);
}

TEST(SyslogFiles, OnlyRotatedCopiesWithoutLiveFile) {
  const LogSeries s = order_rotated_names("kern.log", {"kern.log.1", "kern.log.2.gz"});
  EXPECT_EQ(s.paths, (std::vector<std::string>{"kern.log.2.gz", "kern.log.1"}));
}

TEST(SyslogFiles, ListsFixtureRoot) {
  testing::FixtureTree dir;
  testing::make_fixture_root(dir.path() / "root");
  const auto root = (dir.path() / "root").string();
  const auto series = list_syslog_files(root);
  ASSERT_EQ(series.size(), 1u);  // no messages* in the fixture
  EXPECT_EQ(series[0].base, root + "/var/log/kern.log");
  EXPECT_EQ(series[0].paths,
            (std::vector<std::string>{root + "/var/log/kern.log.2.gz", root + "/var/log/kern.log.1",
                                      root + "/var/log/kern.log"}));
}

TEST(SyslogFiles, MissingDirectoryGivesNothing) {
  EXPECT_TRUE(list_syslog_files("/nonexistent-root").empty());
}

}  // namespace
}  // namespace oomlens
