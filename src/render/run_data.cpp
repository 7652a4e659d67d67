// A run record reduced to what the run page and the plot draw (see run_data.h).
#include "render/run_data.h"

#include <fmt/core.h>

#include <cmath>
#include <cstring>
#include <map>
#include <set>

#include "render/record_text.h"
#include "render/ui_strings.h"
#include "util/format.h"
#include "util/i18n.h"

namespace oomlens::render {
namespace {

using nlohmann::json;

using monitor::record_number;

std::string str(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

std::vector<std::string> strings(const json& j, const char* key) {
  std::vector<std::string> out;
  if (j.is_object() && j.contains(key) && j[key].is_array())
    for (auto& s : j[key])
      if (s.is_string()) out.push_back(s.get<std::string>());
  return out;
}

std::string signal_text(double sig) {
  if (!std::isfinite(sig)) return "?";
  const char* abbrev = sigabbrev_np(static_cast<int>(sig));
  return abbrev ? fmt::format("SIG{}", abbrev) : fmt::format("signal {}", sig);
}

std::string percent(double fraction) {
  return std::isfinite(fraction) ? fmt::format(" {:.0f} %", fraction * 100) : std::string();
}

// Columns of the procs rows, by name (the header's proc_columns).
struct Columns {
  int pid = 0, pss = 5, pss_anon = 6, pss_shmem = 8;
};

Columns columns_of(const monitor::Record& rec) {
  Columns c;
  if (!rec.header || !rec.header->contains("proc_columns") || !(*rec.header)["proc_columns"].is_array()) return c;
  c.pss = c.pss_anon = c.pss_shmem = -1;
  auto& cols = (*rec.header)["proc_columns"];
  for (size_t i = 0; i < cols.size(); ++i) {
    int n = static_cast<int>(i);
    if (cols[i] == "pid") c.pid = n;
    if (cols[i] == "pss_bytes") c.pss = n;
    if (cols[i] == "pss_anon_bytes") c.pss_anon = n;
    if (cols[i] == "pss_shmem_bytes") c.pss_shmem = n;
  }
  return c;
}

double cell(const json& row, int i) {
  return i >= 0 && static_cast<size_t>(i) < row.size() && row[static_cast<size_t>(i)].is_number()
             ? row[static_cast<size_t>(i)].get<double>()
             : NAN;
}

void add_markers(const monitor::Record& rec, RunPlotData& d) {
  for (auto& e : rec.events) {
    double t = record_number(e, {"t_s"});
    if (!std::isfinite(t)) continue;
    std::string kind = str(e, "kind"), label;
    if (kind == "oom_kill")
      label = fmt::format("{} {}", tr(ui::kOomKill), record_number(e, {"pid"})) +
              (str(e, "comm").empty() ? "" : " (" + str(e, "comm") + ")");
    else if (kind == "main_exit")
      label = e.value("exited", false) ? fmt::format("{} {}", tr(ui::kMainExit), record_number(e, {"exit_code"}))
                                       : fmt::format("{} {}", tr(ui::kMainKilled), signal_text(record_number(e, {"signal"})));
    else if (kind == "cgroup_oom_kill") label = fmt::format("{} +{}", tr(ui::kCgroupCounter), record_number(e, {"increase"}));
    else if (kind == "guard_warning") label = tr(ui::kGuardWarning) + percent(record_number(e, {"used_fraction"}));
    else if (kind == "guard_action") label = tr(ui::kGuardAction) + percent(record_number(e, {"used_fraction"}));
    else if (kind == "guard_escalation") label = tr(ui::kGuardEscalation);
    else if (kind == "budget_exceeded") label = tr(ui::kBudgetExceeded);
    else if (kind == "py_tracemalloc") {
      const json* sn = e.contains("snapshot") && e["snapshot"].is_object() ? &e["snapshot"] : nullptr;
      const double seen = sn ? record_number(*sn, {"traced_bytes"}) : NAN, of = record_number(e, {"main_rss_anon_bytes"});
      label = !sn ? "tracemalloc: none"
              : std::isfinite(seen) && std::isfinite(of) ? fmt::format("tracemalloc {} of {}", format_signed_bytes(seen, false), format_signed_bytes(of, false))
                                                         : "tracemalloc";
    }
    if (label.empty()) continue;
    if (label.find("nan") != std::string::npos) {  // a figure the event lacks: leave it out
      size_t p;
      while ((p = label.find(" nan")) != std::string::npos) label.erase(p, 4);
      while ((p = label.find("+nan")) != std::string::npos) label.erase(p, 4);
    }
    d.markers.push_back({t, kind, label});
    if (kind.rfind("guard_", 0) == 0) {
      GuardRow g;
      g.t_s = t;
      g.kind = kind;
      g.trigger = str(e, "trigger");
      if (double v = record_number(e, {"working_set_bytes"}); std::isfinite(v)) g.working_set_bytes = v;
      if (double v = record_number(e, {"used_fraction"}); std::isfinite(v)) g.used_fraction = v;
      if (e.contains("action") && e["action"].is_object()) g.done = retranslate(str(e["action"], "message"));
      d.guard.push_back(std::move(g));
    }
  }
  // The peak tree PSS lagged the job's memory (issue 13 item 12): marked at
  // the memory peak, with the age of the PSS in hand there.
  if (rec.verdict && rec.verdict->is_object() && rec.verdict->contains("peak")) {
    const json& pk = (*rec.verdict)["peak"];
    if (pk.is_object() && pk.value("tree_pss_stale", json()).is_boolean() && pk["tree_pss_stale"].get<bool>()) {
      const double t = record_number(pk, {"memory_peak_t_s"}), age = record_number(pk, {"pss_age_at_memory_peak_s"});
      if (std::isfinite(t))
        d.markers.push_back({t, "pss_stale", std::isfinite(age) ? fmt::format("{} {:.1f} s", tr(ui::kStalePss), age)
                                                               : tr(ui::kStalePss)});
    }
  }
  std::stable_sort(d.markers.begin(), d.markers.end(),
                   [](const RunMarker& a, const RunMarker& b) { return a.t_s < b.t_s; });
}

void add_sites(const json& v, RunPlotData& d) {
  if (!v.contains("peak_sites") || !v["peak_sites"].is_array()) return;
  for (auto& s : v["peak_sites"]) {
    if (!s.is_object()) continue;
    SiteStack st;
    const double pid = record_number(s, {"pid"});
    st.pid = std::isfinite(pid) ? static_cast<int64_t>(pid) : 0;
    st.role = str(s, "role");
    st.bytes = record_number(s, {"bytes"});
    if (!std::isfinite(st.bytes) || st.bytes <= 0) continue;
    if (s.contains("frames") && s["frames"].is_array())
      for (auto& f : s["frames"]) {  // innermost first in the record
        std::string fn = str(f, "function"), file = str(f, "file"), obj = str(f, "object");
        double line = record_number(f, {"line"});
        std::string where = !file.empty() ? (std::isfinite(line) ? fmt::format("{}:{}", file, line) : file) : obj;
        st.frames.insert(st.frames.begin(), where.empty() ? fn : fmt::format("{} ({})", fn.empty() ? "?" : fn, where));
      }
    d.sites.push_back(std::move(st));
  }
}

}  // namespace

RunPlotData run_plot_data(const monitor::Record& rec) {
  RunPlotData d;
  d.title = tr(ui::kRunTitle);
  if (rec.header) {
    auto cmd = strings(*rec.header, "command");
    if (!cmd.empty()) {
      d.title.clear();
      for (auto& a : cmd) d.title += (d.title.empty() ? "" : " ") + a;
    }
  }
  if (rec.verdict) {
    const json& v = *rec.verdict;
    d.cause = str(v, "cause");
    d.confidence = str(v, "confidence");
    // The record is English; the page speaks the user's language (i18n::retranslate).
    d.summary = retranslate(str(v, "summary"));
    d.evidence = strings(v, "evidence");
    d.advice = strings(v, "advice");
    for (auto* list : {&d.evidence, &d.advice})
      for (auto& s : *list) s = retranslate(s);
    if (v.contains("kernel_kills") && v["kernel_kills"].is_array())
      for (auto& k : v["kernel_kills"])
        if (std::isfinite(record_number(k, {"pid"}))) d.victim_pids.push_back(static_cast<int64_t>(record_number(k, {"pid"})));
    add_sites(v, d);
  }
  std::map<int64_t, std::string> role;
  for (auto& e : rec.events)
    if (str(e, "kind") == "process_start" && std::isfinite(record_number(e, {"pid"})))
      role[static_cast<int64_t>(record_number(e, {"pid"}))] = e.value("role", "other");
  if (d.victim_pids.empty())
    for (auto& e : rec.events)
      if (str(e, "kind") == "oom_kill" && std::isfinite(record_number(e, {"pid"})))
        d.victim_pids.push_back(static_cast<int64_t>(record_number(e, {"pid"})));
  std::vector<int64_t> workers;
  for (auto& [pid, r] : role)
    if (r == "worker") workers.push_back(pid);
  const bool per_worker = workers.size() <= kMaxWorkerSeries;
  // Series slots: main, each worker (or one band), other, then the part no
  // process's PSS accounts for yet (before the first refresh).
  std::map<int64_t, size_t> slot_of;
  auto add_series = [&](std::string name, std::string r) {
    d.series.push_back({std::move(name), std::move(r), {}});
    return d.series.size() - 1;
  };
  size_t main_slot = add_series(tr(ui::kMainProcess), "main");
  for (auto& [pid, r] : role)
    if (r == "main") d.series[main_slot].name = fmt::format("{} {}", tr(ui::kMainProcess), pid);
  size_t group_slot = SIZE_MAX;
  if (per_worker) {
    for (int64_t w : workers) slot_of[w] = add_series(fmt::format("{} {}", tr(ui::kWorker), w), "worker");
  } else {
    group_slot = add_series(fmt::format("{} {}", workers.size(), tr(ui::kWorkers)), "worker");
  }
  size_t other_slot = add_series(tr(ui::kOtherProcesses), "other");
  size_t tree_slot = add_series(tr(ui::kTreeAnonShmem), "tree");
  auto slot = [&](int64_t pid) {
    auto it = role.find(pid);
    std::string r = it == role.end() ? "other" : it->second;
    if (r == "main") return main_slot;
    if (r == "worker") return per_worker ? slot_of[pid] : group_slot;
    return other_slot;
  };
  const Columns c = columns_of(rec);
  std::map<int64_t, double> last;  // anon+shmem PSS per live pid, from its last refresh
  for (auto& smp : rec.samples) {
    double t = record_number(smp, {"t_s"});
    if (!std::isfinite(t)) continue;
    if (smp.contains("procs") && smp["procs"].is_array()) {
      last.clear();
      for (auto& row : smp["procs"]) {
        if (!row.is_array() || !std::isfinite(cell(row, c.pid))) continue;
        double a = cell(row, c.pss_anon), s = cell(row, c.pss_shmem);
        double v = std::isfinite(a) ? a + (std::isfinite(s) ? s : 0) : cell(row, c.pss);
        if (std::isfinite(v)) last[static_cast<int64_t>(cell(row, c.pid))] = v;
      }
    }
    if (record_number(smp, {"tree", "procs"}) == 0) last.clear();
    std::vector<double> v(d.series.size(), 0);
    double sum = 0;
    for (auto& [pid, b] : last) {
      v[slot(pid)] += b;
      sum += b;
    }
    const double target = record_number(smp, {"cgroup", "anon_bytes"}) + record_number(smp, {"cgroup", "shmem_bytes"});
    if (std::isfinite(target)) {
      d.scaled_to_cgroup = true;
      if (sum > 0) {
        for (auto& x : v) x *= target / sum;
      } else {
        v[tree_slot] = target;
      }
    }
    d.t_s.push_back(t);
    for (size_t i = 0; i < v.size(); ++i) d.series[i].bytes.push_back(v[i]);
    double usage = record_number(smp, {"cgroup", "usage_bytes"});
    double file = usage - target;
    if (!std::isfinite(file)) file = record_number(smp, {"tree", "pss_file_bytes"});
    d.file_bytes.push_back(std::isfinite(file) ? std::max(0.0, file) : NAN);
    d.limit_bytes.push_back(str(smp.value("cgroup", json::object()), "limit_state") == "limited"
                                ? record_number(smp, {"cgroup", "limit_bytes"})
                                : NAN);
    d.mem_available_bytes.push_back(record_number(smp, {"system", "mem_available_bytes"}));
  }
  // Drop the bands that stay empty (no other processes, no unattributed part).
  std::vector<RunSeries> kept;
  for (auto& s : d.series) {
    bool any = false;
    for (double b : s.bytes) any |= b > 0;
    if (any || s.role == "main") kept.push_back(std::move(s));
  }
  d.series = std::move(kept);
  add_markers(rec, d);
  d.samples_read = rec.samples_read;
  d.samples_per_column = rec.samples_per_column;
  d.summary_text = record_summary(rec, false);
  return d;
}

}  // namespace oomlens::render
