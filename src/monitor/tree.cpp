// Process tree following (see tree.h).
#include "monitor/tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>

#include "monitor/roles.h"
#include "proc/proc.h"
#include "util/fd.h"
#include "util/file.h"
#include "util/text.h"

namespace oomlens::monitor {

const char* role_name(Role r) {
  switch (r) {
    case Role::main: return "main";
    case Role::worker: return "worker";
    case Role::other: return "other";
    case Role::program: return "program";
    case Role::helper: return "helper";
  }
  return "other";
}

namespace {

void parse_pids(std::string_view s, std::vector<int>* out) {
  while (!s.empty()) {
    auto sp = s.find(' ');
    auto tok = s.substr(0, sp);
    int c = 0;
    if (!tok.empty() && std::from_chars(tok.data(), tok.data() + tok.size(), c).ec == std::errc{}) out->push_back(c);
    if (sp == std::string_view::npos) break;
    s.remove_prefix(sp + 1);
  }
}

std::shared_ptr<int> open_dir(const std::string& path) {
  return share_fd(UniqueFd(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)));
}

}  // namespace

std::vector<int> read_children(const std::string& proc_root, int pid) {
  auto d = open_dir(proc_root + "/" + std::to_string(pid));
  return d ? read_children_at(*d) : std::vector<int>{};
}

std::vector<int> read_children_at(int pid_dirfd, int single_thread_pid) {
  std::vector<int> out;
  if (single_thread_pid > 0) {
    auto text = read_file_at(pid_dirfd, ("task/" + std::to_string(single_thread_pid) + "/children").c_str(), 1 << 20);
    if (text) {
      parse_pids(*text, &out);
      return out;
    }
  }
  UniqueFd task(::openat(pid_dirfd, "task", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!task) return out;
  DIR* d = ::fdopendir(task.get());
  if (!d) return out;
  const int tfd = task.release();  // the DIR's now: closedir closes it
  while (dirent* e = ::readdir(d)) {
    if (e->d_name[0] == '.') continue;
    auto text = read_file_at(tfd, (std::string(e->d_name) + "/children").c_str(), 1 << 20);
    if (!text) continue;
    parse_pids(*text, &out);
  }
  ::closedir(d);
  return out;
}

ProcessTree::ProcessTree(std::string proc_root, int root_pid, int main_pid)
    : proc_root_(std::move(proc_root)), root_pid_(root_pid), main_pid_(main_pid) {
  if (long ps = ::sysconf(_SC_PAGESIZE); ps > 0) page_size_ = ps;
}

int ProcessTree::hold(std::shared_ptr<int>& held, int dirfd, const char* name, UniqueFd* once) {
  if (held) return *held;
  UniqueFd fd(::openat(dirfd, name, O_RDONLY | O_CLOEXEC));
  if (!fd) return -1;
  const int n = fd.get();
  if (held_ >= kMaxHeldFds) {
    *once = std::move(fd);
    return n;
  }
  held = share_fd(std::move(fd));
  ++held_;
  return n;
}

void ProcessTree::children_of(std::shared_ptr<int>& held, int dirfd, int pid, uint32_t threads,
                              std::vector<int>* out) {
  if (threads == 1) {
    UniqueFd once;
    int fd = hold(held, dirfd, ("task/" + std::to_string(pid) + "/children").c_str(), &once);
    if (fd >= 0) {
      bool ok = reread_fd(fd, buf_).has_value();
      once.reset();
      if (ok) {
        parse_pids(buf_, out);
        return;
      }
    }
  }
  for (int c : read_children_at(dirfd)) out->push_back(c);
}

bool ProcessTree::read_status(TrackedProc& p, double t_s, bool mark_gone) {
  // Through the held fd or the directory handle: it fails once the process
  // is reaped (so a reused pid is never mistaken for it); a zombie still
  // reads, with State Z.
  UniqueFd once;
  int fd = p.dirfd ? hold(p.status_fd, *p.dirfd, "status", &once) : -1;
  bool ok = fd >= 0 && reread_fd(fd, buf_).has_value();
  once.reset();
  const std::string& text = buf_;
  if (!ok || text.find("\nState:\tZ") != std::string::npos || text.find("\nState:\tX") != std::string::npos) {
    if (!mark_gone) return false;  // the next refresh marks it (and writes its exit)
    p.gone_s = t_s;
    p.dirfd.reset();
    p.status_fd.reset();
    p.statm_fd.reset();
    p.children_fd.reset();
    return false;
  }
  auto status = std::optional<proc::PidStatus>(proc::parse_pid_status(text));
  p.threads = static_cast<uint32_t>(proc::kv_field(text, "Threads").value_or(0));
  if (status->ppid) {
    if (main_exited_s_ && p.role != Role::main && (attached_ || *status->ppid == root_pid_)) p.orphaned = true;
    p.ppid = *status->ppid;
  }
  bool exec_seen = !status->name.empty() && status->name != p.comm;
  std::string cmd;
  if (!exec_seen && p.role != Role::main && t_s - p.first_seen_s < 5) {
    // A launcher's fork that execs the same interpreter keeps its comm
    // (torchrun's agent and its ranks are all `python3`): in its first
    // seconds, the cmdline says whether it exec'd.
    cmd = proc::read_cmdline(p.pid, proc_root_);
    exec_seen = !cmd.empty() && cmd != p.cmdline;
  }
  if (exec_seen) {
    // exec(2) after fork: take the new program's name and cmdline, and a
    // forked copy that became another program is no longer a worker of
    // the main one.
    if (!status->name.empty()) p.comm = status->name;
    p.cmdline = cmd.empty() ? proc::read_cmdline(p.pid, proc_root_) : cmd;
    if (p.role != Role::main) assign_role(p);
    // Its children were classified against what it was before the exec
    // (`bash -c "python ..."`'s forked copy): classify them again.
    for (auto& q : procs_)
      if (&q != &p && q.ppid == p.pid && !q.gone_s && q.role != Role::main) assign_role(q);
  }
  p.status = std::move(status);
  if (p.status->vm_rss_bytes) p.peak_rss_bytes = std::max(p.peak_rss_bytes, *p.status->vm_rss_bytes);
  if (p.status->rss_anon_bytes)
    p.peak_tick_rss_anon_bytes = std::max(p.peak_tick_rss_anon_bytes, *p.status->rss_anon_bytes);
  return true;
}

bool ProcessTree::read_statm(TrackedProc& p) {
  if (!p.dirfd || !p.status) return false;
  UniqueFd once;
  int fd = hold(p.statm_fd, *p.dirfd, "statm", &once);
  if (fd < 0) return false;  // e.g. a fixture tree without statm: status decides
  bool ok = reread_fd(fd, buf_).has_value();
  once.reset();
  if (!ok) return false;  // gone: status confirms
  // "size resident shared text lib data dt", in pages.
  uint64_t f[3] = {0, 0, 0};
  std::string_view v(buf_);
  for (auto& x : f) {
    v = text::trim_left(v);
    auto r = std::from_chars(v.data(), v.data() + v.size(), x);
    if (r.ec != std::errc{}) return false;
    v.remove_prefix(static_cast<size_t>(r.ptr - v.data()));
  }
  if (f[0] == 0) return false;  // no mm: a zombie (or exiting): status decides
  const uint64_t page = static_cast<uint64_t>(page_size_);
  p.status->vm_rss_bytes = f[1] * page;
  p.status->rss_anon_bytes = f[1] >= f[2] ? (f[1] - f[2]) * page : 0;
  p.peak_rss_bytes = std::max(p.peak_rss_bytes, f[1] * page);
  p.peak_tick_rss_anon_bytes = std::max(p.peak_tick_rss_anon_bytes, *p.status->rss_anon_bytes);
  return true;
}

void ProcessTree::assign_role(TrackedProc& p) {
  const TrackedProc* parent = nullptr;
  const TrackedProc* main = nullptr;
  for (auto& q : procs_) {
    if (&q == &p || q.gone_s) continue;
    if (q.pid == p.ppid) parent = &q;
    if (q.role == Role::main) main = &q;
  }
  p.role = classify_role(p, main_pid_, parent, main);
  if (p.role == Role::worker && parent) {
    // A worker is its parent's fork (or spawned child) and inherits its
    // environment: its rank is the parent's, without an environ read
    // (a fork-heavy job's children each cost one open less).
    p.rank = parent->rank;
    p.local_rank = parent->local_rank;
  } else if (p.role == Role::program || p.role == Role::worker || p.role == Role::main) {
    // torchrun's ranks (and their workers, which inherit it): RANK, LOCAL_RANK;
    // the main process's too, which its workers copy.
    if (auto env = proc::read_environ(p.pid, proc_root_)) {
      p.rank = proc::environ_int(*env, "RANK");
      p.local_rank = proc::environ_int(*env, "LOCAL_RANK");
    }
  }
}

TrackedProc* ProcessTree::find(int pid) {
  for (auto it = procs_.rbegin(); it != procs_.rend(); ++it)
    if (it->pid == pid && !it->gone_s) return &*it;
  return nullptr;
}

size_t ProcessTree::live_count() const {
  return static_cast<size_t>(std::count_if(procs_.begin(), procs_.end(), [](auto& p) { return !p.gone_s; }));
}

void ProcessTree::add(int pid, double t_s) {
  // The directory first, then its files through it: one path lookup, and
  // no reused pid's files mixed with this one's.
  TrackedProc p;
  p.dirfd = open_dir(proc_root_ + "/" + std::to_string(pid));
  if (!p.dirfd) return;
  auto text = read_file_at(*p.dirfd, "stat", 4096);
  auto st = text ? proc::parse_pid_stat(*text) : std::nullopt;
  if (!st || st->state == 'Z' || st->state == 'X') return;
  p.pid = pid;
  p.start_time_ticks = st->start_time_ticks;
  p.ppid = st->ppid;
  p.comm = st->comm;
  p.cmdline = proc::read_cmdline(pid, proc_root_);
  p.first_seen_s = t_s;
  assign_role(p);
  procs_.push_back(std::move(p));
}

std::vector<int> ProcessTree::refresh(double t_s, const std::vector<int>& extra) {
  // After the main process ended, status every time: its PPid is what says
  // a lingering worker was orphaned (statm cannot), and it may linger for
  // only a few ticks.
  const bool full = refreshes_++ % status_every_ == 0 || main_exited_s_;
  held_ = 0;
  for (auto& p : procs_) held_ += (p.status_fd ? 1 : 0) + (p.statm_fd ? 1 : 0) + (p.children_fd ? 1 : 0);
  if (!root_dir_) root_dir_ = open_dir(proc_root_ + "/" + std::to_string(root_pid_));
  if (root_dir_ && (full || root_threads_ == 0)) {
    // The root's own thread count decides whether its children can be read
    // from one task/TID/children file (orphans are re-parented to a thread
    // of the subreaper, so a multi-threaded root needs the listing).
    auto st = read_file_at(*root_dir_, "status", 1 << 16);
    root_threads_ = st ? static_cast<uint32_t>(proc::kv_field(*st, "Threads").value_or(0)) : 0;
  }
  std::vector<int> candidates;
  if (root_dir_) children_of(root_children_fd_, *root_dir_, root_pid_, root_threads_, &candidates);
  for (auto& p : procs_)
    if (!p.gone_s && p.dirfd) children_of(p.children_fd, *p.dirfd, p.pid, p.threads, &candidates);
  candidates.insert(candidates.end(), extra.begin(), extra.end());
  std::vector<int> added;
  listed_now_.clear();
  // Breadth-first: a process found now may already have children of its own.
  for (size_t i = 0; i < candidates.size() && i < 100000; ++i) {
    int c = candidates[i];
    if (c == root_pid_ || find(c) || std::find(excluded_.begin(), excluded_.end(), c) != excluded_.end()) continue;
    if (second_sighting_ && !std::binary_search(listed_prev_.begin(), listed_prev_.end(), c)) {
      listed_now_.push_back(c);  // first listed now: added if the next refresh lists it again
      continue;
    }
    size_t before = procs_.size();
    add(c, t_s);
    if (procs_.size() > before) {
      added.push_back(c);
      // Its status now (its thread count says how to read its children),
      // through the fds held for the next ticks: a fork-heavy job's
      // children cost as few opens as can be.
      auto& p = procs_.back();
      if (read_status(p, t_s) && p.dirfd) children_of(p.children_fd, *p.dirfd, p.pid, p.threads, &candidates);
    }
  }
  // Listed last time, neither added now nor listed again: gone under one interval.
  std::sort(listed_now_.begin(), listed_now_.end());
  listed_now_.erase(std::unique(listed_now_.begin(), listed_now_.end()), listed_now_.end());
  for (int c : listed_prev_)
    if (!std::binary_search(listed_now_.begin(), listed_now_.end(), c) &&
        std::find(added.begin(), added.end(), c) == added.end())
      ++listed_untracked_;
  listed_prev_.swap(listed_now_);
  const size_t first_new = procs_.size() - added.size();
  for (size_t i = 0; i < first_new; ++i) {
    auto& p = procs_[i];
    if (p.gone_s) continue;
    // statm on most ticks; status (the whole split, and the judge of a
    // zombie or a reaped process) every status_every_-th, for a new
    // process, and whenever statm cannot say.
    if (!full && read_statm(p)) continue;
    (void)read_status(p, t_s);
  }
  return added;
}

size_t ProcessTree::forget_gone(size_t max_gone) {
  size_t gone = 0;
  for (auto& p : procs_) gone += (p.gone_s && p.role != Role::main) ? 1 : 0;
  if (gone <= max_gone) return 0;
  // The peak RSS below which gone processes are dropped: the (gone - keep)-th
  // smallest; ties are dropped oldest first, in procs_ order.
  const size_t keep = max_gone / 2, drop = gone - keep;
  std::vector<uint64_t> peaks;
  peaks.reserve(gone);
  for (auto& p : procs_)
    if (p.gone_s && p.role != Role::main) peaks.push_back(p.peak_rss_bytes);
  std::nth_element(peaks.begin(), peaks.begin() + static_cast<std::ptrdiff_t>(drop - 1), peaks.end());
  const uint64_t cut = peaks[drop - 1];
  size_t below = 0;
  for (uint64_t v : peaks) below += v < cut ? 1 : 0;
  size_t ties = drop - below, dropped = 0;
  std::erase_if(procs_, [&](const TrackedProc& p) {
    if (!p.gone_s || p.role == Role::main || p.peak_rss_bytes > cut) return false;
    if (p.peak_rss_bytes == cut) {
      if (ties == 0) return false;
      --ties;
    }
    ++dropped;
    return true;
  });
  forgotten_ += dropped;
  return dropped;
}

uint64_t shared_share_bytes(const TrackedProc& p) {
  if (p.smaps && p.smaps->pss_bytes) {
    const uint64_t pss = *p.smaps->pss_bytes, uss = p.smaps->uss_bytes.value_or(0);
    return pss > uss ? pss - uss : 0;
  }
  return p.status && p.status->vm_rss_bytes ? *p.status->vm_rss_bytes : 0;
}

bool ProcessTree::refresh_smaps(double t_s) {
  // A page shared by n processes counts 1/n in each one's PSS. A process of
  // the tree that exits while the walk goes on leaves the processes read
  // after it holding 1/(n-1): the sum then over-counts by up to the
  // exiting process's share (measured: tree anon+shmem PSS 592 MB beside a
  // cgroup anon+shmem charge of 517 MB, DataLoader workers exiting at an
  // OOM kill). So every process read in this pass is checked again after
  // the walk; the pass is racy when those found exiting (a failed read, a
  // zombie, no mm left) could have shared more than 2 % of the sum
  // (a fork-heavy job's tiny children exit during nearly every pass).
  constexpr uint64_t kRacyShareDiv = 50;  // 2 %, at least kPssResplitMinBytes
  uint64_t exiting_share = 0, total = 0;
  read_now_.clear();
  for (size_t i = 0; i < procs_.size(); ++i) {
    auto& p = procs_[i];
    if (p.gone_s) continue;
    if (!p.dirfd) continue;
    p.smaps_tried = true;
    auto sm_text = read_file_at(*p.dirfd, "smaps_rollup", 1 << 16);
    auto sm = sm_text ? std::optional(proc::parse_smaps_rollup(*sm_text)) : std::nullopt;
    auto pid_int = [&](const char* file) {
      auto t = read_file_at(*p.dirfd, file, 64);
      return t ? proc::parse_pid_int(*t) : std::nullopt;
    };
    auto score = pid_int("oom_score");
    auto adj = pid_int("oom_score_adj");
    // Re-check after the walk: an exiting process's mm reads as empty or
    // partial (then it is a zombie, or reaped and the handle fails).
    // The status re-read also refreshes the RSS split that goes into the
    // per-process rows written with this PSS.
    if (!read_status(p, t_s, false) || !sm || !sm->pss_bytes) {
      exiting_share += shared_share_bytes(p);
      continue;
    }
    p.smaps = std::move(sm);
    total += *p.smaps->pss_bytes;
    read_now_.push_back(i);
    p.smaps_t_s = t_s;
    p.oom_score = score;
    p.oom_score_adj = adj;
    if (*p.smaps->pss_bytes > p.peak_pss_bytes) {
      p.peak_pss_bytes = *p.smaps->pss_bytes;
      p.peak_pss_t_s = t_s;
    }
    if (p.smaps->uss_bytes && p.status && p.status->rss_anon_bytes) {
      const TrackedProc::PrivateAt now{*p.smaps->uss_bytes, *p.status->rss_anon_bytes, t_s, *p.smaps->pss_bytes};
      if (!p.first_private) p.first_private = now;
      if (!p.peak_private || now.uss_bytes > p.peak_private->uss_bytes) p.peak_private = now;
      auto& ser = p.private_series;
      ser.push_back(now);
      if (ser.size() > TrackedProc::kPrivateSeriesMax) {  // thin: keep the even points and the last
        std::vector<TrackedProc::PrivateAt> kept;
        for (size_t i = 0; i + 1 < ser.size(); i += 2) kept.push_back(ser[i]);
        kept.push_back(ser.back());
        ser = std::move(kept);
      }
      p.max_rss_anon_bytes = std::max(p.max_rss_anon_bytes, now.rss_anon_bytes);
    }
  }
  if (exiting_share == 0 && read_now_.size() < 2) return true;  // nothing to be inconsistent with
  // After the walk: one that began exiting since its read (exit_mm() clears
  // its mm before it unmaps: statm reads all zeros; reaped, it fails)
  // re-split pages under the walk. statm, through its held fd: the
  // cheapest file that says so (a pass's cost paces the next one); status
  // when statm cannot (as refresh() does): no VmRSS line without an mm.
  for (size_t i : read_now_) {
    auto& p = procs_[i];
    const bool alive = read_statm(p) || (read_status(p, t_s, false) && p.status && p.status->vm_rss_bytes);
    if (!alive) exiting_share += shared_share_bytes(p);
  }
  return exiting_share <= std::max(kPssResplitMinBytes, total / kRacyShareDiv);
}

}  // namespace oomlens::monitor
