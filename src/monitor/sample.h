#pragma once
// One sample of the job: tree totals, the job's memory cgroup, the system.
//
// Tree totals add PSS, never RSS: forked workers share the parent's pages
// and RSS counts each shared page once per process (mprof's 73 % overshoot).
// PSS splits into anon/file/shmem (smaps_rollup Pss_Anon/Pss_File/
// Pss_Shmem, 5.3+); file pages are reclaimable and often charged to another
// cgroup, so anon+shmem(+swap) is the figure that approaches an OOM kill.
// Before 5.3 the split is null and only pss_bytes is given (documented
// fallback: compare pss_bytes - file RSS with the cgroup's charge).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cgroup/cgroup.h"
#include "monitor/tree.h"
#include "proc/proc.h"
#include "util/fd.h"

namespace oomlens::monitor {

struct TreeTotals {
  std::optional<uint64_t> pss_bytes, pss_anon_bytes, pss_file_bytes, pss_shmem_bytes;
  std::optional<uint64_t> uss_bytes, swap_pss_bytes;
  uint64_t rss_bytes = 0;       ///< sum of VmRSS (over-counts shared pages; informational)
  uint32_t procs = 0;           ///< live processes
  std::optional<double> pss_age_s;  ///< age of the oldest PSS figure in the sum
  /// The tree's RSS sum at the PSS pass the sum rests on (the caller's, set
  /// by the sampler), bytes; 0 unknown.
  uint64_t rss_at_pss_bytes = 0;
  /// The job cgroup's anon+shmem (memory.stat, re-read at the pass) at that
  /// PSS pass, set by the sampler; null unknown or without a cgroup.
  std::optional<uint64_t> cgroup_anon_shmem_at_pss_bytes;
  /// The job cgroup's usage read just after that pass (memory.current or
  /// memory.usage_in_bytes), set by the sampler; null unknown.
  std::optional<uint64_t> cgroup_usage_at_pss_bytes;
};

/// A PSS figure is **stale** when it was not read at the sample it is shown
/// with (at least kPssStaleMinAgeS old) and the job grew by more than
/// kPssStaleGrowth since that PSS pass: the tree's RSS (statm, read every
/// tick), or the job cgroup's anon+shmem (memory.stat) by more than that
/// share of the tree's anon+shmem PSS. The PSS then lags a ramp by about its
/// age times the growth rate (issue 13 item 12). There is no fixed age:
/// near a kill a ramp of 100 MiB/s leaves a 0.7 s old PSS 7 % low, which a
/// 1 s bound let pass; a plateau is never stale, however old its PSS. The
/// cgroup's growth catches what the RSS sum misses (a fork adds the
/// parent's RSS to the sum at once; pages a worker fills after the pass show
/// in the cgroup first). 5 %: the RSS growth at which the sampler re-reads
/// PSS anyway, so a PSS that lags by less is, by that rule, current.
inline constexpr double kPssStaleMinAgeS = 0.05;
inline constexpr double kPssStaleGrowth = 0.05;
/// A killed victim's PSS (dated, never refreshed) older than this is said
/// to be so in the verdict ("last read N s before the kill").
inline constexpr double kPssVictimAgeSaidS = 1.0;
struct CgroupSample;
/// See kPssStaleMinAgeS (pure). False without a PSS or an RSS at its pass;
/// `cg` null (or without anon+shmem): the RSS rule alone.
[[nodiscard]] bool pss_stale(const TreeTotals& t, const CgroupSample* cg = nullptr);
/// The PSS a growth is weighed against: anon+shmem, or the whole PSS on
/// kernels without the split (before 5.3). Bytes; call with a PSS only.
[[nodiscard]] uint64_t pss_weight_bytes(const TreeTotals& t);
/// A figure (bytes) grew from `then` to `now` by more than kPssStaleGrowth
/// of `pss` (bytes): the PSS read at `then` lags it (pure).
[[nodiscard]] bool grew_past_pss(uint64_t then, uint64_t now, uint64_t pss);

struct CgroupSample {
  std::optional<uint64_t> usage_bytes;     ///< v1 memory.usage_in_bytes, v2 memory.current
  std::optional<uint64_t> anon_bytes;      ///< memory.stat: v1 total_rss, v2 anon
  std::optional<uint64_t> shmem_bytes;     ///< memory.stat: v1 total_shmem, v2 shmem
  std::optional<uint64_t> file_bytes;      ///< memory.stat: v1 total_cache, v2 file
  std::optional<uint64_t> peak_bytes;      ///< v1 memory.max_usage_in_bytes, v2 memory.peak (5.19+)
  std::optional<uint64_t> limit_bytes;     ///< tightest limit up the tree; null when unlimited
  std::string limit_state = "unknown";     ///< "limited", "unlimited", "unknown"
  std::optional<uint64_t> oom_kill;        ///< oom_kill counter (v1 memory.oom_control, v2 memory.events.local)
  /// The cgroup's own PSI (v2 memory.pressure, kernel/sched/psi.c psi_show();
  /// null on v1 and without CONFIG_PSI / psi=0): stall percentages over
  /// 10 s and cumulative stall time in microseconds (`total=`).
  std::optional<double> psi_some_avg10, psi_full_avg10;
  std::optional<uint64_t> psi_some_total_us, psi_full_total_us;
};

struct SystemSample {
  std::optional<uint64_t> mem_available_bytes;
  std::optional<uint64_t> swap_free_bytes;
  std::optional<double> psi_some_avg10, psi_full_avg10;  ///< percent
  std::optional<uint64_t> shm_used_bytes;  ///< tmpfs usage of /dev/shm (statvfs), not file names
  std::optional<uint64_t> shm_size_bytes;
};

struct Sample {
  double t_s = 0;
  TreeTotals tree;
  CgroupSample cgroup;
  SystemSample system;
  bool pss_fresh = false;  ///< smaps_rollup was read in this tick
  bool racy = false;       ///< a read raced with an exit: never taken as a peak
};

[[nodiscard]] TreeTotals tree_totals(const std::vector<TrackedProc>& procs, double t_s);

/// Reads the cgroup directory `dir` (files missing stay null). The limit
/// (a walk up the tree, one file per level) is read only when `with_limit`;
/// otherwise limit_bytes/limit_state stay at their defaults for the caller
/// to fill from a cached read.
/// `with_stat` false skips memory.stat (anon/shmem/file stay null).
[[nodiscard]] CgroupSample read_cgroup_sample(const cgroup::MemoryHierarchy& h, const std::string& dir,
                                              bool with_limit = true, bool with_stat = true);
/// read_cgroup_sample() for the 10 Hz loop: the per-tick files (usage, the
/// oom_kill counter, memory.stat) are opened once and re-read with pread(2)
/// at offset 0 (the kernel regenerates them), one syscall each instead of
/// four. The peak (a kernel-kept maximum: nothing is lost by reading it
/// less often), the v2 cgroup's own PSI (memory.pressure: averages and
/// cumulative totals, nothing lost at 1 Hz) and the limit walk are read
/// only when `with_limit`; they are otherwise the last ones read. A file that cannot be opened is retried
/// at the next with_limit read.
class CgroupReader {
 public:
  CgroupReader(cgroup::MemoryHierarchy h, std::string dir) : h_(std::move(h)), dir_(std::move(dir)) {}
  CgroupReader(const CgroupReader&) = delete;
  CgroupReader& operator=(const CgroupReader&) = delete;
  [[nodiscard]] CgroupSample read(bool with_limit, bool with_stat);

 private:
  enum File { usage, peak, stat, oom, pressure, kFiles };
  /// The file's text into buf_; false when unreadable.
  bool read_file(File f, bool reopen);
  cgroup::MemoryHierarchy h_;
  std::string dir_;
  UniqueFd fds_[kFiles];
  std::optional<uint64_t> peak_;
  std::optional<proc::Pressure> pressure_;  ///< v2 only; read with the peak
  std::string buf_;
  size_t text_len_ = 0;
};

/// statvfs(shm_dir) into s->shm_size_bytes/shm_used_bytes (tmpfs blocks
/// minus free blocks); both stay nullopt when it fails. For a job in its
/// own mount namespace, pass /proc/PID/root/dev/shm.
void read_shm_usage(const std::string& shm_dir, SystemSample* s);
/// /proc/meminfo, /proc/pressure/memory, statvfs(shm_dir).
[[nodiscard]] SystemSample read_system_sample(const std::string& proc_root = "/proc",
                                              const std::string& shm_dir = "/dev/shm");

/// Column order of the compact per-process arrays in record samples.
[[nodiscard]] const std::vector<std::string>& proc_columns();

/// The sample as a record line object (`"type":"sample"`). Per-process rows
/// are included only when `with_procs` (the lead writes them when PSS was
/// refreshed, which keeps a 24 h record of 9 processes under 100 MB).
[[nodiscard]] nlohmann::json sample_json(const Sample& s, const std::vector<TrackedProc>& procs,
                                         bool with_procs);

}  // namespace oomlens::monitor
