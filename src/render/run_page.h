#pragma once
// The one page of a run (`oomlens report --html`, `oomlens plot -o x.html`)
// and of a sweep: self-contained HTML (render/html.h), a pure function of
// the data structs.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "render/run_data.h"

namespace oomlens::render {

/// The run page: verdict, summary sentence, evidence, advice; the memory
/// plot (a wide and a narrow SVG, one shown by the window's width); the
/// guard's events; the allocation-site icicle when `sites` is not empty;
/// the text summary.
[[nodiscard]] std::string run_page_html(const RunPlotData& data);

/// An icicle of allocation sites, one per process (outermost frame at the
/// top, width proportional to bytes). Empty when there are no sites.
[[nodiscard]] std::string sites_icicle_svg(const std::vector<SiteStack>& sites, int width, const char* css_class);

/// A sweep document (`oomlens sweep --json`, issue 15; docs/report.md):
///   {"points": [{"params": {NAME: V, …}, "peak_pss_bytes", "peak_anon_shmem_bytes",
///                "cgroup_peak_bytes", "t_peak_s", "verdict", "record"}],
///    "fits": [{"param", "figure", "intercept_bytes", "slope_bytes_per_unit",
///              "residual_bytes", "points", "warning"}],
///    "predictions": [{"params": {…}, "peak_pss_bytes", "peak_anon_shmem_bytes"}],
///    "limit_bytes"}
/// Missing figures are null; every key but "points" is optional.
struct SweepPoint {
  std::vector<std::pair<std::string, std::string>> params;  ///< name, value as written
  std::optional<double> peak_pss_bytes, peak_anon_shmem_bytes, cgroup_peak_bytes, t_peak_s;
  std::string verdict, record;
  bool predicted = false;  ///< from "predictions", not run
};
struct SweepFit {
  std::string param, figure, warning;
  std::optional<double> intercept_bytes, slope_bytes_per_unit, residual_bytes;
  std::optional<int64_t> points;
};
struct SweepData {
  std::vector<SweepPoint> points;  ///< run points, then predictions
  std::vector<SweepFit> fits;
  std::optional<double> limit_bytes;
};

/// True when `doc` has the sweep shape (an object with a "points" array).
[[nodiscard]] bool is_sweep_document(const nlohmann::json& doc);
[[nodiscard]] SweepData sweep_data(const nlohmann::json& doc);
/// The sweep page: the points' table, the fits, and peak anon+shmem against
/// the first numeric parameter with the fit's line, predictions and limit.
[[nodiscard]] std::string sweep_page_html(const SweepData& data);

}  // namespace oomlens::render
