#pragma once
// The job's process tree: every descendant of a root (oomlens itself, a
// child subreaper, so orphaned workers are re-parented to it and stay in
// view), found through /proc/PID/task/TID/children (3.5+, with
// CONFIG_PROC_CHILDREN) plus any extra pids (the job cgroup's cgroup.procs),
// never by scanning all of /proc.
//
// Identity is (pid, start_time_ticks from /proc/PID/stat field 22): a
// reused pid is a new process. Per process, /proc/PID/status is read every
// tick (cheap, ~20 µs) and /proc/PID/smaps_rollup when the caller asks
// (it walks page tables: ~1.5 ms per 400 MiB process here).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "proc/proc.h"

namespace oomlens::monitor {

enum class Role { main, worker, other };
[[nodiscard]] const char* role_name(Role r);

struct TrackedProc {
  int pid = 0;
  uint64_t start_time_ticks = 0;
  int64_t ppid = 0;
  Role role = Role::other;
  std::string comm;
  std::string cmdline;  ///< NUL-separated args joined by spaces, capped at 512 bytes
  double first_seen_s = 0;
  std::optional<double> gone_s;       ///< when it was first missed
  bool orphaned = false;              ///< seen re-parented to the root after the main process died
  std::optional<proc::PidStatus> status;       ///< latest
  std::optional<proc::SmapsRollup> smaps;      ///< latest good read
  std::optional<double> smaps_t_s;
  std::optional<int> oom_score;
  std::optional<int> oom_score_adj;
  uint64_t peak_pss_bytes = 0;
  double peak_pss_t_s = 0;
  uint64_t peak_rss_bytes = 0;
  /// An open /proc/PID directory: reads through it fail once this process
  /// is reaped, even when the pid is reused (a handle, not a number), and
  /// skip the path lookup every tick. Closed when the process is gone.
  std::shared_ptr<int> dirfd;
  uint32_t threads = 0;  ///< `Threads:` at the last status read (0 unknown)
};

class ProcessTree {
 public:
  /// `root_pid`: whose descendants are followed (not itself).
  /// `main_pid`: the job's main process (role main).
  ProcessTree(std::string proc_root, int root_pid, int main_pid);

  /// Finds new descendants (children of the root and of every live tracked
  /// process, plus `extra_pids`), reads each live one's status, and marks
  /// the vanished ones gone at `t_s`. Returns the pids first seen now.
  std::vector<int> refresh(double t_s, const std::vector<int>& extra_pids = {});

  /// Reads smaps_rollup, oom_score and oom_score_adj of every live process.
  /// A read that races with an exit (the process is gone or a zombie
  /// afterwards, or reused) is discarded. Returns false when any read
  /// raced (the tick is then not taken as a peak).
  bool refresh_smaps(double t_s);

  [[nodiscard]] const std::vector<TrackedProc>& procs() const { return procs_; }
  [[nodiscard]] std::vector<TrackedProc>& procs() { return procs_; }
  [[nodiscard]] size_t live_count() const;
  [[nodiscard]] TrackedProc* find(int pid);
  void set_main_exited(double t_s) { main_exited_s_ = t_s; }
  /// Never follow `pid` (and so none of its descendants): oomlens's own
  /// helpers (the guard's `--action exec:CMD`), which are children of the
  /// root too. Undo with include() once the helper is reaped.
  void exclude(int pid) { excluded_.push_back(pid); }
  void include(int pid) { std::erase(excluded_, pid); }

 private:
  void add(int pid, double t_s);
  std::string proc_root_;
  int root_pid_;
  int main_pid_;
  std::optional<double> main_exited_s_;
  std::shared_ptr<int> root_dir_;
  std::vector<TrackedProc> procs_;
  std::vector<int> excluded_;
};

/// Child pids listed in ROOT/PID/task/*/children.
[[nodiscard]] std::vector<int> read_children(const std::string& proc_root, int pid);
/// The same through an open /proc/PID directory. With `single_thread_pid`
/// (a process known to have one thread) only task/PID/children is read,
/// skipping the directory listing.
[[nodiscard]] std::vector<int> read_children_at(int pid_dirfd, int single_thread_pid = 0);
/// ROOT/PID/cmdline with NULs as spaces (at most `cap` bytes); empty when gone.
[[nodiscard]] std::string read_cmdline(const std::string& proc_root, int pid, size_t cap = 512);

}  // namespace oomlens::monitor
