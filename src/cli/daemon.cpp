// `oomlens daemon`: `watch` as a long-running service. Captures OOM events
// in the main thread (poll loop, src/watch/capture.h) and serves Prometheus
// metrics (/metrics, computed at scrape time) and recent events (/events)
// from libmicrohttpd's server thread (watch/http_server.h); appends events to a JSON Lines log
// (reopened on SIGHUP); remembers boot id + last kmsg sequence number in a
// state file so a restart does not count the ring's old reports twice.
#include <fcntl.h>
#include <malloc.h>
#include <fmt/core.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>

#include "cgroup/cgroup.h"
#include "cli/commands.h"
#include "cli/capture_options.h"
#include "cli/daemon_options.h"
#include "proc/proc.h"
#include "render/prometheus.h"
#include "util/fd.h"
#include "util/i18n.h"
#include "util/message.h"
#include "util/resident.h"
#include "util/safe_open.h"
#include "util/strerror_tr.h"
#include "version.h"
#include "watch/burst.h"
#include "watch/capture.h"
#include "watch/http_route.h"
#include "watch/http_server.h"
#include "watch/loop.h"
#include "watch/metrics.h"
#include "watch/state_file.h"

namespace oomlens::cli {
namespace {


/// Append-only JSON Lines file, reopened on SIGHUP (logrotate moves it away).
class JsonlLog {
 public:
  /// (Re)opens PATH for appending; on an error the file held stays open.
  Status open(const std::string& path) {
    path_ = path;
    auto f = open_output(path, OutputMode::append, 0640);  // no symlink, a regular file (util/safe_open.h)
    if (!f) return f.error();
    fd_.reset(f->fd);
    return kOk;
  }
  void write(const std::string& line) {
    if (!fd_) return;
    // One write(2) per line: O_APPEND keeps lines whole for shippers.
    if (::write(fd_.get(), line.data(), line.size()) < 0) print_error("daemon", "{}: {}", path_, tr_strerror(errno));
  }

 private:
  std::string path_;
  UniqueFd fd_;
};

/// What the capture thread shares with the HTTP workers.
struct Shared {
  std::mutex mu;
  watch::MetricsState metrics;
  std::deque<std::string> recent;  // redacted event JSON, newest last
  uint64_t records = 0, gaps = 0;
};

int run_daemon(const DaemonArgs& a) {
  std::string host;
  int port = 0;
  if (!watch::parse_listen(a.listen, &host, &port)) {
    print_error("daemon", "--listen: '{}' is not HOST:PORT (e.g. 127.0.0.1:9177)", a.listen);
    return kExitUsage;
  }
  if (!watch::is_loopback_host(host) && !a.listen_public) {
    print_error("daemon",
                "--listen: {} can be reached from other machines and the daemon has no authentication; add "
                "--listen-public to serve there anyway",
                host);
    return kExitUsage;
  }
  // One malloc arena: the HTTP workers would otherwise each get their own
  // (~100-200 KiB resident apiece after a few scrapes) for a few KiB of
  // short-lived strings; contention is irrelevant at scrape rates.
  ::mallopt(M_ARENA_MAX, 1);
  // Signals are blocked before any thread starts, so only the signalfd sees them.
  int sfd = watch::block_signals_to_fd();

  watch::MetricsLimits limits;
  limits.max_kill_series = a.max_series;
  auto shared = std::make_shared<Shared>();
  shared->metrics = watch::MetricsState(limits);

  JsonlLog log;
  // Opened at start-up and again on SIGHUP (after a log rotation).
  auto open_log = [&] {
    Status st = a.log.empty() ? Status(kOk) : log.open(a.log);
    if (!st) print_error("daemon", "--log: {}", retranslate(st.error().message()));
    return st.ok();
  };
  if (!open_log()) return kExitUsage;

  watch::CaptureOptions co;
  apply_capture_args(a, &co);
  co.from_start = true;
  co.tracepoints = !a.no_tracepoints;
  co.quiet = std::chrono::milliseconds(a.quiet_ms);
  std::optional<watch::DaemonState> state;
  const bool use_state = !a.no_state && !a.state.empty();
  if (use_state) state = watch::read_state(a.state);
  bool dirty = false;
  // Sequence numbers restart at every boot: the saved one counts only for the same boot.
  if (state) {
    auto boot = proc::read_boot_id(a.root + "/proc");
    if (boot && *boot == state->boot_id) co.skip_through_seq = state->last_kmsg_seq;
  }
  watch::BurstLimiter limiter;
  // Log and /events: every event unless a burst is being summarised.
  auto output = [&](const watch::WatchEvent& w) {
    nlohmann::json j = watch::watch_event_json(w);
    log.write(j.dump() + "\n");
    std::string redacted = watch::redact_event_json(std::move(j)).dump();
    std::lock_guard lock(shared->mu);
    shared->recent.push_back(std::move(redacted));
    while (shared->recent.size() > a.keep_events) shared->recent.pop_front();
  };
  watch::Capture cap(co, [&](watch::WatchEvent&& w) {
    {
      // The metrics count every event, folded or not.
      std::lock_guard lock(shared->mu);
      shared->metrics.record(w);
    }
    dirty = true;
    if (limiter.admit(w, watch::BurstLimiter::Clock::now())) output(w);
  });
  if (auto st = cap.open(); !st) {
    print_error("daemon", "{}", retranslate(st.error().what));
    return kExitUsage;
  }
  print_tracepoint_status("daemon", cap.tracepoints_on(), cap.tracepoint_status());
  // The ring's old reports, replayed by open(), were one burst: summarise
  // what did not fit now, and start live capture with a full budget.
  if (auto sum = limiter.flush()) output(*sum);
  limiter.refill_all();

  std::optional<cgroup::MemoryHierarchy> hierarchy = cgroup::find_memory_hierarchy(a.root);
  if (hierarchy && a.root != "/") hierarchy->mount_point = a.root + hierarchy->mount_point;
  watch::HttpServer server;
  server.get("/metrics", [shared, hierarchy, limits, root = a.root](const watch::HttpParams&) {
    watch::MetricsState copy;
    watch::SystemReadings sys;
    {
      std::lock_guard lock(shared->mu);
      copy = shared->metrics;
      sys.kmsg_records = shared->records;
      sys.kmsg_gaps = shared->gaps;
    }
    watch::SystemReadings read = watch::read_system(root, hierarchy, limits);
    read.kmsg_records = sys.kmsg_records;
    read.kmsg_gaps = sys.kmsg_gaps;
    return watch::HttpResponse{200, prom::kContentType,
                               prom::render(watch::build_families(copy, read, OOMLENS_VERSION))};
  });
  if (!a.no_events) server.get("/events", [shared](const watch::HttpParams& params) {
    size_t limit = SIZE_MAX;
    if (auto it = params.find("limit"); it != params.end()) {
      auto n = watch::parse_count_param(it->second);
      if (!n) return watch::HttpResponse{400, "text/plain; charset=utf-8", "limit: not a number\n"};
      limit = *n;
    }
    std::string body = "{\"events\":[";
    {
      std::lock_guard lock(shared->mu);
      size_t n = std::min(limit, shared->recent.size());
      size_t first = shared->recent.size() - n;
      for (size_t i = first; i < shared->recent.size(); ++i) {
        if (i > first) body += ',';
        body += shared->recent[i];
      }
    }
    body += "]}\n";
    return watch::HttpResponse{200, "application/json", std::move(body)};
  });
  // The index is for a person with a browser or curl: in the daemon's
  // language (its locale at start), unlike /metrics and /events.
  std::string index = fmt::format("oomlens daemon\n/metrics  {}\n", tr("Prometheus metrics"));
  if (!a.no_events) index += fmt::format("/events   {}\n", tr("recent OOM events (JSON)"));
  server.get("/", [index = std::move(index)](const watch::HttpParams&) {
    return watch::HttpResponse{200, "text/plain; charset=utf-8", index};
  });
  auto bound = server.bind(host, port);
  if (!bound) {
    const SystemError& e = bound.error();
    const std::string why = e.errnum ? tr_strerror(e.errnum) : retranslate(e.what);
    if (e.errnum == EADDRINUSE)
      print_error("daemon", "cannot listen on {}: {} (another oomlens daemon or program uses this port; pick another "
                  "with --listen)", a.listen, why);
    else
      print_error("daemon", "cannot listen on {}: {}", a.listen, why);
    return kExitUsage;
  }
  if (auto st = server.start(); !st) {
    print_error("daemon", "{}", retranslate(st.error().message()));
    return kExitUsage;
  }
  fmt::print("oomlens daemon: {}\n",
             trf("listening on http://{}:{}", host.find(':') != std::string::npos ? "[" + host + "]" : host, *bound));
  std::fflush(stdout);
  // Start-up is over (libraries loaded and initialised, the ring read, the
  // server listening): give the clean file pages only start-up used back to
  // the page cache, so the resident set is the working set (util/resident.h).
  (void)drop_clean_file_pages();

  auto save_state = [&] {
    if (!use_state || !cap.safe_seq() || !cap.boot_id()) return;
    if (auto st = watch::write_state(a.state, {*cap.boot_id(), *cap.safe_seq()}); !st)
      print_error("daemon", "state: {}", retranslate(st.error().message()));
  };
  int rc = watch::run_capture_loop(
      cap, sfd,
      [&](int signo) {
        if (signo == SIGHUP) {
          open_log();
          return true;
        }
        return false;  // SIGTERM, SIGINT: clean exit
      },
      [&] {
        {
          std::lock_guard lock(shared->mu);
          shared->records = cap.records();
          shared->gaps = cap.kmsg_gaps();
        }
        if (auto sum = limiter.due(watch::BurstLimiter::Clock::now())) output(*sum);
        if (dirty && cap.safe_seq()) {
          save_state();
          dirty = false;
        }
      },
      [&] { return limiter.timeout_ms(watch::BurstLimiter::Clock::now()); });
  server.stop();
  cap.finish();
  if (auto sum = limiter.flush()) output(*sum);
  save_state();
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
