#include "supervise/stderr_relay.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <climits>

#include "util/fd.h"

namespace oomlens::supervise {

namespace {

// Closes every descriptor from 3 up but `a` and `b`.
void close_others(int a, int b) {
  const int lo = std::min(a, b), hi = std::max(a, b);
  if (lo > 3) ::close_range(3, static_cast<unsigned>(lo - 1), 0);
  if (hi > lo + 1) ::close_range(static_cast<unsigned>(lo + 1), static_cast<unsigned>(hi - 1), 0);
  ::close_range(static_cast<unsigned>(hi + 1), UINT_MAX, 0);
}

// The relay's whole life: only async-signal-safe calls (oomlens may have
// threads when it forks), so its closes are raw close(2), no destructor.
[[noreturn]] void relay(int in, int out, int copy, const sigset_t& mask) {
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE}) ::signal(sig, SIG_IGN);
  ::sigprocmask(SIG_SETMASK, &mask, nullptr);
  ::prctl(PR_SET_NAME, "oomlens-stderr", 0, 0, 0);
  close_others(in, copy);
  if (out != 0) ::close(0);  // a pipe oomlens reads or writes is not held open by the relay
  if (out != 1) ::close(1);  // (raw: see above)
  bool out_ok = true;
  char buf[65536];
  while (true) {
    const ssize_t m = ::read(in, buf, sizeof buf);
    if (m < 0 && errno == EINTR) continue;
    if (m <= 0) break;
    const auto n = static_cast<size_t>(m);
    if (out_ok) out_ok = write_all(out, buf, n);  // a closed terminal: go on draining the job's pipe
    if (copy < 0) continue;
    const ssize_t w = ::write(copy, buf, n);  // non-blocking: what does not fit is not copied
    if (w < 0 && errno == EPIPE) {  // oomlens is gone
      ::close(copy);  // raw: in the forked relay
      copy = -1;
    }
  }
  ::_exit(0);
}

}  // namespace

std::optional<StderrRelay> start_stderr_relay(int out_fd, const sigset_t& child_mask) {
  auto job = open_pipe(O_CLOEXEC);
  if (!job) return std::nullopt;
  auto copy = open_pipe(O_CLOEXEC);
  if (!copy) return std::nullopt;
  ::fcntl(copy->write.get(), F_SETFL, O_NONBLOCK);
  // A fork without exec, not the launcher (util/launch.h): the relay runs
  // our own copy loop and _exits.
  const pid_t pid = ::fork();
  if (pid < 0) return std::nullopt;
  if (pid == 0) {
    // fd 2 (or out_fd) is kept by close_others only when it is below 3.
    const int out = out_fd < 3 ? out_fd : ::dup2(out_fd, 2);
    relay(job->read.get(), out, copy->write.get(), child_mask);
  }
  return StderrRelay{job->write.release(), copy->read.release(), pid};  // the other ends close here
}

}  // namespace oomlens::supervise
