// Daemon metrics (see metrics.h).
#include "watch/metrics.h"

#include <charconv>

#include "cgroup/memcg_files.h"
#include "watch/oom_counters.h"

namespace oomlens::watch {
namespace {

constexpr const char* kOther = "_other";

}  // namespace

void MetricsState::record(const WatchEvent& w) {
  if (w.type != EmitType::event) return;
  (w.evidence == Evidence::log ? events_log : w.evidence == Evidence::tracepoint ? events_tracepoint : events_counter_only) += 1;
  if (w.kills == 0) return;
  const OomEvent& e = w.event;
  OwnerKey owner = owner_labels(e);
  std::string constraint = constraint_label(e);
  auto count = [&](const std::string& comm, uint64_t n) {
    KillKey key{constraint, owner.first, owner.second, comm};
    auto it = kills.find(key);
    if (it == kills.end() && kills.size() >= limits_.max_kill_series) {
      key = KillKey{constraint, owner.first, kOther, kOther};
      folded += n;
      it = kills.find(key);
    }
    if (it == kills.end()) it = kills.emplace(key, 0).first;
    it->second += n;
  };
  if (w.evidence == Evidence::counter_only) {
    count("", w.kills);
  } else {
    for (const Victim& v : e.victims) count(v.comm, 1);
  }
  last_kill_unix_s = static_cast<double>(w.detected_unix_ms) / 1000.0;
  for (const Victim& v : e.victims) {
    if (!v.anon_rss_bytes) continue;
    auto it = last_anon_rss_bytes.find(owner);
    if (it == last_anon_rss_bytes.end() && last_anon_rss_bytes.size() >= limits_.max_owner_series)
      it = last_anon_rss_bytes.try_emplace(OwnerKey{owner.first, kOther}, 0).first;
    else if (it == last_anon_rss_bytes.end())
      it = last_anon_rss_bytes.emplace(owner, 0).first;
    it->second = *v.anon_rss_bytes;
  }
}

SystemReadings read_system(const std::string& root, const std::optional<cgroup::MemoryHierarchy>& hierarchy,
                           const MetricsLimits& limits) {
  SystemReadings s;
  const std::string proc = root + "/proc";
  s.meminfo = proc::read_meminfo(proc);
  s.memory_pressure = proc::read_pressure(proc + "/pressure/memory");
  s.vmstat_oom_kill = read_vmstat_oom_kill(proc);
  if (!hierarchy) return s;
  walk_memory_cgroups(*hierarchy, limits.max_cgroup_dirs, [&](const std::string& rel, const std::string& dir) {
    auto limit = cgroup::read_limit(hierarchy->version, dir);
    if (!limit.bytes) return;
    if (s.cgroups.size() >= limits.max_cgroups) {
      s.cgroups_truncated = true;
      return;
    }
    auto usage = cgroup::read_usage_bytes(hierarchy->version, dir);
    if (!usage) return;
    s.cgroups.push_back(CgroupReading{rel, *usage, *limit.bytes});
  });
  return s;
}

std::vector<prom::Family> build_families(const MetricsState& st, const SystemReadings& sys,
                                         const std::string& version) {
  using prom::Family;
  std::vector<Family> f;
  auto d = [](uint64_t v) { return static_cast<double>(v); };

  Family kills{"oomlens_oom_kills_total", "counter",
               "Processes killed by the kernel OOM killer since oomlens started, from kill lines in the log "
               "(or from oom_kill counters when the lines were lost: constraint=\"unknown\", comm=\"\").",
               {}};
  for (const auto& [k, n] : st.kills)
    kills.samples.push_back({"", {{"constraint", std::get<0>(k)}, {"cgroup_owner_kind", std::get<1>(k)},
                                  {"cgroup_owner", std::get<2>(k)}, {"comm", std::get<3>(k)}}, d(n)});
  f.push_back(std::move(kills));

  f.push_back({"oomlens_oom_events_total", "counter",
               "OOM events emitted, by evidence (log: a kernel report; counter_only: only a counter moved; "
               "tracepoint: oom:mark_victim, its report as a later update).",
               {{"", {{"evidence", "log"}}, d(st.events_log)},
                {"", {{"evidence", "counter_only"}}, d(st.events_counter_only)},
                {"", {{"evidence", "tracepoint"}}, d(st.events_tracepoint)}}});
  if (st.last_kill_unix_s)
    f.push_back({"oomlens_last_oom_kill_timestamp_seconds", "gauge",
                 "Unix time at which oomlens detected the last OOM kill.", {{"", {}, *st.last_kill_unix_s}}});
  Family rss{"oomlens_oom_victim_anon_rss_bytes", "gauge",
             "Anonymous RSS of the last OOM victim per cgroup owner, from its kill line.", {}};
  for (const auto& [o, v] : st.last_anon_rss_bytes)
    rss.samples.push_back({"", {{"cgroup_owner_kind", o.first}, {"cgroup_owner", o.second}}, d(v)});
  f.push_back(std::move(rss));
  f.push_back({"oomlens_label_sets_folded_total", "counter",
               "OOM kills counted under cgroup_owner=\"_other\",comm=\"_other\" because the label-set bound "
               "was reached.",
               {{"", {}, d(st.folded)}}});

  if (sys.vmstat_oom_kill)
    f.push_back({"oomlens_kernel_oom_kills_total", "counter",
                 "OOM kills since boot according to the kernel (/proc/vmstat oom_kill), root cgroup included.",
                 {{"", {}, d(*sys.vmstat_oom_kill)}}});
  if (sys.meminfo) {
    const auto& m = *sys.meminfo;
    auto gauge = [&](const char* name, const char* help, const std::optional<uint64_t>& v) {
      if (v) f.push_back({name, "gauge", help, {{"", {}, d(*v)}}});
    };
    gauge("oomlens_memory_total_bytes", "MemTotal of /proc/meminfo.", m.mem_total_bytes);
    gauge("oomlens_memory_available_bytes", "MemAvailable of /proc/meminfo.", m.mem_available_bytes);
    gauge("oomlens_swap_total_bytes", "SwapTotal of /proc/meminfo.", m.swap_total_bytes);
    gauge("oomlens_swap_free_bytes", "SwapFree of /proc/meminfo.", m.swap_free_bytes);
  }
  if (sys.memory_pressure) {
    Family total{"oomlens_memory_pressure_stall_seconds_total", "counter",
                 "Time tasks stalled on memory (/proc/pressure/memory total), by kind some/full.", {}};
    Family avg{"oomlens_memory_pressure_avg10_ratio", "gauge",
               "Share of the last 10 s tasks stalled on memory (/proc/pressure/memory avg10 / 100).", {}};
    for (auto [kind, line] : {std::pair{"some", &sys.memory_pressure->some},
                              std::pair{"full", &sys.memory_pressure->full}}) {
      if (!*line) continue;
      total.samples.push_back({"", {{"kind", kind}}, d((*line)->total_us) / 1e6});
      avg.samples.push_back({"", {{"kind", kind}}, (*line)->avg10 / 100.0});
    }
    f.push_back(std::move(total));
    f.push_back(std::move(avg));
  }
  Family usage{"oomlens_cgroup_memory_usage_bytes", "gauge",
               "Memory usage of memory cgroups that have a limit (v1 memory.usage_in_bytes, v2 memory.current).",
               {}};
  Family limit{"oomlens_cgroup_memory_limit_bytes", "gauge",
               "Memory limit of memory cgroups that have one (v1 memory.limit_in_bytes, v2 memory.max).", {}};
  for (const auto& c : sys.cgroups) {
    usage.samples.push_back({"", {{"cgroup", c.path}}, d(c.usage_bytes)});
    limit.samples.push_back({"", {{"cgroup", c.path}}, d(c.limit_bytes)});
  }
  f.push_back(std::move(usage));
  f.push_back(std::move(limit));
  f.push_back({"oomlens_cgroup_series_truncated", "gauge",
               "1 when more limited cgroups exist than the per-cgroup series bound.",
               {{"", {}, sys.cgroups_truncated ? 1.0 : 0.0}}});
  f.push_back({"oomlens_kmsg_records_total", "counter", "Kernel log records read from /dev/kmsg.",
               {{"", {}, d(sys.kmsg_records)}}});
  f.push_back({"oomlens_kmsg_gaps_total", "counter",
               "Times /dev/kmsg records were overwritten before oomlens read them (EPIPE).",
               {{"", {}, d(sys.kmsg_gaps)}}});
  f.push_back({"oomlens_build_info", "gauge", "oomlens build; the value is always 1.",
               {{"", {{"version", version}}, 1.0}}});
  return f;
}

}  // namespace oomlens::watch
