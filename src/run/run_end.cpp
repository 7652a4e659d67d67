// `oomlens run`: how a run ends, decided (see run_end.h).
#include "run/run_end.h"

#include <algorithm>
#include <cmath>
#include <csignal>

#include <fmt/core.h>

#include "diagnose/verdict_json.h"
#include "guard/budget.h"
#include "run/verdict_input.h"
#include "util/exit_status.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/json_opt.h"

namespace oomlens::run {

using nlohmann::json;
using util::opt;

namespace {

// The guard's action, when it did something (guard/runner.h verdict_json).
std::optional<diagnose::GuardStop> guard_stop(const json& gj) {
  if (!gj.is_object() || !gj.contains("action")) return std::nullopt;
  const json& a = gj["action"];
  if (!a.is_object() || !a.contains("action") || !a["action"].value("done", false)) return std::nullopt;
  diagnose::GuardStop g;
  g.action = a["action"].value("action", std::string());
  g.signal = a["action"].value("signal", 0);
  g.t_s = a.value("t_s", 0.0);
  g.trigger = a.value("trigger", std::string());
  g.used_fraction = a.value("used_fraction", 0.0);
  g.working_set_bytes = a.value("working_set_bytes", uint64_t{0});
  g.effective_limit_bytes = a.value("effective_limit_bytes", uint64_t{0});
  g.escalated = gj.value("stage", std::string()) == "escalated";
  return g;
}

diagnose::VerdictInput verdict_input(const EndFacts& f, const JobHandle& job, const TickSnapshot& snap) {
  diagnose::VerdictInput vi;
  // The wait status and the evidence gathered, each whole.
  static_cast<diagnose::ProcessEnd&>(vi) = f.end;
  static_cast<diagnose::EndEvidence&>(vi) = f;
  vi.main_pid = job.pid;
  vi.exit_status_known = job.main_status_known;
  vi.still_running = still_running(f, job);
  vi.cgroup_is_jobs_own = job.own_cgroup.has_value();  // --limit (or its systemd-run scope): the job's alone
  if (f.cg_oom_before && f.cg_oom_after) vi.cgroup_oom_kill_delta = *f.cg_oom_after - *f.cg_oom_before;
  if (f.vm_oom_before && f.vm_oom_after) vi.vmstat_oom_kill_delta = *f.vm_oom_after - *f.vm_oom_before;
  if (!job.cgroup_dir.empty()) vi.cgroup_dir = job.cgroup_dir;
  if (job.own_cgroup) vi.limit_bytes = job.own_cgroup->limit_bytes;
  else if (snap.last.cgroup.limit_bytes) vi.limit_bytes = snap.last.cgroup.limit_bytes;
  vi.guard_stop = guard_stop(f.guard);
  vi.signal_trace = f.signal_trace;
  vi.stderr_tail = f.stderr_tail;
  // The job's /dev/shm as last seen while the main process ran (its mount namespace).
  vi.shm_used_bytes = snap.job_shm_used_bytes;
  vi.shm_size_bytes = snap.job_shm_size_bytes;
  vi.shm_peak_used_bytes = snap.shm_peak_used_bytes;
  // What the job's own cgroup still charged once its last process was gone.
  if (job.own_cgroup && snap.last.tree.procs == 0) vi.cgroup_shmem_left_bytes = snap.last.cgroup.shmem_bytes;
  vi.rlimit_as_bytes = snap.rlimits.as_soft_bytes;
  vi.rlimit_data_bytes = snap.rlimits.data_soft_bytes;
  vi.held_bytes = snap.peaks.tree_pss_bytes();
  add_tree_to_verdict(f.procs, job.main_exit_t, f.first_kill_t, vi);
  return vi;
}

json exit_json(const supervise::JobEnd& end, bool known) {
  return {{"exited", known ? json(end.exited) : json(nullptr)},
          {"exit_code", known && end.exited ? json(end.exit_code) : json(nullptr)},
          {"signal", known && !end.exited ? json(end.term_signal) : json(nullptr)},
          {"signal_name", known && !end.exited ? json(signal_name(end.term_signal)) : json(nullptr)},
          {"core_dumped", known && end.core_dumped},
          {"shell_status", known ? json(supervise::shell_status(end)) : json(nullptr)},
          {"known", known}};
}

json peak_json(const Peaks& peaks) {
  const std::optional<monitor::TreeTotals>& at_pss_peak = peaks.tree_pss_peak;
  return {{"tree_pss_bytes", opt(peaks.tree_pss_bytes())},
          {"tree_pss_t_s", peaks.tree_pss_bytes() ? json(peaks.tree_pss_t_s) : json(nullptr)},
          {"tree_pss_file_bytes", at_pss_peak ? opt(at_pss_peak->pss_file_bytes) : json(nullptr)},
          {"tree_pss_age_s", at_pss_peak && at_pss_peak->pss_age_s ? json(std::round(*at_pss_peak->pss_age_s * 10) / 10)
                                                                   : json(nullptr)},
          {"tree_anon_shmem_pss_bytes", opt(peaks.tree_anon_shmem_pss_bytes)},
          {"cgroup_usage_bytes", opt(peaks.cgroup_usage_bytes)},
          {"cgroup_anon_shmem_bytes", opt(peaks.cgroup_anon_shmem_bytes)},
          {"tree_pss_stale", peaks.tree_pss_bytes() ? json(peaks.tree_pss_stale()) : json(nullptr)},
          {"memory_peak_t_s", opt(peaks.memory_peak_t_s)},
          {"pss_age_at_memory_peak_s",
           peaks.pss_age_at_memory_peak_s ? json(std::round(*peaks.pss_age_at_memory_peak_s * 10) / 10) : json(nullptr)}};
}

// The main process and the kMaxVerdictProcs - 1 largest others, in the
// tree's order (first seen first): their indexes in `all`.
std::vector<size_t> verdict_procs(const std::vector<monitor::TrackedProc>& all) {
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
  return order;
}

// A worker's PSS and USS peaks stop at `end_s` (the main process's end or
// the first kill: worker_peaks): an orphan holding the main's pages alone
// is no worker's figure (a sweep's "worker max" read 215 MiB for a worker
// that held 134 MiB while the job ran).
json proc_json(const monitor::TrackedProc& p, const std::map<int, int>& exit_status, std::optional<double> end_s) {
  auto it = exit_status.find(p.pid);
  // TrackedProc's peak PSS is 0 until a pass read one (monitor/tree.h): unknown, null.
  json pss = nullptr, pss_t = nullptr;
  if (p.peak_pss_bytes) {
    pss = p.peak_pss_bytes;
    pss_t = p.peak_pss_t_s;
  }
  std::optional<uint64_t> uss;
  if (p.peak_private) uss = p.peak_private->uss_bytes;
  if (p.role == monitor::Role::worker) {
    const WorkerPeaks w = worker_peaks(p, end_s);
    pss = w.peak_pss_bytes ? json(*w.peak_pss_bytes) : json(nullptr);
    pss_t = w.peak_pss_t_s ? json(*w.peak_pss_t_s) : json(nullptr);
    uss = w.peak ? std::optional(w.peak->uss_bytes) : std::nullopt;
  }
  return {{"pid", p.pid}, {"role", monitor::role_name(p.role)}, {"comm", p.comm}, {"cmdline", p.cmdline},
          {"peak_pss_bytes", pss},
          {"peak_pss_t_s", pss_t},
          {"peak_rss_bytes", p.peak_rss_bytes ? json(p.peak_rss_bytes) : json(nullptr)},
          {"peak_uss_bytes", opt(uss)},
          {"first_seen_s", p.first_seen_s}, {"gone_s", opt(p.gone_s)}, {"orphaned", p.orphaned},
          {"rank", opt(p.rank)}, {"local_rank", opt(p.local_rank)},
          {"wait_status", it == exit_status.end() ? json(nullptr) : json(it->second)}};
}

// The tree's PSS growth over the last minute of written samples (at least 5 s of them), bytes/s.
std::optional<double> growth_bytes_per_s(const std::vector<monitor::Sample>& minute) {
  if (minute.size() < 2 || !minute.back().tree.pss_bytes || !minute.front().tree.pss_bytes ||
      minute.back().t_s - minute.front().t_s < 5)
    return std::nullopt;
  const double dt = minute.back().t_s - minute.front().t_s;
  return (static_cast<double>(*minute.back().tree.pss_bytes) - static_cast<double>(*minute.front().tree.pss_bytes)) / dt;
}

}  // namespace

bool still_running(const EndFacts& f, const JobHandle& job) {
  return f.attached && !job.main_status && f.detach_signal != 0;
}

bool asks_about_killer_daemons(const EndFacts& f, const JobHandle& job) {
  const supervise::JobEnd& end = f.end;
  return (!job.main_status_known || (!end.exited && (end.term_signal == SIGKILL || end.term_signal == SIGTERM))) &&
         f.kernel_kills.empty() && !still_running(f, job);
}

RunEnd decide_run_end(const EndFacts& f, const JobHandle& job, const TickSnapshot& snap) {
  const supervise::JobEnd& end = f.end;
  const diagnose::VerdictInput vi = verdict_input(f, job, snap);
  const diagnose::Verdict verdict = diagnose::decide_verdict(vi);
  RunEnd out;

  json& vj = out.verdict;
  vj = diagnose::verdict_to_json(verdict);
  vj["t_s"] = f.t_s;
  vj["main_pid"] = job.pid;
  const bool known = job.main_status_known && job.main_status.has_value();
  vj["exit"] = exit_json(end, known);
  vj["attached"] = f.attached;
  json kj = json::array();
  for (auto& k : f.kernel_kills) kj.push_back(diagnose::tree_kill_to_json(k));
  vj["kernel_kills"] = kj;
  vj["peak"] = peak_json(snap.peaks);
  const std::vector<size_t> order = verdict_procs(f.procs);
  vj["procs_dropped"] = f.procs_forgotten + (f.procs.size() - order.size());
  vj["process_accounting"] = f.process_accounting;
  json procs = json::array();
  const std::optional<double> end_s = growth_end_s(job.main_exit_t, f.first_kill_t);  // as add_tree_to_verdict
  for (size_t i : order) procs.push_back(proc_json(f.procs[i], job.exit_status, end_s));
  vj["procs"] = procs;
  if (f.sites.is_object())
    for (auto& [key, value] : f.sites.items()) vj[key] = value;
  vj["growth_bytes_per_s"] = opt(growth_bytes_per_s(snap.minute));
  // The job's /dev/shm (in its mount namespace): size, peak use while it ran, use at the end.
  vj["shm"] = {{"size_bytes", opt(snap.job_shm_size_bytes)}, {"peak_used_bytes", opt(snap.shm_peak_used_bytes)},
               {"used_bytes", opt(snap.job_shm_used_bytes)}};
  vj["rlimits"] = {{"as_bytes", opt(snap.rlimits.as_soft_bytes)}, {"data_bytes", opt(snap.rlimits.data_soft_bytes)}};
  vj["limit_bytes"] = opt(vi.limit_bytes);
  vj["headroom_bytes"] = vi.limit_bytes && snap.peaks.cgroup_usage_bytes && *vi.limit_bytes >= *snap.peaks.cgroup_usage_bytes
                             ? json(*vi.limit_bytes - *snap.peaks.cgroup_usage_bytes) : json(nullptr);
  vj["kernel_log_readable"] = f.kernel_log_readable;
  vj["signal_trace"] = f.signal_trace;
  std::vector<std::string> notes = f.notes;
  if (snap.gaps > 0)
    notes.push_back(fmt::format(N_("oomlens took no sample {} time(s), for up to {:.1f} s (it was stopped or starved "
                                   "of CPU): see the record's sample_gap events"),
                                snap.gaps, snap.longest_gap_s));
  for (auto& n : f.kernel_log_notes) notes.push_back(n);
  if (f.record_error) notes.push_back(f.record_error->message());
  vj["notes"] = notes;
  if (!f.guard.is_null()) vj["guard"] = f.guard;
  // --budget (guard/budget.h): always recorded; a successful job over it
  // makes oomlens exit 3, a failing job keeps its own status.
  std::optional<guard::BudgetOutcome> budget;
  if (f.budget_bytes) {
    budget = guard::decide_budget(*f.budget_bytes, snap.peaks.tree_pss_bytes(),
                                  snap.peaks.tree_pss_bytes() ? std::optional(snap.peaks.tree_pss_t_s) : std::nullopt,
                                  end.exited && end.exit_code == 0);
    vj["budget"] = guard::budget_json(*budget);
    if (budget->exceeded) {
      out.budget_event = guard::budget_json(*budget);
      out.budget_event["type"] = "event";
      out.budget_event["t_s"] = f.t_s;
      out.budget_event["kind"] = "budget_exceeded";
    }
  }

  if (f.attached && !known) {
    // --pid without a seen wait status: detached by a signal, die of it
    // like any tool interrupted; a kernel OOM kill of the main process is
    // a SIGKILL death; otherwise the verdict is the answer and oomlens
    // exits 0 (docs/run.md, "--pid").
    out.end.exited = true;
    if (vi.still_running) {
      out.end.exited = false;
      out.end.term_signal = f.detach_signal;
    } else if (verdict.cause == "oom_killed" && verdict.confidence == "high") {
      out.end.exited = false;
      out.end.term_signal = SIGKILL;
    }
    return out;
  }
  if (budget && budget->exceeded)
    out.said.push_back(trf("over budget: peak tree PSS {} at {:.1f} s exceeded --budget {} by {}{}",
                           format_bytes(*budget->peak_tree_pss_bytes), budget->peak_t_s.value_or(0),
                           format_bytes(budget->budget_bytes), format_bytes(budget->over_bytes),
                           budget->exit_code ? trf("; exiting {} instead of 0", *budget->exit_code)
                                             : std::string(tr("; the job's own failure status is kept"))));
  out.end = end;
  if (budget && budget->exit_code) out.end.exit_code = *budget->exit_code;
  // The guard stopped the job: not a success, and not the job's own
  // failure either. EX_TEMPFAIL (75): retry with more memory. A scheduler
  // must not count a job stopped at step 0 as done (--keep-job-status: the
  // job's own status).
  if (verdict.cause == "stopped_by_guard" && !f.keep_job_status) {
    out.said.push_back(trf("the guard stopped the job: exiting {} (EX_TEMPFAIL) instead of the job's own status ({}); "
                           "--keep-job-status keeps it", kExitGuardStopped, supervise::shell_status(end)));
    out.end = supervise::JobEnd{};
    out.end.exited = true;
    out.end.exit_code = kExitGuardStopped;
  }
  return out;
}

}  // namespace oomlens::run
