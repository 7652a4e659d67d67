#pragma once
// Whether LD_PRELOAD can reach a program (run --sites): a static binary
// has no dynamic loader to read it, and the loader ignores it for a
// setuid/setgid one.
#include <optional>
#include <string>
#include <string_view>

namespace oomlens::sites {

/// Why preloading cannot work for the ELF bytes `head` (the file's first
/// 4 KiB at least) with mode `mode` (st_mode), or nullopt when it can (or
/// when it is not ELF: a script's interpreter decides). Pure.
[[nodiscard]] std::optional<std::string> preload_blocker(std::string_view head, unsigned mode);

/// The same for the command `argv0` looked up in PATH (nullopt when it
/// cannot be found or read: spawning will say so).
[[nodiscard]] std::optional<std::string> preload_blocker_for_command(const std::string& argv0);

}  // namespace oomlens::sites
