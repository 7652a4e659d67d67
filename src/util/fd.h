#pragma once
// File descriptors: one owner type, and the pidfd system calls (5.3+).
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

/// pidfd_open(2) with O_CLOEXEC semantics (pidfds are always close-on-exec):
/// a descriptor that names `pid` and never a later reuse of its number.
/// -1 with errno set (ESRCH: no such process; ENOSYS: before 5.3 or built
/// without the syscall number).
[[nodiscard]] int pidfd_open(int pid);
/// pidfd_send_signal(2) of `sig` to the process `pidfd` names: 0, or -1
/// with errno set (ESRCH once it has exited).
int pidfd_send_signal(int pidfd, int sig);

}  // namespace oomlens
