// `oomlens sweep` output (see sweep.h).
#include "render/sweep.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "diagnose/sweep_analysis.h"
#include "util/display_width.h"
#include "util/format.h"
#include "util/i18n.h"

namespace oomlens::render {
namespace {

using nlohmann::json;

std::string bytes_or_dash(std::optional<uint64_t> b, bool lower_bound = false) {
  return b ? (lower_bound ? ">=" : "") + format_bytes(*b) : "-";
}

json opt_json(std::optional<uint64_t> v) { return v ? json(*v) : json(nullptr); }
json opt_json(std::optional<double> v) { return v ? json(*v) : json(nullptr); }

std::string label_of(const std::map<std::string, std::string>& params) {
  std::string s;
  for (auto& [n, v] : params) s += fmt::format("{}{}={}", s.empty() ? "" : " ", n, v);
  return s;
}

std::string fit_line(const diagnose::Fit& f) {
  std::string s = fmt::format("{} = {}", f.figure, format_bytes(static_cast<uint64_t>(std::max(0.0, f.intercept_bytes))));
  if (f.intercept_bytes < 0) s = fmt::format("{} = -{}", f.figure, format_bytes(static_cast<uint64_t>(-f.intercept_bytes)));
  // describe_slope()'s words, translated here (the JSON has the numbers).
  for (auto& p : f.params) {
    const double b = f.slope_bytes.at(p);
    s += fmt::format(" {} {}", format_signed_bytes(b), retranslate(diagnose::per_unit_phrase(p)));
  }
  if (f.quadratic_bytes)
    s += " " + trf("{} per ({})²", format_signed_bytes(*f.quadratic_bytes), f.params[0]);
  s += "  (" + trf("{} points", f.points);
  if (f.residual_rms_bytes) s += trf(", residual {} RMS", format_bytes(static_cast<uint64_t>(*f.residual_rms_bytes)));
  if (f.r2) s += fmt::format(", R² {:.3f}", *f.r2);
  return s + ")";
}

// A not_fitted entry: "FIGURE: why" (the figure an identifier) or a sentence.
std::string not_fitted_text(const std::string& n) {
  for (const char* figure : diagnose::kSweepFigures) {
    const std::string head = std::string(figure) + ": ";
    if (n.starts_with(head)) return head + retranslate(n.substr(head.size()));
  }
  return retranslate(n);
}

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) o += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : c == '"' ? "&quot;" : std::string(1, c);
  return o;
}

}  // namespace

std::string sweep_table(const std::vector<diagnose::SweepParam>& params,
                        const std::vector<diagnose::SweepPointResult>& points, const diagnose::SweepAnalysis& a) {
  std::string out;
  std::vector<std::string> head;
  for (auto& p : params) head.push_back(p.name);
  for (const char* h : {N_("anon+shmem"), N_("tree PSS"), N_("cgroup peak"), N_("t peak"), N_("main"), N_("worker max"),
                        N_("exit"), N_("verdict")})
    head.push_back(tr(h));
  std::vector<std::vector<std::string>> rows;
  for (auto& r : points) {
    const auto& f = r.figures;
    std::vector<std::string> row;
    for (auto& p : params) row.push_back(r.params.count(p.name) ? r.params.at(p.name) : "");
    row.push_back(bytes_or_dash(f.peak_anon_shmem_bytes, f.oom_killed));
    row.push_back(bytes_or_dash(f.peak_pss_bytes, f.oom_killed));
    row.push_back(bytes_or_dash(f.cgroup_peak_bytes, f.oom_killed));
    row.push_back(f.t_peak_s ? fmt::format("{:.1f} s", *f.t_peak_s) : "-");
    row.push_back(bytes_or_dash(f.main_peak_pss_bytes));
    row.push_back(f.workers ? fmt::format("{} ({})", bytes_or_dash(f.worker_peak_pss_bytes), f.workers) : "-");
    row.push_back(f.shell_status ? std::to_string(*f.shell_status) : "-");
    std::string v = f.cause.empty() ? tr("no verdict") : f.cause;  // the cause is an identifier
    if (r.stopped_by_for) v += " (--for)";
    if (f.still_rising) v += tr(", still rising");
    row.push_back(v);
    rows.push_back(row);
  }
  std::vector<size_t> w(head.size());
  for (size_t i = 0; i < head.size(); ++i) {
    w[i] = display_width(head[i]);
    for (auto& r : rows) w[i] = std::max(w[i], display_width(r[i]));
  }
  auto line = [&](const std::vector<std::string>& cells) {
    std::string l;
    for (size_t i = 0; i < cells.size(); ++i)
      l += pad_right(cells[i], i + 1 < cells.size() ? w[i] + 2 : 0);
    while (!l.empty() && l.back() == ' ') l.pop_back();
    out += l + "\n";
  };
  line(head);
  for (auto& r : rows) line(r);
  out += "\n";
  for (auto& f : a.fits) {
    out += trf("fit: {}", fit_line(f)) + "\n";
    for (auto& wn : f.warnings) out += "  " + trf("warning: {}", retranslate(wn)) + "\n";
  }
  for (auto& n : a.not_fitted) out += trf("not fitted: {}", not_fitted_text(n)) + "\n";
  for (auto& n : a.notes) out += trf("note: {}", retranslate(n)) + "\n";
  for (auto& p : a.predictions) {
    out += trf("predicted at {}: anon+shmem {}, tree PSS {}", label_of(p.params),
               p.peak_anon_shmem_bytes ? format_bytes(static_cast<uint64_t>(*p.peak_anon_shmem_bytes)) : "-",
               p.peak_pss_bytes ? format_bytes(static_cast<uint64_t>(*p.peak_pss_bytes)) : "-");
    for (auto& n : p.notes) out += tr("; ") + retranslate(n);
    out += "\n";
  }
  for (auto& l : a.largest) {
    const std::string budget = format_bytes(static_cast<uint64_t>(*a.budget_bytes));
    const std::string note = retranslate(l.result.note);
    if (l.result.value)
      out += trf("largest {} that fits {} ({}): {:g}: {}", l.param, budget, a.budget_source, *l.result.value, note);
    else if (l.result.unbounded)
      out += trf("largest {} that fits {} ({}): any ({})", l.param, budget, a.budget_source, note);
    else
      out += trf("largest {} that fits {} ({}): none: {}", l.param, budget, a.budget_source, note);
    out += "\n";
  }
  return out;
}

json sweep_json(const std::vector<diagnose::SweepParam>& params, const std::vector<diagnose::SweepPointResult>& points,
                const diagnose::SweepAnalysis& a) {
  json doc = {{"schema_version", 1}};
  json ps = json::array();
  for (auto& p : params)
    ps.push_back({{"name", p.name}, {"values", p.values}, {"numeric", p.numeric}});
  doc["params"] = ps;
  json pts = json::array();
  for (auto& r : points) {
    const auto& f = r.figures;
    pts.push_back({{"params", r.params}, {"peak_pss_bytes", opt_json(f.peak_pss_bytes)},
                   {"peak_anon_shmem_bytes", opt_json(f.peak_anon_shmem_bytes)},
                   {"cgroup_peak_bytes", opt_json(f.cgroup_peak_bytes)}, {"t_peak_s", opt_json(f.t_peak_s)},
                   {"main_peak_pss_bytes", opt_json(f.main_peak_pss_bytes)},
                   {"worker_peak_pss_bytes", opt_json(f.worker_peak_pss_bytes)}, {"workers", f.workers},
                   {"limit_bytes", opt_json(f.limit_bytes)},
                   {"exit_status", f.shell_status ? json(*f.shell_status) : json(nullptr)},
                   {"verdict", f.cause.empty() ? json(nullptr) : json(f.cause)}, {"summary", f.summary},
                   {"lower_bound", f.oom_killed}, {"still_rising", f.still_rising},
                   {"stopped_by_for", r.stopped_by_for}, {"record", r.record}, {"log", r.log}});
  }
  doc["points"] = pts;
  json fits = json::array();
  for (auto& f : a.fits) {
    json terms = json::array();
    for (auto& p : f.params) terms.push_back(diagnose::describe_slope(f.slope_bytes.at(p), p));
    fits.push_back({{"figure", f.figure}, {"params", f.params}, {"intercept_bytes", f.intercept_bytes},
                    {"slope_bytes", f.slope_bytes}, {"quadratic_bytes", opt_json(f.quadratic_bytes)},
                    {"terms", terms}, {"points", f.points}, {"residual_rms_bytes", opt_json(f.residual_rms_bytes)},
                    {"r2", opt_json(f.r2)}, {"warnings", f.warnings}});
  }
  doc["fits"] = fits;
  doc["not_fitted"] = a.not_fitted;
  doc["notes"] = a.notes;
  json pr = json::array();
  for (auto& p : a.predictions)
    pr.push_back({{"params", p.params}, {"peak_pss_bytes", opt_json(p.peak_pss_bytes)},
                  {"peak_anon_shmem_bytes", opt_json(p.peak_anon_shmem_bytes)}, {"notes", p.notes}});
  doc["predictions"] = pr;
  json lg = json::array();
  for (auto& l : a.largest)
    lg.push_back({{"param", l.param}, {"figure", "peak_anon_shmem_bytes"}, {"value", opt_json(l.result.value)},
                  {"unbounded", l.result.unbounded}, {"note", l.result.note}});
  doc["largest"] = lg;
  doc["budget"] = {{"bytes", opt_json(a.budget_bytes)},
                   {"source", a.budget_source.empty() ? json(nullptr) : json(a.budget_source)},
                   {"margin", a.margin}};
  return doc;
}

std::string sweep_svg(const std::vector<diagnose::SweepParam>& params,
                      const std::vector<diagnose::SweepPointResult>& points, const diagnose::SweepAnalysis& a, int W,
                      int H) {
  const diagnose::SweepParam* px = nullptr;
  for (auto& p : params)
    if (p.numeric) {
      px = &p;
      break;
    }
  if (!px) return "";
  const diagnose::Fit* fit = nullptr;
  for (auto& f : a.fits)
    if (f.figure == "peak_anon_shmem_bytes") fit = &f;
  double xmin = 0, xmax = 1, ymax = 1;
  auto xv = [&](const std::map<std::string, std::string>& m) { return diagnose::parse_number(m.at(px->name)).value_or(0); };
  bool first = true;
  auto see_x = [&](double x) {
    xmin = first ? x : std::min(xmin, x);
    xmax = first ? x : std::max(xmax, x);
    first = false;
  };
  for (auto& r : points) {
    see_x(xv(r.params));
    for (auto v : {r.figures.peak_anon_shmem_bytes, r.figures.peak_pss_bytes})
      if (v) ymax = std::max(ymax, static_cast<double>(*v));
  }
  for (auto& p : a.predictions)
    if (p.params.count(px->name) && diagnose::parse_number(p.params.at(px->name))) {
      see_x(xv(p.params));
      if (p.peak_anon_shmem_bytes) ymax = std::max(ymax, *p.peak_anon_shmem_bytes);
    }
  if (a.budget_bytes) ymax = std::max(ymax, *a.budget_bytes);
  if (xmax <= xmin) xmax = xmin + 1;
  ymax *= 1.1;
  const double L = 80, R = 20, T = 30, B = 50;
  auto sx = [&](double x) { return L + (x - xmin) / (xmax - xmin) * (W - L - R); };
  auto sy = [&](double y) { return H - B - y / ymax * (H - T - B); };
  std::string s = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" "
      "font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{}\" y=\"18\">peak memory against {} (filled: anon+shmem, hollow: tree PSS, ▲ OOM-killed: "
      "at least, ◇ predicted)</text>\n",
      W, H, L, esc(px->name));
  s += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n", L, H - B, W - R, H - B);
  s += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n", L, T, L, H - B);
  for (int i = 0; i <= 4; ++i) {
    double y = ymax * i / 4;
    s += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", L - 4, sy(y) + 4,
                     format_bytes(static_cast<uint64_t>(y)));
  }
  for (int i = 0; i <= 4; ++i) {
    double x = xmin + (xmax - xmin) * i / 4;
    s += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{:g}</text>\n", sx(x), H - B + 16, x);
  }
  s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", (L + W - R) / 2, H - 12, esc(px->name));
  if (a.budget_bytes) {
    s += fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"red\" stroke-dasharray=\"6,4\"/>\n",
                     L, sy(*a.budget_bytes), W - R, sy(*a.budget_bytes));
    s += fmt::format("<text x=\"{}\" y=\"{:.1f}\" fill=\"red\" text-anchor=\"end\">{} {}</text>\n", W - R,
                     sy(*a.budget_bytes) - 4, esc(a.budget_source), format_bytes(static_cast<uint64_t>(*a.budget_bytes)));
  }
  if (fit && fit->params.size() == 1) {
    std::string pts;
    for (int i = 0; i <= 50; ++i) {
      double x = xmin + (xmax - xmin) * i / 50;
      double y = std::clamp(fit->predict({{px->name, x}}), 0.0, ymax);
      pts += fmt::format("{:.1f},{:.1f} ", sx(x), sy(y));
    }
    s += "<polyline fill=\"none\" stroke=\"steelblue\" points=\"" + pts + "\"/>\n";
  }
  for (auto& r : points) {
    double x = sx(xv(r.params));
    if (auto v = r.figures.peak_anon_shmem_bytes) {
      double y = sy(static_cast<double>(*v));
      if (r.figures.oom_killed)
        s += fmt::format("<path d=\"M{:.1f},{:.1f} l5,9 l-10,0 z\" fill=\"darkred\"/>\n", x, y - 6);
      else
        s += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"steelblue\"/>\n", x, y);
    }
    if (auto v = r.figures.peak_pss_bytes)
      s += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"none\" stroke=\"gray\"/>\n", x,
                       sy(static_cast<double>(*v)));
  }
  for (auto& p : a.predictions)
    if (p.peak_anon_shmem_bytes && p.params.count(px->name) && diagnose::parse_number(p.params.at(px->name)))
      s += fmt::format("<path d=\"M{:.1f},{:.1f} l5,5 l-5,5 l-5,-5 z\" fill=\"none\" stroke=\"darkorange\"/>\n",
                       sx(xv(p.params)), sy(*p.peak_anon_shmem_bytes) - 5);
  return s + "</svg>\n";
}

std::string sweep_html(const std::string& svg, const std::string& table) {
  return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>oomlens sweep</title></head><body>\n" + svg +
         "<pre>" + esc(table) + "</pre>\n</body></html>\n";
}

}  // namespace oomlens::render
