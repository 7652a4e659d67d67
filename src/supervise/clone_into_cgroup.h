#pragma once
// How the job entered its cgroup. clone3(2) with CLONE_INTO_CGROUP (Linux
// 5.7+) makes the child in a given cgroup v2 directory, so nothing it does
// is ever charged elsewhere and no write to cgroup.procs is needed after
// the fork; the launcher (util/launch.h) tries it and falls back to fork +
// a write to cgroup.procs on any error (decide by trying): ENOSYS before
// 5.3, E2BIG or EINVAL before 5.7, EBADF for a v1 directory, EACCES/EPERM
// without write access to the target's cgroup.procs, EBUSY/EOPNOTSUPP when
// the target cannot hold processes (kernel/fork.c
// copy_clone_args_from_user, kernel/cgroup/cgroup.c cgroup_css_set_fork).
#include <string>

#include "util/result.h"

namespace oomlens::supervise {

/// How the job entered its cgroup, as the record header's
/// `limits.cgroup_entry` names it.
inline constexpr const char* kEntryCloneIntoCgroup = "clone_into_cgroup";
inline constexpr const char* kEntryCgroupProcs = "cgroup.procs";
inline constexpr const char* kEntrySystemdRun = "systemd-run";

/// The errno's symbolic name for the kernel errors above ("ENOSYS",
/// "E2BIG", ...; "errno N" otherwise): the record keeps why clone3 was not
/// used.
[[nodiscard]] std::string errno_name(int err);

/// The `what` of a failed clone3 itself (spawn.h: Spawned::clone3_error).
inline constexpr const char* kClone3What = "clone3(CLONE_INTO_CGROUP)";

/// A clone3 error as the record header's `limits.clone3_error` keeps it:
/// the errno's name ("ENOSYS") when clone3 itself failed, else what failed
/// before it and the name ("open DIR: ENOENT").
[[nodiscard]] std::string clone3_error_text(const SystemError& error);

}  // namespace oomlens::supervise
