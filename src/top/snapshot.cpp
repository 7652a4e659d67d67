// Snapshot building for `oomlens top` (see snapshot.h).
#include "top/snapshot.h"
#include "util/file.h"

#include <fcntl.h>
#include <pwd.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <numeric>

#include "cgroup/cgroup.h"
#include "cgroup/memcg_files.h"
#include "diagnose/cgroup_owner.h"
#include "top/gpu.h"
#include "util/text.h"

namespace oomlens::top {
std::optional<TickStat> parse_tick_stat(std::string_view text) {
  auto st = proc::parse_pid_stat(text);
  if (!st || !st->rss_pages) return std::nullopt;  // a line cut before field 24 (rss)
  TickStat t;
  t.flags = st->flags;
  t.rss_pages = *st->rss_pages;
  t.stat = std::move(*st);
  return t;
}

void sort_rows(std::vector<ProcessRow>& rows) {
  std::sort(rows.begin(), rows.end(), [](const ProcessRow& a, const ProcessRow& b) {
    int sa = a.oom_score.value_or(-1), sb = b.oom_score.value_or(-1);
    if (sa != sb) return sa > sb;
    uint64_t ra = a.rss_bytes.value_or(0), rb = b.rss_bytes.value_or(0);
    if (ra != rb) return ra > rb;
    return a.pid < b.pid;
  });
}

std::optional<double> limit_share_pct(const std::optional<uint64_t>& rss_bytes,
                                      const std::optional<uint64_t>& limit_bytes) {
  if (!rss_bytes || !limit_bytes || *limit_bytes == 0) return std::nullopt;
  return 100.0 * double(*rss_bytes) / double(*limit_bytes);
}

std::optional<double> limit_share_pct(const ProcessRow& r) { return limit_share_pct(r.rss_bytes, r.cgroup_limit_bytes); }

bool row_matches(const ProcessRow& r, std::string_view filter) {
  if (filter.empty()) return true;
  if (text::contains_ascii_ci(r.comm, filter) || text::contains_ascii_ci(std::to_string(r.pid), filter)) return true;
  if (!r.info) return false;
  return text::contains_ascii_ci(r.info->user, filter) || text::contains_ascii_ci(r.info->cgroup_path, filter) ||
         text::contains_ascii_ci(r.info->cmdline, filter);
}

void filter_rows(std::vector<ProcessRow>& rows, std::string_view filter, int self_pid) {
  if (filter.empty()) return;
  std::erase_if(rows, [&](const ProcessRow& r) { return (self_pid > 0 && r.pid == self_pid) || !row_matches(r, filter); });
}

void tree_order(std::vector<ProcessRow>& rows) {
  const size_t n = rows.size();
  std::unordered_map<int, size_t> by_pid;
  for (size_t i = 0; i < n; ++i) by_pid.try_emplace(rows[i].pid, i);
  // pid 1 adopts orphans and starts every service: its children are roots,
  // else the whole machine would be one tree under init.
  std::vector<std::optional<size_t>> parent(n);
  for (size_t i = 0; i < n; ++i) {
    if (rows[i].ppid <= 1 || rows[i].ppid == rows[i].pid) continue;
    if (auto it = by_pid.find(rows[i].ppid); it != by_pid.end()) parent[i] = it->second;
  }
  // A parent chain that loops (only in a torn read of /proc) is cut where it
  // comes back: that row becomes a root.
  for (size_t i = 0; i < n; ++i) {
    std::vector<size_t> seen{i};
    for (auto p = parent[i]; p; p = parent[*p]) {
      if (std::find(seen.begin(), seen.end(), *p) != seen.end()) {
        parent[seen.back()].reset();
        break;
      }
      seen.push_back(*p);
      if (seen.size() > n) break;
    }
  }
  // Each subtree is ranked by its best row (the lowest index in `rows`,
  // already sorted), so the chain to the likeliest victim comes first.
  std::vector<size_t> best(n);
  std::iota(best.begin(), best.end(), size_t{0});
  for (size_t i = 0; i < n; ++i)
    for (auto p = parent[i]; p; p = parent[*p]) best[*p] = std::min(best[*p], i);
  std::vector<std::vector<size_t>> children(n);
  std::vector<size_t> roots;
  for (size_t i = 0; i < n; ++i) (parent[i] ? children[*parent[i]] : roots).push_back(i);
  auto by_best = [&](size_t a, size_t b) { return best[a] < best[b]; };
  std::sort(roots.begin(), roots.end(), by_best);
  for (auto& c : children) std::sort(c.begin(), c.end(), by_best);
  std::vector<ProcessRow> out;
  out.reserve(n);
  std::vector<std::pair<size_t, int>> stack;  // (row, depth), depth-first
  for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.emplace_back(*it, 0);
  while (!stack.empty()) {
    auto [i, d] = stack.back();
    stack.pop_back();
    out.push_back(std::move(rows[i]));
    out.back().depth = d;
    for (auto it = children[i].rbegin(); it != children[i].rend(); ++it) stack.emplace_back(*it, d + 1);
  }
  rows = std::move(out);
}

std::vector<Group> group_rows(const std::vector<ProcessRow>& rows) {
  const size_t n = rows.size();
  std::vector<size_t> parent(n);
  std::iota(parent.begin(), parent.end(), size_t{0});
  auto find = [&](size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  auto unite = [&](size_t a, size_t b) { parent[find(a)] = find(b); };
  std::unordered_map<int, size_t> by_pid;
  for (size_t i = 0; i < n; ++i) by_pid[rows[i].pid] = i;
  std::map<std::pair<std::string, int>, size_t> sibling;        // (comm, ppid) → first
  std::map<std::pair<std::string, std::string>, size_t> same_cg;  // (comm, cgroup) → first
  for (size_t i = 0; i < n; ++i) {
    const auto& r = rows[i];
    if (auto it = by_pid.find(r.ppid); it != by_pid.end() && rows[it->second].comm == r.comm) unite(i, it->second);
    if (r.ppid > 1) {
      auto [it, fresh] = sibling.try_emplace({r.comm, r.ppid}, i);
      if (!fresh) unite(i, it->second);
    }
    if (r.info && !r.info->cgroup_path.empty() && r.info->cgroup_path != "/") {
      auto [it, fresh] = same_cg.try_emplace({r.comm, r.info->cgroup_path}, i);
      if (!fresh) unite(i, it->second);
    }
  }
  std::unordered_map<size_t, size_t> group_of_root;
  std::vector<Group> groups;
  std::vector<size_t> leader_row;
  std::vector<bool> pss_ok, swap_ok;
  for (size_t i = 0; i < n; ++i) {  // row order: groups come out ordered by their best member
    size_t root = find(i);
    auto [it, fresh] = group_of_root.try_emplace(root, groups.size());
    if (fresh) {
      groups.emplace_back();
      groups.back().comm = rows[i].comm;
      leader_row.push_back(i);
      pss_ok.push_back(true);
      swap_ok.push_back(true);
    }
    const size_t g = it->second;
    Group& G = groups[g];
    const auto& r = rows[i];
    G.pids.push_back(r.pid);
    if (r.oom_score && (!G.max_oom_score || *r.oom_score > *G.max_oom_score)) G.max_oom_score = r.oom_score;
    G.rss_bytes += r.rss_bytes.value_or(0);
    if (r.pss_bytes) G.pss_bytes = G.pss_bytes.value_or(0) + *r.pss_bytes; else pss_ok[g] = false;
    if (r.swap_bytes) G.swap_bytes = G.swap_bytes.value_or(0) + *r.swap_bytes; else swap_ok[g] = false;
    const auto& L = rows[leader_row[g]];
    if (r.start_time_ticks < L.start_time_ticks || (r.start_time_ticks == L.start_time_ticks && r.pid < L.pid))
      leader_row[g] = i;
  }
  for (size_t g = 0; g < groups.size(); ++g) {
    groups[g].leader_pid = rows[leader_row[g]].pid;
    groups[g].info = rows[leader_row[g]].info;
    groups[g].cgroup_limit_bytes = rows[leader_row[g]].cgroup_limit_bytes;
    if (!pss_ok[g]) groups[g].pss_bytes.reset();
    if (!swap_ok[g]) groups[g].swap_bytes.reset();
  }
  return groups;
}

SnapshotBuilder::SnapshotBuilder(Options o) : opt_(std::move(o)), proc_(join_root(opt_.root, "proc")) {
  if (opt_.keep_fds) {
    // Two descriptors per process: raise the soft limit towards the hard
    // one, and keep 128 in reserve for everything else.
    rlimit rl{};
    if (::getrlimit(RLIMIT_NOFILE, &rl) == 0) {
      const rlim_t want = std::min<rlim_t>(rl.rlim_max, 65536);
      if (rl.rlim_cur < want) {
        rl.rlim_cur = want;
        ::setrlimit(RLIMIT_NOFILE, &rl);
        ::getrlimit(RLIMIT_NOFILE, &rl);
      }
      if (rl.rlim_cur > 256) fd_budget_ = static_cast<size_t>(rl.rlim_cur - 128);
    }
  }
  long ps = ::sysconf(_SC_PAGESIZE);
  if (ps > 0) page_size_ = ps;
  if (auto h = cgroup::find_memory_hierarchy(opt_.root)) {
    have_memory_hierarchy_ = true;
    memory_v2_ = h->version == cgroup::Version::v2;
    memory_mount_ = h->mount_point;
  }
  if (opt_.gpu) gpu_ = GpuMemory::load();
}

SnapshotBuilder::~SnapshotBuilder() = default;

const std::string& SnapshotBuilder::user_name(uint32_t uid) {
  auto it = users_.find(uid);
  if (it != users_.end()) return it->second;
  std::string name = std::to_string(uid);
  // Names come from this machine's passwd even on a fixture root: fine for
  // display, and uid is kept beside it.
  struct passwd pw {}, *res = nullptr;
  char buf[4096];
  if (::getpwuid_r(uid, &pw, buf, sizeof buf, &res) == 0 && res && res->pw_name) name = res->pw_name;
  return users_.emplace(uid, std::move(name)).first->second;
}

std::shared_ptr<const StaticInfo> SnapshotBuilder::read_static(int pid, const std::string& comm) {
  auto info = std::make_shared<StaticInfo>();
  if (auto st = proc::read_pid_status(pid, proc_)) info->uid = st->uid;
  info->user = info->uid ? user_name(*info->uid) : "?";
  // Without a memory controller, the v2 line still names the process's cgroup.
  const cgroup::MemoryHierarchy h{have_memory_hierarchy_ && !memory_v2_ ? cgroup::Version::v1 : cgroup::Version::v2,
                                  memory_mount_.value_or("")};
  auto path = cgroup::memory_cgroup_path(h, pid, opt_.root);
  info->cgroup_path = path && !path->empty() ? *path : "/";
  info->owner = decode_cgroup_owner(info->cgroup_path);
  std::string cmd = proc::read_cmdline(pid, proc_, size_t{1} << 20);
  info->cmdline = cmd.empty() ? "[" + comm + "]" : cmd;
  return info;
}

Snapshot SnapshotBuilder::tick() {
  Snapshot s;
  // Header.
  s.header.meminfo = proc::read_meminfo(proc_);
  s.header.memory_pressure = proc::read_pressure(proc_ + "/pressure/memory");
  if (have_memory_hierarchy_) {
    cgroup::MemoryHierarchy h{memory_v2_ ? cgroup::Version::v2 : cgroup::Version::v1, *memory_mount_};
    if (auto dir = cgroup::memory_cgroup_dir(h, 0, opt_.root)) {
      const std::string mount = join_root(opt_.root, h.mount_point);
      std::string rel = dir->size() > mount.size() ? dir->substr(mount.size()) : "/";
      s.header.cgroup_path = rel;
      s.header.cgroup_limit_bytes = cgroup::tightest_limit(cgroup::under_root(h, opt_.root), *dir).bytes;
    }
  }
  s.gpu_available = gpu_ != nullptr;

  for (auto& [pid, e] : cache_) e.seen = false;
  const std::vector<int> pids = proc::list_pids(proc_);
  char path[512];
  std::string buf, sbuf;  // kept descriptors' texts; empty when the process is gone
  s.rows.reserve(cache_.size() + 16);
  for (const int pid : pids) {
    Entry* cached = nullptr;
    if (auto it = cache_.find(pid); it != cache_.end()) cached = &it->second;
    std::string_view stat_text;
    Fd stat_fd, score_fd;
    if (cached && cached->stat_fd.get() >= 0) {
      stat_text = reread_fd(cached->stat_fd.get(), buf, 1024).value_or("");
      // Either way the descriptors leave the entry (and the count): kept
      // ones come back below, those of a gone process close here.
      fds_open_ -= (cached->stat_fd.get() >= 0) + (cached->score_fd.get() >= 0);
      stat_fd = std::move(cached->stat_fd);
      score_fd = std::move(cached->score_fd);
      if (stat_text.empty()) {  // that process is gone; `pid` may be a new one
        stat_fd.reset();
        score_fd.reset();
      }
    }
    if (stat_text.empty()) {
      std::snprintf(path, sizeof path, "%s/%d/stat", proc_.c_str(), pid);
      stat_fd = Fd(::open(path, O_RDONLY | O_CLOEXEC));
      if (stat_fd.get() < 0) continue;
      stat_text = reread_fd(stat_fd.get(), buf, 1024).value_or("");
      std::snprintf(path, sizeof path, "%s/%d/oom_score", proc_.c_str(), pid);
      score_fd = Fd(::open(path, O_RDONLY | O_CLOEXEC));
    }
    auto ts = parse_tick_stat(stat_text);
    if (!ts || (ts->flags & kPfKthread) || ts->stat.state == 'Z' || ts->stat.state == 'X') continue;
    ProcessRow row;
    row.pid = pid;
    row.ppid = static_cast<int>(ts->stat.ppid);
    row.comm = std::move(ts->stat.comm);
    row.state = ts->stat.state;
    row.start_time_ticks = ts->stat.start_time_ticks;
    if (score_fd.get() >= 0) row.oom_score = proc::parse_pid_int(reread_fd(score_fd.get(), sbuf, 64).value_or(""));
    row.rss_bytes = ts->rss_pages * static_cast<uint64_t>(page_size_);
    Entry& e = cache_[pid];
    if (!e.info || e.start_time_ticks != row.start_time_ticks) {
      e = Entry{};
      e.start_time_ticks = row.start_time_ticks;
      e.info = read_static(pid, row.comm);
    }
    const size_t n_fds = (stat_fd.get() >= 0) + (score_fd.get() >= 0);
    if (fds_open_ + n_fds <= fd_budget_) {  // else they close at the end of this iteration
      e.stat_fd = std::move(stat_fd);
      e.score_fd = std::move(score_fd);
      fds_open_ += n_fds;
    }
    e.seen = true;
    row.info = e.info;
    row.oom_score_adj = e.adj;
    row.pss_bytes = e.pss_bytes;
    row.swap_bytes = e.swap_bytes;
    s.rows.push_back(std::move(row));
  }
  std::erase_if(cache_, [this](const auto& kv) {
    if (kv.second.seen) return false;
    fds_open_ -= (kv.second.stat_fd.get() >= 0) + (kv.second.score_fd.get() >= 0);
    return true;
  });
  s.header.processes = s.rows.size();
  if (have_memory_hierarchy_) {  // each cgroup's tightest limit, once per tick
    const cgroup::MemoryHierarchy h = cgroup::under_root(  // the walk stops at the mount, under root
        {memory_v2_ ? cgroup::Version::v2 : cgroup::Version::v1, *memory_mount_}, opt_.root);
    std::unordered_map<std::string, std::optional<uint64_t>> limit_of;
    for (auto& r : s.rows) {
      if (!r.info || r.info->cgroup_path.empty() || r.info->cgroup_path == "/") continue;
      auto [it, fresh] = limit_of.try_emplace(r.info->cgroup_path);
      if (fresh) it->second = cgroup::tightest_limit(h, h.mount_point + r.info->cgroup_path).bytes;
      r.cgroup_limit_bytes = it->second;
    }
  }
  sort_rows(s.rows);
  return s;
}

void SnapshotBuilder::fill_row(ProcessRow& r, Entry& e, double now_s, bool force) {
  if (force || now_s - e.detail_at_s >= opt_.detail_interval_s) {
    e.detail_at_s = now_s;
    e.adj = proc::read_pid_int(r.pid, "oom_score_adj", proc_);
    if (auto sm = proc::read_smaps_rollup(r.pid, proc_)) e.pss_bytes = sm->pss_bytes;
    else e.pss_bytes.reset();
    if (auto st = proc::read_pid_status(r.pid, proc_)) e.swap_bytes = st->vm_swap_bytes;
    else e.swap_bytes.reset();
  }
  r.oom_score_adj = e.adj;
  r.pss_bytes = e.pss_bytes;
  r.swap_bytes = e.swap_bytes;
  if (gpu_) {
    auto it = gpu_by_pid_.find(r.pid);
    if (it != gpu_by_pid_.end()) r.gpu_bytes = it->second;
  }
}

void SnapshotBuilder::details(Snapshot& s, size_t first, size_t count, double now_s, bool force) {
  if (gpu_ && (force || now_s - gpu_at_s_ >= opt_.detail_interval_s)) {
    gpu_by_pid_ = gpu_->per_pid();
    gpu_at_s_ = now_s;
  }
  for (size_t i = first; i < s.rows.size() && i < first + count; ++i) {
    auto it = cache_.find(s.rows[i].pid);
    if (it != cache_.end()) fill_row(s.rows[i], it->second, now_s, force);
  }
}

void SnapshotBuilder::details_for(Snapshot& s, const std::vector<int>& pids, double now_s, bool force) {
  if (gpu_ && (force || now_s - gpu_at_s_ >= opt_.detail_interval_s)) {
    gpu_by_pid_ = gpu_->per_pid();
    gpu_at_s_ = now_s;
  }
  std::unordered_map<int, size_t> idx;
  for (size_t i = 0; i < s.rows.size(); ++i) idx[s.rows[i].pid] = i;
  for (int pid : pids) {
    auto r = idx.find(pid);
    auto c = cache_.find(pid);
    if (r != idx.end() && c != cache_.end()) fill_row(s.rows[r->second], c->second, now_s, force);
  }
}

}  // namespace oomlens::top
