#pragma once
// The one way to tell the user that something failed: a line on stderr
// `oomlens SUBCOMMAND: MESSAGE` (`oomlens: MESSAGE` outside a subcommand).
// The format string is checked at compile time (fmt::format_string) and
// translated at run time (util/i18n.h: its msgid, python-brace-format in
// the catalogue; a translation that does not format falls back to it).
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/core.h>

#include "util/i18n.h"
#include "util/result.h"
#include "util/strerror_tr.h"

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

/// The line a person reads for `error`: `WHAT`, then `: ERRNO TEXT` when it
/// has an errno and ` (ADVICE)` when it has advice; `what` and `advice`
/// retranslated (lower layers write them in English), the errno text from
/// oomlens's catalogue (tr_strerror()).
[[nodiscard]] inline std::string error_text(const SystemError& error) {
  std::string m = retranslate(error.what);
  if (error.errnum != 0) m = trf("{}: {}", m, tr_strerror(error.errnum));
  if (!error.advice.empty()) m = trf("{} ({})", m, retranslate(error.advice));
  return m;
}

/// Prints `oomlens COMMAND: ` and error_text(error).
inline void print_error(std::string_view command, const SystemError& error) {
  print_error(command, "{}", error_text(error));
}

}  // namespace oomlens
