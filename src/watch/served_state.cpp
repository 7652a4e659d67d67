// The daemon's shared state and its HTTP answers (see served_state.h).
#include "watch/served_state.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <utility>

#include "cgroup/memcg_files.h"
#include "render/prometheus.h"
#include "util/i18n.h"

namespace oomlens::watch {

ServedState::ServedState(MetricsLimits limits, size_t keep_events, std::string root, std::string version)
    : limits_(limits),
      keep_events_(keep_events),
      root_(std::move(root)),
      version_(std::move(version)),
      hierarchy_(cgroup::find_memory_hierarchy(root_)),
      metrics_(limits) {
  if (hierarchy_) hierarchy_ = cgroup::under_root(*hierarchy_, root_);
}

void ServedState::count(const WatchEvent& w) {
  std::lock_guard lock(mu_);
  metrics_.record(w);
}

void ServedState::keep(nlohmann::json event) {
  std::string redacted = redact_event_json(std::move(event)).dump();
  std::lock_guard lock(mu_);
  recent_.push_back(std::move(redacted));
  while (recent_.size() > keep_events_) recent_.pop_front();
}

void ServedState::set_log_counts(uint64_t records, uint64_t gaps) {
  std::lock_guard lock(mu_);
  records_ = records;
  gaps_ = gaps;
}

HttpResponse ServedState::metrics() const {
  MetricsState copy;
  uint64_t records = 0, gaps = 0;
  {
    std::lock_guard lock(mu_);
    copy = metrics_;
    records = records_;
    gaps = gaps_;
  }
  SystemReadings read = read_system(root_, hierarchy_, limits_);
  read.kmsg_records = records;
  read.kmsg_gaps = gaps;
  return HttpResponse{200, prom::kContentType, prom::render(build_families(copy, read, version_))};
}

HttpResponse ServedState::events(const HttpParams& params) const {
  size_t limit = SIZE_MAX;
  if (auto it = params.find("limit"); it != params.end()) {
    auto n = parse_count_param(it->second);
    if (!n) return HttpResponse{400, "text/plain; charset=utf-8", "limit: not a number\n"};
    limit = *n;
  }
  std::string body = "{\"events\":[";
  {
    std::lock_guard lock(mu_);
    const size_t n = std::min(limit, recent_.size());
    const size_t first = recent_.size() - n;
    for (size_t i = first; i < recent_.size(); ++i) {
      if (i > first) body += ',';
      body += recent_[i];
    }
  }
  body += "]}\n";
  return HttpResponse{200, "application/json", std::move(body)};
}

HttpResponse index_page(bool serves_events) {
  std::string text = fmt::format("oomlens daemon\n/metrics  {}\n", tr("Prometheus metrics"));
  if (serves_events) text += fmt::format("/events   {}\n", tr("recent OOM events (JSON)"));
  return HttpResponse{200, "text/plain; charset=utf-8", std::move(text)};
}

}  // namespace oomlens::watch
