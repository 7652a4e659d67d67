#pragma once
// Running a command per event (`--exec`, `--notify`) without a shell: the
// program and its arguments come from the user; event text (process names
// are chosen by whoever runs the process) goes only into the environment
// and stdin, never into the command line.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <sys/types.h>

#include "util/result.h"

namespace oomlens::watch {

/// Splits CMD on blanks (text::take_token: space, tab, carriage return)
/// into argv. No quoting, no globbing, no variables: a program that needs
/// more is a script.
[[nodiscard]] std::vector<std::string> split_command(std::string_view cmd);

/// Starts argv[0] (searched in PATH) with the current environment plus
/// `env`, and `stdin_data` readable on its stdin (an in-memory file, so a
/// slow reader never blocks us). Does not wait. Returns the pid. Errors:
/// "empty command" (errnum 0), "memfd_create", argv[0] with exec's errno
/// (ENOENT: not found in PATH), or the launcher's (util/launch.h).
[[nodiscard]] Result<pid_t> spawn_detached(const std::vector<std::string>& argv,
                                           const std::vector<std::pair<std::string, std::string>>& env,
                                           std::string_view stdin_data);

/// Reaps spawned children that have exited (never blocks); returns how many.
size_t reap_children();

/// True when a desktop session is reachable (DISPLAY or WAYLAND_DISPLAY set).
[[nodiscard]] bool graphical_session();

/// The first executable `name` in PATH, or "" when none.
[[nodiscard]] std::string find_in_path(std::string_view name);

}  // namespace oomlens::watch
