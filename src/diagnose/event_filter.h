#pragma once
// Filters of `oomlens explain` (--since, --until, --pid, --comm, --cgroup,
// --last): pure functions over events.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/oom_event.h"

namespace oomlens {

struct EventFilter {
  std::optional<int64_t> since_unix_s;  ///< wall-clock bounds, seconds since the epoch (UTC)
  std::optional<int64_t> until_unix_s;
  std::optional<int64_t> pid;           ///< a victim's or the trigger's pid
  std::optional<std::string> comm;      ///< a victim's or the trigger's comm, exact
  std::optional<std::string> cgroup;    ///< substring of oom_memcg or task_memcg
  std::optional<size_t> last;           ///< keep the last N events after the other filters
};

/// Parses a --since/--until value into seconds since the epoch (UTC):
/// RFC 3339 / ISO 8601 (`2025-08-12T03:54:03Z`, `2025-08-12 03:54:03+02:00`,
/// `2025-08-12`; no zone = local time), `@1754960043` (epoch seconds), or
/// relative to `now_unix_s`: `-30s`, `-15m`, `-2h`, `-1d`, `2h ago`.
/// nullopt when the text matches none of these.
[[nodiscard]] std::optional<int64_t> parse_time_spec(std::string_view text, int64_t now_unix_s);

/// An event's RFC 3339 wall time (util/time.h parse_rfc3339) in whole
/// seconds since the epoch; nullopt when malformed.
[[nodiscard]] std::optional<int64_t> wall_to_unix_s(std::string_view text);

/// Whether one event passes the filter's per-event conditions (not --last).
/// An event without a wall time never passes --since/--until (its time is
/// unknown, so it cannot be shown to be inside the window).
[[nodiscard]] bool event_matches(const OomEvent& e, const EventFilter& f);

/// The per-event part of apply_filter(), one event at a time (output that
/// streams keeps --last's ring itself): accept() is event_matches(), and
/// `untimed` counts the events left out only because their wall time is
/// unknown.
struct FilterCounter {
  const EventFilter& filter;
  size_t untimed = 0;
  [[nodiscard]] bool accept(const OomEvent& e);
};

/// Applies the whole filter, keeping order. `dropped_untimed` (optional)
/// counts events left out only because their wall time is unknown.
[[nodiscard]] std::vector<OomEvent> apply_filter(std::vector<OomEvent> events, const EventFilter& f,
                                                 size_t* dropped_untimed = nullptr);

}  // namespace oomlens
