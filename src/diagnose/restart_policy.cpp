#include "diagnose/restart_policy.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fmt/core.h>

#include "util/i18n.h"

namespace oomlens::diagnose {

bool is_memory_cause(std::string_view cause) {
  return cause == "oom_killed" || cause == "worker_oom_killed" || cause == "stopped_by_guard";
}

RestartDecision decide_restart(const RestartPolicy& p, int attempt, const AttemptEnd& end,
                               std::optional<uint64_t> limit_bytes, uint64_t cap_bytes) {
  RestartDecision d;
  d.next_limit_bytes = limit_bytes;
  if (end.succeeded && end.cause != "stopped_by_guard") {
    d.reason = N_("it succeeded");
    return d;
  }
  if (end.cause == "still_running" || end.cause == "exit_unknown" || end.cause.empty()) {
    d.reason = N_("how it ended is not known");
    return d;
  }
  if (p.on == RestartOn::oom && !is_memory_cause(end.cause)) {
    d.reason = fmt::format(N_("'{}' is not about memory (--restart-on any restarts it too)"), end.cause);
    return d;
  }
  if (attempt > p.max_restarts) {
    d.reason = fmt::format(N_("--restart-on-oom {} restarts are used up"), p.max_restarts);
    return d;
  }
  d.restart = true;
  d.reason = fmt::format(N_("'{}': restart {} of {}"), end.cause, attempt, p.max_restarts);
  if (limit_bytes && p.limit_step_fraction) {
    double grown = std::ceil(static_cast<double>(*limit_bytes) * (1.0 + *p.limit_step_fraction) / 4096.0) * 4096.0;
    uint64_t next = grown >= 1.8e19 ? UINT64_MAX : static_cast<uint64_t>(grown);
    if (cap_bytes && next > cap_bytes) {
      next = std::max(cap_bytes, *limit_bytes);
      d.limit_capped = true;
    }
    d.next_limit_bytes = next;
  }
  return d;
}

Result<RestartOn> parse_restart_on(std::string_view t) {
  if (t == "oom") return RestartOn::oom;
  if (t == "any") return RestartOn::any;
  return input_error(fmt::format(N_("--restart-on: '{}' is neither 'oom' (OOM kills and guard stops) nor 'any'"), t));
}

Result<double> parse_limit_step(std::string_view t) {
  std::string s(t);
  if (!s.empty() && s.back() == '%') s.pop_back();
  char* end = nullptr;
  double v = s.empty() ? 0 : std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v))
    return input_error(fmt::format(N_("--limit-step: '{}' is not a percentage (e.g. 20%)"), t));
  if (v <= 0 || v > 1000) return input_error(fmt::format(N_("--limit-step: {} is outside (0, 1000] %"), t));
  return v / 100.0;
}

}  // namespace oomlens::diagnose
