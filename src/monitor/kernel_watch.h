#pragma once
// Following /dev/kmsg during a run, for the verdict's strongest evidence: a
// kernel OOM report whose victim pid is in the job's tree, with a sequence
// number after the job started (kmsg timestamps drift from CLOCK_MONOTONIC:
// join by sequence number and pid, never by time).
//
// Records come from logsource/ (KmsgReader) and go to the streaming
// ReportScanner (kernel_log/), which assembles whole reports. The kill line itself
// (mm/oom_kill.c: __oom_kill_process(): `...Killed process N (comm) ...`)
// and the 5.0+ `oom-kill:constraint=...,oom_memcg=...,pid=N` summary line
// are also picked out directly (kernel_log/kill_join.h, the same parsers): they are never rate-limited (the report
// headers are, 10 per 5 s machine-wide), and they arrive before the
// scanner can close the report, so the kill event is written at once.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/kill_join.h"
#include "kernel_log/oom_event.h"
#include "kernel_log/report_scanner.h"
#include "logsource/kmsg.h"
#include "util/result.h"

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
  std::optional<std::string> task_memcg;  ///< the victim's cgroup (`oom-kill:… task_memcg=`, 5.0+), cgroup-relative
  std::optional<uint64_t> anon_rss_bytes, file_rss_bytes, shmem_rss_bytes;
};

/// The kill as `run` records it: oomline::KillJoiner's result with the
/// sizes in bytes and the constraint by name (pure).
[[nodiscard]] KernelKill kernel_kill_from(const oomline::JoinedKill& j);

class KernelWatch {
 public:
  KernelWatch();
  ~KernelWatch();
  KernelWatch(const KernelWatch&) = delete;
  KernelWatch& operator=(const KernelWatch&) = delete;

  /// Opens /dev/kmsg (logsource/kmsg.h: KmsgReader) and reads through the
  /// records already there, remembering the newest sequence number: later
  /// records are the job's era. False with `error()` set when unreadable
  /// (e.g. dmesg_restrict without CAP_SYSLOG: "/dev/kmsg", EACCES and the
  /// advice): the verdict then lowers its confidence and says so.
  bool open(const std::string& root = "/");
  [[nodiscard]] int fd() const;
  [[nodiscard]] const std::optional<SystemError>& error() const { return error_; }
  [[nodiscard]] std::optional<uint64_t> start_seq() const { return start_seq_; }

  /// Reads every record available now; returns the kill lines seen in them.
  std::vector<KernelKill> poll();
  /// Ends the input and returns every whole report printed after the
  /// start, with kmsg_seq, boot_id and source "kmsg" (kernel_log/ parser).
  std::vector<OomEvent> finish();
  [[nodiscard]] std::vector<std::string> notes() const;

 private:
  struct Sink;
  void on_record(std::string_view message, const RecordMeta& meta);
  std::optional<SystemError> error_;
  std::optional<uint64_t> start_seq_;
  bool draining_ = false;
  std::unique_ptr<Sink> sink_;
  std::unique_ptr<KmsgReader> reader_;
  ReportScanner scanner_;
  std::vector<OomEvent> events_;
  std::vector<KernelKill> new_kills_;
  oomline::KillJoiner kills_;
};

}  // namespace oomlens::monitor
