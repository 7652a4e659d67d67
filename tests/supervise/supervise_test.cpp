// Supervision pieces: limit specs, cgroup placement, signal rules, wait
// statuses, the stderr tail, and spawn on real processes.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>

#include "support/files.h"
#include "support/fixture_tree.h"
#include "supervise/job_cgroup.h"
#include "supervise/signals.h"
#include "supervise/spawn.h"
#include "supervise/stderr_tail.h"
#include "util/launch.h"
#include "support/paths.h"

namespace oomlens::supervise {
namespace {

TEST(LimitSpec, ParsesSizesAndPercentages) {
  EXPECT_EQ(parse_limit_spec("64M")->bytes, 64ull << 20);
  EXPECT_EQ(parse_limit_spec("32G")->bytes, 32ull << 30);
  EXPECT_EQ(parse_limit_spec("1.5GiB")->bytes, 3ull << 29);
  EXPECT_EQ(parse_limit_spec("1048576")->bytes, 1048576u);
  EXPECT_EQ(parse_limit_spec("512kb")->bytes, 512u * 1024);
  EXPECT_DOUBLE_EQ(*parse_limit_spec("80%")->percent, 80.0);
  for (const char* bad : {"", "abc", "-5M", "0", "12X", "150%", "nan", "1e400"})
    EXPECT_FALSE(parse_limit_spec(bad).has_value()) << bad;
}

TEST(LimitSpec, ARefusedLimitSaysWhyInItsError) {
  const auto over = parse_limit_spec("150%");
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error().errnum, 0);  // an input error, not a system call's
  EXPECT_NE(over.error().what.find("--limit '150%' is a share over 100 %"), std::string::npos) << over.error().what;
  const auto unit = parse_limit_spec("12X");
  ASSERT_FALSE(unit.ok());
  EXPECT_NE(unit.error().what.find("unknown unit 'X'"), std::string::npos) << unit.error().what;
  const auto text = parse_limit_spec("abc");
  ASSERT_FALSE(text.ok());
  EXPECT_NE(text.error().what.find("is not a size"), std::string::npos) << text.error().what;
}

TEST(LimitSpec, ResolvesPercentAgainstAvailable) {
  LimitSpec s;
  s.percent = 50;
  EXPECT_EQ(resolve_limit(s, 1000), 500u);
  s = {};
  s.bytes = 77;
  EXPECT_EQ(resolve_limit(s, 1000), 77u);
}

TEST(JobCgroup, V1ChildOfOwnV2SiblingOfOwn) {
  EXPECT_EQ(job_cgroup_dir(cgroup::Version::v1, "/sys/fs/cgroup/memory", "/sys/fs/cgroup/memory/a/b", 42),
            "/sys/fs/cgroup/memory/a/b/oomlens-run-42");
  EXPECT_EQ(job_cgroup_dir(cgroup::Version::v2, "/sys/fs/cgroup", "/sys/fs/cgroup/user.slice/x.scope", 42),
            "/sys/fs/cgroup/user.slice/oomlens-run-42");
  EXPECT_EQ(job_cgroup_dir(cgroup::Version::v2, "/sys/fs/cgroup", "/sys/fs/cgroup/", 42),
            "/sys/fs/cgroup/oomlens-run-42");
}

TEST(Signals, ForwardsOnlyWhatAProcessSent) {
  EXPECT_TRUE(should_forward(SIGTERM, SI_USER));
  EXPECT_TRUE(should_forward(SIGHUP, SI_QUEUE));
  EXPECT_TRUE(should_forward(SIGUSR1, SI_TKILL));
  EXPECT_TRUE(should_forward(SIGINT, SI_USER));
  EXPECT_FALSE(should_forward(SIGINT, SI_KERNEL));  // Ctrl-C: the job got it too
  EXPECT_FALSE(should_forward(SIGQUIT, SI_KERNEL));
  EXPECT_FALSE(should_forward(SIGCHLD, SI_USER));
  EXPECT_FALSE(should_forward(SIGTSTP, SI_USER));
  sigset_t s = supervised_signals();
  EXPECT_TRUE(sigismember(&s, SIGCHLD));
  EXPECT_FALSE(sigismember(&s, SIGTSTP));
  EXPECT_FALSE(sigismember(&s, SIGTTIN));
}

TEST(Signals, WaitStatusAndShellStatus) {
  auto e = job_end_from_wait_status(3 << 8);
  EXPECT_TRUE(e.exited);
  EXPECT_EQ(shell_status(e), 3);
  e = job_end_from_wait_status(SIGKILL);
  EXPECT_FALSE(e.exited);
  EXPECT_EQ(e.term_signal, SIGKILL);
  EXPECT_EQ(shell_status(e), 137);
  e = job_end_from_wait_status(SIGSEGV | 0x80);
  EXPECT_TRUE(e.core_dumped);
}

TEST(StderrTail, KeepsTheLastBytesOnly) {
  StderrTail t(8);
  t.append("hello ");
  t.append("world");
  EXPECT_EQ(t.text(), "lo world");
  t.append(std::string(100, 'x') + "END");
  EXPECT_EQ(t.text(), "xxxxxEND");
  EXPECT_EQ(t.total_bytes(), 114u);
  for (int i = 0; i < 100; ++i) t.append("ab");
  EXPECT_EQ(t.text(), "abababab");
}

int wait_exit(int pid) {
  int st = 0;
  ::waitpid(pid, &st, 0);
  return st;
}

TEST(Spawn, RunsAndReportsNotFoundAndNotExecutable) {
  auto r = spawn_job({{"sh", "-c", "exit 7"}, std::nullopt, -1});
  ASSERT_TRUE(r);
  auto s = *r;
  EXPECT_GE(s.pidfd, 0);
  int st = wait_exit(s.pid);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 7);
  if (s.pidfd >= 0) ::close(s.pidfd);

  r = spawn_job({{"/nonexistent/oomlens-no-such-cmd"}, std::nullopt, -1});
  ASSERT_FALSE(r);
  EXPECT_EQ(exit_code_for_launch_error(r.error()), 127);
  EXPECT_NE(r.error().message().find("not found"), std::string::npos);

  r = spawn_job({{oomlens::testing::source_path("/README.md")}, std::nullopt, -1});  // not executable
  ASSERT_FALSE(r);
  EXPECT_EQ(exit_code_for_launch_error(r.error()), 126);

  r = spawn_job({{"true"}, std::string("/nonexistent-cgroup"), -1});
  ASSERT_FALSE(r);
  EXPECT_EQ(exit_code_for_launch_error(r.error()), 125);
}

TEST(Spawn, ChildStartsWithNoBlockedOrIgnoredSignals) {
  sigset_t sup = supervised_signals(), old;
  ::sigprocmask(SIG_BLOCK, &sup, &old);
  auto old_int = ::signal(SIGINT, SIG_IGN);
  char path[] = "/tmp/oomlens-spawn-XXXXXX";
  int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  auto r = spawn_job({{"sh", "-c", "grep -E '^Sig(Blk|Ign)' /proc/self/status >&2"}, std::nullopt, fd});
  ::sigprocmask(SIG_SETMASK, &old, nullptr);
  ::signal(SIGINT, old_int);
  ASSERT_TRUE(r);
  wait_exit(r->pid);
  ::close(fd);
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  ::unlink(path);
  EXPECT_NE(text.find("SigBlk:\t0000000000000000"), std::string::npos) << text;
  // sh itself may ignore nothing at start; SIGINT (bit 2) must not be inherited as ignored.
  auto ign = text.find("SigIgn:\t");
  ASSERT_NE(ign, std::string::npos);
  unsigned long long mask = std::stoull(text.substr(ign + 8, 16), nullptr, 16);
  EXPECT_EQ(mask & (1ull << (SIGINT - 1)), 0u) << text;
}

TEST(JobCgroup, OwnerIsTheNamesPid) {
  EXPECT_EQ(job_cgroup_owner("oomlens-run-4242"), 4242);
  EXPECT_FALSE(job_cgroup_owner("oomlens-run-"));
  EXPECT_FALSE(job_cgroup_owner("oomlens-run-42x"));
  EXPECT_FALSE(job_cgroup_owner("oomlens-run-042"));
  EXPECT_FALSE(job_cgroup_owner("oomlens-run--1"));
  EXPECT_FALSE(job_cgroup_owner("oomlens-run-99999999999"));
  EXPECT_FALSE(job_cgroup_owner("other-run-42"));
}

TEST(JobCgroup, StaleCgroupsOfGoneOwnersAreRemovedOthersKept) {
  testing::FixtureTree t;
  t.mkdir("cg/oomlens-run-100");        // owner gone: no /proc/100
  t.mkdir("cg/oomlens-run-200");        // pid reused by a shell
  t.write("proc/200/comm", "bash\n");
  t.mkdir("cg/oomlens-run-300");        // owner runs
  t.write("proc/300/comm", "oomlens\n");
  t.mkdir("cg/oomlens-run-400/inner");  // owner gone, not empty: left, with the error
  t.mkdir("cg/oomlens-run-500");        // the run's own name
  t.mkdir("cg/unrelated");
  auto st = remove_stale_job_cgroups(t.root() + "/cg", "oomlens-run-500", t.root());
  ASSERT_EQ(st.size(), 3u);
  EXPECT_EQ(st[0].owner_pid, 100);
  EXPECT_TRUE(st[0].removed);
  EXPECT_EQ(st[1].owner_pid, 200);
  EXPECT_TRUE(st[1].removed);
  EXPECT_EQ(st[2].owner_pid, 400);
  EXPECT_FALSE(st[2].removed);
  ASSERT_TRUE(st[2].error);
  EXPECT_EQ(st[2].error->errnum, ENOTEMPTY);  // a plain directory; a cgroup's would be EBUSY
  EXPECT_EQ(st[2].error->what, "rmdir " + t.root() + "/cg/oomlens-run-400");
  namespace fs = std::filesystem;
  EXPECT_FALSE(fs::exists(t.root() + "/cg/oomlens-run-100"));
  EXPECT_FALSE(fs::exists(t.root() + "/cg/oomlens-run-200"));
  EXPECT_TRUE(fs::exists(t.root() + "/cg/oomlens-run-300"));
  EXPECT_TRUE(fs::exists(t.root() + "/cg/oomlens-run-400"));
  EXPECT_TRUE(fs::exists(t.root() + "/cg/oomlens-run-500"));
  EXPECT_TRUE(fs::exists(t.root() + "/cg/unrelated"));
  EXPECT_TRUE(remove_stale_job_cgroups(t.root() + "/missing", "", t.root()).empty());
}

// create_job_cgroup and own_memory_cap_bytes read and make everything under
// the root they are given: a hybrid v1 machine as a fixture tree. The job's
// directory is made ahead with its files (a plain directory has no
// memory.limit_in_bytes for write_file to open, as cgroupfs does).
void write_hybrid_v1(const testing::FixtureTree& t, const std::string& limit_of_a) {
  t.write("proc/self/mountinfo",
          "30 25 0:26 / /sys/fs/cgroup ro,nosuid - tmpfs tmpfs ro,mode=755\n"
          "38 30 0:34 / /sys/fs/cgroup/memory rw,nosuid shared:14 - cgroup cgroup rw,memory\n");
  t.write("proc/self/cgroup", "9:name=systemd:/\n4:memory:/a\n0::/\n");
  t.write("proc/meminfo", "MemTotal:        4194304 kB\nMemAvailable:    3145728 kB\n");  // 4 GiB
  t.write("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
  t.write("sys/fs/cgroup/memory/a/memory.limit_in_bytes", limit_of_a);
}

TEST(JobCgroup, OwnMemoryCapUnderARoot) {
  testing::FixtureTree t;
  write_hybrid_v1(t, "2147483648\n");
  EXPECT_EQ(own_memory_cap_bytes(t.root()), 2ull << 30);  // own cgroup's limit
  t.write("sys/fs/cgroup/memory/a/memory.limit_in_bytes", "9223372036854771712\n");
  EXPECT_EQ(own_memory_cap_bytes(t.root()), 4ull << 30);  // unlimited: MemTotal
  t.write("sys/fs/cgroup/memory/a/memory.limit_in_bytes", "8589934592\n");
  EXPECT_EQ(own_memory_cap_bytes(t.root()), 4ull << 30);  // never above MemTotal
  testing::FixtureTree empty;
  EXPECT_EQ(own_memory_cap_bytes(empty.root()), 0u);
}

TEST(JobCgroup, CreatedUnderARootV1) {
  testing::FixtureTree t;
  write_hybrid_v1(t, "2147483648\n");
  const std::string own = "sys/fs/cgroup/memory/a/";
  const std::string name = "oomlens-run-" + std::to_string(::getpid());
  t.write(own + name + "/memory.limit_in_bytes", "");
  t.write(own + name + "/memory.memsw.limit_in_bytes", "");
  // Stale cgroups beside it: owners as ROOT/proc shows them, not this machine's /proc.
  const int parent = static_cast<int>(::getppid());  // runs here, absent from the fixture
  t.mkdir(own + "oomlens-run-" + std::to_string(parent));
  t.mkdir(own + "oomlens-run-4194300");
  t.write("proc/4194300/comm", "oomlens\n");  // runs in the fixture
  auto jc = create_job_cgroup(*parse_limit_spec("50%"), /*allow_swap=*/false, t.root());
  ASSERT_TRUE(jc) << jc.error().what;
  EXPECT_EQ(jc->hierarchy.version, cgroup::Version::v1);
  EXPECT_EQ(jc->hierarchy.mount_point, t.root() + "/sys/fs/cgroup/memory");
  EXPECT_EQ(jc->dir, t.root() + "/" + own + name);
  EXPECT_EQ(jc->limit_bytes, 1ull << 30);  // half of the own cgroup's 2 GiB
  EXPECT_TRUE(jc->swap_capped);
  EXPECT_EQ(testing::slurp(jc->dir + "/memory.limit_in_bytes"), "1073741824");
  EXPECT_EQ(testing::slurp(jc->dir + "/memory.memsw.limit_in_bytes"), "1073741824");
  ASSERT_EQ(jc->stale.size(), 1u);
  EXPECT_EQ(jc->stale[0].owner_pid, parent);
  EXPECT_TRUE(jc->stale[0].removed);
  EXPECT_TRUE(std::filesystem::exists(t.root() + "/" + own + "oomlens-run-4194300"));
}

TEST(JobCgroup, CreatedUnderARootV2BesideOwn) {
  testing::FixtureTree t;
  t.write("proc/self/mountinfo", "31 25 0:27 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n");
  t.write("proc/self/cgroup", "0::/user.slice/oomlens.scope\n");
  t.write("proc/meminfo", "MemTotal:        4194304 kB\n");
  t.write("sys/fs/cgroup/cgroup.controllers", "cpu memory pids\n");
  t.write("sys/fs/cgroup/user.slice/cgroup.subtree_control", "memory pids\n");
  t.write("sys/fs/cgroup/user.slice/oomlens.scope/memory.max", "max\n");
  const std::string dir = t.root() + "/sys/fs/cgroup/user.slice/oomlens-run-" + std::to_string(::getpid());
  t.write_files(dir.substr(t.root().size() + 1), {{"memory.max", ""}, {"memory.swap.max", ""}});
  auto jc = create_job_cgroup(*parse_limit_spec("64M"), /*allow_swap=*/false, t.root());
  ASSERT_TRUE(jc) << jc.error().what;
  EXPECT_EQ(jc->hierarchy.mount_point, t.root() + "/sys/fs/cgroup");
  EXPECT_EQ(jc->dir, dir);
  EXPECT_EQ(testing::slurp(dir + "/memory.max"), "67108864");
  EXPECT_EQ(testing::slurp(dir + "/memory.swap.max"), "0");
  // Above ROOT/proc/meminfo's MemTotal: refused with the fixture's figure.
  auto big = create_job_cgroup(*parse_limit_spec("5G"), false, t.root());
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().what.find("larger than this machine's RAM (4294967296 bytes)"), std::string::npos)
      << big.error().what;
}

}  // namespace
}  // namespace oomlens::supervise
