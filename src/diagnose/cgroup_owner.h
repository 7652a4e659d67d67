#pragma once
// Who owns a memory cgroup, decoded from the path the kernel printed
// (`oom_memcg=`/`task_memcg=` in mm/oom_kill.c dump_oom_summary(), `Task in
// X killed as a result of limit of Y` in mm/memcontrol.c ≤4.20,
// `Memory cgroup stats for X:`). Naming conventions, not lookups: the path is
// all the log gives, and the container may be long gone.
#include <optional>
#include <string_view>

#include "kernel_log/oom_event.h"

namespace oomlens {

/// Decodes the owner of a cgroup path; nullopt when no known manager's
/// naming convention matches (e.g. "/", "/1066/uid"). Checked in this order,
/// most specific first, so a Docker scope inside a Kubernetes pod is
/// "kubernetes" and a slurmstepd scope under system.slice is "slurm":
///  - kubernetes: a `kubepods` (cgroupfs) or `kubepods.slice` (systemd)
///    component. QoS from `burstable`/`besteffort` (`kubepods-burstable.slice`),
///    else "guaranteed" once a pod component is present. Pod uid from
///    `pod<uid>` / `kubepods-<qos>-pod<uid_with_underscores>.slice`
///    (underscores → dashes). Container id from the next component
///    (`<id>`, `cri-containerd-<id>.scope`, `crio-<id>.scope`,
///    `docker-<id>.scope`; `runtime` "containerd", "cri-o", "docker" from
///    the scope's prefix, nullopt for a bare id). `id` = container id, else
///    pod uid, else the QoS component. Pod and container names are not in
///    the path: lookup_owner_names() (owner_lookup.h) reads them.
///  - slurm: `/slurm[_node]/uid_U/job_J[/step_S]` (v1) or
///    `…/slurmstepd.scope/job_J[/step_S]` (v2); `id` = "J" or "J.S"
///    (sacct's job.step naming, e.g. "123.batch"); also `job_id` "J",
///    `step` "S" and (v1) `uid` U from `uid_U`.
///  - docker: `/docker/<hex>` (cgroupfs) or `docker-<hex>.scope` (systemd).
///  - podman: `libpod-<hex>.scope`, `libpod-conmon-<hex>.scope`, `/libpod_parent/libpod-<hex>`.
///  - containerd: `cri-containerd-<hex>.scope`, `nerdctl-<hex>.scope` outside kubepods.
///  - lxc: `/lxc/<name>`, `/lxc.payload.<name>`, `/lxc.payload/<name>`.
///  - systemd: the last component ending in `.service`, `.scope` or `.slice`
///    (`/system.slice/foo.service` → "foo.service",
///    `/user.slice/user-1000.slice/session-2.scope` → "session-2.scope").
/// Hex ids must be 12–64 hex digits. Never throws.
[[nodiscard]] std::optional<CgroupOwner> decode_cgroup_owner(std::string_view path);

/// The owner of a report's memory cgroup: decode_cgroup_owner() of
/// `oom_memcg` (whose limit was hit), else of `task_memcg`. A Slurm job
/// whose limit is set on the job (`…/job_J`, as task/cgroup does) gets the
/// step the victim was in from `task_memcg` (`…/job_J/step_batch/task_0`):
/// `id` stays "J", `step` becomes "batch". Never throws.
[[nodiscard]] std::optional<CgroupOwner> decode_memcg_owner(const MemcgInfo& memcg);

}  // namespace oomlens
