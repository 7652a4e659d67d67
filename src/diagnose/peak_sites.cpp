// Top allocation sites at each process's peak (diagnose/peak_sites.h).
#include "diagnose/peak_sites.h"

#include <algorithm>

#include "sites/table.h"
#include "util/json_opt.h"

namespace oomlens::diagnose {

using nlohmann::json;

namespace {

std::string role_of(const std::map<int, std::string>& roles, int pid) {
  auto it = roles.find(pid);
  return it == roles.end() ? "unknown" : it->second;
}

}  // namespace

std::vector<PeakSite> top_peak_sites(const std::vector<sites::ProcessSites>& tables,
                                     const std::map<int, std::string>& roles, size_t per_process, double min_share) {
  std::vector<const sites::ProcessSites*> order;
  for (auto& t : tables)
    if (t.peak_bytes > 0) order.push_back(&t);
  std::stable_sort(order.begin(), order.end(), [&](const auto* a, const auto* b) {
    bool am = role_of(roles, a->pid) == "main", bm = role_of(roles, b->pid) == "main";
    if (am != bm) return am;
    return a->peak_bytes > b->peak_bytes;
  });
  std::vector<PeakSite> out;
  for (const auto* t : order) {
    std::vector<size_t> idx;
    for (size_t i = 0; i < t->stacks.size(); ++i)
      if (t->stacks[i].peak_bytes > 0 &&
          static_cast<double>(t->stacks[i].peak_bytes) >= min_share * static_cast<double>(t->peak_bytes))
        idx.push_back(i);
    std::stable_sort(idx.begin(), idx.end(),
                     [&](size_t a, size_t b) { return t->stacks[a].peak_bytes > t->stacks[b].peak_bytes; });
    if (idx.size() > per_process) idx.resize(per_process);
    for (size_t i : idx) out.push_back({t->pid, role_of(roles, t->pid), t->stacks[i].peak_bytes, t->stacks[i].frames});
  }
  return out;
}

json peak_sites_json(const std::vector<PeakSite>& sites, const std::map<std::string, std::string>& sources) {
  json arr = json::array();
  for (auto& s : sites) {
    json frames = json::array();
    for (auto& f : s.frames) {
      json source = nullptr;
      if (f.file && f.line)
        if (auto it = sources.find(*f.file + ":" + std::to_string(*f.line)); it != sources.end()) source = it->second;
      frames.push_back({{"function", util::opt(f.function)}, {"file", util::opt(f.file)}, {"line", util::opt(f.line)},
                        {"object", util::opt(f.object)}, {"source", source}});
    }
    arr.push_back({{"pid", s.pid}, {"role", s.role}, {"bytes", s.bytes}, {"frames", frames}});
  }
  return arr;
}

json sites_summary_json(const std::vector<sites::ProcessSites>& tables, const std::map<int, std::string>& roles,
                        const std::vector<std::string>& notes) {
  json procs = json::array();
  for (auto& t : tables)
    procs.push_back({{"pid", t.pid}, {"ppid", t.ppid}, {"role", role_of(roles, t.pid)}, {"exe", t.exe},
                     {"peak_bytes", t.peak_bytes}, {"live_bytes", t.live_bytes}, {"samples", t.samples},
                     {"dropped", t.dropped}, {"interval_bytes", t.interval_bytes},
                     {"python_stacks", (t.flags & sites::kFlagPythonStacks) != 0},
                     {"python_version", t.python_version.empty() ? json(nullptr) : json(t.python_version)},
                     {"stacks_full", (t.flags & sites::kFlagStacksFull) != 0}});
  return {{"processes", procs}, {"notes", notes}};
}

}  // namespace oomlens::diagnose
