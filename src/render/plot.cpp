// SVG/HTML plot of a run record (see plot.h).
#include "render/plot.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "render/record_text.h"
#include "util/sanitize.h"

namespace oomlens::render {
namespace {

using nlohmann::json;

/// XML text: printable() (no control byte may reach the SVG: XML 1.0 forbids
/// them even as references), then the five markup characters.
std::string esc(const std::string& raw) {
  const std::string s = printable(raw);
  std::string o;
  for (char c : s) {
    switch (c) {
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '&': o += "&amp;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&apos;"; break;
      default: o += c;
    }
  }
  return o;
}

/// esc() of each line of a multi-line text (the summary), newlines kept.
std::string esc_lines(const std::string& text) {
  std::string o;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = std::min(text.find('\n', pos), text.size());
    o += esc(text.substr(pos, eol - pos));
    if (eol < text.size()) o += '\n';
    pos = eol + 1;
  }
  return o;
}

double numv(const json& j, const char* a, const char* b = nullptr) {
  const json* p = &j;
  for (const char* k : {a, b}) {
    if (!k) break;
    if (!p->is_object() || !p->contains(k)) return NAN;
    p = &(*p)[k];
  }
  return p->is_number() ? p->get<double>() : NAN;
}

struct Series {
  std::vector<double> t, main, workers, other, cg_usage, limit, avail;
};

}  // namespace

std::string plot_svg(const monitor::Record& rec, int W, int H) {
  // Roles of pids from process_start events.
  std::map<int64_t, std::string> role;
  for (auto& e : rec.events)
    if (e.value("kind", "") == "process_start" && e.contains("pid") && e["pid"].is_number())
      role[e["pid"].get<int64_t>()] = e.value("role", "other");
  int pss_col = 5;
  if (rec.header && rec.header->contains("proc_columns") && (*rec.header)["proc_columns"].is_array()) {
    auto& cols = (*rec.header)["proc_columns"];
    for (size_t i = 0; i < cols.size(); ++i)
      if (cols[i] == "pss_bytes") pss_col = static_cast<int>(i);
  }
  Series s;
  double m = 0, mw = 0, mo = 0;  // last known per-group PSS (rows come with PSS refreshes)
  for (auto& smp : rec.samples) {
    double t = numv(smp, "t_s");
    if (!std::isfinite(t)) continue;
    if (smp.contains("procs") && smp["procs"].is_array()) {
      m = mw = mo = 0;
      for (auto& row : smp["procs"]) {
        if (!row.is_array() || row.size() <= static_cast<size_t>(pss_col) || !row[0].is_number()) continue;
        double pss = row[static_cast<size_t>(pss_col)].is_number() ? row[static_cast<size_t>(pss_col)].get<double>() : 0;
        auto r = role.count(row[0].get<int64_t>()) ? role[row[0].get<int64_t>()] : "other";
        (r == "main" ? m : r == "worker" ? mw : mo) += pss;
      }
    } else if (std::isfinite(numv(smp, "tree", "pss_bytes")) && m + mw + mo == 0) {
      mo = numv(smp, "tree", "pss_bytes");
    }
    s.t.push_back(t);
    s.main.push_back(m);
    s.workers.push_back(mw);
    s.other.push_back(mo);
    s.cg_usage.push_back(numv(smp, "cgroup", "usage_bytes"));
    s.limit.push_back(numv(smp, "cgroup", "limit_bytes"));
    s.avail.push_back(numv(smp, "system", "mem_available_bytes"));
  }
  const int L = 70, R = 20, T = 40, B = 50;
  const double pw = W - L - R, ph = H - T - B;
  double tmax = s.t.empty() ? 1 : std::max(1.0, s.t.back());
  double ymax = 1;
  for (size_t i = 0; i < s.t.size(); ++i) {
    ymax = std::max(ymax, s.main[i] + s.workers[i] + s.other[i]);
    if (std::isfinite(s.cg_usage[i])) ymax = std::max(ymax, s.cg_usage[i]);
    if (std::isfinite(s.limit[i])) ymax = std::max(ymax, s.limit[i]);
  }
  bool show_avail = false;
  for (double a : s.avail) show_avail |= std::isfinite(a) && a < ymax * 1.5;
  if (show_avail)
    for (double a : s.avail) if (std::isfinite(a)) ymax = std::max(ymax, a);
  ymax *= 1.08;
  auto X = [&](double t) { return L + t / tmax * pw; };
  auto Y = [&](double v) { return T + ph - v / ymax * ph; };

  std::string o = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n", W, H);
  std::string title = "oomlens run";
  if (rec.header && rec.header->contains("command") && (*rec.header)["command"].is_array()) {
    title.clear();
    for (auto& a : (*rec.header)["command"]) title += (title.empty() ? "" : " ") + (a.is_string() ? a.get<std::string>() : "");
  }
  if (rec.verdict && rec.verdict->contains("cause") && (*rec.verdict)["cause"].is_string())
    title += " \xe2\x80\x94 " + (*rec.verdict)["cause"].get<std::string>();
  o += fmt::format("<text x=\"{}\" y=\"22\" font-size=\"15\" font-weight=\"bold\">{}</text>\n", L, esc(printable(title, 120)));
  // Grid and axes.
  for (int i = 0; i <= 4; ++i) {
    double v = ymax * i / 4;
    o += fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>\n", L, Y(v), W - R, Y(v));
    o += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", L - 6, Y(v) + 4, esc(human_bytes(v)));
  }
  for (int i = 0; i <= 5; ++i) {
    double t = tmax * i / 5;
    o += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{:.0f} s</text>\n", X(t), H - B + 18, t);
  }
  o += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#333\"/><line x1=\"{0}\" y1=\"{2}\" x2=\"{3}\" y2=\"{2}\" stroke=\"#333\"/>\n",
                   L, T, T + ph, W - R);
  // Stacked areas: main, workers, other.
  auto area = [&](const std::vector<double>& lo, const std::vector<double>& hi, const char* color, const char* name) {
    if (s.t.empty()) return;
    std::string d = fmt::format("M{:.1f},{:.1f}", X(s.t[0]), Y(lo[0]));
    for (size_t i = 0; i < s.t.size(); ++i) d += fmt::format(" L{:.1f},{:.1f}", X(s.t[i]), Y(hi[i]));
    for (size_t i = s.t.size(); i-- > 0;) d += fmt::format(" L{:.1f},{:.1f}", X(s.t[i]), Y(lo[i]));
    o += fmt::format("<path d=\"{} Z\" fill=\"{}\" fill-opacity=\"0.75\" stroke=\"none\"><title>{}</title></path>\n", d, color, name);
  };
  std::vector<double> zero(s.t.size(), 0), a1(s.t.size()), a2(s.t.size()), a3(s.t.size());
  for (size_t i = 0; i < s.t.size(); ++i) {
    a1[i] = s.main[i];
    a2[i] = a1[i] + s.workers[i];
    a3[i] = a2[i] + s.other[i];
  }
  area(zero, a1, "#4e79a7", "main process PSS");
  area(a1, a2, "#f28e2b", "workers PSS");
  area(a2, a3, "#b07aa1", "other processes PSS");
  auto polyline = [&](const std::vector<double>& v, const char* color, const char* dash, const char* name) {
    std::string pts;
    for (size_t i = 0; i < s.t.size(); ++i)
      if (std::isfinite(v[i])) pts += fmt::format("{:.1f},{:.1f} ", X(s.t[i]), Y(v[i]));
    if (pts.empty()) return;
    o += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" stroke-dasharray=\"{}\"><title>{}</title></polyline>\n",
                     pts, color, dash, name);
  };
  polyline(s.cg_usage, "#222", "none", "cgroup charge");
  polyline(s.limit, "#e15759", "8 4", "cgroup limit");
  if (show_avail) polyline(s.avail, "#59a14f", "2 3", "MemAvailable");
  // Markers.
  for (auto& e : rec.events) {
    std::string kind = e.value("kind", "");
    double t = numv(e, "t_s");
    if (!std::isfinite(t)) continue;
    const char* color = nullptr;
    std::string label;
    if (kind == "oom_kill") { color = "#d00"; label = fmt::format("OOM kill pid {}", numv(e, "pid")); }
    else if (kind == "main_exit") { color = "#555"; label = "main exit"; }
    else if (kind == "cgroup_oom_kill") { color = "#f80"; label = "cgroup oom_kill"; }
    if (!color) continue;
    o += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\" stroke-width=\"1.5\"/>"
                     "<text x=\"{4:.1f}\" y=\"{5}\" fill=\"{3}\" font-size=\"11\">{6}</text>\n",
                     X(t), T, T + ph, color, X(t) + 3, T + 12, esc(label));
  }
  // Legend.
  struct Item { const char* color; const char* name; };
  std::vector<Item> items = {{"#4e79a7", "main PSS"}, {"#f28e2b", "workers PSS"}, {"#b07aa1", "other PSS"},
                             {"#222", "cgroup charge"}, {"#e15759", "limit"}};
  if (show_avail) items.push_back({"#59a14f", "MemAvailable"});
  double lx = L;
  for (auto& it : items) {
    o += fmt::format("<rect x=\"{:.0f}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{:.0f}\" y=\"{}\">{}</text>\n",
                     lx, H - 22, it.color, lx + 16, H - 12, it.name);
    lx += 30 + 7.0 * std::string(it.name).size();
  }
  o += "</svg>\n";
  return o;
}

std::string plot_html(const monitor::Record& rec, const std::string& svg) {
  return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>oomlens run</title></head>\n"
         "<body style=\"font-family:sans-serif\">\n" + svg + "<pre>" + esc_lines(record_summary(rec, false)) +
         "</pre>\n</body></html>\n";
}

}  // namespace oomlens::render
