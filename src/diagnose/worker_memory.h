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
  /// USS at its smaps_rollup passes, in time order (monitor/tree.h
  /// private_series, thinned): seconds after the job's start, bytes.
  struct PrivatePoint {
    double t_s = 0;
    uint64_t uss_bytes = 0;
  };
  std::vector<PrivatePoint> private_series;
};

struct WorkerPool {
  std::vector<WorkerMemory> workers;  ///< the ones measured at least once
  /// The main program's highest RssAnon at a pass (what a forked worker can
  /// share and copy), bytes; null when never measured.
  std::optional<uint64_t> parent_rss_anon_bytes;
  /// "fork", "spawn", "forkserver" (verdict.h worker_start_method); null unknown.
  std::optional<std::string> start_method;
  std::optional<uint64_t> limit_bytes;  ///< the job's memory limit; null when unlimited
  /// When the job's growth stopped, s: the main process's end or the tree's
  /// first kernel OOM kill, whichever came first (orphaned or surviving
  /// workers idle on for seconds after it, so their points after it are not
  /// growth over time); null when neither happened.
  std::optional<double> main_end_s;
  /// The main program's RssAnon at its smaps_rollup passes, in time order
  /// (what it holds, shared with forked workers or not): its growth per
  /// epoch (main_growth.cpp). Empty when never measured.
  struct AnonPoint {
    double t_s = 0;
    uint64_t rss_anon_bytes = 0;
  };
  std::vector<AnonPoint> parent_anon_series;
};

enum class WorkerCause { own_allocations, copy_on_read, shared, unknown };

/// How the workers' private memory moved over time (issue 13 item 6).
/// `per_epoch`: non-persistent workers restart each epoch, so each
/// generation (workers started after the previous ones were all gone) is an
/// epoch, and the figure is its mean private memory per worker. `per_interval`:
/// one generation (persistent_workers=True, or a single epoch), its
/// private memory's growth per worker over fixed intervals of its life.
/// `growing`: the last epoch held more than the first (with 3 or more
/// epochs, the one before the last: the job's end may cut the last short),
/// or the last interval still grew, by at least 4 MiB and 5 % of the private
/// memory per worker
/// (less is page-level noise: a few allocator arenas); `levelled` otherwise;
/// `unknown` with one point or a life under 2 s.
enum class WorkerGrowth { unknown, levelled, growing };

struct WorkerEpoch {
  double start_s = 0;                    ///< first worker of the generation seen, s
  uint32_t workers = 0;
  uint64_t private_per_worker_bytes = 0; ///< mean private (as private_per_worker_bytes) of its workers
};

struct WorkerDiagnosis {
  WorkerCause cause = WorkerCause::unknown;
  uint32_t concurrent = 0;                 ///< most workers alive at once
  bool still_growing = false;              ///< some worker was growing_at_last_pass
  uint64_t private_per_worker_bytes = 0;   ///< mean peak USS (of cause_epoch's workers, when set)
  uint64_t own_per_worker_bytes = 0, copied_per_worker_bytes = 0;  ///< means, as above
  /// parent + concurrent × private_per_worker: a lower bound on what the job
  /// needs with this many workers (it may grow further after a kill).
  uint64_t need_bytes = 0;
  std::optional<uint64_t> fitting_limit_bytes;  ///< need + 15 %, up to a 64 MiB multiple
  /// Most workers that fit in limit_bytes (90 % of it) with the parent;
  /// null without a limit or when the current number already fits.
  std::optional<uint32_t> fitting_workers;
  /// With 2 or more epochs (worker generations), the epoch (1-based) the
  /// cause and the figures above rest on: the one whose workers held the
  /// most private memory together (a later one on a tie); null with one
  /// generation (then all workers count).
  std::optional<uint32_t> cause_epoch;
  std::string evidence;  ///< one sentence with the figures
  std::string advice;    ///< what to change, with the numbers; empty for `unknown`
  /// Growth over time (see WorkerGrowth): `epochs` has 2 or more entries when
  /// epochs were visible as worker restarts; `growth_per_epoch_bytes` the mean
  /// change per worker from one epoch to the next (negative: shrank).
  std::vector<WorkerEpoch> epochs;
  std::optional<int64_t> growth_per_epoch_bytes;
  /// Otherwise: the interval (the life of the longest-lived worker over 4,
  /// rounded to 1-2-5 s, at least 1 s) and the mean per-worker USS growth in
  /// each whole interval of its life, bytes.
  double interval_s = 0;
  std::vector<int64_t> growth_per_interval_bytes;
  WorkerGrowth growth = WorkerGrowth::unknown;
  std::string growth_evidence;  ///< one sentence with those figures; empty when unknown
  /// What the growth changes in the advice (its own advice line); empty when
  /// the cause's advice already fits it.
  std::string growth_advice;
  /// The main program's growth per epoch (issue 13: a list that grows in the
  /// training loop, a leak): its highest RssAnon in each epoch, the mean
  /// change per epoch (first epoch to the last whole one, as for the
  /// workers), and the epoch (1-based) in which the job reaches its limit at
  /// that rate (null without a limit). `main_growing`: by at least 4 MiB and
  /// 5 % of its first epoch's figure per epoch, rising every epoch counted.
  /// Then the advice is about the main process, not batch or workers.
  std::vector<uint64_t> main_anon_per_epoch_bytes;
  std::optional<int64_t> main_growth_per_epoch_bytes;
  std::optional<uint32_t> main_limit_epoch;
  bool main_growing = false;
};

/// When a worker lived, seconds after the job's start (gone_s null while
/// alive at the end).
struct WorkerLife {
  double first_seen_s = 0;
  std::optional<double> gone_s;
};
/// Worker generations in time order, as indices into `lives`: a generation
/// ends when all its workers are gone, and the next worker seen at or after
/// that (the same tick counts: 0.05 s) starts the next one. Non-persistent
/// workers restart each epoch, so each generation is an epoch (pure).
[[nodiscard]] std::vector<std::vector<size_t>> worker_generations(const std::vector<WorkerLife>& lives);

/// The main program's memory over time, for a job where no epochs are seen
/// (num_workers=0: no worker restarts mark them): its RssAnon at its
/// smaps_rollup passes (WorkerPool::AnonPoint, time order), the job's limit
/// and when its growth stopped (as WorkerPool::main_end_s).
struct MainCurve {
  std::vector<WorkerPool::AnonPoint> series;
  std::optional<uint64_t> limit_bytes;
  std::optional<double> end_s;
};

/// A sustained, roughly linear growth of the main program over time (issue
/// 13: a list that grows each step, a leak). The first third of its
/// measured life is left out (start-up: imports, a dataset built once); over
/// the rest (the window), at least 6 points spanning 10 s or more (the
/// curve ends at its first point within 5 % of the limit: a job held at
/// that wall before its kill is not on a plateau), the Theil–Sen slope
/// of each half is positive, the later half's at least half
/// the earlier's (a ramp levelling off to a plateau is not growth), the
/// slope of its last quarter (at least its last 3 points) at least half the
/// window's (a start-up ramp that then stayed flat is not growth, even when
/// the flat part is too short to turn the later half), no flat stretch
/// (within max(4 MiB, a tenth of the window's rise)) lasting a fifth of the
/// window (a ramp, a plateau, then one batch too large), and the window rose
/// by at least 8 MiB and 10 % of its first figure.
struct MainTimeGrowth {
  double from_s = 0, to_s = 0;           ///< the window, s after the job's start
  uint64_t from_bytes = 0, to_bytes = 0; ///< RssAnon at its first and last points
  double growth_bytes_per_s = 0;         ///< Theil–Sen slope over the window
  /// When, at that rate from the last point, its RssAnon reaches the limit,
  /// s after the job's start; null without a limit.
  std::optional<double> limit_t_s;
  std::string advice;  ///< as the per-epoch advice: the figures, then what to change
};
/// Nullopt when the curve does not show such growth (pure).
[[nodiscard]] std::optional<MainTimeGrowth> diagnose_main_growth_over_time(const MainCurve& curve);

/// Fills the main_* fields of `d` from pool.parent_anon_series over d.epochs
/// and, when the main process grows, puts its advice first (pure; called by
/// diagnose_workers()).
void diagnose_main_growth(const WorkerPool& pool, WorkerDiagnosis& d);
/// Nullopt when no worker or the parent was never measured.
[[nodiscard]] std::optional<WorkerDiagnosis> diagnose_workers(const WorkerPool& pool);
[[nodiscard]] const char* worker_cause_name(WorkerCause c);
[[nodiscard]] const char* worker_growth_name(WorkerGrowth g);

}  // namespace oomlens::diagnose
