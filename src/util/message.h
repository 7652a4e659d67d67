#pragma once
// The one way to tell the user that something failed: a line on stderr
// `oomlens SUBCOMMAND: MESSAGE` (`oomlens: MESSAGE` outside a subcommand).
// The format string is checked at compile time (fmt::format_string).
#include <cstdio>
#include <string_view>
#include <utility>

#include <fmt/core.h>

namespace oomlens {

/// Prints `oomlens COMMAND: <formatted>` and a newline to stderr; `command`
/// may be empty. Returns nothing: the caller picks the exit status
/// (util/exit_status.h).
template <typename... Args>
void print_error(std::string_view command, fmt::format_string<Args...> format, Args&&... args) {
  fmt::print(stderr, "oomlens{}{}: {}\n", command.empty() ? "" : " ", command,
             fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace oomlens
