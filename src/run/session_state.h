#pragma once
// `oomlens run` internals: one supervision session, the loop that owns
// four parts and the step functions over them (public entry point:
// run/session.h run_job()).
//
//   JobHandle          run/job.h                the job: pid, pidfd, cgroup, exit status
//   RunRecord          run/run_record.h         the record file, its ring of samples and its lines
//   TickSnapshot       run/tick_snapshot.h      what each tick computes: the last sample, peaks, PSS pacing
//   ProcessAccounting  run/process_accounting.h processes found, their events' rate bound, unseen exits
//
//   session.cpp          the step sequence: record, cgroup, kernel log,
//                        signals, spawn, header, loop, cleanup, verdict
//   session_loop.cpp     the poll loop and the 10 Hz tick (one Sample)
//   session_churn.cpp    process events under fork churn, unseen exits
//   session_attach.cpp   --pid: following a process oomlens did not start
//   session_verdict.cpp  joining kernel reports; the end's facts gathered, then carried out
//   run_end.cpp          the end decided: the verdict, the record's last lines, the exit status (pure)
//   session_hooks.cpp    the guard seam (see "Guard seam" below)
//
// Times are seconds since the job was spawned (t_s in the record), from
// CLOCK_MONOTONIC (JobHandle::t_rel()).
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
#include "run/job.h"
#include "run/process_accounting.h"
#include "run/run_end.h"
#include "run/run_record.h"
#include "run/session.h"
#include "run/sites.h"
#include "run/tick_snapshot.h"
#include "supervise/job_cgroup.h"
#include "supervise/process_control.h"
#include "supervise/pty.h"
#include "supervise/say.h"
#include "supervise/signals.h"
#include "supervise/spawn.h"
#include "supervise/stderr_tail.h"
#include "trace/signal_trace.h"
#include "util/fd.h"
#include "util/clock.h"
#include "util/file.h"

namespace oomlens::run {

/// The wait status in /proc/PID/stat field 52 (`exit_code`, 3.5+), given
/// only while the process is a zombie (state Z); nullopt otherwise (pure).
[[nodiscard]] std::optional<int> attach_exit_code_from_stat(std::string_view stat);

class Session {
 public:
  /// Every signal the session and its guard send, and every cgroup they
  /// kill, goes through `control` (supervise/process_control.h).
  explicit Session(const RunOptions& o, supervise::ProcessControl& control = supervise::system_process_control())
      : o_(o), control_(control) {}
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
  //    pidfd_open is unsupported; signal through control().signal(), which
  //    uses the pidfd when >= 0: it cannot hit a reused pid).
  //    main_exited(): already reaped.
  //  * write_event(ev, sync): flushes the ring of unwritten samples, then
  //    writes an event line (add "type"/"t_s"/"kind" yourself).
  void on_sample(const monitor::Sample& s);
  void on_wake(double t);
  void wake_at(double t) { if (!wake_at_ || t < *wake_at_) wake_at_ = t; }
  [[nodiscard]] int main_pid() const { return job_.pid; }
  [[nodiscard]] int main_pidfd() const { return job_.pidfd; }
  [[nodiscard]] bool main_exited() const { return job_.main_exited(); }
  [[nodiscard]] double t_rel() const { return job_.t_rel(); }
  /// A userspace killer's journal line naming the job (session_verdict.cpp).
  [[nodiscard]] std::optional<diagnose::DaemonKill> logged_daemon_kill() const;
  [[nodiscard]] std::vector<diagnose::TreeSignal> traced_tree_signals(
      const std::vector<trace::SignalGenerate>& events) const;
  [[nodiscard]] const std::string& cgroup_dir() const { return job_.cgroup_dir; }
  [[nodiscard]] const std::optional<cgroup::MemoryHierarchy>& hierarchy() const { return job_.hierarchy; }
  [[nodiscard]] const RunOptions& options() const { return o_; }
  /// Where its signals and cgroup kills go (supervise/process_control.h).
  [[nodiscard]] supervise::ProcessControl& control() const { return control_; }
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
  [[nodiscard]] std::string own_cgroup_path() const;
  /// The tracked process `pid` of the job's tree; nullptr when not tracked.
  [[nodiscard]] const monitor::TrackedProc* tracked(int64_t pid) const;
  /// The kill line names --limit's own cgroup, or one below it, as the OOM's memcg (its victim is the job's):
  /// cgroup::cgroup_within() of its oom_memcg and own_cgroup_path().
  [[nodiscard]] bool in_own_memcg(const monitor::KernelKill& k) const;
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
  void tick(double t);
  void note_gap(double t);
  void drain_stderr();
  void track_tree(double t);
  // session_churn.cpp: the record's process events through procs_
  // (run/process_accounting.h), and taskstats' exits.
  void note_process_start(monitor::TrackedProc& p, double t);
  void note_process_exit(const monitor::TrackedProc& p, double t);
  void drain_taskstats(double t);
  void write_churn(double t, bool last);
  [[nodiscard]] nlohmann::json process_accounting_json() const;
  void read_cgroup(monitor::Sample& s);
  void maybe_refresh_pss(monitor::Sample& s, double t);
  void queue_sample(const monitor::Sample& s, double t);
  void after_loop();

  // session_attach.cpp (--pid): checks and holds the process before the
  // record is opened; reap_attached() replaces waitpid (not our child).
  [[nodiscard]] bool attached() const { return o_.attach_pid.has_value(); }
  /// RunOptions::proc_root's /proc.
  [[nodiscard]] std::string proc_dir() const { return join_root(o_.proc_root, "proc"); }
  std::optional<int> check_attach();
  void attach();
  void reap_attached();

  // session_verdict.cpp
  void cleanup();
  void join_kernel_reports();
  void read_signal_trace();
  void join_traced_kills(const std::vector<trace::MarkVictim>& victims);
  /// Step 10 (run/run_end.h): what the end reads; decide_run_end() decides.
  [[nodiscard]] EndFacts gather_end_facts();
  /// Step 11: the decided end carried out (the record, the summary, say, end_like).
  [[noreturn]] void end_with(const RunEnd& e);

  /// SIGKILL to one pid of the job's own cgroup, through control_ (for
  /// cgroup::kill_and_remove).
  [[nodiscard]] cgroup::SigkillPid sigkill_through_control() const {
    return [this](int pid) { return control_.signal(pid, -1, SIGKILL); };
  }

  const RunOptions& o_;
  supervise::ProcessControl& control_;

  // What the loop owns: the job (its processes, cgroup and end), the record
  // it writes, the snapshot each tick refreshes, and the accounting of the
  // processes it finds and misses.
  JobHandle job_;
  RunRecord record_;
  TickSnapshot snap_;
  ProcessAccounting procs_;

  // Set up before the loop.
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
  UniqueFd sfd_;
  // Not UniqueFd: err_pipe_[0] may be the pty master, which JobPty owns.
  int err_pipe_[2] = {-1, -1};
  std::optional<uint64_t> cg_oom_before_, vm_oom_before_;
  bool own_adj_lowered_ = false;
  /// The early warning and action (guard/runner.h), driven through the seam.
  std::unique_ptr<guard::GuardRunner> guard_;
  SitesRun sites_;  ///< --sites: the preload's environment and tables

  // The loop's state.
  std::optional<monitor::ProcessTree> tree_;
  std::optional<monitor::CgroupReader> cg_reader_;  ///< held cgroup files (pread)
  supervise::StderrTail tail_;
  std::vector<diagnose::TreeKill> kills_;
  /// Kernel OOM kills of processes not in the job's tree during the run
  /// (the first kOtherKillsKept): noted, never the job's verdict.
  std::vector<diagnose::TreeKill> other_kills_;
  static constexpr size_t kOtherKillsKept = 8;
  std::optional<double> first_kill_t_;  ///< the tree's first kernel OOM kill, s (worker growth stops there)
  bool stop_linger_ = false;
  int detach_signal_ = 0;  ///< --pid: the signal that made oomlens stop following
  double next_tick_ = 0;
  std::optional<double> wake_at_;  ///< guard wake-up request (one-shot)
  /// A job's first 30 s are read for PSS every 0.5 s at most (paced by 5 %
  /// of a core): 60 passes of a ~15 ms tree cost 0.9 s of CPU at most, and a
  /// 10 s job gets 20 passes instead of 5 (maybe_refresh_pss).
  static constexpr double kShortJobS = 30.0, kShortJobPssS = 0.5;
  /// Sampling gaps (oomlens stopped by SIGSTOP, or starved of CPU): a tick
  /// later than kGapTicks periods (and 1 s) after the one before writes a
  /// `sample_gap` event; their count and the longest go into a note.
  static constexpr double kGapTicks = 10;
  /// Gone processes held for the verdict (ProcessTree::forget_gone keeps
  /// the largest by peak RSS): ~4 MiB of TrackedProc at most.
  static constexpr size_t kMaxGoneProcs = 4096;
  /// Exits never seen in /proc, from taskstats (ProcessAccounting counts
  /// them); nullopt when unavailable.
  std::optional<proc::TaskstatsListener> taskstats_;

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
  /// Processes still in the --limit cgroup at the end, which oomlens killed.
  std::optional<uint64_t> leftover_killed_;
  std::vector<std::string> notes_;
};

}  // namespace oomlens::run
