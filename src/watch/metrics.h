#pragma once
// The daemon's metrics: what was counted from events (MetricsState, fed by
// the capture thread) and what is read from /proc and the cgroups at scrape
// time (SystemReadings), turned into Prometheus families.
//
// Label cardinality is bounded: at most `max_kill_series` label sets of
// oomlens_oom_kills_total and `max_owner_series` of
// oomlens_oom_victim_anon_rss_bytes; a kill whose label set would exceed
// the bound is counted under cgroup_owner="_other", comm="_other" (constraint
// and cgroup_owner_kind are small fixed sets and stay), so no kill is lost
// from the totals, and oomlens_label_sets_folded_total counts those kills.
// Label values are cut to 128 bytes. Per-cgroup gauges cover at most
// `max_cgroups` limited cgroups (oomlens_cgroup_series_truncated says when
// more exist).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "cgroup/cgroup.h"
#include "proc/proc.h"
#include "render/prometheus.h"
#include "watch/metric_labels.h"
#include "watch/watch_event.h"

namespace oomlens::watch {

struct MetricsLimits {
  size_t max_kill_series = 500;
  size_t max_owner_series = 200;
  size_t max_cgroups = 200;        ///< limited cgroups reported
  size_t max_cgroup_dirs = 5000;   ///< directories walked per scrape
};

/// (constraint, cgroup_owner_kind, cgroup_owner, comm)
using KillKey = std::tuple<std::string, std::string, std::string, std::string>;

class MetricsState {
 public:
  explicit MetricsState(MetricsLimits limits = {}) : limits_(limits) {}
  /// Counts one emitted WatchEvent (updates are ignored).
  void record(const WatchEvent& w);

  std::map<KillKey, uint64_t> kills;
  std::map<OwnerKey, uint64_t> last_anon_rss_bytes;
  std::optional<double> last_kill_unix_s;
  uint64_t events_log = 0;
  uint64_t events_counter_only = 0;
  uint64_t events_tracepoint = 0;  ///< kills first known from oom:mark_victim (their reports come as updates)
  uint64_t folded = 0;

 private:
  MetricsLimits limits_;
};

struct CgroupReading {
  std::string path;  ///< relative to the hierarchy root, as the kernel prints it
  uint64_t usage_bytes = 0;
  uint64_t limit_bytes = 0;
};

/// What is read at scrape time. Unknown stays nullopt (and the metric is
/// left out), never 0.
struct SystemReadings {
  std::optional<proc::Meminfo> meminfo;
  std::optional<proc::Pressure> memory_pressure;
  std::optional<uint64_t> vmstat_oom_kill;
  std::vector<CgroupReading> cgroups;
  bool cgroups_truncated = false;
  uint64_t kmsg_records = 0;
  uint64_t kmsg_gaps = 0;
};

/// Reads /proc/meminfo, /proc/pressure/memory, /proc/vmstat and the limited
/// cgroups (v1 memory.usage_in_bytes + memory.limit_in_bytes, v2
/// memory.current + memory.max) under ROOT.
[[nodiscard]] SystemReadings read_system(const std::string& root,
                                         const std::optional<cgroup::MemoryHierarchy>& hierarchy,
                                         const MetricsLimits& limits);

/// The families served on /metrics. Pure.
[[nodiscard]] std::vector<prom::Family> build_families(const MetricsState& state, const SystemReadings& sys,
                                                       const std::string& version);

}  // namespace oomlens::watch
