// Fork/clone3 + exec with one error pipe (see launch.h).
#include "util/launch.h"

#include <fcntl.h>
#include <linux/sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "util/exit_status.h"

extern char** environ;

namespace oomlens {
namespace {

// The step the child failed at, sent with its errno through the error pipe.
enum Step : int { kExec, kCgroup, kAdjOpen, kAdjWrite, kTerminal, kStdin, kStdout, kStderr };

struct ChildError {
  int step;
  int err;
};

constexpr std::string_view kNotFound = "command not found: ";
constexpr std::string_view kCannotRun = "cannot run command: ";

// What the child needs, all built by the parent before the fork.
struct Prepared {
  const LaunchOptions* o;
  char* const* argv;
  char* const* envp;  // nullptr: environ
  int err_fd;
  bool enter_procs;  // write cgroup_procs (forked, not cloned into the cgroup)
};

[[noreturn]] void fail(int err_fd, int step, int err) {
  ChildError e{step, err};
  [[maybe_unused]] ssize_t n = ::write(err_fd, &e, sizeof e);
  _exit(step == kExec ? exit_code_for_exec_errno(err) : kExitOwnFailure);
}

// Writes `v` in decimal to `fd` without allocating: 0, or the errno (EIO
// for a short write, which sets none).
int write_int(int fd, int v) {
  char buf[16];
  char* p = buf + sizeof buf;
  const bool neg = v < 0;
  unsigned u = neg ? 0u - static_cast<unsigned>(v) : static_cast<unsigned>(v);
  do { *--p = static_cast<char>('0' + u % 10); u /= 10; } while (u > 0);
  if (neg) *--p = '-';
  const auto len = static_cast<ssize_t>(buf + sizeof buf - p);
  const ssize_t w = ::write(fd, p, static_cast<size_t>(len));
  if (w == len) return 0;
  return w < 0 ? errno : EIO;
}

// The child: async-signal-safe calls only (see launch.h). Raw close(2)
// here: a forked child runs no destructor before exec or _exit.
[[noreturn]] void child(const Prepared& c) {
  const LaunchOptions& o = *c.o;
  if (o.reset_signals) {
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int s = 1; s < NSIG; ++s)
      if (s != SIGKILL && s != SIGSTOP) ::sigaction(s, &dfl, nullptr);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
  }
  if (c.enter_procs) {
    const int fd = ::open(o.cgroup_procs.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) fail(c.err_fd, kCgroup, errno);
    const int e = write_int(fd, ::getpid());
    ::close(fd);
    if (e != 0) fail(c.err_fd, kCgroup, e);
  }
  if (o.oom_score_adj) {
    const int fd = ::open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
    if (fd < 0) fail(c.err_fd, kAdjOpen, errno);
    const int e = write_int(fd, *o.oom_score_adj);
    ::close(fd);
    if (e != 0) fail(c.err_fd, kAdjWrite, e);
  }
  if (!o.pty_slave.empty()) {
    // A new session whose controlling terminal is the pty: the job's line
    // discipline, not oomlens's terminal, turns typed ^C/^Z into signals.
    if (::setsid() < 0) fail(c.err_fd, kTerminal, errno);
    const int s = ::open(o.pty_slave.c_str(), O_RDWR);
    if (s < 0 || ::ioctl(s, TIOCSCTTY, 0) < 0) fail(c.err_fd, kTerminal, errno);
    for (int fd = 0; fd <= 2; ++fd)
      if ((o.pty_fds_mask & (1 << fd)) && ::dup2(s, fd) < 0) fail(c.err_fd, kTerminal, errno);
    if (s > 2) ::close(s);
  }
  const int from[3] = {o.stdin_fd, o.stdout_fd, o.stderr_fd};
  for (int fd = 0; fd <= 2; ++fd)
    if (from[fd] >= 0 && from[fd] != fd && ::dup2(from[fd], fd) < 0) fail(c.err_fd, kStdin + fd, errno);
  if (c.envp) ::execvpe(c.argv[0], c.argv, c.envp);
  else ::execvp(c.argv[0], c.argv);
  fail(c.err_fd, kExec, errno);
}

// clone3(CLONE_INTO_CGROUP | CLONE_PIDFD), fork-like (no CLONE_VM, no new
// stack, exit_signal SIGCHLD). glibc 2.36 (Debian 12) has no wrapper.
// Errors are the kernel's (kernel/fork.c copy_clone_args_from_user,
// kernel/cgroup/cgroup.c cgroup_css_set_fork): ENOSYS before 5.3, E2BIG
// or EINVAL before 5.7, EBADF for a v1 directory, EACCES/EPERM/EBUSY/
// EOPNOTSUPP for a cgroup that cannot take the child. 0 in the child.
pid_t clone_into_cgroup(int cgroup_fd, UniqueFd* pidfd) {
#if defined(SYS_clone3) && defined(CLONE_INTO_CGROUP) && defined(CLONE_PIDFD)
  int fd = -1;
  clone_args args;
  std::memset(&args, 0, sizeof args);
  args.flags = CLONE_INTO_CGROUP | CLONE_PIDFD;
  args.pidfd = reinterpret_cast<uint64_t>(&fd);
  args.exit_signal = SIGCHLD;
  args.cgroup = static_cast<uint64_t>(cgroup_fd);
  const long r = ::syscall(SYS_clone3, &args, sizeof args);
  if (r > 0) pidfd->reset(fd);  // pidfds are always O_CLOEXEC (pidfd_create)
  return static_cast<pid_t>(r);
#else
  (void)cgroup_fd;
  (void)pidfd;
  errno = ENOSYS;
  return -1;
#endif
}

SystemError child_error(const LaunchOptions& o, const ChildError& ce) {
  switch (ce.step) {
    case kExec:
      return SystemError{ce.err, std::string(exit_code_for_exec_errno(ce.err) == kExitNotFound ? kNotFound : kCannotRun) +
                                     o.argv[0]};
    case kCgroup: return SystemError{ce.err, "cannot enter memory cgroup (" + o.cgroup_procs + ")"};
    case kAdjOpen: return SystemError{ce.err, "open /proc/self/oom_score_adj"};
    case kAdjWrite: return SystemError{ce.err, "write /proc/self/oom_score_adj"};
    case kTerminal: return SystemError{ce.err, "cannot set up the job's terminal"};
    case kStdin: return SystemError{ce.err, "cannot redirect stdin"};
    case kStdout: return SystemError{ce.err, "cannot redirect stdout"};
    default: return SystemError{ce.err, "cannot redirect stderr"};
  }
}

}  // namespace

int exit_code_for_exec_errno(int err) {
  if (err == ENOENT || err == ENOTDIR || err == ENAMETOOLONG || err == ELOOP) return kExitNotFound;
  return kExitCannotExec;  // EACCES, ENOEXEC, EISDIR, ETXTBSY, ...
}

bool exec_failed(const SystemError& e) {
  const std::string_view w = e.what;
  return e.errnum != 0 && (w.substr(0, kNotFound.size()) == kNotFound || w.substr(0, kCannotRun.size()) == kCannotRun);
}

int exit_code_for_launch_error(const SystemError& e) {
  return exec_failed(e) ? exit_code_for_exec_errno(e.errnum) : kExitOwnFailure;
}

std::vector<std::string> environment_with(const std::vector<std::string>& drop_prefixes,
                                          const std::vector<std::string>& set) {
  std::vector<std::string> out;
  for (char** e = environ; e && *e; ++e) {
    const std::string_view v(*e);
    bool drop = false;
    for (const auto& p : drop_prefixes) drop |= v.substr(0, p.size()) == p;
    for (const auto& s : set) {
      const auto eq = s.find('=');
      drop |= eq != std::string::npos && v.substr(0, eq + 1) == std::string_view(s).substr(0, eq + 1);
    }
    if (!drop) out.emplace_back(v);
  }
  out.insert(out.end(), set.begin(), set.end());
  return out;
}

Result<Launched> launch(const LaunchOptions& o) {
  if (o.argv.empty()) return input_error("no command given");
  auto pipe = open_pipe(O_CLOEXEC);
  if (!pipe) return pipe.error();
  std::vector<char*> args;
  args.reserve(o.argv.size() + 1);
  for (const auto& a : o.argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::vector<char*> env;
  if (o.env) {
    env.reserve(o.env->size() + 1);
    for (const auto& v : *o.env) env.push_back(const_cast<char*>(v.c_str()));
    env.push_back(nullptr);
  }
  Prepared c{&o, args.data(), o.env ? env.data() : nullptr, pipe->write.get(), !o.cgroup_procs.empty()};

  Launched l;
  pid_t pid = -1;
  if (o.cgroup_fd >= 0) {
    // Decide by trying: any failure (old kernel, v1, no permission) falls
    // back to fork + cgroup.procs, which reports its own error if it fails too.
    pid = clone_into_cgroup(o.cgroup_fd, &l.pidfd);
    if (pid == 0) {
      ::close(pipe->read.get());
      c.enter_procs = false;
      child(c);
    }
    if (pid < 0) l.clone3_errno = errno;
    else l.cloned_into_cgroup = true;
  }
  if (pid < 0) {
    pid = ::fork();
    if (pid < 0) return system_error("fork");
    if (pid == 0) {
      ::close(pipe->read.get());
      child(c);
    }
  }
  pipe->write.reset();
  ChildError ce{};
  ssize_t n;
  do n = ::read(pipe->read.get(), &ce, sizeof ce);
  while (n < 0 && errno == EINTR);
  if (n == static_cast<ssize_t>(sizeof ce)) {
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    return child_error(o, ce);
  }
  l.pid = pid;
  if (!l.pidfd && o.want_pidfd) l.pidfd.reset(pidfd_open(pid));
  return l;
}

}  // namespace oomlens
