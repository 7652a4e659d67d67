#pragma once
// The kernel's `signal:signal_generate` tracepoint, as tracefs prints it in
// a `trace` file: a pure parser over one line or a whole buffer.
//
// Source: include/trace/events/signal.h, TRACE_EVENT(signal_generate),
// fired from kernel/signal.c send_signal_locked() (__send_signal() before
// 6.2) for every signal generated, in the context of the task sending it:
//
//   3.5+:  "sig=%d errno=%d code=%d comm=%s pid=%d grp=%d res=%d"
//   <3.5:  "sig=%d errno=%d code=%d comm=%s pid=%d"
//
// comm/pid are the target task (task->comm, task->pid: the thread id; a
// kill(2) of a process targets its thread-group leader, whose pid is the
// process id). The sender is the line header's TASK-PID (current->comm and
// its thread id), e.g.
//
//   "            kill-32578   [001] d..1. 23016.616155: signal_generate: sig=15 errno=0 code=0 comm=sleep pid=32577 grp=1 res=0"
//
// `code` is si_code: SI_USER (0) for kill(2)/pidfd_send_signal without
// siginfo, SI_TKILL (-6), SI_QUEUE (-1), SI_KERNEL (0x80) for SEND_SIG_PRIV
// (the OOM killer's do_send_sig_info(), a terminal's Ctrl-C/hangup, ...).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oomlens::trace {

/// TRACE_SIGNAL_* (include/trace/events/signal.h): what became of the signal.
enum class SignalResult : int {
  delivered = 0,        ///< TRACE_SIGNAL_DELIVERED (queued to the target)
  ignored = 1,          ///< TRACE_SIGNAL_IGNORED
  already_pending = 2,  ///< TRACE_SIGNAL_ALREADY_PENDING (a legacy signal already queued)
  overflow_fail = 3,    ///< TRACE_SIGNAL_OVERFLOW_FAIL
  lose_info = 4,        ///< TRACE_SIGNAL_LOSE_INFO (delivered without siginfo)
};

inline constexpr int kSiKernel = 0x80;  ///< SI_KERNEL (include/uapi/asm-generic/siginfo.h)

/// One signal_generate line.
struct SignalGenerate {
  std::string sender_comm;   ///< header TASK ("" when tracefs printed "<...>": comm not cached)
  int64_t sender_tid = 0;    ///< header PID (the sending thread's id)
  std::optional<double> ts_s;  ///< header TIMESTAMP, seconds on the instance's trace_clock
  int sig = 0;
  int err = 0;               ///< `errno`: si_errno
  int code = 0;              ///< si_code (see the file comment)
  std::string target_comm;   ///< `comm`
  int64_t target_pid = 0;    ///< `pid` (thread id of the target task)
  std::optional<bool> group;         ///< `grp` (3.5+): sent to the whole thread group
  std::optional<int> result;         ///< `res` (3.5+): SignalResult
};

/// One line of a tracefs `trace`/`trace_pipe` text; nullopt for comments
/// ("# ..."), other events and malformed lines (never throws).
[[nodiscard]] std::optional<SignalGenerate> parse_signal_generate_line(std::string_view line);

/// Every signal_generate line of a `trace` buffer, in order.
[[nodiscard]] std::vector<SignalGenerate> parse_signal_trace(std::string_view text);

/// The event filter oomlens sets (events/signal/signal_generate/filter):
/// the signals whose default action ends a process and that something
/// other than a fault sends: SIGHUP 1, SIGINT 2, SIGQUIT 3, SIGABRT 6,
/// SIGKILL 9, SIGUSR1 10, SIGUSR2 12, SIGTERM 15, SIGXCPU 24. Left out on
/// purpose: SIGCHLD/SIGWINCH/SIGCONT (never fatal), SIGPIPE and SIGALRM
/// (generated machine-wide all the time by pipes and timers: noise in the
/// buffer), the fault signals SIGSEGV/SIGBUS/SIGFPE/SIGILL/SIGTRAP (the
/// wait status already says it was the job's own fault), real-time signals.
/// x86/arm numbering (asm-generic); other numberings only lose coverage.
[[nodiscard]] std::string_view fatal_signal_filter();

/// "delivered", "ignored", "already_pending", "overflow_fail", "lose_info", or "res=N".
[[nodiscard]] std::string result_name(int res);

}  // namespace oomlens::trace
