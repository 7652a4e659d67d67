#pragma once
// The one way to tell the user that something failed: a line on stderr
// `oomlens SUBCOMMAND: MESSAGE` (`oomlens: MESSAGE` outside a subcommand).
// The format string is checked at compile time (fmt::format_string) and
// translated at run time (util/i18n.h: its msgid, python-brace-format in
// the catalogue; a translation that does not format falls back to it).
#include <cstdio>
#include <string_view>
#include <utility>

#include <fmt/core.h>

#include "util/i18n.h"

namespace oomlens {

/// Prints `oomlens COMMAND: <formatted>` and a newline to stderr; `command`
/// may be empty. Returns nothing: the caller picks the exit status
/// (util/exit_status.h).
template <typename... Args>
void print_error(std::string_view command, fmt::format_string<Args...> format, Args&&... args) {
  const fmt::string_view f = format;  // a string literal: NUL-terminated
  fmt::print(stderr, "oomlens{}{}: {}\n", command.empty() ? "" : " ", command,
             i18n::trf(std::string(f.data(), f.size()).c_str(), std::forward<Args>(args)...));
}

}  // namespace oomlens
