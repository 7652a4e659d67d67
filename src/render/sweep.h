#pragma once
// `oomlens sweep` output: the table (stdout), the JSON document
// (docs/schema/sweep.schema.json) and the SVG/HTML plot of each point's
// peak against the first numeric parameter, with the fit, the predictions
// and the budget line.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diagnose/sweep_analysis.h"

namespace oomlens::render {

[[nodiscard]] std::string sweep_table(const std::vector<diagnose::SweepParam>& params,
                                      const std::vector<diagnose::SweepPointResult>& points,
                                      const diagnose::SweepAnalysis& analysis);
[[nodiscard]] nlohmann::json sweep_json(const std::vector<diagnose::SweepParam>& params,
                                        const std::vector<diagnose::SweepPointResult>& points,
                                        const diagnose::SweepAnalysis& analysis);
/// Empty when no parameter is numeric (nothing to plot against).
[[nodiscard]] std::string sweep_svg(const std::vector<diagnose::SweepParam>& params,
                                    const std::vector<diagnose::SweepPointResult>& points,
                                    const diagnose::SweepAnalysis& analysis, int width = 800, int height = 440);
[[nodiscard]] std::string sweep_html(const std::string& svg, const std::string& table);

}  // namespace oomlens::render
