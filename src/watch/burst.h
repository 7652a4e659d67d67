#pragma once
// Summarising bursts of OOM events in the event output (issue 5: "a burst of
// 1,000 OOM kills in a minute: none lost in the counters; the event log may
// summarise, and says so").
//
// A token bucket decides which events are printed in full: `full_events`
// tokens, one more every `refill` (defaults: 20, then 1 per second, i.e. at
// most ~80 full events in the first minute of a burst). An event that finds
// no token, and every event or update while a summary is open, is folded
// into the summary; the summary is emitted once the burst has been quiet for
// `quiet` or every `max_span` while it lasts, and at exit. Folded events are
// still counted by the daemon's metrics (the caller records every event
// before asking the limiter). Memory is bounded: at most kMaxKeys owners and
// comms are named per summary, the rest are counted under "_other".
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "watch/watch_event.h"

namespace oomlens::watch {

struct BurstOptions {
  double full_events = 20;                         ///< bucket size (full events in a burst)
  std::chrono::milliseconds refill{1000};          ///< one more token per this
  std::chrono::milliseconds quiet{1000};           ///< a burst ends after this without events
  std::chrono::milliseconds max_span{5000};        ///< a summary at least this often during a burst
};

class BurstLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  explicit BurstLimiter(BurstOptions o = {}) : opt_(o), tokens_(o.full_events) {}

  /// True when `w` goes out in full; false when it was folded into the open summary.
  bool admit(const WatchEvent& w, Clock::time_point now);
  /// A summary event when one is due (burst quiet, or open for max_span).
  std::optional<WatchEvent> due(Clock::time_point now);
  /// The open summary, if any (at exit, or after a start-up replay).
  std::optional<WatchEvent> flush();
  /// A full bucket again (after the daemon's replay of the ring at start,
  /// so the first live kills are printed in full).
  void refill_all() { tokens_ = opt_.full_events; }
  /// Milliseconds until due() may have something (for poll), or -1.
  [[nodiscard]] int timeout_ms(Clock::time_point now) const;
  [[nodiscard]] uint64_t folded_events() const { return folded_total_; }

 private:
  void refill(Clock::time_point now);
  WatchEvent take();

  BurstOptions opt_;
  double tokens_;
  std::optional<Clock::time_point> last_refill_;
  std::optional<BurstSummary> open_;
  Clock::time_point opened_{}, last_folded_{};
  uint64_t folded_total_ = 0;
};

}  // namespace oomlens::watch
