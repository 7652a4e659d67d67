// The job's pseudo-terminal (see pty.h).
#include "supervise/pty.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "util/fd.h"

namespace oomlens::supervise {
namespace {

// Saved settings of oomlens's stdin terminal while it is raw: globals so a
// fatal-signal handler and atexit can restore them (tcsetattr is an ioctl,
// async-signal-safe).
struct termios g_saved {};
volatile sig_atomic_t g_raw = 0;

void restore_now() {
  if (g_raw) {
    ::tcsetattr(0, TCSANOW, &g_saved);
    g_raw = 0;
  }
}

void on_fatal(int sig) {
  restore_now();
  ::raise(sig);  // SA_RESETHAND: the default action now
}

}  // namespace

JobPty::~JobPty() { restore(); }

Status JobPty::open() {
  for (int fd = 0; fd <= 2; ++fd)
    if (::isatty(fd)) {
      mask_ |= 1 << fd;
      if (term_fd_ < 0) term_fd_ = fd;
    }
  if (!mask_) return input_error("--capture-tty needs a terminal: none of stdin, stdout, stderr is one");
  master_.reset(::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (!master_) return system_error("posix_openpt");
  if (::grantpt(master_.get()) != 0 || ::unlockpt(master_.get()) != 0)
    return system_error("grantpt/unlockpt");
  char name[128];
  if (::ptsname_r(master_.get(), name, sizeof name) != 0) return system_error("ptsname");
  slave_ = name;
  // The job's terminal starts with oomlens's terminal's settings and size.
  const UniqueFd s(::open(slave_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (!s) return system_error("open " + slave_);
  struct termios t {};
  if (::tcgetattr(term_fd_, &t) == 0) ::tcsetattr(s.get(), TCSANOW, &t);
  struct winsize ws {};
  if (::ioctl(term_fd_, TIOCGWINSZ, &ws) == 0) ::ioctl(s.get(), TIOCSWINSZ, &ws);
  if (mask_ & 1) in_fd_ = 0;
  return kOk;
}

void JobPty::enter_raw() {
  if (in_fd_ < 0 || g_raw) return;
  struct termios t {};
  if (::tcgetattr(0, &t) != 0) return;
  g_saved = t;
  static bool hooks = false;
  if (!hooks) {
    hooks = true;
    ::atexit(restore_now);
    struct sigaction sa {};
    sa.sa_handler = on_fatal;
    sa.sa_flags = static_cast<int>(SA_RESETHAND | SA_NODEFER);
    sigemptyset(&sa.sa_mask);
    for (int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL}) ::sigaction(sig, &sa, nullptr);
  }
  ::cfmakeraw(&t);
  if (::tcsetattr(0, TCSANOW, &t) == 0) g_raw = 1;
}

void JobPty::restore() { restore_now(); }

void JobPty::resize() {
  struct winsize ws {};
  if (term_fd_ >= 0 && master_ && ::ioctl(term_fd_, TIOCGWINSZ, &ws) == 0) ::ioctl(master_.get(), TIOCSWINSZ, &ws);
}

void JobPty::forward_input() {
  char buf[4096];
  ssize_t n = ::read(in_fd_, buf, sizeof buf);
  if (n > 0) {
    write_all(master_.get(), buf, static_cast<size_t>(n));  // a closed terminal: the job goes on
  } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
    in_fd_ = -1;  // end of input: the job keeps its terminal, nothing more to copy
  }
}

}  // namespace oomlens::supervise
