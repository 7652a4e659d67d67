// The pure parts of `run --limit`'s cgroup entry: the systemd-run argv,
// its version, the not-delegated errnos, PATH lookup; and spawn's fallback
// from clone3 to fork + cgroup.procs on a directory that is not a cgroup.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <sstream>

#include "cgroup/memcg_files.h"
#include "supervise/clone_into_cgroup.h"
#include "supervise/spawn.h"
#include "supervise/systemd_scope.h"
#include "support/files.h"
#include "support/fixture_tree.h"

namespace oomlens::supervise {
namespace {

using V = std::vector<std::string>;

TEST(SystemdScope, ArgvAsRootCappingSwapOnOldSystemd) {
  ScopeRequest r{64ull << 20, true, false, 252};
  EXPECT_EQ(systemd_run_argv("/usr/bin/systemd-run", r, {"python3", "-c", "x = '$HOME'"}),
            (V{"/usr/bin/systemd-run", "--scope", "--quiet", "--collect", "-p", "MemoryMax=67108864", "-p",
               "MemorySwapMax=0", "--", "python3", "-c", "x = '$HOME'"}));
}

TEST(SystemdScope, ArgvAsUserWithSwapAllowedOnNewSystemd) {
  // 254+ would expand $HOME in the job's argv without --expand-environment=no.
  ScopeRequest r{1000000, false, true, 255};
  EXPECT_EQ(systemd_run_argv("systemd-run", r, {"sh", "-c", "echo $HOME"}),
            (V{"systemd-run", "--user", "--scope", "--quiet", "--collect", "--expand-environment=no", "-p",
               "MemoryMax=1000000", "--", "sh", "-c", "echo $HOME"}));
  r.systemd_version.reset();  // unknown version: not the option old versions reject
  auto a = systemd_run_argv("systemd-run", r, {"true"});
  EXPECT_EQ(std::find(a.begin(), a.end(), "--expand-environment=no"), a.end());
}

TEST(SystemdScope, ParsesVersion) {
  EXPECT_EQ(parse_systemd_version("systemd 252 (252.30-1~deb12u2)\n+PAM +AUDIT"), 252);
  EXPECT_EQ(parse_systemd_version("systemd 257 (257.4-1ubuntu3.2)"), 257);
  for (const char* bad : {"", "systemd", "systemd x", "systemd-run 1", "foo 252", "systemd -3"})
    EXPECT_FALSE(parse_systemd_version(bad).has_value()) << bad;
}

TEST(SystemdScope, NotDelegatedErrnos) {
  EXPECT_TRUE(not_delegated_errno(EACCES));
  EXPECT_TRUE(not_delegated_errno(EPERM));
  EXPECT_TRUE(not_delegated_errno(EROFS));
  EXPECT_FALSE(not_delegated_errno(EBUSY));   // no-internal-processes: systemd-run would not help
  EXPECT_FALSE(not_delegated_errno(ENOENT));  // no memory controller above
  EXPECT_FALSE(not_delegated_errno(0));
}

TEST(SystemdScope, FindsExecutablesOnPath) {
  oomlens::testing::FixtureTree t;
  const std::string dir = t.root(), exe = dir + "/systemd-run";
  t.write("systemd-run", "#!/bin/sh\n");
  t.write("not-exec", "x");
  ::chmod(exe.c_str(), 0755);
  std::string path = "/nonexistent-dir::" + dir;
  EXPECT_EQ(find_on_path("systemd-run", path.c_str()), exe);
  EXPECT_FALSE(find_on_path("not-exec", path.c_str()).has_value());
  EXPECT_FALSE(find_on_path("systemd-run", "/nonexistent-dir").has_value());
  EXPECT_EQ(find_on_path(exe, ""), exe);  // a path is taken as is
}

// wait_for_scope_cgroup reads ROOT/proc/PID/cgroup and ROOT/proc/PID/stat: a fixture tree, never this machine's
// /proc (pid 4242 need not exist here). The hierarchy is under ROOT, as JobCgroup::hierarchy is.
TEST(SystemdScope, WaitsForTheScopeInAFixtureTree) {
  oomlens::testing::FixtureTree t;
  const cgroup::MemoryHierarchy h = cgroup::under_root({cgroup::Version::v2, "/sys/fs/cgroup"}, t.root());
  const std::string own = t.root() + "/sys/fs/cgroup/user.slice/oomlens.scope";
  auto stat = [&](char state) {
    t.write("proc/4242/stat",
            std::string("4242 (systemd-run) ") + state + " 1 1 1 0 -1 4194560 100 0 0 0 0 0 0 0 20 0 1 0 77 1000 100\n");
  };
  // Moved: the scope's directory, under the tree's mount point.
  t.write("proc/4242/cgroup", "0::/user.slice/run-u7.scope\n");
  stat('S');
  EXPECT_EQ(wait_for_scope_cgroup(h, 4242, own, 1000, t.root()), t.root() + "/sys/fs/cgroup/user.slice/run-u7.scope");
  // Not moved, and a zombie: systemd-run failed before exec; nullopt at once, not after the timeout.
  t.write("proc/4242/cgroup", "0::/user.slice/oomlens.scope\n");
  stat('Z');
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(wait_for_scope_cgroup(h, 4242, own, 5000, t.root()), std::nullopt);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
  // Not moved, still running: nullopt when the time runs out.
  stat('S');
  EXPECT_EQ(wait_for_scope_cgroup(h, 4242, own, 20, t.root()), std::nullopt);
  // Gone (no ROOT/proc/PID/cgroup).
  EXPECT_EQ(wait_for_scope_cgroup(h, 4243, own, 1000, t.root()), std::nullopt);
}

TEST(CloneIntoCgroup, ErrnoNames) {
  EXPECT_EQ(errno_name(ENOSYS), "ENOSYS");
  EXPECT_EQ(errno_name(E2BIG), "E2BIG");
  EXPECT_EQ(errno_name(EBADF), "EBADF");
  EXPECT_EQ(errno_name(99999), "errno 99999");
}

// The record keeps the errno's name ("ENOSYS"), after what failed before
// clone3 when that was opening the cgroup directory.
TEST(CloneIntoCgroup, ErrorTextKeepsTheRecordsWording) {
  EXPECT_EQ(clone3_error_text(SystemError{ENOSYS, kClone3What}), "ENOSYS");
  EXPECT_EQ(clone3_error_text(SystemError{ENOENT, "open /sys/fs/cgroup/x"}), "open /sys/fs/cgroup/x: ENOENT");
}

// A plain directory is no cgroup: clone3 refuses it (EBADF on 5.7+, ENOSYS
// or E2BIG/EINVAL on older kernels) and spawn falls back to fork, whose
// child writes its pid to DIR/cgroup.procs (here a plain file) before exec.
TEST(CloneIntoCgroup, FallsBackToCgroupProcsWhenClone3Refuses) {
  oomlens::testing::FixtureTree t;
  const std::string dir = t.root();
  t.write("cgroup.procs", "");
  SpawnOptions o;
  o.argv = {"true"};
  o.cgroup_dir = dir;
  o.clone_into_cgroup = true;
  auto r = spawn_job(o);
  ASSERT_TRUE(r) << r.error().message();
  auto s = *r;
  int st = 0;
  ASSERT_EQ(::waitpid(s.pid, &st, 0), s.pid);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  EXPECT_EQ(s.cgroup_entry, kEntryCgroupProcs);
  ASSERT_TRUE(s.clone3_error.has_value());
  EXPECT_EQ(s.clone3_error->what, kClone3What);
  const std::string name = clone3_error_text(*s.clone3_error);
  EXPECT_TRUE(name == "EBADF" || name == "ENOSYS" || name == "E2BIG" || name == "EINVAL") << name;
  EXPECT_GE(s.pidfd, 0);
  if (s.pidfd >= 0) ::close(s.pidfd);
  EXPECT_EQ(oomlens::testing::slurp(dir + "/cgroup.procs"), std::to_string(s.pid));
}

TEST(CloneIntoCgroup, NoCgroupNoEntry) {
  auto r = spawn_job({{"true"}, std::nullopt, -1});
  ASSERT_TRUE(r);
  auto s = *r;
  ::waitpid(s.pid, nullptr, 0);
  if (s.pidfd >= 0) ::close(s.pidfd);
  EXPECT_EQ(s.cgroup_entry, "");
  EXPECT_FALSE(s.clone3_error.has_value());
}

}  // namespace
}  // namespace oomlens::supervise
