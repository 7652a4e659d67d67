#pragma once
// Memory over time from a run record, as a self-contained SVG (no scripts,
// no fonts or links fetched): stacked PSS of the main process, the workers
// (grouped) and other processes; the cgroup's charge and limit;
// MemAvailable when it is on the same scale; kill and exit markers.
#include <string>

#include "monitor/record.h"

namespace oomlens::render {

[[nodiscard]] std::string plot_svg(const monitor::Record& rec, int width = 960, int height = 480);
/// The SVG inline in a minimal HTML page with the summary text below it.
[[nodiscard]] std::string plot_html(const monitor::Record& rec, const std::string& svg);

}  // namespace oomlens::render
