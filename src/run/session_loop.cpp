// `oomlens run`: the poll loop and the 10 Hz tick (see session_state.h).
#include <poll.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cerrno>

#include <fmt/core.h>

#include "cgroup/cgroup_path.h"
#include "diagnose/verdict_json.h"
#include "util/json_opt.h"
#include "run/job_control.h"
#include "run/kill_owner.h"
#include "run/session_state.h"

namespace oomlens::run {

using nlohmann::json;

namespace {

// A value read this tick is kept in the snapshot; one not read is the
// snapshot's, read at an earlier tick.
template <typename T>
void keep_or_reuse(bool read, T& value, T& kept) {
  if (read) kept = value;
  else value = kept;
}

}  // namespace

void Session::write_event(const json& ev, bool sync) { record_.write_event(ev, sync); }

double Session::next_wake() const {
  return wake_at_ ? std::min(next_tick_, *wake_at_) : next_tick_;
}

void Session::reap() {
  if (attached()) return reap_attached();  // not our child: never waited for
  while (true) {
    int st = 0;
    pid_t p = ::waitpid(-1, &st, WNOHANG);
    if (p <= 0) break;
    if (guard_ && guard_->on_reaped(p, st, t_rel())) continue;  // the guard's exec:CMD helper, not the job's
    if (p == relay_pid_) {  // the stderr relay, not the job's
      relay_pid_ = -1;
      continue;
    }
    job_.exit_status[p] = st;
    if (p == job_.pid) {
      job_.main_status = st;
      job_.main_exit_t = t_rel();
      snap_.ticks_at_exit = snap_.tick_no;
      tree_->set_main_exited(*job_.main_exit_t);
      snap_.pss.exit_seen = true;
      if (guard_) guard_->main_exited();
      auto end = supervise::job_end_from_wait_status(st);
      record_.flush();
      record_.write({{"type", "event"}, {"t_s", *job_.main_exit_t}, {"kind", "main_exit"}, {"pid", job_.pid},
                     {"exited", end.exited}, {"exit_code", end.exited ? json(end.exit_code) : json(nullptr)},
                     {"signal", end.exited ? json(nullptr) : json(end.term_signal)}}, true);
    }
  }
}

void Session::handle_kills(std::vector<monitor::KernelKill> ks) {
  for (auto& k : ks) {
    const monitor::TrackedProc* tp = tracked(k.pid);
    // No /proc pass saw it: the job's when its cgroup says so (run/kill_owner.h); else "unrelated" only when
    // its cgroup proves it, "unknown" when nothing does (a traced fork may still claim it: join_traced_kills).
    const KillOwner owner = !tp && k.pid != job_.pid ? unseen_kill_owner(k, own_cgroup_path()) : KillOwner::job;
    const bool unseen_own = !tp && k.pid != job_.pid && (in_own_memcg(k) || owner == KillOwner::job);
    if (!tp && k.pid != job_.pid && !unseen_own) {  // not shown to be ours: kept only as a note for the verdict
      if (other_kills_.size() < kOtherKillsKept) {
        diagnose::TreeKill o = diagnose::tree_kill_from(k);
        o.role = kill_owner_name(owner);
        other_kills_.push_back(std::move(o));
      }
      continue;
    }
    const double mono = now_s();  // one clock read for both: t_s and mono_s name the same instant
    diagnose::TreeKill tk = tree_kill(diagnose::tree_kill_from(k), tp, mono - job_.t0);
    if (unseen_own) tk.role = "other";  // no /proc pass saw it: neither main nor a known role
    if (job_.own_cgroup && k.constraint == std::optional<std::string>("memcg")) tk.limit_bytes = job_.own_cgroup->limit_bytes;
    snap_.pss.exit_seen = true;
    record_.flush();
    // mono_s: CLOCK_MONOTONIC, comparable with tracefs trace_clock=mono (bench/run_latency.py)
    record_kill(std::move(tk), tp, mono - job_.t0, mono, nullptr);
  }
}

// A memcg OOM of --limit's own cgroup (or of one below it) scans only that cgroup's tasks: its victim is the job's
// even when it lived too briefly for a /proc pass to see it (a subprocess that allocates at once, on a loaded
// machine). The kill line's oom_memcg (`oom-kill:… oom_memcg=/path`, cgroup-relative) names it: the one test of
// cgroup::cgroup_within(), which unseen_kill_owner() makes too.
bool Session::in_own_memcg(const monitor::KernelKill& k) const {
  return k.oom_memcg && cgroup::cgroup_within(own_cgroup_path(), *k.oom_memcg) == true;
}

// The job's own cgroup as the kernel's `oom-kill:` line names it (its directory relative to the hierarchy's mount;
// the directory itself when it is not under it); "" without one.
std::string Session::own_cgroup_path() const {
  if (!job_.own_cgroup) return "";
  return cgroup::path_in_hierarchy(job_.own_cgroup->dir, job_.own_cgroup->hierarchy.mount_point);
}

const monitor::TrackedProc* Session::tracked(int64_t pid) const {
  for (auto& p : tree_->procs())
    if (p.pid == pid) return &p;
  return nullptr;
}

diagnose::TreeKill Session::tree_kill(diagnose::TreeKill tk, const monitor::TrackedProc* tp,
                                      double kill_t_s) const {
  tk.role = tp ? monitor::role_name(tp->role) : "main";
  if (!tp) return tk;
  tk.rank = tp->rank, tk.local_rank = tp->local_rank;
  if (tp->peak_pss_bytes) tk.peak_pss_bytes = tp->peak_pss_bytes;
  if (tp->smaps_t_s) tk.pss_age_s = std::max(0.0, kill_t_s - *tp->smaps_t_s);
  return tk;
}

void Session::record_kill(diagnose::TreeKill tk, const monitor::TrackedProc* tp, double kill_t_s,
                          std::optional<double> mono_s, const json& evidence) {
  json ev = diagnose::tree_kill_to_json(tk);
  ev["type"] = "event";
  ev["t_s"] = kill_t_s;
  if (mono_s) ev["mono_s"] = *mono_s;
  if (!first_kill_t_ || kill_t_s < *first_kill_t_) first_kill_t_ = kill_t_s;
  ev["kind"] = "oom_kill";
  if (!evidence.is_null()) ev["evidence"] = evidence;
  ev["boot_id"] = util::opt(proc::read_boot_id(proc_dir()));
  ev["start_time_ticks"] = tp ? json(tp->start_time_ticks) : json(nullptr);
  record_.write(ev, true);
  kills_.push_back(std::move(tk));
}

void Session::read_signals() {
  signalfd_siginfo si{};
  while (::read(sfd_.get(), &si, sizeof si) == static_cast<ssize_t>(sizeof si)) {
    const int sig = static_cast<int>(si.ssi_signo);
    // Sent on (or not) through control_ (run/job_control.h).
    const SignalRoute r = route_signal(job_, attached(), pty_ != nullptr, sig, si.ssi_code, control_);
    if (r.resize_pty) pty_->resize();
    if (r.stop_linger) stop_linger_ = true;
    if (r.detach_signal) detach_signal_ = r.detach_signal;
    if (!r.recorded) continue;
    if (r.forwarded) forwarded_.push_back({sig, si.ssi_pid > 0 ? std::optional<int64_t>(si.ssi_pid) : std::nullopt});
    json ev = {{"type", "event"}, {"t_s", t_rel()}, {"kind", r.forwarded ? "signal_forwarded" : "signal_not_forwarded"},
               {"signal", sig}, {"sender_pid", si.ssi_pid}};
    if (r.error) ev["error"] = r.error->message();  // English, like the record
    record_.write(ev);
  }
  reap();
}

void Session::pass_stderr_through() {
  char buf[65536];
  ssize_t m = ::read(err_pipe_[0], buf, sizeof buf);
  if (m > 0) {
    if (pass_fd_ >= 0) supervise::write_all(pass_fd_, buf, static_cast<size_t>(m));
    tail_.append(std::string_view(buf, static_cast<size_t>(m)));
  } else if (m == 0 || (errno != EINTR && errno != EAGAIN)) {  // a pty master reads EIO once the job's side is closed
    if (!pty_) ::close(err_pipe_[0]);  // the pty master is JobPty's
    err_pipe_[0] = -1;
  }
}

void Session::loop() {
  tree_.emplace(proc_dir(), ::getpid(), job_.pid);
  record_.follow(&*tree_);
  record_.set_write_interval(o_.write_s);
  if (relay_pid_ > 0) tree_->exclude(relay_pid_);
  if (guard_) {
    guard_->attach(&*tree_, [this] { record_.flush(); });
    wake_at(guard_->due_s());
  }
  snap_.last_cg_oom = cg_oom_before_;
  if (attached()) tree_->set_attached();
  while (true) {
    double t = t_rel();
    if (detach_signal_) break;
    if (job_.main_status && snap_.tick_no > snap_.ticks_at_exit) {  // one tick after the exit finds re-parented orphans
      bool orphans = tree_->live_count() > 0;
      if (!orphans || stop_linger_ || t - *job_.main_exit_t > o_.linger_s) break;
    }
    double wait = std::max(0.0, next_wake() - t);
    pollfd fds[9];
    int n = 0;
    fds[n++] = {sfd_.get(), POLLIN, 0};
    int pidfd_i = -1, err_i = -1, kmsg_i = -1;
    if (job_.pidfd >= 0 && !job_.main_status) { pidfd_i = n; fds[n++] = {job_.pidfd, POLLIN, 0}; }
    if (err_pipe_[0] >= 0) { err_i = n; fds[n++] = {err_pipe_[0], POLLIN, 0}; }
    if (kw_.fd() >= 0) { kmsg_i = n; fds[n++] = {kw_.fd(), POLLIN, 0}; }
    int in_i = -1;  // --capture-tty: what the user types goes to the job's pty
    if (pty_ && pty_->in_fd() >= 0 && !job_.main_status) { in_i = n; fds[n++] = {pty_->in_fd(), POLLIN, 0}; }
    const int wake_i = n;  // the guard's earlier wake-ups (v1 usage thresholds, PSI)
    if (guard_ && !job_.main_status)
      for (auto& w : guard_->wakeup_fds())
        if (n < 9) fds[n++] = {w.fd, w.events, 0};
    // Rounded up to the millisecond: the guard wakes as often as every 10 ms.
    int r = ::poll(fds, static_cast<nfds_t>(n), static_cast<int>(std::ceil(wait * 1000)));
    if (r < 0 && errno != EINTR) break;
    if (r > 0 && (fds[0].revents & POLLIN)) read_signals();
    if (pidfd_i >= 0 && (fds[pidfd_i].revents & (POLLIN | POLLHUP))) reap();
    if (err_i >= 0 && (fds[err_i].revents & (POLLIN | POLLHUP | POLLERR))) pass_stderr_through();
    if (kmsg_i >= 0 && (fds[kmsg_i].revents & POLLIN)) handle_kills(kw_.poll());
    if (in_i >= 0 && (fds[in_i].revents & (POLLIN | POLLHUP | POLLERR))) pty_->forward_input();
    for (int i = wake_i; r > 0 && i < n; ++i)
      if (fds[i].revents) {
        guard_->on_wakeup(fds[i].fd, t_rel());
        wake_at(t_rel());
      }
    t = t_rel();
    if (wake_at_ && t >= *wake_at_) {  // guard wake-up (one-shot), before a tick due at the same time
      wake_at_.reset();
      on_wake(t);
    }
    if (t >= next_tick_) {
      note_gap(t);
      reap();
      tick(t);
      next_tick_ = t + o_.tick_s;
    }
  }
}

void Session::track_tree(double t) {
  std::vector<int> extra;
  if (job_.own_cgroup && !job_.own_cgroup->dir.empty()) extra = cgroup::procs(job_.own_cgroup->dir);
  if (attached() && snap_.tick_no == 0 && !job_.main_status) extra.push_back(job_.pid);  // not a child of ours
  size_t before = tree_->procs().size();
  std::vector<char> was_gone;
  for (auto& p : tree_->procs()) was_gone.push_back(p.gone_s.has_value());
  procs_.settle_unseen(tree_->refresh(t, extra));
  for (size_t i = 0; i < tree_->procs().size(); ++i) {
    auto& p = tree_->procs()[i];
    if (i >= before) note_process_start(p, t);
    // Found and gone in the same refresh (a short-lived child of a
    // fork-heavy job): its start and its exit, so every process_start has
    // a process_exit or is live at the end (issue 21).
    if ((i >= before || !was_gone[i]) && p.gone_s) {
      // Only the exit of a process seen alive re-splits the shared pages
      // in the tree's PSS (a pass is then due), and only when it shared
      // enough to matter; one found already gone never was in it.
      if (i < before && monitor::shared_share_bytes(p) >= monitor::kPssResplitMinBytes) snap_.pss.exit_seen = true;
      note_process_exit(p, t);
    }
  }
  // Gone processes past the bound are forgotten (their events are written):
  // memory and the per-tick cost stay flat however many processes the job forks.
  tree_->forget_gone(kMaxGoneProcs);
}

void Session::read_cgroup(monitor::Sample& s) {
  if (!job_.hierarchy || job_.cgroup_dir.empty()) return;
  // Limits change rarely: walk up the tree for them once a second.
  // memory.stat (the anon/shmem split; costly to generate on v1) every
  // tick only within 25 % of the limit, where the peak matters; else 2 Hz.
  bool with_limit = snap_.tick_no % 10 == 0;
  const bool near = snap_.last.cgroup.limit_bytes && snap_.last.cgroup.usage_bytes &&
                    *snap_.last.cgroup.usage_bytes > *snap_.last.cgroup.limit_bytes / 4 * 3;
  const bool with_stat = near || snap_.tick_no % 5 == 0;
  if (!cg_reader_) cg_reader_.emplace(*job_.hierarchy, job_.cgroup_dir);
  s.cgroup = cg_reader_->read(with_limit, with_stat);
  if (!with_limit && s.cgroup.oom_kill && s.cgroup.oom_kill != snap_.last.cgroup.oom_kill) {
    // A kill since the last tick: read the peak and the cgroup's PSI now
    // (else up to 1 s stale), so the record ends with the peak at the limit
    // and the stall before the kill even when the job dies within a second.
    s.cgroup = cg_reader_->read(true, with_stat);
    with_limit = true;
    snap_.pss.exit_seen = true;
  }
  snap_.stat_read_this_tick = with_stat;
  keep_or_reuse(with_stat, s.cgroup.anon_bytes, snap_.cached_anon);
  keep_or_reuse(with_stat, s.cgroup.shmem_bytes, snap_.cached_shmem);
  keep_or_reuse(with_limit, s.cgroup.limit_bytes, snap_.cached_limit);
  keep_or_reuse(with_limit, s.cgroup.limit_state, snap_.cached_limit_state);
}

// PSS: every pss_min_s, or sooner when the tree's RSS grew by 5 % since the
// last pass and the CPU budget allows (a pass costing c seconds is not
// repeated within c / pss_budget seconds). Some cases may not wait for the
// default budget, and are paced by 5 % of a core instead (issue 13 item 12):
// * the tree's RSS grew by 10 % since the last pass (the last PSS no longer
//   describes it: a short job's workers filling their memory for a second or
//   two would have their peak missed);
// * within 15 % of the cgroup limit, where an OOM kill may be a second away
//   and the last PSS before it is what the peak and the per-worker
//   attribution rest on;
// * a process that joined the tree and was never measured (a DataLoader
//   worker forked after a large parent's pass could otherwise live and die
//   unmeasured, its peak unknown), when its RSS is kPssResplitMinBytes or
//   more (a fork-heavy job's small children wait for the next pass);
// * a process of the tree exited (sharing kPssResplitMinBytes or more) or was killed (an exit, a kernel kill
//   line, the cgroup's oom_kill counter): the pages it shared are now
//   split among fewer processes, so the survivors' PSS rose (a main
//   process whose 4 forked workers exited holds 5 times the anon PSS it had
//   with them: measured 40 -> 185 MiB). The victim is gone: its own last
//   figure stays what it was, with its age (the kill event's pss_age_s);
// * the job's first kShortJobS seconds: passes every kShortJobPssS at most
//   (the default 2 s, or a budget-stretched interval, would leave a 10 s
//   job with a handful of passes, its workers' peak between two of them).
// The whole tree is re-read then, not only the newcomer: a fork changes the
// parent's PSS too, and mixing a pre-fork parent with a post-fork child
// would count the shared pages twice.
void Session::maybe_refresh_pss(monitor::Sample& s, double t) {
  uint64_t rss_now = 0;
  bool unmeasured = false;
  for (auto& p : tree_->procs()) {
    if (p.gone_s) continue;
    if (p.status && p.status->vm_rss_bytes) rss_now += *p.status->vm_rss_bytes;
    if (!p.smaps_tried && p.dirfd && p.status && p.status->vm_rss_bytes &&
        *p.status->vm_rss_bytes >= monitor::kPssResplitMinBytes)
      unmeasured = true;
  }
  const bool near_limit = s.cgroup.limit_bytes && s.cgroup.usage_bytes &&
                          *s.cgroup.usage_bytes > *s.cgroup.limit_bytes / 100 * 85;
  const bool grew = rss_now > snap_.pss.rss_at + snap_.pss.rss_at / 20 && t >= snap_.pss.budget_ok_s;
  const bool stale = rss_now > snap_.pss.rss_at + snap_.pss.rss_at / 10;
  const bool exited = snap_.pss.exit_seen && tree_->live_count() > 0;
  const bool short_job = t < kShortJobS && t >= snap_.pss.short_next_s;
  // The urgent budget is paced by what the next pass will cost: the last
  // pass's CPU time scaled by the RSS it will walk (page tables), so a tree
  // whose 4 workers just exited is re-read at once, not after a wait sized
  // for the 5-process tree (measured: 0.8 s, time enough to record a main
  // process's PSS as a fifth of what it holds).
  const double scale = snap_.pss.rss_at ? std::min(1.0, static_cast<double>(rss_now) / static_cast<double>(snap_.pss.rss_at)) : 1.0;
  // Within 5 % of the limit a kill may come at the next allocation, and the
  // last PSS before it is the kill's figure: paced by a quarter of a core
  // (a 15-40 ms pass every 0.1-0.2 s), only for as long as the job stays
  // there (measured in docs/run.md).
  constexpr double kUrgentBudget = 0.05, kNearKillBudget = 0.25;  // of a core
  const bool near_kill = s.cgroup.limit_bytes && s.cgroup.usage_bytes &&
                         *s.cgroup.usage_bytes > *s.cgroup.limit_bytes / 100 * 95;
  // A newcomer of 8 MiB or more (a DataLoader worker: its memory ramps in
  // its first items) is measured within a tick or two at the same quarter
  // of a core, outside fork churn: at 5 %, a 25 ms pass of the workers
  // forked one tick earlier held off those forked one tick later for
  // 0.5 s, past a short job's whole peak (measured: peak tree anon+shmem
  // PSS 177 MiB, the main process alone, for 4 workers of 96 MiB each).
  // So is a tree whose RSS grew by 10 % since the last pass (workers that
  // filled their memory at once: measured, a 5 % pass 0.8 s later missed
  // the whole 0.3 s peak of 4 workers of 96 MiB each). 10 % a pass bounds
  // these passes to a few dozen over a job's whole growth.
  const bool boost = near_kill || ((unmeasured || stale) && !procs_.churn_mode());
  const double urgent_budget = std::max(o_.pss_budget, boost ? kNearKillBudget : kUrgentBudget);
  const double urgent_ok = snap_.pss.last_t_s + std::max(o_.tick_s, snap_.pss.last_cost_s * scale / urgent_budget);
  // Under fork churn (past the record's rate bound) the tree changes every
  // tick and a pass walks hundreds of short-lived processes: only the
  // default schedule and the limit's nearness make one due (measured on
  // tests/run/fork_heavy.py: 37 passes were 43 % of oomlens's CPU).
  const bool urgent = (near_limit || (!procs_.churn_mode() && (unmeasured || stale || exited || short_job))) && t >= urgent_ok;
  if (t >= snap_.pss.next_s || (grew && !procs_.churn_mode()) || urgent) {
    // The budget is CPU time (this thread's), not wall time: a pass that
    // waits on a busy process's mmap lock or on a loaded machine costs
    // oomlens nothing, and must not push the next pass minutes away.
    double c0 = thread_cpu_s();
    s.racy = !tree_->refresh_smaps(t);
    double cost = std::min(thread_cpu_s() - c0, 0.3);  // at most 0.3 / pss_budget s between passes
    ++snap_.pss.passes;
    snap_.pss.cpu_s += thread_cpu_s() - c0;
    // The cgroup's anon+shmem beside this pass (monitor::pss_stale): read
    // now when this tick's is the cached one (memory.stat is read at 2 Hz
    // away from the limit).
    // Its usage is read again after the walk: the tick's was read before
    // it, and a fast ramp charges tens of MiB during a 40 ms pass.
    snap_.pss.cg_usage_at.reset();
    if (cg_reader_) {
      const auto c = cg_reader_->read(false, !snap_.stat_read_this_tick);
      if (!snap_.stat_read_this_tick) {
        s.cgroup.anon_bytes = snap_.cached_anon = c.anon_bytes;
        s.cgroup.shmem_bytes = snap_.cached_shmem = c.shmem_bytes;
      }
      snap_.pss.cg_usage_at = c.usage_bytes;
    }
    snap_.pss.cg_anon_shmem_at.reset();
    if (s.cgroup.anon_bytes && s.cgroup.shmem_bytes) snap_.pss.cg_anon_shmem_at = *s.cgroup.anon_bytes + *s.cgroup.shmem_bytes;
    s.pss_fresh = true;
    record_.pss_passed();
    snap_.pss.rss_at = rss_now;
    snap_.pss.exit_seen = s.racy;  // racy: measure again as soon as the urgent budget allows
    snap_.pss.last_t_s = t;
    snap_.pss.last_cost_s = cost;
    snap_.pss.budget_ok_s = t + std::max(o_.tick_s * 5, cost / o_.pss_budget);
    snap_.pss.next_s = t + std::max(o_.pss_min_s, cost / o_.pss_budget);
    snap_.pss.short_next_s = t + std::min(o_.pss_min_s, kShortJobPssS);
  }
}

// Into the record's ring (run/run_record.h); a sample written on the 1 Hz
// schedule is also kept, a second apart, for the last minute's growth rate.
void Session::queue_sample(const monitor::Sample& s, double t) {
  if (record_.add_sample(s, t, snap_.last_cg_oom)) {
    if (snap_.minute.empty() || t - snap_.minute.back().t_s >= 1.0) snap_.minute.push_back(s);
    while (!snap_.minute.empty() && t - snap_.minute.front().t_s > 60) snap_.minute.erase(snap_.minute.begin());
  }
  if (s.cgroup.oom_kill) snap_.last_cg_oom = s.cgroup.oom_kill;
}

void Session::note_gap(double t) {
  const std::optional<double> last = snap_.last_tick_t;
  snap_.last_tick_t = t;
  if (!last || t - *last <= std::max(1.0, kGapTicks * o_.tick_s)) return;
  const double gap = t - *last;
  ++snap_.gaps;
  snap_.longest_gap_s = std::max(snap_.longest_gap_s, gap);
  record_.write({{"type", "event"}, {"t_s", t}, {"kind", "sample_gap"}, {"from_t_s", *last}, {"gap_s", gap},
                 {"interval_s", o_.tick_s}});
}

void Session::tick(double t) {
  drain_taskstats(t);  // before /proc: an exit read now was never found, or is found gone now
  tree_->set_second_sighting(procs_.update_churn_mode(t));
  track_tree(t);
  monitor::Sample s;
  s.t_s = t;
  read_cgroup(s);
  maybe_refresh_pss(s, t);
  s.tree = monitor::tree_totals(tree_->procs(), t);
  s.tree.rss_at_pss_bytes = snap_.pss.rss_at;
  s.tree.cgroup_anon_shmem_at_pss_bytes = snap_.pss.cg_anon_shmem_at;
  s.tree.cgroup_usage_at_pss_bytes = snap_.pss.cg_usage_at;
  // /dev/shm as the job sees it (its own mount namespace: /proc/PID/root),
  // every tick: PyTorch's segments come and go faster than once a second.
  const std::string shm_dir = job_.main_status ? join_root(o_.proc_root, "dev/shm")
                                               : join_root(proc_dir(), fmt::format("{}/root/dev/shm", job_.pid));
  if (snap_.tick_no % 10 == 0) {
    snap_.sys = monitor::read_system_sample(proc_dir(), shm_dir);
    if (!job_.main_status)
      if (auto l = proc::read_pid_limits(job_.pid, proc_dir())) snap_.rlimits = *l;
  } else {
    monitor::read_shm_usage(shm_dir, &snap_.sys);
  }
  ++snap_.tick_no;
  if (!job_.main_status) {  // the job's own /dev/shm: kept for the verdict once it has gone
    snap_.job_shm_size_bytes = snap_.sys.shm_size_bytes;
    snap_.job_shm_used_bytes = snap_.sys.shm_used_bytes;
    if (snap_.sys.shm_used_bytes && (!snap_.shm_peak_used_bytes || *snap_.sys.shm_used_bytes > *snap_.shm_peak_used_bytes))
      snap_.shm_peak_used_bytes = snap_.sys.shm_used_bytes;
  }
  s.system = snap_.sys;
  snap_.peaks.update(s);
  queue_sample(s, t);
  on_sample(s);  // guard seam: the complete sample, already queued/written
  snap_.last = s;
  write_churn(t, false);
}

// After the loop: the last samples, a late kill line, the orphans left.
void Session::after_loop() {
  end_t_ = t_rel();
  record_.flush();
  // The kill line is printed after the signal is sent: give it a moment.
  end_ = supervise::job_end_from_wait_status(job_.main_status.value_or(0));
  if (((!end_.exited && end_.term_signal == SIGKILL) || !job_.main_status_known) && job_.main_status && kmsg_ok_) {
    for (int i = 0; i < 10 && kills_.empty(); ++i) {
      ::usleep(50 * 1000);
      handle_kills(kw_.poll());
    }
  }
  drain_taskstats(end_t_);
  write_churn(end_t_, true);
  size_t left = tree_->live_count();
  record_.write({{"type", "event"}, {"t_s", end_t_}, {"kind", left ? "orphans_left" : "tree_gone"},
                 {"live_procs", left},
                 {"main_exit_t_s", job_.main_exit_t ? json(*job_.main_exit_t) : json(nullptr)},
                 {"pss_passes", snap_.pss.passes}, {"pss_cpu_s", std::round(snap_.pss.cpu_s * 1000) / 1000}});
}

}  // namespace oomlens::run
