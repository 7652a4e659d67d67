#pragma once
// clone3(2) with CLONE_INTO_CGROUP (Linux 5.7+): a fork whose child is born
// in a given cgroup v2 directory, so nothing it does is ever charged
// elsewhere and no write to cgroup.procs is needed after the fork.
//
// glibc 2.36 (Debian 12) has no clone3 wrapper: this is the raw syscall
// with struct clone_args from <linux/sched.h>, fork-like (no CLONE_VM,
// no new stack, exit_signal SIGCHLD). Unlike fork(3) it runs no atfork
// handlers: the child may only make async-signal-safe calls, and must not
// allocate (another thread of the parent may have held the malloc lock).
//
// Errors are the kernel's (kernel/fork.c copy_clone_args_from_user,
// kernel/cgroup/cgroup.c cgroup_css_set_fork): ENOSYS before 5.3, E2BIG
// (5.3-5.6: struct larger than the kernel knows) or EINVAL (unknown flag)
// before 5.7, EBADF when the fd is not a cgroup2 directory (v1),
// EACCES/EPERM without write access to the target's cgroup.procs,
// EBUSY/EOPNOTSUPP when the target cannot hold processes (no internal
// processes rule; a threaded/invalid domain). The caller falls back to
// fork + a write to cgroup.procs on any of them: decide by trying.
#include <sys/types.h>

#include <string>

namespace oomlens::supervise {

/// clone3(CLONE_INTO_CGROUP | CLONE_PIDFD). `cgroup_fd`: an open cgroup v2
/// directory (O_RDONLY|O_DIRECTORY or O_PATH). Returns 0 in the child; the
/// child's pid in the parent, with *pidfd set to a close-on-exec pidfd of
/// it; -1 with errno set (and no child) on failure.
[[nodiscard]] pid_t clone_into_cgroup(int cgroup_fd, int* pidfd);

/// How the job entered its cgroup, as the record header's
/// `limits.cgroup_entry` names it.
inline constexpr const char* kEntryCloneIntoCgroup = "clone_into_cgroup";
inline constexpr const char* kEntryCgroupProcs = "cgroup.procs";
inline constexpr const char* kEntrySystemdRun = "systemd-run";

/// The errno's symbolic name for the kernel errors above ("ENOSYS",
/// "E2BIG", ...; "errno N" otherwise): the record keeps why clone3 was not
/// used.
[[nodiscard]] std::string errno_name(int err);

}  // namespace oomlens::supervise
