#include "supervise/sweep.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fmt/core.h>

#include "monitor/record.h"
#include "supervise/process_control.h"
#include "supervise/say.h"
#include "util/exit_status.h"
#include "util/clock.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/launch.h"
#include "util/signal_safe.h"

namespace oomlens::supervise {
namespace {

volatile sig_atomic_t g_interrupted = 0;
volatile sig_atomic_t g_point = 0;

// SIGTERM/SIGHUP to the sweep go on to the running point's `oomlens run`
// (our child, which forwards them to its job); SIGINT from the terminal
// reaches the whole foreground group already. Either stops the sweep.
// A handler: only the async-signal-safe core of send_signal() (util/signal_safe.h).
void on_signal(int sig) {
  g_interrupted = 1;
  if (sig != SIGINT && g_point > 0) (void)send_signal_errno(g_point, -1, sig);
}

void install_handlers_once() {
  static bool done = false;
  if (done) return;
  done = true;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(s, &sa, nullptr);
}

void sleep_ms(int ms) {
  timespec ts{ms / 1000, (ms % 1000) * 1000000L};
  ::nanosleep(&ts, nullptr);
}

// SIGKILL to every process in the point's cgroup (the header's
// limits.cgroup_dir: the job's own cgroup, made by the point's run), through
// the one cgroup kill (cgroup.kill, else each pid of cgroup.procs).
void kill_point_cgroup(ProcessControl& control, const std::string& record) {
  auto rec = monitor::read_record(record);
  if (!rec || !rec->header || !(*rec->header).contains("limits")) return;
  const auto& l = (*rec->header)["limits"];
  if (!l.value("created", false) || !l.contains("cgroup_dir") || !l["cgroup_dir"].is_string()) return;
  (void)control.kill_cgroup(l["cgroup_dir"].get<std::string>());
}

}  // namespace

bool sweep_interrupted() { return g_interrupted != 0; }

std::vector<std::string> sweep_point_argv(const std::string& exe, const std::string& record,
                                          const SweepRunOptions& o, const std::vector<std::string>& job) {
  std::vector<std::string> a = {exe, "run", "--record", record, "--limit", o.limit, "--linger", "10"};
  a.insert(a.end(), o.run_args.begin(), o.run_args.end());
  a.push_back("--");
  a.insert(a.end(), job.begin(), job.end());
  return a;
}

diagnose::SweepPointResult run_sweep_point(const diagnose::SweepPoint& point, int index, int total,
                                           const SweepRunOptions& o) {
  install_handlers_once();
  diagnose::SweepPointResult r;
  r.params = point.params;
  r.record = fmt::format("{}/point-{}.jsonl", o.dir, index);
  r.log = fmt::format("{}/point-{}.log", o.dir, index);
  std::string label;
  for (auto& [n, v] : point.params) label += fmt::format("{}{}={}", label.empty() ? "" : " ", n, v);
  say(trf("sweep point {}/{}: {} (record {})", index, total, label, r.record));
  auto exe = own_executable();
  if (!exe) return r;
  auto argv = sweep_point_argv(*exe, r.record, o, point.argv);
  // Its output goes to the point's log; when that cannot be opened, to ours.
  const UniqueFd log(::open(r.log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
  const UniqueFd nul(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  auto launched = launch(
      {.argv = argv, .stdin_fd = nul.get(), .stdout_fd = log.get(), .stderr_fd = log.get(), .want_pidfd = true});
  if (!launched) return r;  // no verdict: the point failed
  const pid_t pid = launched->pid;
  const int pidfd = launched->pidfd.get();  // -1 before 5.3: kill(2), while it is our unreaped child
  ProcessControl& control = system_process_control();
  g_point = pid;
  const double t0 = now_s();
  bool termed = false, killed = false, run_killed = false;
  int st = 0;
  while (true) {
    pid_t w = ::waitpid(pid, &st, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) break;
    const double t = now_s() - t0;
    if (o.for_s && !termed && t >= *o.for_s) {
      (void)control.signal(pid, pidfd, SIGTERM);  // run forwards it to the job's main process
      termed = true;
      r.stopped_by_for = true;
    }
    if (termed && !killed && t >= *o.for_s + o.grace_s) {
      kill_point_cgroup(control, r.record);
      killed = true;
    }
    if (killed && !run_killed && t >= *o.for_s + o.grace_s + 30) {
      (void)control.signal(pid, pidfd, SIGKILL);  // our own child: its run did not end after its job's cgroup was emptied
      run_killed = true;
    }
    sleep_ms(50);
  }
  g_point = 0;
  if (auto rec = monitor::read_record(r.record)) r.figures = diagnose::point_figures(*rec);
  return r;
}

}  // namespace oomlens::supervise
