#pragma once
// Human-readable rendering of `oomlens explain` (default and --summary).
// Every kernel-provided string goes through printable(): valid UTF-8, no
// control characters reaching the terminal.
#include <string>

#include "diagnose/explain.h"
#include "kernel_log/oom_event.h"

namespace oomlens {

struct TextStyle {
  /// ANSI bold/red/yellow. The CLI sets it when stdout is a terminal and
  /// NO_COLOR is unset (https://no-color.org).
  bool color = false;
  /// Victim lines printed before "… and N more".
  size_t max_victims = 10;
};

/// One event as a block of lines, each ending in '\n':
///   `<time>  <summary>` (time: "YYYY-MM-DD HH:MM:SS" from the wall clock,
///   else "[12345.678 s after boot]"), then indented figure lines (victim,
///   cgroup, machine, trigger, where), then checks (`!` warn, `-` info) and
///   advice (`>`). Sizes via format_bytes(); unknown figures are left out.
[[nodiscard]] std::string render_event_text(const OomEvent& event, const Explanation& explanation,
                                            const TextStyle& style);

/// One line for `--summary`, no trailing newline:
///   `<time>  <kind>  <constraint|?>  <comm>(<pid>)[+N]  anon <size|?>  [limit <size>|ram <size>]  [<cgroup>]`
[[nodiscard]] std::string render_summary_line(const OomEvent& event);

}  // namespace oomlens
