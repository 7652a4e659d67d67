// Whose a kill of an unseen process is (see kill_owner.h).
#include "run/kill_owner.h"

#include "cgroup/cgroup_path.h"

namespace oomlens::run {

KillOwner unseen_kill_owner(const monitor::KernelKill& k, std::string_view own_cgroup) {
  if (own_cgroup.empty()) return KillOwner::unknown;
  if (k.task_memcg) {
    if (const auto within = cgroup::cgroup_within(own_cgroup, *k.task_memcg))
      return *within ? KillOwner::job : KillOwner::unrelated;
  }
  // No task_memcg (before 5.0 no `oom-kill:` line prints either), or one cut short: a memcg OOM of the job's cgroup
  // (or of one below it) scans only its tasks. Another oom_memcg proves nothing here: an ancestor's (outside a cgroup
  // namespace's view) holds the job's.
  if (k.constraint == std::optional<std::string>("memcg") && k.oom_memcg &&
      cgroup::cgroup_within(own_cgroup, *k.oom_memcg) == true)
    return KillOwner::job;
  return KillOwner::unknown;
}

const char* kill_owner_name(KillOwner o) {
  switch (o) {
    case KillOwner::job: return "job";
    case KillOwner::unrelated: return "unrelated";
    case KillOwner::unknown: return "unknown";
  }
  return "unknown";
}

}  // namespace oomlens::run
