#pragma once
// `run --limit`: the job's own leaf memory cgroup.
//
// Where: v1 (this machine's hybrid layout) a child of oomlens's own memory
// cgroup, so every ancestor's limit still applies; v2 a sibling of
// oomlens's own cgroup (the no-internal-processes rule forbids enabling
// the memory controller below a cgroup that holds oomlens), or a child of
// the root. Named `oomlens-run-<oomlens pid>`. memory.oom.group is NOT set:
// the kernel kills one process, so the verdict can say which worker died.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cgroup/cgroup.h"
#include "util/result.h"

namespace oomlens::supervise {

/// `--limit` as typed: bytes ("64M", "32G", "1.5GiB", "1048576") or a
/// percentage ("80%"). K/M/G/T are binary (1024).
struct LimitSpec {
  std::optional<uint64_t> bytes;
  std::optional<double> percent;
};
/// The spec of `text`, or an input_error (errnum 0) whose `what` is a
/// sentence naming `--limit`: a share over 100 %, zero or negative, an
/// unknown unit, out of range, or not a number. Pure.
[[nodiscard]] Result<LimitSpec> parse_limit_spec(std::string_view text);

/// Resolves a spec against what oomlens itself may use: `available_bytes`
/// is the tightest limit of oomlens's own memory cgroup, else MemTotal.
[[nodiscard]] uint64_t resolve_limit(const LimitSpec& spec, uint64_t available_bytes);

/// What oomlens itself may use, what `--limit N%` (and `run --restart`'s
/// growing limit) is a share of: the tightest limit of oomlens's own memory
/// cgroup, else MemTotal, never above MemTotal; 0 when neither is known.
/// Read under `root` (ROOT/proc/self/..., ROOT/proc/meminfo).
[[nodiscard]] uint64_t own_memory_cap_bytes(const std::string& root = "/");

/// Where the job's cgroup goes (pure: tests pass fixture paths).
[[nodiscard]] std::string job_cgroup_dir(cgroup::Version v, const std::string& mount_point,
                                         const std::string& own_dir, int oomlens_pid);

/// The oomlens pid in a job cgroup's name, `oomlens-run-<pid>`; nullopt for
/// any other name. Pure.
[[nodiscard]] std::optional<int> job_cgroup_owner(std::string_view name);

/// A job cgroup a gone oomlens left behind (it was SIGKILLed, or the machine
/// lost it mid-run), found beside the one a run is about to make.
struct StaleJobCgroup {
  std::string dir;
  int owner_pid = 0;
  bool removed = false;  ///< rmdir(2) succeeded
  /// Why not: "rmdir DIR" and its errno (EBUSY: processes still in it, which
  /// oomlens does not kill).
  std::optional<SystemError> error;
};

/// Removes the `oomlens-run-<pid>` directories of `parent` whose owner is
/// gone: `<proc_root>/proc/<pid>/comm` is missing or is not "oomlens" (the
/// pid exited or was reused). `keep` (the run's own name) and live owners'
/// cgroups are left alone; a cgroup that still holds processes cannot be
/// removed and is reported with its error. Readers take a root: tests pass
/// fixture trees (plain directories rmdir the same way).
[[nodiscard]] std::vector<StaleJobCgroup> remove_stale_job_cgroups(const std::string& parent, std::string_view keep,
                                                                   const std::string& proc_root = "/");

struct JobCgroup {
  cgroup::MemoryHierarchy hierarchy;  ///< its mount point under the root (cgroup::under_root), as `dir` is
  std::string dir;  ///< empty until the systemd-run scope is found (then its directory)
  uint64_t limit_bytes = 0;
  bool swap_capped = false;
  /// v2 without a delegated subtree: the job runs under `systemd-run --scope`
  /// (systemd_scope.h), which makes the cgroup; oomlens neither creates nor
  /// removes it.
  bool via_systemd_run = false;
  std::string systemd_run;             ///< its path on PATH
  std::optional<int> systemd_version;  ///< `systemd-run --version`
  std::string own_dir;                 ///< oomlens's own memory cgroup (the scope is any other)
  std::string not_delegated;           ///< why oomlens could not make the cgroup itself
  /// Job cgroups of gone oomlens runs found beside this one (removed or not).
  std::vector<StaleJobCgroup> stale;
};

/// Creates the job's cgroup with the limit (and swap cap unless allow_swap).
/// On v2, when that is not permitted (EACCES/EPERM/EROFS: not delegated)
/// and `systemd-run` is on PATH, returns a JobCgroup with via_systemd_run
/// instead (nothing created yet).
/// Error (errnum 0: SystemError::what is the whole sentence, the errno's
/// text in it): no memory controller, not permitted and what was tried,
/// limit above RAM, ...
/// Everything is read and made under `root` ("/"; a fixture tree in tests):
/// ROOT/proc/self/mountinfo, ROOT/proc/self/cgroup, ROOT/proc/meminfo, the
/// cgroup directories under ROOT, the stale cgroups' owners in ROOT/proc.
[[nodiscard]] Result<JobCgroup> create_job_cgroup(const LimitSpec& spec, bool allow_swap,
                                                  const std::string& root = "/");

}  // namespace oomlens::supervise
