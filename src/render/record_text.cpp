// Record summary text (see record_text.h).
#include "render/record_text.h"
#include "render/sites_text.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "util/format.h"
#include "util/i18n.h"
#include "util/sanitize.h"
#include "render/ui_strings.h"

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

std::vector<std::string> peak_lines(const json& pk) {
  std::vector<std::string> out;
  const double p = num(get(pk, "tree_pss_bytes"));
  if (!std::isfinite(p)) return out;
  // Each figure says what it counts: the tree's PSS includes file pages
  // (shared libraries, page cache) that are often charged to another
  // cgroup; the cgroup's usage includes its page cache; the limit compares
  // anon+shmem (with the reclaimable cache reclaimed first).
  const double file = num(get(pk, "tree_pss_file_bytes")), age = num(get(pk, "tree_pss_age_s"));
  const double cg = num(get(pk, "cgroup_usage_bytes")), cg_as = num(get(pk, "cgroup_anon_shmem_bytes"));
  const double as = num(get(pk, "tree_anon_shmem_pss_bytes"));
  out.push_back(trf("peak tree PSS {} at {:.1f} s (anon+shmem {}{}){}; cgroup peak {} with page cache{}",
                    human_bytes(p), num(get(pk, "tree_pss_t_s")), human_bytes(as),
                    std::isfinite(file) ? trf(", file pages {}", human_bytes(file)) : std::string(),
                    std::isfinite(age) && age >= 1.0 ? trf(", from PSS up to {:.1f} s old", age) : std::string(),
                    human_bytes(cg), std::isfinite(cg_as) ? trf(", anon+shmem {}", human_bytes(cg_as)) : std::string()));
  // Stale: the PSS lagged the job's memory at its peak (monitor::pss_stale),
  // so the peak tree PSS may be low; the cgroup's figures are read every tick.
  if (auto* st = get(pk, "tree_pss_stale"); st && st->is_boolean() && st->get<bool>()) {
    const double mt = num(get(pk, "memory_peak_t_s")), ma = num(get(pk, "pss_age_at_memory_peak_s"));
    out.push_back(std::isfinite(mt) && std::isfinite(ma)
                      ? trf("  note: the peak tree PSS is stale: the job's memory peaked at {:.1f} s, when the last PSS "
                            "pass was {:.1f} s old and the job's memory had grown since; the cgroup's anon+shmem is the firmer figure",
                            mt, ma)
                      : tr("  note: the peak tree PSS is stale: the job's memory had grown since its last PSS pass; the cgroup's "
                           "anon+shmem is the firmer figure"));
  }
  // The tree's PSS above the cgroup's peak is always explained (issue 13
  // item 12): by its file pages when they account for the excess, else by
  // anonymous or shared pages charged to another cgroup.
  if (std::isfinite(cg) && p > cg) {
    if (std::isfinite(file) && p - file <= cg)
      out.push_back(trf("  note: the tree's PSS exceeds the cgroup's peak because it counts file pages ({}shared "
                        "libraries, page cache) charged to whichever cgroup read them first; compare "
                        "anon+shmem: {} in the tree, {} in the cgroup",
                        human_bytes(file) + ": ", human_bytes(as), human_bytes(cg_as)));
    else
      out.push_back(trf("  note: the tree's PSS exceeds the cgroup's peak{}: some of its pages are charged to another "
                        "cgroup (file pages read first elsewhere, or memory the job held before it joined this "
                        "cgroup); compare anon+shmem: {} in the tree, {} in the cgroup",
                        std::isfinite(file) ? trf(" by more than its file pages ({})", human_bytes(file))
                                            : tr(" (its file pages are unknown: kernel before 5.3)"),
                        human_bytes(as), human_bytes(cg_as)));
  }
  return out;
}

std::vector<std::string> python_findings_lines(const monitor::Record& rec) {
  std::vector<std::string> out;
  for (auto& e : rec.events) {
    if (!e.is_object() || e.value("kind", std::string()) != "py_tracemalloc") continue;
    const double t = num(get(e, "t_s"));
    std::string head = trf("python tracemalloc at {:.1f} s", t);
    const json* snap = get(e, "snapshot");
    // The hook's note and reason are stored in English (the record).
    if (auto* n = get(e, "note"); n && n->is_string()) head += tr(": ") + retranslate(n->get<std::string>());
    else if (auto* r = get(e, "reason"); r && r->is_string()) head += tr(": ") + retranslate(r->get<std::string>());
    else if (!snap) head += tr(": ") + std::string(tr("no snapshot"));
    out.push_back(head);
    if (!snap || !snap->is_object()) continue;
    if (auto* p = get(*snap, "partial"); p && p->is_boolean() && p->get<bool>())
      out.push_back("  " + trf("grouped {} of {} traces before the hook's deadline", num(get(*snap, "traces_grouped")),
                               num(get(*snap, "traces"))));
    if (auto* top = get(*snap, "top"); top && top->is_array()) {
      size_t shown = 0;
      for (auto& s : *top) {
        if (shown++ >= 3) break;
        out.push_back("  " + trf("{} in {} blocks at {}", human_bytes(num(get(s, "size_bytes"))), num(get(s, "count")),
                                 get(s, "where") && s["where"].is_string() ? s["where"].get<std::string>() : "?"));
      }
    }
  }
  return out;
}

std::string human_bytes(double b) { return format_signed_bytes(b, /*plus=*/false); }

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
    line(trf("job: {}", cmd));
  }
  if (!rec.verdict) {
    line(tr("no verdict in the record: oomlens ended before the job did (killed, or still running)"));
  } else {
    const json& v = *rec.verdict;
    std::string cause = get(v, "cause") ? v["cause"].get<std::string>() : "?";
    std::string conf = get(v, "confidence") ? v["confidence"].get<std::string>() : "?";
    // The record's sentences are English (the record is never translated):
    // translated here, as they are shown (util/i18n.h, retranslate).
    static constexpr const char* kConfidence[] = {N_("high"), N_("medium"), N_("low")};
    (void)kConfidence;
    line(trf("verdict: {} ({} confidence)", cause, tr(conf.c_str())));
    if (auto* s = get(v, "summary"); s && s->is_string()) line(retranslate(s->get<std::string>()));
    if (auto* ev = get(v, "evidence"); ev && ev->is_array())
      for (auto& e : *ev)
        if (e.is_string()) line(trf("  evidence: {}", retranslate(e.get<std::string>())));
    if (auto* ad = get(v, "advice"); ad && ad->is_array())
      for (auto& e : *ad)
        if (e.is_string()) line(trf("  advice: {}", retranslate(e.get<std::string>())));
    if (auto* sc = get(v, "secondary_causes"); sc && sc->is_array() && !sc->empty()) {
      std::string s;
      for (auto& e : *sc) s += (s.empty() ? "" : ", ") + (e.is_string() ? e.get<std::string>() : std::string("?"));
      line(trf("  also: {}", s));
    }
    if (auto* pk = get(v, "peak")) {
      for (auto& s : peak_lines(*pk)) line(s);
    }
    double lim = num(get(v, "limit_bytes"));
    if (std::isfinite(lim)) {
      // The headroom is the limit less the peak usage, page cache included:
      // a job whose libraries' and files' cache filled the rest reads 0 B
      // though reclaim drops that cache before any OOM kill. Its anon+shmem
      // peak says how close it really came.
      const double head = num(get(v, "headroom_bytes"));
      const json* pk = get(v, "peak");
      const double as = pk ? num(get(*pk, "cgroup_anon_shmem_bytes")) : NAN;
      if (std::isfinite(head) && std::isfinite(as) && as < lim && lim - as > head + 0.05 * lim)
        line(trf("cgroup limit {}, headroom at peak {} with page cache, {} above the anon+shmem peak (page cache is "
                 "reclaimed before an OOM kill)",
                 human_bytes(lim), human_bytes(head), human_bytes(lim - as)));
      else
        line(trf("cgroup limit {}, headroom at peak {}", human_bytes(lim), human_bytes(head)));
    }
    // The guard's first warning and its action (verdict "guard"), and the
    // budget: what `run` did before the end, repeated where people look.
    if (auto* gd = get(v, "guard"); gd && gd->is_object()) {
      auto stage_line = [&](const char* what, const json* d) {
        if (!d || !d->is_object()) return;
        double at = num(get(*d, "t_s")), frac = num(get(*d, "used_fraction")), ttl = num(get(*d, "time_to_limit_s"));
        std::string trig = get(*d, "trigger") && (*d)["trigger"].is_string() ? (*d)["trigger"].get<std::string>() : "?";
        line(trf("guard {} at {:.1f} s ({}): working set {:.0f}% of the limit{}", tr(what), at, trig, frac * 100,
                 std::isfinite(ttl) ? trf(", {:.1f} s from it", ttl) : std::string()));
        if (auto* a = get(*d, "action"); a && a->is_object())
          if (auto* m = get(*a, "message"); m && m->is_string()) line("  " + retranslate(m->get<std::string>()));
      };
      stage_line(N_("warning"), get(*gd, "warning"));
      stage_line(N_("action"), get(*gd, "action"));
    }
    if (auto* b = get(v, "budget"); b && b->is_object()) {
      double bud = num(get(*b, "budget_bytes")), pk = num(get(*b, "peak_tree_pss_bytes"));
      bool over = get(*b, "exceeded") && (*b)["exceeded"].is_boolean() && (*b)["exceeded"].get<bool>();
      line(trf("budget {}: peak tree PSS {}{}", human_bytes(bud), std::isfinite(pk) ? human_bytes(pk) : tr("not measured"),
               over ? trf(", over by {}", human_bytes(num(get(*b, "over_bytes")))) : tr(", within")));
    }
    double g = num(get(v, "growth_bytes_per_s"));
    if (std::isfinite(g)) line(trf("tree PSS growth over the last minute: {}/s", human_bytes(g)));
    if (auto* ps = get(v, "procs"); ps && ps->is_array()) {
      if (!ps->empty())
        line(tr("  per process, peak PSS: shared pages split among the processes sharing them (the kernel's "
                "anon-rss counts them whole in each); private: pages no other process maps (USS)"));
      size_t shown = 0;
      const double dropped_d = num(get(v, "procs_dropped"));
      const size_t dropped = std::isfinite(dropped_d) && dropped_d > 0 ? static_cast<size_t>(dropped_d) : 0;
      for (auto& p : *ps) {
        if (shown++ >= 12) { line(trf("  ... {} more processes", ps->size() - 12 + dropped)); break; }
        double pk = num(get(p, "peak_pss_bytes"));
        std::string role = get(p, "role") ? ui::role_text(p["role"].get<std::string>()) : "?";
        std::string comm = get(p, "comm") ? p["comm"].get<std::string>() : "?";
        std::string gone;
        if (auto* o = get(p, "orphaned"); o && o->is_boolean() && o->get<bool>()) gone = tr(", lingered as an orphan");
        double gs = num(get(p, "gone_s"));
        if (std::isfinite(gs)) gone += trf(", gone at {:.1f} s", gs);
        const double uss = num(get(p, "peak_uss_bytes"));
        line(trf("  {:<6} pid {:<7} {:<15} peak PSS {}{}{}", role, num(get(p, "pid")), comm,
                 std::isfinite(pk) ? human_bytes(pk) : tr("not measured"),
                 std::isfinite(uss) ? trf(", private {}", human_bytes(uss)) : std::string(), gone));
      }
    }
    if (auto* a = get(v, "process_accounting"); a && a->is_object()) {
      // A fork-heavy job (issue 21): what the record holds one by one, what
      // it counts, and what /proc never showed.
      const double found = num(get(*a, "found")), agg = num(get(*a, "events_aggregated"));
      const double unseen = num(get(*a, "unseen_exited")), listed = num(get(*a, "listed_untracked"));
      const bool counted = std::isfinite(unseen);
      if ((std::isfinite(agg) && agg > 0) || (counted && unseen > 0) || (!counted && std::isfinite(listed) && listed > 0)) {
        std::string ts = get(*a, "taskstats") && (*a)["taskstats"].is_string() ? (*a)["taskstats"].get<std::string>() : "";
        line(trf("processes: {} found in /proc{}; {}", found,
                 std::isfinite(agg) && agg > 0 ? trf(" ({} of them counted in process_churn events, past the record's "
                                                     "rate bound)", agg)
                                               : std::string(),
                 counted ? trf("{} more born and gone between two samples (counted from taskstats)", unseen)
                         : trf("those born and gone between two samples were not counted ({})", ts)));
      }
    }
    if (auto* ks = get(v, "kernel_kills"); ks && ks->is_array())
      for (auto& k : *ks)
      {
        const double seq = num(get(k, "kmsg_seq"));
        const auto* traced = get(k, "traced");
        line(trf("  kernel killed pid {} ({}), {} process{}{}", num(get(k, "pid")),
                 get(k, "comm") ? k["comm"].get<std::string>() : "?",
                 get(k, "role") ? k["role"].get<std::string>() : "?",
                 std::isfinite(seq) ? trf(", kernel log seq {}", seq) : std::string(),
                 traced && traced->is_boolean() && traced->get<bool>() ? tr(", oom:mark_victim tracepoint") : std::string()));
      }
    for (auto& s : peak_sites_lines(v)) line(s);  // run --sites
  }
  for (auto& s : python_findings_lines(rec)) line(s);  // run --py-tracemalloc
  if (with_sparkline) {
    std::vector<double> pss;
    // A racy sample (a read raced with an exit: a dying process's pages
    // counted with the survivors' grown shares) is never a peak (the
    // verdict's Peaks skip it): nor the sparkline's max (measured: 1349 MiB
    // beside a peak tree PSS of 819 MiB).
    for (auto& s : rec.samples)
      if (auto* t = get(s, "tree"); t && !s.value("racy", false))
        if (auto* p = get(*t, "pss_bytes"); p && p->is_number()) pss.push_back(p->get<double>());
    if (pss.size() >= 2)
      line(trf("tree PSS {} max {}", sparkline(pss), human_bytes(*std::max_element(pss.begin(), pss.end()))));
  }
  for (auto& n : rec.notes) line(trf("record: {}", retranslate(n)));
  return out;
}

}  // namespace oomlens::render
