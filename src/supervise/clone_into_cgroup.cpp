// clone3(CLONE_INTO_CGROUP) (see clone_into_cgroup.h).
#include "supervise/clone_into_cgroup.h"

#include <linux/sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "util/fd.h"

namespace oomlens::supervise {

pid_t clone_into_cgroup(int cgroup_fd, int* pidfd) {
#if defined(SYS_clone3) && defined(CLONE_INTO_CGROUP) && defined(CLONE_PIDFD)
  int fd = -1;
  clone_args args;
  std::memset(&args, 0, sizeof args);
  args.flags = CLONE_INTO_CGROUP | CLONE_PIDFD;
  args.pidfd = reinterpret_cast<uint64_t>(&fd);
  args.exit_signal = SIGCHLD;
  args.cgroup = static_cast<uint64_t>(cgroup_fd);
  long r = ::syscall(SYS_clone3, &args, sizeof args);
  if (r < 0) return -1;
  if (r > 0) {  // the parent: the pidfd is the caller's, or closed
    UniqueFd owned(fd);  // pidfds are always O_CLOEXEC (pidfd_create)
    if (pidfd) *pidfd = owned.release();
  }
  return static_cast<pid_t>(r);
#else
  (void)cgroup_fd;
  (void)pidfd;
  errno = ENOSYS;
  return -1;
#endif
}

std::string errno_name(int err) {
  switch (err) {
    case ENOSYS: return "ENOSYS";
    case E2BIG: return "E2BIG";
    case EINVAL: return "EINVAL";
    case EBADF: return "EBADF";
    case EACCES: return "EACCES";
    case EPERM: return "EPERM";
    case EBUSY: return "EBUSY";
    case EOPNOTSUPP: return "EOPNOTSUPP";
    case ENOENT: return "ENOENT";
    case EROFS: return "EROFS";
    case EAGAIN: return "EAGAIN";
    case ENOMEM: return "ENOMEM";
    default: return "errno " + std::to_string(err);
  }
}

}  // namespace oomlens::supervise
