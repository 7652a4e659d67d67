// `oomlens run`: supervision session (see session.h).
#include "supervise/session.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <dirent.h>

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <deque>
#include <fmt/core.h>
#include <map>

#include "diagnose/verdict.h"
#include "guard/budget.h"
#include "guard/runner.h"
#include "diagnose/verdict_json.h"
#include "monitor/kernel_watch.h"
#include "monitor/record.h"
#include "monitor/sample.h"
#include "monitor/tree.h"
#include "render/record_text.h"
#include "supervise/signals.h"
#include "supervise/spawn.h"
#include "supervise/stderr_tail.h"
#include "version.h"

namespace oomlens::supervise {
namespace {

using nlohmann::json;

double now_s() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

double thread_cpu_s() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

template <class T>
json opt(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

void say(const std::string& s) {
  std::string line = "oomlens: " + s + "\n";
  ssize_t n = ::write(2, line.data(), line.size());
  (void)n;
}

void write_all(int fd, const char* p, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;  // our stderr is gone: keep supervising, the record still has everything
    p += w;
    n -= static_cast<size_t>(w);
  }
}

std::optional<uint64_t> vmstat_oom_kill() {
  auto t = cgroup::read_small_file("/proc/vmstat");
  if (!t) return std::nullopt;
  auto p = t->find("\noom_kill ");
  if (p == std::string::npos) return std::nullopt;
  return std::strtoull(t->c_str() + p + 10, nullptr, 10);
}

// Killer daemons are named only when found running (one /proc scan, at the end).
std::vector<std::string> running_killer_daemons() {
  std::vector<std::string> found;
  static const char* names[] = {"earlyoom", "systemd-oomd", "nohang", "oomd"};
  if (DIR* d = ::opendir("/proc")) {
    while (dirent* e = ::readdir(d)) {
      if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
      auto comm = cgroup::read_small_file(std::string("/proc/") + e->d_name + "/comm");
      if (!comm) continue;
      while (!comm->empty() && comm->back() == '\n') comm->pop_back();
      for (auto* n : names)
        if (*comm == n && std::find(found.begin(), found.end(), n) == found.end()) found.push_back(n);
    }
    ::closedir(d);
  }
  return found;
}

struct Peaks {
  std::optional<uint64_t> tree_pss_bytes;
  double tree_pss_t_s = 0;
  std::optional<uint64_t> tree_anon_shmem_pss_bytes;
  std::optional<uint64_t> cgroup_usage_bytes;
  std::optional<uint64_t> cgroup_anon_shmem_bytes;
  void update(const monitor::Sample& s) {
    if (s.racy) return;
    auto mx = [](std::optional<uint64_t>& a, std::optional<uint64_t> b) {
      if (b && (!a || *b > *a)) { a = b; return true; }
      return false;
    };
    if (mx(tree_pss_bytes, s.tree.pss_bytes)) tree_pss_t_s = s.t_s;
    if (s.tree.pss_anon_bytes && s.tree.pss_shmem_bytes)
      mx(tree_anon_shmem_pss_bytes, *s.tree.pss_anon_bytes + *s.tree.pss_shmem_bytes);
    mx(cgroup_usage_bytes, s.cgroup.usage_bytes);
    if (s.cgroup.anon_bytes && s.cgroup.shmem_bytes)
      mx(cgroup_anon_shmem_bytes, *s.cgroup.anon_bytes + *s.cgroup.shmem_bytes);
  }
};

}  // namespace

std::string default_record_name(const std::string& argv0, long epoch_s) {
  std::string base = argv0.substr(argv0.rfind('/') == std::string::npos ? 0 : argv0.rfind('/') + 1);
  std::string cmd;
  for (char c : base)
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-') cmd += c;
  if (cmd.empty()) cmd = "job";
  if (cmd.size() > 40) cmd.resize(40);
  time_t t = static_cast<time_t>(epoch_s);
  tm tmv{};
  ::localtime_r(&t, &tmv);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tmv);
  return "oomlens-" + cmd + "-" + buf + ".jsonl";
}

int run_job(const RunOptions& o) {
  // Step 1: the record, before anything else can fail later.
  monitor::RecordWriter rec;
  if (auto err = rec.open(o.record_path)) {
    say(*err + "; not starting the job");
    return 125;
  }
  say("recording to " + o.record_path);

  // Step 2: the job's memory cgroup.
  std::optional<JobCgroup> jc;
  if (o.limit) {
    std::string err;
    jc = create_job_cgroup(*o.limit, o.allow_swap, &err);
    if (!jc) {
      say("cannot set a memory limit: " + err + "; not starting the job");
      ::unlink(o.record_path.c_str());
      return 125;
    }
  }
  auto hierarchy = jc ? std::optional(jc->hierarchy) : cgroup::find_memory_hierarchy("/");

  // Step 3: the kernel log, positioned before the job exists.
  monitor::KernelWatch kw;
  bool kmsg_ok = kw.open();
  if (!kmsg_ok) say("cannot read the kernel log (" + *kw.error() + "): the verdict will rest on exit status and cgroup counters");

  // Step 4: signals (read synchronously through a signalfd), subreaper, stderr tee.
  sigset_t sup = supervised_signals();
  sigset_t old_mask;
  ::sigprocmask(SIG_BLOCK, &sup, &old_mask);
  ::signal(SIGPIPE, SIG_IGN);
  int sfd = ::signalfd(-1, &sup, SFD_NONBLOCK | SFD_CLOEXEC);
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  int err_pipe[2] = {-1, -1};
  const bool tee = !::isatty(2);
  if (tee && ::pipe2(err_pipe, O_CLOEXEC) != 0) err_pipe[0] = err_pipe[1] = -1;

  std::optional<uint64_t> cg_oom_before, vm_oom_before = vmstat_oom_kill();
  std::string job_cg_dir;
  if (jc) job_cg_dir = jc->dir;
  else if (hierarchy) job_cg_dir = cgroup::memory_cgroup_dir(*hierarchy, 0, "/").value_or("");
  if (hierarchy && !job_cg_dir.empty()) cg_oom_before = cgroup::oom_kill_count(hierarchy->version, job_cg_dir);

  // Step 4b: the guard's Python hooks change the job's environment (guard/python.h).
  guard::GuardRunner grd(o.guard);
  if (auto e = grd.prepare()) {
    say(*e + "; not starting the job");
    ::unlink(o.record_path.c_str());
    return 125;
  }

  // Step 5: spawn.
  SpawnOptions so;
  so.argv = o.argv;
  if (jc) so.cgroup_dir = jc->dir;
  so.stderr_fd = err_pipe[1];
  const double t0 = now_s();
  auto spawned = spawn_job(so);
  if (err_pipe[1] >= 0) ::close(err_pipe[1]);
  if (auto* e = std::get_if<SpawnError>(&spawned)) {
    say(e->message);
    rec.write({{"type", "event"}, {"t_s", 0.0}, {"kind", "spawn_failed"}, {"message", e->message},
               {"exit_code", e->exit_code}}, true);
    if (jc) (void)cgroup::kill_and_remove(jc->dir, 2000);
    return e->exit_code;
  }
  const Spawned job = std::get<Spawned>(spawned);
  // Lower our own oom_score_adj only after the fork (the job must not
  // inherit it), and only where the kernel lets us: decide by trying.
  bool own_adj_lowered = false;
  if (int fd = ::open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC); fd >= 0) {
    own_adj_lowered = ::write(fd, "-500", 4) == 4;
    ::close(fd);
  }

  // Step 6: the header.
  utsname un{};
  ::uname(&un);
  json header = {{"type", "header"}, {"schema_version", monitor::kRecordSchemaVersion},
                 {"oomlens_version", OOMLENS_VERSION}, {"command", o.argv}, {"host", un.nodename},
                 {"kernel", un.release}, {"boot_id", monitor::read_boot_id()},
                 {"start_epoch_s", static_cast<double>(std::time(nullptr))}, {"oomlens_pid", ::getpid()},
                 {"main_pid", job.pid}, {"kmsg_start_seq", opt(kw.start_seq())},
                 {"kernel_log_readable", kmsg_ok}, {"own_oom_score_adj_lowered", own_adj_lowered},
                 {"intervals", {{"tick_s", o.tick_s}, {"write_s", o.write_s}, {"pss_min_s", o.pss_min_s},
                                {"pss_budget", o.pss_budget}, {"linger_s", o.linger_s}}},
                 {"proc_columns", monitor::proc_columns()}};
  header["limits"] = {{"cgroup_dir", job_cg_dir.empty() ? json(nullptr) : json(job_cg_dir)},
                      {"hierarchy", hierarchy ? json(hierarchy->version == cgroup::Version::v1 ? "v1" : "v2") : json(nullptr)},
                      {"created", jc.has_value()},
                      {"limit_bytes", jc ? json(jc->limit_bytes) : json(nullptr)},
                      {"swap_capped", jc ? json(jc->swap_capped) : json(nullptr)},
                      {"oom_group", false}};
  {
    guard::GuardHost gh;
    gh.main_pid = job.pid;
    gh.main_pidfd = job.pidfd;
    gh.hierarchy = hierarchy;
    gh.cgroup_dir = job_cg_dir;
    gh.own_cgroup = jc.has_value();
    gh.record_path = o.record_path;
    gh.write = [&rec](const json& j, bool sync) { rec.write(j, sync); };
    gh.say = [](const std::string& m) { say(m); };
    grd.start(std::move(gh), now_s() - t0);
  }
  header["guard"] = grd.header_json();
  rec.write(header, true);

  // Step 7: the loop.
  monitor::ProcessTree tree("/proc", ::getpid(), job.pid);
  StderrTail tail;
  std::deque<std::pair<monitor::Sample, bool>> ring;  // unwritten samples, with "has fresh PSS"
  Peaks peaks;
  std::vector<monitor::Sample> minute;  // for the growth rate (1 Hz thinning)
  std::vector<diagnose::TreeKill> kills;
  std::map<int, int> exit_status;  // reaped pid -> wait status
  std::optional<int> main_status;
  std::optional<double> main_exit_t;
  bool stop_linger = false;
  double next_tick = 0, next_write = 0, next_pss = 0, last_written = -1;
  bool pss_since_write = false;
  uint64_t pss_rss_at = 0;
  double pss_budget_ok = 0;
  uint64_t tick_no = 0, ticks_at_exit = 0;
  monitor::SystemSample sys;
  std::optional<uint64_t> cached_limit, cached_anon, cached_shmem;
  std::string cached_limit_state = "unknown";
  std::optional<uint64_t> last_cg_oom = cg_oom_before;
  monitor::Sample last{};

  auto t_rel = [&] { return now_s() - t0; };
  auto flush_ring = [&] {
    for (auto& [s, fresh] : ring) rec.write(monitor::sample_json(s, tree.procs(), fresh));
    ring.clear();
  };
  grd.attach(&tree, flush_ring);
  auto reap = [&] {
    while (true) {
      int st = 0;
      pid_t p = ::waitpid(-1, &st, WNOHANG);
      if (p <= 0) break;
      if (grd.on_reaped(p, st, t_rel())) continue;  // the guard's exec:CMD helper, not the job's
      exit_status[p] = st;
      if (p == job.pid) {
        main_status = st;
        main_exit_t = t_rel();
        ticks_at_exit = tick_no;
        tree.set_main_exited(*main_exit_t);
        grd.main_exited();
        auto end = job_end_from_wait_status(st);
        flush_ring();
        rec.write({{"type", "event"}, {"t_s", *main_exit_t}, {"kind", "main_exit"}, {"pid", job.pid},
                   {"exited", end.exited}, {"exit_code", end.exited ? json(end.exit_code) : json(nullptr)},
                   {"signal", end.exited ? json(nullptr) : json(end.term_signal)}}, true);
      }
    }
  };
  auto handle_kills = [&](std::vector<monitor::KernelKill> ks) {
    for (auto& k : ks) {
      const monitor::TrackedProc* tp = nullptr;
      for (auto& p : tree.procs())
        if (p.pid == k.pid) tp = &p;
      if (!tp && k.pid != job.pid) continue;  // not ours
      diagnose::TreeKill tk;
      tk.pid = k.pid;
      tk.comm = k.comm;
      tk.role = tp ? monitor::role_name(tp->role) : "main";
      tk.kmsg_seq = k.kmsg_seq;
      tk.constraint = k.constraint;
      tk.oom_memcg = k.oom_memcg;
      tk.anon_rss_bytes = k.anon_rss_bytes;
      if (tp && tp->peak_pss_bytes) tk.peak_pss_bytes = tp->peak_pss_bytes;
      if (jc && k.constraint == std::optional<std::string>("memcg")) tk.limit_bytes = jc->limit_bytes;
      flush_ring();
      json ev = diagnose::tree_kill_to_json(tk);
      ev["type"] = "event";
      ev["t_s"] = t_rel();
      ev["kind"] = "oom_kill";
      ev["boot_id"] = monitor::read_boot_id();
      ev["start_time_ticks"] = tp ? json(tp->start_time_ticks) : json(nullptr);
      rec.write(ev, true);
      kills.push_back(std::move(tk));
    }
  };
  auto tick = [&](double t) {
    std::vector<int> extra;
    if (jc) extra = cgroup::procs(jc->dir);
    size_t before = tree.procs().size();
    std::vector<char> was_gone;
    for (auto& p : tree.procs()) was_gone.push_back(p.gone_s.has_value());
    tree.refresh(t, extra);
    for (size_t i = 0; i < tree.procs().size(); ++i) {
      auto& p = tree.procs()[i];
      if (i >= before) {
        rec.write({{"type", "event"}, {"t_s", t}, {"kind", "process_start"}, {"pid", p.pid}, {"ppid", p.ppid},
                   {"role", monitor::role_name(p.role)}, {"comm", p.comm}, {"cmdline", p.cmdline},
                   {"start_time_ticks", p.start_time_ticks}});
      } else if (!was_gone[i] && p.gone_s) {
        json ev = {{"type", "event"}, {"t_s", t}, {"kind", "process_exit"}, {"pid", p.pid},
                   {"role", monitor::role_name(p.role)}, {"orphaned", p.orphaned},
                   {"peak_pss_bytes", p.peak_pss_bytes ? json(p.peak_pss_bytes) : json(nullptr)}};
        rec.write(ev);
      }
    }
    monitor::Sample s;
    s.t_s = t;
    // PSS: every pss_min_s, or sooner when the tree's RSS grew by 10 % since
    // the last pass and the CPU budget allows (a pass costing c seconds is
    // not repeated within c / pss_budget seconds).
    uint64_t rss_now = 0;
    for (auto& p : tree.procs())
      if (!p.gone_s && p.status && p.status->vm_rss_bytes) rss_now += *p.status->vm_rss_bytes;
    // Within 15 % of the cgroup limit, an OOM kill may be a second away:
    // the budget rises to 5 % of a core so the last PSS before the kill is
    // fresh (what the peak and the per-worker attribution rest on).
    if (hierarchy && !job_cg_dir.empty()) {
      // Limits change rarely: walk up the tree for them once a second.
      // memory.stat (the anon/shmem split; costly to generate on v1) every
      // tick only within 25 % of the limit, where the peak matters; else 2 Hz.
      const bool with_limit = tick_no % 10 == 0;
      const bool near = last.cgroup.limit_bytes && last.cgroup.usage_bytes &&
                        *last.cgroup.usage_bytes > *last.cgroup.limit_bytes / 4 * 3;
      const bool with_stat = near || tick_no % 5 == 0;
      s.cgroup = monitor::read_cgroup_sample(*hierarchy, job_cg_dir, with_limit, with_stat);
      if (with_stat) {
        cached_anon = s.cgroup.anon_bytes;
        cached_shmem = s.cgroup.shmem_bytes;
      } else {
        s.cgroup.anon_bytes = cached_anon;
        s.cgroup.shmem_bytes = cached_shmem;
      }
      if (with_limit) {
        cached_limit = s.cgroup.limit_bytes;
        cached_limit_state = s.cgroup.limit_state;
      } else {
        s.cgroup.limit_bytes = cached_limit;
        s.cgroup.limit_state = cached_limit_state;
      }
    }
    const bool near_limit = s.cgroup.limit_bytes && s.cgroup.usage_bytes &&
                            *s.cgroup.usage_bytes > *s.cgroup.limit_bytes / 100 * 85;
    const double budget = near_limit ? std::max(o.pss_budget, 0.05) : o.pss_budget;
    bool grew = rss_now > pss_rss_at + pss_rss_at / 20 && t >= pss_budget_ok;
    if (t >= next_pss || grew || (near_limit && t >= pss_budget_ok)) {
      // The budget is CPU time (this thread's), not wall time: a pass that
      // waits on a busy process's mmap lock or on a loaded machine costs
      // oomlens nothing, and must not push the next pass minutes away.
      double c0 = thread_cpu_s();
      s.racy = !tree.refresh_smaps(t);
      double cost = std::min(thread_cpu_s() - c0, 0.3);  // at most 30 s between passes
      s.pss_fresh = true;
      pss_since_write = true;
      pss_rss_at = rss_now;
      pss_budget_ok = t + std::max(near_limit ? o.tick_s : o.tick_s * 5, cost / budget);
      next_pss = t + std::max(o.pss_min_s, cost / o.pss_budget);
    }
    s.tree = monitor::tree_totals(tree.procs(), t);
    if (tick_no++ % 10 == 0) sys = monitor::read_system_sample();
    s.system = sys;
    peaks.update(s);
    grd.on_tick(s);
    if (s.cgroup.oom_kill && last_cg_oom && *s.cgroup.oom_kill > *last_cg_oom) {
      ring.emplace_back(s, pss_since_write);
      flush_ring();
      rec.write({{"type", "event"}, {"t_s", t}, {"kind", "cgroup_oom_kill"}, {"oom_kill", *s.cgroup.oom_kill},
                 {"increase", *s.cgroup.oom_kill - *last_cg_oom}}, true);
      pss_since_write = false;
      last_written = t;
    } else {
      ring.emplace_back(s, false);
      if (ring.size() > 20) ring.pop_front();
      if (t >= next_write) {
        ring.back().second = pss_since_write;
        rec.write(monitor::sample_json(ring.back().first, tree.procs(), pss_since_write));
        ring.clear();
        pss_since_write = false;
        last_written = t;
        next_write = t + o.write_s;
        if (minute.empty() || t - minute.back().t_s >= 1.0) minute.push_back(s);
        while (!minute.empty() && t - minute.front().t_s > 60) minute.erase(minute.begin());
      }
    }
    if (s.cgroup.oom_kill) last_cg_oom = s.cgroup.oom_kill;
    last = s;
  };

  while (true) {
    double t = t_rel();
    if (main_status && tick_no > ticks_at_exit) {  // one tick after the exit finds re-parented orphans
      bool orphans = tree.live_count() > 0;
      if (!orphans || stop_linger || t - *main_exit_t > o.linger_s) break;
    }
    double wait = std::max(0.0, (main_status ? next_tick : std::min(next_tick, grd.due_s())) - t);
    pollfd fds[8];
    int n = 0;
    fds[n++] = {sfd, POLLIN, 0};
    int pidfd_i = -1, err_i = -1, kmsg_i = -1;
    if (job.pidfd >= 0 && !main_status) { pidfd_i = n; fds[n++] = {job.pidfd, POLLIN, 0}; }
    if (err_pipe[0] >= 0) { err_i = n; fds[n++] = {err_pipe[0], POLLIN, 0}; }
    if (kw.fd() >= 0) { kmsg_i = n; fds[n++] = {kw.fd(), POLLIN, 0}; }
    const int wake_i = n;
    for (auto& w : grd.wakeup_fds())
      if (n < 8) fds[n++] = {w.fd, w.events, 0};
    // Millisecond resolution, rounded up: the guard polls down to every 10 ms.
    int r = ::poll(fds, static_cast<nfds_t>(n), static_cast<int>(std::ceil(wait * 1000)));
    if (r < 0 && errno != EINTR) break;
    if (r > 0 && (fds[0].revents & POLLIN)) {
      signalfd_siginfo si{};
      while (::read(sfd, &si, sizeof si) == static_cast<ssize_t>(sizeof si)) {
        int sig = static_cast<int>(si.ssi_signo);
        if (sig == SIGCHLD) continue;
        if (main_status) { stop_linger = sig == SIGINT || sig == SIGTERM; continue; }
        bool fwd = should_forward(sig, si.ssi_code);
        if (fwd) ::kill(job.pid, sig);  // our own child, not yet reaped: the pid cannot be reused
        rec.write({{"type", "event"}, {"t_s", t_rel()}, {"kind", fwd ? "signal_forwarded" : "signal_not_forwarded"},
                   {"signal", sig}, {"sender_pid", si.ssi_pid}});
      }
      reap();
    }
    if (pidfd_i >= 0 && (fds[pidfd_i].revents & (POLLIN | POLLHUP))) reap();
    if (err_i >= 0 && (fds[err_i].revents & (POLLIN | POLLHUP | POLLERR))) {
      char buf[65536];
      ssize_t m = ::read(err_pipe[0], buf, sizeof buf);
      if (m > 0) {
        write_all(2, buf, static_cast<size_t>(m));
        tail.append(std::string_view(buf, static_cast<size_t>(m)));
      } else if (m == 0 || (errno != EINTR && errno != EAGAIN)) {
        ::close(err_pipe[0]);
        err_pipe[0] = -1;
      }
    }
    if (kmsg_i >= 0 && (fds[kmsg_i].revents & POLLIN)) handle_kills(kw.poll());
    for (int i = wake_i; r > 0 && i < n; ++i)
      if (fds[i].revents) grd.on_wakeup(fds[i].fd, t_rel());
    t = t_rel();
    if (t >= next_tick) {
      reap();
      tick(t);
      next_tick = t + o.tick_s;
    }
    if (t >= grd.due_s() && !main_status) grd.poll(t_rel());
  }
  const double end_t = t_rel();
  flush_ring();
  // The kill line is printed after the signal is sent: give it a moment.
  auto end = job_end_from_wait_status(main_status.value_or(0));
  if (!end.exited && end.term_signal == SIGKILL && kmsg_ok) {
    for (int i = 0; i < 10 && kills.empty(); ++i) {
      ::usleep(50 * 1000);
      handle_kills(kw.poll());
    }
  }
  // Orphans still running after the linger time.
  size_t left = tree.live_count();
  rec.write({{"type", "event"}, {"t_s", end_t}, {"kind", left ? "orphans_left" : "tree_gone"},
             {"live_procs", left}, {"main_exit_t_s", opt(main_exit_t)}});

  // Step 8: cleanup. The cgroup's leftovers are killed (they are ours).
  if (err_pipe[0] >= 0) {
    ::fcntl(err_pipe[0], F_SETFL, O_NONBLOCK);
    char buf[65536];
    ssize_t m;
    while ((m = ::read(err_pipe[0], buf, sizeof buf)) > 0) {
      write_all(2, buf, static_cast<size_t>(m));
      tail.append(std::string_view(buf, static_cast<size_t>(m)));
    }
    ::close(err_pipe[0]);
  }
  std::optional<uint64_t> cg_oom_after = last_cg_oom;
  std::vector<std::string> notes;
  if (jc) {
    cg_oom_after = cgroup::oom_kill_count(jc->hierarchy.version, jc->dir);
    auto r = cgroup::kill_and_remove(jc->dir, 10000);
    if (!r.ok) notes.push_back(r.error);
  }
  handle_kills(kw.poll());

  // Step 9: join full kernel reports (from the scanner) to the kills.
  for (auto& ev : kw.finish()) {
    if (!ev.kmsg_seq || (kw.start_seq() && *ev.kmsg_seq <= *kw.start_seq())) continue;
    for (auto& v : ev.victims)
      for (auto& k : kills)
        if (k.pid == v.pid) {
          k.full_report = true;
          if (ev.memcg && ev.memcg->limit_bytes) k.limit_bytes = ev.memcg->limit_bytes;
          if (ev.memcg && ev.memcg->oom_memcg) k.oom_memcg = ev.memcg->oom_memcg;
          if (v.anon_rss_bytes) k.anon_rss_bytes = v.anon_rss_bytes;
        }
  }

  // Step 10: the verdict.
  diagnose::VerdictInput vi;
  vi.main_pid = job.pid;
  vi.exited = end.exited;
  vi.exit_code = end.exit_code;
  vi.term_signal = end.term_signal;
  vi.core_dumped = end.core_dumped;
  vi.kernel_kills = kills;
  vi.kernel_log_readable = kmsg_ok;
  vi.kernel_log_error = kw.error();
  if (cg_oom_before && cg_oom_after) vi.cgroup_oom_kill_delta = *cg_oom_after - *cg_oom_before;
  auto vm_after = vmstat_oom_kill();
  if (vm_oom_before && vm_after) vi.vmstat_oom_kill_delta = *vm_after - *vm_oom_before;
  if (!job_cg_dir.empty()) vi.cgroup_dir = job_cg_dir;
  if (jc) vi.limit_bytes = jc->limit_bytes;
  else if (last.cgroup.limit_bytes) vi.limit_bytes = last.cgroup.limit_bytes;
  if (!end.exited && (end.term_signal == SIGKILL || end.term_signal == SIGTERM) && kills.empty())
    vi.killer_daemons = running_killer_daemons();
  vi.stderr_tail = tail.text();
  vi.shm_used_bytes = sys.shm_used_bytes;
  vi.shm_size_bytes = sys.shm_size_bytes;
  {
    const monitor::TrackedProc* mainp = nullptr;
    for (auto& p : tree.procs())
      if (p.role == monitor::Role::main) mainp = &p;
    for (auto& p : tree.procs()) {
      if (p.role != monitor::Role::worker) continue;
      ++vi.worker_count;
      if (p.peak_pss_bytes) vi.workers_peak_pss_bytes = vi.workers_peak_pss_bytes.value_or(0) + p.peak_pss_bytes;
      if (!vi.worker_start_method && mainp)
        vi.worker_start_method = diagnose::worker_start_method(p.cmdline, mainp->cmdline);
    }
  }
  auto verdict = diagnose::decide_verdict(vi);

  json vj = diagnose::verdict_to_json(verdict);
  vj["t_s"] = t_rel();
  vj["main_pid"] = job.pid;
  vj["exit"] = {{"exited", end.exited}, {"exit_code", end.exited ? json(end.exit_code) : json(nullptr)},
                {"signal", end.exited ? json(nullptr) : json(end.term_signal)},
                {"signal_name", end.exited ? json(nullptr) : json(diagnose::signal_name(end.term_signal))},
                {"core_dumped", end.core_dumped}, {"shell_status", shell_status(end)}};
  json kj = json::array();
  for (auto& k : kills) kj.push_back(diagnose::tree_kill_to_json(k));
  vj["kernel_kills"] = kj;
  vj["peak"] = {{"tree_pss_bytes", opt(peaks.tree_pss_bytes)}, {"tree_pss_t_s", peaks.tree_pss_bytes ? json(peaks.tree_pss_t_s) : json(nullptr)},
                {"tree_anon_shmem_pss_bytes", opt(peaks.tree_anon_shmem_pss_bytes)},
                {"cgroup_usage_bytes", opt(peaks.cgroup_usage_bytes)},
                {"cgroup_anon_shmem_bytes", opt(peaks.cgroup_anon_shmem_bytes)}};
  json procs = json::array();
  for (auto& p : tree.procs()) {
    auto it = exit_status.find(p.pid);
    json pe = {{"pid", p.pid}, {"role", monitor::role_name(p.role)}, {"comm", p.comm}, {"cmdline", p.cmdline},
               {"peak_pss_bytes", p.peak_pss_bytes ? json(p.peak_pss_bytes) : json(nullptr)},
               {"peak_pss_t_s", p.peak_pss_bytes ? json(p.peak_pss_t_s) : json(nullptr)},
               {"peak_rss_bytes", p.peak_rss_bytes ? json(p.peak_rss_bytes) : json(nullptr)},
               {"first_seen_s", p.first_seen_s}, {"gone_s", opt(p.gone_s)}, {"orphaned", p.orphaned},
               {"wait_status", it == exit_status.end() ? json(nullptr) : json(it->second)}};
    procs.push_back(std::move(pe));
  }
  vj["procs"] = procs;
  std::optional<double> growth;
  if (minute.size() >= 2 && minute.back().tree.pss_bytes && minute.front().tree.pss_bytes &&
      minute.back().t_s - minute.front().t_s >= 5) {
    double dt = minute.back().t_s - minute.front().t_s;
    if (dt > 0)
      growth = (static_cast<double>(*minute.back().tree.pss_bytes) - static_cast<double>(*minute.front().tree.pss_bytes)) / dt;
  }
  vj["growth_bytes_per_s"] = opt(growth);
  vj["limit_bytes"] = opt(vi.limit_bytes);
  vj["headroom_bytes"] = vi.limit_bytes && peaks.cgroup_usage_bytes && *vi.limit_bytes >= *peaks.cgroup_usage_bytes
                             ? json(*vi.limit_bytes - *peaks.cgroup_usage_bytes) : json(nullptr);
  vj["kernel_log_readable"] = kmsg_ok;
  for (auto& n : kw.notes()) notes.push_back(n);
  if (rec.error()) notes.push_back(*rec.error());
  vj["notes"] = notes;
  vj["guard"] = grd.verdict_json();
  std::optional<guard::BudgetOutcome> budget;
  if (o.guard.budget_bytes) {
    budget = guard::decide_budget(*o.guard.budget_bytes, peaks.tree_pss_bytes,
                                  peaks.tree_pss_bytes ? std::optional(peaks.tree_pss_t_s) : std::nullopt,
                                  end.exited && end.exit_code == 0);
    vj["budget"] = guard::budget_json(*budget);
    if (budget->exceeded) {
      json ev = guard::budget_json(*budget);
      ev["type"] = "event";
      ev["t_s"] = t_rel();
      ev["kind"] = "budget_exceeded";
      rec.write(ev, true);
    }
  }
  rec.write(vj, true);
  if (o.verdict_json_path) {
    monitor::RecordWriter vw;
    if (auto e = vw.open(*o.verdict_json_path)) say(*e);
    else vw.write(vj, true);
  }

  // Step 11: the summary on stderr, from the record just written.
  std::string err;
  if (auto r = monitor::read_record(o.record_path, &err)) {
    std::string text = render::record_summary(*r, o.sparkline);
    write_all(2, text.data(), text.size());
  }
  ::close(sfd);
  if (budget && budget->exceeded)
    say(fmt::format("over budget: peak tree PSS {:.1f} MiB at {:.1f} s exceeded --budget {:.1f} MiB by {:.1f} MiB{}",
                    static_cast<double>(*budget->peak_tree_pss_bytes) / 1048576.0, budget->peak_t_s.value_or(0),
                    static_cast<double>(budget->budget_bytes) / 1048576.0,
                    static_cast<double>(budget->over_bytes) / 1048576.0,
                    budget->exit_code ? fmt::format("; exiting {} instead of 0", *budget->exit_code)
                                      : std::string("; the job's own failure status is kept")));
  if (budget && budget->exit_code) end.exit_code = *budget->exit_code;
  end_like(end);
}

}  // namespace oomlens::supervise
