// `oomlens run`: cleanup, joining kernel reports, the verdict and the
// summary, then ending like the job (see session_state.h).
#include <dirent.h>
#include <poll.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "logsource/journal_daemons.h"
#include "render/record_text.h"
#include "run/job_control.h"
#include "run/session_state.h"
#include "run/run_end.h"
#include "run/traced_kills.h"
#include "run/verdict_input.h"
#include "diagnose/killer_daemon.h"

namespace oomlens::run {

using nlohmann::json;

namespace {

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
// The job's victims: a kill the log already gave it (kills_, whether or not
// a /proc pass saw the process), a process a pass saw, the main process, or
// one the job started that no pass saw, whose exit by SIGKILL taskstats
// counted (role "other", taken from other_kills_ when the log named it
// there: run/traced_kills.h). Any other victim is not the job's.
void Session::join_traced_kills(const std::vector<trace::MarkVictim>& victims) {
  for (const auto& v : victims) {
    if (v.signal == trace::KillSignal::absent) continue;
    auto it = std::find_if(kills_.begin(), kills_.end(), [&](const diagnose::TreeKill& k) { return k.pid == v.pid; });
    if (it != kills_.end()) {
      add_traced_figures(*it, v);
      continue;
    }
    const monitor::TrackedProc* tp = tracked(v.pid);
    const bool unseen = !tp && v.pid != job_.pid && v.pid > 0 &&
                        procs_.unseen_sigkilled(static_cast<uint32_t>(v.pid), v.comm);
    if (!tp && v.pid != job_.pid && !unseen) continue;  // not ours (other_kills_ come from the log)
    const bool on_mono = sig_trace_.mono_clock() && v.ts_s;
    const double kill_t_s = on_mono ? *v.ts_s - job_.t0 : t_rel();  // the kill's own time on CLOCK_MONOTONIC, else now
    diagnose::TreeKill fresh;
    if (unseen) {
      auto logged = std::find_if(other_kills_.begin(), other_kills_.end(),
                                 [&](const diagnose::TreeKill& k) { return k.pid == v.pid; });
      std::optional<diagnose::TreeKill> from_log;
      if (logged != other_kills_.end()) {
        from_log = std::move(*logged);
        other_kills_.erase(logged);
      }
      fresh = unseen_traced_kill(v, std::move(from_log));
    } else {
      fresh.pid = v.pid;
      fresh.comm = v.comm.value_or(tp ? tp->comm : std::string());
      fresh = tree_kill(std::move(fresh), tp, kill_t_s);
      add_traced_figures(fresh, v);
    }
    record_kill(std::move(fresh), tp, kill_t_s, on_mono ? v.ts_s : std::nullopt, json::array({"oom:mark_victim"}));
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
  if (auto e = end_own_cgroup(job_, control_)) {  // run/job_control.h
    cg_oom_after_ = e->oom_kill;
    leftover_killed_ = e->leftover_killed;
    if (e->error) notes_.push_back(e->error->message());
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

// Step 10: what the verdict reads, gathered now that the job is dead
// (run/run_end.h).
EndFacts Session::gather_end_facts() {
  EndFacts f;
  f.t_s = t_rel();
  f.end = end_;
  f.attached = attached();
  f.budget_bytes = o_.guard.budget_bytes;
  f.keep_job_status = o_.guard.keep_job_status;
  f.detach_signal = detach_signal_;
  f.kernel_kills = kills_;
  f.other_kills = other_kills_;
  f.first_kill_t = first_kill_t_;
  f.procs = tree_->procs();
  f.procs_forgotten = tree_->forgotten();
  f.process_accounting = process_accounting_json();
  f.stderr_tail = tail_.text();
  f.leftover_killed = leftover_killed_;
  f.kernel_log_readable = kmsg_ok_;
  f.kernel_log_error = kw_.error();
  f.kernel_log_notes = kw_.notes();
  f.record_error = record_.error();
  f.notes = notes_;
  f.signal_trace = sig_trace_status_;
  f.tree_signals = tree_signals_;
  f.signal_sender = signal_sender_;
  f.cg_oom_before = cg_oom_before_;
  f.cg_oom_after = cg_oom_after_;
  f.vm_oom_before = vm_oom_before_;
  f.vm_oom_after = proc::read_vmstat_oom_kill(proc_dir());
  if (asks_about_killer_daemons(f, job_)) {
    f.killer_daemons = running_killer_daemons(proc_dir());
    f.daemon_kill = logged_daemon_kill();
  }
  if (guard_) f.guard = guard_->verdict_json();
  if (o_.sites) {
    std::map<int, std::string> roles;
    for (auto& p : tree_->procs()) roles[p.pid] = monitor::role_name(p.role);
    roles[job_.pid] = "main";  // also when it ended before the first tick saw it
    f.sites = json::object();
    sites_.add_to_verdict(f.sites, roles);
  }
  return f;
}

// Step 11: the record's last lines, the summary, then end as decided.
void Session::end_with(const RunEnd& e) {
  if (!e.budget_event.is_null()) record_.write(e.budget_event, true);
  record_.write(e.verdict, true);
  if (o_.verdict_json_path) {
    monitor::RecordWriter vw;
    if (auto st = vw.open(*o_.verdict_json_path); !st) supervise::say(st.error().message());
    else vw.write(e.verdict, true);
  }
  if (record_.regular())  // a FIFO cannot be read back
    if (auto r = monitor::read_record(record_.path())) {
      std::string text = render::record_summary(*r, o_.sparkline);
      supervise::write_all(2, text.data(), text.size());
    }
  sfd_.reset();
  for (const auto& line : e.said) supervise::say(line);
  supervise::end_like(e.end);
}

}  // namespace oomlens::run
