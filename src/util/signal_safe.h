#pragma once
// What a signal handler may call to pass a signal on (async-signal-safe:
// system calls only, nothing allocated). Everything else signals through
// send_signal() (util/fd.h), which is built on this core and adds the
// error's text.
namespace oomlens {

/// send_signal()'s core: `sig` to `pid` through `pidfd` when one is held
/// (>= 0), else with kill(2), and with kill(2) too where
/// pidfd_send_signal is unsupported (ENOSYS). 0, or the errno (ESRCH: it
/// has exited). errno itself is left as it was, as a handler must.
[[nodiscard]] int send_signal_errno(int pid, int pidfd, int sig) noexcept;

}  // namespace oomlens
