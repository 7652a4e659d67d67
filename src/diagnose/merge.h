#pragma once
// Merging the OOM events found in several sources of the same system.
//
// A live read sees the same report up to three times: in /dev/kmsg, in the
// journal (journald copies kmsg) and in kern.log (rsyslog copies it too).
// dedup_events() keeps one event per report. Pure functions over OomEvent.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernel_log/oom_event.h"

namespace oomlens {

/// True when `a` and `b` are the same kernel report seen by two sources:
///  1. boots compatible: both boot ids known and equal (after normalizing the
///     dashed /proc form to the journal's 32 hex digits), or at least one
///     unknown (kern.log lines carry no boot id, kmsg and journal ones do:
///     requiring both unknown would keep kmsg/kern.log duplicates);
///  2. the same key: the same set of victim pids when either has victims,
///     else both have a trigger pid and they are equal; never when a victim
///     has no pid (Linux 2.4: two kills of one name are not one report);
///  3. close in time: both monotonic times known and within 1 s; or, when
///     either lacks it, both wall times known and within 2 s and the key is
///     victim pids (a trigger pid alone is too weak across a wall-time match);
///  4. and never when both wall times are known and more than 2 s apart
///     (two boots' early reports can share pids and uptime; their wall
///     times differ).
[[nodiscard]] bool same_report(const OomEvent& a, const OomEvent& b);

/// How much an event knows: one point per known field, victim, task row and
/// memcg stat; used to pick which copy of a report to keep.
[[nodiscard]] int known_fields(const OomEvent& e);

/// Folds `other` into `keep` where `keep` does not know a value: times,
/// boot_id, host, kmsg_seq, trigger, memcg, mem_info, constraint,
/// panic_message, page size, empty task/selected lists, per-victim fields of
/// the same pid, and notes (without duplicates). `keep`'s values win.
void merge_into(OomEvent& keep, const OomEvent& other);

/// One event per report, the best-known copy of each (more known_fields();
/// on a tie kmsg, then journal, then files — by `source`), with the other
/// copies merged in (merge_into). Ordered by boot, then time: boots in the
/// order of their earliest wall time (boots without any wall time after
/// those, in order of appearance); within a boot by monotonic time, then
/// wall time. Events of unknown boot are placed by wall time among the
/// boots, and those without wall time come last in input order (their
/// uptimes may belong to different boots). Stable: ties keep input order.
[[nodiscard]] std::vector<OomEvent> dedup_events(std::vector<OomEvent> events);

/// The live read's merge in bounded memory. The sources are read one after
/// another (kmsg, then the journal, then the files), so no event can be
/// printed before all are read: the window holds them, deduplicated and
/// ordered by dedup_events() whenever it grows past a quarter over its
/// bound, and keeps only the newest (the last in that order) `max_events`
/// reports holding at most `max_task_rows` task rows together. The older
/// ones are counted in dropped(). A copy of a report read after its first
/// copy was dropped is itself among the oldest, and is dropped too.
class MergeWindow {
 public:
  static constexpr size_t kMaxEvents = 2048;
  static constexpr size_t kMaxTaskRows = 65536;
  explicit MergeWindow(size_t max_events = kMaxEvents, size_t max_task_rows = kMaxTaskRows)
      : max_events_(max_events), max_rows_(max_task_rows) {}
  void add(OomEvent&& event);
  /// The events held, deduplicated and ordered; the window is then empty.
  [[nodiscard]] std::vector<OomEvent> finish();
  /// Reports left out as older than the window.
  [[nodiscard]] uint64_t dropped() const { return dropped_; }

 private:
  void compact();
  size_t max_events_, max_rows_;
  std::vector<OomEvent> held_;
  size_t rows_ = 0;
  uint64_t dropped_ = 0;
};

}  // namespace oomlens
