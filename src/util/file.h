#pragma once
// Reading small kernel files (/proc, /sys, cgroupfs) whole.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace oomlens {

/// Reads up to `max_bytes` of `path` with open(2)/read(2) (retrying EINTR).
/// nullopt when it cannot be opened or read; a process that vanished between
/// listing and reading is simply nullopt ("gone" is not an error).
[[nodiscard]] std::optional<std::string> read_file(const std::string& path, size_t max_bytes = size_t{1} << 20);
/// read_file() of `name` relative to the directory fd `dirfd` (openat(2)),
/// e.g. a held /proc/PID directory, so a reused pid is never read instead.
[[nodiscard]] std::optional<std::string> read_file_at(int dirfd, const char* name,
                                                      size_t max_bytes = size_t{1} << 20);

/// `rel` under the fixture root `root` ("/" or "" is the real root): one
/// slash between them, whatever their ends ("/tmp/fx/" + "/proc" is
/// "/tmp/fx/proc"; "/" + "proc" is "/proc"). Readers take a root so tests run
/// on fixture trees.
[[nodiscard]] std::string join_root(const std::string& root, std::string_view rel);

}  // namespace oomlens
