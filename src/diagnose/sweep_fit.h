#pragma once
// `oomlens sweep`: fitting measured peaks against the swept parameters,
// predicting unmeasured values and the largest value that fits a budget
// (docs/sweep.md). Pure functions of structs; sizes in bytes.
//
// Model: least squares, y = a + sum_i b_i * x_i over the numeric
// parameters (one term per parameter: "+86 MiB per worker"); with one
// parameter of at least 4 distinct values, a quadratic term is added when
// it cuts the residual by more than half. Points whose figure is a lower
// bound (the point was OOM-killed: its true peak was higher) are not fitted;
// each bounds the fit from below, and a fit that predicts less than such a
// bound is said to underestimate.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "util/result.h"

namespace oomlens::diagnose {

/// One measured point: its parameter values (as typed) and one figure.
struct FitPoint {
  std::map<std::string, double> x;  ///< the numeric parameters' values
  double y = 0;                     ///< bytes
  bool lower_bound = false;         ///< OOM-killed: the true value is at least y
};

struct Fit {
  std::string figure;                 ///< e.g. "peak_anon_shmem_bytes"
  std::vector<std::string> params;    ///< the fitted (numeric) parameters, in order
  double intercept_bytes = 0;
  std::map<std::string, double> slope_bytes;  ///< per unit of each parameter
  std::optional<double> quadratic_bytes;      ///< per unit squared (one parameter only)
  size_t points = 0;                          ///< fitted (not lower-bound) points
  std::optional<double> residual_rms_bytes;   ///< nullopt when the fit is exact by construction
  std::optional<double> r2;
  std::vector<std::string> warnings;          ///< too few points, poor fit, underestimates a bound
  [[nodiscard]] double predict(const std::map<std::string, double>& x) const;
};

/// Fits one figure. An input_error() saying why when it cannot be fitted
/// (fewer fitted points than terms + 1, no numeric parameter, no spread).
[[nodiscard]] Result<Fit> fit_figure(const std::string& figure, const std::vector<std::string>& params,
                                     const std::vector<FitPoint>& points);

/// "per worker" (num_workers, workers), "per sample" (batch_size, batch),
/// "per thread" (threads), else "per unit of NAME". Pure.
[[nodiscard]] std::string per_unit_phrase(const std::string& param);

/// "+86.0 MiB per worker" (sign kept: "-1.2 MiB per ..."). Pure.
[[nodiscard]] std::string describe_slope(double bytes, const std::string& param);

/// The largest value of `param` (the others at `others`) whose prediction
/// stays within budget_bytes * (1 - margin): nullopt when even the
/// smallest swept value does not fit or nothing limits it (slope <= 0:
/// *unbounded set). Integer parameters (all swept values whole) give a
/// whole number. Never above the smallest value whose point was
/// OOM-killed (lower_bound_at: those values did not fit).
struct LargestFit {
  std::optional<double> value;
  bool unbounded = false;
  std::string note;  ///< one sentence: how it was found, or why there is none
};
[[nodiscard]] LargestFit largest_fitting(const Fit& fit, const std::string& param, std::map<std::string, double> others,
                                         double budget_bytes, double margin, bool integer,
                                         std::optional<double> oom_killed_at);

/// Whether a point's memory was still rising when it ended: over the last
/// quarter of its samples' time span (at least 5 samples overall), the
/// least-squares growth exceeds max(2 % of the peak, 1 MiB), and the last
/// value is within 5 % of the peak. `t_s` and `bytes` have equal lengths.
[[nodiscard]] bool still_rising(const std::vector<double>& t_s, const std::vector<double>& bytes);

}  // namespace oomlens::diagnose
