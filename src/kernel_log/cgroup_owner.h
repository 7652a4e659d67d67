#pragma once
// Decodes who owns a cgroup path from its name (Docker, Kubernetes, systemd,
// Slurm, LXC, Podman, containerd), for MemcgInfo::owner. Pure function; the
// path shapes are those written by the runtimes' cgroup drivers (cgroupfs
// and systemd), e.g.
//   /kubepods/burstable/pod<uid>/<container-id>
//   /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod<uid_>.slice/cri-containerd-<id>.scope
//   /docker/<id>, /system.slice/docker-<id>.scope, /machine.slice/libpod-<id>.scope
//   /system.slice/nginx.service, /user.slice/user-1000.slice/session-2.scope
//   /slurm/uid_1000/job_42/step_0, /lxc/<name>, /lxc.payload.<name>
#include <optional>
#include <string_view>

#include "kernel_log/oom_event.h"

namespace oomlens {

/// nullopt when the path names no known owner (e.g. "/").
std::optional<CgroupOwner> decode_cgroup_owner(std::string_view path);

}  // namespace oomlens
