// Axis ticks and label layout (see axis.h).
#include "render/axis.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "util/format.h"
#include "util/units.h"

namespace oomlens::render {
namespace {

// Digits after the point a tick label needs for ticks `step` apart (both in the label's unit).
int decimals_for(double step) {
  return std::clamp(step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 0, 6);
}

// `label(v, decimals)`: the text of the tick at `v` (in the axis's own unit, seconds or bytes).
template <class Label>
Axis make_axis(double data_max, double unit, int max_ticks, Label label) {
  Axis a;
  double step = nice_step(data_max, unit, max_ticks);
  if (!(data_max > 0) || !std::isfinite(data_max)) data_max = unit;
  double n = std::ceil(data_max / step - 1e-9);
  a.max = std::max(1.0, n) * step;
  for (int i = 0; i <= static_cast<int>(std::max(1.0, n)); ++i) {
    double v = i * step;
    a.ticks.push_back({v, label(v, decimals_for(step / unit))});
  }
  return a;
}

Axis seconds_axis(double s, double unit, const char* unit_name, int max_ticks) {
  return make_axis(s, unit, max_ticks,
                   [&](double v, int decimals) { return fmt::format("{:.{}f} {}", v / unit, decimals, unit_name); });
}

// Byte ticks say their size as util's byte formatter does (format_bytes_in: one unit for the whole axis).
Axis byte_scale_axis(double b, uint64_t unit, int max_ticks) {
  return make_axis(b, static_cast<double>(unit), max_ticks,
                   [unit](double v, int decimals) { return format_bytes_in(v, unit, decimals); });
}

}  // namespace

double nice_step(double data_max, double unit, int max_ticks) {
  if (!(data_max > 0) || !std::isfinite(data_max)) data_max = unit;
  max_ticks = std::max(1, max_ticks);
  double raw = data_max / unit / max_ticks;
  double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * p >= raw * (1 - 1e-9)) return m * p * unit;
  }
  return 10 * p * unit;
}

Axis time_axis(double s, int max_ticks) {
  if (s < 120) return seconds_axis(s, 1, "s", max_ticks);
  if (s < 7200) return seconds_axis(s, 60, "min", max_ticks);
  return seconds_axis(s, 3600, "h", max_ticks);
}

Axis bytes_axis(double b, int max_ticks) {
  if (b < static_cast<double>(kMiB)) return byte_scale_axis(b, kKiB, max_ticks);
  if (b < static_cast<double>(kGiB)) return byte_scale_axis(b, kMiB, max_ticks);
  return byte_scale_axis(b, kGiB, max_ticks);
}

int layout_labels(std::vector<Label>& labels, double left, double right, double gap) {
  std::vector<size_t> order(labels.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return labels[a].x < labels[b].x; });
  std::vector<std::vector<std::pair<double, double>>> rows;  // occupied [l, r) per row
  for (size_t i : order) {
    Label& l = labels[i];
    double w = std::min(l.width, right - left);
    l.anchor_end = l.x + 3 + w > right;
    l.left = l.anchor_end ? l.x - 3 - w : l.x + 3;
    l.left = std::clamp(l.left, left, right - w);
    size_t r = 0;
    for (; r < rows.size(); ++r) {
      bool free = true;
      for (auto [a, b] : rows[r]) free &= l.left + w + gap <= a || b + gap <= l.left;
      if (free) break;
    }
    if (r == rows.size()) rows.emplace_back();
    rows[r].push_back({l.left, l.left + w});
    l.row = static_cast<int>(r);
  }
  return static_cast<int>(rows.size());
}

}  // namespace oomlens::render
