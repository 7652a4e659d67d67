// `oomlens run`: process accounting under fork-heavy load (issue 21):
// the session writes the process events ProcessAccounting
// (run/process_accounting.h) lets through, and feeds it taskstats' exits.
// Without taskstats (no CAP_NET_ADMIN, a pid namespace of its own, no
// CONFIG_TASKSTATS) the unseen count is unknown: null, with the reason.
#include <unistd.h>

#include <string_view>

#include "util/file.h"
#include "proc/proc.h"
#include "util/json_opt.h"
#include "run/session_state.h"

namespace oomlens::run {

using nlohmann::json;

namespace {

/// Whether this process is in the initial pid namespace (taskstats gives
/// its pids there): /proc/self/status NSpid lists one pid. A kernel
/// without NSpid (before 4.1) has no nested namespaces to tell apart.
bool in_initial_pid_namespace() {
  auto st = read_file("/proc/self/status", 1 << 16);
  if (!st) return false;
  const auto levels = proc::parse_pid_status(*st).ns_pid_levels;
  return !levels || *levels == 1;
}

}  // namespace

void Session::open_taskstats() {
  if (!in_initial_pid_namespace()) {
    procs_.set_taskstats(false, "unavailable: oomlens runs in a pid namespace of its own (taskstats gives the host's pids)");
    return;
  }
  auto l = proc::TaskstatsListener::open();
  if (!l) {
    procs_.set_taskstats(false, "unavailable: " + l.error().message());
    return;
  }
  taskstats_.emplace(std::move(*l));
  procs_.set_taskstats(true, "on");
}

void Session::note_process_start(monitor::TrackedProc& p, double t) {
  if (!procs_.start(p.role == monitor::Role::main, t)) {
    p.start_recorded = false;
    return;
  }
  record_.write({{"type", "event"}, {"t_s", t}, {"kind", "process_start"}, {"pid", p.pid}, {"ppid", p.ppid},
                 {"role", monitor::role_name(p.role)}, {"comm", p.comm}, {"cmdline", p.cmdline},
                 {"start_time_ticks", p.start_time_ticks}, {"rank", util::opt(p.rank)},
                 {"local_rank", util::opt(p.local_rank)}});
}

void Session::note_process_exit(const monitor::TrackedProc& p, double t) {
  if (!procs_.exit(static_cast<uint32_t>(p.pid), p.start_recorded, t)) return;
  record_.write({{"type", "event"}, {"t_s", t}, {"kind", "process_exit"}, {"pid", p.pid},
                 {"role", monitor::role_name(p.role)}, {"orphaned", p.orphaned},
                 {"peak_pss_bytes", p.peak_pss_bytes ? json(p.peak_pss_bytes) : json(nullptr)}});
}

void Session::drain_taskstats(double t) {
  std::vector<proc::TaskExit> exits;
  if (taskstats_) exits = taskstats_->drain();
  procs_.count_unseen(exits, tree_->procs(),
                      job_.main_status ? std::nullopt : std::optional(static_cast<uint32_t>(job_.pid)), t);
}

void Session::write_churn(double t, bool last) {
  if (json ev = procs_.churn_event(t, last); !ev.is_null()) record_.write(ev);
}

json Session::process_accounting_json() const {
  return procs_.to_json(tree_->listed_untracked(), taskstats_ ? taskstats_->overflows() : 0);
}

}  // namespace oomlens::run
