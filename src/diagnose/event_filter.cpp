// Event filters of `oomlens explain` (see event_filter.h).
#include "diagnose/event_filter.h"

#include <charconv>
#include <ctime>

namespace oomlens {
namespace {

bool digits(std::string_view s, size_t pos, size_t n, int* out) {
  if (pos + n > s.size()) return false;
  int v = 0;
  for (size_t i = pos; i < pos + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  *out = v;
  return true;
}

// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
int64_t days_from_civil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

}  // namespace

std::optional<int64_t> wall_to_unix_s(std::string_view s) {
  int Y, M, D, h = 0, m = 0, sec = 0;
  if (!digits(s, 0, 4, &Y) || s.size() < 10 || s[4] != '-' || !digits(s, 5, 2, &M) || s[7] != '-' ||
      !digits(s, 8, 2, &D) || M < 1 || M > 12 || D < 1 || D > 31)
    return std::nullopt;
  size_t pos = 10;
  if (pos < s.size() && (s[pos] == 'T' || s[pos] == 't' || s[pos] == ' ')) {
    if (!digits(s, pos + 1, 2, &h) || s.size() < pos + 6 || s[pos + 3] != ':' || !digits(s, pos + 4, 2, &m))
      return std::nullopt;
    pos += 6;
    if (pos < s.size() && s[pos] == ':') {
      if (!digits(s, pos + 1, 2, &sec)) return std::nullopt;
      pos += 3;
      if (pos < s.size() && (s[pos] == '.' || s[pos] == ',')) {
        ++pos;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') ++pos;
      }
    }
  }
  if (h > 23 || m > 59 || sec > 60) return std::nullopt;
  int64_t local = days_from_civil(Y, static_cast<unsigned>(M), static_cast<unsigned>(D)) * 86400 +
                  h * 3600 + m * 60 + sec;
  if (pos == s.size()) {
    // No zone: local time of this machine.
    std::tm tm{};
    tm.tm_year = Y - 1900;
    tm.tm_mon = M - 1;
    tm.tm_mday = D;
    tm.tm_hour = h;
    tm.tm_min = m;
    tm.tm_sec = sec;
    tm.tm_isdst = -1;
    time_t t = std::mktime(&tm);
    if (t == static_cast<time_t>(-1)) return std::nullopt;
    return static_cast<int64_t>(t);
  }
  if (s[pos] == 'Z' || s[pos] == 'z') return pos + 1 == s.size() ? std::optional<int64_t>(local) : std::nullopt;
  if (s[pos] != '+' && s[pos] != '-') return std::nullopt;
  int oh, om;
  const int sign = s[pos] == '-' ? -1 : 1;
  if (!digits(s, pos + 1, 2, &oh)) return std::nullopt;
  size_t mpos = pos + 3;
  if (mpos < s.size() && s[mpos] == ':') ++mpos;
  if (!digits(s, mpos, 2, &om) || mpos + 2 != s.size()) return std::nullopt;
  return local - sign * (oh * 3600 + om * 60);
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

std::vector<OomEvent> apply_filter(std::vector<OomEvent> events, const EventFilter& f, size_t* dropped_untimed) {
  std::vector<OomEvent> out;
  size_t untimed = 0;
  for (auto& e : events) {
    if (event_matches(e, f)) {
      out.push_back(std::move(e));
    } else if ((f.since_unix_s || f.until_unix_s) && !e.time.wall) {
      EventFilter without_time = f;
      without_time.since_unix_s.reset();
      without_time.until_unix_s.reset();
      if (event_matches(e, without_time)) ++untimed;
    }
  }
  if (f.last && out.size() > *f.last) out.erase(out.begin(), out.end() - static_cast<std::ptrdiff_t>(*f.last));
  if (dropped_untimed) *dropped_untimed = untimed;
  return out;
}

}  // namespace oomlens
