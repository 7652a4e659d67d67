#pragma once
// What `watch` and `daemon` share on the command line: where the live
// kernel log comes from (watch/capture.h CaptureOptions), and opening the
// capture. cli/daemon_options.h uses it too, so it needs only CLI11.
#include <CLI/CLI.hpp>

#include <string>
#include <string_view>

namespace oomlens::watch {
struct CaptureOptions;
class LiveCapture;
}  // namespace oomlens::watch

namespace oomlens::cli {

struct CaptureArgs {
  std::string root = "/";     ///< --root (tests): the system's files under this directory
  std::string kmsg;           ///< --kmsg (tests): a records file instead of /dev/kmsg
  std::string source = "kmsg";  ///< --source: kmsg or journal
  std::string journal_dir;    ///< --journal-dir (tests): with --source journal
  bool no_tracepoints = false;  ///< --no-tracepoints (add_tracepoints_flag)
  int quiet_ms = 300;         ///< --quiet-ms: each subcommand adds it with its own words (the daemon: 100)
};

/// Adds --source and the hidden --root, --kmsg and --journal-dir to `cmd`,
/// bound to *args, which must outlive the parse.
void add_capture_options(CLI::App* cmd, CaptureArgs* args);
/// Adds --no-tracepoints, bound to args->no_tracepoints.
void add_tracepoints_flag(CLI::App* cmd, CaptureArgs* args);
/// Sets `co`'s root, kmsg_path, source, journal_directory, quiet and
/// tracepoints from `a`.
void apply_capture_args(const CaptureArgs& a, watch::CaptureOptions* co);
/// Opens `live`; on an error prints it (`oomlens COMMAND: …`) and returns
/// false. Then `oomlens COMMAND: tracepoints on (…)` or `… off: WHY; kills
/// come from …` on stderr, in the user's language.
[[nodiscard]] bool open_capture(std::string_view command, watch::LiveCapture& live);

}  // namespace oomlens::cli
