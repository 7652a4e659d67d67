// Descriptor ownership and pidfd system calls (see fd.h).
#include "util/fd.h"
#include "util/signal_safe.h"

#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <string>

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

bool write_all(int fd, const char* p, size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
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

int send_signal_errno(int pid, int pidfd, int sig) noexcept {
  const int saved = errno;
  int r = -1;
  if (pidfd >= 0) r = pidfd_send_signal(pidfd, sig);
  if (r != 0 && (pidfd < 0 || errno == ENOSYS)) r = ::kill(pid, sig);
  const int e = r == 0 ? 0 : errno;
  errno = saved;
  return e;
}

Status send_signal(int pid, int pidfd, int sig) {
  if (const int e = send_signal_errno(pid, pidfd, sig))
    return system_error("send signal " + std::to_string(sig) + " to " + std::to_string(pid), e);
  return kOk;
}

}  // namespace oomlens
