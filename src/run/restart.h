#pragma once
// `oomlens run --restart-on-oom N`: the run loop over attempts
// (docs/run.md, "RESTART"). Each attempt is a whole `run` (run_job) in a
// forked child of this process, so every attempt has its own record,
// cgroup, guard and verdict exactly as a single run; this process only
// decides (diagnose/restart_policy.h), waits out the back-off and ends like
// the last attempt.
//
// Records: attempt 1 writes RECORD itself, attempt k >= 2 writes
// RECORD-STEM.attempt<k>.jsonl; after each attempt an `attempt` line
// (docs/schema/record.schema.json) is appended to RECORD, so the first
// record lists every attempt's verdict.
#include <string>

#include "diagnose/restart_policy.h"
#include "run/session.h"

namespace oomlens::run {

/// Runs up to policy.max_restarts + 1 attempts. Never returns when an
/// attempt ran (ends like the last one); returns an exit code on oomlens's
/// own failure before any attempt ran.
[[nodiscard]] int run_with_restarts(const RunOptions& base, const diagnose::RestartPolicy& policy);

/// The record of attempt k: `record` for k = 1, else its name with
/// `.attempt<k>` before the `.jsonl` (or at the end). Pure.
[[nodiscard]] std::string attempt_record_path(const std::string& record, int attempt);

}  // namespace oomlens::run
