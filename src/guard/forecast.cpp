// Robust slope forecast (see forecast.h).
#include "guard/forecast.h"

#include <algorithm>
#include <vector>

#include "util/slope.h"

namespace oomlens::guard {

std::optional<double> theil_sen_slope(const std::deque<std::pair<double, uint64_t>>& pts) {
  return util::theil_sen_slope(pts.begin(), pts.end(), [](const std::pair<double, uint64_t>& p) {
    return std::pair<double, double>(p.first, static_cast<double>(p.second));
  });
}

std::optional<double> time_to_limit_s(uint64_t ws, uint64_t limit, double slope) {
  if (ws >= limit) return 0.0;
  if (!(slope > 0)) return std::nullopt;
  return static_cast<double>(limit - ws) / slope;
}

void SlopeWindow::push(double t, uint64_t bytes) {
  if (!pts_.empty() && t <= pts_.back().first) return;
  pts_.emplace_back(t, bytes);
  while (!pts_.empty() && (pts_.size() > p_.max_points || t - pts_.front().first > p_.window_s)) pts_.pop_front();
}

std::optional<double> SlopeWindow::slope() const {
  if (pts_.size() < p_.min_points) return std::nullopt;
  if (pts_.back().first - pts_.front().first < p_.min_span_s) return std::nullopt;
  uint64_t lo = pts_.front().second, hi = pts_.front().second;
  for (auto& [t, b] : pts_) {
    lo = std::min(lo, b);
    hi = std::max(hi, b);
  }
  if (hi - lo < p_.min_rise_bytes) return 0.0;  // flat within noise: no trend
  return theil_sen_slope(pts_);
}

bool SlopeWindow::levelling_off() const {
  auto whole = slope();
  if (!whole || !(*whole > 0)) return false;
  const double mid = (pts_.front().first + pts_.back().first) / 2;
  std::deque<std::pair<double, uint64_t>> later;
  for (auto& p : pts_)
    if (p.first >= mid) later.push_back(p);
  if (later.size() < 3) return false;
  auto recent = theil_sen_slope(later);
  return recent && *recent < *whole / 2;
}

}  // namespace oomlens::guard
