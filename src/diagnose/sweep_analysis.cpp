#include "diagnose/sweep_analysis.h"

#include <fmt/core.h>

#include <algorithm>

#include "util/i18n.h"

namespace oomlens::diagnose {

std::optional<uint64_t> figure_value(const PointFigures& f, const std::string& figure) {
  if (figure == "peak_anon_shmem_bytes") return f.peak_anon_shmem_bytes;
  if (figure == "peak_pss_bytes") return f.peak_pss_bytes;
  if (figure == "cgroup_peak_bytes") return f.cgroup_peak_bytes;
  return std::nullopt;
}

SweepAnalysis analyze_sweep(const SweepAnalysisInput& in) {
  SweepAnalysis a;
  a.budget_bytes = in.budget_bytes;
  a.budget_source = in.budget_source;
  a.margin = in.margin;
  std::vector<std::string> numeric;
  std::map<std::string, double> largest_swept;
  std::map<std::string, bool> integer;
  for (auto& p : in.params) {
    if (!p.numeric) {
      std::string vals;
      for (auto& v : p.values) vals += (vals.empty() ? "" : ", ") + v;
      a.not_fitted.push_back(fmt::format(N_("{} is not numeric ({}): its points are run and tabled, not fitted"),
                                         p.name, vals));
      continue;
    }
    numeric.push_back(p.name);
    integer[p.name] = p.integer;
    double mx = *parse_number(p.values[0]);
    for (auto& v : p.values) mx = std::max(mx, *parse_number(v));
    largest_swept[p.name] = mx;
  }
  // Points of each non-numeric combination are fitted together only when
  // there is one such combination; otherwise each figure mixes them.
  if (numeric.size() < in.params.size() && !numeric.empty())
    a.not_fitted.push_back(N_("the fits pool the points of every value of the non-numeric parameters"));
  for (auto& r : in.points) {
    std::string at;
    for (auto& [n, v] : r.params) at += fmt::format("{}{}={}", at.empty() ? "" : " ", n, v);
    if (r.figures.oom_killed)
      a.notes.push_back(fmt::format(N_("{} was OOM-killed: its peaks are lower bounds (it needed more), not fitted"), at));
    if (r.figures.still_rising)
      a.notes.push_back(r.stopped_by_for
                            ? fmt::format(N_("{}: memory was still rising at the end (--for ended it): its peak is a "
                                             "lower bound of what a longer run needs"), at)
                            : fmt::format(N_("{}: memory was still rising at the end: its peak is a lower bound of "
                                             "what a longer run needs"), at));
    if (r.figures.cause.empty()) a.notes.push_back(fmt::format(N_("{}: no verdict (see {})"), at, r.log));
  }
  if (numeric.empty()) return a;
  for (const char* figure : kSweepFigures) {
    std::vector<FitPoint> pts;
    for (auto& r : in.points) {
      auto y = figure_value(r.figures, figure);
      if (!y) continue;
      FitPoint p;
      for (auto& n : numeric) p.x[n] = *parse_number(r.params.at(n));
      p.y = static_cast<double>(*y);
      p.lower_bound = r.figures.oom_killed;
      pts.push_back(p);
    }
    if (auto f = fit_figure(figure, numeric, pts)) a.fits.push_back(*f);
    else a.not_fitted.push_back(fmt::format("{}: {}", figure, f.error().what));
  }
  const Fit* anon = nullptr;
  const Fit* pss = nullptr;
  for (auto& f : a.fits) {
    if (f.figure == "peak_anon_shmem_bytes") anon = &f;
    if (f.figure == "peak_pss_bytes") pss = &f;
  }
  for (auto& [name, values] : in.predict) {
    for (auto& v : values) {
      SweepPrediction p;
      std::map<std::string, double> x = largest_swept;
      for (auto& [n, mx] : largest_swept) p.params[n] = fmt::format("{:g}", mx);
      p.params[name] = v;
      auto num = parse_number(v);
      if (!num || !largest_swept.count(name)) {
        p.notes.push_back(fmt::format(N_("{}={} cannot be predicted: {} is not a fitted numeric parameter"), name, v, name));
        a.predictions.push_back(p);
        continue;
      }
      x[name] = *num;
      if (anon) p.peak_anon_shmem_bytes = std::max(0.0, anon->predict(x));
      if (pss) p.peak_pss_bytes = std::max(0.0, pss->predict(x));
      if (*num > largest_swept[name])
        p.notes.push_back(fmt::format(N_("extrapolated beyond the largest swept {}={:g}"), name, largest_swept[name]));
      if (largest_swept.size() > 1) p.notes.push_back(N_("the other parameters at their largest swept value"));
      a.predictions.push_back(p);
    }
  }
  if (anon && in.budget_bytes) {
    for (auto& n : numeric) {
      std::optional<double> oom_at;
      for (auto& r : in.points)
        if (r.figures.oom_killed) {
          double v = *parse_number(r.params.at(n));
          if (!oom_at || v < *oom_at) oom_at = v;
        }
      std::map<std::string, double> others = largest_swept;
      others.erase(n);
      a.largest.push_back({n, largest_fitting(*anon, n, others, *in.budget_bytes, in.margin, integer[n], oom_at)});
    }
  }
  return a;
}

}  // namespace oomlens::diagnose
