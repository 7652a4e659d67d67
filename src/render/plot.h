#pragma once
// Memory over time from a run record, as a self-contained SVG (no scripts,
// no fonts or links fetched): anon+shmem (what the memory limit compares)
// stacked per process (one band per worker up to kMaxWorkerSeries, one
// band for more), file pages apart, the cgroup limit, MemAvailable when it
// is on the job's scale, and markers for OOM kills, the main process's
// exit, the memcg oom_kill counter and the guard's warnings and actions.
// Ticks are round values (1-2-5 steps of s/min/h and KiB/MiB/GiB) at their
// true positions; marker labels are laid out in rows so none overlap.
#include <string>

#include "monitor/record.h"
#include "render/run_data.h"

namespace oomlens::render {

/// `css_class` goes on the <svg> element (the run page uses "wide"/"narrow").
[[nodiscard]] std::string plot_svg(const RunPlotData& data, int width = 960, int height = 480,
                                   const char* css_class = nullptr);
[[nodiscard]] std::string plot_svg(const monitor::Record& rec, int width = 960, int height = 480);

}  // namespace oomlens::render
