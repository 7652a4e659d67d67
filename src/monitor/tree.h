#pragma once
// The job's process tree: every descendant of a root (oomlens itself, a
// child subreaper, so orphaned workers are re-parented to it and stay in
// view), found through /proc/PID/task/TID/children (3.5+, with
// CONFIG_PROC_CHILDREN) plus any extra pids (the job cgroup's cgroup.procs),
// never by scanning all of /proc.
//
// Identity is (pid, start_time_ticks from /proc/PID/stat field 22): a
// reused pid is a new process. Per process, every refresh reads
// /proc/PID/statm (VmRSS and RssAnon = resident - shared: the cheapest file
// with the resident set; fs/proc/task_mmu.c task_statm()) and
// task/PID/children; every `status_every`-th refresh, and at every
// smaps_rollup pass, /proc/PID/status (the file/shmem/swap split, Threads,
// PPid, Name, State). /proc/PID/smaps_rollup is read when the caller asks
// (it walks page tables: ~1.5 ms per 400 MiB process here).
//
// Those three hot files are opened once per process and re-read with
// pread(2) at offset 0 (the kernel regenerates a seq_file read from 0): one
// syscall per file per tick instead of open/read/read/close. A held fd reads
// ESRCH once its process is reaped, even if the pid is reused (like the
// directory handle). At most kMaxHeldFds such fds are held; beyond that,
// files are opened per read.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "proc/proc.h"
#include "util/fd.h"

namespace oomlens::monitor {

/// What each role means: monitor/roles.h.
enum class Role { main, worker, other, program, helper };
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
  /// `run`: its process_start event was written (false: counted in a
  /// process_churn event past the record's rate bound; so is its exit).
  bool start_recorded = true;
  bool smaps_tried = false;  ///< a smaps_rollup pass has tried this process (it may have failed)
  std::optional<int> oom_score;
  std::optional<int> oom_score_adj;
  uint64_t peak_pss_bytes = 0;
  double peak_pss_t_s = 0;
  uint64_t peak_rss_bytes = 0;
  /// Highest RssAnon at any tick (statm or status), bytes: fresher than a
  /// PrivateAt, which is taken only at smaps_rollup passes seconds apart.
  uint64_t peak_tick_rss_anon_bytes = 0;
  /// A process's private and anonymous resident memory at one smaps_rollup
  /// pass, and its PSS: USS (Private_Clean + Private_Dirty) and RssAnon (/proc/PID/status,
  /// re-read with it), bytes. RssAnon - USS approximates the anonymous pages
  /// still shared (with the parent, for a forked worker).
  struct PrivateAt {
    uint64_t uss_bytes = 0, rss_anon_bytes = 0;
    double t_s = 0;
    uint64_t pss_bytes = 0;  ///< its PSS at that pass (smaps_rollup `Pss`)
  };
  /// At the first good pass and at the pass with the highest USS; null until
  /// a pass read both files (diagnose/worker_memory.h tells a worker's own
  /// allocations from pages copied from its parent by them).
  std::optional<PrivateAt> first_private, peak_private;
  /// Its private memory over time: every good pass, thinned to at most
  /// kPrivateSeriesMax points (every other point dropped, the last kept),
  /// so a day-long worker costs ~3 KiB (diagnose/worker_memory.h: growth
  /// per interval of a long-lived, persistent worker).
  std::vector<PrivateAt> private_series;
  static constexpr size_t kPrivateSeriesMax = 128;
  uint64_t max_rss_anon_bytes = 0;  ///< highest RssAnon at a pass (a parent's, for its workers)
  /// RANK and LOCAL_RANK from /proc/PID/environ (torchrun sets them for each
  /// rank; its workers inherit them), for programs and workers; null when unset.
  std::optional<int> rank, local_rank;
  /// An open /proc/PID directory: reads through it fail once this process
  /// is reaped, even when the pid is reused (a handle, not a number), and
  /// skip the path lookup every tick. Closed when the process is gone.
  std::shared_ptr<int> dirfd;
  uint32_t threads = 0;  ///< `Threads:` at the last status read (0 unknown)
  /// Held /proc/PID/{status,statm} and task/PID/children (pread at 0).
  std::shared_ptr<int> status_fd, statm_fd, children_fd;
};

/// Upper bound on the fds ProcessTree holds open for pread (the directory
/// handles aside), well under the usual RLIMIT_NOFILE soft limit of 1024.
inline constexpr size_t kMaxHeldFds = 384;

/// What a process's exit can move in the tree's PSS: its share of the
/// pages it shared (PSS minus its private pages), from its last reading;
/// never read, its RSS (a bound: its shares are at most its pages).
[[nodiscard]] uint64_t shared_share_bytes(const TrackedProc& p);
/// Below this, an exit or a newcomer does not make a PSS pass due, nor an
/// exit under a pass make it racy: a fork-heavy job's tiny children (a C
/// program's fork holds ~1 MiB) would otherwise cost a pass every tick.
inline constexpr uint64_t kPssResplitMinBytes = 8ull << 20;

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
  /// afterwards, or reused) is discarded. Returns false when the pass is
  /// racy: processes found exiting during or just after the walk (each
  /// read is checked again after it) could have shared more than 2 % of
  /// the sum (at least 8 MiB), so the survivors' PSS over-counts (the
  /// tick is then not taken as a PSS peak).
  bool refresh_smaps(double t_s);

  [[nodiscard]] const std::vector<TrackedProc>& procs() const { return procs_; }
  [[nodiscard]] std::vector<TrackedProc>& procs() { return procs_; }
  [[nodiscard]] size_t live_count() const;
  [[nodiscard]] TrackedProc* find(int pid);
  void set_main_exited(double t_s) { main_exited_s_ = t_s; }
  /// The main process is not the root's child (`oomlens run --pid`): its
  /// orphans are re-parented elsewhere, so every process still alive after
  /// the main one ended counts as orphaned.
  void set_attached() { attached_ = true; }
  /// Read /proc/PID/status every `n`-th refresh (default 10: 1 Hz at 10 Hz
  /// ticks); other refreshes read statm. 1 reads status every time.
  void set_status_every(uint32_t n) { status_every_ = n ? n : 1; }
  /// Never follow `pid` (and so none of its descendants): oomlens's own
  /// helpers (the guard's `--action exec:CMD`), which are children of the
  /// root too. Undo with include() once the helper is reaped.
  void exclude(int pid) { excluded_.push_back(pid); }
  /// Bounds the memory of a fork-heavy job (issue 21): once more than
  /// `max_gone` gone processes are held, drops gone ones until `max_gone`/2
  /// remain, those with the smallest peak RSS (ties: the oldest) first; the
  /// main process is never dropped. Returns how many were dropped now;
  /// forgotten() counts them over the run. Call it between refreshes (it
  /// moves elements of procs()).
  size_t forget_gone(size_t max_gone);
  [[nodiscard]] uint64_t forgotten() const { return forgotten_; }
  void include(int pid) { std::erase(excluded_, pid); }
  /// Second sighting (`run` under fork churn, issue 21): a new process is
  /// added only when a refresh lists it as a child again after the one that
  /// first listed it, so children living under one refresh interval cost no
  /// /proc open at all (taskstats counts their exits). Off: added at once.
  void set_second_sighting(bool on) { second_sighting_ = on; }
  /// Processes listed as children once and gone before a second listing
  /// (second sighting on), over the run.
  [[nodiscard]] uint64_t listed_untracked() const { return listed_untracked_; }

 private:
  void add(int pid, double t_s);
  /// classify_role (roles.h) against the tracked parent and main process.
  void assign_role(TrackedProc& p);
  /// Reads and applies /proc/PID/status; false when the process is gone
  /// (a zombie or reaped), and then marks it gone at t_s if `mark_gone`.
  bool read_status(TrackedProc& p, double t_s, bool mark_gone = true);
  /// Reads statm; false when gone or when status must decide (zombie).
  bool read_statm(TrackedProc& p);
  void children_of(std::shared_ptr<int>& held, int dirfd, int pid, uint32_t threads, std::vector<int>* out);
  /// `held` if open, else opens `name` under `dirfd` and holds it when the
  /// cap allows, else gives it to `*once` (the caller's, closed after one
  /// read); returns the fd, -1 when it cannot be opened.
  int hold(std::shared_ptr<int>& held, int dirfd, const char* name, UniqueFd* once);
  std::string proc_root_;
  int root_pid_;
  int main_pid_;
  std::optional<double> main_exited_s_;
  std::shared_ptr<int> root_dir_;
  std::shared_ptr<int> root_children_fd_;
  uint32_t root_threads_ = 0;
  bool attached_ = false;
  uint64_t refreshes_ = 0;
  uint32_t status_every_ = 10;
  bool second_sighting_ = false;
  std::vector<int> listed_prev_, listed_now_;  ///< second sighting: pids listed but not added (sorted)
  uint64_t listed_untracked_ = 0;
  size_t held_ = 0;
  long page_size_ = 4096;
  std::string buf_;  ///< reused read buffer (no allocation per read)
  std::vector<size_t> read_now_;  ///< refresh_smaps(): the processes read in this pass (reused)
  std::vector<TrackedProc> procs_;
  std::vector<int> excluded_;
  uint64_t forgotten_ = 0;
};

/// Child pids listed in ROOT/PID/task/*/children.
[[nodiscard]] std::vector<int> read_children(const std::string& proc_root, int pid);
/// The same through an open /proc/PID directory. With `single_thread_pid`
/// (a process known to have one thread) only task/PID/children is read,
/// skipping the directory listing.
[[nodiscard]] std::vector<int> read_children_at(int pid_dirfd, int single_thread_pid = 0);

}  // namespace oomlens::monitor
