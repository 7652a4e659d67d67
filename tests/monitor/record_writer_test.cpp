// RecordWriter's two openers: a path the user gave (open) and a name oomlens
// chose (create_new), one way of keeping what they opened and one error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "monitor/record.h"
#include "support/fixture_tree.h"

namespace oomlens::monitor {
namespace {

TEST(RecordWriter, OpenEmptiesTheGivenFileAndCreateNewTakesAFreeName) {
  oomlens::testing::FixtureTree t;
  const std::string path = t.root() + "/run.jsonl";
  std::ofstream(path) << "old\n";
  {
    RecordWriter given;
    ASSERT_TRUE(given.open(path));
    EXPECT_EQ(given.path(), path);
    EXPECT_TRUE(given.regular());
    given.write({{"type", "header"}});
  }
  EXPECT_EQ(std::filesystem::file_size(path), std::string("{\"type\":\"header\"}\n").size());
  RecordWriter chosen;
  ASSERT_TRUE(chosen.create_new(path));  // taken: the next free name, the file kept
  EXPECT_EQ(chosen.path(), t.root() + "/run-1.jsonl");
  EXPECT_TRUE(chosen.is_open());
  EXPECT_EQ(std::filesystem::file_size(path), std::string("{\"type\":\"header\"}\n").size());
}

TEST(RecordWriter, EitherOpenerSaysItCannotWriteTheRecord) {
  oomlens::testing::FixtureTree t;
  const std::string path = t.root() + "/no-such-dir/run.jsonl";
  for (const bool chosen : {false, true}) {
    RecordWriter w;
    const Status st = chosen ? w.create_new(path) : w.open(path);
    ASSERT_FALSE(st);
    EXPECT_EQ(st.error().errnum, ENOENT);
    EXPECT_EQ(st.error().what.rfind("cannot write record " + path + ": ", 0), 0u) << st.error().what;
    EXPECT_FALSE(w.is_open());
  }
}

}  // namespace
}  // namespace oomlens::monitor
