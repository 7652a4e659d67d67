// Least-squares fits of a sweep's peaks (see sweep_fit.h).
#include "diagnose/sweep_fit.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "util/i18n.h"
#include "util/text.h"
#include "util/format.h"
#include "util/units.h"

namespace oomlens::diagnose {
namespace {

// Solves A c = b (n x n, row-major) by Gaussian elimination with partial
// pivoting; false when singular.
bool solve(std::vector<std::vector<double>> a, std::vector<double> b, std::vector<double>* c) {
  const size_t n = b.size();
  for (size_t col = 0; col < n; ++col) {
    size_t piv = col;
    for (size_t r = col + 1; r < n; ++r)
      if (std::fabs(a[r][col]) > std::fabs(a[piv][col])) piv = r;
    double scale = 0;
    for (size_t r = 0; r < n; ++r) scale = std::max(scale, std::fabs(a[r][col]));
    if (std::fabs(a[piv][col]) <= 1e-12 * std::max(scale, 1.0)) return false;
    std::swap(a[piv], a[col]);
    std::swap(b[piv], b[col]);
    for (size_t r = 0; r < n; ++r) {
      if (r == col) continue;
      double f = a[r][col] / a[col][col];
      for (size_t k = col; k < n; ++k) a[r][k] -= f * a[col][k];
      b[r] -= f * b[col];
    }
  }
  c->resize(n);
  for (size_t i = 0; i < n; ++i) (*c)[i] = b[i] / a[i][i];
  return true;
}

// The terms of one point: 1, x_1..x_p, and x_1^2 when quadratic.
std::vector<double> terms(const std::vector<std::string>& params, const std::map<std::string, double>& x, bool quad) {
  std::vector<double> t{1.0};
  for (auto& p : params) t.push_back(x.count(p) ? x.at(p) : 0.0);
  if (quad) t.push_back(t[1] * t[1]);
  return t;
}

struct Ls {
  std::vector<double> c;
  double sse = 0;
};

std::optional<Ls> least_squares(const std::vector<std::string>& params, const std::vector<const FitPoint*>& pts,
                                bool quad) {
  const size_t k = params.size() + 1 + (quad ? 1 : 0);
  if (pts.size() < k) return std::nullopt;
  std::vector<std::vector<double>> ata(k, std::vector<double>(k, 0));
  std::vector<double> aty(k, 0);
  for (auto* p : pts) {
    auto t = terms(params, p->x, quad);
    for (size_t i = 0; i < k; ++i) {
      aty[i] += t[i] * p->y;
      for (size_t j = 0; j < k; ++j) ata[i][j] += t[i] * t[j];
    }
  }
  Ls ls;
  if (!solve(ata, aty, &ls.c)) return std::nullopt;
  for (auto* p : pts) {
    auto t = terms(params, p->x, quad);
    double f = 0;
    for (size_t i = 0; i < k; ++i) f += ls.c[i] * t[i];
    ls.sse += (p->y - f) * (p->y - f);
  }
  return ls;
}

// A figure of the fit (a prediction, a budget, a residual; a prediction may be negative): util's byte formatter.
std::string mib(double b) { return format_signed_bytes(b, /*plus=*/false); }

}  // namespace

double Fit::predict(const std::map<std::string, double>& x) const {
  double y = intercept_bytes;
  for (auto& [p, b] : slope_bytes) y += b * (x.count(p) ? x.at(p) : 0.0);
  if (quadratic_bytes && !params.empty()) {
    double v = x.count(params[0]) ? x.at(params[0]) : 0.0;
    y += *quadratic_bytes * v * v;
  }
  return y;
}

Result<Fit> fit_figure(const std::string& figure, const std::vector<std::string>& params,
                       const std::vector<FitPoint>& points) {
  if (params.empty()) return input_error(N_("no numeric parameter to fit against"));
  std::vector<const FitPoint*> fitted;
  for (auto& p : points)
    if (!p.lower_bound) fitted.push_back(&p);
  auto lin = least_squares(params, fitted, false);
  if (!lin)
    return input_error(
        fitted.size() < params.size() + 1
            ? (fitted.size() == 1
                   ? fmt::format(N_("{} point not OOM-killed: a fit needs at least {}"), fitted.size(), params.size() + 1)
                   : fmt::format(N_("{} points not OOM-killed: a fit needs at least {}"), fitted.size(),
                                 params.size() + 1))
            : std::string(N_("the swept values do not vary independently: no fit")));
  Ls best = *lin;
  bool quad = false;
  if (params.size() == 1) {
    std::set<double> distinct;
    for (auto* p : fitted) distinct.insert(p->x.count(params[0]) ? p->x.at(params[0]) : 0.0);
    if (distinct.size() >= 4) {
      auto q = least_squares(params, fitted, true);
      const double dof_l = static_cast<double>(fitted.size() - 2), dof_q = static_cast<double>(fitted.size() - 3);
      if (q && lin->sse > 0 && (dof_q <= 0 ? q->sse == 0 : q->sse / dof_q < 0.25 * (lin->sse / dof_l))) {
        best = *q;
        quad = true;
      }
    }
  }
  Fit f;
  f.figure = figure;
  f.params = params;
  f.points = fitted.size();
  f.intercept_bytes = best.c[0];
  for (size_t i = 0; i < params.size(); ++i) f.slope_bytes[params[i]] = best.c[i + 1];
  if (quad) f.quadratic_bytes = best.c.back();
  const size_t k = best.c.size();
  double mean = 0;
  for (auto* p : fitted) mean += p->y;
  mean /= static_cast<double>(fitted.size());
  double sst = 0;
  for (auto* p : fitted) sst += (p->y - mean) * (p->y - mean);
  if (fitted.size() > k) {
    f.residual_rms_bytes = std::sqrt(best.sse / static_cast<double>(fitted.size() - k));
    if (sst > 0) f.r2 = 1.0 - best.sse / sst;
  }
  if (fitted.size() <= k) {
    f.warnings.push_back(fmt::format(N_("based on {} points only: the fit passes through them exactly and nothing "
                                        "checks it; sweep more values"), fitted.size()));
  } else {
    const bool poor_r2 = f.r2 && *f.r2 < 0.9 && sst > 0 && std::sqrt(sst / static_cast<double>(fitted.size())) > static_cast<double>(kMiB);
    const bool poor_rms = mean > 0 && *f.residual_rms_bytes > 0.1 * mean;
    if (poor_r2 || poor_rms)
      f.warnings.push_back(
          f.r2 ? fmt::format(N_("poor fit: the points are {} away from it (RMS, R² {:.2f}); its predictions are rough"),
                             mib(*f.residual_rms_bytes), *f.r2)
               : fmt::format(N_("poor fit: the points are {} away from it (RMS); its predictions are rough"),
                             mib(*f.residual_rms_bytes)));
    if (fitted.size() < k + 2)
      f.warnings.push_back(fmt::format(N_("based on only {} points: sweep more values to check the trend"),
                                       fitted.size()));
  }
  for (auto& p : points) {
    if (!p.lower_bound) continue;
    double pred = f.predict(p.x);
    std::string at;
    for (auto& [n, v] : p.x) at += fmt::format("{}{}={:g}", at.empty() ? "" : " ", n, v);
    if (pred < p.y)
      f.warnings.push_back(fmt::format(N_("the fit predicts {} at {}, but that point was OOM-killed at {} or more: "
                                          "it underestimates there"), mib(pred), at, mib(p.y)));
  }
  return f;
}

std::string per_unit_phrase(const std::string& param) {
  const auto has = [&param](std::string_view word) { return text::contains_ascii_ci(param, word); };
  if (has("worker")) return N_("per worker");
  if (has("batch") || has("sample")) return N_("per sample");
  if (has("thread")) return N_("per thread");
  if (has("proc")) return N_("per process");
  return fmt::format(N_("per unit of {}"), param);
}

std::string describe_slope(double bytes, const std::string& param) {
  return format_signed_bytes(bytes) + " " + per_unit_phrase(param);
}

LargestFit largest_fitting(const Fit& fit, const std::string& param, std::map<std::string, double> others,
                           double budget_bytes, double margin, bool integer, std::optional<double> oom_killed_at) {
  LargestFit r;
  const double target = budget_bytes * (1.0 - margin);
  auto at = [&](double v) {
    others[param] = v;
    return fit.predict(others);
  };
  const double lo0 = 0;
  if (at(lo0) > target) {
    r.note = fmt::format(N_("even {}=0 is predicted above {} ({} minus a {:.0f} % margin)"), param, mib(target),
                         mib(budget_bytes), margin * 100);
    return r;
  }
  double lo = lo0, hi = 1;
  while (at(hi) <= target && hi < 1e12) {
    lo = hi;
    hi *= 2;
  }
  if (hi >= 1e12) {
    r.unbounded = true;
    r.note = fmt::format(N_("the fit does not grow with {}: no value is limited by {}"), param, mib(target));
  } else {
    for (int i = 0; i < 200 && hi - lo > 1e-9 * std::max(1.0, hi); ++i) {
      double mid = (lo + hi) / 2;
      (at(mid) <= target ? lo : hi) = mid;
    }
    r.value = integer ? std::floor(lo) : lo;
    r.note = fmt::format(N_("predicted {} at {}={:g}, within {} ({} minus a {:.0f} % margin)"), mib(at(*r.value)), param,
                         *r.value, mib(target), mib(budget_bytes), margin * 100);
  }
  if (oom_killed_at && (!r.value || *r.value >= *oom_killed_at)) {
    double cap = integer ? std::ceil(*oom_killed_at) - 1 : *oom_killed_at;
    if (cap < 0) {
      r.value.reset();
      r.unbounded = false;
      r.note = fmt::format(N_("the point at {}={:g} was OOM-killed: nothing fits"), param, *oom_killed_at);
      return r;
    }
    r.value = cap;
    r.unbounded = false;
    r.note = fmt::format(N_("{}; capped below {}={:g}, which was OOM-killed"), r.note, param, *oom_killed_at);
  }
  return r;
}

bool still_rising(const std::vector<double>& t, const std::vector<double>& y) {
  if (t.size() != y.size() || t.size() < 5) return false;
  const double t_end = t.back(), t_start = t.front();
  if (t_end <= t_start) return false;
  const double from = t_end - (t_end - t_start) / 4;
  double peak = *std::max_element(y.begin(), y.end());
  std::vector<std::pair<double, double>> tail;
  for (size_t i = 0; i < t.size(); ++i)
    if (t[i] >= from) tail.emplace_back(t[i], y[i]);
  if (tail.size() < 2) return false;
  double mt = 0, my = 0;
  for (auto& [a, b] : tail) mt += a, my += b;
  mt /= static_cast<double>(tail.size());
  my /= static_cast<double>(tail.size());
  double sxy = 0, sxx = 0;
  for (auto& [a, b] : tail) sxy += (a - mt) * (b - my), sxx += (a - mt) * (a - mt);
  if (sxx <= 0) return false;
  const double growth = sxy / sxx * (tail.back().first - tail.front().first);
  return growth > std::max(0.02 * peak, static_cast<double>(kMiB)) && y.back() >= 0.95 * peak;
}

}  // namespace oomlens::diagnose
