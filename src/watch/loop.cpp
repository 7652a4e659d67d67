// The capture loop (see loop.h).
#include "watch/loop.h"

#include <poll.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>

#include "watch/exec.h"

namespace oomlens::watch {

UniqueFd block_signals_to_fd() {
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGCHLD}) sigaddset(&set, s);
  if (pthread_sigmask(SIG_BLOCK, &set, nullptr) != 0) return UniqueFd();
  return UniqueFd(::signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK));
}

int run_capture_loop(Capture& capture, int signal_fd, const std::function<bool(int)>& on_signal,
                     const std::function<void()>& after_wakeup, const std::function<int()>& extra_timeout_ms) {
  for (;;) {
    // The tracepoint first in line: a kill is emitted the moment it is known.
    pollfd fds[3] = {{capture.fd(), POLLIN, 0}, {signal_fd, POLLIN, 0}, {capture.trace_fd(), POLLIN, 0}};
    int timeout = capture.timeout_ms();
    if (extra_timeout_ms) {
      int extra = extra_timeout_ms();
      if (extra >= 0 && extra < timeout) timeout = extra;
    }
    int rc = ::poll(fds, capture.trace_fd() >= 0 ? 3 : 2, timeout);
    if (rc < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (fds[2].revents & POLLIN) capture.on_trace_readable();
    if (fds[0].revents & (POLLIN | POLLERR)) capture.on_readable();
    capture.on_tick();
    if (after_wakeup) after_wakeup();
    if (fds[1].revents & POLLIN) {
      signalfd_siginfo si{};
      while (::read(signal_fd, &si, sizeof si) == static_cast<ssize_t>(sizeof si)) {
        if (si.ssi_signo == SIGCHLD) {
          reap_children();
          continue;
        }
        if (!on_signal(static_cast<int>(si.ssi_signo))) return 0;
      }
    }
  }
}

}  // namespace oomlens::watch
