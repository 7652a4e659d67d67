// signal:signal_generate lines as tracefs prints them
// (include/trace/events/signal.h TP_printk; the header is
// kernel/trace/trace_output.c's "TASK-PID [CPU] FLAGS TIMESTAMP: ").
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "trace/oom_trace.h"
#include "trace/signal_generate.h"
#include "trace/signal_trace.h"
#include "support/fixture_tree.h"
#include "support/reaped_child.h"

namespace oomlens::trace {
namespace {

// Seen on this machine (6.18, trace_clock mono): `sh -c 'exec kill -TERM N'`.
constexpr const char* k618 =
    "            kill-32578   [001] d..1. 23016.616155: signal_generate: sig=15 errno=0 code=0 comm=sleep pid=32577 grp=1 res=0";

TEST(SignalGenerate, CurrentFormat) {
  auto e = parse_signal_generate_line(k618);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->sender_comm, "kill");
  EXPECT_EQ(e->sender_tid, 32578);
  ASSERT_TRUE(e->ts_s);
  EXPECT_NEAR(*e->ts_s, 23016.616155, 1e-9);
  EXPECT_EQ(e->sig, 15);
  EXPECT_EQ(e->err, 0);
  EXPECT_EQ(e->code, 0);
  EXPECT_EQ(e->target_comm, "sleep");
  EXPECT_EQ(e->target_pid, 32577);
  EXPECT_EQ(e->group, std::optional<bool>(true));
  EXPECT_EQ(e->result, std::optional<int>(0));
}

TEST(SignalGenerate, OlderFormatsAndHeaders) {
  // Before 3.5: no grp/res; 3.x header: flags "d..." without migrate-disable.
  auto old = parse_signal_generate_line(
      "            bash-2201  [000] d...  1234.5: signal_generate: sig=9 errno=0 code=0 comm=python pid=4242");
  ASSERT_TRUE(old);
  EXPECT_EQ(old->sender_comm, "bash");
  EXPECT_EQ(old->sender_tid, 2201);
  EXPECT_EQ(old->sig, 9);
  EXPECT_EQ(old->target_pid, 4242);
  EXPECT_FALSE(old->group);
  EXPECT_FALSE(old->result);
  EXPECT_NEAR(*old->ts_s, 1234.5, 1e-9);
  // record-tgid option "TASK-PID (TGID)"; comm with blanks and dashes; the
  // kernel's SI_KERNEL (128) from an OOM kill in an allocating task's context.
  auto oom = parse_signal_generate_line(
      " Web Content-a-991 (  990) [003] d..2. 99.000001: signal_generate: sig=9 errno=0 code=128 comm=my job pid=77 grp=1 res=0");
  ASSERT_TRUE(oom);
  EXPECT_EQ(oom->sender_comm, "Web Content-a");
  EXPECT_EQ(oom->sender_tid, 991);
  EXPECT_EQ(oom->code, kSiKernel);
  EXPECT_EQ(oom->target_comm, "my job");
  EXPECT_EQ(oom->target_pid, 77);
  // comm not cached by tracefs.
  auto unk = parse_signal_generate_line(
      "           <...>-5 [000] ..... 1.000000: signal_generate: sig=2 errno=0 code=-6 comm=x pid=6 grp=0 res=2");
  ASSERT_TRUE(unk);
  EXPECT_EQ(unk->sender_comm, "");
  EXPECT_EQ(unk->code, -6);
  EXPECT_EQ(unk->group, std::optional<bool>(false));
  EXPECT_EQ(unk->result, std::optional<int>(2));
}

TEST(SignalGenerate, RejectsOtherLines) {
  for (const char* l : {
           "# tracer: nop",
           "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION",
           "            kill-1   [001] d..1. 5.0: signal_deliver: sig=15 errno=0 code=0 sa_handler=0 sa_flags=0",
           "            kill-1   [001] d..1. 5.0: signal_generate: sig=x errno=0 code=0 comm=a pid=2",
           "            kill-1   [001] d..1. 5.0: signal_generate: sig=9 errno=0 code=0 comm=a",
           "kill [001] 5.0: signal_generate: sig=9 errno=0 code=0 comm=a pid=2",
           "",
       })
    EXPECT_FALSE(parse_signal_generate_line(l)) << l;
  std::string trace = std::string("# tracer: nop\n#\n") + k618 + "\n" + k618 + "\ngarbage\n";
  EXPECT_EQ(parse_signal_trace(trace).size(), 2u);
  EXPECT_EQ(result_name(2), "already_pending");
  EXPECT_EQ(result_name(7), "res=7");
}

TEST(SignalTrace, TracefsCandidates) {
  auto c = tracefs_candidates(
      "sysfs /sys sysfs rw 0 0\n"
      "debugfs /sys/kernel/debug debugfs rw 0 0\n"
      "nodev /mnt/tr tracefs rw,relatime 0 0\n");
  ASSERT_GE(c.size(), 3u);
  EXPECT_EQ(c[0], "/mnt/tr");
  EXPECT_EQ(c[1], "/sys/kernel/debug/tracing");
  EXPECT_EQ(c[2], "/sys/kernel/tracing");
  EXPECT_EQ(c.size(), 3u);  // deduplicated
  EXPECT_EQ(tracefs_candidates("").front(), "/sys/kernel/tracing");
}

TEST(SignalTrace, InstanceOwner) {
  EXPECT_EQ(instance_owner("oomlens-4242"), std::optional<int64_t>(4242));
  EXPECT_FALSE(instance_owner("oomlens-bench-4242"));
  EXPECT_FALSE(instance_owner("oomlens-"));
  EXPECT_FALSE(instance_owner("oomlens-12x"));
  EXPECT_FALSE(instance_owner("other-12"));
}

// The sweeps' owner check: a running process (ours) is alive, a reaped
// child's pid is not, and 0 or a negative number (a process group to
// kill(2)) never is.
TEST(SignalTrace, InstanceOwnerRunning) {
  EXPECT_TRUE(instance_owner_running(::getpid()));
  const pid_t child = testing::reaped_child_pid();
  ASSERT_GT(child, 0);
  EXPECT_FALSE(instance_owner_running(child));
  EXPECT_FALSE(instance_owner_running(0));
  EXPECT_FALSE(instance_owner_running(-1));
}

// A plain directory stands in for tracefs: the sweep removes only dead
// owners' instances; open_at() fails (no event files) and leaves nothing.
TEST(SignalTrace, SweepAndFailedOpenLeaveNothing) {
  testing::FixtureTree tree;
  const std::string root = tree.root();
  std::string inst = root + "/instances";
  ASSERT_EQ(::mkdir(inst.c_str(), 0700), 0);
  for (const char* n : {"oomlens-100", "oomlens-200", "oomlens-bench-100", "x"})
    ASSERT_EQ(::mkdir((inst + "/" + n).c_str(), 0700), 0);
  EXPECT_EQ(sweep_stale_instances(root, [](int64_t pid) { return pid == 200; }), 1);
  struct stat st {};
  EXPECT_NE(::stat((inst + "/oomlens-100").c_str(), &st), 0);
  EXPECT_EQ(::stat((inst + "/oomlens-200").c_str(), &st), 0);
  EXPECT_EQ(::stat((inst + "/oomlens-bench-100").c_str(), &st), 0);

  SignalTrace t;
  EXPECT_FALSE(t.open_at(root, 300));
  EXPECT_FALSE(t.is_open());
  EXPECT_EQ(t.status(), "unavailable: cannot enable signal:signal_generate (" + inst +
                            "/oomlens-300/events/signal/signal_generate/enable): " + std::strerror(ENOENT));
  ASSERT_FALSE(t.error());
  EXPECT_EQ(t.error().error().errnum, ENOENT);  // the errno of what failed, not only its text
  EXPECT_NE(::stat((inst + "/oomlens-300").c_str(), &st), 0);  // removed again
  EXPECT_FALSE(t.read());

  SignalTrace none;
  EXPECT_FALSE(none.open_at(root + "/missing", 1));
  EXPECT_EQ(none.status(), "unavailable: cannot open " + root + "/missing/instances: " + std::strerror(ENOENT));
  ASSERT_FALSE(none.error());
  EXPECT_EQ(none.error().error().errnum, ENOENT);

  // The seam: no host mount, a "private mount" that is this plain directory.
  SignalTrace priv;
  int private_calls = 0;
  TracefsAccess fake{[](const std::string&) { errno = ENOENT; return -1; },
                     [&] {
                       ++private_calls;
                       int fd = ::open(inst.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
                       return TracefsAttempt{TracefsDir{fd, "private mount", true}, {}};
                     }};
  EXPECT_FALSE(priv.open("", 400, fake));  // a plain directory has no event files
  EXPECT_EQ(private_calls, 1);
  EXPECT_EQ(priv.tracefs_where(), "private mount");
  EXPECT_NE(priv.status().find("<private tracefs>/instances/oomlens-400/events/signal/signal_generate/enable"),
            std::string::npos) << priv.status();
  EXPECT_NE(::stat((inst + "/oomlens-400").c_str(), &st), 0);  // removed through the instances fd
}

// find_tracefs(): a usable host mount first, the private mount only when
// none is, and both reasons when neither works.
TEST(SignalTrace, FindTracefsPrefersAHostMountThenAPrivateOne) {
  std::vector<std::string> opened;
  int private_calls = 0;
  auto access = [&](int host_errno, bool private_ok) {
    return TracefsAccess{[&opened, host_errno](const std::string& p) {
                           opened.push_back(p);
                           if (host_errno == 0 && p == "/mnt/tr/instances") return 42;
                           errno = host_errno ? host_errno : ENOENT;
                           return -1;
                         },
                         [&private_calls, private_ok] {
                           ++private_calls;
                           if (private_ok) return TracefsAttempt{TracefsDir{43, "private mount", true}, {}};
                           return TracefsAttempt{std::nullopt,
                                                 SystemError{EPERM, "unshare(CLONE_NEWNS)", "needs CAP_SYS_ADMIN"}};
                         }};
  };
  const std::string mounts = "nodev /mnt/tr tracefs rw 0 0\n";
  auto host = find_tracefs(mounts, access(0, true));
  ASSERT_TRUE(host.dir);
  EXPECT_EQ(host.dir->instances_fd, 42);
  EXPECT_EQ(host.dir->where, "/mnt/tr");
  EXPECT_FALSE(host.dir->private_mount);
  EXPECT_EQ(private_calls, 0);

  opened.clear();
  auto own = find_tracefs("", access(ENOENT, true));
  ASSERT_TRUE(own.dir);
  EXPECT_EQ(own.dir->where, "private mount");
  EXPECT_TRUE(own.dir->private_mount);
  EXPECT_EQ(private_calls, 1);
  EXPECT_EQ(opened, (std::vector<std::string>{"/sys/kernel/tracing/instances", "/sys/kernel/debug/tracing/instances"}));

  auto cannot = find_tracefs("", access(ENOENT, false));
  EXPECT_FALSE(cannot.dir);
  EXPECT_EQ(cannot.error.message(),
            "no tracefs mount with instances (/sys/kernel/tracing), and cannot mount a private one: "
            "unshare(CLONE_NEWNS): Operation not permitted (needs CAP_SYS_ADMIN)");
  EXPECT_EQ(cannot.error.errnum, EPERM);  // the errno of the last step tried, not only its text

  auto denied = find_tracefs(mounts, access(EACCES, false));
  EXPECT_FALSE(denied.dir);
  EXPECT_EQ(denied.error.message().rfind("cannot access /mnt/tr/instances: Permission denied, and cannot mount a private one: ", 0),
            0u) << denied.error.message();
}

}  // namespace
// OomTrace on a plain directory standing in for tracefs's instances: each
// failure is the error, with the errno of the call that failed and what
// it was called on.
TEST(OomTrace, FailuresCarryTheStepAndItsErrno) {
  testing::FixtureTree tree;
  const std::string inst = tree.root() + "/instances";
  ASSERT_EQ(::mkdir(inst.c_str(), 0700), 0);
  ASSERT_EQ(::mkdir((inst + "/oomlens-" + std::to_string(::getpid())).c_str(), 0700), 0);  // taken: mkdir fails

  OomTrace taken;
  EXPECT_EQ(taken.error().error().what, "not started");
  EXPECT_FALSE(taken.open_in(TracefsDir{::open(inst.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC), tree.root(), false},
                             static_cast<int>(::getpid())));
  ASSERT_FALSE(taken.error());
  EXPECT_EQ(taken.error().error().errnum, EEXIST);
  EXPECT_EQ(taken.error().error().what, "mkdir " + inst + "/oomlens-" + std::to_string(::getpid()));

  OomTrace none;  // a fresh name, but no event files: no mark_victim format
  EXPECT_FALSE(none.open_in(TracefsDir{::open(inst.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC), tree.root(), false}, 1));
  ASSERT_FALSE(none.error());
  EXPECT_EQ(none.error().error().message().rfind("this kernel has no oom:mark_victim tracepoint (", 0), 0u)
      << none.error().error().message();
  EXPECT_NE(none.error().error().message().find(std::strerror(ENOENT)), std::string::npos);

  OomTrace nowhere;  // find_tracefs() found nothing: its error, errno kept
  TracefsAccess fake{[](const std::string&) { errno = ENOENT; return -1; },
                     [] { return TracefsAttempt{std::nullopt, SystemError{EPERM, "unshare(CLONE_NEWNS)"}}; }};
  EXPECT_FALSE(nowhere.open("", 2, fake));
  ASSERT_FALSE(nowhere.error());
  EXPECT_EQ(nowhere.error().error().errnum, EPERM);
}

}  // namespace oomlens::trace
