// `oomlens daemon`: `watch` as a long-running service. The whole job, step by step:
//   1. listen:  check --listen (loopback unless --listen-public)
//   2. capture: the ring's reports, then live OOM events (watch/live_capture.h),
//               resumed past what the state file says was counted
//               (watch/state_file.h)
//   3. output:  each event to the JSON Lines --log (watch/jsonl_log.h,
//               reopened on SIGHUP) and to the recent events
//   4. serve:   /metrics (computed at scrape time) and /events from
//               libmicrohttpd's thread (watch/served_state.h,
//               watch/http_server.h) until SIGTERM
#include <malloc.h>
#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/capture_options.h"
#include "cli/daemon_options.h"
#include "util/fd.h"
#include "util/i18n.h"
#include "util/message.h"
#include "util/resident.h"
#include "util/strerror_tr.h"
#include "version.h"
#include "watch/capture.h"
#include "watch/http_route.h"
#include "watch/http_server.h"
#include "watch/jsonl_log.h"
#include "watch/live_capture.h"
#include "watch/loop.h"
#include "watch/served_state.h"
#include "watch/state_file.h"

namespace oomlens::cli {
namespace {

/// --listen as host and port; false (said on stderr) when malformed, or
/// public without --listen-public.
bool parse_listen_arg(const DaemonArgs& a, std::string* host, int* port) {
  if (!watch::parse_listen(a.listen, host, port)) {
    print_error("daemon", "--listen: '{}' is not HOST:PORT (e.g. 127.0.0.1:9177)", a.listen);
    return false;
  }
  if (!watch::is_loopback_host(*host) && !a.listen_public) {
    print_error("daemon",
                "--listen: {} can be reached from other machines and the daemon has no authentication; add "
                "--listen-public to serve there anyway",
                *host);
    return false;
  }
  return true;
}

/// Binds and starts `server`; false (said on stderr) when it cannot.
bool serve(watch::HttpServer& server, const DaemonArgs& a, const std::string& host, int port) {
  auto bound = server.bind(host, port);
  if (!bound) {
    const SystemError& e = bound.error();
    const std::string why = e.errnum ? tr_strerror(e.errnum) : retranslate(e.what);
    if (e.errnum == EADDRINUSE)
      print_error("daemon", "cannot listen on {}: {} (another oomlens daemon or program uses this port; pick another "
                  "with --listen)", a.listen, why);
    else
      print_error("daemon", "cannot listen on {}: {}", a.listen, why);
    return false;
  }
  if (auto st = server.start(); !st) {
    print_error("daemon", st.error());
    return false;
  }
  fmt::print("oomlens daemon: {}\n",
             trf("listening on http://{}:{}", host.find(':') != std::string::npos ? "[" + host + "]" : host, *bound));
  std::fflush(stdout);
  return true;
}

int run_daemon(const DaemonArgs& a) {
  std::string host;
  int port = 0;
  if (!parse_listen_arg(a, &host, &port)) return kExitUsage;
  // One malloc arena: the HTTP workers would otherwise each get their own
  // (~100-200 KiB resident apiece after a few scrapes) for a few KiB of
  // short-lived strings; contention is irrelevant at scrape rates.
  ::mallopt(M_ARENA_MAX, 1);
  // Signals are blocked before any thread starts, so only the signalfd sees them.
  const UniqueFd sfd = watch::block_signals_to_fd();

  watch::MetricsLimits limits;
  limits.max_kill_series = a.max_series;
  auto served = std::make_shared<watch::ServedState>(limits, a.keep_events, a.root, OOMLENS_VERSION);
  watch::JsonlLog log;
  // Opened at start-up and again on SIGHUP (after a log rotation).
  auto open_log = [&] {
    Status st = a.log.empty() ? Status(kOk) : log.open(a.log);
    if (!st) print_error("daemon", "--log: {}", error_text(st.error()));
    return st.ok();
  };
  if (!open_log()) return kExitUsage;
  watch::StateKeeper state(a.no_state ? "" : a.state);
  auto save_state = [&](Status st) {
    if (!st) print_error("daemon", "state: {}", error_text(st.error()));
  };

  watch::CaptureOptions co;
  apply_capture_args(a, &co);
  co.from_start = true;
  co.skip_through_seq = state.resume_seq(a.root);
  watch::LiveHooks hooks;
  hooks.seen = [&](const watch::WatchEvent& w) {  // the metrics count every event, folded or not
    served->count(w);
    state.note_event();
  };
  hooks.output = [&](watch::WatchEvent&& w) {  // the log and /events: all but a burst's folded events
    nlohmann::json j = watch::watch_event_json(w);
    if (auto st = log.write(j.dump() + "\n"); !st)
      print_error("daemon", st.error());
    if (!a.no_events) served->keep(std::move(j));
  };
  hooks.hangup = [&] { open_log(); };
  hooks.after_wakeup = [&](const watch::Capture& capture) {
    served->set_log_counts(capture.records(), capture.kmsg_gaps());
    save_state(state.save_if_changed(capture));
  };
  watch::LiveCapture live(co, std::move(hooks));
  if (!open_capture("daemon", live)) return kExitUsage;

  watch::HttpServer server;
  server.get("/metrics", [served](const watch::HttpParams&) { return served->metrics(); });
  if (!a.no_events)
    server.get("/events", [served](const watch::HttpParams& params) { return served->events(params); });
  server.get("/", [page = watch::index_page(!a.no_events)](const watch::HttpParams&) { return page; });
  if (!serve(server, a, host, port)) return kExitUsage;
  // Start-up is over (libraries loaded and initialised, the ring read, the
  // server listening): give the clean file pages only start-up used back to
  // the page cache, so the resident set is the working set (util/resident.h).
  (void)drop_clean_file_pages();

  int rc = live.run(sfd.get());
  server.stop();
  live.finish();
  save_state(state.save(live.capture()));
  print_error("daemon", "stopped");
  return rc == 0 ? 0 : kExitUsage;
}

}  // namespace

void add_daemon(CLI::App& app, int* status) {
  auto args = std::make_shared<DaemonArgs>();
  auto* cmd = add_daemon_options(app, args.get());
  cmd->callback([args, status]() { *status = run_daemon(*args); });
}

}  // namespace oomlens::cli
