// Line parsers of the OOM report (see oom_lines.h): a memory cgroup's lines
// (`memory:`/`memory+swap:`/`kmem:` usage, `Task in`, memcg stats) and the
// cut-path test of a memcg path.
#include "kernel_log/oom_lines.h"

#include <algorithm>

#include "util/ascii.h"
#include "util/text.h"

namespace oomlens::oomline {
namespace {
using namespace oomlens::text;
}  // namespace

std::optional<CounterLine> parse_counter(std::string_view s) {
  size_t colon = s.find(": usage ");
  if (colon == std::string_view::npos) return std::nullopt;
  std::string_view name = s.substr(0, colon);
  if (name != "memory" && name != "memory+swap" && name != "swap" && name != "kmem") return std::nullopt;
  CounterLine c;
  c.name = std::string(name);
  std::string_view rest = s.substr(colon + 1);
  c.usage_kb = field_sized(rest, "usage ", "kB");
  c.limit_kb = field_sized(rest, "limit ", "kB");
  if (auto f = field_int(rest, "failcnt "); f && *f >= 0) c.failcnt = static_cast<uint64_t>(*f);
  return c;
}

namespace {
// Container ids are 64 hex digits in every runtime's cgroup name.
constexpr size_t kRuntimeIdHex = 64;
// A Kubernetes pod UID (8-4-4-4-12, `_` for `-` under systemd's driver);
// a static pod's is 32 hex digits without dashes.
constexpr size_t kPodUid = 36, kStaticPodUid = 32;
}  // namespace

bool memcg_path_cut(std::string_view path) {
  if (path.size() > 1 && path.back() == '/') return true;
  const size_t slash = path.rfind('/');
  const std::string_view c = slash == std::string_view::npos ? path : path.substr(slash + 1);
  std::string_view parent;
  if (slash != std::string_view::npos && slash > 0) {
    parent = path.substr(0, slash);
    parent = parent.substr(parent.rfind('/') + 1);
  }
  if (c.empty()) return false;
  // A unit suffix cut short: `libpod-….sc`, `….` (a name holds no other dot after its id).
  if (size_t dot = c.rfind('.'); dot != std::string_view::npos) {
    const std::string_view suffix = c.substr(dot + 1);
    for (std::string_view unit : {"scope", "slice", "service"})
      if (suffix.size() < unit.size() && unit.substr(0, suffix.size()) == suffix) return true;
    return false;  // a whole suffix: the name ends there
  }
  const bool under_slice = ends_with(parent, ".slice");
  size_t h = c.size();
  while (h > 0 && is_xdigit(c[h - 1])) --h;
  const std::string_view id = c.substr(h), before = c.substr(0, h);
  if (!id.empty()) {
    for (std::string_view runtime :
         {"docker-", "libpod-", "libpod_pod_", "libpod-conmon-", "cri-containerd-", "crio-", "crio-conmon-"}) {
      if (!ends_with(before, runtime)) continue;
      if (id.size() < kRuntimeIdHex) return true;  // `libpod-3f2a`
      // systemd's driver names it `docker-<id>.scope`, `machine-libpod_pod_<id>.slice`:
      // under a slice, without that suffix, the name was cut after its id.
      return under_slice && id.size() == kRuntimeIdHex;
    }
    // A bare id: cgroupfs drivers' `/docker/<id>` (12 digits or more: a
    // short id's length), `/kubepods/…/pod<uid>/<id>` (nothing else lives there).
    if (before.empty() && id.size() < kRuntimeIdHex &&
        ((parent == "docker" && id.size() >= 12) || starts_with(parent, "pod")))
      return true;
  }
  // A pod's cgroup: `pod<uid>` (cgroupfs), `kubepods-…-pod<uid with _>.slice` (systemd).
  if (size_t p = c.rfind("pod"); p != std::string_view::npos && p + 3 < c.size()) {
    const std::string_view uid = c.substr(p + 3);
    bool uid_chars = true, dashes = false;
    for (char ch : uid) {
      dashes = dashes || ch == '-' || ch == '_';
      uid_chars = uid_chars && (is_xdigit(ch) || ch == '-' || ch == '_');
    }
    if (uid_chars && (p == 0 || c[p - 1] == '-')) {
      if (dashes && uid.size() < kPodUid) return true;
      if (under_slice && (uid.size() == kPodUid || uid.size() == kStaticPodUid)) return true;
    }
  }
  return false;
}

namespace {

// Where `kMid`'s words (` killed as a result of limit of `) start in `s` after
// `from`, each of its spaces matched by a run of spaces (a terminal's pad that
// fell at one: `killed         as a result`; the kernel prints single ones):
// {start, end} of the match, or {start, npos} when `s` ends inside the words
// (a viewer's cut), or {npos, npos}.
std::pair<size_t, size_t> find_task_in_mid(std::string_view s, std::string_view mid, size_t from) {
  for (size_t k = s.find(" killed", from); k != std::string_view::npos; k = s.find(" killed", k + 1)) {
    size_t i = 0, j = k;
    while (i < mid.size() && j < s.size()) {
      if (mid[i] == ' ') {
        if (s[j] != ' ') break;
        while (j < s.size() && s[j] == ' ') ++j;
        ++i;
      } else if (mid[i] == s[j]) {
        ++i, ++j;
      } else {
        break;
      }
    }
    if (i == mid.size()) return {k, j};
    if (j == s.size()) return {k, std::string_view::npos};
  }
  // A wrap that broke the line at the space after the first path and lost it when its pieces were joined
  // (`Task in /docker/0f2b…bd53` + `killed as a result of limit of /docker/…`, corpus 698): the words whole, glued to
  // the path. The path is read up to them (no cgroup name ends in these words).
  const std::string_view glued = mid.substr(1);
  if (const size_t k = s.find(glued, from); k != std::string_view::npos && k > from && s[k - 1] != ' ')
    return {k, k + glued.size()};
  return {std::string_view::npos, std::string_view::npos};
}

}  // namespace

std::optional<TaskIn> parse_task_in(std::string_view s, bool line_cut) {
  constexpr std::string_view kMid = " killed as a result of limit of ";
  if (s == "Task in") return TaskIn{};  // both paths cut by a viewer (prefix.cpp): unknown
  if (!starts_with(s, "Task in ")) return std::nullopt;
  if (line_cut) {  // cut after the first path, inside `killed …` (prefix.cpp dropped the cut word)
    const std::string_view path = trim(s.substr(8));
    if (!path.empty() && path.front() == '/' && path.find_first_of(" \t") == std::string_view::npos) {
      TaskIn out;
      if (find_ellipsis(path) == std::string_view::npos && !memcg_path_cut(path)) out.task_memcg = std::string(path);
      return out;  // the OOM memcg is unknown: never the cut line's path
    }
  }
  const auto [m, mid_end] = find_task_in_mid(s, kMid, 7);
  const size_t cut = find_ellipsis(s);
  // Cut inside the words after the first path: by a viewer (`… killed as a result of l...`, the cut word
  // dropped), or after `limit of` (prefix.cpp drops the cut path): the first path is whole, the OOM memcg unknown.
  if (m != std::string_view::npos && mid_end == std::string_view::npos) {
    if (!line_cut && !ends_with(trim_right(s), trim_right(kMid))) return std::nullopt;
    TaskIn out;
    if (cut == std::string_view::npos || cut > m) out.task_memcg = std::string(s.substr(8, m - 8));
    return out;
  }
  // A viewer cut the line inside its first path and the poster's wrapped rest
  // came after the marker (`Task in /kubepods/…cab...ds/pod…`): both unknown.
  if (m == std::string_view::npos) return cut == std::string_view::npos ? std::nullopt : std::optional(TaskIn{});
  TaskIn out{cut < m ? std::string() : std::string(s.substr(8, m - 8)), std::string(trim(s.substr(mid_end)))};
  // A cgroup path starts with `/`; `host` (Alibaba Cloud Linux, a global OOM) names the machine.
  if (out.oom_memcg == "host") {
    out.oom_memcg.clear();
    out.limit_of_host = true;
    return out;
  }
  if (find_ellipsis(out.oom_memcg) != std::string_view::npos) out.oom_memcg.clear();
  if (memcg_path_cut(out.oom_memcg)) {  // the line's last path, cut without a `...`: unknown
    out.oom_memcg.clear();
    out.path_cut = true;
  }
  return out;
}

namespace {

// The ':' ending a stats line's path when the pairs follow it without a space: the first ':' after which a
// `name:NKB` pair starts (a lower-case name, digits, `KB`); npos when none.
size_t glued_pairs_start(std::string_view t) {
  for (size_t c = t.find(':'); c != std::string_view::npos; c = t.find(':', c + 1)) {
    std::string_view rest = t.substr(c + 1);
    size_t i = 0;
    while (i < rest.size() && ((rest[i] >= 'a' && rest[i] <= 'z') || rest[i] == '_')) ++i;
    if (i == 0 || i >= rest.size() || rest[i] != ':') continue;
    size_t j = i + 1;
    while (j < rest.size() && rest[j] >= '0' && rest[j] <= '9') ++j;
    if (j > i + 1 && rest.substr(j, 2) == "KB") return c;
  }
  return std::string_view::npos;
}

}  // namespace

std::optional<StatsHeader> parse_stats_header(std::string_view s) {
  constexpr std::string_view kHead = "Memory cgroup stats for ";
  if (s == trim_right(kHead)) return StatsHeader{};  // the path was cut (prefix.cpp): unknown
  if (!starts_with(s, kHead)) return std::nullopt;
  std::string_view t = s.substr(kHead.size());
  // The path ends at ':' followed by space/end (paths hold no ": "), or, where a wrap's rejoin lost that space
  // (`…scope:cache:8448KB rss:…`), at the ':' before the first `name:NKB` pair (corpus 553 through
  // wrap80_inline_pad): a path holds no such pair.
  size_t end = t.find(": ");
  if (end == std::string_view::npos) end = glued_pairs_start(t);
  std::string_view path = end == std::string_view::npos ? trim_right(t) : t.substr(0, end);
  if (end == std::string_view::npos && !path.empty() && path.back() == ':') path.remove_suffix(1);
  StatsHeader h;
  std::string_view pairs = end == std::string_view::npos ? std::string_view{} : t.substr(end + 1);
  if (size_t e = find_ellipsis(path); e != std::string_view::npos) {
    h.elided = true;
    if (end == std::string_view::npos) {  // `…/0249...8KB rss_huge:0KB …`: pairs after the cut figure
      pairs = t.substr(e);
      pairs.remove_prefix(std::min(pairs.size(), pairs.find(' ')));
    }
  } else {
    h.path = std::string(path);
  }
  if (!pairs.empty()) {
    while (!pairs.empty()) {
      std::string_view tok = take_token(pairs);
      if (tok.empty()) break;
      size_t c = tok.find(':');
      if (c == std::string_view::npos) continue;
      std::string_view v = tok.substr(c + 1);
      if (auto n = take_sized(v, "KB")) h.kb_pairs.emplace_back(std::string(tok.substr(0, c)), *n);
    }
  }
  return h;
}

std::optional<std::pair<std::string, uint64_t>> parse_stat_kv(std::string_view s) {
  s = trim(s);
  size_t sp = s.find(' ');
  if (sp == 0 || sp == std::string_view::npos) return std::nullopt;
  std::string_view key = s.substr(0, sp);
  for (char c : key)
    if (!((c >= 'a' && c <= 'z') || c == '_' || is_digit(c))) return std::nullopt;
  auto v = parse_u64(trim(s.substr(sp + 1)));
  if (!v) return std::nullopt;
  return std::make_pair(std::string(key), *v);
}


}  // namespace oomlens::oomline
