// `oomlens watch`: follow the kernel log live and print each OOM event as it
// happens (one sentence, or one JSON object per line with --json), run a
// command per event, notify the desktop. The work is in src/watch/.
#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <memory>

#include "cli/capture_options.h"
#include "cli/commands.h"
#include "cli/subcommand_text.h"
#include "watch/capture.h"
#include "watch/exec.h"
#include "watch/live_capture.h"
#include "watch/loop.h"
#include "watch/watch_event.h"
#include "util/fd.h"
#include "util/i18n.h"
#include "util/message.h"

namespace oomlens::cli {
namespace {

struct WatchArgs : CaptureArgs {
  bool json = false;
  bool notify = false;
  bool no_counters = false;
  bool every_event = false;
  std::string exec;
};

int run_watch(const WatchArgs& a) {
  // Events go out as JSON (--json, --exec's stdin) too: Capture explains
  // them in English (watch::english_explanation) and watch_event_line()
  // retranslates the text line.
  std::vector<std::string> exec_argv;
  if (!a.exec.empty()) {
    exec_argv = watch::split_command(a.exec);
    const bool found = !exec_argv.empty() && (exec_argv[0].find('/') != std::string::npos
                                                  ? ::access(exec_argv[0].c_str(), X_OK) == 0
                                                  : !watch::find_in_path(exec_argv[0]).empty());
    if (!found) {
      print_error("watch", "--exec: '{}' is not an executable program (no shell is used)", a.exec);
      return kExitUsage;
    }
  }
  std::string notify_send;
  if (a.notify) {
    notify_send = watch::find_in_path("notify-send");
    if (notify_send.empty())
      print_error("watch", "--notify: notify-send not found (Debian: libnotify-bin); not notifying");
    else if (!watch::graphical_session())
      print_error("watch", "--notify: no graphical session (DISPLAY/WAYLAND_DISPLAY unset); not notifying");
    if (!watch::graphical_session()) notify_send.clear();
  }
  const UniqueFd sfd = watch::block_signals_to_fd();
  watch::CaptureOptions co;
  apply_capture_args(a, &co);
  co.from_start = false;
  co.counters = !a.no_counters;
  watch::LiveHooks hooks;
  hooks.output = [&](watch::WatchEvent&& w) {
    if (a.json) {
      std::string line = watch::watch_event_json(w).dump();
      line += '\n';
      std::fwrite(line.data(), 1, line.size(), stdout);
    } else {
      fmt::print("{}\n", watch::watch_event_line(w));
    }
    std::fflush(stdout);
    if (!exec_argv.empty()) {
      std::string body = watch::watch_event_json(w).dump() + "\n";
      if (auto pid = watch::spawn_detached(exec_argv, watch::watch_event_env(w), body); !pid)
        print_error("watch", "--exec: {}", error_text(pid.error()));
    }
    if (!notify_send.empty() && w.type == watch::EmitType::event) {
      std::vector<std::string> argv{notify_send, "--app-name=oomlens", "--urgency=critical", tr("OOM kill"),
                                    watch::watch_event_line(w)};
      if (auto pid = watch::spawn_detached(argv, {}, ""); !pid)
        print_error("watch", "--notify: {}", error_text(pid.error()));
    }
  };
  // A burst beyond the limiter's budget is summarised, not printed (and not
  // exec'd) event by event: watch/burst.h.
  watch::LiveCapture live(co, std::move(hooks), a.every_event);
  if (!open_capture("watch", live)) return kExitUsage;
  const char* source = co.source == watch::LiveSource::journal ? tr("the journal") : "/dev/kmsg";
  if (co.counters)
    print_error("watch", "following the kernel log ({}) and the oom_kill counters; Ctrl-C to stop", source);
  else
    print_error("watch", "following the kernel log ({}); Ctrl-C to stop", source);
  int rc = live.run(sfd.get());
  live.finish();
  if (auto t = live.capture().tracepoint_totals(); !t.empty()) print_error("watch", "{}", retranslate(t));
  std::fflush(stdout);
  return rc == 0 ? 0 : kExitUsage;
}

}  // namespace

void add_watch(CLI::App& app, int* status) {
  auto args = std::make_shared<WatchArgs>();
  auto* cmd = declare_subcommand(app, kWatchText);
  cmd->add_flag("--json", args->json, "One JSON object per line: the explain event plus type, evidence, host, boot_id");
  cmd->add_option("--exec", args->exec,
                  "Run CMD per event (split on blanks, no shell): event JSON on stdin, OOMLENS_* variables")
      ->type_name("CMD");
  cmd->add_flag("--notify", args->notify, "Desktop notification through notify-send when a graphical session exists");
  cmd->add_option("--quiet-ms", args->quiet_ms, "Quiet window after a kill line before the event is printed")
      ->check(CLI::Range(10, 60000));
  cmd->add_flag("--no-counters", args->no_counters, "Do not watch the oom_kill counters");
  add_tracepoints_flag(cmd, args.get());
  cmd->add_flag("--every-event", args->every_event, "Print every event and update in full, never a burst summary");
  add_capture_options(cmd, args.get());
  cmd->callback([args, status]() { *status = run_watch(*args); });
}

}  // namespace oomlens::cli
