// Record summary text (see record_text.h).
#include "render/record_text.h"
#include "render/sites_text.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "util/sanitize.h"

namespace oomlens::render {
namespace {

using nlohmann::json;

const json* get(const json& j, const char* key) {
  if (!j.is_object()) return nullptr;
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return nullptr;
  return &*it;
}

double num(const json* j) { return j && j->is_number() ? j->get<double>() : NAN; }

}  // namespace

std::string human_bytes(double b) {
  if (!std::isfinite(b)) return "?";
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  double v = std::fabs(b);
  while (v >= 1024 && u < 4) { v /= 1024; ++u; }
  std::string s = v >= 100 || u == 0 ? fmt::format("{:.0f} {}", v, units[u]) : fmt::format("{:.1f} {}", v, units[u]);
  return b < 0 ? "-" + s : s;
}

std::string sparkline(const std::vector<double>& values, size_t width) {
  if (values.empty() || width == 0) return {};
  static const char* bars[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  size_t cols = std::min(width, values.size());
  std::vector<double> c(cols, 0);
  for (size_t i = 0; i < values.size(); ++i) {
    size_t k = i * cols / values.size();
    c[k] = std::max(c[k], values[i]);
  }
  double mx = *std::max_element(c.begin(), c.end());
  std::string out;
  for (double v : c) {
    int level = mx > 0 ? static_cast<int>(std::lround(v / mx * 7)) : 0;
    out += bars[std::clamp(level, 0, 7)];
  }
  return out;
}

std::string record_summary(const monitor::Record& rec, bool with_sparkline) {
  std::string out;
  // Every line through the one sanitiser (util/sanitize.h): the record's
  // strings (argv, comms, causes, evidence) come from the job or from whoever
  // sent the record, and must not forge a line or drive the terminal.
  auto line = [&](const std::string& s) { out += "oomlens: " + printable(s) + "\n"; };
  if (rec.header) {
    std::string cmd;
    if (auto* c = get(*rec.header, "command"); c && c->is_array())
      for (auto& a : *c) cmd += (cmd.empty() ? "" : " ") + (a.is_string() ? a.get<std::string>() : a.dump());
    line("job: " + cmd);
  }
  if (!rec.verdict) {
    line("no verdict in the record: oomlens ended before the job did (killed, or still running)");
  } else {
    const json& v = *rec.verdict;
    std::string cause = get(v, "cause") ? v["cause"].get<std::string>() : "?";
    std::string conf = get(v, "confidence") ? v["confidence"].get<std::string>() : "?";
    line(fmt::format("verdict: {} ({} confidence)", cause, conf));
    if (auto* s = get(v, "summary"); s && s->is_string()) line(s->get<std::string>());
    if (auto* ev = get(v, "evidence"); ev && ev->is_array())
      for (auto& e : *ev)
        if (e.is_string()) line("  evidence: " + e.get<std::string>());
    if (auto* ad = get(v, "advice"); ad && ad->is_array())
      for (auto& e : *ad)
        if (e.is_string()) line("  advice: " + e.get<std::string>());
    if (auto* sc = get(v, "secondary_causes"); sc && sc->is_array() && !sc->empty()) {
      std::string s;
      for (auto& e : *sc) s += (s.empty() ? "" : ", ") + (e.is_string() ? e.get<std::string>() : std::string("?"));
      line("  also: " + s);
    }
    if (auto* pk = get(v, "peak")) {
      double p = num(get(*pk, "tree_pss_bytes"));
      if (std::isfinite(p))
        line(fmt::format("peak tree PSS {} at {:.1f} s (anon+shmem {}); cgroup peak {}", human_bytes(p),
                         num(get(*pk, "tree_pss_t_s")), human_bytes(num(get(*pk, "tree_anon_shmem_pss_bytes"))),
                         human_bytes(num(get(*pk, "cgroup_usage_bytes")))));
    }
    double lim = num(get(v, "limit_bytes"));
    if (std::isfinite(lim))
      line(fmt::format("cgroup limit {}, headroom at peak {}", human_bytes(lim), human_bytes(num(get(v, "headroom_bytes")))));
    // The guard's first warning and its action (verdict "guard"), and the
    // budget: what `run` did before the end, repeated where people look.
    if (auto* gd = get(v, "guard"); gd && gd->is_object()) {
      auto stage_line = [&](const char* what, const json* d) {
        if (!d || !d->is_object()) return;
        double at = num(get(*d, "t_s")), frac = num(get(*d, "used_fraction")), ttl = num(get(*d, "time_to_limit_s"));
        std::string trig = get(*d, "trigger") && (*d)["trigger"].is_string() ? (*d)["trigger"].get<std::string>() : "?";
        line(fmt::format("guard {} at {:.1f} s ({}): working set {:.0f}% of the limit{}", what, at, trig, frac * 100,
                         std::isfinite(ttl) ? fmt::format(", {:.1f} s from it", ttl) : std::string()));
        if (auto* a = get(*d, "action"); a && a->is_object())
          if (auto* m = get(*a, "message"); m && m->is_string()) line("  " + m->get<std::string>());
      };
      stage_line("warning", get(*gd, "warning"));
      stage_line("action", get(*gd, "action"));
    }
    if (auto* b = get(v, "budget"); b && b->is_object()) {
      double bud = num(get(*b, "budget_bytes")), pk = num(get(*b, "peak_tree_pss_bytes"));
      bool over = get(*b, "exceeded") && (*b)["exceeded"].is_boolean() && (*b)["exceeded"].get<bool>();
      line(fmt::format("budget {}: peak tree PSS {}{}", human_bytes(bud), std::isfinite(pk) ? human_bytes(pk) : "not measured",
                       over ? fmt::format(", over by {}", human_bytes(num(get(*b, "over_bytes")))) : ", within"));
    }
    double g = num(get(v, "growth_bytes_per_s"));
    if (std::isfinite(g)) line(fmt::format("tree PSS growth over the last minute: {}/s", human_bytes(g)));
    if (auto* ps = get(v, "procs"); ps && ps->is_array()) {
      size_t shown = 0;
      for (auto& p : *ps) {
        if (shown++ >= 12) { line(fmt::format("  ... {} more processes", ps->size() - 12)); break; }
        double pk = num(get(p, "peak_pss_bytes"));
        std::string role = get(p, "role") ? p["role"].get<std::string>() : "?";
        std::string comm = get(p, "comm") ? p["comm"].get<std::string>() : "?";
        std::string gone;
        if (auto* o = get(p, "orphaned"); o && o->is_boolean() && o->get<bool>()) gone = ", lingered as an orphan";
        double gs = num(get(p, "gone_s"));
        if (std::isfinite(gs)) gone += fmt::format(", gone at {:.1f} s", gs);
        line(fmt::format("  {:<6} pid {:<7} {:<15} peak PSS {}{}", role, num(get(p, "pid")), comm,
                         std::isfinite(pk) ? human_bytes(pk) : "not measured", gone));
      }
    }
    if (auto* ks = get(v, "kernel_kills"); ks && ks->is_array())
      for (auto& k : *ks)
        line(fmt::format("  kernel killed pid {} ({}), {} process, kernel log seq {}", num(get(k, "pid")),
                         get(k, "comm") ? k["comm"].get<std::string>() : "?",
                         get(k, "role") ? k["role"].get<std::string>() : "?", num(get(k, "kmsg_seq"))));
    for (auto& s : peak_sites_lines(v)) line(s);  // run --sites
  }
  if (with_sparkline) {
    std::vector<double> pss;
    for (auto& s : rec.samples)
      if (auto* t = get(s, "tree"))
        if (auto* p = get(*t, "pss_bytes"); p && p->is_number()) pss.push_back(p->get<double>());
    if (pss.size() >= 2)
      line("tree PSS " + sparkline(pss) + " max " + human_bytes(*std::max_element(pss.begin(), pss.end())));
  }
  for (auto& n : rec.notes) line("record: " + n);
  return out;
}

}  // namespace oomlens::render
