// Descriptor ownership and pidfd system calls (see fd.h).
#include "util/fd.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

namespace oomlens {

void UniqueFd::reset(int fd) {
  if (fd_ >= 0 && fd_ != fd) {
    const int e = errno;  // an error path's errno outlives the close
    ::close(fd_);
    errno = e;
  }
  fd_ = fd;
}

Result<Pipe> open_pipe(int flags) {
  int p[2];
  if (::pipe2(p, flags) != 0) return system_error("pipe");
  return Pipe{UniqueFd(p[0]), UniqueFd(p[1])};
}

std::shared_ptr<int> share_fd(UniqueFd fd) {
  if (!fd) return nullptr;
  return std::shared_ptr<int>(new int(fd.release()), [](int* p) {
    UniqueFd last(*p);  // closed here
    delete p;
  });
}

int pidfd_open(int pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  errno = ENOSYS;
  return -1;
#endif
}

int pidfd_send_signal(int pidfd, int sig) {
#ifdef SYS_pidfd_send_signal
  return static_cast<int>(::syscall(SYS_pidfd_send_signal, pidfd, sig, nullptr, 0));
#else
  (void)pidfd;
  (void)sig;
  errno = ENOSYS;
  return -1;
#endif
}

}  // namespace oomlens
