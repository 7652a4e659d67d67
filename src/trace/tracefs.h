#pragma once
// Where the signal trace's tracefs comes from: a tracefs someone mounted on
// the host, else one oomlens mounts for itself without touching the host's
// mount table. The side effects (open, fork, unshare, mount) sit behind a
// seam, TracefsAccess; find_tracefs() only decides.
//
// The private mount: a short-lived child unshare(CLONE_NEWNS)s, makes every
// mount in its new namespace private (MS_REC|MS_PRIVATE on /, so nothing
// propagates back), mounts tracefs over a directory of that namespace
// (/sys/kernel/tracing, else /tmp), opens `<mount>/instances` and hands the
// fd back over a unix socket (SCM_RIGHTS), then exits. Its namespace dies
// with it; the fd keeps the (now detached) mount usable: mkdirat(),
// openat() and unlinkat(AT_REMOVEDIR) relative to it work from the parent's
// namespace. tracefs has a single superblock, so an instance made this way
// is the same one any other tracefs mount on the machine shows.
//
// Allowed where the caller has CAP_SYS_ADMIN (decided by trying, never by
// uid): otherwise unshare() fails with EPERM and the reason says so.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace oomlens::trace {

/// Where to look for tracefs, best first, from /proc/self/mounts text
/// (pure): every `tracefs` mount point, then `<debugfs mount>/tracing`,
/// then /sys/kernel/tracing and /sys/kernel/debug/tracing (deduplicated).
[[nodiscard]] std::vector<std::string> tracefs_candidates(std::string_view mounts);

/// An open `<tracefs>/instances` directory.
struct TracefsDir {
  int instances_fd = -1;  ///< O_RDONLY|O_DIRECTORY|O_CLOEXEC; the receiver owns (closes) it
  /// For messages and the record's `signal_trace_tracefs`: the host mount
  /// point ("/sys/kernel/tracing") or "private mount".
  std::string where;
  bool private_mount = false;
};

/// What one way of getting tracefs gave: the directory, or why not.
struct TracefsAttempt {
  std::optional<TracefsDir> dir;
  /// Set when !dir: the step that failed and its errno, e.g.
  /// "unshare(CLONE_NEWNS)", EPERM, advice "needs CAP_SYS_ADMIN".
  SystemError error;
};

/// The seam: the side effects find_tracefs() decides between.
struct TracefsAccess {
  /// Opens `<root>/instances` (O_DIRECTORY): the fd, or -1 with errno set.
  std::function<int(const std::string& instances_path)> open_dir;
  /// Mounts a private tracefs (see the file comment).
  std::function<TracefsAttempt()> mount_private;
};

/// The real side effects: open(2), and mount_private_tracefs().
[[nodiscard]] TracefsAccess real_tracefs_access();

/// Forks the child described in the file comment and waits for it (at most
/// 5 s); the instances fd, or the step that failed and its errno text
/// ("unshare(CLONE_NEWNS): Operation not permitted (needs CAP_SYS_ADMIN)",
/// "mount tracefs: No such device", ...).
[[nodiscard]] TracefsAttempt mount_private_tracefs();

/// The first host tracefs among tracefs_candidates(`mounts`) whose
/// `instances` opens; else, when none does, a private mount; else the
/// reason for both, e.g. "no tracefs mount with instances
/// (/sys/kernel/tracing), and cannot mount a private one: unshare(...): ...".
/// A host mount that denies access (EACCES/EPERM) is named in the reason.
[[nodiscard]] TracefsAttempt find_tracefs(std::string_view mounts, const TracefsAccess& access);

/// Writes `value` to the existing tracefs file `rel` under `dirfd` (an
/// instances directory). Error: `shown` with the errno of the open(2) or
/// write(2) that failed (EIO for a short write).
[[nodiscard]] Status write_at(int dirfd, const std::string& rel, const std::string& shown, std::string_view value);
/// The whole of file `rel` under `dirfd`. Error: "cannot read SHOWN" with
/// the errno of the open(2) or read(2) that failed.
[[nodiscard]] Result<std::string> read_at(int dirfd, const std::string& rel, const std::string& shown);

}  // namespace oomlens::trace
