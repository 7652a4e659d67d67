#pragma once
// The options `watch` and `daemon` share: where the live kernel log comes
// from (watch/capture.h CaptureOptions). cli/daemon_options.h uses it too,
// so it needs only CLI11.
#include <CLI/CLI.hpp>

#include <string>
#include <string_view>

namespace oomlens::watch {
struct CaptureOptions;
}

namespace oomlens::cli {

struct CaptureArgs {
  std::string root = "/";     ///< --root (tests): the system's files under this directory
  std::string kmsg;           ///< --kmsg (tests): a records file instead of /dev/kmsg
  std::string source = "kmsg";  ///< --source: kmsg or journal
  std::string journal_dir;    ///< --journal-dir (tests): with --source journal
};

/// Adds --source and the hidden --root, --kmsg and --journal-dir to `cmd`,
/// bound to *args, which must outlive the parse.
void add_capture_options(CLI::App* cmd, CaptureArgs* args);
/// Sets `co`'s root, kmsg_path, source and journal_directory from `a`.
void apply_capture_args(const CaptureArgs& a, watch::CaptureOptions* co);
/// `oomlens COMMAND: tracepoints on (…)` or `… off: WHY; kills come from …`
/// on stderr, in the user's language (Capture::tracepoint_status()).
void print_tracepoint_status(std::string_view command, bool on, const std::string& status);

}  // namespace oomlens::cli
