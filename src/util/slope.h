#pragma once
// The Theil–Sen slope estimator: the median of the slopes between every
// pair of (t_s, value) points. One outlier (a transient buffer, a reading
// taken mid-reclaim, a collection) moves it little, unlike a least-squares
// fit or the last two samples. Shared by the guard's time-to-limit
// forecast (guard/forecast.h) and the verdict's growth over time
// (diagnose/main_growth.cpp). Pure; O(n²) in the points given.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace oomlens::util {

/// Median of the pairwise slopes (value units per second) of the points in
/// [first, last), each mapped by `point(*it)` to a (t_s, value) pair of
/// doubles; pairs less than 1 µs apart are skipped; with an even number of
/// slopes the mean of the two middle ones. Nullopt without a usable pair.
template <class It, class Point>
[[nodiscard]] std::optional<double> theil_sen_slope(It first, It last, Point point) {
  std::vector<std::pair<double, double>> pts;
  for (It it = first; it != last; ++it) pts.push_back(point(*it));
  std::vector<double> slopes;
  slopes.reserve(pts.size() * (pts.empty() ? 0 : pts.size() - 1) / 2);
  for (size_t i = 0; i < pts.size(); ++i)
    for (size_t j = i + 1; j < pts.size(); ++j) {
      const double dt = pts[j].first - pts[i].first;
      if (dt <= 1e-6) continue;
      slopes.push_back((pts[j].second - pts[i].second) / dt);
    }
  if (slopes.empty()) return std::nullopt;
  const size_t mid = slopes.size() / 2;
  std::nth_element(slopes.begin(), slopes.begin() + static_cast<std::ptrdiff_t>(mid), slopes.end());
  double m = slopes[mid];
  if (slopes.size() % 2 == 0) m = (m + *std::max_element(slopes.begin(), slopes.begin() + static_cast<std::ptrdiff_t>(mid))) / 2;
  return m;
}

}  // namespace oomlens::util
