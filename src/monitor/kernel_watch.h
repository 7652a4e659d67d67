#pragma once
// Following /dev/kmsg during a run, for the verdict's strongest evidence: a
// kernel OOM report whose victim pid is in the job's tree, with a sequence
// number after the job started (kmsg timestamps drift from CLOCK_MONOTONIC:
// join by sequence number and pid, never by time).
//
// The recent records are kept in a ring; when a kill of the job's tree is
// seen, the records before it are set aside and, at the end, handed to the
// parser (kernel_log/report_scanner.h: parse_log_text) for the whole
// report; the join back to kmsg sequence numbers goes by line. The kill line itself
// (mm/oom_kill.c: __oom_kill_process(): `...Killed process N (comm) ...`)
// and the 5.0+ `oom-kill:constraint=...,oom_memcg=...,pid=N` summary line
// are also picked out directly: they are never rate-limited (the report
// headers are, 10 per 5 s machine-wide), and they arrive before the
// scanner can close the report, so the kill event is written at once.
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/oom_event.h"
#include "kernel_log/report_scanner.h"

namespace oomlens::monitor {

/// One kernel kill seen as it was printed.
struct KernelKill {
  int64_t pid = 0;
  std::string comm;
  std::optional<uint64_t> kmsg_seq;
  std::optional<double> monotonic_s;
  std::optional<std::string> message;     ///< "Memory cgroup out of memory", "Out of memory", ...
  std::optional<std::string> constraint;  ///< "memcg", "global", "cpuset", "mempolicy"
  std::optional<std::string> oom_memcg;
  std::optional<uint64_t> anon_rss_bytes, file_rss_bytes, shmem_rss_bytes;
};

/// Parses a kill line or updates `pending` from an oom-kill: line (pure).
/// Returns a kill when `message` is a `Killed process` line.
[[nodiscard]] std::optional<KernelKill> parse_kill_record(std::string_view message,
                                                          std::optional<KernelKill>* pending_summary);

/// Parses one /dev/kmsg record `pri,seq,ts_usec,flags[,...];text\n[ KEY=v\n...]`
/// (kernel/printk/printk.c: devkmsg_read()) and unescapes `\xNN` (pure).
struct KmsgRecord {
  int level = 0;
  uint64_t seq = 0;
  double monotonic_s = 0;
  std::string text;
};
[[nodiscard]] std::optional<KmsgRecord> parse_kmsg_record(std::string_view raw);

class KernelWatch {
 public:
  KernelWatch();
  ~KernelWatch();
  KernelWatch(const KernelWatch&) = delete;
  KernelWatch& operator=(const KernelWatch&) = delete;

  /// Opens /dev/kmsg (non-blocking) positioned after the newest record.
  /// False with `error()` set when unreadable (e.g. dmesg_restrict without
  /// CAP_SYSLOG): the verdict then lowers its confidence and says so.
  bool open(const std::string& path = "/dev/kmsg");
  [[nodiscard]] int fd() const { return fd_; }
  [[nodiscard]] const std::optional<std::string>& error() const { return error_; }
  [[nodiscard]] std::optional<uint64_t> start_seq() const { return start_seq_; }

  /// Reads every record available now. Returns the kills seen in them.
  std::vector<KernelKill> poll();
  /// Sets aside the kept records up to `seq` (the report before a kill).
  void keep_report_before(uint64_t seq);
  /// Parses the set-aside records into whole reports, each with kmsg_seq
  /// (of its first line), boot_id and source "kmsg". Empty when the parser
  /// is not linked in (see kernel_watch.cpp).
  [[nodiscard]] std::vector<OomEvent> parse_kept_reports() const;
  [[nodiscard]] const std::vector<std::string>& notes() const { return notes_; }

 private:
  int fd_ = -1;
  std::optional<std::string> error_;
  std::optional<uint64_t> start_seq_;
  std::string boot_id_;
  std::deque<KmsgRecord> recent_;
  std::vector<std::vector<KmsgRecord>> kept_;
  std::optional<KernelKill> pending_;
  std::vector<std::string> notes_;
};

/// /proc/sys/kernel/random/boot_id without the newline ("" when unreadable).
[[nodiscard]] std::string read_boot_id(const std::string& proc_root = "/proc");

}  // namespace oomlens::monitor
