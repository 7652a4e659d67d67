#pragma once
// The kernel's OOM kills as they happen, from the `oom:mark_victim`
// tracepoint, in a private tracefs instance for `watch` and `daemon`:
//
//   <tracefs>/instances/oomlens-<oomlens pid>/
//     buffer_size_kb          256 (per CPU)
//     trace_clock             mono (timestamps on CLOCK_MONOTONIC)
//     buffer_percent          0 (poll wakes on the first event, not half a buffer)
//     events/oom/mark_victim/enable              1
//     events/signal/signal_generate/filter       sig==9&&code==128
//     events/signal/signal_generate/enable       1 (best effort)
//     trace_pipe              read non-blocking when poll(2) says so
//
// tracefs comes from trace/tracefs.h (a host mount, else oomlens's own
// private mount: the host's mount table is never touched), exactly as for
// `run`'s signal trace (trace/signal_trace.h), and the instance is swept
// the same way when a crashed oomlens left it behind.
//
// Source: mm/oom_kill.c __oom_kill_process(): count_vm_event(OOM_KILL),
// memcg_memory_event_mm(MEMCG_OOM_KILL), do_send_sig_info(SIGKILL,
// SEND_SIG_PRIV) (signal_generate, code SI_KERNEL), then mark_oom_victim()
// (mark_victim), then the `Killed process` line. mark_oom_victim() is also
// called for a task that is already exiting (task_will_free_mem()), with no
// kill, no counter and no line: a mark_victim without that SIGKILL just
// before it is such a task, not a kill (KillSignal::absent). The event's
// fields come from its `format` file (trace/event_format.h): 6.14+ (and
// stable kernels since March 2025) print comm, total-vm, anon/file/shmem
// RSS, uid, pgtables and oom_score_adj; older ones the pid only.
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trace/event_format.h"
#include "trace/tracefs.h"
#include "util/fd.h"

namespace oomlens::trace {

/// Whether the OOM killer's SIGKILL to the victim was seen just before.
enum class KillSignal {
  seen,     ///< signal_generate sig 9, code SI_KERNEL, to this pid: a kill
  absent,   ///< signal_generate is on but sent none: an exiting task marked, not killed
  unknown,  ///< signal_generate could not be enabled
};

/// One oom:mark_victim event. Sizes are kB as the kernel prints them
/// (the caller converts); null when this kernel's format lacks the field.
struct MarkVictim {
  int64_t pid = 0;
  std::optional<std::string> comm;
  std::optional<uint64_t> total_vm_kb;
  std::optional<uint64_t> anon_rss_kb;
  std::optional<uint64_t> file_rss_kb;
  std::optional<uint64_t> shmem_rss_kb;
  std::optional<uint32_t> uid;
  std::optional<uint64_t> pgtables_kb;
  std::optional<int> oom_score_adj;
  std::optional<double> ts_s;  ///< the event's timestamp on the instance's trace_clock
  int64_t killer_tid = 0;      ///< the thread that ran the OOM killer (line header)
  std::string killer_comm;     ///< its comm ("" when tracefs did not know it)
  KillSignal signal = KillSignal::unknown;
};

/// The event from a matched body (pure); nullopt without a numeric `pid`.
[[nodiscard]] std::optional<MarkVictim> mark_victim_from(const EventFields& fields);

/// The mark_victim events of tracefs lines, one line at a time (pure: no
/// I/O), for the live trace_pipe reader (OomTrace) and for `run`'s trace
/// buffer read once at the end (SignalTrace). A signal_generate line with
/// sig 9 and code SI_KERNEL before an event decides its KillSignal when
/// `signals` says signal_generate was on; other events' lines and comments
/// are skipped; a mark_victim line that does not follow `format` is
/// counted in unparsed().
class MarkVictimParser {
 public:
  MarkVictimParser(EventFormat format, bool signals) : format_(std::move(format)), signals_(signals) {}
  /// One line without its '\n'; appends the event it completes to `out`.
  void on_line(std::string_view line, std::vector<MarkVictim>& out);
  [[nodiscard]] uint64_t unparsed() const { return unparsed_; }
  [[nodiscard]] const EventFormat& format() const { return format_; }

 private:
  EventFormat format_;
  bool signals_;
  std::deque<int64_t> sigkilled_;  ///< recent SIGKILL (SI_KERNEL) targets, oldest first (at most 256)
  uint64_t unparsed_ = 0;
};

/// Every mark_victim event of a whole `trace` buffer, in order (pure).
[[nodiscard]] std::vector<MarkVictim> parse_mark_victims(std::string_view text, const EventFormat& format, bool signals);

class OomTrace {
 public:
  OomTrace() = default;
  OomTrace(const OomTrace&) = delete;
  OomTrace& operator=(const OomTrace&) = delete;
  ~OomTrace() { close(); }

  /// Finds tracefs (find_tracefs()), then open_in(). False, with error(),
  /// when it cannot (the instance removed again).
  bool open(std::string_view mounts, int own_pid, const TracefsAccess& access = real_tracefs_access());
  /// Creates and arms the instance in an open instances directory (taken over).
  bool open_in(TracefsDir tracefs, int own_pid);
  /// trace_pipe (O_NONBLOCK), for poll(2); -1 when not open.
  [[nodiscard]] int fd() const { return pipe_fd_.get(); }
  /// Reads what trace_pipe holds now; the mark_victim events in order.
  [[nodiscard]] std::vector<MarkVictim> read_available();
  /// Removes the instance; idempotent.
  void close();

  [[nodiscard]] bool is_open() const { return static_cast<bool>(pipe_fd_); }
  [[nodiscard]] bool mono_clock() const { return mono_; }
  [[nodiscard]] bool signals() const { return signals_; }
  /// Why it is not open (the step and its errno; ok when open).
  [[nodiscard]] const Status& error() const { return error_; }
  /// What mark_victim's format prints ("pid comm total_vm …"), for the start-up line.
  [[nodiscard]] std::string fields() const;
  /// Lines of trace_pipe that did not follow the format (counted, not shown).
  [[nodiscard]] uint64_t unparsed() const { return parser_ ? parser_->unparsed() : 0; }

 private:
  UniqueFd instances_fd_;
  UniqueFd pipe_fd_;
  std::string name_, dir_;
  Status error_ = SystemError{0, "not started"};
  bool mono_ = false;
  bool signals_ = false;
  std::optional<MarkVictimParser> parser_;
  std::string partial_;               ///< a line not yet ended by '\n'
};

}  // namespace oomlens::trace
