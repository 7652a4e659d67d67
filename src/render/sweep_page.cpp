// The sweep page (see run_page.h).
#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "render/axis.h"
#include "render/html.h"
#include "render/record_text.h"
#include "render/run_page.h"
#include "render/ui_strings.h"
#include "util/i18n.h"

namespace oomlens::render {
namespace {

using nlohmann::json;

std::optional<double> opt_num(const json& j, const char* k) {
  if (j.is_object() && j.contains(k) && j[k].is_number()) return j[k].get<double>();
  return std::nullopt;
}

std::string text_of(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

SweepPoint point_of(const json& p, bool predicted) {
  SweepPoint s;
  s.predicted = predicted;
  if (p.contains("params") && p["params"].is_object())
    for (auto& [k, v] : p["params"].items()) s.params.push_back({k, text_of(v)});
  s.peak_pss_bytes = opt_num(p, "peak_pss_bytes");
  s.peak_anon_shmem_bytes = opt_num(p, "peak_anon_shmem_bytes");
  s.cgroup_peak_bytes = opt_num(p, "cgroup_peak_bytes");
  s.t_peak_s = opt_num(p, "t_peak_s");
  if (p.contains("verdict")) s.verdict = p["verdict"].is_object() ? p["verdict"].value("cause", "") : text_of(p["verdict"]);
  if (p.contains("record") && p["record"].is_string()) s.record = p["record"].get<std::string>();
  return s;
}

std::string cell(const std::optional<double>& b) { return b ? html_escape(human_bytes(*b)) : "?"; }

std::optional<double> number(const std::string& s) {
  try {
    size_t used = 0;
    double v = std::stod(s, &used);
    if (used == s.size() && std::isfinite(v)) return v;
  } catch (...) {
  }
  return std::nullopt;
}

// Peak anon+shmem against the first parameter whose run values are numbers.
std::string chart(const SweepData& d, int W, int H, const char* cls) {
  if (d.points.empty() || d.points[0].params.empty()) return {};
  const std::string param = d.points[0].params[0].first;
  struct P { double x, y; bool predicted; };
  std::vector<P> pts;
  for (auto& p : d.points) {
    std::optional<double> x;
    for (auto& [k, v] : p.params) if (k == param) x = number(v);
    if (x && p.peak_anon_shmem_bytes) pts.push_back({*x, *p.peak_anon_shmem_bytes, p.predicted});
  }
  if (pts.empty()) return {};
  double xmax = 0, ymax = d.limit_bytes.value_or(0);
  for (auto& p : pts) { xmax = std::max(xmax, p.x); ymax = std::max(ymax, p.y); }
  Axis ya = bytes_axis(ymax * 1.05, 5);
  const double L = 70, R = 20, T = 30, B = 40, pw = W - L - R, ph = H - T - B;
  const double xr = xmax > 0 ? xmax * 1.1 : 1;
  auto X = [&](double x) { return L + x / xr * pw; };
  auto Y = [&](double y) { return T + ph - y / ya.max * ph; };
  std::string o = fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{}\" width=\"{}\" height=\"{}\" "
                              "viewBox=\"0 0 {} {}\" font-family=\"sans-serif\" font-size=\"11\">\n",
                              cls, W, H, W, H);
  o += fmt::format("<text class=\"lbl\" x=\"8\" y=\"16\" font-size=\"13\">{}</text>\n",
                   html_escape(fit_text(std::string(tr(ui::kSweepChart)) + " " + param, 13, W - 16)));
  for (auto& t : ya.ticks)
    o += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#e4e4e4\"/><text class=\"lbl\" "
                     "x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n",
                     L, W - R, Y(t.value), Y(t.value), L - 6, Y(t.value) + 4, html_escape(t.label));
  const double step = nice_step(xr, 1, std::max(2, static_cast<int>(pw / 60)));
  for (double x = 0; x <= xr + 1e-9; x += step)
    o += fmt::format("<text class=\"lbl\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{:g}</text>\n", X(x),
                     T + ph + 16, x);
  o += fmt::format("<text class=\"lbl\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", W - R, T + ph + 32,
                   html_escape(fit_text(param, 11, pw / 2)));
  for (auto& f : d.fits)
    if (f.param == param && f.figure == "peak_anon_shmem_bytes" && f.intercept_bytes && f.slope_bytes_per_unit)
      o += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#4e79a7\"/>\n", X(0),
                       Y(*f.intercept_bytes), X(xr), Y(*f.intercept_bytes + *f.slope_bytes_per_unit * xr));
  if (d.limit_bytes)
    o += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#e15759\" "
                     "stroke-dasharray=\"8 4\"/>\n", L, W - R, Y(*d.limit_bytes), Y(*d.limit_bytes));
  for (auto& p : pts)
    o += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\" stroke=\"#4e79a7\"/>\n", X(p.x), Y(p.y),
                     p.predicted ? "white" : "#4e79a7");
  o += fmt::format("<path d=\"M{0},{1} V{2:.1f} H{3}\" fill=\"none\" stroke=\"#333\"/>\n</svg>\n", L, T, T + ph, W - R);
  return o;
}

}  // namespace

bool is_sweep_document(const json& doc) { return doc.is_object() && doc.contains("points") && doc["points"].is_array(); }

SweepData sweep_data(const json& doc) {
  SweepData d;
  if (!is_sweep_document(doc)) return d;
  for (auto& p : doc["points"]) d.points.push_back(point_of(p, false));
  if (doc.contains("predictions") && doc["predictions"].is_array())
    for (auto& p : doc["predictions"]) d.points.push_back(point_of(p, true));
  if (doc.contains("fits") && doc["fits"].is_array())
    for (auto& f : doc["fits"]) {
      if (!f.is_object()) continue;
      SweepFit s;
      s.param = f.value("param", "");
      s.figure = f.value("figure", "");
      s.warning = f.contains("warning") && f["warning"].is_string() ? f["warning"].get<std::string>() : "";
      s.intercept_bytes = opt_num(f, "intercept_bytes");
      s.slope_bytes_per_unit = opt_num(f, "slope_bytes_per_unit");
      s.residual_bytes = opt_num(f, "residual_bytes");
      if (auto n = opt_num(f, "points")) s.points = static_cast<int64_t>(*n);
      d.fits.push_back(std::move(s));
    }
  d.limit_bytes = opt_num(doc, "limit_bytes");
  return d;
}

std::string sweep_page_html(const SweepData& d) {
  std::string o = page_open(tr(ui::kSweepTitle));
  o += fmt::format("<h1>{}</h1>\n<h2>{}</h2>\n<table><tr>", tr(ui::kSweepTitle), tr(ui::kSweepPoints));
  std::vector<std::string> names;
  for (auto& p : d.points)
    for (auto& [k, v] : p.params)
      if (std::find(names.begin(), names.end(), k) == names.end()) names.push_back(k);
  for (auto& n : names) o += "<th>" + html_escape(n) + "</th>";
  o += "<th>peak PSS</th><th>peak anon+shmem</th><th>cgroup peak</th><th>t peak</th><th>verdict</th><th>record</th></tr>\n";
  for (auto& p : d.points) {
    o += p.predicted ? "<tr class=\"muted\">" : "<tr>";
    for (auto& n : names) {
      std::string v;
      for (auto& [k, x] : p.params) if (k == n) v = x;
      o += "<td>" + html_escape(v) + "</td>";
    }
    o += fmt::format("<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", cell(p.peak_pss_bytes),
                     cell(p.peak_anon_shmem_bytes), cell(p.cgroup_peak_bytes),
                     p.t_peak_s ? fmt::format("{:.1f} s", *p.t_peak_s) : "?",
                     p.predicted ? std::string(tr(ui::kSweepPredictions)) : html_escape(p.verdict), html_escape(p.record));
  }
  o += "</table>\n";
  if (!d.fits.empty()) {
    o += fmt::format("<h2>{}</h2>\n<ul>\n", tr(ui::kSweepFits));
    for (auto& f : d.fits) {
      o += "<li>" + html_escape(f.figure) + " ~ " + html_escape(f.param) + ": ";
      if (f.intercept_bytes && f.slope_bytes_per_unit)
        o += html_escape(fmt::format("{} {} {} per {}", human_bytes(*f.intercept_bytes),
                                     *f.slope_bytes_per_unit < 0 ? "-" : "+",
                                     human_bytes(std::fabs(*f.slope_bytes_per_unit)), f.param));
      if (f.residual_bytes) o += html_escape(fmt::format(", residual {}", human_bytes(*f.residual_bytes)));
      if (f.points) o += fmt::format(", {} points", *f.points);
      if (!f.warning.empty()) o += " <span class=\"warn\">" + html_escape(f.warning) + "</span>";
      o += "</li>\n";
    }
    o += "</ul>\n";
  }
  o += chart(d, 800, 360, "wide");
  o += chart(d, 400, 300, "narrow");
  return o + page_close();
}

}  // namespace oomlens::render
