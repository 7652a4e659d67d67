#pragma once
// Checks that look across the events of one log: the same process killed
// again (add_repeat_kill()), and many small kills in a row that freed little
// (add_tiny_kill_storm()). explain() sees one event; the explain step keeps a
// KillRecord of each kill event it reads and hands the earlier ones to both.
//
// A kill that does not end its victim frees nothing: the task sits in
// uninterruptible sleep (D state) on a hung filesystem or driver, keeps its
// memory, and the next OOM picks it again. Kernels before 4.6 have no OOM
// reaper to take the memory of a killed task that does not exit; later ones
// print `oom_reaper: unable to reap pid:N` when theirs fails.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "diagnose/explain.h"
#include "kernel_log/oom_event.h"

namespace oomlens {

/// Who a kill event killed, and when; what add_repeat_kill() and add_tiny_kill_storm() compare.
struct KillRecord {
  std::optional<std::string> boot_id;
  std::optional<std::string> host;
  std::optional<std::string> source;
  int64_t pid = 0;
  std::string comm;
  double monotonic_s = 0;
  /// What add_tiny_kill_storm() compares: the victim's anon-rss (what a kill frees; nullopt when not printed), the
  /// OOM's constraint and its cgroup (oom_memcg, else task_memcg; nullopt when not printed).
  std::optional<uint64_t> anon_rss_bytes = std::nullopt;
  std::optional<Constraint> constraint = std::nullopt;
  std::optional<std::string> cgroup = std::nullopt;
  /// The kill line's other sizes (nullopt when not printed): with anon_rss_bytes, what tells a copy of the same
  /// kill line (kKillCopyWindowS) from a new kill.
  std::optional<uint64_t> total_vm_bytes = std::nullopt;
  std::optional<uint64_t> file_rss_bytes = std::nullopt;
};

/// A kill line of the same process with the same sizes (total-vm, anon-rss, file-rss, all printed) under this many
/// seconds after the first, in an event that prints no report of its own (no header, Mem-Info or task rows), is
/// that kill copied (a paste quoting its lines again, corpus 720), not a second kill: a new OOM prints its report
/// first, and a process the kernel kills again is a new report's pick.
inline constexpr double kKillCopyWindowS = 1;

/// A storm of small kills: kTinyStormKills kills of different processes (same boot, host, source, constraint and
/// cgroup, each within kTinyStormGapS of the next) whose victims each held under kTinyVictimBytes of anon-rss.
inline constexpr size_t kTinyStormKills = 5;
inline constexpr double kTinyStormGapS = 60;
inline constexpr uint64_t kTinyVictimBytes = uint64_t{64} << 20;

/// When the event's kill is the kTinyStormKills-th of such a storm (said once, at that kill): adds the warn check
/// `small_kills_repeated` (figures `kill_count`, `span_ms`, `anon_rss_bytes` (the victims' together), and, when the
/// event's task table shows a task of at least ten times that which none of them was, `survivor_pid`,
/// `survivor_rss_bytes`) and its advice. Else leaves `out` as it is.
void add_tiny_kill_storm(const OomEvent& event, std::span<const KillRecord> earlier, Explanation& out);

/// The most seconds between two kills of one process that count as a repeat:
/// past it, the same pid and comm may be a new process (pid reuse, restart).
inline constexpr double kRepeatKillWindowS = 600;

/// The event's victim as a KillRecord; nullopt unless it is a kill event
/// with a victim pid, a readable comm and a printk time.
[[nodiscard]] std::optional<KillRecord> kill_record(const OomEvent& event);

/// When `earlier` (the kill records read before `event`, in log order) shows
/// the event's victim (same boot, host, source, pid and comm) killed before,
/// each kill within kRepeatKillWindowS of the next: adds the warn check
/// `victim_killed_again` (figures `victim_pid`, `kill_count`, `span_s`)
/// and its advice first. Else leaves `out` as it is.
void add_repeat_kill(const OomEvent& event, std::span<const KillRecord> earlier, Explanation& out);

/// The victims of the last kill events read, for add_repeat_kill() and add_tiny_kill_storm(), in
/// bounded memory: `explain` over a log and `watch`/`daemon` as events
/// arrive keep between kKept and twice that (a chain with more kills of
/// others between its links is cut there, counted from the oldest kept).
class RecentKills {
 public:
  static constexpr size_t kKept = 256;
  /// add_repeat_kill() and add_tiny_kill_storm() of `event` against the kills read before it, into
  /// `out`; then keeps the event's own kill record (every event read, shown
  /// or not, so that a filter does not hide a repeat).
  void check_then_keep(const OomEvent& event, Explanation& out);
  [[nodiscard]] size_t size() const { return kills_.size(); }

 private:
  std::vector<KillRecord> kills_;
};

}  // namespace oomlens
