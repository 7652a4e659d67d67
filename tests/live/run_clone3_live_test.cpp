// clone3(CLONE_INTO_CGROUP) on this machine's real kernel. Its memory
// controller is v1 (where oomlens uses fork + cgroup.procs), but the
// hybrid layout mounts a cgroup2 hierarchy without controllers at
// /sys/fs/cgroup/unified: CLONE_INTO_CGROUP works on any v2 cgroup, so
// the wrapper is checked there (the memory path runs in the VM suite).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include <linux/magic.h>

#include "live_support.h"
#include "supervise/clone_into_cgroup.h"
#include "supervise/spawn.h"

namespace oomlens::live {
namespace {

std::string read_all(const std::string& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(RunLiveClone3, ChildIsBornInTheV2Cgroup) {
  std::string root = "/sys/fs/cgroup/unified";
  struct statfs fs {};
  if (::statfs(root.c_str(), &fs) != 0 || fs.f_type != CGROUP2_SUPER_MAGIC) {
    root = "/sys/fs/cgroup";
    if (::statfs(root.c_str(), &fs) != 0 || fs.f_type != CGROUP2_SUPER_MAGIC) {
      if (in_ci()) FAIL() << "CI=true: no cgroup2 mount";
      GTEST_SKIP() << "no cgroup2 mount at /sys/fs/cgroup/unified or /sys/fs/cgroup";
    }
  }
  std::string dir = root + "/oomlens-clone3-" + std::to_string(::getpid());
  if (::mkdir(dir.c_str(), 0755) != 0) {
    if (in_ci()) FAIL() << "CI=true: cannot mkdir " << dir;
    GTEST_SKIP() << "cannot mkdir " << dir << " (needs root)";
  }
  char path[] = "/tmp/oomlens-clone3-XXXXXX";
  int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  supervise::SpawnOptions o;
  o.argv = {"sh", "-c", "cat /proc/self/cgroup >&2"};
  o.cgroup_dir = dir;
  o.clone_into_cgroup = true;
  o.stderr_fd = fd;
  auto r = supervise::spawn_job(o);
  ::close(fd);
  ASSERT_TRUE(r) << r.error().message();
  auto s = *r;
  int st = 0;
  ASSERT_EQ(::waitpid(s.pid, &st, 0), s.pid);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  EXPECT_EQ(s.cgroup_entry, supervise::kEntryCloneIntoCgroup) << (s.clone3_error ? s.clone3_error->message() : "");
  EXPECT_FALSE(s.clone3_error.has_value()) << s.clone3_error->message();
  EXPECT_GE(s.pidfd, 0);  // from CLONE_PIDFD
  if (s.pidfd >= 0) ::close(s.pidfd);
  std::string text = read_all(path);
  ::unlink(path);
  std::string want = "0::" + dir.substr(root.size()) + "\n";
  EXPECT_NE(text.find(want), std::string::npos) << "want " << want << "in:\n" << text;
  EXPECT_EQ(::rmdir(dir.c_str()), 0) << dir;
}

}  // namespace
}  // namespace oomlens::live
