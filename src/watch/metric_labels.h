#pragma once
// The owner labels of a kill on the daemon's /metrics, bounded: what
// outlives one kill (the Slurm job, the Kubernetes pod, the systemd unit or
// its template, oomlens's own `run --limit` cgroups as one owner), never a
// part that is new for every kill (a step, a container id, a pid, a
// transient unit's number). Pure.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "kernel_log/oom_event.h"

namespace oomlens::watch {

/// (cgroup_owner_kind, cgroup_owner)
using OwnerKey = std::pair<std::string, std::string>;

/// The labels of an event's memory cgroup (`oom_memcg`, else `task_memcg`,
/// and its decoded owner):
///  - kubernetes: "namespace/pod/container" when the names were looked up
///    (owner_lookup.h; "namespace/pod" for the pod's own limit or its
///    sandbox), else the pod uid (never the container id), else the QoS class;
///  - slurm: the job id "J" (not "J.S");
///  - `oomlens-run-<pid>` (oomlens run --limit) outside those:
///    ("oomlens", "run");
///  - systemd: the unit, with a transient unit's unique part as `*`
///    (systemd_unit_template), after its slice ("user-1000.slice/session-*.scope");
///  - other owners: the looked-up name (docker), else the id;
///  - no owner: ("cgroup", the path); no memory cgroup: ("none", "").
[[nodiscard]] OwnerKey owner_labels(const OomEvent& e);

/// A systemd unit name with its per-instance part as `*`: `run-u123.scope`,
/// `run-r<hex>.service`, `run-p7-i9.scope` → `run-*.scope`/`.service`;
/// `session-12.scope` → `session-*.scope`; `app-gnome-firefox-4242.scope` →
/// `app-gnome-firefox-*.scope`; `app-foo@<hex>.service` → `app-foo@*.service`.
/// Other names unchanged (`nginx.service`, `user@1000.service`).
[[nodiscard]] std::string systemd_unit_template(std::string_view unit);

/// Whether a path has an `oomlens-run-<digits>` component (run --limit's job cgroup).
[[nodiscard]] bool is_oomlens_run_cgroup(std::string_view path);

}  // namespace oomlens::watch
