// The capture options of `watch` and `daemon` (see capture_options.h).
#include "cli/capture_options.h"

#include "util/i18n.h"
#include "util/message.h"
#include "watch/capture.h"
#include "watch/live_capture.h"

namespace oomlens::cli {

void add_capture_options(CLI::App* cmd, CaptureArgs* args) {
  cmd->add_option("--root", args->root, "Root of the system's files (for tests)")->group("");
  cmd->add_option("--kmsg", args->kmsg, "Kernel log records file instead of /dev/kmsg (for tests)")->group("");
  cmd->add_option("--source", args->source,
                  "Where kernel log lines come from: kmsg (/dev/kmsg) or journal (systemd journal, followed from its end)")
      ->check(CLI::IsMember({"kmsg", "journal"}));
  cmd->add_option("--journal-dir", args->journal_dir, "With --source journal: a journal directory (for tests)")
      ->group("");
}

void add_tracepoints_flag(CLI::App* cmd, CaptureArgs* args) {
  cmd->add_flag("--no-tracepoints", args->no_tracepoints,
                "Do not use the oom:mark_victim tracepoint (a private tracefs instance)");
}

void apply_capture_args(const CaptureArgs& a, watch::CaptureOptions* co) {
  co->root = a.root;
  co->kmsg_path = a.kmsg;
  co->source = a.source == "journal" ? watch::LiveSource::journal : watch::LiveSource::kmsg;
  co->journal_directory = a.journal_dir;
  co->quiet = std::chrono::milliseconds(a.quiet_ms);
  co->tracepoints = !a.no_tracepoints;
}

bool open_capture(std::string_view command, watch::LiveCapture& live) {
  if (auto st = live.open(); !st) {
    print_error(command, st.error());
    return false;
  }
  const watch::Capture& capture = live.capture();
  if (capture.tracepoints_on())
    print_error(command, "tracepoints {}", capture.tracepoint_status());
  else
    print_error(command, "tracepoints {}; kills come from the kernel log and the oom_kill counters only",
                capture.tracepoint_status());
  return true;
}

}  // namespace oomlens::cli
