#pragma once
// `oomlens run`: whose a kernel kill is when no /proc pass saw its process
// (Session::handle_kills). Pure: a function of the kill line and the job's
// own cgroup (--limit's). The traced fork and its parent in the tree
// (taskstats, oom:mark_victim) are joined later (run/traced_kills.h).
#include <string_view>

#include "monitor/kernel_watch.h"

namespace oomlens::run {

/// What the kill line proves about the job: its process ran in the job's
/// own cgroup (`job`), somewhere the job's processes never run (`unrelated`),
/// or nothing (`unknown`).
enum class KillOwner { job, unrelated, unknown };

/// The owner of kill `k` of a process no /proc pass saw, from its `oom-kill:`
/// line (5.0+) and `own_cgroup` (the job's own cgroup relative to its
/// hierarchy's mount, as cgroup::cgroup_within() takes it; empty without one:
/// then `unknown`):
///  - its task_memcg within the job's cgroup: `job`; outside it: `unrelated`;
///  - no task_memcg (or one cut short that does not show which), a memcg OOM
///    whose oom_memcg is within the job's cgroup: `job` (such an OOM scans
///    only that cgroup's tasks);
///  - else `unknown` (a global kill with no cgroup printed: the victim may be
///    the job's or a neighbour's).
[[nodiscard]] KillOwner unseen_kill_owner(const monitor::KernelKill& k, std::string_view own_cgroup);

/// "job", "unrelated", "unknown".
[[nodiscard]] const char* kill_owner_name(KillOwner o);

}  // namespace oomlens::run
