#pragma once
// What the daemon's capture thread shares with its HTTP server's thread,
// and the answers made of it: the metrics counted from events, the recent
// events (GET /events) and the kernel log's record and gap counts (GET
// /metrics, with what is read from /proc and the cgroups at scrape time).
// Every member function takes the one mutex, briefly: a handler copies
// what it needs and renders without it.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cgroup/cgroup.h"
#include "watch/http_route.h"
#include "watch/metrics.h"
#include "watch/watch_event.h"

namespace oomlens::watch {

class ServedState {
 public:
  /// ROOT: the system's files, read at each scrape (tests: a fixture tree);
  /// keep_events: how many recent events /events serves; version: the
  /// oomlens_build_info label.
  ServedState(MetricsLimits limits, size_t keep_events, std::string root, std::string version);

  /// Counts one event or update (every one, whether output in full or folded into a summary).
  void count(const WatchEvent& w);
  /// Keeps an event's JSON (watch_event_json()) for /events, redacted
  /// (redact_event_json()); the oldest past keep_events is dropped.
  void keep(nlohmann::json event);
  /// The capture's kmsg records read and gaps seen so far.
  void set_log_counts(uint64_t records, uint64_t gaps);

  /// GET /metrics: the Prometheus exposition of what was counted and what
  /// is read now.
  [[nodiscard]] HttpResponse metrics() const;
  /// GET /events[?limit=N]: {"events": [...]}, oldest first, the newest N
  /// (all kept without limit); 400 when limit is not a count.
  [[nodiscard]] HttpResponse events(const HttpParams& params) const;

 private:
  const MetricsLimits limits_;
  const size_t keep_events_;
  const std::string root_, version_;
  std::optional<cgroup::MemoryHierarchy> hierarchy_;

  mutable std::mutex mu_;
  MetricsState metrics_;
  std::deque<std::string> recent_;  ///< redacted event JSON, newest last
  uint64_t records_ = 0, gaps_ = 0;
};

/// GET /: what the daemon serves, for a person with a browser or curl, in
/// the daemon's language (its locale at start), unlike /metrics and /events.
[[nodiscard]] HttpResponse index_page(bool serves_events);

}  // namespace oomlens::watch
