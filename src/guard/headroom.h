#pragma once
// Headroom: how far the job's working set is from the limit that would
// OOM-kill it.
//
// The working set is what the kernel cannot reclaim: anon + shmem +
// unreclaimable kernel memory, computed as the cgroup's usage minus its
// inactive file cache (the kubelet's `container_memory_working_set_bytes`):
// v1 memory.usage_in_bytes - memory.stat total_inactive_file, v2
// memory.current - memory.stat inactive_file. Raw usage is never compared:
// it sits at the limit for any job that streams files through the cache.
//
// The effective limit is the smallest of, for every cgroup level from the
// job's up to the hierarchy root that has a limit (v1
// memory.limit_in_bytes, v2 memory.max), what that level can still give
// plus what the job holds (limit - level working set + job working set),
// and for the machine (or a container without a cgroup limit) MemAvailable
// plus what the job holds. memory.high (v2) is reported separately: the
// kernel throttles there, it does not kill.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cgroup/cgroup.h"

namespace oomlens::guard {


/// usage - inactive_file (never below 0); null when usage is unknown. An
/// unknown inactive_file leaves usage itself (an over-estimate, stated).
[[nodiscard]] std::optional<uint64_t> working_set_bytes(std::optional<uint64_t> usage_bytes,
                                                        std::optional<uint64_t> inactive_file_bytes);

/// One cgroup level, the job's first, then each parent up to the root.
struct Level {
  std::string dir;
  std::optional<uint64_t> limit_bytes;        ///< null when unlimited/unreadable
  std::optional<uint64_t> working_set_bytes;  ///< of the whole level (its descendants included)
  std::optional<uint64_t> high_bytes;         ///< v2 memory.high; null when `max` or absent
};

struct HeadroomInput {
  std::optional<uint64_t> job_working_set_bytes;
  std::vector<Level> levels;
  std::optional<uint64_t> mem_available_bytes;  ///< /proc/meminfo MemAvailable
};

struct Headroom {
  std::optional<uint64_t> working_set_bytes;
  std::optional<uint64_t> effective_limit_bytes;
  std::string limit_source;  ///< "cgroup <dir>", "machine (MemAvailable)", "" unknown
  std::optional<uint64_t> headroom_bytes;       ///< effective limit - working set (0 when above)
  std::optional<double> used_fraction;          ///< working set / effective limit
  std::optional<uint64_t> high_bytes;           ///< the tightest memory.high (a throttling point)
};

/// Pure: see the file comment.
[[nodiscard]] Headroom compute_headroom(const HeadroomInput& in);

/// Reads the levels from `dir` up to the hierarchy's mount point. Each
/// level's limit and memory.high; usage and memory.stat only for levels
/// with a limit (a walk: call it about once a second).
[[nodiscard]] std::vector<Level> read_levels(const cgroup::MemoryHierarchy& h, const std::string& dir);

/// The job level's working set now: usage and memory.stat of `dir` (two
/// small reads; the guard's per-poll cost).
[[nodiscard]] std::optional<uint64_t> read_working_set(const cgroup::MemoryHierarchy& h, const std::string& dir);

}  // namespace oomlens::guard
