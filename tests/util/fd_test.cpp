// util/fd.h: the descriptor owner, pipes and shared handles, and signals
// (send_signal and its handler-safe core, util/signal_safe.h).
#include "util/fd.h"
#include "util/signal_safe.h"

#include "support/reaped_child.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <string>

namespace oomlens {
namespace {

bool is_open(int fd) { return ::fcntl(fd, F_GETFD) >= 0; }

TEST(UniqueFd, ClosesOnResetAndKeepsErrno) {
  UniqueFd fd(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  ASSERT_TRUE(fd);
  const int n = fd.get();
  errno = ENOENT;
  fd.reset();
  EXPECT_EQ(errno, ENOENT);  // an error path's errno outlives the close
  EXPECT_FALSE(fd);
  EXPECT_FALSE(is_open(n));
}

TEST(OpenPipe, BothEndsAreOwnedAndCarryTheFlags) {
  int r = -1, w = -1;
  {
    auto p = open_pipe(O_CLOEXEC);
    ASSERT_TRUE(p) << p.error().message();
    r = p->read.get();
    w = p->write.get();
    EXPECT_EQ(::fcntl(r, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
    ASSERT_EQ(::write(w, "x", 1), 1);
    char c = 0;
    ASSERT_EQ(::read(r, &c, 1), 1);
    EXPECT_EQ(c, 'x');
  }
  EXPECT_FALSE(is_open(r));
  EXPECT_FALSE(is_open(w));
}

TEST(OpenPipe, AnErrorSaysWhatFailed) {
  auto p = open_pipe(-1);  // no such flags: EINVAL
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().errnum, EINVAL);
  EXPECT_EQ(p.error().what, "pipe");
}

TEST(ShareFd, ClosedWhenTheLastCopyGoes) {
  EXPECT_EQ(share_fd(UniqueFd()), nullptr);
  auto a = share_fd(UniqueFd(::open("/dev/null", O_RDONLY | O_CLOEXEC)));
  ASSERT_NE(a, nullptr);
  const int n = *a;
  auto b = a;
  a.reset();
  EXPECT_TRUE(is_open(n));
  b.reset();
  EXPECT_FALSE(is_open(n));
}

// The handler-safe core of send_signal(): the errno as its result, errno
// itself untouched; send_signal() says the pid and the signal.
TEST(SendSignal, CoreReturnsTheErrnoAndKeepsErrno) {
  const pid_t child = testing::reaped_child_pid();
  ASSERT_GT(child, 0);
  errno = EINTR;
  EXPECT_EQ(send_signal_errno(child, -1, 0), ESRCH);
  EXPECT_EQ(errno, EINTR);
  EXPECT_EQ(send_signal_errno(static_cast<int>(::getpid()), -1, 0), 0);
  const Status r = send_signal(child, -1, SIGTERM);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().errnum, ESRCH);
  EXPECT_EQ(r.error().what, "send signal 15 to " + std::to_string(child));
}

}  // namespace
}  // namespace oomlens
