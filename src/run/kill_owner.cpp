// Whose a kill of an unseen process is (see kill_owner.h).
#include "run/kill_owner.h"

namespace oomlens::run {

bool cgroup_within(std::string_view own, std::string_view path) {
  if (path.size() < 2 || path.front() != '/') return false;  // "/" is every cgroup's ancestor, never within one
  for (size_t end = 1; end <= path.size(); ++end) {
    if (end < path.size() && path[end] != '/') continue;
    const std::string_view start = path.substr(0, end);
    if (own.size() > 1 && start.ends_with(own)) return true;
  }
  return false;
}


KillOwner unseen_kill_owner(const monitor::KernelKill& k, std::string_view own_cgroup_dir) {  // cgroup_within()'s `own`
  if (own_cgroup_dir.empty()) return KillOwner::unknown;
  if (k.task_memcg && !k.task_memcg->empty())
    return cgroup_within(own_cgroup_dir, *k.task_memcg) ? KillOwner::job : KillOwner::unrelated;
  // No task_memcg (before 5.0 no `oom-kill:` line prints either): a memcg OOM of the job's cgroup scans only its
  // tasks. Another oom_memcg proves nothing here: an ancestor's (outside a cgroup namespace's view) holds the job's.
  if (k.constraint == std::optional<std::string>("memcg") && k.oom_memcg && cgroup_within(own_cgroup_dir, *k.oom_memcg))
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
