#pragma once
// What the run page and the plot draw, taken out of a run record once:
// a small struct, so the renderers are pure functions of it and the
// record's reading (monitor/record.h) can change without them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "monitor/record.h"

namespace oomlens::render {

/// One stacked band: a process, or a group of them.
struct RunSeries {
  std::string name;               ///< "main 582", "worker 590", "12 workers", "other processes"
  std::string role;               ///< "main", "worker", "other"
  std::vector<double> bytes;      ///< anon+shmem at each RunPlotData::t_s, bytes
};

/// A vertical marker: a kill, an exit, the memcg counter, the guard.
struct RunMarker {
  double t_s = 0;
  std::string kind;   ///< the record event's kind (oom_kill, main_exit, cgroup_oom_kill, guard_*), or pss_stale (the verdict's peak)
  std::string label;  ///< short, for the chart: "OOM kill 582 (python3)", "warning 85 %"
};

/// One guard event, for the page's table.
struct GuardRow {
  double t_s = 0;
  std::string kind;                          ///< guard_warning, guard_action, …
  std::string trigger;                       ///< percent, forecast, grace, hysteresis
  std::optional<double> working_set_bytes;
  std::optional<double> used_fraction;       ///< of the effective limit, 0..1
  std::string done;                          ///< guard_action: action's message, else ""
};

/// One allocation site stack live at a process's peak (verdict.peak_sites,
/// issue 14): frames outermost first, each "function (file:line)" or
/// "function (object)" for a native frame.
struct SiteStack {
  int64_t pid = 0;
  std::string role;
  double bytes = 0;
  std::vector<std::string> frames;
};

struct RunPlotData {
  std::string title;       ///< the job's command line
  std::string cause;       ///< verdict cause, "" without a verdict
  std::string confidence;
  std::string summary;     ///< verdict summary sentence
  std::vector<std::string> evidence, advice;
  std::vector<double> t_s;                 ///< sample times, s since the job started
  std::vector<RunSeries> series;           ///< bottom first
  bool scaled_to_cgroup = false;           ///< series scaled to the cgroup's anon+shmem (see ui::kStackNote)
  std::vector<double> file_bytes;          ///< file pages at each t (NaN unknown)
  std::vector<double> limit_bytes;         ///< the cgroup limit at each t (NaN unknown/unlimited)
  std::vector<double> mem_available_bytes; ///< NaN unknown
  std::vector<RunMarker> markers;          ///< in time order
  std::vector<GuardRow> guard;
  std::vector<SiteStack> sites;
  std::vector<int64_t> victim_pids;        ///< the kernel's kills of the job
  std::string summary_text;                ///< record_summary() without the sparkline
  /// Samples in the record, and how many in a row each drawn pair stands
  /// for (monitor::Record::samples_per_column; 1: every sample drawn).
  uint64_t samples_read = 0, samples_per_column = 1;
};

/// Most processes drawn one series each; more workers than this are one band.
inline constexpr size_t kMaxWorkerSeries = 8;

/// Never throws on odd records: what is missing is left empty or NaN.
[[nodiscard]] RunPlotData run_plot_data(const monitor::Record& rec);

}  // namespace oomlens::render
