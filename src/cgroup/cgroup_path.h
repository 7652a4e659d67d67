#pragma once
// A cgroup's path as the kernel's lines name it, and whether such a path is a
// given cgroup or below it. Pure functions of strings: no file is read.
#include <optional>
#include <string>
#include <string_view>

namespace oomlens::cgroup {

/// The cgroup directory `dir` as the kernel names it: relative to its
/// hierarchy's mount point `mount_point` (`/sys/fs/cgroup/memory/a/b` under
/// `/sys/fs/cgroup/memory`, v1, or `/sys/fs/cgroup/a/b` under `/sys/fs/cgroup`,
/// v2: `/a/b`); `dir` itself when it is not below the mount (or is the mount);
/// "" when `dir` is empty. Trailing slashes of `mount_point` are ignored.
[[nodiscard]] std::string path_in_hierarchy(std::string_view dir, std::string_view mount_point);

/// Whether the memory cgroup `path` as the kernel prints it (an `oom-kill:`
/// line's oom_memcg=/task_memcg=, `Task in …`: relative to the hierarchy's
/// real root) is the cgroup `own` or one below it. `own` is relative to the
/// hierarchy's mount (path_in_hierarchy()); `path` may be longer than `own`
/// at its start: inside a cgroup namespace the mount shows a subtree while
/// the kernel prints the path from the real root. So: true when some
/// '/'-bounded start of `path` ends with `own` at a '/' (`/job/child`,
/// `/job/`, `/ns/job` are within `/job`; `/job2`, `/x/job2`, `/` are not).
///  - false: `path` is `/`, or no start of it names `own`;
///  - nullopt (unknown): `path` or `own` empty or not starting with '/',
///    `own` the root `/`; or `path` cut by a viewer (`...`/`…` in it) and its
///    whole components before the cut do not already name `own`.
/// Compare the result with `== true` / `== false`: nullopt is neither.
[[nodiscard]] std::optional<bool> cgroup_within(std::string_view own, std::string_view path);

}  // namespace oomlens::cgroup
