// util/file.h: the one small-file reader and writer.
#include "util/file.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

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

TEST(RereadFd, ReadsTheHeldFileAgainFromItsStart) {
  testing::FixtureTree t;
  t.write("stat", "42 (a b) S 1\n");
  const std::string path = t.root() + "/stat";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  std::string buf;
  EXPECT_EQ(reread_fd(fd, buf), "42 (a b) S 1\n");
  EXPECT_EQ(reread_fd(fd, buf), "42 (a b) S 1\n");  // again from 0, not from where the last read stopped
  t.write("stat", "43 (c) R 1 and more\n");           // the same inode, new contents
  EXPECT_EQ(reread_fd(fd, buf), "43 (c) R 1 and more\n");
  EXPECT_EQ(reread_fd(fd, buf, 5), "43 (c");           // cut at max_bytes

  // Longer than the first read (4 KiB): read on to a short read, up to the cap.
  const std::string big(10000, 'x');
  t.write("stat", big);
  EXPECT_EQ(reread_fd(fd, buf), big);
  EXPECT_EQ(reread_fd(fd, buf, 6000), big.substr(0, 6000));
  buf.clear();
  buf.shrink_to_fit();
  buf.reserve(8192);  // reserved: one pread of the whole capacity
  EXPECT_EQ(reread_fd(fd, buf, 8192)->size(), 8192u);
  ::close(fd);

  // A read error (here EISDIR; ESRCH for a reaped process) is nullopt, the buffer empty.
  const int dir = ::open(t.root().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ASSERT_GE(dir, 0);
  EXPECT_FALSE(reread_fd(dir, buf));
  EXPECT_TRUE(buf.empty());
  ::close(dir);
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
