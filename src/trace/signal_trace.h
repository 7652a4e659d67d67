#pragma once
// A private tracefs instance recording `signal:signal_generate` for the
// length of an `oomlens run` (who sent the signal that killed the job: a
// wait status never says). Nothing global is touched: the instance has its
// own ring buffer, clock, filter and event switch, and is removed at the end.
//
//   <tracefs>/instances/oomlens-<oomlens pid>/
//     buffer_size_kb                        64 (per CPU; events are rare)
//     trace_clock                           mono (timestamps on CLOCK_MONOTONIC)
//     events/signal/signal_generate/filter  fatal_signal_filter()
//     events/signal/signal_generate/enable  1
//     events/oom/mark_victim/enable         1 (best effort: the OOM killer's
//                                           victims with their figures, 6.14+)
//     trace                                 read once, when the job has died
//
// tracefs: a host mount when one is usable, else a private mount of
// oomlens's own that leaves the host's mount table alone (trace/tracefs.h).
// Everything below is done relative to the open `instances` directory
// (mkdirat, openat, unlinkat), so either works the same.
// Whether it works is decided by trying (root, or a tracefs mounted with
// access for the user; kernels with instances: 3.10+), never by uid. The
// tracepoint fires only when a signal is generated, and the filter drops
// everything but the fatal-by-default signals in the kernel: no thread, no
// polling, no cost while the job runs. The job's pids are filtered in
// userspace (the tree changes; a kernel filter by pid would need rewriting).
// Measured here (6.18, 2 CPUs, loaded): mkdir + settings 40-50 ms of wall
// time at start and rmdir ~15 ms at the end, nearly all of it waiting for
// RCU grace periods in the kernel, not CPU.
//
// Cleanup: close() (also the destructor) removes the instance; a crashed
// oomlens leaves `oomlens-<pid>` behind, which the next run removes when
// that pid no longer runs (sweep_stale_instances()).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trace/oom_trace.h"
#include "trace/signal_generate.h"
#include "trace/tracefs.h"
#include "util/fd.h"

namespace oomlens::trace {

/// The pid in an instance name "oomlens-<pid>" (pure); nullopt for any
/// other name (e.g. bench's "oomlens-bench-<pid>").
[[nodiscard]] std::optional<int64_t> instance_owner(std::string_view name);

/// The `alive` of the sweeps below: whether `pid` still runs, asked with
/// the null signal (send_signal(pid, -1, 0): nothing is sent). EPERM is
/// someone else's process, running; only ESRCH says it is gone.
[[nodiscard]] bool instance_owner_running(int64_t pid);

/// Removes `<tracefs>/instances/oomlens-<pid>` for each pid `alive` says is
/// not running; returns how many were removed.
int sweep_stale_instances(const std::string& tracefs, const std::function<bool(int64_t)>& alive);
/// The same in an open `instances` directory (not closed).
int sweep_stale_instances_at(int instances_fd, const std::function<bool(int64_t)>& alive);

class SignalTrace {
 public:
  SignalTrace() = default;
  SignalTrace(const SignalTrace&) = delete;
  SignalTrace& operator=(const SignalTrace&) = delete;
  ~SignalTrace() { close(); }

  /// Finds tracefs (find_tracefs() of `mounts`: a host mount, else a
  /// private one), sweeps stale instances, creates and arms
  /// `instances/oomlens-<own_pid>`. False (and error() says why, the
  /// instance already removed) when it cannot.
  bool open(std::string_view mounts, int own_pid, const TracefsAccess& access = real_tracefs_access());
  /// The same at a known tracefs root (tests use a plain directory).
  bool open_at(const std::string& tracefs, int own_pid);
  /// The same in an open instances directory (taken over: closed by close()).
  bool open_in(TracefsDir tracefs, int own_pid);
  /// Parses the instance's `trace` buffer; nullopt
  /// (and error() set) when not open or unreadable. Call before close().
  /// The same read fills mark_victims().
  [[nodiscard]] std::optional<std::vector<SignalGenerate>> read();
  /// The oom:mark_victim events of the last read() (oom_trace.h: the pid
  /// always, comm and figures where the kernel's format prints them;
  /// KillSignal from the SIGKILL lines of the same buffer).
  [[nodiscard]] const std::vector<MarkVictim>& mark_victims() const { return victims_; }
  /// "on", or "unavailable: <reason>" for oom:mark_victim in this
  /// instance (the record's `oom_trace`): a kernel without the event, a
  /// format oomlens cannot parse, or no permission to enable it.
  [[nodiscard]] std::string oom_status() const;
  /// Removes the instance (unlinkat(AT_REMOVEDIR) in the instances
  /// directory) and closes that directory; idempotent, async-signal-safe
  /// enough for the exit paths (unlinkat(2) and close(2) only).
  void close();

  [[nodiscard]] bool is_open() const { return !name_.empty(); }
  /// trace_clock is `mono`: timestamps compare with CLOCK_MONOTONIC.
  [[nodiscard]] bool mono_clock() const { return mono_; }
  /// Why it is not open or its last read() failed: what failed and errno
  /// (0 where it is not a system call's: no tracefs found); ok when fine.
  [[nodiscard]] const Status& error() const { return error_; }
  /// "on", or "unavailable: <reason>" (the record's `signal_trace`).
  [[nodiscard]] std::string status() const;
  /// The instance, for messages: "<where>/instances/oomlens-<pid>".
  [[nodiscard]] const std::string& dir() const { return dir_; }
  /// Which tracefs the last open() used: TracefsDir::where (a host mount
  /// point or "private mount"); "" when none was found.
  [[nodiscard]] const std::string& tracefs_where() const { return where_; }

 private:
  void enable_mark_victim();
  UniqueFd instances_fd_;
  std::string name_;   ///< "oomlens-<pid>" while open
  std::string where_;
  std::string dir_;
  bool mono_ = false;
  bool filtered_ = false;
  Status error_ = SystemError{0, "not started"};
  std::optional<EventFormat> victim_format_;  ///< mark_victim's print format, when enabled
  std::string oom_error_ = "not started";      ///< why mark_victim is off ("" when on)
  std::vector<MarkVictim> victims_;
};

}  // namespace oomlens::trace
