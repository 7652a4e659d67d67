// Headroom (see headroom.h).
#include "guard/headroom.h"
#include "util/file.h"

#include <algorithm>
#include <charconv>

namespace oomlens::guard {
std::optional<uint64_t> working_set_bytes(std::optional<uint64_t> usage, std::optional<uint64_t> inactive_file) {
  if (!usage) return std::nullopt;
  if (!inactive_file) return usage;
  return *usage > *inactive_file ? *usage - *inactive_file : 0;
}

Headroom compute_headroom(const HeadroomInput& in) {
  Headroom h;
  h.working_set_bytes = in.job_working_set_bytes;
  const uint64_t job = in.job_working_set_bytes.value_or(0);
  auto consider = [&](uint64_t limit, std::string source) {
    if (!h.effective_limit_bytes || limit < *h.effective_limit_bytes) {
      h.effective_limit_bytes = limit;
      h.limit_source = std::move(source);
    }
  };
  for (size_t i = 0; i < in.levels.size(); ++i) {
    const Level& l = in.levels[i];
    if (l.high_bytes && (!h.high_bytes || *l.high_bytes < *h.high_bytes)) h.high_bytes = l.high_bytes;
    if (!l.limit_bytes) continue;
    if (i == 0 || !l.working_set_bytes) {
      // The job's own level (or a level whose use is unknown): its limit.
      consider(*l.limit_bytes, "cgroup " + l.dir);
      continue;
    }
    // What this level can still give, plus what the job already holds there.
    uint64_t level_ws = std::max(*l.working_set_bytes, job);
    uint64_t free = *l.limit_bytes > level_ws ? *l.limit_bytes - level_ws : 0;
    consider(job + free, "cgroup " + l.dir);
  }
  if (in.mem_available_bytes) consider(job + *in.mem_available_bytes, "machine (MemAvailable)");
  if (h.effective_limit_bytes && h.working_set_bytes) {
    h.headroom_bytes = *h.effective_limit_bytes > *h.working_set_bytes ? *h.effective_limit_bytes - *h.working_set_bytes : 0;
    if (*h.effective_limit_bytes > 0)
      h.used_fraction = static_cast<double>(*h.working_set_bytes) / static_cast<double>(*h.effective_limit_bytes);
  }
  return h;
}

std::vector<Level> read_levels(const cgroup::MemoryHierarchy& h, const std::string& dir) {
  std::vector<Level> out;
  const bool v1 = h.version == cgroup::Version::v1;
  std::string d = dir;
  while (!d.empty()) {
    Level l;
    l.dir = d;
    auto lim = cgroup::read_limit(h.version, d);
    l.limit_bytes = lim.bytes;
    if (!v1) {
      auto high = read_file(d + "/memory.high");
      if (high) {
        auto hl = cgroup::parse_limit(*high);
        l.high_bytes = hl.bytes;
      }
    }
    if (l.limit_bytes || out.empty()) {
      auto usage = cgroup::read_u64_file(d + (v1 ? "/memory.usage_in_bytes" : "/memory.current"));
      cgroup::MemoryStat f;
      if (auto st = read_file(d + "/memory.stat")) f = cgroup::parse_memory_stat(h.version, *st);
      l.working_set_bytes = working_set_bytes(usage, f.inactive_file_bytes);
    }
    out.push_back(std::move(l));
    if (d.size() <= h.mount_point.size() || d == h.mount_point) break;
    auto slash = d.rfind('/');
    if (slash == std::string::npos || slash < h.mount_point.size()) break;
    d.resize(slash);
  }
  return out;
}

std::optional<uint64_t> read_working_set(const cgroup::MemoryHierarchy& h, const std::string& dir) {
  const bool v1 = h.version == cgroup::Version::v1;
  auto usage = cgroup::read_u64_file(dir + (v1 ? "/memory.usage_in_bytes" : "/memory.current"));
  if (!usage) return std::nullopt;
  cgroup::MemoryStat f;
  if (auto st = read_file(dir + "/memory.stat")) f = cgroup::parse_memory_stat(h.version, *st);
  return working_set_bytes(usage, f.inactive_file_bytes);
}

}  // namespace oomlens::guard
