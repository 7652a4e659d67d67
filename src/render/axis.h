#pragma once
// Axis ticks and marker-label layout for the SVG charts: pure arithmetic.
#include <string>
#include <vector>

namespace oomlens::render {

struct Tick {
  double value = 0;   ///< in the axis's own unit (seconds or bytes), drawn exactly there
  std::string label;  ///< "30 s", "2 min", "1.5 h", "256 MiB", "1.5 GiB"
};

struct Axis {
  double max = 1;           ///< the axis's end (>= the data's max): a round tick value
  std::vector<Tick> ticks;  ///< from 0, one step apart, the last at most `max`
};

/// A step of 1, 2 or 5 times a power of ten (in `unit`s) giving at most
/// `max_ticks` intervals over [0, data_max]. Nonpositive or non-finite
/// data_max is treated as 1.
[[nodiscard]] double nice_step(double data_max, double unit, int max_ticks);

/// Seconds: the unit is s under 2 min, min under 2 h, else h.
[[nodiscard]] Axis time_axis(double data_max_s, int max_ticks);
/// Bytes: KiB under 1 MiB, MiB under 1 GiB, else GiB.
[[nodiscard]] Axis bytes_axis(double data_max_bytes, int max_ticks);

/// One label to place above a chart, at a marker's x.
struct Label {
  double x = 0;       ///< the marker's x, px
  double width = 0;   ///< px
  // Filled by layout_labels:
  int row = 0;             ///< 0 is the row nearest the chart
  bool anchor_end = false; ///< drawn to the left of x (text-anchor end)
  double left = 0;         ///< the label's left edge, px
};

/// Places each label right of its x (left of it when it would pass
/// `right`), in the first row where it overlaps no label already placed
/// (a gap of `gap` px), clamping it inside [left, right]. Returns the
/// number of rows used (0 for no labels). Labels keep their order.
int layout_labels(std::vector<Label>& labels, double left, double right, double gap = 4);

}  // namespace oomlens::render
