// `oomlens run`: cleanup, joining kernel reports, the verdict and the
// summary, then ending like the job (see session_state.h).
#include <dirent.h>
#include <poll.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include <fmt/core.h>

#include "diagnose/verdict_json.h"
#include "util/i18n.h"
#include "util/json_opt.h"
#include "util/units.h"
#include "guard/budget.h"
#include "logsource/journal_daemons.h"
#include "render/record_text.h"
#include "run/session_state.h"
#include "run/verdict_input.h"
#include "diagnose/killer_daemon.h"

namespace oomlens::run {

using nlohmann::json;

namespace {

using util::opt;

// A userspace killer's journal line naming a process of the tree (or, for
// systemd-oomd, the job's cgroup or an ancestor), logged during the run.
// No readable journal: nullopt, and the running-daemon fallback stays.
std::optional<diagnose::DaemonKill> daemon_kill_in_journal(double run_s, const std::vector<int>& pids,
                                                           const std::vector<std::string>& cgroups) {
  timespec ts{};
  ::clock_gettime(CLOCK_REALTIME, &ts);
  uint64_t now_us = static_cast<uint64_t>(ts.tv_sec) * 1000000u + static_cast<uint64_t>(ts.tv_nsec) / 1000u;
  uint64_t span_us = static_cast<uint64_t>((run_s + 2.0) * 1e6);  // 2 s of slack for clock steps
  auto got = read_killer_daemon_messages(now_us > span_us ? now_us - span_us : 0, now_us + 1000000u);
  if (!got.read) return std::nullopt;
  std::vector<diagnose::DaemonKill> kills;
  std::vector<std::string> nohang;
  for (auto& m : got.messages) {
    if (m.identifier == "earlyoom") {
      if (auto k = diagnose::parse_earlyoom_line(m.message)) kills.push_back(std::move(*k));
    } else if (m.identifier == "systemd-oomd") {
      if (auto k = diagnose::parse_oomd_line(m.message)) kills.push_back(std::move(*k));
    } else if (m.identifier == "nohang") {
      nohang.push_back(m.message);
    }
  }
  for (auto& k : diagnose::parse_nohang_lines(nohang)) kills.push_back(std::move(k));
  return diagnose::kill_of_job(kills, pids, cgroups);
}

// oomlens's own thread ids (/proc/self/task): the trace names the sending thread.
std::vector<int64_t> own_tids() {
  std::vector<int64_t> tids;
  if (DIR* d = ::opendir("/proc/self/task")) {
    while (dirent* e = ::readdir(d))
      if (e->d_name[0] >= '0' && e->d_name[0] <= '9') tids.push_back(std::strtoll(e->d_name, nullptr, 10));
    ::closedir(d);
  }
  return tids;
}

// The sender's command line, while it still runs as the traced comm (a
// reused pid would show another comm); nullopt otherwise.
std::optional<std::string> sender_cmdline(int64_t pid, const std::string& comm, const std::string& proc_dir) {
  if (comm.empty()) return std::nullopt;
  auto c = proc::read_comm(static_cast<int>(pid), proc_dir);
  if (!c || *c != comm) return std::nullopt;
  std::string cmd = proc::read_cmdline(static_cast<int>(pid), proc_dir);
  if (cmd.empty()) return std::nullopt;
  return cmd;
}

}  // namespace

// Step 9b: the signal trace, read once now that the job is dead, then the
// instance removed (before the verdict, which may end oomlens by a signal).
void Session::read_signal_trace() {
  if (!sig_trace_.is_open()) return;
  auto events = sig_trace_.read();
  sig_trace_.close();
  if (!events) {
    sig_trace_status_ = sig_trace_.status();
    return;
  }
  join_traced_kills(sig_trace_.mark_victims());
  tree_signals_ = traced_tree_signals(*events);
  if (!job_.main_status_known || !job_.main_status || end_.exited) return;
  diagnose::SenderQuery q;
  q.main_pid = job_.pid;
  q.sig = end_.term_signal;
  if (sig_trace_.mono_clock()) {
    q.from_s = job_.t0;  // CLOCK_MONOTONIC, the trace clock `mono`
    q.to_s = job_.t0 + job_.main_exit_t.value_or(end_t_);
  }
  q.oomlens_pid = ::getpid();
  q.oomlens_tids = own_tids();
  q.forwarded = forwarded_;
  signal_sender_ = diagnose::choose_signal_sender(*events, q);
  if (signal_sender_ && (signal_sender_->kind == "process" || signal_sender_->kind == "self"))
    signal_sender_->cmdline = sender_cmdline(signal_sender_->pid, signal_sender_->comm, proc_dir());
}

// The OOM killer's victims from oom:mark_victim in the same buffer (issue
// 16): each kill of the job's tree that the kernel log named gets the
// victim's figures at the kill; one it did not name (log unreadable, ring
// overwritten, line lost) becomes a kill of its own, written to the record
// as an `oom_kill` event whose `evidence` says where it came from. A mark
// without the kernel's SIGKILL before it is an exiting task, not a kill.
void Session::join_traced_kills(const std::vector<trace::MarkVictim>& victims) {
  for (const auto& v : victims) {
    if (v.signal == trace::KillSignal::absent) continue;
    const monitor::TrackedProc* tp = tracked(v.pid);
    if (!tp && v.pid != job_.pid) continue;  // not ours (other_kills_ come from the log)
    const bool on_mono = sig_trace_.mono_clock() && v.ts_s;
    const double kill_t_s = on_mono ? *v.ts_s - job_.t0 : t_rel();  // the kill's own time on CLOCK_MONOTONIC, else now
    auto it = std::find_if(kills_.begin(), kills_.end(), [&](const diagnose::TreeKill& k) { return k.pid == v.pid; });
    const bool known = it != kills_.end();
    diagnose::TreeKill fresh;
    if (!known) {
      fresh.pid = v.pid;
      fresh.comm = v.comm.value_or(tp ? tp->comm : std::string());
      fresh = tree_kill(std::move(fresh), tp, kill_t_s);
    }
    diagnose::TreeKill& k = known ? *it : fresh;
    k.traced = true;
    if (!k.anon_rss_bytes) k.anon_rss_bytes = kb_to_bytes(v.anon_rss_kb);
    k.file_rss_bytes = kb_to_bytes(v.file_rss_kb);
    k.shmem_rss_bytes = kb_to_bytes(v.shmem_rss_kb);
    k.total_vm_bytes = kb_to_bytes(v.total_vm_kb);
    k.pgtables_bytes = kb_to_bytes(v.pgtables_kb);
    k.oom_score_adj = v.oom_score_adj;
    // The tracepoint prints no constraint: limit_bytes stays null (unknown).
    if (!known) record_kill(std::move(fresh), tp, kill_t_s, on_mono ? v.ts_s : std::nullopt, json::array({"oom:mark_victim"}));
  }
}

// Item 3 of issue 13: a program's or worker's death by a fatal signal,
// from the same trace (SIGKILL first: a kill cannot be caught). Only
// processes seen gone; the window is the run's.
std::vector<diagnose::TreeSignal> Session::traced_tree_signals(const std::vector<trace::SignalGenerate>& events) const {
  std::vector<diagnose::TreeSignal> out;
  for (auto& p : tree_->procs()) {
    if ((p.role != monitor::Role::program && p.role != monitor::Role::worker) || !p.gone_s) continue;
    std::vector<int> sigs;
    for (auto& e : events)
      if (e.target_pid == p.pid && std::find(sigs.begin(), sigs.end(), e.sig) == sigs.end()) sigs.push_back(e.sig);
    if (sigs.empty()) continue;
    diagnose::SenderQuery q;
    q.main_pid = p.pid;
    q.sig = std::find(sigs.begin(), sigs.end(), SIGKILL) != sigs.end() ? SIGKILL : sigs.back();
    if (sig_trace_.mono_clock()) {
      q.from_s = job_.t0 + p.first_seen_s - 1;  // seen up to a tick after it started
      q.to_s = job_.t0 + *p.gone_s;
    }
    q.oomlens_pid = ::getpid();
    q.oomlens_tids = own_tids();
    auto s = diagnose::choose_signal_sender(events, q);
    if (!s) continue;
    if (s->kind == "process") s->cmdline = sender_cmdline(s->pid, s->comm, proc_dir());
    out.push_back({p.pid, monitor::role_name(p.role), p.comm, p.rank, p.local_rank, std::move(*s)});
    if (out.size() >= 16) break;  // a record, not a log
  }
  return out;
}

std::optional<diagnose::DaemonKill> Session::logged_daemon_kill() const {
  std::vector<int> pids{job_.pid};
  for (auto& p : tree_->procs()) pids.push_back(p.pid);
  std::vector<std::string> cgroups;
  if (!job_.cgroup_dir.empty()) cgroups.push_back(job_.cgroup_dir);
  return daemon_kill_in_journal(t_rel(), pids, cgroups);
}

// Step 8: cleanup. The cgroup's leftovers are killed (they are ours).
void Session::cleanup() {
  cg_oom_after_ = snap_.last_cg_oom;
  if (job_.own_cgroup && !job_.own_cgroup->dir.empty()) {
    cg_oom_after_ = cgroup::oom_kill_count(job_.own_cgroup->hierarchy.version, job_.own_cgroup->dir);
    // A systemd-run scope is systemd's: it goes when empty (--collect).
    if (!job_.own_cgroup->via_systemd_run) {
      if (const size_t left = cgroup::procs(job_.own_cgroup->dir).size(); left > 0) leftover_killed_ = left;
      auto r = cgroup::kill_and_remove(job_.own_cgroup->dir, 10000);
      if (!r) notes_.push_back(r.error().message());
    }
  }
  drain_stderr();
  if (pty_) supervise::JobPty::restore();  // before the summary is printed
  handle_kills(kw_.poll());
}

// The job's last stderr bytes, before the summary. Through the relay: its
// copy until it ends (the job's last writer closed the pipe), for 1 s at
// most (an orphan outside --limit's cgroup may hold the pipe for longer).
void Session::drain_stderr() {
  if (err_pipe_[0] < 0) return;
  ::fcntl(err_pipe_[0], F_SETFL, O_NONBLOCK);
  const double until = now_s() + (relay_pid_ > 0 && !pty_ ? 1.0 : 0.0);
  char buf[65536];
  while (true) {
    const ssize_t m = ::read(err_pipe_[0], buf, sizeof buf);
    if (m > 0) {
      if (pass_fd_ >= 0) supervise::write_all(pass_fd_, buf, static_cast<size_t>(m));
      tail_.append(std::string_view(buf, static_cast<size_t>(m)));
      continue;
    }
    if (m < 0 && errno == EINTR) continue;
    const double left = until - now_s();
    if (m == 0 || errno != EAGAIN || left <= 0) break;
    pollfd pfd{err_pipe_[0], POLLIN, 0};
    (void)::poll(&pfd, 1, static_cast<int>(left * 1000) + 1);
  }
  if (!pty_) ::close(err_pipe_[0]);  // the pty master is JobPty's
  err_pipe_[0] = -1;
}

// Step 9: join full kernel reports (from the scanner) to the kills.
void Session::join_kernel_reports() {
  for (auto& ev : kw_.finish()) {
    if (!ev.kmsg_seq || (kw_.start_seq() && *ev.kmsg_seq <= *kw_.start_seq())) continue;
    for (auto& v : ev.victims)
      for (auto& k : kills_)
        if (k.pid == v.pid) {
          k.full_report = true;
          if (ev.memcg && ev.memcg->limit_bytes) k.limit_bytes = ev.memcg->limit_bytes;
          if (ev.memcg && ev.memcg->oom_memcg) k.oom_memcg = ev.memcg->oom_memcg;
          if (v.anon_rss_bytes) k.anon_rss_bytes = v.anon_rss_bytes;
        }
  }
}

// Step 10: the verdict; step 11: the summary; then end like the job.
void Session::decide_and_end() {
  const supervise::JobEnd& end = end_;
  diagnose::VerdictInput vi;
  vi.main_pid = job_.pid;
  vi.tree_signals = tree_signals_;
  vi.exited = end.exited;
  vi.exit_code = end.exit_code;
  vi.term_signal = end.term_signal;
  vi.core_dumped = end.core_dumped;
  vi.exit_status_known = job_.main_status_known;
  vi.still_running = attached() && !job_.main_status && detach_signal_ != 0;
  vi.detach_signal = detach_signal_;
  vi.kernel_kills = kills_;
  vi.other_kills = other_kills_;
  vi.cgroup_is_jobs_own = job_.own_cgroup.has_value();  // --limit (or its systemd-run scope): the job's alone
  vi.kernel_log_readable = kmsg_ok_;
  vi.kernel_log_error = kw_.error();
  if (cg_oom_before_ && cg_oom_after_) vi.cgroup_oom_kill_delta = *cg_oom_after_ - *cg_oom_before_;
  auto vm_after = vmstat_oom_kill(proc_dir());
  if (vm_oom_before_ && vm_after) vi.vmstat_oom_kill_delta = *vm_after - *vm_oom_before_;
  if (!job_.cgroup_dir.empty()) vi.cgroup_dir = job_.cgroup_dir;
  if (job_.own_cgroup) vi.limit_bytes = job_.own_cgroup->limit_bytes;
  else if (snap_.last.cgroup.limit_bytes) vi.limit_bytes = snap_.last.cgroup.limit_bytes;
  if ((!job_.main_status_known || (!end.exited && (end.term_signal == SIGKILL || end.term_signal == SIGTERM))) &&
      kills_.empty() && !vi.still_running)
  {
    vi.killer_daemons = running_killer_daemons(proc_dir());
    vi.daemon_kill = logged_daemon_kill();
  }
  if (guard_) {
    // The guard's action, when it did something (guard/runner.h verdict_json).
    const json gj = guard_->verdict_json();
    const json& a = gj["action"];
    if (a.is_object() && a.contains("action") && a["action"].value("done", false)) {
      diagnose::GuardStop g;
      g.action = a["action"].value("action", std::string());
      g.signal = a["action"].value("signal", 0);
      g.t_s = a.value("t_s", 0.0);
      g.trigger = a.value("trigger", std::string());
      g.used_fraction = a.value("used_fraction", 0.0);
      g.working_set_bytes = a.value("working_set_bytes", uint64_t{0});
      g.effective_limit_bytes = a.value("effective_limit_bytes", uint64_t{0});
      g.escalated = gj.value("stage", std::string()) == "escalated";
      vi.guard_stop = g;
    }
  }
  vi.signal_sender = signal_sender_;
  vi.signal_trace = sig_trace_status_;
  vi.stderr_tail = tail_.text();
  // The job's /dev/shm as last seen while the main process ran (its mount namespace).
  vi.shm_used_bytes = snap_.job_shm_used_bytes;
  vi.leftover_killed = leftover_killed_;
  vi.shm_size_bytes = snap_.job_shm_size_bytes;
  vi.shm_peak_used_bytes = snap_.shm_peak_used_bytes;
  vi.rlimit_as_bytes = snap_.rlimits.as_soft_bytes;
  vi.rlimit_data_bytes = snap_.rlimits.data_soft_bytes;
  vi.held_bytes = snap_.peaks.tree_pss_bytes();
  add_tree_to_verdict(tree_->procs(), job_.main_exit_t, first_kill_t_, vi);
  auto verdict = diagnose::decide_verdict(vi);

  json vj = diagnose::verdict_to_json(verdict);
  vj["t_s"] = t_rel();
  vj["main_pid"] = job_.pid;
  const bool known = job_.main_status_known && job_.main_status.has_value();
  vj["exit"] = {{"exited", known ? json(end.exited) : json(nullptr)},
                {"exit_code", known && end.exited ? json(end.exit_code) : json(nullptr)},
                {"signal", known && !end.exited ? json(end.term_signal) : json(nullptr)},
                {"signal_name", known && !end.exited ? json(diagnose::signal_name(end.term_signal)) : json(nullptr)},
                {"core_dumped", known && end.core_dumped}, {"shell_status", known ? json(supervise::shell_status(end)) : json(nullptr)},
                {"known", known}};
  vj["attached"] = attached();
  json kj = json::array();
  for (auto& k : kills_) kj.push_back(diagnose::tree_kill_to_json(k));
  vj["kernel_kills"] = kj;
  const std::optional<monitor::TreeTotals>& at_pss_peak = snap_.peaks.tree_pss_peak;
  vj["peak"] = {{"tree_pss_bytes", opt(snap_.peaks.tree_pss_bytes())},
                {"tree_pss_t_s", snap_.peaks.tree_pss_bytes() ? json(snap_.peaks.tree_pss_t_s) : json(nullptr)},
                {"tree_pss_file_bytes", at_pss_peak ? opt(at_pss_peak->pss_file_bytes) : json(nullptr)},
                {"tree_pss_age_s", at_pss_peak && at_pss_peak->pss_age_s ? json(std::round(*at_pss_peak->pss_age_s * 10) / 10)
                                                                         : json(nullptr)},
                {"tree_anon_shmem_pss_bytes", opt(snap_.peaks.tree_anon_shmem_pss_bytes)},
                {"cgroup_usage_bytes", opt(snap_.peaks.cgroup_usage_bytes)},
                {"cgroup_anon_shmem_bytes", opt(snap_.peaks.cgroup_anon_shmem_bytes)},
                {"tree_pss_stale", snap_.peaks.tree_pss_bytes() ? json(snap_.peaks.tree_pss_stale()) : json(nullptr)},
                {"memory_peak_t_s", opt(snap_.peaks.memory_peak_t_s)},
                {"pss_age_at_memory_peak_s", snap_.peaks.pss_age_at_memory_peak_s
                                                 ? json(std::round(*snap_.peaks.pss_age_at_memory_peak_s * 10) / 10)
                                                 : json(nullptr)}};
  // The main process and the kMaxVerdictProcs - 1 largest others, in the
  // tree's order (first seen first).
  const auto& all = tree_->procs();
  std::vector<size_t> order(all.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  if (order.size() > kMaxVerdictProcs) {
    auto larger = [&](size_t a, size_t b) {
      const bool ma = all[a].role == monitor::Role::main, mb = all[b].role == monitor::Role::main;
      if (ma != mb) return ma;
      if (all[a].peak_pss_bytes != all[b].peak_pss_bytes) return all[a].peak_pss_bytes > all[b].peak_pss_bytes;
      return all[a].peak_rss_bytes > all[b].peak_rss_bytes;
    };
    std::nth_element(order.begin(), order.begin() + kMaxVerdictProcs, order.end(), larger);
    order.resize(kMaxVerdictProcs);
    std::sort(order.begin(), order.end());
  }
  vj["procs_dropped"] = tree_->forgotten() + (all.size() - order.size());
  vj["process_accounting"] = process_accounting_json();
  json procs = json::array();
  for (size_t i : order) {
    const auto& p = all[i];
    auto it = job_.exit_status.find(p.pid);
    json pe = {{"pid", p.pid}, {"role", monitor::role_name(p.role)}, {"comm", p.comm}, {"cmdline", p.cmdline},
               {"peak_pss_bytes", p.peak_pss_bytes ? json(p.peak_pss_bytes) : json(nullptr)},
               {"peak_pss_t_s", p.peak_pss_bytes ? json(p.peak_pss_t_s) : json(nullptr)},
               {"peak_rss_bytes", p.peak_rss_bytes ? json(p.peak_rss_bytes) : json(nullptr)},
               {"peak_uss_bytes", p.peak_private ? json(p.peak_private->uss_bytes) : json(nullptr)},
               {"first_seen_s", p.first_seen_s}, {"gone_s", opt(p.gone_s)}, {"orphaned", p.orphaned},
               {"rank", opt(p.rank)}, {"local_rank", opt(p.local_rank)},
               {"wait_status", it == job_.exit_status.end() ? json(nullptr) : json(it->second)}};
    procs.push_back(std::move(pe));
  }
  vj["procs"] = procs;
  if (o_.sites) {
    std::map<int, std::string> roles;
    for (auto& p : tree_->procs()) roles[p.pid] = monitor::role_name(p.role);
    roles[job_.pid] = "main";  // also when it ended before the first tick saw it
    sites_.add_to_verdict(vj, roles);
  }
  std::optional<double> growth;
  if (snap_.minute.size() >= 2 && snap_.minute.back().tree.pss_bytes && snap_.minute.front().tree.pss_bytes &&
      snap_.minute.back().t_s - snap_.minute.front().t_s >= 5) {
    double dt = snap_.minute.back().t_s - snap_.minute.front().t_s;
    if (dt > 0)
      growth = (static_cast<double>(*snap_.minute.back().tree.pss_bytes) -
                static_cast<double>(*snap_.minute.front().tree.pss_bytes)) / dt;
  }
  vj["growth_bytes_per_s"] = opt(growth);
  // The job's /dev/shm (in its mount namespace): size, peak use while it ran, use at the end.
  vj["shm"] = {{"size_bytes", opt(snap_.job_shm_size_bytes)}, {"peak_used_bytes", opt(snap_.shm_peak_used_bytes)},
               {"used_bytes", opt(snap_.job_shm_used_bytes)}};
  vj["rlimits"] = {{"as_bytes", opt(snap_.rlimits.as_soft_bytes)}, {"data_bytes", opt(snap_.rlimits.data_soft_bytes)}};
  vj["limit_bytes"] = opt(vi.limit_bytes);
  vj["headroom_bytes"] = vi.limit_bytes && snap_.peaks.cgroup_usage_bytes && *vi.limit_bytes >= *snap_.peaks.cgroup_usage_bytes
                             ? json(*vi.limit_bytes - *snap_.peaks.cgroup_usage_bytes) : json(nullptr);
  vj["kernel_log_readable"] = kmsg_ok_;
  vj["signal_trace"] = sig_trace_status_;
  if (snap_.gaps > 0)
    notes_.push_back(fmt::format(N_("oomlens took no sample {} time(s), for up to {:.1f} s (it was stopped or starved "
                                    "of CPU): see the record's sample_gap events"),
                                 snap_.gaps, snap_.longest_gap_s));
  for (auto& n : kw_.notes()) notes_.push_back(n);
  if (record_.error()) notes_.push_back(*record_.error());
  vj["notes"] = notes_;
  if (guard_) vj["guard"] = guard_->verdict_json();
  // --budget (guard/budget.h): always recorded; a successful job over it
  // makes oomlens exit 3, a failing job keeps its own status.
  std::optional<guard::BudgetOutcome> budget;
  if (o_.guard.budget_bytes) {
    budget = guard::decide_budget(*o_.guard.budget_bytes, snap_.peaks.tree_pss_bytes(),
                                  snap_.peaks.tree_pss_bytes() ? std::optional(snap_.peaks.tree_pss_t_s) : std::nullopt,
                                  end.exited && end.exit_code == 0);
    vj["budget"] = guard::budget_json(*budget);
    if (budget->exceeded) {
      json ev = guard::budget_json(*budget);
      ev["type"] = "event";
      ev["t_s"] = t_rel();
      ev["kind"] = "budget_exceeded";
      record_.write(ev, true);
    }
  }
  record_.write(vj, true);
  if (o_.verdict_json_path) {
    monitor::RecordWriter vw;
    if (auto e = vw.open(*o_.verdict_json_path)) supervise::say(*e);
    else vw.write(vj, true);
  }

  if (record_.regular())  // a FIFO cannot be read back
    if (auto r = monitor::read_record(record_.path())) {
      std::string text = render::record_summary(*r, o_.sparkline);
      supervise::write_all(2, text.data(), text.size());
    }
  sfd_.reset();
  if (attached() && !known) {
    // --pid without a seen wait status: detached by a signal, die of it
    // like any tool interrupted; a kernel OOM kill of the main process is
    // a SIGKILL death; otherwise the verdict is the answer and oomlens
    // exits 0 (docs/run.md, "--pid").
    supervise::JobEnd e;
    e.exited = true;
    if (vi.still_running) {
      e.exited = false;
      e.term_signal = detach_signal_;
    } else if (verdict.cause == "oom_killed" && verdict.confidence == "high") {
      e.exited = false;
      e.term_signal = SIGKILL;
    }
    supervise::end_like(e);
  }
  if (budget && budget->exceeded)
    supervise::say(trf("over budget: peak tree PSS {:.1f} MiB at {:.1f} s exceeded --budget {:.1f} MiB by {:.1f} MiB{}",
                    static_cast<double>(*budget->peak_tree_pss_bytes) / 1048576.0, budget->peak_t_s.value_or(0),
                    static_cast<double>(budget->budget_bytes) / 1048576.0,
                    static_cast<double>(budget->over_bytes) / 1048576.0,
                    budget->exit_code ? trf("; exiting {} instead of 0", *budget->exit_code)
                                      : std::string(tr("; the job's own failure status is kept"))));
  supervise::JobEnd final_end = end;
  if (budget && budget->exit_code) final_end.exit_code = *budget->exit_code;
  // The guard stopped the job: not a success, and not the job's own
  // failure either. EX_TEMPFAIL (75): retry with more memory. A scheduler
  // must not count a job stopped at step 0 as done (--keep-job-status: the
  // job's own status).
  if (verdict.cause == "stopped_by_guard" && !o_.guard.keep_job_status) {
    supervise::say(trf("the guard stopped the job: exiting {} (EX_TEMPFAIL) instead of the job's own status ({}); "
            "--keep-job-status keeps it", kExitGuardStopped, supervise::shell_status(end)));
    final_end = supervise::JobEnd{};
    final_end.exited = true;
    final_end.exit_code = kExitGuardStopped;
  }
  supervise::end_like(final_end);
}

}  // namespace oomlens::run
