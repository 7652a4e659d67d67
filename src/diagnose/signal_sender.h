#pragma once
// Who sent the signal that killed the job, from the signal_generate events
// of the run (trace/signal_generate.h). Pure: events and facts in, one
// sender (or none) out; the session adds the sender's cmdline when it can.
//
// Choice: the events that sent the death signal to the main process
// (target pid == main pid; a kill(2) of a process targets its leader),
// inside the run's window (CLOCK_MONOTONIC, when the trace clock is mono:
// before the spawn the pid was another process's, after the reap it may
// be again), delivered (res 0 or 4; res absent before 3.5). SIGKILL: the
// first one (it cannot be caught: the first delivered kills). Any other
// signal: the last one (earlier ones may have been caught); when that last
// one is the job raising it on itself (a handler re-raising after cleanup,
// abort()), the latest earlier sender is kept as its `origin`.
//
// Kind, in order: "kernel" (si_code SI_KERNEL: the OOM killer's
// do_send_sig_info(), a terminal's Ctrl-C/hangup; the header's task is
// only the context it ran in), "oomlens_forward" (oomlens's thread, a
// signal it forwarded; `origin` = who sent it to oomlens, from the trace,
// else from the signalfd), "oomlens_guard" (oomlens's thread otherwise:
// the guard's --action or escalation), "self" (the main process itself),
// "process" (anyone else).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "trace/signal_generate.h"

namespace oomlens::diagnose {

/// A signal oomlens forwarded to the job (the record's `signal_forwarded`).
struct ForwardedSignal {
  int sig = 0;
  std::optional<int64_t> sender_pid;  ///< signalfd ssi_pid (SI_USER/SI_QUEUE senders)
};

struct SenderQuery {
  int64_t main_pid = 0;
  int sig = 0;                      ///< the signal the main process died of
  std::optional<double> from_s, to_s;  ///< window on the trace clock (CLOCK_MONOTONIC s); unset: no window
  int64_t oomlens_pid = 0;
  std::vector<int64_t> oomlens_tids;   ///< oomlens's threads (the trace names the sending thread)
  std::vector<ForwardedSignal> forwarded;
};

struct SignalSender {
  std::string kind;  ///< "process", "self", "kernel", "oomlens_forward", "oomlens_guard"
  int sig = 0;
  int code = 0;                      ///< si_code as traced
  std::optional<int> result;         ///< TRACE_SIGNAL_* (trace/signal_generate.h)
  int64_t pid = 0;                   ///< the sending thread's id (the process id for a single-threaded sender)
  std::string comm;                  ///< "" when tracefs did not know it
  std::optional<std::string> cmdline;  ///< read by the session while the sender still ran (same comm)
  std::optional<double> ts_s;        ///< trace clock
  /// Forwarded by oomlens: who sent it to oomlens. Self-raised: the
  /// process that sent it before.
  std::optional<int64_t> origin_pid;
  std::optional<std::string> origin_comm;
};

[[nodiscard]] std::optional<SignalSender> choose_signal_sender(const std::vector<trace::SignalGenerate>& events,
                                                               const SenderQuery& q);

/// One sentence, e.g. "SIGKILL sent by pid 4242 (kill: /bin/kill -KILL 77)".
[[nodiscard]] std::string describe_sender(const SignalSender& s);
/// Who, for the summary: "pid 4242 (kill)", "oomlens, forwarding ... from pid 9 (bash)", ...
[[nodiscard]] std::string sender_who(const SignalSender& s);

[[nodiscard]] nlohmann::json signal_sender_to_json(const SignalSender& s);
/// The inverse (records, `oomlens report`); nullopt for null/malformed.
[[nodiscard]] std::optional<SignalSender> signal_sender_from_json(const nlohmann::json& j);

}  // namespace oomlens::diagnose
