// SVG plot of a run (see plot.h).
#include "render/plot.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "render/axis.h"
#include "render/html.h"
#include "render/ui_strings.h"
#include "util/i18n.h"

namespace oomlens::render {
namespace {

constexpr double kFont = 11;     // px, tick, marker and legend labels
constexpr double kRowH = 14;     // px per row of marker labels or legend
constexpr const char* kWorkerColors[] = {"#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                         "#edc948", "#ff9da7", "#9c755f", "#86bcb6"};

const char* series_color(const RunSeries& s, size_t worker_index) {
  if (s.role == "main") return "#4e79a7";
  if (s.role == "worker") return kWorkerColors[worker_index % std::size(kWorkerColors)];
  if (s.role == "other") return "#b07aa1";
  return "#bab0ac";
}

const char* marker_color(const std::string& kind) {
  if (kind == "oom_kill") return "#d00000";
  if (kind == "cgroup_oom_kill") return "#e07000";
  if (kind == "guard_warning") return "#a08000";
  if (kind.rfind("guard_", 0) == 0) return "#7b3fb0";
  if (kind == "pss_stale") return "#0072b2";  // no series nor other marker is this blue
  return "#555555";
}

struct LegendItem {
  std::string color, name, dash;  // dash empty: a filled box
};

}  // namespace

std::string plot_svg(const RunPlotData& d, int W, int H, const char* css_class) {
  const size_t n = d.t_s.size();
  std::vector<double> top(n, 0);
  for (auto& s : d.series)
    for (size_t i = 0; i < n && i < s.bytes.size(); ++i) top[i] += s.bytes[i];
  double ymax = 0;
  for (size_t i = 0; i < n; ++i) {
    ymax = std::max(ymax, top[i]);
    for (double v : {d.file_bytes[i], d.limit_bytes[i]})
      if (std::isfinite(v)) ymax = std::max(ymax, v);
  }
  bool show_avail = false;
  for (double a : d.mem_available_bytes) show_avail |= std::isfinite(a) && a < std::max(ymax, 1.0) * 1.5;
  if (show_avail)
    for (double a : d.mem_available_bytes)
      if (std::isfinite(a)) ymax = std::max(ymax, a);
  const double tmax = n ? std::max(d.t_s.back(), 1e-3) : 1;

  // Legend first: its rows set the bottom margin.
  std::vector<LegendItem> legend;
  size_t wi = 0;
  for (auto& s : d.series) legend.push_back({series_color(s, s.role == "worker" ? wi++ : 0), s.name, ""});
  legend.push_back({"#888888", tr(ui::kFilePages), "4 3"});
  legend.push_back({"#e15759", tr(ui::kLimit), "8 4"});
  if (show_avail) legend.push_back({"#59a14f", tr(ui::kMemAvailable), "2 3"});
  const double L0 = 12;
  std::vector<std::pair<double, int>> legend_pos;  // x, row
  {
    double x = L0;
    int row = 0;
    for (auto& it : legend) {
      double w = 18 + text_width_px(it.name, kFont) + 14;
      if (x + w > W - 8 && x > L0) { x = L0; ++row; }
      legend_pos.push_back({x, row});
      x += w;
    }
  }
  const int legend_rows = legend.empty() ? 0 : legend_pos.back().second + 1;

  Axis ya = bytes_axis(ymax * 1.04, std::max(3, H / 70));
  double L = 0;
  for (auto& t : ya.ticks) L = std::max(L, text_width_px(t.label, kFont));
  L += 12;
  const double R = 26;
  // Marker labels: laid out in rows above the chart.
  std::vector<Label> labels;
  const double pw = W - L - R;
  auto X = [&](double t) { return L + t / tmax * pw; };
  for (auto& m : d.markers) labels.push_back({X(std::clamp(m.t_s, 0.0, tmax)), text_width_px(m.label, kFont)});
  const int rows = layout_labels(labels, 2, W - 2);
  const double T = 30 + rows * kRowH + 6, B = 30 + legend_rows * 16 + 6;
  const double ph = H - T - B;
  auto Y = [&](double v) { return T + ph - v / ya.max * ph; };

  std::string o = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\"{2} "
      "font-family=\"sans-serif\" font-size=\"{3}\">\n<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n",
      W, H, css_class ? fmt::format(" class=\"{}\"", css_class) : std::string(), kFont);
  std::string title = d.title + (d.cause.empty() ? "" : " \xe2\x80\x94 " + d.cause);
  o += fmt::format("<text class=\"lbl\" x=\"8\" y=\"19\" font-size=\"14\" font-weight=\"bold\">{}</text>\n",
                   html_escape(fit_text(title, 14, W - 16)));
  for (auto& t : ya.ticks) {
    o += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#e4e4e4\"/>"
                     "<text class=\"lbl\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n",
                     L, Y(t.value), W - R, Y(t.value), L - 6, Y(t.value) + 4, html_escape(t.label));
  }
  Axis xa = time_axis(tmax, std::max(2, static_cast<int>(pw / 80)));
  for (auto& t : xa.ticks) {
    if (t.value > tmax * 1.0001) break;  // ticks only where the data is
    o += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#333\"/>"
                     "<text class=\"lbl\" x=\"{0:.1f}\" y=\"{3:.1f}\" text-anchor=\"middle\">{4}</text>\n",
                     X(t.value), T + ph, T + ph + 4, T + ph + 17, html_escape(t.label));
  }
  o += fmt::format("<path d=\"M{0:.1f},{1:.1f} V{2:.1f} H{3:.1f}\" fill=\"none\" stroke=\"#333\"/>\n", L, T, T + ph,
                   W - R);
  // Stacked anon+shmem bands.
  std::vector<double> lo(n, 0);
  wi = 0;
  for (auto& s : d.series) {
    const char* color = series_color(s, s.role == "worker" ? wi++ : 0);
    std::vector<double> hi(n);
    for (size_t i = 0; i < n; ++i) hi[i] = lo[i] + (i < s.bytes.size() ? s.bytes[i] : 0);
    if (n) {
      std::string p = fmt::format("M{:.1f},{:.1f}", X(d.t_s[0]), Y(lo[0]));
      for (size_t i = 0; i < n; ++i) p += fmt::format(" L{:.1f},{:.1f}", X(d.t_s[i]), Y(hi[i]));
      for (size_t i = n; i-- > 0;) p += fmt::format(" L{:.1f},{:.1f}", X(d.t_s[i]), Y(lo[i]));
      o += fmt::format("<path d=\"{} Z\" fill=\"{}\" fill-opacity=\"0.8\" stroke=\"none\"><title>{}</title></path>\n", p,
                       color, html_escape(s.name));
    }
    lo = std::move(hi);
  }
  auto polyline = [&](const std::vector<double>& v, const char* color, const char* dash, const char* name) {
    std::string pts;
    for (size_t i = 0; i < n && i < v.size(); ++i)
      if (std::isfinite(v[i])) pts += fmt::format("{:.1f},{:.1f} ", X(d.t_s[i]), Y(v[i]));
    if (pts.empty()) return;
    o += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.8\" "
                     "stroke-dasharray=\"{}\"><title>{}</title></polyline>\n",
                     pts, color, dash, name);
  };
  polyline(d.file_bytes, "#888888", "4 3", tr(ui::kFilePages));
  polyline(d.limit_bytes, "#e15759", "8 4", tr(ui::kLimit));
  if (show_avail) polyline(d.mem_available_bytes, "#59a14f", "2 3", tr(ui::kMemAvailable));
  // Markers: the line runs from the label's row (a leader) to the axis.
  for (size_t i = 0; i < d.markers.size(); ++i) {
    const auto& m = d.markers[i];
    const auto& l = labels[i];
    const char* color = marker_color(m.kind);
    const double ly = 30 + (rows - 1 - l.row) * kRowH + 10;  // row 0 nearest the chart
    const double x = l.x;
    o += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\" "
                     "stroke-width=\"1.3\"{4}/>",
                     x, ly - 9, T + ph, color, m.kind.rfind("guard_", 0) == 0 ? " stroke-dasharray=\"3 2\"" : "");
    const double tx = l.anchor_end ? l.left + l.width : l.left;
    o += fmt::format("<text class=\"lbl\" x=\"{:.1f}\" y=\"{:.1f}\" fill=\"{}\" text-anchor=\"{}\">{}</text>\n", tx, ly,
                     color, l.anchor_end ? "end" : "start", html_escape(m.label));
  }
  if (d.samples_per_column > 1)  // thinned by the record's reader: say so where the data is
    o += fmt::format("<text class=\"lbl thinned\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"#666\">{}</text>\n",
                     W - R - 4, T + 12,
                     html_escape(trf("thinned: {} of {} samples drawn, the lowest and the highest of every {} in a row", n,
                                     d.samples_read, d.samples_per_column)));
  for (size_t i = 0; i < legend.size(); ++i) {
    auto [x, row] = legend_pos[i];
    const double y = H - B + 30 + row * 16;
    if (legend[i].dash.empty())
      o += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"12\" height=\"10\" fill=\"{}\"/>", x, y - 9,
                       legend[i].color);
    else
      o += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"{3}\" "
                       "stroke-width=\"2\" stroke-dasharray=\"{4}\"/>",
                       x, y - 4, x + 14, legend[i].color, legend[i].dash);
    o += fmt::format("<text class=\"lbl\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", x + 18, y,
                     html_escape(legend[i].name));
  }
  o += "</svg>\n";
  return o;
}

std::string plot_svg(const monitor::Record& rec, int width, int height) {
  return plot_svg(run_plot_data(rec), width, height);
}

}  // namespace oomlens::render
