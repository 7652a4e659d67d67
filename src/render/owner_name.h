#pragma once
// The short name of a memory cgroup's owner, as the human renderers show it.
#include <string>

#include "kernel_log/oom_event.h"

namespace oomlens {

/// The most telling name of `owner` (diagnose/cgroup_owner.h decodes it from
/// the path, diagnose/owner_lookup.h looks names up on the node), without its
/// kind: Kubernetes "namespace/pod/container" (or "namespace/pod" for a pod-level
/// cgroup or its sandbox) once the runtime's state named it; a Docker or
/// Kubernetes container's name; else the decoded id (pod uid, container id,
/// unit, Slurm job or step) with long hex ids shortened as `docker ps` does.
/// Not sanitised: callers pass it through printable() or html_escape().
[[nodiscard]] std::string owner_name(const CgroupOwner& owner);

}  // namespace oomlens
