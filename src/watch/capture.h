#pragma once
// Live capture of OOM events for `oomlens watch` and `oomlens daemon`:
// /dev/kmsg records → ReportScanner → quiet-window flush → WatchEvent, plus
// late `oom_reaper:` updates and oom_kill counter reconciliation.
//
// Single threaded and non-blocking: the owner polls fd() for POLLIN with
// timeout_ms() and calls on_readable() / on_tick(). Memory is bounded: the
// scanner keeps open reports only, and at most kRecentEvents emitted events
// are remembered for updates.
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "cgroup/cgroup.h"
#include "diagnose/owner_lookup.h"
#include "kernel_log/kill_join.h"
#include "logsource/journal_follow.h"
#include "logsource/kmsg.h"
#include "trace/oom_trace.h"
#include "watch/oom_counters.h"
#include "watch/watch_event.h"

namespace oomlens::watch {

/// Where the kernel's log lines come from.
enum class LiveSource {
  kmsg,     ///< /dev/kmsg (CAP_SYSLOG under dmesg_restrict); kmsg sequence numbers
  journal,  ///< the systemd journal, _TRANSPORT=kernel (logsource/journal_follow.h)
};

struct CaptureOptions {
  std::string root = "/";   ///< system root (/proc, /sys/fs/cgroup, /dev/kmsg below it)
  /// dockerd's --data-root below `root`, where containers are named from
  /// (diagnose/owner_lookup.h; $OOMLENS_DOCKER_ROOT, else /var/lib/docker).
  std::string docker_root = default_docker_root();
  LiveSource source = LiveSource::kmsg;
  /// source journal: a journal directory instead of the system journal (tests).
  std::string journal_directory;
  std::string kmsg_path;    ///< empty = ROOT/dev/kmsg
  /// Read the ring's records already there (daemon) or only new ones (watch).
  /// The journal is always followed from its end (it holds older boots).
  bool from_start = false;
  /// Records with a sequence number up to this one were handled by an
  /// earlier run of the same boot (daemon state file): skipped.
  std::optional<uint64_t> skip_through_seq;
  /// Without a new line for this long, a report with its kill line is emitted.
  std::chrono::milliseconds quiet{300};
  /// …and one without (header only, kill line lost) after this long.
  std::chrono::milliseconds incomplete_quiet{5000};
  /// Counter reconciliation: the kernel counts a kill before it prints the
  /// kill line, so the counters are compared with the log this much later.
  std::chrono::milliseconds counter_grace{2000};
  /// How often /proc/vmstat is read (one small read; cgroups are walked only
  /// when it shows kills the log did not).
  std::chrono::milliseconds counter_period{1000};
  bool counters = true;
  /// The oom:mark_victim tracepoint in a private tracefs instance
  /// (trace/oom_trace.h): each kill emitted at once, its report joined as
  /// an update. Without tracefs, the log and counters alone (said once).
  bool tracepoints = true;
  trace::TracefsAccess tracefs = trace::real_tracefs_access();
};

namespace detail {
int64_t unix_ms_now();
/// The cgroup whose oom_kill counter a victim's kill increments.
std::optional<std::string> counting_cgroup(const OomEvent& e);
/// The report header (trigger line, task table, `oom-kill:` summary) came
/// with the kill line; without it the kernel's rate limit dropped it.
bool has_report_header(const OomEvent& e);
}  // namespace detail

class Capture {
 public:
  using Sink = std::function<void(WatchEvent&&)>;
  static constexpr size_t kRecentEvents = 64;

  Capture(CaptureOptions options, Sink sink);
  ~Capture();
  Capture(const Capture&) = delete;
  Capture& operator=(const Capture&) = delete;

  /// Opens /dev/kmsg (and with from_start reads what the ring holds, emitting
  /// those events) or the journal, then takes the counters' baseline.
  /// Error (errnum 0: "SOURCE: why (advice, e.g. CAP_SYSLOG)") when the
  /// source cannot be opened.
  [[nodiscard]] Status open();
  [[nodiscard]] int fd() const;
  /// Milliseconds until on_tick() has work (for poll's timeout).
  [[nodiscard]] int timeout_ms() const;
  /// Reads every record available now.
  void on_readable();
  /// Quiet-window flushes and counter checks that are due.
  void on_tick();
  /// Emits whatever is still open (at exit).
  void finish();
  /// The tracepoint's trace_pipe for poll(2), or -1 (no tracepoint source).
  [[nodiscard]] int trace_fd() const { return trace_ ? trace_->fd() : -1; }
  /// Every mark_victim event available: one event per kill, emitted at
  /// once (the victims' /proc/PID/cgroup read first), then the kernel log.
  void on_trace_readable();
  /// "on (pid comm total_vm …)" or "off: <reason>" (after open()).
  [[nodiscard]] const std::string& tracepoint_status() const { return trace_status_; }  ///< in the user's language
  [[nodiscard]] bool tracepoints_on() const { return trace_ != nullptr; }
  /// One line for the end of a run: the tracepoint's kills, tasks marked
  /// but not killed, and unparsed trace lines; "" without a tracepoint source.
  [[nodiscard]] std::string tracepoint_totals() const;

  /// The last sequence number such that every report up to it was emitted
  /// (for the daemon's state file); nullopt before any record.
  [[nodiscard]] std::optional<uint64_t> safe_seq() const { return safe_seq_; }
  [[nodiscard]] const std::optional<std::string>& boot_id() const { return boot_id_; }
  [[nodiscard]] uint64_t kmsg_gaps() const { return gaps_; }
  [[nodiscard]] uint64_t records() const { return records_; }
  [[nodiscard]] std::optional<uint64_t> vmstat_oom_kill() const { return vmstat_last_; }

 private:
  class RecordSink;
  using Clock = std::chrono::steady_clock;

  void take_baseline();
  void attribute_headerless(OomEvent& e);
  void on_scanner_event(OomEvent&& e);
  void on_record(std::string_view message, const RecordMeta& meta);
  void check_counters(Clock::time_point now);
  void emit(WatchEvent&& w);
  // The tracepoint source (capture_trace.cpp).
  struct TracedKill {
    std::string id;
    int64_t pid = 0;
    Clock::time_point at{};
    uint64_t gaps_at = 0;
    std::optional<std::string> cgroup;  ///< the counting cgroup when read at the kill
    WatchEvent first;                   ///< what was emitted (victim figures)
  };
  struct KillLineSeen {
    int64_t pid = 0;
    std::optional<std::string> message;  ///< "Memory cgroup out of memory", …
    std::optional<std::string> constraint, oom_memcg;  ///< from an `oom-kill:` summary line
  };
  void open_trace();
  void note_trace_line(std::string_view message);
  void on_mark_victim(const trace::MarkVictim& v, std::optional<std::string> path);
  bool join_report(OomEvent& e);
  void expire_traced(Clock::time_point now);
  TracedKill* traced(int64_t pid);

  CaptureOptions opt_;
  Sink sink_;
  std::unique_ptr<KmsgReader> reader_;
  std::unique_ptr<JournalFollower> journal_;
  std::unique_ptr<ReportScanner> scanner_;
  std::unique_ptr<RecordSink> record_sink_;
  std::optional<std::string> boot_id_;
  std::optional<std::string> host_;
  std::optional<cgroup::MemoryHierarchy> hierarchy_;

  Clock::time_point last_record_{};
  bool pending_ = false;  ///< records fed since the last flush
  std::optional<uint64_t> last_seq_;
  std::optional<uint64_t> safe_seq_;
  uint64_t gaps_ = 0;
  uint64_t records_ = 0;
  std::vector<std::string> pending_notes_;  ///< capture notes for the next event
  bool baseline_taken_ = false;
  std::deque<WatchEvent> recent_;
  RecentKills kills_read_;  ///< the last kills read from the log, for `victim_killed_again` and `small_kills_repeated` (bounded)

  // Counter reconciliation.
  std::optional<uint64_t> vmstat_base_;
  std::optional<uint64_t> vmstat_last_;
  std::deque<std::pair<Clock::time_point, uint64_t>> vmstat_samples_;
  Clock::time_point next_counter_check_{};
  uint64_t log_kills_ = 0;       ///< victims with a kill line since the baseline
  uint64_t counted_only_ = 0;    ///< kills emitted as counter_only
  CgroupCounts cgroup_base_;
  CgroupCounts explained_;       ///< per task_memcg: log kills + counter_only kills

  std::unique_ptr<trace::OomTrace> trace_;
  std::string trace_status_ = "off: not started";
  std::deque<TracedKill> traced_;      ///< tracepoint kills whose report has not been joined yet
  std::deque<KillLineSeen> lines_seen_;  ///< recent kill/summary lines, by pid
  uint64_t suppressed_headers_ = 0;    ///< `oom_kill_process: N callbacks suppressed`, summed
  uint64_t marked_not_killed_ = 0;     ///< mark_victim without the OOM killer's SIGKILL
  uint64_t traced_kills_ = 0;          ///< kills emitted from the tracepoint
  oomline::KillJoiner joiner_;         ///< kill lines joined with their summary (tracepoint constraint)
};

}  // namespace oomlens::watch
