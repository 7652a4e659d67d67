#include "run/restart.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "monitor/record.h"
#include "supervise/job_cgroup.h"
#include "run/job_env.h"
#include "run/session_state.h"
#include "supervise/signals.h"
#include "util/fd.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/signal_safe.h"
#include "util/strerror_tr.h"

namespace oomlens::run {
namespace {

using nlohmann::json;

volatile sig_atomic_t g_child = 0;
volatile sig_atomic_t g_stop = 0;

// SIGTERM/SIGHUP/SIGUSR1/SIGUSR2 sent to this process go on to the current
// attempt's oomlens (our own child), which forwards them to its job; they
// also end the restarts. SIGINT/SIGQUIT from the terminal reach the whole
// process group (the attempt and its job) already.
void on_signal(int sig) {
  if (sig == SIGTERM || sig == SIGHUP) g_stop = 1;
  if (g_child > 0) (void)send_signal_errno(g_child, -1, sig);  // async-signal-safe (util/signal_safe.h)
}

void install_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int s : {SIGTERM, SIGHUP, SIGUSR1, SIGUSR2}) ::sigaction(s, &sa, nullptr);
  struct sigaction ign {};
  ign.sa_handler = SIG_IGN;
  sigemptyset(&ign.sa_mask);
  for (int s : {SIGINT, SIGQUIT}) ::sigaction(s, &ign, nullptr);
}

void restore_handlers() {
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  for (int s : {SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGINT, SIGQUIT}) ::sigaction(s, &dfl, nullptr);
}

// Sleeps `s` seconds unless a stop signal arrives.
void back_off(double s) {
  double until = now_s() + s;
  while (!g_stop && now_s() < until) {
    double left = until - now_s();
    if (left > 0.2) left = 0.2;
    timespec ts{static_cast<time_t>(left), static_cast<long>((left - static_cast<double>(static_cast<time_t>(left))) * 1e9)};
    ::nanosleep(&ts, nullptr);
  }
}

// A --limit as said: "1.5 GiB", or "no limit".
std::string limit_text(std::optional<uint64_t> b) { return b ? format_bytes(*b) : std::string(tr("no limit")); }

}  // namespace

std::string attempt_record_path(const std::string& record, int attempt) {
  if (attempt <= 1) return record;
  const std::string ext = ".jsonl";
  if (record.size() > ext.size() && record.compare(record.size() - ext.size(), ext.size(), ext) == 0)
    return record.substr(0, record.size() - ext.size()) + ".attempt" + std::to_string(attempt) + ext;
  return record + ".attempt" + std::to_string(attempt);
}

int run_with_restarts(const RunOptions& base, const diagnose::RestartPolicy& policy) {
  const uint64_t cap = supervise::own_memory_cap_bytes(base.proc_root);  // as --limit N% resolves
  std::optional<supervise::LimitSpec> limit = base.limit;
  char tmpl[] = "/tmp/oomlens-restart-XXXXXX";
  std::string ack_dir = ::mkdtemp(tmpl) ? tmpl : "";
  install_handlers();
  std::vector<std::string> lines;  // the summary, one line per attempt
  int last_status = 0;
  for (int k = 1;; ++k) {
    std::optional<std::string> ack;
    if (k >= 2 && !ack_dir.empty()) ack = ack_dir + "/attempt" + std::to_string(k);
    RunOptions ro = base;
    ro.record_path = attempt_record_path(base.record_path, k);
    ro.limit = limit;
    // A fork without exec, not the launcher (util/launch.h): each attempt
    // is a whole `run` in a child of ours (run_job), whose status we read.
    pid_t pid = ::fork();
    if (pid < 0) {
      supervise::say(trf("cannot start attempt {}: fork: {}", k, tr_strerror(errno)));
      if (k == 1) return kExitOwnFailure;
      break;  // end like the attempt before
    }
    if (pid == 0) {
      restore_handlers();
      set_job_environment(k, base.guard.action, ack);
      ::_exit(run_job(ro));
    }
    g_child = pid;
    int st = 0;
    while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    g_child = 0;
    last_status = st;
    const supervise::JobEnd end = supervise::job_end_from_wait_status(st);
    auto rec = monitor::read_record(ro.record_path);
    json attempt = {{"type", "attempt"}, {"attempt", k}, {"record", ro.record_path}, {"cause", nullptr},
                    {"summary", nullptr}, {"limit_bytes", nullptr}, {"peak_anon_shmem_bytes", nullptr},
                    {"shell_status", supervise::shell_status(end)}, {"restart", false}, {"reason", ""},
                    {"resume_asked", k >= 2 ? json(ack && ::access(ack->c_str(), F_OK) == 0) : json(nullptr)}};
    diagnose::AttemptEnd ae;
    ae.succeeded = end.exited && end.exit_code == 0;
    std::optional<uint64_t> limit_bytes;
    if (rec && rec->verdict) {
      const json& v = *rec->verdict;
      ae.cause = v.value("cause", std::string());
      attempt["cause"] = ae.cause;
      attempt["summary"] = v.value("summary", std::string());
      if (v.contains("limit_bytes") && v["limit_bytes"].is_number_unsigned() && base.limit)
        limit_bytes = v["limit_bytes"].get<uint64_t>();
      attempt["limit_bytes"] = limit_bytes ? json(*limit_bytes) : json(nullptr);
      if (v.contains("peak") && v["peak"].contains("cgroup_anon_shmem_bytes"))
        attempt["peak_anon_shmem_bytes"] = v["peak"]["cgroup_anon_shmem_bytes"];
    }
    diagnose::RestartDecision d;
    if (!rec || !rec->verdict) {
      d.reason = "it wrote no verdict (oomlens itself failed, or the command could not be run)";
    } else if (g_stop) {
      d.reason = "oomlens was asked to stop";
    } else {
      d = diagnose::decide_restart(policy, k, ae, limit_bytes, cap);
    }
    attempt["restart"] = d.restart;
    attempt["reason"] = d.reason;
    if (d.restart && d.next_limit_bytes) attempt["next_limit_bytes"] = *d.next_limit_bytes;
    {
      const UniqueFd fd(::open(base.record_path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC));
      if (fd) {
        std::string line = attempt.dump() + "\n";
        supervise::write_all(fd.get(), line.data(), line.size());
        ::fdatasync(fd.get());
      }
    }
    std::string line = "  " + trf("attempt {}: {} (status {}, limit {})", k,
                                  ae.cause.empty() ? std::string(tr("no verdict")) : ae.cause, supervise::shell_status(end),
                                  limit_text(limit_bytes));
    if (k != 1) line += trf("; record {}", ro.record_path);
    if (k >= 2)
      line += attempt["resume_asked"] == true
                  ? tr("; it asked whether it was resuming (it may have resumed from its checkpoint)")
                  : tr("; it never asked whether it was resuming (no oomlens.resumed(), no $OOMLENS_RESUME_ACK "
                       "file): it most likely started over");
    lines.push_back(line);
    auto print_summary = [&](const std::string& why) {
      std::string text = "oomlens: " +
                         (k == 1 ? trf("{} attempt (--restart-on-oom {}); not restarted: {}", k, policy.max_restarts,
                                       retranslate(why))
                                 : trf("{} attempts (--restart-on-oom {}); not restarted: {}", k, policy.max_restarts,
                                       retranslate(why))) +
                         "\n";
      for (auto& l : lines) text += l + "\n";
      if (base.limit && ae.succeeded) text += "  " + trf("the limit that worked: {}", limit_text(limit_bytes)) + "\n";
      else if (base.limit && policy.limit_step_fraction) text += "  " + std::string(tr("no limit tried was enough")) + "\n";
      text += "  " + trf("exit status: the last attempt's ({})", supervise::shell_status(end)) + "\n";
      supervise::write_all(2, text.data(), text.size());
    };
    if (!d.restart) {
      print_summary(d.reason);
      break;
    }
    if (d.next_limit_bytes && limit_bytes && *d.next_limit_bytes != *limit_bytes) {
      supervise::LimitSpec s;
      s.bytes = *d.next_limit_bytes;
      limit = s;
    }
    supervise::say(trf("attempt {} ended ({}); restarting in {:g} s as attempt {}", k, retranslate(d.reason), policy.backoff_s,
            k + 1) +
        (d.next_limit_bytes ? trf(" with --limit {}", limit_text(d.next_limit_bytes)) : std::string()) +
        (d.limit_capped ? tr(" (capped at what the machine can give)") : ""));
    back_off(policy.backoff_s);
    if (g_stop) {
      print_summary(N_("oomlens was asked to stop during the back-off"));
      break;
    }
  }
  if (!ack_dir.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(ack_dir, ec);
  }
  restore_handlers();
  supervise::end_like(supervise::job_end_from_wait_status(last_status));
}

}  // namespace oomlens::run
