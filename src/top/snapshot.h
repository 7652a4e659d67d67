#pragma once
// `oomlens top`: who the kernel would kill next. A Snapshot is every
// user-space process ranked by /proc/PID/oom_score (mm/oom_kill.c:
// oom_badness() scaled to 0..2000 by fs/proc/base.c proc_oom_score()), plus a
// header with the machine's memory state.
//
// Cost model (the view refreshes every second on machines with hundreds of
// processes): per tick only /proc/PID/stat and /proc/PID/oom_score are read
// for every process, through descriptors kept open across ticks (pread at
// offset 0 regenerates a seq_file), since the path lookup of open() costs
// more than the read; a descriptor of an exited process fails with ESRCH and
// is reopened by path. What rarely changes (user, cgroup, command line) is read
// once per process lifetime and cached by (pid, start time), so a recycled
// pid is never confused with its predecessor. PSS (smaps_rollup, ~1 ms per
// large process), swap and oom_score_adj are read only for the rows on
// screen, at most every `detail_interval_s`.
//
// Kernel threads (PF_KTHREAD) and zombies are left out: the OOM killer never
// picks them (oom_badness() skips tasks without an mm).
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "kernel_log/oom_event.h"
#include "proc/proc.h"
#include "util/fd.h"

namespace oomlens::top {

/// The /proc/PID/stat fields a tick needs: proc::parse_pid_stat() plus
/// field 9 (flags) and field 24 (rss, pages).
struct TickStat {
  proc::PidStat stat;
  uint32_t flags = 0;
  uint64_t rss_pages = 0;
};
[[nodiscard]] std::optional<TickStat> parse_tick_stat(std::string_view text);
inline constexpr uint32_t kPfKthread = 0x00200000;  ///< include/linux/sched.h PF_KTHREAD

/// What is read once per (pid, start time).
struct StaticInfo {
  std::optional<uint32_t> uid;
  std::string user;          ///< login name, else the uid as text, else "?"
  std::string cgroup_path;   ///< memory controller's path ("/" when none)
  std::optional<CgroupOwner> owner;
  std::string cmdline;       ///< NULs as spaces; "[comm]" when empty
};

struct ProcessRow {
  int pid = 0;
  int ppid = 0;
  std::string comm;
  char state = '?';
  uint64_t start_time_ticks = 0;
  std::optional<int> oom_score;
  std::optional<int> oom_score_adj;      ///< details (visible rows)
  std::optional<uint64_t> rss_bytes;     ///< stat field 24 × page size
  std::optional<uint64_t> pss_bytes;     ///< details (smaps_rollup; needs ptrace read access)
  std::optional<uint64_t> swap_bytes;    ///< details (status VmSwap)
  std::optional<uint64_t> gpu_bytes;     ///< NVML, when available
  /// The tightest memory limit from the process's own memory cgroup up to
  /// the hierarchy's root (v1 memory.limit_in_bytes, v2 memory.max), read
  /// once per cgroup per tick; nullopt when unlimited, unreadable, or "/".
  std::optional<uint64_t> cgroup_limit_bytes;
  int depth = 0;  ///< tree view only (tree_order()): 0 for a root, 1 for its children, ...
  std::shared_ptr<const StaticInfo> info;
};

/// The process's share of its cgroup's limit, in percent: rss_bytes ×
/// 100 / cgroup_limit_bytes (RSS counts pages shared with other processes
/// in full; the cgroup is charged each page once). nullopt when either is
/// unknown.
[[nodiscard]] std::optional<double> limit_share_pct(const ProcessRow& r);
/// The same for any RSS and limit (a group's): nullopt when either is unknown or the limit is 0.
[[nodiscard]] std::optional<double> limit_share_pct(const std::optional<uint64_t>& rss_bytes,
                                                    const std::optional<uint64_t>& limit_bytes);

struct Header {
  std::optional<proc::Meminfo> meminfo;
  std::optional<proc::Pressure> memory_pressure;  ///< nullopt: no PSI
  std::optional<uint64_t> cgroup_limit_bytes;     ///< tightest limit above oomlens's own memory cgroup
  std::optional<std::string> cgroup_path;         ///< oomlens's own memory cgroup
  size_t processes = 0;
};

struct Snapshot {
  Header header;
  std::vector<ProcessRow> rows;  ///< sorted by sort_rows()
  bool gpu_available = false;
};

/// An application: processes with the same comm joined when one is the
/// other's parent, when they are siblings (same parent, other than pid 0/1),
/// or when they share a memory cgroup other than "/".
struct Group {
  std::string comm;
  int leader_pid = 0;            ///< the earliest-started member
  std::vector<int> pids;         ///< in row order
  std::optional<int> max_oom_score;
  uint64_t rss_bytes = 0;        ///< sum (shared pages counted once per member)
  std::optional<uint64_t> pss_bytes;   ///< sum, only when every member's PSS is known
  std::optional<uint64_t> swap_bytes;  ///< sum, only when every member's swap is known
  std::optional<uint64_t> cgroup_limit_bytes;  ///< the leader's (ProcessRow::cgroup_limit_bytes)
  std::shared_ptr<const StaticInfo> info;  ///< the leader's
};

/// Highest oom_score first (unknown last), then larger RSS, then lower pid.
void sort_rows(std::vector<ProcessRow>& rows);
/// Pure: groups of `rows` (already sorted), ordered like their best member.
[[nodiscard]] std::vector<Group> group_rows(const std::vector<ProcessRow>& rows);

/// Pure: true when `filter` is empty or occurs, ASCII case-insensitively,
/// in the row's comm, pid, user, memory cgroup path or command line.
[[nodiscard]] bool row_matches(const ProcessRow& r, std::string_view filter);
/// Keeps the rows that match `filter` (row_matches()), in their order. A
/// non-empty filter always drops `self_pid` (oomlens's own pid: its command
/// line holds the filter, so it would always match).
void filter_rows(std::vector<ProcessRow>& rows, std::string_view filter, int self_pid = 0);

/// Pure: `rows` (already sorted) reordered as a process tree, each child
/// right under its parent with `depth` one more (workers under the process
/// that forked them). A row whose parent is not among `rows` is a root; roots
/// keep their order in `rows`, and so do the children of one parent. Every
/// row comes out exactly once.
void tree_order(std::vector<ProcessRow>& rows);

class GpuMemory;

class SnapshotBuilder {
 public:
  struct Options {
    std::string root = "/";        ///< /proc, /sys are read under it
    double detail_interval_s = 5;  ///< PSS/swap/adj refresh period per row
    bool keep_fds = true;          ///< keep stat/oom_score open across ticks
    bool gpu = true;               ///< try libnvidia-ml.so.1
  };
  explicit SnapshotBuilder(Options o);
  ~SnapshotBuilder();
  SnapshotBuilder(const SnapshotBuilder&) = delete;
  SnapshotBuilder& operator=(const SnapshotBuilder&) = delete;

  /// One tick: scans /proc, reads stat + oom_score per process, header files.
  [[nodiscard]] Snapshot tick();
  /// Fills PSS, swap, oom_score_adj (and GPU) for rows [first, first+count)
  /// from the cache, re-reading those older than detail_interval_s (all of
  /// them when `force`). `now_s` is a monotonic clock (seconds).
  void details(Snapshot& s, size_t first, size_t count, double now_s, bool force = false);
  /// Same for the pids in `pids` (the visible groups' members).
  void details_for(Snapshot& s, const std::vector<int>& pids, double now_s, bool force = false);

 private:
  using Fd = UniqueFd;
  struct Entry {
    Fd stat_fd, score_fd;
    uint64_t start_time_ticks = 0;
    std::shared_ptr<const StaticInfo> info;
    double detail_at_s = -1e9;
    std::optional<int> adj;
    std::optional<uint64_t> pss_bytes, swap_bytes;
    bool seen = false;
  };
  std::shared_ptr<const StaticInfo> read_static(int pid, const std::string& comm);
  void fill_row(ProcessRow& r, Entry& e, double now_s, bool force);
  const std::string& user_name(uint32_t uid);

  Options opt_;
  std::string proc_;
  long page_size_ = 4096;
  std::unordered_map<int, Entry> cache_;
  size_t fd_budget_ = 0;  ///< descriptors this builder may keep open
  size_t fds_open_ = 0;
  std::unordered_map<uint32_t, std::string> users_;
  std::optional<std::string> memory_mount_;  ///< v1 memory mount or v2 root (for limits)
  bool memory_v2_ = false;
  bool have_memory_hierarchy_ = false;
  std::unique_ptr<GpuMemory> gpu_;
  std::unordered_map<int, uint64_t> gpu_by_pid_;
  double gpu_at_s_ = -1e9;
};

}  // namespace oomlens::top
