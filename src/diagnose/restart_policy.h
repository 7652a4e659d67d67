#pragma once
// `oomlens run --restart-on-oom N`: whether an attempt that just ended is
// started again, and with what limit (docs/run.md, "RESTART"). Pure.
//
// Restarted: an OOM kill of the main process or of a worker (kernel or
// memcg: verdict causes `oom_killed`, `worker_oom_killed`) and a stop by
// the guard (`stopped_by_guard`), up to N times. Any other end (success, a
// segfault, a non-zero exit, a signal) ends the run, unless
// `--restart-on any`, which restarts every end but a success.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "util/result.h"

namespace oomlens::diagnose {

enum class RestartOn { oom, any };

struct RestartPolicy {
  int max_restarts = 0;                      ///< --restart-on-oom N (N >= 1)
  double backoff_s = 10;                     ///< --backoff DUR: the pause before each restart
  RestartOn on = RestartOn::oom;             ///< --restart-on oom|any
  std::optional<double> limit_step_fraction;  ///< --limit-step 20% -> 0.20: growth of the limit per restart
};

/// How one attempt ended, as its verdict says.
struct AttemptEnd {
  std::string cause;       ///< the verdict's cause (diagnose/verdict.h)
  bool succeeded = false;  ///< exited 0 (and not stopped_by_guard)
};

struct RestartDecision {
  bool restart = false;
  std::string reason;                        ///< one sentence, for the summary and the record
  std::optional<uint64_t> next_limit_bytes;  ///< with --limit: the next attempt's limit
  bool limit_capped = false;                 ///< the step was cut to `cap_bytes`
};

/// Whether `cause` is about memory (restarted by default).
[[nodiscard]] bool is_memory_cause(std::string_view cause);

/// `attempt` is the 1-based number of the attempt that just ended;
/// `limit_bytes` its limit (nullopt without --limit); `cap_bytes` what the
/// machine can give a job (oomlens's own cgroup limit, else MemTotal).
/// The next limit is limit * (1 + step), rounded up to a 4 KiB page,
/// at most cap_bytes; unchanged without --limit-step.
[[nodiscard]] RestartDecision decide_restart(const RestartPolicy& policy, int attempt, const AttemptEnd& end,
                                             std::optional<uint64_t> limit_bytes, uint64_t cap_bytes);

/// "--restart-on oom|any" -> RestartOn; an input_error sentence otherwise.
[[nodiscard]] Result<RestartOn> parse_restart_on(std::string_view text);
/// "--limit-step 20%" (also "20") -> 0.20; range (0, 1000] %. An input_error sentence otherwise.
[[nodiscard]] Result<double> parse_limit_step(std::string_view text);

}  // namespace oomlens::diagnose
