#pragma once
// Time-to-limit forecast from a robust slope.
//
// The slope is the Theil–Sen estimator (the median of the slopes between
// every pair of points) over the last `window_s` seconds of working-set
// observations, at most `max_points` of them: one outlier (a transient
// buffer, a reading taken mid-reclaim) moves it little, unlike the last two
// samples. A forecast needs at least `min_points` spanning `min_span_s`
// (an interpreter's start-up burst is not a trend) and a rise over the
// window of at least `min_rise_bytes`.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>

namespace oomlens::guard {

struct ForecastParams {
  double window_s = 3.0;
  size_t max_points = 64;
  size_t min_points = 4;
  double min_span_s = 0.3;
  uint64_t min_rise_bytes = 4ull << 20;
};

/// Median of pairwise slopes (bytes/s) of (t_s, bytes) points; nullopt
/// with fewer than 2 points or no pair with distinct times. Pure.
[[nodiscard]] std::optional<double> theil_sen_slope(const std::deque<std::pair<double, uint64_t>>& points);

/// Seconds until `working_set` reaches `limit` at `slope` bytes/s; 0 when
/// already there; nullopt when the slope is not positive.
[[nodiscard]] std::optional<double> time_to_limit_s(uint64_t working_set, uint64_t limit, double slope);

class SlopeWindow {
 public:
  explicit SlopeWindow(ForecastParams p = {}) : p_(p) {}
  /// Adds an observation (times must not go backwards; an earlier one is ignored).
  void push(double t_s, uint64_t bytes);
  /// The robust slope when the window holds enough of a trend, else nullopt.
  [[nodiscard]] std::optional<double> slope() const;
  /// True when the trend is levelling off: the Theil–Sen slope of the
  /// window's later half (at least 3 points) is under half the whole
  /// window's positive slope (a start-up ramp reaching its plateau). False
  /// without a positive slope or with too few points.
  [[nodiscard]] bool levelling_off() const;
  [[nodiscard]] size_t size() const { return pts_.size(); }
  void clear() { pts_.clear(); }

 private:
  ForecastParams p_;
  std::deque<std::pair<double, uint64_t>> pts_;
};

}  // namespace oomlens::guard
