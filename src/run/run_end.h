#pragma once
// `oomlens run`: how a run ends, decided (run/session_state.h, steps 10 and
// 11). Session::gather_end_facts() reads what the decision needs once the
// job is dead (the clock, /proc/vmstat, the killer daemons and the
// journal, the guard, the --sites tables); decide_run_end() is a pure
// function of those facts and the session's parts; Session::end_with()
// carries it out through the seams the session already has: the record
// (RunRecord), supervise::say() and supervise::end_like().
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diagnose/verdict.h"
#include "monitor/tree.h"
#include "run/job.h"
#include "run/tick_snapshot.h"
#include "supervise/signals.h"

namespace oomlens::run {

/// Rows of the verdict's `procs` (the main process, then the largest by
/// peak PSS, else peak RSS; `procs_dropped` counts the rest), so the
/// verdict line stays well under the record reader's 1 MiB line cap.
inline constexpr size_t kMaxVerdictProcs = 1024;

/// What the end reads besides the job and the tick snapshot: the loop's
/// findings, and what was read for the end (gather_end_facts()); the
/// verdict's evidence among them is handed to it whole (EndEvidence).
struct EndFacts : diagnose::EndEvidence {
  double t_s = 0;  ///< now, run-relative s (the verdict's t_s)
  supervise::JobEnd end;  ///< from the main process's wait status (all zero when not seen)
  // The options that shape the end (RunOptions).
  bool attached = false;
  std::optional<uint64_t> budget_bytes;  ///< --budget
  bool keep_job_status = false;          ///< --keep-job-status
  // The loop's findings.
  std::optional<double> first_kill_t;
  std::vector<monitor::TrackedProc> procs;  ///< the tree's, first seen first
  size_t procs_forgotten = 0;               ///< ProcessTree::forgotten()
  nlohmann::json process_accounting;        ///< ProcessAccounting::to_json()
  std::string stderr_tail;
  std::vector<std::string> kernel_log_notes;  ///< KernelWatch::notes()
  std::optional<SystemError> record_error;    ///< RunRecord::error()
  std::vector<std::string> notes;             ///< the session's own (cleanup)
  std::string signal_trace;                   ///< its status
  std::optional<uint64_t> cg_oom_before, cg_oom_after, vm_oom_before, vm_oom_after;
  nlohmann::json guard;  ///< GuardRunner::verdict_json(); null without a guard
  nlohmann::json sites;  ///< --sites: the keys SitesRun::add_to_verdict() adds; null without --sites
};

/// What decide_run_end() decided, in the order it is carried out.
struct RunEnd {
  nlohmann::json budget_event;  ///< a `budget_exceeded` event line, null when none
  nlohmann::json verdict;       ///< the record's verdict line (and --verdict-json's)
  /// "oomlens: " lines said after the summary, before the end.
  std::vector<std::string> said;
  supervise::JobEnd end;        ///< how oomlens ends (supervise::end_like)
};

/// --pid, detached by a signal before the process ended.
[[nodiscard]] bool still_running(const EndFacts& f, const JobHandle& job);
/// Whether the verdict looks for a userspace killer (the daemons running,
/// their journal lines): the job died of SIGKILL or SIGTERM (or its status
/// is unknown) without a kernel kill of its own, and it is not still running.
[[nodiscard]] bool asks_about_killer_daemons(const EndFacts& f, const JobHandle& job);

/// The verdict, the record's last lines and the exit status. Pure.
[[nodiscard]] RunEnd decide_run_end(const EndFacts& f, const JobHandle& job, const TickSnapshot& snap);

}  // namespace oomlens::run
