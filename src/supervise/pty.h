#pragma once
// `oomlens run --capture-tty`: the job runs on a pseudo-terminal so that
// what it prints to its terminal (Python's traceback goes to a terminal
// stderr) can be kept for the verdict while passing through unchanged.
//
// Which of the job's fds 0/1/2 move to the pty: those that are terminals
// in oomlens (the others stay untouched, as without the option). The pty
// copies the terminal's settings and window size (TIOCGWINSZ/TIOCSWINSZ,
// again at every SIGWINCH). The job becomes a session leader with the pty
// as its controlling terminal, so its line discipline turns Ctrl-C/Ctrl-Z
// typed by the user into signals for the job. oomlens puts its own
// terminal in raw mode while the job runs (when its stdin is a terminal:
// keystrokes are copied to the pty), and restores the saved settings on
// every exit path: normal end, its own failures, exit(3), and fatal
// signals (SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL handlers restore and
// re-raise). SIGKILL of oomlens cannot be caught: `stty sane` then.
#include <memory>
#include <optional>
#include <string>

#include "util/fd.h"
#include "util/result.h"

namespace oomlens::supervise {

class JobPty {
 public:
  JobPty() = default;
  ~JobPty();
  JobPty(const JobPty&) = delete;
  JobPty& operator=(const JobPty&) = delete;

  /// posix_openpt + grantpt + unlockpt; settings and size from oomlens's
  /// terminal. Error text when none of fds 0/1/2 is a terminal ("needs a
  /// terminal") or the pty cannot be made.
  [[nodiscard]] Status open();
  [[nodiscard]] int master() const { return master_.get(); }
  [[nodiscard]] const std::string& slave_path() const { return slave_; }
  /// Bit N set: the job's fd N goes to the pty.
  [[nodiscard]] int fds_mask() const { return mask_; }
  /// Where the job's terminal output is copied: fd 1 when it is a
  /// terminal, else fd 2.
  [[nodiscard]] int out_fd() const { return (mask_ & 2) ? 1 : 2; }
  /// fd 0 when stdin is a terminal whose bytes go to the job, else -1.
  [[nodiscard]] int in_fd() const { return in_fd_; }

  /// Raw mode on oomlens's stdin terminal (no-op when it is not one).
  void enter_raw();
  /// Restores the saved terminal settings (idempotent).
  static void restore();
  /// Copies oomlens's terminal's window size to the pty (SIGWINCH).
  void resize();
  /// Reads what the user typed and writes it to the pty; stops reading at
  /// end of input.
  void forward_input();

 private:
  UniqueFd master_;
  int term_fd_ = -1;  ///< the terminal settings and size are taken from
  int in_fd_ = -1;
  int mask_ = 0;
  std::string slave_;
};

}  // namespace oomlens::supervise
