// Event filters of `oomlens explain` (see event_filter.h).
#include "diagnose/event_filter.h"

#include <charconv>
#include <cmath>

#include "util/time.h"

namespace oomlens {
std::optional<int64_t> wall_to_unix_s(std::string_view text) {
  auto t = parse_rfc3339(text);
  if (!t) return std::nullopt;
  return static_cast<int64_t>(std::floor(*t));
}

std::optional<int64_t> parse_time_spec(std::string_view t, int64_t now) {
  if (t.empty()) return std::nullopt;
  if (t.front() == '@') {
    int64_t v = 0;
    auto r = std::from_chars(t.data() + 1, t.data() + t.size(), v);
    if (r.ec != std::errc{} || r.ptr != t.data() + t.size()) return std::nullopt;
    return v;
  }
  bool relative = false;
  std::string_view body = t;
  if (body.front() == '-') {
    relative = true;
    body.remove_prefix(1);
  } else if (body.size() > 4 && body.substr(body.size() - 4) == " ago") {
    relative = true;
    body.remove_suffix(4);
  }
  if (relative) {
    int64_t n = 0;
    auto r = std::from_chars(body.data(), body.data() + body.size(), n);
    if (r.ec != std::errc{} || r.ptr + 1 != body.data() + body.size() || n < 0) return std::nullopt;
    switch (*r.ptr) {
      case 's': return now - n;
      case 'm': return now - n * 60;
      case 'h': return now - n * 3600;
      case 'd': return now - n * 86400;
      default: return std::nullopt;
    }
  }
  return wall_to_unix_s(t);
}

bool event_matches(const OomEvent& e, const EventFilter& f) {
  if (f.since_unix_s || f.until_unix_s) {
    std::optional<int64_t> t = e.time.wall ? wall_to_unix_s(*e.time.wall) : std::nullopt;
    if (!t) return false;
    if (f.since_unix_s && *t < *f.since_unix_s) return false;
    if (f.until_unix_s && *t > *f.until_unix_s) return false;
  }
  if (f.pid) {
    bool hit = e.trigger && e.trigger->pid == f.pid;
    for (auto& v : e.victims) hit |= v.pid == *f.pid;
    for (auto& s : e.selected) hit |= s.pid == *f.pid;
    if (!hit) return false;
  }
  if (f.comm) {
    bool hit = e.trigger && e.trigger->comm == *f.comm;
    for (auto& v : e.victims) hit |= v.comm == *f.comm;
    for (auto& s : e.selected) hit |= s.comm == *f.comm;
    if (!hit) return false;
  }
  if (f.cgroup) {
    bool hit = false;
    if (e.memcg) {
      hit |= e.memcg->oom_memcg && e.memcg->oom_memcg->find(*f.cgroup) != std::string::npos;
      hit |= e.memcg->task_memcg && e.memcg->task_memcg->find(*f.cgroup) != std::string::npos;
    }
    if (!hit) return false;
  }
  return true;
}

bool FilterCounter::accept(const OomEvent& e) {
  if (event_matches(e, filter)) return true;
  if ((filter.since_unix_s || filter.until_unix_s) && !e.time.wall) {
    EventFilter without_time = filter;
    without_time.since_unix_s.reset();
    without_time.until_unix_s.reset();
    if (event_matches(e, without_time)) ++untimed;
  }
  return false;
}

std::vector<OomEvent> apply_filter(std::vector<OomEvent> events, const EventFilter& f, size_t* dropped_untimed) {
  std::vector<OomEvent> out;
  FilterCounter counter{f};
  for (auto& e : events)
    if (counter.accept(e)) out.push_back(std::move(e));
  if (f.last && out.size() > *f.last) out.erase(out.begin(), out.end() - static_cast<std::ptrdiff_t>(*f.last));
  if (dropped_untimed) *dropped_untimed = counter.untimed;
  return out;
}

}  // namespace oomlens
