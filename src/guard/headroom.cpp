// Headroom (see headroom.h).
#include "guard/headroom.h"
#include "cgroup/memcg_files.h"

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

namespace {
// DIR's usage less its inactive file pages (usage and memory.stat).
std::optional<uint64_t> level_working_set(cgroup::Version v, const std::string& dir) {
  auto stat = cgroup::read_memory_stat(v, dir);
  return working_set_bytes(cgroup::read_usage_bytes(v, dir), stat ? stat->inactive_file_bytes : std::nullopt);
}
}  // namespace

std::vector<Level> read_levels(const cgroup::MemoryHierarchy& h, const std::string& dir) {
  std::vector<Level> out;
  std::string d = dir;
  while (!d.empty()) {
    Level l;
    l.dir = d;
    l.limit_bytes = cgroup::read_limit(h.version, d).bytes;
    l.high_bytes = cgroup::read_high(h.version, d).bytes;
    if (l.limit_bytes || out.empty()) l.working_set_bytes = level_working_set(h.version, d);
    out.push_back(std::move(l));
    if (d.size() <= h.mount_point.size() || d == h.mount_point) break;
    auto slash = d.rfind('/');
    if (slash == std::string::npos || slash < h.mount_point.size()) break;
    d.resize(slash);
  }
  return out;
}

std::optional<uint64_t> read_working_set(const cgroup::MemoryHierarchy& h, const std::string& dir) {
  return level_working_set(h.version, dir);
}

}  // namespace oomlens::guard
