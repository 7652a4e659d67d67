#pragma once
// The capture loop shared by `watch` and `daemon`: poll(2) on /dev/kmsg,
// the tracepoint's trace_pipe (when the capture has one) and a signalfd (SIGINT, SIGTERM, SIGHUP, SIGCHLD), with the capture's own
// timeout for quiet windows and counter checks. No busy waiting: idle, it
// wakes once per counter period.
#include <functional>

#include "util/fd.h"
#include "watch/capture.h"

namespace oomlens::watch {

/// Blocks SIGINT, SIGTERM, SIGHUP and SIGCHLD in the calling thread (and in
/// threads it starts afterwards) and returns a signalfd for them (none when
/// either call fails).
[[nodiscard]] UniqueFd block_signals_to_fd();

/// Runs until on_signal returns false (called with the signal number; SIGCHLD
/// reaps children itself and is not passed on). Returns 0, or -1 when poll
/// fails. after_wakeup runs after each wakeup's work (e.g. saving state);
/// extra_timeout_ms, when given, shortens poll's timeout (-1: no deadline),
/// e.g. for a burst summary that falls due.
int run_capture_loop(Capture& capture, int signal_fd, const std::function<bool(int signo)>& on_signal,
                     const std::function<void()>& after_wakeup = {},
                     const std::function<int()>& extra_timeout_ms = {});

}  // namespace oomlens::watch
