#pragma once
// Memory cgroups, v1 and v2: where a process's memory cgroup is, what its
// limit is, and (behind a seam, for `run --limit`, the demo and tests)
// creating and removing one.
//
// Sources: /proc/PID/cgroup (one `hierarchy-id:controllers:path` line per
// hierarchy, `0::path` for v2), /proc/self/mountinfo (where each hierarchy
// is mounted), v1 `memory.limit_in_bytes` / v2 `memory.max` (bytes, `max`).
// A hybrid machine mounts the v1 memory controller beside a v2 hierarchy
// without it: choose the hierarchy per controller, never from `0::` alone.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace oomlens::cgroup {

enum class Version { v1, v2 };

/// One line of /proc/PID/cgroup.
struct ProcCgroupLine {
  int hierarchy_id = 0;
  std::vector<std::string> controllers;  ///< empty for the v2 line
  std::string path;                      ///< relative to the hierarchy's root
};

/// Parses /proc/PID/cgroup text. Malformed lines are skipped.
[[nodiscard]] std::vector<ProcCgroupLine> parse_proc_cgroup(std::string_view text);

/// The memory cgroup's path in /proc/PID/cgroup text: the line whose
/// controllers list `memory` (v1), or the `0::` line (v2). nullopt when
/// there is no such line. Pure part of `memory_cgroup_path`.
[[nodiscard]] std::optional<std::string> memory_cgroup_in(Version v, std::string_view proc_cgroup_text);

/// Where the memory controller is mounted, from /proc/self/mountinfo text:
/// a `cgroup` mount whose super options list `memory` (v1), else a `cgroup2`
/// mount whose root `cgroup.controllers` lists `memory` (checked by the
/// caller through `v2_has_memory`). Returns the mount point.
struct MemoryHierarchy {
  Version version = Version::v1;
  std::string mount_point;  ///< e.g. /sys/fs/cgroup/memory or /sys/fs/cgroup
};

/// Finds the memory controller's hierarchy under `root` (default "/"):
/// reads ROOT/proc/self/mountinfo, and for cgroup2 mounts
/// ROOT/<mount>/cgroup.controllers. nullopt when no memory controller.
[[nodiscard]] std::optional<MemoryHierarchy> find_memory_hierarchy(const std::string& root = "/");

/// Pure part of find_memory_hierarchy: candidate mounts from mountinfo text,
/// v1 memory mounts first, then cgroup2 mounts.
[[nodiscard]] std::vector<MemoryHierarchy> memory_mount_candidates(std::string_view mountinfo);

/// The memory cgroup of a process as the kernel prints it (relative to the
/// hierarchy's root, e.g. "/oomlens-tests/a"), from ROOT/proc/PID/cgroup;
/// nullopt when the process is gone or has no memory cgroup line.
[[nodiscard]] std::optional<std::string> memory_cgroup_path(const MemoryHierarchy& h, int pid,
                                                            const std::string& root = "/");
/// The memory cgroup directory of a process: ROOT/<mount>/<path>.
[[nodiscard]] std::optional<std::string> memory_cgroup_dir(const MemoryHierarchy& h, int pid,
                                                           const std::string& root = "/");

/// A limit as the kernel reports it: v1 unlimited reads 9223372036854771712
/// (PAGE_COUNTER_MAX * page size), v2 reads `max`.
struct Limit {
  std::optional<uint64_t> bytes;  ///< nullopt when unlimited or unreadable
  bool unlimited = false;
};

/// Parses a v1 `memory.limit_in_bytes` or v2 `memory.max` value.
[[nodiscard]] Limit parse_limit(std::string_view text);

/// Reads the memory limit of the cgroup directory `dir`.
[[nodiscard]] Limit read_limit(Version v, const std::string& dir);

/// The tightest limit from `dir` up to the hierarchy's mount point. A `dir`
/// that does not exist is walked up from too: inside a v1 container,
/// /proc/self/cgroup names `/docker/ID` while the container's mount shows
/// that cgroup at its root. A caller that knows the cgroup was removed
/// (watch reading a killed job's cgroup late) checks for that itself.
[[nodiscard]] Limit tightest_limit(const MemoryHierarchy& h, const std::string& dir);

/// Side effects: creating, filling and removing memory cgroups. Errors
/// (Status, util/result.h) name the call and file ("cannot write '1' to
/// DIR/memory.max") with its errno: callers choose a fallback by errnum.

/// v2: makes sure PARENT/cgroup.subtree_control lists `memory` (writes
/// `+memory` when it does not), so that children of PARENT get memory.max.
/// The error names the file and why the kernel may refuse (EBUSY: PARENT
/// holds processes; ENOENT: its parent does not enable memory).
[[nodiscard]] Status enable_memory_controller(const std::string& parent);

/// mkdir DIR (EEXIST is fine) and write the limit (v1: memory.limit_in_bytes
/// and, where present, memory.memsw.limit_in_bytes; v2: memory.max and
/// memory.swap.max). v2 first enables the memory controller in the parent
/// (enable_memory_controller).
[[nodiscard]] Status create_limited(Version v, const std::string& dir, uint64_t limit_bytes,
                                    bool cap_swap = true);
/// Writes `pid` (0 = the caller) to DIR/cgroup.procs.
[[nodiscard]] Status enter(const std::string& dir, int pid = 0);
/// Pids listed in DIR/cgroup.procs.
[[nodiscard]] std::vector<int> procs(const std::string& dir);
/// Sends SIGKILL to one pid (supervise::ProcessControl::signal in `run`;
/// util's send_signal() where none is given).
using SigkillPid = std::function<Status(int pid)>;
/// How kill_members() reached a cgroup's processes.
struct MembersKilled {
  bool via_cgroup_kill = false;     ///< "1" written to DIR/cgroup.kill (v2, Linux 5.14+)
  int signalled = 0;                ///< else: the pids of DIR/cgroup.procs sent SIGKILL
  std::vector<SystemError> failed;  ///< pids that could not be (ESRCH: exited meanwhile)
};
/// The one way oomlens kills a whole cgroup: DIR/cgroup.kill where writing
/// it works (v2, 5.14+: the kernel kills every member, racing forks
/// included), else `sigkill` for each pid DIR/cgroup.procs lists (v1, and
/// v2 before 5.14; cgroup.procs lists thread-group ids on both).
[[nodiscard]] MembersKilled kill_members(const std::string& dir, const SigkillPid& sigkill);
/// kill_members(), then SIGKILL to what DIR/cgroup.procs still lists until
/// it empties (up to timeout_ms), then rmdir (children first).
[[nodiscard]] Status kill_and_remove(const std::string& dir, int timeout_ms = 10000, const SigkillPid& sigkill = {});
/// The cgroup's oom_kill counter: v1 memory.oom_control `oom_kill N`,
/// v2 memory.events.local (else memory.events) `oom_kill N`.
[[nodiscard]] std::optional<uint64_t> oom_kill_count(Version v, const std::string& dir);

/// A file holding one decimal number (memory.current, memory.peak,
/// memory.usage_in_bytes, ...): its value; nullopt when unreadable or not
/// a number ("max" included).
[[nodiscard]] std::optional<uint64_t> read_u64_file(const std::string& path);
/// The value of `KEY N` in a flat keyed file (memory.stat, memory.events,
/// memory.oom_control, /proc/vmstat: one `key value` pair per line; pure).
/// nullopt when the key is absent or its value is not a number.
[[nodiscard]] std::optional<uint64_t> keyed_value(std::string_view text, std::string_view key);

/// The fields of memory.stat oomlens uses (bytes; null when absent). On v1
/// the hierarchical `total_*` figures (descendants included) come first, the
/// cgroup's local ones when a kernel or cgroup lacks them.
struct MemoryStat {
  std::optional<uint64_t> anon_bytes;           ///< v1 total_rss, v2 anon
  std::optional<uint64_t> shmem_bytes;          ///< v1 total_shmem, v2 shmem
  std::optional<uint64_t> file_bytes;           ///< v1 total_cache, v2 file
  std::optional<uint64_t> inactive_file_bytes;  ///< v1 total_inactive_file, v2 inactive_file
};
/// Parses memory.stat text (mm/memcontrol.c memcg_stat_show on v1,
/// memory_stat_format on v2: `key value` lines, values in bytes; pure).
[[nodiscard]] MemoryStat parse_memory_stat(Version v, std::string_view text);

}  // namespace oomlens::cgroup
