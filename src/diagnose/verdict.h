#pragma once
// Why a supervised job ended: one cause chosen by a documented precedence,
// with secondary causes, the evidence ladder and a confidence.
//
// Precedence (docs/run.md): kernel OOM evidence > the guard's own action >
// signal > stderr pattern > exit code. Evidence ladder for a SIGKILL, best
// first: (1) a kernel OOM report (or its kill line) naming the job's pid,
// joined by sequence number after the job started and boot id; (2) the
// sender named by the signal:signal_generate trace (signal_sender.h): a
// userspace sender makes it `killed`, whatever any counter did; (3) an
// oom_kill counter increase in the job's own memory cgroup (--limit; v1
// memory.oom_control, v2 memory.events.local); (4) only then anything
// shared or machine-wide (oomlens's own cgroup without --limit,
// /proc/vmstat): that supports "possibly", never the verdict: the cause is
// `killed`, sender unknown, with a note of the OOM kills seen elsewhere.
// Then a killer daemon's journal line, else daemons found running, else
// "sender unknown": a wait status never says who sent a signal.
// Pure: every input is a plain struct, no I/O.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnose/killer_daemon_log.h"
#include "diagnose/process_end.h"
#include "diagnose/signal_sender.h"
#include "diagnose/worker_memory.h"
#include "util/format.h"
#include "util/result.h"

namespace oomlens::monitor {
struct KernelKill;
}

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
  /// Seconds from that process's last PSS pass (smaps_rollup) to the kill;
  /// null when it was never measured. The victim is gone by the time the
  /// kill line is read: its PSS cannot be refreshed, only dated.
  std::optional<double> pss_age_s;
  bool full_report = false;  ///< the parser assembled the whole report (else the kill line only)
  std::optional<int> rank, local_rank;  ///< RANK/LOCAL_RANK in its environment (torchrun)
  /// Seen by the oom:mark_victim tracepoint (trace/oom_trace.h), with the
  /// victim's figures at the kill where this kernel's format prints them
  /// (6.14+; null before, and when not traced).
  bool traced = false;
  std::optional<uint64_t> file_rss_bytes, shmem_rss_bytes, total_vm_bytes, pgtables_bytes;
  std::optional<int> oom_score_adj;
};

/// A kill line of the live log (monitor::KernelKill) as a kill of the
/// verdict: pid, comm, kmsg_seq, constraint, oom_memcg and anon_rss_bytes;
/// the role and the job's own measures are the caller's to add (pure).
[[nodiscard]] TreeKill tree_kill_from(const monitor::KernelKill& k);

/// A fatal signal the signal trace (signal:signal_generate) saw sent to a
/// program or worker of the job (not the main process: that is
/// `signal_sender`), chosen by choose_signal_sender() for that pid.
struct TreeSignal {
  int64_t pid = 0;
  std::string role;  ///< "program", "worker"
  std::string comm;
  std::optional<int> rank, local_rank;
  SignalSender sender;
};

/// The guard's action on the job (guard/runner.h, its `guard_action`
/// event), given only when something was done (a signal sent, a command
/// run): `--action none` records a crossing and stops nothing.
struct GuardStop {
  std::string action;       ///< as spelled: "term", "kill", "exec:..."
  int signal = 0;           ///< the signal sent to the main process; 0 for exec:CMD
  double t_s = 0;           ///< when, seconds after the start
  std::string trigger;      ///< "percent" or "forecast"
  double used_fraction = 0; ///< working set / effective limit at the action
  uint64_t working_set_bytes = 0, effective_limit_bytes = 0;
  bool escalated = false;   ///< the tree was SIGKILLed after --grace
};

/// One worker's peak PSS (at its smaps_rollup passes) and when it lived,
/// seconds after the job's start.
struct WorkerPss {
  uint64_t peak_pss_bytes = 0;
  double first_seen_s = 0;
  std::optional<double> gone_s;  ///< null while alive at the end
};

/// What `oomlens run` gathers once the job has ended (run/run_end.h
/// EndFacts holds it as is) and the verdict reads: the kills, the senders
/// and the log's state.
struct EndEvidence {
  /// Fatal signals traced to the job's programs and workers (item: a
  /// worker's death by signal is evidence of its own).
  std::vector<TreeSignal> tree_signals;
  int detach_signal = 0;  ///< --pid: the signal that made oomlens stop following (0: none)
  std::vector<TreeKill> kernel_kills;
  bool kernel_log_readable = true;
  std::optional<SystemError> kernel_log_error;  ///< why not readable (monitor::KernelWatch::error())
  /// Kernel OOM kills of processes outside the job's tree seen during the
  /// run (role "unrelated"): a note, never evidence for the job.
  std::vector<TreeKill> other_kills;
  /// Running: "earlyoom", "systemd-oomd", "nohang", "oomd". `oomlens run`
  /// looks for them (and daemon_kill) only when the death calls for it
  /// (run/run_end.h asks_about_killer_daemons()).
  std::vector<std::string> killer_daemons;
  /// A userspace killer's logged kill of a process of the job (journal,
  /// killer_daemon_log.h); named as the sender ahead of `killer_daemons`.
  std::optional<DaemonKill> daemon_kill;
  /// Who sent the death signal (signal:signal_generate, signal_sender.h);
  /// named ahead of journal lines and running daemons.
  std::optional<SignalSender> signal_sender;
  /// Processes still in the --limit cgroup when the job ended, which
  /// oomlens killed (cleanup): said in the summary and the evidence.
  std::optional<uint64_t> leftover_killed;
};

/// The main process's end (ProcessEnd: its wait status) and the evidence.
struct VerdictInput : ProcessEnd, EndEvidence {
  int main_pid = 0;
  /// The main process's comm ("bash", "python3"); with `program_count` > 0
  /// it is the launcher of the job's Python program(s) (monitor/roles.h).
  std::string main_comm;
  uint32_t program_count = 0;
  /// False for a job attached with `oomlens run --pid` whose wait status
  /// was not seen (only its parent can wait for it; /proc/PID/stat's
  /// exit_code is read when it is still a zombie): exited/exit_code/
  /// term_signal are then meaningless and only kernel evidence can say how
  /// it ended.
  bool exit_status_known = true;
  /// `oomlens run --pid` stopped following a job still running (oomlens got
  /// `detach_signal`): cause `still_running`.
  bool still_running = false;
  std::optional<uint64_t> cgroup_oom_kill_delta;  ///< null when unreadable
  /// The cgroup whose counter is cgroup_oom_kill_delta holds the job alone
  /// (--limit made it). False: oomlens's own cgroup, shared with others,
  /// whose counter may count their kills; it then supports "possibly" only,
  /// like /proc/vmstat.
  bool cgroup_is_jobs_own = true;
  std::optional<uint64_t> vmstat_oom_kill_delta;
  std::optional<std::string> cgroup_dir;
  std::optional<uint64_t> limit_bytes;
  /// The signal trace's state: "on", "unavailable: <reason>"; nullopt when
  /// not attempted (older records). Said when the sender stays unknown.
  std::optional<std::string> signal_trace;
  /// The guard acted on the job: cause `stopped_by_guard` when the job
  /// then ended (caught the signal and exited, or died of it or of the
  /// escalation), unless a kernel OOM kill or another sender says otherwise.
  std::optional<GuardStop> guard_stop;
  std::string_view stderr_tail;
  std::optional<uint64_t> shm_used_bytes, shm_size_bytes;  ///< the job's /dev/shm at the end
  /// The highest /dev/shm use sampled while the job ran (every tick, in the
  /// job's own mount namespace: PyTorch unlinks its segments, so the use at
  /// the end says nothing about the use at the fault).
  std::optional<uint64_t> shm_peak_used_bytes;
  /// The shmem still charged to the job's own memory cgroup (--limit;
  /// memory.stat v1 total_shmem, v2 shmem) at the last sample, once no
  /// process of the tree was left: files in a tmpfs (/dev/shm) and SysV
  /// segments that no process maps, which no kill frees. Null when
  /// unknown, the cgroup is not the job's own, or processes remained.
  std::optional<uint64_t> cgroup_shmem_left_bytes;
  /// The main process's soft RLIMIT_AS / RLIMIT_DATA (/proc/PID/limits,
  /// last read while it ran); nullopt when unlimited or unknown.
  std::optional<uint64_t> rlimit_as_bytes, rlimit_data_bytes;
  /// The tree's peak RSS anon+shmem or PSS (what the job held), for a memory_error.
  std::optional<uint64_t> held_bytes;
  /// Workers of the main program (same executable) and how they started:
  /// "fork" (cmdline identical to the main's), "spawn"
  /// (`multiprocessing.spawn`), "forkserver" (`multiprocessing.forkserver`).
  uint32_t worker_count = 0;
  /// Each measured worker's own peak PSS and life (all epochs): summed only
  /// over workers alive at once (workers_pss_at_once), never over epochs.
  std::vector<WorkerPss> workers_pss;
  std::optional<std::string> worker_start_method;
  /// The workers' private and shared figures (worker_memory.h): which of
  /// own allocations, copy-on-read or shared data, and what fits; the advice
  /// then rests on them. Null when the workers were never measured.
  std::optional<WorkerPool> worker_pool;
  /// The main program's RssAnon over time (the largest of the main process
  /// and the programs under a launcher), its limit and end: growth advice
  /// per minute when no epochs are seen (num_workers=0).
  MainCurve main_curve;
};

/// The most PSS the workers held at once: over the workers alive together
/// (at each worker's start, those seen and not yet gone), the largest sum of
/// their peak PSS (a later instant on a tie). Non-persistent workers restart
/// each epoch, so this counts one epoch's workers, never the peaks of
/// workers that never lived together.
struct WorkersPssAtOnce {
  uint32_t workers = 0;              ///< alive at that instant
  uint64_t peak_pss_bytes = 0;       ///< the sum of their peak PSS
  double t_s = 0;                    ///< the instant, s after the job's start
  /// The worker generation (epoch, 1-based; worker_memory.h
  /// worker_generations) of that instant, and how many there were; epoch
  /// null with one generation.
  std::optional<uint32_t> epoch;
  uint32_t epochs = 1;
};
/// Nullopt without a measured worker (pure).
[[nodiscard]] std::optional<WorkersPssAtOnce> workers_pss_at_once(const std::vector<WorkerPss>& workers);

struct Verdict {
  std::string cause;  ///< exited, oom_killed, worker_oom_killed, killed, segfault, bus_error,
                      ///< memory_error, cuda_oom, signal, stopped_by_guard; with --pid also exit_unknown
                      ///< (ended, status not observable) and still_running (detached)
  std::vector<std::string> secondary_causes;
  std::vector<std::string> evidence;  ///< one sentence each, strongest first
  std::string confidence;             ///< "high", "medium", "low"
  std::string summary;                ///< one sentence: why it ended
  std::optional<int64_t> victim_pid;  ///< the OOM-killed process, when one is named
  std::optional<SignalSender> signal_sender;  ///< named when the cause is `killed`/`signal`
  std::vector<std::string> advice;    ///< what to check next, with numbers where the figures give them
  std::optional<WorkerDiagnosis> worker_memory;  ///< for a memory cause with measured workers
  std::optional<WorkersPssAtOnce> workers_pss;   ///< for a memory cause with measured workers
  /// For a memory cause without epochs: the main program's steady growth
  /// over time (worker_memory.h MainTimeGrowth).
  std::optional<MainTimeGrowth> main_growth;
};

/// "fork", "spawn", "forkserver" or nullopt, from a worker's and the main
/// process's cmdlines (pure).
[[nodiscard]] std::optional<std::string> worker_start_method(std::string_view worker_cmdline,
                                                             std::string_view main_cmdline);

/// Patterns in the job's stderr (pure).
struct StderrFindings {
  bool python_memory_error = false;  ///< `MemoryError`, numpy's `_ArrayMemoryError` (Python traceback)
  bool numpy_memory_error = false;   ///< numpy `Unable to allocate 1.17 GiB for an array ...`
  bool torch_cpu_alloc = false;      ///< torch `DefaultCPUAllocator: can't allocate memory`
  bool bad_alloc = false;            ///< `std::bad_alloc`
  bool enomem = false;               ///< `Cannot allocate memory` (ENOMEM, e.g. from fork)
  bool cuda_oom = false;             ///< `CUDA out of memory`, `torch.cuda.OutOfMemoryError`
  /// The size the failed allocation asked for: torch's "you tried to
  /// allocate N bytes", numpy's "Unable to allocate 1.17 GiB" (binary
  /// units, as numpy prints them; rounded as printed).
  std::optional<uint64_t> requested_bytes;
  bool requested_approx = false;  ///< from numpy's rounded figure, not an exact byte count
  std::vector<int64_t> dataloader_killed_pids;  ///< `DataLoader worker (pid N) is killed by signal`
  std::vector<int64_t> dataloader_bus_error_pids;  ///< ... `killed by signal: Bus error`
  bool shm_bus_error = false;        ///< PyTorch `Bus error ... shared memory`
  /// PyTorch's "Unexpected bus error encountered in worker": a DataLoader
  /// worker died of SIGBUS (a full /dev/shm).
  bool worker_bus_error = false;
  /// The exception line ending the last Python traceback ("ValueError:
  /// bad value"), at most 200 bytes; empty when none.
  std::string python_exception;
};
[[nodiscard]] StderrFindings scan_stderr(std::string_view tail);

[[nodiscard]] Verdict decide_verdict(const VerdictInput& in);

/// decide_verdict()'s part for launchers (verdict_launcher.cpp): torchrun's
/// `Signal 9 (SIGKILL) received by PID` with the rank, the traced senders of
/// signals to programs and workers, beside the kernel's kills.
void add_launcher_evidence(const VerdictInput& in, Verdict& v);
/// "program process 42 (python3) rank 1 (local_rank 1)".
[[nodiscard]] std::string describe_proc(const TreeKill& k);

/// util/format.h's, for the verdict's callers.
using oomlens::signal_name;

}  // namespace oomlens::diagnose
