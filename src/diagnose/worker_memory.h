#pragma once
// Where a DataLoader-style worker pool's memory came from, told by figures,
// and what to change, with numbers (pure).
//
// Per worker, two smaps_rollup passes (monitor/tree.h PrivateAt): the first
// one and the one with the highest USS. Between them
//   own    = RssAnon growth        (anonymous memory the worker mapped itself:
//                                   a cache built in __getitem__),
//   copied = USS growth - own      (pages it shared with the parent that
//                                   turned private: copy-on-read, refcount
//                                   writes to Python objects),
// and a worker whose USS exceeds everything anonymous the parent held
// cannot have copied the excess, so that much is its own. A forked worker
// starts with next to no USS and inherits at most the parent's anon, so for
// it own ≥ RssAnon - parent's anon and copied = USS - own, whenever its
// first pass was taken. A pool whose
// workers stay mostly shared (USS small beside the parent's anon: a
// Dataset holding a numpy array or a tensor) is neither: its memory is in
// the main process, and neither numpy advice nor fewer workers frees it.
//
// `persistent_workers=True` is never a copy-on-read fix: it keeps the
// copied pages alive across epochs instead of dropping them with the
// workers at each epoch's end.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace oomlens::diagnose {

/// One worker's figures, bytes and seconds after the job's start.
struct WorkerMemory {
  uint64_t first_uss_bytes = 0, first_rss_anon_bytes = 0;
  uint64_t peak_uss_bytes = 0;       ///< at the smaps_rollup pass with the highest USS
  /// The highest RssAnon seen: at that pass, or at any tick after it (statm,
  /// read every tick, sees a cache filled between passes).
  uint64_t peak_rss_anon_bytes = 0;
  double first_seen_s = 0;
  std::optional<double> gone_s;  ///< null while alive at the end
  /// Its highest USS was at its last pass and above the first: it was still
  /// growing when last measured (killed, or the job ended), so more was needed.
  bool growing_at_last_pass = false;
};

struct WorkerPool {
  std::vector<WorkerMemory> workers;  ///< the ones measured at least once
  /// The main program's highest RssAnon at a pass (what a forked worker can
  /// share and copy), bytes; null when never measured.
  std::optional<uint64_t> parent_rss_anon_bytes;
  /// "fork", "spawn", "forkserver" (verdict.h worker_start_method); null unknown.
  std::optional<std::string> start_method;
  std::optional<uint64_t> limit_bytes;  ///< the job's memory limit; null when unlimited
};

enum class WorkerCause { own_allocations, copy_on_read, shared, unknown };

struct WorkerDiagnosis {
  WorkerCause cause = WorkerCause::unknown;
  uint32_t concurrent = 0;                 ///< most workers alive at once
  bool still_growing = false;              ///< some worker was growing_at_last_pass
  uint64_t private_per_worker_bytes = 0;   ///< mean peak USS
  uint64_t own_per_worker_bytes = 0, copied_per_worker_bytes = 0;  ///< means, as above
  /// parent + concurrent × private_per_worker: a lower bound on what the job
  /// needs with this many workers (it may grow further after a kill).
  uint64_t need_bytes = 0;
  std::optional<uint64_t> fitting_limit_bytes;  ///< need + 15 %, up to a 64 MiB multiple
  /// Most workers that fit in limit_bytes (90 % of it) with the parent;
  /// null without a limit or when the current number already fits.
  std::optional<uint32_t> fitting_workers;
  std::string evidence;  ///< one sentence with the figures
  std::string advice;    ///< what to change, with the numbers; empty for `unknown`
};

/// Nullopt when no worker or the parent was never measured.
[[nodiscard]] std::optional<WorkerDiagnosis> diagnose_workers(const WorkerPool& pool);
[[nodiscard]] const char* worker_cause_name(WorkerCause c);

}  // namespace oomlens::diagnose
