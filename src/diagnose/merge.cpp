#include "diagnose/merge.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>

#include "proc/proc.h"
#include "util/time.h"

namespace oomlens {

namespace {

std::optional<std::string> boot_of(const OomEvent& e) {
  if (!e.boot_id) return std::nullopt;
  if (auto n = proc::normalize_boot_id(*e.boot_id)) return n;
  return e.boot_id;  // not a UUID: compare as printed
}

std::optional<double> wall_of(const OomEvent& e) {
  if (!e.time.wall) return std::nullopt;
  return parse_rfc3339(*e.time.wall);
}

std::vector<int64_t> victim_pids(const OomEvent& e) {
  std::vector<int64_t> pids;
  for (const Victim& v : e.victims)
    if (v.pid) pids.push_back(*v.pid);
  std::sort(pids.begin(), pids.end());
  pids.erase(std::unique(pids.begin(), pids.end()), pids.end());
  return pids;
}

int source_rank(const OomEvent& e) {
  if (e.source == "kmsg") return 2;
  if (e.source == "journal") return 1;
  return 0;
}

template <typename T>
int known(const std::optional<T>& v) {
  return v.has_value() ? 1 : 0;
}

template <typename T>
void fill(std::optional<T>& dst, const std::optional<T>& src) {
  if (!dst && src) dst = src;
}

}  // namespace

namespace {

// What same_report() compares, read once per event.
struct Facts {
  std::optional<std::string> boot;
  std::optional<double> wall;
  std::vector<int64_t> pids;
  std::optional<int64_t> trigger_pid;
  // A victim without a pid (Linux 2.4's `VM: killing process NAME`): two
  // such kills cannot be told apart from one seen twice, so never merged.
  bool victim_pid_unknown = false;
};

Facts facts_of(const OomEvent& e) {
  const bool unknown = std::any_of(e.victims.begin(), e.victims.end(), [](const Victim& v) { return !v.pid; });
  return {boot_of(e), wall_of(e), victim_pids(e), e.trigger ? e.trigger->pid : std::nullopt, unknown};
}

bool same(const Facts& fa, const OomEvent& a, const Facts& fb, const OomEvent& b) {
  if (fa.victim_pid_unknown || fb.victim_pid_unknown) return false;
  if (fa.boot && fb.boot && *fa.boot != *fb.boot) return false;
  if (fa.wall && fb.wall && std::fabs(*fa.wall - *fb.wall) > 2.0) return false;
  const bool by_victims = !fa.pids.empty() || !fb.pids.empty();
  if (by_victims) {
    if (fa.pids != fb.pids) return false;
  } else if (!fa.trigger_pid || !fb.trigger_pid || *fa.trigger_pid != *fb.trigger_pid) {
    return false;
  }
  if (a.time.monotonic_s && b.time.monotonic_s) {
    return std::fabs(*a.time.monotonic_s - *b.time.monotonic_s) <= 1.0;
  }
  return by_victims && fa.wall && fb.wall;  // within 2 s: checked above
}

// Two events can be the same report only when these keys are equal: the
// victim pids, else the trigger pid (none: never a duplicate).
std::optional<std::string> match_key(const Facts& f) {
  if (f.victim_pid_unknown) return std::nullopt;
  if (!f.pids.empty()) {
    std::string k = "v";
    for (int64_t p : f.pids) k += std::to_string(p) + ",";
    return k;
  }
  if (f.trigger_pid) return "t" + std::to_string(*f.trigger_pid);
  return std::nullopt;
}

}  // namespace

bool same_report(const OomEvent& a, const OomEvent& b) { return same(facts_of(a), a, facts_of(b), b); }

int known_fields(const OomEvent& e) {
  int n = known(e.time.monotonic_s) + known(e.time.wall) + known(e.constraint) +
          known(e.constraint_printed) + known(e.panic_message) + known(e.page_size_bytes) +
          known(e.host) + known(e.boot_id) + known(e.kmsg_seq);
  if (e.trigger) {
    const Trigger& t = *e.trigger;
    n += 1 + known(t.pid) + known(t.gfp_mask) + known(t.order) + known(t.oom_score_adj) +
         known(t.nodemask) + known(t.cpuset) + known(t.mems_allowed);
  }
  for (const Victim& v : e.victims) {
    n += 1 + known(v.uid) + known(v.total_vm_bytes) + known(v.anon_rss_bytes) +
         known(v.file_rss_bytes) + known(v.shmem_rss_bytes) + known(v.pgtables_bytes) +
         known(v.oom_score_adj) + known(v.reaped);
  }
  if (e.memcg) {
    const MemcgInfo& m = *e.memcg;
    n += 1 + known(m.oom_memcg) + known(m.task_memcg) + known(m.usage_bytes) +
         known(m.limit_bytes) + known(m.failcnt) + static_cast<int>(m.stats.size());
  }
  if (e.mem_info) {
    const MemInfo& m = *e.mem_info;
    n += 1 + known(m.free_bytes) + known(m.free_swap_bytes) + known(m.total_swap_bytes) +
         known(m.ram_bytes);
  }
  n += static_cast<int>(e.tasks.size() + e.selected.size());
  return n;
}

void merge_into(OomEvent& keep, const OomEvent& other) {
  fill(keep.time.monotonic_s, other.time.monotonic_s);
  fill(keep.time.wall, other.time.wall);
  fill(keep.boot_id, other.boot_id);
  fill(keep.host, other.host);
  fill(keep.kmsg_seq, other.kmsg_seq);
  fill(keep.trigger, other.trigger);
  fill(keep.memcg, other.memcg);
  fill(keep.mem_info, other.mem_info);
  fill(keep.constraint, other.constraint);
  fill(keep.constraint_printed, other.constraint_printed);
  fill(keep.panic_message, other.panic_message);
  fill(keep.alloc_stall, other.alloc_stall);
  if (!keep.page_size_bytes && other.page_size_bytes) {
    keep.page_size_bytes = other.page_size_bytes;
    keep.page_size_assumed = other.page_size_assumed;
  }
  if (keep.tasks.empty()) {
    keep.tasks = other.tasks;
    keep.tasks_dropped = other.tasks_dropped;
    keep.tasks_dropped_rss_bytes = other.tasks_dropped_rss_bytes;
  }
  if (keep.selected.empty()) keep.selected = other.selected;
  for (Victim& v : keep.victims) {
    const auto it = std::find_if(other.victims.begin(), other.victims.end(),
                                 [&](const Victim& o) { return v.pid && o.pid == v.pid; });
    if (it == other.victims.end()) continue;
    fill(v.uid, it->uid);
    fill(v.total_vm_bytes, it->total_vm_bytes);
    fill(v.anon_rss_bytes, it->anon_rss_bytes);
    fill(v.file_rss_bytes, it->file_rss_bytes);
    fill(v.shmem_rss_bytes, it->shmem_rss_bytes);
    fill(v.pgtables_bytes, it->pgtables_bytes);
    fill(v.oom_score_adj, it->oom_score_adj);
    fill(v.oom_score_adj_source, it->oom_score_adj_source);
    fill(v.selected_score, it->selected_score);
    fill(v.reaped, it->reaped);
  }
  for (const std::string& note : other.notes) {
    if (std::find(keep.notes.begin(), keep.notes.end(), note) == keep.notes.end()) {
      keep.notes.push_back(note);
    }
  }
}

std::vector<OomEvent> dedup_events(std::vector<OomEvent> events) {
  // Only events of the same match_key() are compared: linear in the events
  // for the usual case of distinct pids.
  std::vector<OomEvent> out;
  std::vector<Facts> facts;
  std::unordered_map<std::string, std::vector<size_t>> by_key;
  out.reserve(events.size());
  const auto better = [](const OomEvent& x, const OomEvent& y) {
    const int kx = known_fields(x), ky = known_fields(y);
    return kx != ky ? kx > ky : source_rank(x) > source_rank(y);
  };
  for (OomEvent& e : events) {
    Facts f = facts_of(e);
    const auto key = match_key(f);
    std::vector<size_t>* same_key = key ? &by_key[*key] : nullptr;
    size_t found = out.size();
    if (same_key)
      for (size_t i : *same_key)
        if (same(facts[i], out[i], f, e)) {
          found = i;
          break;
        }
    if (found == out.size()) {
      if (same_key) same_key->push_back(out.size());
      out.push_back(std::move(e));
      facts.push_back(std::move(f));
      continue;
    }
    if (better(e, out[found])) {
      merge_into(e, out[found]);
      out[found] = std::move(e);
    } else {
      merge_into(out[found], e);
    }
    facts[found] = facts_of(out[found]);  // the merge may have filled its boot or wall time
  }

  // Sort keys: (group time, group first-appearance, monotonic, wall, index).
  constexpr double kInf = std::numeric_limits<double>::infinity();
  std::map<std::string, double> boot_first_wall;
  std::map<std::string, size_t> boot_first_index;
  for (size_t i = 0; i < out.size(); ++i) {
    const auto boot = boot_of(out[i]);
    if (!boot) continue;
    boot_first_index.try_emplace(*boot, i);
    auto [it, inserted] = boot_first_wall.try_emplace(*boot, kInf);
    if (const auto w = wall_of(out[i])) it->second = std::min(it->second, *w);
  }
  using Key = std::tuple<double, size_t, double, double, size_t>;
  std::vector<std::pair<Key, size_t>> keyed;
  for (size_t i = 0; i < out.size(); ++i) {
    const auto boot = boot_of(out[i]);
    const auto wall = wall_of(out[i]);
    const double w = wall.value_or(kInf);
    Key key;
    if (boot) {
      key = {boot_first_wall[*boot], boot_first_index[*boot], out[i].time.monotonic_s.value_or(kInf),
             w, i};
    } else if (wall) {
      key = {w, i, 0.0, w, i};  // placed among the boots by its own wall time
    } else {
      key = {kInf, std::numeric_limits<size_t>::max(), 0.0, kInf, i};
    }
    keyed.emplace_back(key, i);
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<OomEvent> sorted;
  sorted.reserve(out.size());
  for (const auto& k : keyed) sorted.push_back(std::move(out[k.second]));
  return sorted;
}

void MergeWindow::add(OomEvent&& event) {
  rows_ += event.tasks.size();
  held_.push_back(std::move(event));
  if (held_.size() > max_events_ + max_events_ / 4 || rows_ > max_rows_ + max_rows_ / 4) compact();
}

void MergeWindow::compact() {
  held_ = dedup_events(std::move(held_));
  rows_ = 0;
  for (const OomEvent& e : held_) rows_ += e.tasks.size();
  size_t first = 0;  // the oldest kept
  while (first < held_.size() && (held_.size() - first > max_events_ || rows_ > max_rows_)) {
    rows_ -= held_[first].tasks.size();
    ++first;
  }
  dropped_ += first;
  held_.erase(held_.begin(), held_.begin() + static_cast<std::ptrdiff_t>(first));
}

std::vector<OomEvent> MergeWindow::finish() {
  compact();
  std::vector<OomEvent> out = std::move(held_);
  held_.clear();
  rows_ = 0;
  return out;
}

}  // namespace oomlens
