// Fork + exec of the supervised job (see spawn.h).
#include "supervise/spawn.h"

#include "supervise/clone_into_cgroup.h"
#include "util/fd.h"
#include "util/exit_status.h"
#include "util/i18n.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

extern char** environ;

namespace oomlens::supervise {
namespace {

// What the child reports through the error pipe before _exit.
struct ChildError {
  int stage;  // 0 = exec, 1 = cgroup entry, 2 = dup2, 3 = terminal
  int err;
};

void child_write_error(int fd, int stage, int err) {
  ChildError e{stage, err};
  ssize_t n = ::write(fd, &e, sizeof e);
  (void)n;
}

// Only async-signal-safe calls between fork/clone3 and exec, and no
// allocation: after the raw clone3 no atfork handler has reset malloc's
// locks (clone_into_cgroup.h). `args` is built by the parent.
// `envp`: the job's environment, or nullptr for oomlens's own (environ).
[[noreturn]] void child(const SpawnOptions& o, int err_fd, const std::string& procs_path, char* const* args,
                        char* const* envp) {
  // Reset every catchable disposition and the mask: blocked signals and
  // SIG_IGN survive exec (signal(7)).
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  for (int s = 1; s < NSIG; ++s) {
    if (s == SIGKILL || s == SIGSTOP) continue;
    ::sigaction(s, &dfl, nullptr);
  }
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);

  if (!procs_path.empty()) {
    // v1 does not move charges made before a move, so enter before exec.
    int fd = ::open(procs_path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) { child_write_error(err_fd, 1, errno); _exit(kExitOwnFailure); }
    char buf[24];
    int pid = ::getpid();
    int len = 0;
    char tmp[24];
    do { tmp[len++] = static_cast<char>('0' + pid % 10); pid /= 10; } while (pid > 0);
    for (int i = 0; i < len; ++i) buf[i] = tmp[len - 1 - i];
    if (::write(fd, buf, static_cast<size_t>(len)) != len) { child_write_error(err_fd, 1, errno); _exit(kExitOwnFailure); }
    ::close(fd);  // raw: in the child before exec, async-signal-safe calls only
  }
  if (o.pty_slave) {
    // A new session whose controlling terminal is the pty: the job's line
    // discipline, not oomlens's terminal, turns typed ^C/^Z into signals.
    if (::setsid() < 0) { child_write_error(err_fd, 3, errno); _exit(kExitOwnFailure); }
    int s = ::open(o.pty_slave->c_str(), O_RDWR);
    if (s < 0 || ::ioctl(s, TIOCSCTTY, 0) < 0) { child_write_error(err_fd, 3, errno); _exit(kExitOwnFailure); }
    for (int fd = 0; fd <= 2; ++fd)
      if ((o.pty_fds_mask & (1 << fd)) && ::dup2(s, fd) < 0) { child_write_error(err_fd, 3, errno); _exit(kExitOwnFailure); }
    if (s > 2) ::close(s);  // raw: in the child before exec (and fds 0-2 are its own now)
  }
  if (o.stderr_fd >= 0 && o.stderr_fd != 2) {
    if (::dup2(o.stderr_fd, 2) < 0) { child_write_error(err_fd, 2, errno); _exit(kExitOwnFailure); }
  }
  if (envp) ::execvpe(args[0], args, envp);
  else ::execvp(args[0], args);
  int e = errno;
  child_write_error(err_fd, 0, e);
  _exit(exit_code_for_exec_errno(e));
}

}  // namespace

int exit_code_for_exec_errno(int err) {
  if (err == ENOENT || err == ENOTDIR || err == ENAMETOOLONG || err == ELOOP) return 127;
  return 126;  // EACCES, ENOEXEC, EISDIR, ETXTBSY, ...
}

namespace {

// oomlens sets LANGUAGE=zh_CN in its own environment to speak Chinese
// (util/i18n.h); the job gets the user's LANGUAGE back (or none), so
// `oomlens --lang zh_CN run -- cmd` does not change cmd's language.
// Fills `store`/`out` (null-terminated) and returns true when the job's
// environment differs from oomlens's.
bool job_environment(std::vector<std::string>* store, std::vector<char*>* out) {
  if (i18n::language() != "zh_CN") return false;
  for (char** e = environ; e && *e; ++e)
    if (std::strncmp(*e, "LANGUAGE=", 9) != 0) store->emplace_back(*e);
  const auto& saved = i18n::original_language_env();
  if (saved.had) store->push_back("LANGUAGE=" + saved.value);
  for (auto& v : *store) out->push_back(v.data());
  out->push_back(nullptr);
  return true;
}

}  // namespace

std::variant<Spawned, SpawnError> spawn_job(const SpawnOptions& o) {
  if (o.argv.empty()) return SpawnError{kExitOwnFailure, "no command given"};
  auto pipe = open_pipe(O_CLOEXEC);
  if (!pipe) return SpawnError{kExitOwnFailure, pipe.error().message()};
  std::string procs_path = o.cgroup_dir ? *o.cgroup_dir + "/cgroup.procs" : std::string();
  std::vector<char*> args;
  args.reserve(o.argv.size() + 1);
  for (auto& a : o.argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::vector<std::string> env_store;
  std::vector<char*> env;
  char* const* envp = job_environment(&env_store, &env) ? env.data() : nullptr;
  Spawned s;
  UniqueFd pidfd;  // the job's, once it runs
  pid_t pid = -1;
  if (o.cgroup_dir && o.clone_into_cgroup) {
    // Decide by trying: any failure (old kernel, v1, no permission) falls
    // back to fork + cgroup.procs, which reports its own error if it fails too.
    const UniqueFd cfd(::open(o.cgroup_dir->c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!cfd) {
      s.clone3_error = "open " + *o.cgroup_dir + ": " + errno_name(errno);
    } else {
      int fd = -1;
      pid = clone_into_cgroup(cfd.get(), &fd);
      if (pid == 0) child(o, pipe->write.get(), std::string(), args.data(), envp);  // cfd is close-on-exec
      if (pid < 0) s.clone3_error = errno_name(errno);
      pidfd.reset(fd);
    }
  }
  if (pid > 0) {
    s.cgroup_entry = kEntryCloneIntoCgroup;
    procs_path.clear();
  } else {
    pid = ::fork();
    if (o.cgroup_dir) s.cgroup_entry = kEntryCgroupProcs;
  }
  if (pid < 0) return SpawnError{kExitOwnFailure, std::string("fork: ") + std::strerror(errno)};
  if (pid == 0) {
    ::close(pipe->read.get());  // raw: the child runs no destructor before exec or _exit
    child(o, pipe->write.get(), procs_path, args.data(), envp);
  }
  pipe->write.reset();
  ChildError ce{};
  ssize_t n;
  do { n = ::read(pipe->read.get(), &ce, sizeof ce); } while (n < 0 && errno == EINTR);
  pipe->read.reset();
  if (n == static_cast<ssize_t>(sizeof ce)) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    pidfd.reset();
    if (ce.stage == 0) {
      int code = exit_code_for_exec_errno(ce.err);
      std::string what = code == 127 ? "command not found" : "cannot run command";
      return SpawnError{code, what + ": " + o.argv[0] + ": " + std::strerror(ce.err)};
    }
    if (ce.stage == 1)
      return SpawnError{kExitOwnFailure, "cannot enter memory cgroup (" + procs_path + "): " + std::strerror(ce.err)};
    if (ce.stage == 3) return SpawnError{kExitOwnFailure, std::string("cannot set up the job's terminal: ") + std::strerror(ce.err)};
    return SpawnError{kExitOwnFailure, std::string("cannot redirect stderr: ") + std::strerror(ce.err)};
  }
  s.pid = pid;
  if (!pidfd) pidfd.reset(pidfd_open(pid));  // -1 before 5.3: SIGCHLD drives the loop
  s.pidfd = pidfd.release();  // the session's now
  return s;
}

}  // namespace oomlens::supervise
