#pragma once
// `oomlens sweep`: from the points run to the answer: fits of each figure
// against the numeric parameters, predictions for --predict, and the
// largest value of each numeric parameter that fits the budget (docs/sweep.md).
// Pure.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "diagnose/sweep_fit.h"
#include "diagnose/sweep_plan.h"
#include "diagnose/sweep_point.h"

namespace oomlens::diagnose {

/// The figures fitted, in this order: what the limit compares first.
inline constexpr const char* kSweepFigures[] = {"peak_anon_shmem_bytes", "peak_pss_bytes", "cgroup_peak_bytes"};

struct SweepPrediction {
  std::map<std::string, std::string> params;
  std::optional<double> peak_pss_bytes, peak_anon_shmem_bytes;
  std::vector<std::string> notes;  ///< others held at their largest swept value; extrapolated
};

struct SweepLargest {
  std::string param;
  LargestFit result;
};

struct SweepAnalysisInput {
  std::vector<SweepParam> params;
  std::vector<SweepPointResult> points;
  std::vector<std::pair<std::string, std::vector<std::string>>> predict;  ///< --predict NAME=V1,V2
  std::optional<double> budget_bytes;  ///< what the largest value must fit in
  std::string budget_source;           ///< "--budget", "--limit", "MemAvailable"
  double margin = 0.10;
};

struct SweepAnalysis {
  std::vector<Fit> fits;
  std::vector<std::string> not_fitted;  ///< sentences: a non-numeric parameter, a figure that cannot be fitted
  std::vector<SweepPrediction> predictions;
  std::vector<SweepLargest> largest;
  std::optional<double> budget_bytes;
  std::string budget_source;
  double margin = 0.10;
  std::vector<std::string> notes;  ///< lower bounds, still rising, stopped by --for
};

[[nodiscard]] SweepAnalysis analyze_sweep(const SweepAnalysisInput& in);

/// A point's value of `figure` (one of kSweepFigures), nullopt when unknown.
[[nodiscard]] std::optional<uint64_t> figure_value(const PointFigures& f, const std::string& figure);

}  // namespace oomlens::diagnose
