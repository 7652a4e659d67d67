// The signal trace's tracefs, live (issue 11): oomlens mounts a private
// tracefs where it may (CAP_SYS_ADMIN) without touching the host's mount
// table, and says why where it may not. Both paths run on this machine
// whether or not the host has tracefs mounted.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <string>

#include "cgroup/cgroup.h"
#include "live_support.h"
#include "trace/signal_trace.h"
#include "trace/tracefs.h"
#include "util/file.h"

namespace oomlens::live {
namespace {

size_t tracefs_mounts() {
  auto m = read_file("/proc/self/mounts").value_or("");
  size_t n = 0;
  for (size_t at = 0; (at = m.find(" tracefs ", at)) != std::string::npos; ++at) ++n;
  return n;
}

TEST(TraceLive, PrivateTracefsMountTracesSignalsAndLeavesTheHostMountTableAlone) {
  const size_t before = tracefs_mounts();
  trace::TracefsAttempt a = trace::mount_private_tracefs();
  if (!a.dir) {
    if (in_ci()) FAIL() << "CI=true: cannot mount a private tracefs: " << a.error.message();
    GTEST_SKIP() << "cannot mount a private tracefs: " << a.error.message();
  }
  std::fprintf(stderr, "trace: exercised oomlens's private tracefs mount (host tracefs mounts: %zu)\n", before);
  EXPECT_TRUE(a.dir->private_mount);
  EXPECT_EQ(tracefs_mounts(), before) << "the private mount showed up in this mount namespace";

  trace::SignalTrace t;
  ASSERT_TRUE(t.open_in(*a.dir, ::getpid())) << t.status();
  EXPECT_EQ(t.status(), "on");
  EXPECT_TRUE(t.mono_clock());
  EXPECT_EQ(t.dir(), "<private tracefs>/instances/oomlens-" + std::to_string(::getpid()));
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::pause();
    _exit(0);
  }
  ASSERT_EQ(::kill(child, SIGTERM), 0);  // our own child
  int st = 0;
  ASSERT_EQ(::waitpid(child, &st, 0), child);
  auto events = t.read();
  ASSERT_TRUE(events) << t.status();
  auto it = std::find_if(events->begin(), events->end(), [&](const trace::SignalGenerate& e) {
    return e.target_pid == child && e.sig == SIGTERM;
  });
  ASSERT_NE(it, events->end()) << events->size() << " events, none SIGTERM to " << child;
  EXPECT_EQ(it->sender_tid, ::gettid());
  t.close();

  // Gone, as any tracefs mount shows it: look through a second private mount.
  trace::TracefsAttempt again = trace::mount_private_tracefs();
  ASSERT_TRUE(again.dir) << again.error.message();
  const std::string name = "oomlens-" + std::to_string(::getpid());
  EXPECT_NE(::faccessat(again.dir->instances_fd, name.c_str(), F_OK, 0), 0) << name << " left behind";
  ::close(again.dir->instances_fd);
  EXPECT_EQ(tracefs_mounts(), before);
}

// Drops CAP_SYS_ADMIN from the calling process (effective and permitted).
bool drop_cap_sys_admin() {
  __user_cap_header_struct h{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct d[2] = {};
  if (::syscall(SYS_capget, &h, d) != 0) return false;
  d[CAP_SYS_ADMIN / 32].effective &= ~(1u << (CAP_SYS_ADMIN % 32));
  d[CAP_SYS_ADMIN / 32].permitted &= ~(1u << (CAP_SYS_ADMIN % 32));
  return ::syscall(SYS_capset, &h, d) == 0;
}

// Without CAP_SYS_ADMIN (a child that dropped it, as root: decided by
// trying, not by uid) the private mount fails and the reason is said, both
// from mount_private_tracefs() and in SignalTrace's status.
TEST(TraceLive, WithoutCapSysAdminTheReasonIsSaid) {
  int p[2];
  ASSERT_EQ(::pipe2(p, O_CLOEXEC), 0);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::close(p[0]);
    std::string out;
    if (!drop_cap_sys_admin()) {
      out = "capset failed";
    } else {
      auto a = trace::mount_private_tracefs();
      out = a.dir ? "mounted" : a.error.message();
      trace::TracefsAccess no_host{[](const std::string&) { errno = ENOENT; return -1; },
                                   [] { return trace::mount_private_tracefs(); }};
      trace::SignalTrace t;
      out += "\n" + std::string(t.open("", ::getpid(), no_host) ? "open" : t.status());
    }
    (void)!::write(p[1], out.data(), out.size());
    _exit(0);
  }
  ::close(p[1]);
  std::string got;
  char buf[1024];
  ssize_t n;
  while ((n = ::read(p[0], buf, sizeof buf)) > 0) got.append(buf, static_cast<size_t>(n));
  ::close(p[0]);
  int st = 0;
  ASSERT_EQ(::waitpid(child, &st, 0), child);
  std::fprintf(stderr, "trace: exercised the cannot-mount path (CAP_SYS_ADMIN dropped): %s\n", got.c_str());
  EXPECT_EQ(got,
            "unshare(CLONE_NEWNS): Operation not permitted (needs CAP_SYS_ADMIN)\n"
            "unavailable: no tracefs mount with instances (/sys/kernel/tracing), and cannot mount a private one: "
            "unshare(CLONE_NEWNS): Operation not permitted (needs CAP_SYS_ADMIN)");
}

}  // namespace
}  // namespace oomlens::live
