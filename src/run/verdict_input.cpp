// `oomlens run`: what the verdict takes from the job's tree and from /proc
// at the end (run/verdict_input.h).
#include "run/verdict_input.h"

#include <algorithm>

#include "diagnose/killer_daemon.h"
#include "diagnose/worker_memory.h"
#include "proc/proc.h"

namespace oomlens::run {

std::vector<std::string> running_killer_daemons(const std::string& proc_dir) {
  std::vector<std::string> found;
  for (const int pid : proc::list_pids(proc_dir)) {
    auto comm = proc::read_comm(pid, proc_dir);
    if (!comm) continue;
    // The detector `oomlens check` uses: nohang also runs as `python3 …/nohang`.
    auto kind = diagnose::oom_daemon_kind(*comm, proc::read_cmdline(pid, proc_dir));
    if (!kind.empty() && std::find(found.begin(), found.end(), kind) == found.end()) found.push_back(kind);
  }
  return found;
}

WorkerPeaks worker_peaks(const monitor::TrackedProc& p, std::optional<double> end_s) {
  // TrackedProc's peak PSS is 0 until a pass read one (monitor/tree.h).
  WorkerPeaks w{p.peak_private,
                p.smaps_t_s && p.first_private && p.peak_private && p.peak_private->t_s >= *p.smaps_t_s &&
                    p.peak_private->uss_bytes > p.first_private->uss_bytes,
                p.peak_pss_bytes ? std::optional(p.peak_pss_bytes) : std::nullopt,
                p.peak_pss_bytes ? std::optional(p.peak_pss_t_s) : std::nullopt};
  if (!end_s) return w;
  const bool late_private = p.peak_private && p.peak_private->t_s > *end_s;
  const bool late_pss = w.peak_pss_bytes && *w.peak_pss_t_s > *end_s;
  if (!late_private && !late_pss) return w;
  const monitor::TrackedProc::PrivateAt* last = nullptr;
  const monitor::TrackedProc::PrivateAt* peak = nullptr;
  uint64_t pss = 0;
  double pss_t = 0;
  for (const auto& at : p.private_series) {
    if (at.t_s > *end_s) break;
    last = &at;
    if (!peak || at.uss_bytes > peak->uss_bytes) peak = &at;
    if (at.pss_bytes > pss) {
      pss = at.pss_bytes;
      pss_t = at.t_s;
    }
  }
  if (late_private) {
    w.peak = peak ? std::optional(*peak) : std::nullopt;
    w.growing_at_last_pass = peak && peak == last && p.first_private && peak->uss_bytes > p.first_private->uss_bytes;
  }
  if (late_pss) {  // no pass before end_s read a PSS: unknown
    w.peak_pss_bytes = pss ? std::optional(pss) : std::nullopt;
    w.peak_pss_t_s = pss ? std::optional(pss_t) : std::nullopt;
  }
  return w;
}

std::optional<double> growth_end_s(std::optional<double> main_exit_t, std::optional<double> first_kill_t) {
  if (first_kill_t && (!main_exit_t || *first_kill_t < *main_exit_t)) return first_kill_t;
  return main_exit_t;
}

void add_tree_to_verdict(const std::vector<monitor::TrackedProc>& procs, std::optional<double> main_exit_t,
                         std::optional<double> first_kill_t, diagnose::VerdictInput& vi) {
  const std::optional<double> end_s = growth_end_s(main_exit_t, first_kill_t);
  const monitor::TrackedProc* mainp = nullptr;
  for (auto& p : procs)
    if (p.role == monitor::Role::main) mainp = &p;
  if (mainp) {
    const std::string& c = mainp->cmdline;
    vi.main_comm = c.find("torch.distributed.run") != std::string::npos || c.find("torchrun") != std::string::npos
                       ? "torchrun" : mainp->comm;  // torchrun's agent runs as `python3`
  }
  for (auto& p : procs) {
    if (p.role == monitor::Role::program) ++vi.program_count;
    if (p.role != monitor::Role::worker) continue;
    ++vi.worker_count;
    const WorkerPeaks wp = worker_peaks(p, end_s);
    if (wp.peak_pss_bytes) vi.workers_pss.push_back({*wp.peak_pss_bytes, p.first_seen_s, p.gone_s});
    const monitor::TrackedProc* parent = mainp;  // a program's workers are compared with that program
    for (auto& q : procs)
      if (q.role == monitor::Role::program && (q.pid == p.ppid || q.cmdline == p.cmdline)) parent = &q;  // orphaned: ppid is oomlens
    if (!vi.worker_start_method && parent)
      vi.worker_start_method = diagnose::worker_start_method(p.cmdline, parent->cmdline);
    if (p.first_private && wp.peak) {
      if (!vi.worker_pool) vi.worker_pool.emplace();
      vi.worker_pool->workers.push_back({p.first_private->uss_bytes, p.first_private->rss_anon_bytes,
                                         wp.peak->uss_bytes,
                                         std::max(wp.peak->rss_anon_bytes, p.peak_tick_rss_anon_bytes),
                                         p.first_seen_s, p.gone_s, wp.growing_at_last_pass});
      for (const auto& at : p.private_series)
        vi.worker_pool->workers.back().private_series.push_back({at.t_s, at.uss_bytes});
      if (parent && parent->peak_private)  // the parent's highest RssAnon at a pass
        vi.worker_pool->parent_rss_anon_bytes =
            std::max(vi.worker_pool->parent_rss_anon_bytes.value_or(0), parent->max_rss_anon_bytes);
      if (parent && vi.worker_pool->parent_anon_series.empty())  // its growth per epoch
        for (const auto& at : parent->private_series)
          vi.worker_pool->parent_anon_series.push_back({at.t_s, at.rss_anon_bytes});
    }
  }
  // The main program's curve: the main process, or under a launcher the
  // program that held the most anonymous memory.
  const monitor::TrackedProc* grower = mainp;
  for (auto& p : procs)
    if (p.role == monitor::Role::program && (!grower || p.max_rss_anon_bytes > grower->max_rss_anon_bytes)) grower = &p;
  if (grower)
    for (const auto& at : grower->private_series) vi.main_curve.series.push_back({at.t_s, at.rss_anon_bytes});
  vi.main_curve.limit_bytes = vi.limit_bytes;
  vi.main_curve.end_s = end_s;
  if (vi.worker_pool) {
    vi.worker_pool->start_method = vi.worker_start_method;
    vi.worker_pool->limit_bytes = vi.limit_bytes;
    vi.worker_pool->main_end_s = end_s;
  }
}

}  // namespace oomlens::run
