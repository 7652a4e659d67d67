#pragma once
// The kernel's oom_kill counters, so that a kill whose log lines were lost
// (kmsg overflow, printk rate limiting: at most 10 report headers per 5 s) is
// still counted.
//
// Sources: /proc/vmstat `oom_kill N` (mm/vmstat.c; count_vm_event(OOM_KILL)
// in mm/oom_kill.c __oom_kill_process(), once per killed process, machine
// wide, root cgroup included), and per memory cgroup the victim's own
// counter (memcg_memory_event_mm(mm, MEMCG_OOM_KILL)): v2
// `memory.events.local` (v2 `memory.events` rolls up into every ancestor,
// so summing it would double-count), v1 `memory.oom_control` (not rolled up).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "cgroup/cgroup.h"
#include "proc/proc.h"

namespace oomlens::watch {

/// /proc/vmstat's counter is proc::read_vmstat_oom_kill (proc/proc.h).
using proc::read_vmstat_oom_kill;

/// Calls fn(relative_path, absolute_dir) for the memory hierarchy's cgroups,
/// depth first, the root itself excluded ("/a", "/a/b", …: the paths the
/// kernel prints as oom_memcg/task_memcg). Stops after `max_dirs`
/// directories (bounded work on nodes with many containers); returns how
/// many were visited. Directories that vanish while walking are skipped.
size_t walk_memory_cgroups(const cgroup::MemoryHierarchy& h, size_t max_dirs,
                           const std::function<void(const std::string& rel, const std::string& dir)>& fn);

/// oom_kill counter of every cgroup that has one (value > 0), by relative path.
using CgroupCounts = std::map<std::string, uint64_t>;
[[nodiscard]] CgroupCounts read_cgroup_oom_kills(const cgroup::MemoryHierarchy& h, size_t max_dirs = 10000);

/// Kills the counters saw that the log did not, per cgroup: for each path,
/// (now - before) - already_explained, when positive. A path absent from
/// `before` appeared since (its whole count is new). Pure.
[[nodiscard]] CgroupCounts unexplained_kills(const CgroupCounts& before, const CgroupCounts& now,
                                             const CgroupCounts& already_explained);

}  // namespace oomlens::watch
