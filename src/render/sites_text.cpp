// The run summary's allocation-site lines (render/sites_text.h).
#include "render/sites_text.h"

#include <algorithm>
#include <map>

#include <fmt/core.h>

#include "render/record_text.h"
#include "util/sanitize.h"
#include "util/i18n.h"
#include "render/ui_strings.h"

namespace oomlens::render {

using nlohmann::json;

namespace {

std::string str(const json& j, const char* k) {
  auto it = j.find(k);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string base(const std::string& path) {
  auto s = path.rfind('/');
  return s == std::string::npos ? path : path.substr(s + 1);
}

// A note of the sites reader: "NAME: why" (NAME a table's file name) or a
// sentence, stored in English (the verdict's sites.notes).
std::string sites_note_text(const std::string& n) {
  std::string t = retranslate(n);
  if (t != n) return t;
  const size_t colon = n.find(": ");
  if (colon == std::string::npos || n.find(' ') < colon) return t;
  return n.substr(0, colon + 2) + retranslate(n.substr(colon + 2));
}

}  // namespace

std::string site_frame_text(const json& f, bool first) {
  const std::string fn = str(f, "function"), file = str(f, "file"), obj = str(f, "object"), src = str(f, "source");
  const bool has_line = f.contains("line") && f["line"].is_number_integer();
  const std::string where = file.empty() ? "" : base(file) + (has_line ? ":" + std::to_string(f["line"].get<int>()) : "");
  if (obj.empty()) {  // Python
    std::string what = first && !src.empty() ? src : fn;
    return where.empty() ? what : where + " " + what;
  }
  std::string name = fn.empty() ? "?" : fn;
  if (!where.empty()) return name + " (" + where + ")";
  return trf("{} in {}", name, base(obj));
}

std::vector<std::string> peak_sites_lines(const json& v, size_t per_process) {
  std::vector<std::string> out;
  auto it = v.find("peak_sites");
  if (it == v.end() || !it->is_array()) return out;
  auto frames_text = [](const json& site) {
    const json& all = site.contains("frames") && site["frames"].is_array() ? site["frames"] : json::array();
    if (all.empty()) return std::string(tr("[other stacks]"));
    // A stack with Python frames reads from its innermost Python frame
    // (native frames below it, e.g. a torch op's, stay in the JSON).
    json shown = json::array();
    for (auto& f : all)
      if (str(f, "object").empty()) shown.push_back(f);
    if (shown.empty()) shown = all;
    std::string s;
    for (size_t i = 0; i < shown.size() && i < 3; ++i) {
      std::string t = site_frame_text(shown[i], i == 0);
      if (t.size() > 90) t = oomlens::sanitize_utf8(t.substr(0, 87)) + "...";  // a cut character becomes U+FFFD
      s += (i ? " \u2190 " : "") + t;
    }
    return s;
  };
  if (it->empty()) {
    out.push_back(tr("sites: none recorded"));
  }
  auto bytes_of = [](const json& site) {
    return site.contains("bytes") && site["bytes"].is_number() ? site["bytes"].get<double>() : 0.0;
  };
  // The tree: each stack (as shown) summed over the processes, each at its
  // own peak (the tables share no moment), when more than one process has
  // sites. "[other stacks]" differs from process to process: not summed.
  struct Group {
    double bytes = 0;
    size_t processes = 0, workers = 0;
  };
  std::map<std::string, Group> groups;
  std::map<int, bool> pids;
  for (auto& site : *it) {
    pids[site.value("pid", 0)] = true;
    if (!site.contains("frames") || !site["frames"].is_array() || site["frames"].empty()) continue;
    Group& g = groups[frames_text(site)];
    g.bytes += bytes_of(site);
    ++g.processes;
    if (str(site, "role") == "worker") ++g.workers;
  }
  std::vector<std::pair<std::string, Group>> tree(groups.begin(), groups.end());
  std::stable_sort(tree.begin(), tree.end(), [](auto& a, auto& b) { return a.second.bytes > b.second.bytes; });
  if (pids.size() > 1)
    for (size_t i = 0; i < tree.size() && i < per_process; ++i)
      out.push_back(trf("tree: {} at {} (in {} of {} processes, each at its own peak)", human_bytes(tree[i].second.bytes),
                        tree[i].first, tree[i].second.processes, pids.size()));
  std::map<int, size_t> shown;
  for (auto& site : *it) {
    int pid = site.value("pid", 0);
    if (shown[pid]++ >= per_process) continue;
    out.push_back(trf("{} pid {}: {} at {}", ui::role_text(str(site, "role")), pid, human_bytes(bytes_of(site)), frames_text(site)));
  }
  // Advice drawn from the sites: the same stack in several workers is
  // memory each worker allocates for itself (a cache, a buffer made in
  // worker_init_fn or __getitem__), unlike data made once before the
  // workers start.
  for (auto& [text, g] : tree)
    if (g.workers >= 2 && g.bytes >= 0.05 * tree.front().second.bytes)
      out.push_back(trf("sites: each of {} workers holds its own {} at {} ({} in all): memory made once in the main "
                        "process before the workers start (a numpy array in the Dataset's __init__) is shared "
                        "copy-on-write by forked workers instead",
                        g.workers, human_bytes(g.bytes / static_cast<double>(g.processes)), text, human_bytes(g.bytes)));
  // A main process that grew every epoch (worker_memory.main_growing,
  // diagnose/main_growth.cpp): its largest stack at its peak is where the
  // kept memory was made, so the growth advice can name the line (a list
  // appended to each step, a loss kept with its graph).
  const json* wm = v.contains("worker_memory") && v["worker_memory"].is_object() ? &v["worker_memory"] : nullptr;
  if (wm && wm->contains("main_growing") && (*wm)["main_growing"].is_boolean() && (*wm)["main_growing"].get<bool>()) {
    const json* top = nullptr;
    double main_total = 0;
    for (auto& site : *it) {
      if (str(site, "role") != "main") continue;
      main_total += bytes_of(site);
      if (site.contains("frames") && site["frames"].is_array() && !site["frames"].empty() &&
          (!top || bytes_of(site) > bytes_of(*top)))
        top = &site;
    }
    if (top && bytes_of(*top) >= 0.25 * main_total)
      out.push_back(trf("sites: the main process grew every epoch, and at its peak {} of it had been allocated at {}: "
                        "what that line makes is kept from step to step (appended to a list, a loss kept with its "
                        "graph); keep plain numbers (`loss.item()`) or let it go after each step",
                        human_bytes(bytes_of(*top)), frames_text(*top)));
  }
  if (auto s = v.find("sites"); s != v.end() && s->is_object() && s->contains("notes") && (*s)["notes"].is_array())
    for (auto& n : (*s)["notes"])
      if (n.is_string()) out.push_back(trf("sites: {}", sites_note_text(n.get<std::string>())));
  return out;
}

}  // namespace oomlens::render
