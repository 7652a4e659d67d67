// The memory controller's per-cgroup files (see memcg_files.h).
#include "cgroup/memcg_files.h"

#include "util/file.h"
#include "util/text.h"

namespace oomlens::cgroup {

const char* memcg_file(Version v, MemcgFile f) {
  const bool v1 = v == Version::v1;
  switch (f) {
    case MemcgFile::usage: return v1 ? "/memory.usage_in_bytes" : "/memory.current";
    case MemcgFile::peak: return v1 ? "/memory.max_usage_in_bytes" : "/memory.peak";
    case MemcgFile::stat: return "/memory.stat";
    case MemcgFile::oom_kill: return v1 ? "/memory.oom_control" : "/memory.events.local";
    case MemcgFile::events: return v1 ? nullptr : "/memory.events";
    case MemcgFile::high: return v1 ? nullptr : "/memory.high";
    case MemcgFile::pressure: return v1 ? nullptr : "/memory.pressure";
  }
  return nullptr;
}

std::optional<uint64_t> parse_u64_value(std::string_view text) { return text::take_u64(text); }

namespace {
std::optional<std::string> read_memcg_file(Version v, const std::string& dir, MemcgFile f) {
  const char* name = memcg_file(v, f);
  if (!name) return std::nullopt;
  return read_file(dir + name);
}
std::optional<uint64_t> read_number(Version v, const std::string& dir, MemcgFile f) {
  auto t = read_memcg_file(v, dir, f);
  if (!t) return std::nullopt;
  return parse_u64_value(*t);
}
}  // namespace

std::optional<uint64_t> read_usage_bytes(Version v, const std::string& dir) {
  return read_number(v, dir, MemcgFile::usage);
}

std::optional<uint64_t> read_peak_bytes(Version v, const std::string& dir) {
  return read_number(v, dir, MemcgFile::peak);
}

std::optional<MemoryStat> read_memory_stat(Version v, const std::string& dir) {
  auto t = read_memcg_file(v, dir, MemcgFile::stat);
  if (!t) return std::nullopt;
  return parse_memory_stat(v, *t);
}

Limit read_high(Version v, const std::string& dir) {
  auto t = read_memcg_file(v, dir, MemcgFile::high);
  if (!t) return {};
  return parse_limit(*t);
}

MemoryEvents parse_memory_events(std::string_view text) {
  MemoryEvents e;
  e.low = keyed_value(text, "low");
  e.high = keyed_value(text, "high");
  e.max = keyed_value(text, "max");
  e.oom = keyed_value(text, "oom");
  e.oom_kill = keyed_value(text, "oom_kill");
  return e;
}

std::optional<MemoryEvents> read_memory_events(Version v, const std::string& dir) {
  auto t = read_memcg_file(v, dir, MemcgFile::events);
  if (!t) return std::nullopt;
  return parse_memory_events(*t);
}

MemoryHierarchy under_root(const MemoryHierarchy& h, const std::string& root) {
  MemoryHierarchy r = h;
  r.mount_point = join_root(root, h.mount_point);
  return r;
}

}  // namespace oomlens::cgroup
