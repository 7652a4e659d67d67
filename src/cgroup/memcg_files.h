#pragma once
// The memory controller's per-cgroup files, one reader each. `dir` is a
// cgroup directory as the callers hold it: under the root the hierarchy was
// found in (a fixture tree's in tests; see under_root). The names and
// parsers here are also what CgroupReader (monitor/sample.h) uses for its
// held-open, re-read-each-tick fast path.
//
// Sources (mm/memcontrol.c): v1 memory.usage_in_bytes,
// memory.max_usage_in_bytes, memory.stat, memory.oom_control; v2
// memory.current, memory.peak (5.19+), memory.stat, memory.events(.local),
// memory.high, memory.pressure. Values in bytes; unknown is nullopt.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cgroup/cgroup.h"

namespace oomlens::cgroup {

/// The per-cgroup files oomlens reads.
enum class MemcgFile {
  usage,     ///< v1 memory.usage_in_bytes, v2 memory.current
  peak,      ///< v1 memory.max_usage_in_bytes, v2 memory.peak
  stat,      ///< memory.stat (both)
  oom_kill,  ///< the oom_kill counter: v1 memory.oom_control, v2 memory.events.local (else memory.events)
  events,    ///< v2 memory.events (hierarchical); v1 has none
  high,      ///< v2 memory.high; v1 has none
  pressure,  ///< v2 memory.pressure; v1 has none
};

/// The file's name with its leading '/' (append to a cgroup directory);
/// nullptr where the version has no such file.
[[nodiscard]] const char* memcg_file(Version v, MemcgFile f);

/// The text of a file holding one decimal number (memory.current, ...): the
/// number it starts with; nullopt when it does not start with one ("max").
/// Pure.
[[nodiscard]] std::optional<uint64_t> parse_u64_value(std::string_view text);

/// DIR's usage (v1 memory.usage_in_bytes, v2 memory.current).
[[nodiscard]] std::optional<uint64_t> read_usage_bytes(Version v, const std::string& dir);
/// DIR's peak usage (v1 memory.max_usage_in_bytes, v2 memory.peak: 5.19+).
[[nodiscard]] std::optional<uint64_t> read_peak_bytes(Version v, const std::string& dir);
/// DIR's memory.stat (parse_memory_stat); nullopt when unreadable.
[[nodiscard]] std::optional<MemoryStat> read_memory_stat(Version v, const std::string& dir);
/// DIR's memory.high (v2, parsed like a limit: `max` is unlimited); v1 has
/// none: an unknown Limit.
[[nodiscard]] Limit read_high(Version v, const std::string& dir);

/// v2 memory.events (`low N`, `high N`, `max N`, `oom N`, `oom_kill N`
/// lines; counts of events, descendants' included).
struct MemoryEvents {
  std::optional<uint64_t> low, high, max, oom, oom_kill;
};
/// Parses memory.events (or memory.events.local) text. Pure.
[[nodiscard]] MemoryEvents parse_memory_events(std::string_view text);
/// DIR/memory.events; nullopt on v1 (no such file) or when unreadable.
[[nodiscard]] std::optional<MemoryEvents> read_memory_events(Version v, const std::string& dir);

/// The hierarchy as a tree under ROOT shows it: its mount point joined to
/// ROOT ("/" leaves it as it is). find_memory_hierarchy(root) gives the
/// mount point as the machine names it (memory_cgroup_dir joins the root
/// itself); a caller that walks cgroup directories (tightest_limit,
/// guard::read_levels) or joins a cgroup path to the mount point holds this
/// one, so the walk stops at the mount point inside the tree.
[[nodiscard]] MemoryHierarchy under_root(const MemoryHierarchy& h, const std::string& root);

}  // namespace oomlens::cgroup
