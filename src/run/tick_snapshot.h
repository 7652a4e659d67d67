#pragma once
// `oomlens run`: what the 10 Hz tick computes and keeps (run/session_state.h),
// one snapshot refreshed by each tick, on the model of oomd's
// OomdContext: the last sample, the run's peaks, the values read at a
// lower rate and reused between (limits, memory.stat, the system sample),
// the job's /dev/shm and rlimits, the PSS passes' pacing, and the ticks'
// count and gaps. The verdict reads it; nothing here does I/O.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "monitor/sample.h"
#include "proc/proc.h"

namespace oomlens::run {

/// Peaks over the run's samples; the PSS ones over non-racy samples only
/// (a racy pass over-counts: ProcessTree::refresh_smaps).
struct Peaks {
  /// The tree PSS peak's sample: its tree totals (the PSS; the file pages
  /// in it, Pss_File; the age of the oldest per-process PSS in the sum, as
  /// a stale sum lags a fast ramp; the cgroup's usage and anon+shmem at
  /// its pass, TreeTotals::cgroup_usage_at_pss_bytes, null unknown), its
  /// time, and whether it was stale (monitor::pss_stale).
  std::optional<monitor::TreeTotals> tree_pss_peak;
  double tree_pss_t_s = 0;
  bool tree_pss_peak_stale = false;
  [[nodiscard]] std::optional<uint64_t> tree_pss_bytes() const {
    return tree_pss_peak ? tree_pss_peak->pss_bytes : std::nullopt;
  }
  std::optional<uint64_t> tree_anon_shmem_pss_bytes;
  std::optional<uint64_t> cgroup_usage_bytes;
  std::optional<uint64_t> cgroup_anon_shmem_bytes;
  /// The job's memory peak (the cgroup's usage, read every tick; the tree's
  /// RSS without a cgroup; bytes): its time, the age of the PSS in hand
  /// then, and whether that PSS was stale
  /// there (monitor::pss_stale: not read there, after over 5 % growth). A
  /// stale PSS at the memory peak means the peak tree PSS may be low.
  std::optional<uint64_t> memory_peak_bytes;
  std::optional<double> memory_peak_t_s, pss_age_at_memory_peak_s;
  bool pss_stale_at_memory_peak = false;
  /// The last non-racy sample with a PSS sum (its tree totals and time):
  /// the PSS in hand at a racy sample, whose own pass is never used.
  std::optional<monitor::TreeTotals> last_pss_tree;
  double last_pss_t_s = 0;
  void update(const monitor::Sample& s);
  /// At a new memory peak: pss_age_at_memory_peak_s and
  /// pss_stale_at_memory_peak (tick_snapshot.cpp).
  void memory_peak_pss(const monitor::Sample& s);
  /// tree_pss_peak_stale, or pss_stale_at_memory_peak unless the PSS peak's
  /// own pass saw the cgroup's usage and anon+shmem within kPssStaleGrowth
  /// of that PSS below their peaks (that pass then measured the peak): the peak
  /// tree PSS lags the job's memory and is marked so (summary, report,
  /// JSON, plot).
  [[nodiscard]] bool tree_pss_stale() const;
};

/// When the last PSS pass was and what it cost: the next pass's schedule
/// (Session::maybe_refresh_pss), and what keeping PSS fresh cost.
struct PssPacing {
  double next_s = 0;       ///< the default schedule's next pass (pss_min_s, stretched by the budget)
  double short_next_s = 0;  ///< next pass of a job's first kShortJobS (kShortJobPssS apart)
  double budget_ok_s = 0;  ///< next pass allowed by the default PSS budget
  /// The last pass: when, and its CPU cost in seconds (the urgent budget's pacing).
  double last_t_s = -1e9, last_cost_s = 0;
  uint64_t rss_at = 0;  ///< the tree's RSS at the last pass (bytes)
  /// A process of the tree exited or was killed (the kernel's kill line, the
  /// cgroup's oom_kill counter, the main process reaped) since the last
  /// pass: the survivors' PSS changed (shared pages' shares move to them),
  /// so the next tick re-reads it.
  bool exit_seen = false;
  /// The cgroup's anon+shmem and usage at the last pass (monitor::pss_stale).
  std::optional<uint64_t> cg_anon_shmem_at, cg_usage_at;
  /// Passes and their CPU time (this thread's), for the record's last event.
  uint64_t passes = 0;
  double cpu_s = 0;
};

/// The per-tick snapshot.
struct TickSnapshot {
  monitor::Sample last{};  ///< the last tick's sample
  Peaks peaks;
  std::vector<monitor::Sample> minute;  ///< written samples of the last minute, 1 s apart (the growth rate)
  monitor::SystemSample sys;  ///< read once a second (/dev/shm every tick)
  /// Limits (read once a second) and memory.stat's anon and shmem (2 Hz
  /// away from the limit), reused between reads.
  std::optional<uint64_t> cached_limit, cached_anon, cached_shmem;
  std::string cached_limit_state = "unknown";
  bool stat_read_this_tick = false;  ///< memory.stat was read in this tick
  std::optional<uint64_t> last_cg_oom;  ///< the cgroup's oom_kill at the last tick
  /// The job's /dev/shm (in its mount namespace), sampled every tick: the peak.
  std::optional<uint64_t> shm_peak_used_bytes, job_shm_size_bytes, job_shm_used_bytes;
  /// The main process's memory rlimits, read once a second while it runs.
  proc::MemoryRlimits rlimits;
  PssPacing pss;
  uint64_t tick_no = 0, ticks_at_exit = 0;
  /// Sampling gaps (oomlens stopped by SIGSTOP, or starved of CPU).
  std::optional<double> last_tick_t;
  uint64_t gaps = 0;
  double longest_gap_s = 0;
};

}  // namespace oomlens::run
