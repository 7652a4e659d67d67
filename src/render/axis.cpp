// Axis ticks and label layout (see axis.h).
#include "render/axis.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "util/units.h"

namespace oomlens::render {
namespace {

std::string number(double v, double step) {
  int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
  std::string s = fmt::format("{:.{}f}", v, std::clamp(decimals, 0, 6));
  return s;
}

Axis make_axis(double data_max, double unit, const char* unit_name, int max_ticks) {
  Axis a;
  double step = nice_step(data_max, unit, max_ticks);
  if (!(data_max > 0) || !std::isfinite(data_max)) data_max = unit;
  double n = std::ceil(data_max / step - 1e-9);
  a.max = std::max(1.0, n) * step;
  for (int i = 0; i <= static_cast<int>(std::max(1.0, n)); ++i) {
    double v = i * step;
    a.ticks.push_back({v, number(v / unit, step / unit) + " " + unit_name});
  }
  return a;
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
  if (s < 120) return make_axis(s, 1, "s", max_ticks);
  if (s < 7200) return make_axis(s, 60, "min", max_ticks);
  return make_axis(s, 3600, "h", max_ticks);
}

Axis bytes_axis(double b, int max_ticks) {
  constexpr auto kib = static_cast<double>(kKiB), mib = static_cast<double>(kMiB), gib = static_cast<double>(kGiB);
  if (b < mib) return make_axis(b, kib, "KiB", max_ticks);
  if (b < gib) return make_axis(b, mib, "MiB", max_ticks);
  return make_axis(b, gib, "GiB", max_ticks);
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
