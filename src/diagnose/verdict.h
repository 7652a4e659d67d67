#pragma once
// Why a supervised job ended: one cause chosen by a documented precedence,
// with secondary causes, the evidence ladder and a confidence.
//
// Precedence (docs/run.md): kernel OOM evidence > signal > stderr pattern >
// exit code. Evidence ladder for a kill: (1) a kernel OOM report (or its
// kill line) joined by pid, sequence number after the job started and boot
// id; (2) an oom_kill counter increase in the job's memory cgroup
// (v1 memory.oom_control, v2 memory.events.local) or /proc/vmstat;
// (3) a killer daemon (earlyoom, systemd-oomd, nohang) found running;
// (4) the sender named by the signal:signal_generate trace (signal_sender.h),
// else a killer daemon's journal line, else daemons found running, else
// "sender unknown": a wait status never says who sent a signal.
// Pure: every input is a plain struct, no I/O.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnose/killer_daemon_log.h"
#include "diagnose/signal_sender.h"

namespace oomlens::diagnose {

/// A kernel OOM kill of a process in the job's tree.
struct TreeKill {
  int64_t pid = 0;
  std::string comm;
  std::string role;  ///< "main", "worker", "other"
  std::optional<uint64_t> kmsg_seq;
  std::optional<std::string> constraint;  ///< "memcg", "global", ...
  std::optional<std::string> oom_memcg;
  std::optional<uint64_t> limit_bytes;    ///< from the report's memcg line, when parsed
  std::optional<uint64_t> anon_rss_bytes;
  std::optional<uint64_t> peak_pss_bytes;  ///< oomlens's own measure of that process
  bool full_report = false;  ///< the parser assembled the whole report (else the kill line only)
};

struct VerdictInput {
  int main_pid = 0;
  bool exited = false;
  int exit_code = 0;
  int term_signal = 0;
  bool core_dumped = false;
  /// False for a job attached with `oomlens run --pid` whose wait status
  /// was not seen (only its parent can wait for it; /proc/PID/stat's
  /// exit_code is read when it is still a zombie): exited/exit_code/
  /// term_signal are then meaningless and only kernel evidence can say how
  /// it ended.
  bool exit_status_known = true;
  /// `oomlens run --pid` stopped following a job still running (oomlens got
  /// `detach_signal`): cause `still_running`.
  bool still_running = false;
  int detach_signal = 0;
  std::vector<TreeKill> kernel_kills;
  bool kernel_log_readable = true;
  std::optional<std::string> kernel_log_error;
  std::optional<uint64_t> cgroup_oom_kill_delta;  ///< null when unreadable
  std::optional<uint64_t> vmstat_oom_kill_delta;
  std::optional<std::string> cgroup_dir;
  std::optional<uint64_t> limit_bytes;
  std::vector<std::string> killer_daemons;  ///< running: "earlyoom", "systemd-oomd", "nohang", "oomd"
  /// A userspace killer's logged kill of a process of the job (journal,
  /// killer_daemon_log.h); named as the sender ahead of `killer_daemons`.
  std::optional<DaemonKill> daemon_kill;
  /// Who sent the death signal (signal:signal_generate, signal_sender.h);
  /// named ahead of journal lines and running daemons.
  std::optional<SignalSender> signal_sender;
  /// The signal trace's state: "on", "unavailable: <reason>"; nullopt when
  /// not attempted (older records). Said when the sender stays unknown.
  std::optional<std::string> signal_trace;
  std::string_view stderr_tail;
  std::optional<uint64_t> shm_used_bytes, shm_size_bytes;
  /// Workers of the main program (same executable) and how they started:
  /// "fork" (cmdline identical to the main's), "spawn"
  /// (`multiprocessing.spawn`), "forkserver" (`multiprocessing.forkserver`).
  uint32_t worker_count = 0;
  std::optional<uint64_t> workers_peak_pss_bytes;  ///< sum of each worker's own peak PSS
  std::optional<std::string> worker_start_method;
};

struct Verdict {
  std::string cause;  ///< exited, oom_killed, worker_oom_killed, killed, segfault, bus_error,
                      ///< memory_error, cuda_oom, signal; with --pid also exit_unknown
                      ///< (ended, status not observable) and still_running (detached)
  std::vector<std::string> secondary_causes;
  std::vector<std::string> evidence;  ///< one sentence each, strongest first
  std::string confidence;             ///< "high", "medium", "low"
  std::string summary;                ///< one sentence: why it ended
  std::optional<int64_t> victim_pid;  ///< the OOM-killed process, when one is named
  std::optional<SignalSender> signal_sender;  ///< named when the cause is `killed`/`signal`
  std::vector<std::string> advice;    ///< what to check next (start method first for copy-on-read)
};

/// "fork", "spawn", "forkserver" or nullopt, from a worker's and the main
/// process's cmdlines (pure).
[[nodiscard]] std::optional<std::string> worker_start_method(std::string_view worker_cmdline,
                                                             std::string_view main_cmdline);

/// Patterns in the job's stderr (pure).
struct StderrFindings {
  bool python_memory_error = false;  ///< `MemoryError` (Python traceback)
  bool bad_alloc = false;            ///< `std::bad_alloc`
  bool enomem = false;               ///< `Cannot allocate memory`
  bool cuda_oom = false;             ///< `CUDA out of memory`, `torch.cuda.OutOfMemoryError`
  std::vector<int64_t> dataloader_killed_pids;  ///< `DataLoader worker (pid N) is killed by signal`
  bool shm_bus_error = false;        ///< PyTorch `Bus error ... shared memory`
};
[[nodiscard]] StderrFindings scan_stderr(std::string_view tail);

[[nodiscard]] Verdict decide_verdict(const VerdictInput& in);

/// Short signal name, e.g. "SIGKILL" (strsignal is not stable text).
[[nodiscard]] std::string signal_name(int sig);

}  // namespace oomlens::diagnose
