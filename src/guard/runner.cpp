// The guard inside `oomlens run` (see runner.h).
#include "guard/runner.h"
#include "util/exit_status.h"
#include "util/fd.h"
#include "util/file.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/json_opt.h"
#include "util/launch.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fmt/core.h>

#include "cgroup/memcg_files.h"
#include "proc/proc.h"

namespace oomlens::guard {
namespace {

using nlohmann::json;

using util::opt;



}  // namespace

GuardRunner::GuardRunner(GuardOptions o, supervise::ProcessControl& control)
    : o_(o), control_(control), guard_(std::move(o)) {}

HookTarget GuardRunner::hook_target() const {
  return {host_.main_pid, host_.main_pidfd, host_.proc_dir, &control_};
}

Status GuardRunner::prepare() { return py_.setup(o_.py_stacks, o_.py_tracemalloc); }

void GuardRunner::start(GuardHost host, double t_s) {
  host_ = std::move(host);
  started_ = true;
  refresh_levels(t_s);
  if (host_.hierarchy && !host_.cgroup_dir.empty()) {
    if (host_.hierarchy->version == cgroup::Version::v1) {
      // Usage thresholds at the warn and act fractions of the limit known
      // now (usage >= working set: they fire no later than the working set
      // crosses). Registered once; a limit that changes later is still
      // followed by polling.
      if (effective_limit_) {
        auto l = static_cast<double>(*effective_limit_);
        wake_.try_v1_thresholds(host_.cgroup_dir, {static_cast<uint64_t>(l * o_.warn_fraction * 0.98),
                                                   static_cast<uint64_t>(l * o_.act_fraction * 0.98)});
      }
      wake_.try_psi(join_root(host_.proc_dir, "pressure/memory"));  // v1 has no per-cgroup memory.pressure
    } else {
      wake_.try_psi(host_.cgroup_dir + cgroup::memcg_file(cgroup::Version::v2, cgroup::MemcgFile::pressure));
    }
  }
  due_s_ = t_s;
}

json GuardRunner::header_json() const {
  json a = {{"kind", o_.action.kind == Action::Kind::none ? "none" : o_.action.kind == Action::Kind::signal ? "signal" : "exec"},
            {"spelled", o_.action.spelled}};
  if (o_.action.kind == Action::Kind::signal) a["signal"] = o_.action.signo;
  if (o_.action.kind == Action::Kind::exec) a["argv"] = o_.action.argv;
  return {{"warn_fraction", o_.warn_fraction},
          {"forecast_s", opt(o_.forecast_s)},
          {"act_fraction", o_.act_fraction},
          {"act_forecast_s", opt(o_.act_forecast_s)},
          {"rearm_fraction", rearm_fraction(o_.warn_fraction)},
          {"keep_job_status", o_.keep_job_status},
          {"action", a},
          {"grace_s", o_.grace_s},
          {"budget_bytes", opt(o_.budget_bytes)},
          {"python", py_.describe()},
          {"compared", "working set = usage - inactive_file"},
          {"effective_limit_bytes", opt(effective_limit_)},
          {"limit_source", limit_source_.empty() ? json(nullptr) : json(limit_source_)},
          {"high_bytes", opt(high_)},
          {"wakeups", wake_.describe()},
          {"poll", {{"min_s", 0.01}, {"max_s", 1.0}, {"rule", "headroom / growth / 10"}}}};
}

void GuardRunner::refresh_levels(double t_s) {
  levels_t_s_ = t_s;
  HeadroomInput in;
  if (host_.hierarchy && !host_.cgroup_dir.empty()) in.levels = read_levels(*host_.hierarchy, host_.cgroup_dir);
  in.job_working_set_bytes = host_.own_cgroup && !in.levels.empty() ? in.levels[0].working_set_bytes : tree_ws_;
  if (!host_.own_cgroup && !in.levels.empty()) {
    // oomlens's own cgroup holds more than the job: its limit is a level
    // the job shares, never the job's own.
    in.levels.insert(in.levels.begin(), Level{"(the job's tree)", std::nullopt, tree_ws_, std::nullopt});
  }
  if (auto mi = proc::read_meminfo(host_.proc_dir)) in.mem_available_bytes = mi->mem_available_bytes;
  auto h = compute_headroom(in);
  effective_limit_ = h.effective_limit_bytes;
  limit_source_ = h.limit_source;
  high_ = h.high_bytes;
}

std::optional<uint64_t> GuardRunner::read_ws() {
  if (host_.own_cgroup && host_.hierarchy) return read_working_set(*host_.hierarchy, host_.cgroup_dir);
  return tree_ws_;
}

void GuardRunner::on_tick(const monitor::Sample& s) {
  if (host_.own_cgroup) return;
  uint64_t sum = 0;
  bool any = false;
  if (host_.tree)
    for (auto& p : host_.tree->procs()) {
      if (p.gone_s || !p.status) continue;
      if (p.status->rss_anon_bytes) { sum += *p.status->rss_anon_bytes; any = true; }
      if (p.status->rss_shmem_bytes) sum += *p.status->rss_shmem_bytes;
    }
  (void)s;
  tree_ws_ = any ? std::optional<uint64_t>(sum) : std::nullopt;
}

void GuardRunner::on_wakeup(int fd, double t_s) {
  wake_.drain(fd);
  ++wakeups_;
  due_s_ = t_s;
}

void GuardRunner::poll(double t_s) {
  if (!started_) return;
  t_s_ = t_s;
  ++polls_;
  if (t_s - levels_t_s_ >= 1.0) refresh_levels(t_s);
  Observation obs{t_s, read_ws(), effective_limit_, main_alive_};
  for (auto& d : guard_.observe(obs)) handle(d);
  if (tracemalloc_pending_) {
    if (auto snap = py_.collect_tracemalloc())
      write_tracemalloc(t_s, *snap);
    else if (t_s > tracemalloc_deadline_)
      write_tracemalloc(t_s, nullptr, N_("no complete snapshot within 10 s"));
  }
  due_s_ = t_s + guard_.next_interval_s();
}

void GuardRunner::main_exited() {
  main_alive_ = false;
  if (!tracemalloc_pending_) return;
  if (auto snap = py_.collect_tracemalloc())
    write_tracemalloc(t_s_, *snap);
  else
    write_tracemalloc(t_s_, nullptr,
                      fmt::format(N_("the snapshot never finished: the main process ended {:.1f} s after it was asked for"),
                                  std::max(0.0, t_s_ - tracemalloc_sent_s_)));
}

void GuardRunner::write_tracemalloc(double t_s, const json& snap, const std::string& reason) {
  tracemalloc_pending_ = false;
  json ev = {{"type", "event"}, {"t_s", t_s}, {"kind", "py_tracemalloc"}, {"at", "warning"},
             {"pid", host_.main_pid}, {"snapshot", snap}, {"main_rss_anon_bytes", opt(tracemalloc_main_anon_)}};
  if (!reason.empty()) ev["reason"] = reason;
  // What tracemalloc cannot see: it traces Python's allocators only.
  if (snap.is_object() && snap["traced_bytes"].is_number() && tracemalloc_main_anon_)
    ev["note"] = fmt::format(N_("tracemalloc saw {} of {} (the main process's anonymous memory); torch, numpy and "
                                "other native allocations are not in it"),
                             format_bytes(snap["traced_bytes"].get<uint64_t>()), format_bytes(*tracemalloc_main_anon_));
  if (snap.is_object() && snap.contains("skipped"))
    ev["note"] = fmt::format(N_("no snapshot: it would have cost about {} (more than {}); the totals only"),
                             format_bytes(snap["skipped"].value("estimated_bytes", uint64_t{0})),
                             format_bytes(snap["skipped"].value("max_bytes", uint64_t{0})));
  host_.write(ev, true);
}

json GuardRunner::event(const Decision& d) const {
  return {{"type", "event"},
          {"t_s", d.t_s},
          {"kind", decision_name(d.kind)},
          {"trigger", d.trigger},
          {"working_set_bytes", d.working_set_bytes},
          {"effective_limit_bytes", d.effective_limit_bytes},
          {"limit_source", limit_source_},
          {"used_fraction", std::round(d.used_fraction * 10000) / 10000},
          {"slope_bytes_per_s", d.slope_bytes_per_s ? json(std::round(*d.slope_bytes_per_s)) : json(nullptr)},
          {"time_to_limit_s", d.time_to_limit_s ? json(std::round(*d.time_to_limit_s * 1000) / 1000) : json(nullptr)},
          {"high_bytes", opt(high_)}};
}

void GuardRunner::handle(const Decision& d) {
  if (host_.flush_ring) host_.flush_ring();
  json ev = event(d);
  std::string when = d.time_to_limit_s && d.slope_bytes_per_s && *d.slope_bytes_per_s > 0
                         ? trf("; growing {}/s, the limit is {:.1f} s away", format_bytes(static_cast<uint64_t>(*d.slope_bytes_per_s)), *d.time_to_limit_s)
                         : "";
  // Said on stderr as it happens (translated); the events keep English.
  std::string where = trf("working set {} is {:.0f}% of the limit {} ({}){}", format_bytes(d.working_set_bytes),
                          d.used_fraction * 100, format_bytes(d.effective_limit_bytes), limit_source_, when);
  switch (d.kind) {
    case Decision::Kind::warn: {
      host_.say(trf("WARNING: memory: {}", where));
      host_.write(ev, true);
      if (py_.stacks()) {
        json st = py_.request_stacks(hook_target());
        host_.write({{"type", "event"}, {"t_s", t_s_}, {"kind", "py_stacks"}, {"at", "warning"}, {"result", st}}, true);
      }
      if (py_.tracemalloc()) {
        json r = py_.send_tracemalloc(hook_target());
        if (auto st = proc::read_pid_status(host_.main_pid, host_.proc_dir)) tracemalloc_main_anon_ = st->rss_anon_bytes;
        if (r.value("sent", false)) {
          tracemalloc_pending_ = true;
          tracemalloc_sent_s_ = t_s_;
          tracemalloc_deadline_ = t_s_ + 10;
        } else {
          host_.write({{"type", "event"}, {"t_s", t_s_}, {"kind", "py_tracemalloc"}, {"at", "warning"},
                       {"pid", host_.main_pid}, {"snapshot", nullptr}, {"result", r}}, true);
        }
      }
      break;
    }
    case Decision::Kind::act: {
      if (py_.stacks() && o_.action.kind != Action::Kind::none) {
        // Before the action: the dump shows where the job was allocating,
        // not its checkpoint handler.
        json st = py_.request_stacks(hook_target());
        host_.write({{"type", "event"}, {"t_s", t_s_}, {"kind", "py_stacks"}, {"at", "action"}, {"result", st}}, true);
      }
      ev["action"] = do_action(d);
      host_.say(trf("{}: {}", retranslate(ev["action"].value("message", std::string(N_("acting")))), where));
      host_.write(ev, true);
      break;
    }
    case Decision::Kind::escalate: {
      ev["kill"] = kill_tree();
      host_.say(trf("memory still rising {:g} s after the action: SIGKILL to the job's tree ({})", o_.grace_s,
                    retranslate(ev["kill"].value("message", std::string("")))));
      host_.write(ev, true);
      break;
    }
    case Decision::Kind::grace_passed:
    case Decision::Kind::rearm:  // below the re-arm level: the next crossing warns again
      host_.write(ev, true);
      break;
  }
  decisions_.push_back(ev);
}

json GuardRunner::do_action(const Decision& d) {
  json a = {{"action", o_.action.spelled}};
  switch (o_.action.kind) {
    case Action::Kind::none:
      a["done"] = false;
      a["message"] = N_("act threshold crossed (--action none: nothing done)");
      return a;
    case Action::Kind::signal: {
      // The main process only, through its pidfd; else kill(2) while it is
      // our unreaped child (its pid cannot have been reused).
      if (!main_alive_) {
        a["done"] = false;
        a["message"] = N_("the main process has already ended: no signal sent");
        return a;
      }
      const Status r = control_.signal(host_.main_pid, host_.main_pidfd, o_.action.signo);
      a["signal"] = o_.action.signo;
      a["pid"] = host_.main_pid;
      a["done"] = r.ok();
      if (!r) a["error"] = std::strerror(r.error().errnum);
      a["message"] = r ? fmt::format(N_("sent {} to the job's main process {}"), signal_name(o_.action.signo), host_.main_pid)
                       : fmt::format(N_("could not signal {}: {}"), host_.main_pid, std::strerror(r.error().errnum));
      return a;
    }
    case Action::Kind::exec: {
      std::vector<std::string> env = {
          "OOMLENS_JOB_PID=" + std::to_string(host_.main_pid),
          "OOMLENS_TRIGGER=" + d.trigger,
          "OOMLENS_WORKING_SET_BYTES=" + std::to_string(d.working_set_bytes),
          "OOMLENS_LIMIT_BYTES=" + std::to_string(d.effective_limit_bytes),
          "OOMLENS_TIME_TO_LIMIT_S=" + (d.time_to_limit_s ? fmt::format("{:.3f}", *d.time_to_limit_s) : std::string()),
          "OOMLENS_RECORD=" + host_.record_path,
          "OOMLENS_CGROUP=" + host_.cgroup_dir};
      // The signal state oomlens changed must not leak into the helper (the launcher resets it).
      const UniqueFd devnull(::open("/dev/null", O_RDONLY | O_CLOEXEC));
      auto launched = launch({.argv = o_.action.argv, .env = environment_with({}, env), .stdin_fd = devnull.get()});
      a["argv"] = o_.action.argv;
      if (!launched) {  // nothing runs (a failed exec's child is reaped)
        const int e = launched.error().errnum;
        a["done"] = false;
        a["error"] = std::strerror(e);
        a["message"] = exec_failed(launched.error())
                           ? fmt::format(N_("could not run {}: {}"), o_.action.argv[0], std::strerror(e))
                           : std::string(N_("could not start the action command"));
        return a;
      }
      const pid_t pid = launched->pid;
      a["helper_pid"] = pid;
      a["done"] = true;
      a["message"] = fmt::format(N_("ran {} (pid {}) with OOMLENS_JOB_PID={}"), o_.action.argv[0], pid, host_.main_pid);
      helpers_.push_back(pid);
      if (host_.tree) host_.tree->exclude(pid);
      return a;
    }
  }
  return a;
}

json GuardRunner::kill_tree() {
  json k = json::object();
  int sent = 0;
  json failed = json::array();  // pids not signalled, with why (ESRCH: exited meanwhile)
  std::string method;           // how the tree was reached; none without a cgroup or a tree
  if (host_.own_cgroup) {
    // Everything in the job's own cgroup is the job's: oomlens never enters it.
    auto killed = control_.kill_cgroup(host_.cgroup_dir);
    method = killed.via_cgroup_kill ? "cgroup.kill" : "cgroup.procs";
    sent = killed.signalled;
    for (const auto& e : killed.failed) failed.push_back(e.message());
  } else if (host_.tree) {
    // Each tracked process, checked by start time through a pidfd so a
    // reused pid is never signalled.
    for (auto& p : host_.tree->procs()) {
      if (p.gone_s) continue;
      auto fd = control_.open_pidfd(p.pid);
      if (!fd) continue;
      auto st = proc::read_pid_stat(p.pid, host_.proc_dir);
      if (!st || st->start_time_ticks != p.start_time_ticks) continue;
      if (auto r = control_.signal(p.pid, fd->get(), SIGKILL))
        ++sent;
      else
        failed.push_back(r.error().message());
    }
    method = "tracked processes (pidfd, start time checked)";
  }
  k["method"] = method.empty() ? json(nullptr) : json(method);
  k["signalled"] = sent;
  if (!failed.empty()) k["failed"] = failed;
  k["message"] = method.empty() ? std::string(N_("nothing signalled: the job has neither its own cgroup nor a tracked process tree"))
                                : method + (sent ? fmt::format(", {} processes", sent) : "");
  return k;
}

bool GuardRunner::on_reaped(int pid, int wait_status, double t_s) {
  auto it = std::find(helpers_.begin(), helpers_.end(), pid);
  if (it == helpers_.end()) return false;
  helpers_.erase(it);
  if (host_.tree) host_.tree->include(pid);
  json ev = {{"type", "event"}, {"t_s", t_s}, {"kind", "guard_action_exit"}, {"pid", pid},
             {"exit_code", WIFEXITED(wait_status) ? json(WEXITSTATUS(wait_status)) : json(nullptr)},
             {"signal", WIFSIGNALED(wait_status) ? json(WTERMSIG(wait_status)) : json(nullptr)}};
  host_.write(ev, true);
  return true;
}

json GuardRunner::verdict_json() const {
  json first_warning = nullptr, action = nullptr;
  int warnings = 0;
  for (auto& d : decisions_) {
    if (d["kind"] == "guard_warning" && first_warning.is_null()) first_warning = d;
    if (d["kind"] == "guard_warning") ++warnings;
    if (d["kind"] == "guard_action" && action.is_null()) action = d;
  }
  auto strip = [](json j) {
    if (j.is_object()) { j.erase("type"); j.erase("kind"); }
    return j;
  };
  return {{"stage", stage_name(guard_.stage())}, {"warning", strip(first_warning)}, {"warnings", warnings},
          {"action", strip(action)},
          {"polls", polls_}, {"wakeups", wakeups_}, {"effective_limit_bytes", opt(effective_limit_)},
          {"limit_source", limit_source_.empty() ? json(nullptr) : json(limit_source_)}, {"high_bytes", opt(high_)}};
}

}  // namespace oomlens::guard
