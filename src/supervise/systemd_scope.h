#pragma once
// `run --limit` on cgroup v2 without a delegated subtree: the job runs as
//   systemd-run [--user] --scope --quiet --collect [--expand-environment=no]
//               -p MemoryMax=BYTES [-p MemorySwapMax=0] -- CMD ARGS...
// systemd-run --scope asks the service manager (StartTransientUnit) for a
// scope holding its own pid, waits for that job, then execvpe()s CMD in the
// same process (systemd src/run/run.c start_transient_scope; systemd-run(1):
// "executed by systemd-run itself as parent process"): the pid oomlens
// forked stays the job's pid, and the scope's cgroup (memory.max set by
// systemd) is read from /proc/PID/cgroup once systemd has moved it there.
//
// Not exercised against a real systemd on the build machine (PID 1 is not
// systemd; the test VM has none): the tests use a stub `systemd-run` first
// on PATH (tests/vm/guest-init.sh `run-limit-systemd-run`).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cgroup/cgroup.h"

namespace oomlens::supervise {

struct ScopeRequest {
  uint64_t limit_bytes = 0;
  bool cap_swap = true;   ///< MemorySwapMax=0 (unset with --allow-swap)
  bool user = false;      ///< --user: the caller's own service manager (not root)
  /// systemd-run's version: 254+ expands $VAR in a scope's command line
  /// unless --expand-environment=no (which older versions reject).
  std::optional<int> systemd_version;
};

/// The whole argv: `systemd_run` (its path), the options, "--", `command`.
/// Pure.
[[nodiscard]] std::vector<std::string> systemd_run_argv(const std::string& systemd_run, const ScopeRequest& r,
                                                        const std::vector<std::string>& command);

/// "systemd 252 (252.30-1~deb12u2)\n+PAM ..." -> 252 (the first line of
/// `systemd-run --version`). nullopt when it is not that shape. Pure.
[[nodiscard]] std::optional<int> parse_systemd_version(std::string_view text);

/// Whether a mkdir/write errno means "this subtree is not delegated to us"
/// (EACCES, EPERM, EROFS), the case the systemd-run fallback is for.
[[nodiscard]] bool not_delegated_errno(int err);

/// The first executable PATH_DIR/NAME along `path_env` (colon-separated;
/// empty entries are the current directory), or nullopt.
[[nodiscard]] std::optional<std::string> find_on_path(const std::string& name, const char* path_env);

/// Runs `EXE --version` (at most ~2 s) and parses it; nullopt on any failure.
[[nodiscard]] std::optional<int> systemd_run_version(const std::string& exe);

/// Polls ROOT/proc/PID/cgroup (every 5 ms, up to timeout_ms) until PID's
/// memory cgroup differs from `own_dir`: the scope's directory. `h` is the
/// hierarchy under ROOT (cgroup::under_root: JobCgroup::hierarchy), as
/// `own_dir` and the directory returned are. nullopt when PID ended first
/// (systemd-run failed: gone, or a zombie in ROOT/proc/PID/stat) or the time
/// ran out.
[[nodiscard]] std::optional<std::string> wait_for_scope_cgroup(const cgroup::MemoryHierarchy& h, int pid,
                                                               const std::string& own_dir, int timeout_ms,
                                                               const std::string& root = "/");

}  // namespace oomlens::supervise
