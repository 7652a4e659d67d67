// util/file.h: the one small-file reader and writer.
#include "util/file.h"

#include <gtest/gtest.h>

#include <fcntl.h>

#include <cerrno>

#include "support/fixture_tree.h"
#include "support/files.h"

namespace oomlens {
namespace {

TEST(WriteFile, WritesAnExistingFileAndSaysWhatFailed) {
  testing::FixtureTree t;
  t.write("memory.max", "max\n");
  const std::string path = t.root() + "/memory.max";
  ASSERT_TRUE(write_file(path, "1048576").ok());
  EXPECT_EQ(testing::slurp(path), "1048576");

  // A kernel file is never created: a missing one is "cannot open", ENOENT.
  auto missing = write_file(t.root() + "/cgroup.kill", "1");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().errnum, ENOENT);
  EXPECT_EQ(missing.error().message(), "cannot open " + t.root() + "/cgroup.kill: No such file or directory");

  // The kernel refusing the value is "cannot write 'V' to PATH" with its errno.
  auto full = write_file("/dev/full", "x");
  ASSERT_FALSE(full);
  EXPECT_EQ(full.error().errnum, ENOSPC);
  EXPECT_EQ(full.error().what, "cannot write 'x' to /dev/full");
}

TEST(ReadFileAt, AFailedReadKeepsItsErrno) {
  testing::FixtureTree t;
  errno = 0;
  EXPECT_FALSE(read_file_at(AT_FDCWD, (t.root() + "/absent").c_str()));
  EXPECT_EQ(errno, ENOENT);
  // A directory opens but does not read: EISDIR survives the close.
  errno = 0;
  EXPECT_FALSE(read_file_at(AT_FDCWD, t.root().c_str()));
  EXPECT_EQ(errno, EISDIR);
}

}  // namespace
}  // namespace oomlens
