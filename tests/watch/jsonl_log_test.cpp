// The daemon's --log: appended line by line, reopened after a rotation,
// never through a symlink.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "support/files.h"
#include "support/fixture_tree.h"
#include "watch/jsonl_log.h"

namespace oomlens::watch {
namespace {

using testing::FixtureTree;

TEST(JsonlLog, AppendsAndReopensAfterRotation) {
  FixtureTree t;
  const std::string path = t.root() + "/events.jsonl";
  t.write("events.jsonl", "{\"old\":1}\n");
  JsonlLog log;
  EXPECT_FALSE(log.is_open());
  EXPECT_TRUE(log.write("{\"dropped\":1}\n"));  // nothing open: nothing written, no error
  ASSERT_TRUE(log.open(path));
  EXPECT_TRUE(log.write("{\"a\":1}\n"));
  EXPECT_EQ(testing::slurp(path), "{\"old\":1}\n{\"a\":1}\n");
  // logrotate moves the file away, then SIGHUP: a new file.
  std::filesystem::rename(path, path + ".1");
  ASSERT_TRUE(log.open(path));
  EXPECT_TRUE(log.write("{\"b\":2}\n"));
  EXPECT_EQ(testing::slurp(path), "{\"b\":2}\n");
  EXPECT_EQ(testing::slurp(path + ".1"), "{\"old\":1}\n{\"a\":1}\n");
}

TEST(JsonlLog, RefusesASymlinkAndKeepsTheFileItHolds) {
  FixtureTree t;
  const std::string path = t.root() + "/events.jsonl";
  JsonlLog log;
  ASSERT_TRUE(log.open(path));
  ASSERT_EQ(::symlink((t.root() + "/elsewhere").c_str(), (t.root() + "/link").c_str()), 0);
  auto st = log.open(t.root() + "/link");
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().errnum, ELOOP);
  EXPECT_TRUE(log.is_open());
  EXPECT_FALSE(std::filesystem::exists(t.root() + "/elsewhere"));
}

}  // namespace
}  // namespace oomlens::watch
