#pragma once
// `oomlens run` internals: one supervision session as a state struct plus
// step functions (public entry point: run/session.h run_job()).
//
//   session.cpp          the step sequence: record, cgroup, kernel log,
//                        signals, spawn, header, loop, cleanup, verdict
//   session_loop.cpp     the poll loop and the 10 Hz tick (one Sample)
//   session_verdict.cpp  joining kernel reports, the verdict, the summary
//   session_hooks.cpp    the guard seam (see "Guard seam" below)
//
// Times are seconds since the job was spawned (t_s in the record), from
// CLOCK_MONOTONIC (now_s() - t0).
#include <csignal>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "diagnose/verdict.h"
#include "guard/runner.h"
#include "monitor/kernel_watch.h"
#include "monitor/record.h"
#include "monitor/sample.h"
#include "monitor/tree.h"
#include "proc/proc.h"
#include "proc/taskstats.h"
#include "run/session.h"
#include "run/sites.h"
#include "supervise/job_cgroup.h"
#include "supervise/pty.h"
#include "supervise/say.h"
#include "supervise/signals.h"
#include "supervise/spawn.h"
#include "supervise/stderr_tail.h"
#include "trace/signal_trace.h"
#include "util/clock.h"

namespace oomlens::run {

/// /proc/vmstat `oom_kill` (4.13+); nullopt when absent.
[[nodiscard]] std::optional<uint64_t> vmstat_oom_kill();

/// The wait status in /proc/PID/stat field 52 (`exit_code`, 3.5+), given
/// only while the process is a zombie (state Z); nullopt otherwise (pure).
[[nodiscard]] std::optional<int> attach_exit_code_from_stat(std::string_view stat);

/// Peaks over the run's samples; the PSS ones over non-racy samples only
/// (a racy pass over-counts: ProcessTree::refresh_smaps).
struct Peaks {
  std::optional<uint64_t> tree_pss_bytes;
  double tree_pss_t_s = 0;
  /// At the tree PSS peak: the file pages in it (Pss_File) and the age of
  /// the oldest per-process PSS in the sum (a stale sum lags a fast ramp).
  std::optional<uint64_t> tree_pss_file_bytes;
  std::optional<double> tree_pss_age_s;
  std::optional<uint64_t> tree_anon_shmem_pss_bytes;
  std::optional<uint64_t> cgroup_usage_bytes;
  std::optional<uint64_t> cgroup_anon_shmem_bytes;
  /// The job's memory peak (the cgroup's usage, read every tick; the tree's
  /// RSS without a cgroup; bytes): its time, the age of the PSS in hand
  /// then, and whether that PSS was stale
  /// there (monitor::pss_stale: not read there, after over 5 % growth). A
  /// stale PSS at the memory peak means the peak tree PSS may be low.
  std::optional<uint64_t> memory_peak_bytes;
  std::optional<double> memory_peak_t_s, pss_age_at_memory_peak_s;
  bool pss_stale_at_memory_peak = false;
  /// The tree PSS peak's own sample was stale (monitor::pss_stale).
  bool tree_pss_peak_stale = false;
  /// The last non-racy sample with a PSS sum (its tree totals and time):
  /// the PSS in hand at a racy sample, whose own pass is never used.
  std::optional<monitor::TreeTotals> last_pss_tree;
  double last_pss_t_s = 0;
  void update(const monitor::Sample& s);
  /// At a new memory peak: pss_age_at_memory_peak_s and
  /// pss_stale_at_memory_peak (session_loop.cpp).
  void memory_peak_pss(const monitor::Sample& s);
  /// The cgroup's usage at the tree PSS peak's pass (bytes; null unknown:
  /// TreeTotals::cgroup_usage_at_pss_bytes).
  std::optional<uint64_t> tree_pss_usage_bytes;
  /// The cgroup's anon+shmem at that pass (bytes; null unknown).
  std::optional<uint64_t> tree_pss_cg_anon_shmem_bytes;
  /// tree_pss_peak_stale, or pss_stale_at_memory_peak unless the PSS peak's
  /// own pass saw the cgroup's usage and anon+shmem within kPssStaleGrowth
  /// of that PSS below their peaks (that pass then measured the peak): the peak
  /// tree PSS lags the job's memory and is marked so (summary, report,
  /// JSON, plot).
  [[nodiscard]] bool tree_pss_stale() const;
};

class Session {
 public:
  explicit Session(const RunOptions& o) : o_(o) {}
  /// The whole run (session.cpp). Returns only on oomlens's own failure.
  int run();

  // ---- Guard seam -------------------------------------------------------
  // What a guard (early OOM warning, fast memory.current polling, signalling
  // the job) needs, without touching the loop:
  //  * on_sample(s): called once per tick with that tick's Sample, after it
  //    is complete (tree totals, cgroup, system) and before it is queued in
  //    the ring or written. session_hooks.cpp.
  //  * wake_at(t): asks the loop to wake by t (seconds, t_s clock) even when
  //    no fd is ready and the next tick is later; on_wake(t) is then called
  //    (between ticks: no Sample, read what you need, e.g. memory.current
  //    of cgroup_dir()). Each wake-up request is one-shot: re-arm it from
  //    on_wake or on_sample. session_hooks.cpp.
  //  * main_pid()/main_pidfd(): the job's main process (pidfd -1 where
  //    pidfd_open is unsupported; signal through pidfd_send_signal when
  //    >= 0: it cannot hit a reused pid). main_exited(): already reaped.
  //  * write_event(ev, sync): flushes the ring of unwritten samples, then
  //    writes an event line (add "type"/"t_s"/"kind" yourself).
  void on_sample(const monitor::Sample& s);
  void on_wake(double t);
  void wake_at(double t) { if (!wake_at_ || t < *wake_at_) wake_at_ = t; }
  [[nodiscard]] int main_pid() const { return job_.pid; }
  [[nodiscard]] int main_pidfd() const { return job_.pidfd; }
  [[nodiscard]] bool main_exited() const { return main_status_.has_value(); }
  [[nodiscard]] double t_rel() const { return now_s() - t0_; }
  /// A userspace killer's journal line naming the job (session_verdict.cpp).
  [[nodiscard]] std::optional<diagnose::DaemonKill> logged_daemon_kill() const;
  [[nodiscard]] std::vector<diagnose::TreeSignal> traced_tree_signals(
      const std::vector<trace::SignalGenerate>& events) const;
  [[nodiscard]] const std::string& cgroup_dir() const { return job_cg_dir_; }
  [[nodiscard]] const std::optional<cgroup::MemoryHierarchy>& hierarchy() const { return hierarchy_; }
  [[nodiscard]] const RunOptions& options() const { return o_; }
  void write_event(const nlohmann::json& ev, bool sync = true);
  // -----------------------------------------------------------------------

 private:
  // session.cpp: steps before the loop (each returns an exit code on failure).
  std::optional<int> open_record();
  std::optional<int> prepare_guard();
  std::optional<int> make_cgroup();
  void open_kernel_log();
  void open_signal_trace();
  /// Step 3c: taskstats for the exits /proc never shows (session_churn.cpp).
  void open_taskstats();
  void setup_signals_and_tee();
  std::optional<int> spawn();
  void find_scope();
  void write_header();

  // session_loop.cpp
  void loop();
  /// The loop's next poll deadline: the next tick, or earlier by wake_at().
  [[nodiscard]] double next_wake() const;
  void read_signals();
  void pass_stderr_through();
  void reap();
  void handle_kills(std::vector<monitor::KernelKill> ks);
  /// The tracked process `pid` of the job's tree; nullptr when not tracked.
  [[nodiscard]] const monitor::TrackedProc* tracked(int64_t pid) const;
  /// `tk` (a kill of the tree's process `tk.pid`) completed from what the
  /// tree knows of it (role, rank, peak PSS, and the PSS's age at
  /// `kill_t_s`, run-relative s).
  [[nodiscard]] diagnose::TreeKill tree_kill(diagnose::TreeKill tk, const monitor::TrackedProc* tp,
                                             double kill_t_s) const;
  /// The one writer of a kill: an `oom_kill` event at `kill_t_s` (run-relative
  /// s; `mono_s` the same instant on CLOCK_MONOTONIC when known) with
  /// `evidence` when not null, kept in kills_; first_kill_t_ follows.
  void record_kill(diagnose::TreeKill tk, const monitor::TrackedProc* tp, double kill_t_s,
                   std::optional<double> mono_s, const nlohmann::json& evidence);
  void flush_ring();
  void tick(double t);
  void note_gap(double t);
  void drain_stderr();
  void track_tree(double t);
  // session_churn.cpp: the record's rate bound and the unseen exits.
  void refill_event_tokens(double t);
  void update_churn_mode(double t);
  bool take_event_token(double t);
  void note_process_start(monitor::TrackedProc& p, double t);
  void note_process_exit(const monitor::TrackedProc& p, double t);
  void drain_taskstats(double t);
  void settle_unseen(const std::vector<int>& added);
  void write_churn(double t, bool last);
  [[nodiscard]] nlohmann::json process_accounting_json() const;
  void read_cgroup(monitor::Sample& s);
  void maybe_refresh_pss(monitor::Sample& s, double t);
  void queue_sample(const monitor::Sample& s, double t);
  void after_loop();

  // session_attach.cpp (--pid): checks and holds the process before the
  // record is opened; reap_attached() replaces waitpid (not our child).
  [[nodiscard]] bool attached() const { return o_.attach_pid.has_value(); }
  std::optional<int> check_attach();
  void attach();
  void reap_attached();

  // session_verdict.cpp
  void cleanup();
  void join_kernel_reports();
  void read_signal_trace();
  void join_traced_kills(const std::vector<trace::MarkVictim>& victims);
  [[noreturn]] void decide_and_end();

  const RunOptions& o_;

  // Set up before the loop.
  monitor::RecordWriter rec_;  ///< its path() is the record's (a default name may have taken a suffix)
  std::optional<supervise::JobCgroup> jc_;
  std::optional<cgroup::MemoryHierarchy> hierarchy_;
  std::string job_cg_dir_;
  monitor::KernelWatch kw_;
  bool kmsg_ok_ = false;
  /// signal:signal_generate in a private tracefs instance (trace/signal_trace.h):
  /// removed by read_signal_trace(), or by its destructor on early returns.
  trace::SignalTrace sig_trace_;
  std::string sig_trace_status_;  ///< "on" / "unavailable: <reason>" (header and verdict)
  std::string sig_trace_tracefs_;  ///< the header's signal_trace_tracefs: a host mount point, "private mount", or "" (none)
  std::vector<diagnose::ForwardedSignal> forwarded_;  ///< signals oomlens forwarded to the job
  std::optional<diagnose::SignalSender> signal_sender_;
  std::vector<diagnose::TreeSignal> tree_signals_;  ///< traced fatal signals to programs and workers
  int sfd_ = -1;
  int err_pipe_[2] = {-1, -1};
  std::optional<uint64_t> cg_oom_before_, vm_oom_before_;
  double t0_ = 0;
  supervise::Spawned job_;
  std::string cgroup_entry_;                  ///< header limits.cgroup_entry (clone_into_cgroup.h names)
  std::vector<std::string> systemd_run_argv_;  ///< the whole argv when the job runs under systemd-run
  bool own_adj_lowered_ = false;
  /// The early warning and action (guard/runner.h), driven through the seam.
  std::unique_ptr<guard::GuardRunner> guard_;
  SitesRun sites_;  ///< --sites: the preload's environment and tables

  // The loop's state.
  std::optional<monitor::ProcessTree> tree_;
  supervise::StderrTail tail_;
  std::deque<std::pair<monitor::Sample, bool>> ring_;  ///< unwritten samples, with "has fresh PSS"
  Peaks peaks_;
  std::vector<monitor::Sample> minute_;  ///< for the growth rate (1 Hz thinning)
  std::vector<diagnose::TreeKill> kills_;
  /// Kernel OOM kills of processes not in the job's tree during the run
  /// (the first kOtherKillsKept): noted, never the job's verdict.
  std::vector<diagnose::TreeKill> other_kills_;
  /// The job's /dev/shm (in its mount namespace), sampled every tick: the peak.
  std::optional<uint64_t> shm_peak_used_bytes_, job_shm_size_bytes_, job_shm_used_bytes_;
  /// The main process's memory rlimits, read once a second while it runs.
  proc::MemoryRlimits rlimits_;
  static constexpr size_t kOtherKillsKept = 8;
  std::map<int, int> exit_status_;  ///< reaped pid -> wait status
  std::optional<int> main_status_;
  std::optional<double> main_exit_t_;
  bool stop_linger_ = false;
  double next_tick_ = 0, next_write_ = 0, next_pss_ = 0, last_written_ = -1;
  std::optional<double> wake_at_;  ///< guard wake-up request (one-shot)
  bool pss_since_write_ = false;
  uint64_t pss_rss_at_ = 0;
  /// A process of the tree exited or was killed (the kernel's kill line, the
  /// cgroup's oom_kill counter, the main process reaped) since the last
  /// PSS pass: the survivors' PSS changed (shared pages' shares move to
  /// them), so the next tick re-reads it (maybe_refresh_pss).
  bool pss_exit_seen_ = false;
  std::optional<double> first_kill_t_;  ///< the tree's first kernel OOM kill, s (worker growth stops there)
  double pss_short_next_ = 0;  ///< next pass of a job's first kShortJobS (kShortJobPssS apart)
  /// A job's first 30 s are read for PSS every 0.5 s at most (paced by 5 %
  /// of a core): 60 passes of a ~15 ms tree cost 0.9 s of CPU at most, and a
  /// 10 s job gets 20 passes instead of 5 (maybe_refresh_pss).
  static constexpr double kShortJobS = 30.0, kShortJobPssS = 0.5;
  double pss_budget_ok_ = 0;  ///< next pass allowed by the default PSS budget
  /// The last PSS pass: when, and its CPU cost in seconds (the urgent
  /// budget's pacing, maybe_refresh_pss).
  double pss_last_t_ = -1e9, pss_last_cost_ = 0;
  /// The cgroup's anon+shmem at the last PSS pass (monitor::pss_stale); and
  /// whether memory.stat was read in this tick (read_cgroup).
  std::optional<uint64_t> pss_cg_anon_shmem_at_, pss_cg_usage_at_;
  bool stat_read_this_tick_ = false;
  /// PSS passes and their CPU time (this thread's), for the record's last
  /// event: what keeping PSS fresh cost.
  uint64_t pss_passes_ = 0;
  double pss_cpu_s_ = 0;
  uint64_t tick_no_ = 0, ticks_at_exit_ = 0;
  /// Sampling gaps (oomlens stopped by SIGSTOP, or starved of CPU): a tick
  /// later than kGapTicks periods (and 1 s) after the one before writes a
  /// `sample_gap` event; their count and the longest go into a note.
  static constexpr double kGapTicks = 10;
  /// Gone processes held for the verdict (ProcessTree::forget_gone keeps
  /// the largest by peak RSS): ~4 MiB of TrackedProc at most.
  static constexpr size_t kMaxGoneProcs = 4096;
  /// Rows of the verdict's `procs` (the main process, then the largest by
  /// peak PSS, else peak RSS; `procs_dropped` counts the rest), so the
  /// verdict line stays well under the record reader's 1 MiB line cap.
  static constexpr size_t kMaxVerdictProcs = 1024;
  /// The record's rate bound (session_churn.cpp): process events through a
  /// token bucket, the rest counted in process_churn events once a second.
  static constexpr double kEventBurst = 200, kEventsPerS = 10;
  double event_tokens_ = kEventBurst, event_tokens_t_ = 0;
  bool churn_mode_ = false;  ///< past the bound: new processes tracked from their second sighting
  uint64_t churn_started_ = 0, churn_exited_ = 0, churn_unseen_ = 0;
  double churn_from_t_ = 0, next_churn_t_ = 1.0;
  uint64_t procs_found_ = 0, aggregated_total_ = 0, unseen_total_ = 0;
  std::optional<uint64_t> unseen_peak_rss_bytes_;
  /// Exits never seen in /proc, from taskstats; nullopt when unavailable.
  std::optional<proc::TaskstatsListener> taskstats_;
  std::string taskstats_status_ = "off";
  /// The last unseen exits (their own unseen children are the tree's too),
  /// and those of this tick (settle_unseen).
  static constexpr size_t kUnseenRecent = 256;
  std::vector<uint32_t> unseen_recent_, unseen_now_;
  /// Processes gone in the last second (pid, t): their exits are seen ones.
  std::deque<std::pair<uint32_t, double>> recent_gone_;
  std::optional<double> last_tick_t_;
  uint64_t gaps_ = 0;
  double longest_gap_s_ = 0;
  /// Processes still in the --limit cgroup at the end, which oomlens killed.
  std::optional<uint64_t> leftover_killed_;
  monitor::SystemSample sys_;
  std::optional<uint64_t> cached_limit_, cached_anon_, cached_shmem_;
  std::string cached_limit_state_ = "unknown";
  std::optional<uint64_t> last_cg_oom_;
  monitor::Sample last_{};
  std::optional<monitor::CgroupReader> cg_reader_;  ///< held cgroup files (pread)

  // --pid
  std::shared_ptr<int> attach_dirfd_;     ///< /proc/PID of the attached process
  std::vector<std::string> attached_cmd_;  ///< its cmdline, for the header
  bool main_status_known_ = true;          ///< false: attached, wait status not seen
  int detach_signal_ = 0;                  ///< the signal that made oomlens stop following

  // --capture-tty (session.cpp open_pty; the loop copies the master like
  // the stderr pipe, through err_pipe_[0], to pass_fd_)
  std::optional<int> open_pty();
  std::unique_ptr<supervise::JobPty> pty_;
  int pass_fd_ = 2;  ///< where the job's captured output is passed through (-1: the relay does)
  pid_t relay_pid_ = -1;  ///< the stderr relay (stderr_relay.h), not part of the job's tree

  // After the loop.
  double end_t_ = 0;
  supervise::JobEnd end_;
  std::optional<uint64_t> cg_oom_after_;
  std::vector<std::string> notes_;
};

}  // namespace oomlens::run
