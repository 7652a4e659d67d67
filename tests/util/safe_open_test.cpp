// util/safe_open.h: a planted-symlink directory (issue 21, item 2). The
// black-box version with `oomlens run` is tests/cli/safe_files.sh.
#include "util/safe_open.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/fixture_tree.h"
#include "support/files.h"

namespace oomlens {
namespace {

using testing::slurp;

// `--verdict-json /dev/stdout`: the kernel's stream links are written
// through a copy of the descriptor, not refused as symlinks.
TEST(SafeOpen, StandardStreamAliasesAreWrittenThroughTheirDescriptor) {
  for (const char* alias : {"/dev/stdout", "/dev/stderr", "/proc/self/fd/2"}) {
    auto f = open_output(alias);
    ASSERT_TRUE(f) << alias << ": " << f.error().message();
    EXPECT_GE(f->fd, 3);
    EXPECT_FALSE(f->regular);
    ::close(f->fd);
  }
}

TEST(SafeOpen, SuffixGoesBeforeTheExtension) {
  EXPECT_EQ(suffixed_path("a/oomlens-x-1.jsonl", 2), "a/oomlens-x-1-2.jsonl");
  EXPECT_EQ(suffixed_path("a.d/noext", 1), "a.d/noext-1");
  EXPECT_EQ(suffixed_path(".hidden", 3), ".hidden-3");
}

TEST(SafeOpen, CreateUniqueNeverWritesThroughAPlantedName) {
  testing::FixtureTree t;
  const std::string victim = t.root() + "/victim";
  t.write("victim", "precious");
  const std::string name = t.root() + "/oomlens-job-20261201-120000.jsonl";
  ASSERT_EQ(::symlink(victim.c_str(), name.c_str()), 0);
  ASSERT_EQ(::symlink(victim.c_str(), suffixed_path(name, 1).c_str()), 0);
  t.write("oomlens-job-20261201-120000-2.jsonl", "someone else's");
  auto f = create_unique(name);
  ASSERT_TRUE(f) << f.error().message();
  EXPECT_EQ(f->path, suffixed_path(name, 3));
  ASSERT_EQ(::write(f->fd, "x\n", 2), 2);
  ::close(f->fd);
  EXPECT_EQ(slurp(victim), "precious");
  EXPECT_EQ(slurp(t.root() + "/oomlens-job-20261201-120000-2.jsonl"), "someone else's");
  struct stat st {};
  ASSERT_EQ(::lstat(f->path.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
}

TEST(SafeOpen, CreateUniqueGivesUpWithEexist) {
  testing::FixtureTree t;
  const std::string name = t.root() + "/r.jsonl";
  t.write("r.jsonl", "");
  t.write("r-1.jsonl", "");
  auto f = create_unique(name, 0644, 1);
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().errnum, EEXIST);
}

TEST(SafeOpen, OpenOutputRefusesSymlinksAndOddFiles) {
  testing::FixtureTree t;
  t.write("victim", "precious");
  const std::string link = t.root() + "/out.jsonl";
  ASSERT_EQ(::symlink((t.root() + "/victim").c_str(), link.c_str()), 0);
  auto f = open_output(link);
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().errnum, ELOOP);
  EXPECT_NE(f.error().message().find("symbolic link"), std::string::npos);
  // A dangling symlink is not followed either (it would create its target).
  const std::string dangling = t.root() + "/dangling.jsonl";
  ASSERT_EQ(::symlink((t.root() + "/created-by-root").c_str(), dangling.c_str()), 0);
  EXPECT_FALSE(open_output(dangling));
  EXPECT_FALSE(std::filesystem::exists(t.root() + "/created-by-root"));
  EXPECT_EQ(slurp(t.root() + "/victim"), "precious");
  t.mkdir("dir");
  auto d = open_output(t.root() + "/dir");
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error().errnum, EINVAL);
  // A terminal is not an output file (refused before it is opened).
  if (std::filesystem::exists("/dev/tty")) {
    EXPECT_FALSE(open_output("/dev/tty"));
  }
}

TEST(SafeOpen, OpenOutputTruncatesOrAppendsARegularFileAndTakesDevNull) {
  testing::FixtureTree t;
  t.write("r.jsonl", "old contents\n");
  auto f = open_output(t.root() + "/r.jsonl");
  ASSERT_TRUE(f) << f.error().message();
  EXPECT_TRUE(f->regular);
  ASSERT_EQ(::write(f->fd, "new\n", 4), 4);
  ::close(f->fd);
  EXPECT_EQ(slurp(t.root() + "/r.jsonl"), "new\n");
  auto a = open_output(t.root() + "/r.jsonl", OutputMode::append);
  ASSERT_TRUE(a);
  ASSERT_EQ(::write(a->fd, "more\n", 5), 5);
  ::close(a->fd);
  EXPECT_EQ(slurp(t.root() + "/r.jsonl"), "new\nmore\n");
  auto n = open_output("/dev/null");
  ASSERT_TRUE(n) << n.error().message();
  EXPECT_FALSE(n->regular);
  ::close(n->fd);
}

}  // namespace
}  // namespace oomlens
