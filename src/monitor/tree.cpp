// Process tree following (see tree.h).
#include "monitor/tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace oomlens::monitor {
namespace {

std::optional<std::string> read_file(const std::string& path, size_t cap) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string out;
  char buf[4096];
  while (out.size() < cap) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  if (out.size() > cap) out.resize(cap);
  return out;
}

bool same_program(const TrackedProc& a, const TrackedProc& b) {
  if (a.cmdline.empty() || b.cmdline.empty()) return a.comm == b.comm;
  auto first = [](const std::string& s) { return s.substr(0, s.find(' ')); };
  return first(a.cmdline) == first(b.cmdline);
}

}  // namespace

const char* role_name(Role r) {
  switch (r) {
    case Role::main: return "main";
    case Role::worker: return "worker";
    case Role::other: return "other";
  }
  return "other";
}

namespace {

std::optional<std::string> read_at(int dirfd, const char* name, size_t cap) {
  int fd = ::openat(dirfd, name, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string out;
  char buf[4096];
  while (out.size() < cap) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) { ::close(fd); return std::nullopt; }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return out;
}

std::shared_ptr<int> open_dir(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  return std::shared_ptr<int>(new int(fd), [](int* p) { ::close(*p); delete p; });
}

}  // namespace

std::vector<int> read_children(const std::string& proc_root, int pid) {
  auto d = open_dir(proc_root + "/" + std::to_string(pid));
  return d ? read_children_at(*d) : std::vector<int>{};
}

std::vector<int> read_children_at(int pid_dirfd, int single_thread_pid) {
  std::vector<int> out;
  if (single_thread_pid > 0) {
    auto text = read_at(pid_dirfd, ("task/" + std::to_string(single_thread_pid) + "/children").c_str(), 1 << 20);
    if (text) {
      std::string_view s(*text);
      while (!s.empty()) {
        auto sp = s.find(' ');
        auto tok = s.substr(0, sp);
        int c = 0;
        if (!tok.empty() && std::from_chars(tok.data(), tok.data() + tok.size(), c).ec == std::errc{}) out.push_back(c);
        if (sp == std::string_view::npos) break;
        s.remove_prefix(sp + 1);
      }
      return out;
    }
  }
  int tfd = ::openat(pid_dirfd, "task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (tfd < 0) return out;
  DIR* d = ::fdopendir(tfd);
  if (!d) { ::close(tfd); return out; }
  while (dirent* e = ::readdir(d)) {
    if (e->d_name[0] == '.') continue;
    auto text = read_at(tfd, (std::string(e->d_name) + "/children").c_str(), 1 << 20);
    if (!text) continue;
    std::string_view s(*text);
    while (!s.empty()) {
      auto sp = s.find(' ');
      auto tok = s.substr(0, sp);
      int c = 0;
      if (!tok.empty() && std::from_chars(tok.data(), tok.data() + tok.size(), c).ec == std::errc{}) out.push_back(c);
      if (sp == std::string_view::npos) break;
      s.remove_prefix(sp + 1);
    }
  }
  ::closedir(d);
  return out;
}

std::string read_cmdline(const std::string& proc_root, int pid, size_t cap) {
  auto t = read_file(proc_root + "/" + std::to_string(pid) + "/cmdline", cap);
  if (!t) return {};
  std::string s = *t;
  while (!s.empty() && s.back() == '\0') s.pop_back();
  std::replace(s.begin(), s.end(), '\0', ' ');
  return s;
}

ProcessTree::ProcessTree(std::string proc_root, int root_pid, int main_pid)
    : proc_root_(std::move(proc_root)), root_pid_(root_pid), main_pid_(main_pid) {}

TrackedProc* ProcessTree::find(int pid) {
  for (auto it = procs_.rbegin(); it != procs_.rend(); ++it)
    if (it->pid == pid && !it->gone_s) return &*it;
  return nullptr;
}

size_t ProcessTree::live_count() const {
  return static_cast<size_t>(std::count_if(procs_.begin(), procs_.end(), [](auto& p) { return !p.gone_s; }));
}

void ProcessTree::add(int pid, double t_s) {
  auto st = proc::read_pid_stat(pid, proc_root_);
  if (!st || st->state == 'Z' || st->state == 'X') return;
  TrackedProc p;
  p.dirfd = open_dir(proc_root_ + "/" + std::to_string(pid));
  if (!p.dirfd) return;
  p.pid = pid;
  p.start_time_ticks = st->start_time_ticks;
  p.ppid = st->ppid;
  p.comm = st->comm;
  p.cmdline = read_cmdline(proc_root_, pid);
  p.first_seen_s = t_s;
  if (pid == main_pid_) {
    p.role = Role::main;
  } else {
    const TrackedProc* main = nullptr;
    for (auto& q : procs_)
      if (q.role == Role::main) main = &q;
    p.role = main && same_program(*main, p) ? Role::worker : Role::other;
  }
  procs_.push_back(std::move(p));
}

std::vector<int> ProcessTree::refresh(double t_s, const std::vector<int>& extra) {
  if (!root_dir_) root_dir_ = open_dir(proc_root_ + "/" + std::to_string(root_pid_));
  std::vector<int> candidates = root_dir_ ? read_children_at(*root_dir_) : std::vector<int>{};
  for (auto& p : procs_)
    if (!p.gone_s && p.dirfd)
      for (int c : read_children_at(*p.dirfd, p.threads == 1 ? p.pid : 0)) candidates.push_back(c);
  candidates.insert(candidates.end(), extra.begin(), extra.end());
  std::vector<int> added;
  // Breadth-first: a process found now may already have children of its own.
  for (size_t i = 0; i < candidates.size() && i < 100000; ++i) {
    int c = candidates[i];
    if (c == root_pid_ || find(c) || std::find(excluded_.begin(), excluded_.end(), c) != excluded_.end()) continue;
    size_t before = procs_.size();
    add(c, t_s);
    if (procs_.size() > before) {
      added.push_back(c);
      for (int g : read_children(proc_root_, c)) candidates.push_back(g);
    }
  }
  for (auto& p : procs_) {
    if (p.gone_s) continue;
    // One read per process per tick, through the directory handle: it fails
    // once the process is reaped (so a reused pid is never mistaken for it);
    // a zombie still reads, with State Z.
    auto text = p.dirfd ? read_at(*p.dirfd, "status", 1 << 16) : std::nullopt;
    if (!text || text->find("\nState:\tZ") != std::string::npos || text->find("\nState:\tX") != std::string::npos) {
      p.gone_s = t_s;
      p.dirfd.reset();
      continue;
    }
    auto status = std::optional<proc::PidStatus>(proc::parse_pid_status(*text));
    p.threads = static_cast<uint32_t>(proc::kv_field(*text, "Threads").value_or(0));
    if (status->ppid) {
      if (main_exited_s_ && p.role != Role::main && *status->ppid == root_pid_) p.orphaned = true;
      p.ppid = *status->ppid;
    }
    if (!status->name.empty() && status->name != p.comm) {
      // exec(2) after fork: the comm changed; take the new program's name
      // and cmdline, and a forked copy that became another program is no
      // longer a worker of the main one.
      p.comm = status->name;
      p.cmdline = read_cmdline(proc_root_, p.pid);
      if (p.role == Role::worker)
        for (auto& q : procs_)
          if (q.role == Role::main && !same_program(q, p)) p.role = Role::other;
    }
    p.status = std::move(status);
    if (p.status->vm_rss_bytes) p.peak_rss_bytes = std::max(p.peak_rss_bytes, *p.status->vm_rss_bytes);
  }
  return added;
}

bool ProcessTree::refresh_smaps(double t_s) {
  bool clean = true;
  for (auto& p : procs_) {
    if (p.gone_s) continue;
    if (!p.dirfd) continue;
    auto sm_text = read_at(*p.dirfd, "smaps_rollup", 1 << 16);
    auto sm = sm_text ? std::optional(proc::parse_smaps_rollup(*sm_text)) : std::nullopt;
    auto to_int = [](const std::optional<std::string>& t) -> std::optional<int> {
      if (!t || t->empty()) return std::nullopt;
      return std::atoi(t->c_str());
    };
    auto score = to_int(read_at(*p.dirfd, "oom_score", 64));
    auto adj = to_int(read_at(*p.dirfd, "oom_score_adj", 64));
    // Re-check after the walk: an exiting process's mm reads as empty or
    // partial (then it is a zombie, or reaped and the handle fails).
    auto st_text = read_at(*p.dirfd, "stat", 4096);
    auto st = st_text ? proc::parse_pid_stat(*st_text) : std::nullopt;
    if (!sm || !st || st->state == 'Z' || st->state == 'X' || !sm->pss_bytes) {
      clean = false;
      continue;
    }
    p.smaps = std::move(sm);
    p.smaps_t_s = t_s;
    p.oom_score = score;
    p.oom_score_adj = adj;
    if (*p.smaps->pss_bytes > p.peak_pss_bytes) {
      p.peak_pss_bytes = *p.smaps->pss_bytes;
      p.peak_pss_t_s = t_s;
    }
  }
  return clean;
}

}  // namespace oomlens::monitor
