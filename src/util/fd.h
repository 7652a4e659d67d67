#pragma once
// File descriptors: one owner type, and the pidfd system calls (5.3+).
// Every descriptor oomlens opens is held by a UniqueFd (or a share_fd()
// for several holders); a raw close(2) stays only where no destructor may
// run: a forked child before exec or _exit, and the LD_PRELOAD library.
#include <memory>

#include "util/result.h"

namespace oomlens {

/// A descriptor closed on destruction (move-only; -1 is "none").
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd&& o) noexcept : fd_(o.release()) {}
  UniqueFd& operator=(UniqueFd&& o) noexcept {
    if (this != &o) reset(o.release());
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;

  [[nodiscard]] int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  /// Gives the descriptor up without closing it.
  int release() {
    const int f = fd_;
    fd_ = -1;
    return f;
  }
  /// Closes the descriptor held (if any; errno is kept) and holds `fd`.
  void reset(int fd = -1);

 private:
  int fd_ = -1;
};

/// The two ends of a pipe.
struct Pipe {
  UniqueFd read;   ///< [0]
  UniqueFd write;  ///< [1]
};
/// pipe2(2) with `flags` (O_CLOEXEC, O_NONBLOCK, …); the error is
/// "pipe" with errno.
[[nodiscard]] Result<Pipe> open_pipe(int flags);

/// A descriptor several owners hold (a handle kept in copied structs):
/// closed when the last copy goes. nullptr when `fd` holds none.
[[nodiscard]] std::shared_ptr<int> share_fd(UniqueFd fd);

/// Writes all of p[0..n) to `fd`, retrying on EINTR and after a short
/// write; false when a write(2) fails or writes nothing (the reader is
/// gone, a full non-blocking pipe). Only write(2): async-signal-safe, so a
/// forked child may call it.
bool write_all(int fd, const char* p, size_t n);

/// pidfd_open(2) with O_CLOEXEC semantics (pidfds are always close-on-exec):
/// a descriptor that names `pid` and never a later reuse of its number.
/// -1 with errno set (ESRCH: no such process; ENOSYS: before 5.3 or built
/// without the syscall number).
[[nodiscard]] int pidfd_open(int pid);
/// pidfd_send_signal(2) of `sig` to the process `pidfd` names: 0, or -1
/// with errno set (ESRCH once it has exited).
int pidfd_send_signal(int pidfd, int sig);
/// The one way oomlens signals a process: `sig` to `pid` through `pidfd`
/// when one is held (>= 0), else with kill(2), and with kill(2) too where
/// pidfd_send_signal is unsupported (ENOSYS). The error says which pid and
/// signal, with errno (ESRCH: it has exited; EPERM: not ours).
[[nodiscard]] Status send_signal(int pid, int pidfd, int sig);

}  // namespace oomlens
