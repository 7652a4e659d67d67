#pragma once
// Reading small kernel files (/proc, /sys, cgroupfs) whole.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "util/result.h"

namespace oomlens {

/// Writes `value` to the existing file `path` in one write(2) (O_WRONLY,
/// no O_CREAT: a kernel file, /proc/PID/oom_score_adj, cgroup.procs,
/// memory.max). Errors: "cannot open PATH" or "cannot write 'VALUE' to
/// PATH" with errno (EIO for a short write).
[[nodiscard]] Status write_file(const std::string& path, std::string_view value);

/// Reads up to `max_bytes` of `path` with open(2)/read(2) (retrying EINTR).
/// nullopt when it cannot be opened or read; a process that vanished between
/// listing and reading is simply nullopt ("gone" is not an error).
[[nodiscard]] std::optional<std::string> read_file(const std::string& path, size_t max_bytes = size_t{1} << 20);
/// The same, for `name` relative to the directory descriptor `dirfd`
/// (openat(2); AT_FDCWD: the working directory). Through a /proc/PID
/// directory descriptor it reads that process only: once the process has
/// exited, openat fails (ENOENT/ESRCH), even if its pid was reused.
[[nodiscard]] std::optional<std::string> read_file_at(int dirfd, const char* name, size_t max_bytes = size_t{1} << 20);

/// This executable's path (readlink /proc/self/exe): where oomlens finds
/// what it installs beside itself (oomlens-daemon, share/oomlens, the
/// catalogues, liboomlens-sites.so). Error: "readlink /proc/self/exe" with
/// its errno (ENAMETOOLONG past 4 KiB).
[[nodiscard]] Result<std::string> own_executable();

/// `rel` under the fixture root `root` ("/" or "" is the real root): one
/// slash between them, whatever their ends ("/tmp/fx/" + "/proc" is
/// "/tmp/fx/proc"; "/" + "proc" is "/proc"). Readers take a root so tests run
/// on fixture trees.
[[nodiscard]] std::string join_root(std::string_view root, std::string_view rel);

}  // namespace oomlens
