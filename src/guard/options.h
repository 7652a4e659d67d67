#pragma once
// `oomlens run` guard options: when to warn, when and how to act, the CI
// memory budget (docs/run.md, "Early warning and action").
//
// Thresholds are fractions of the job's effective limit (guard/headroom.h)
// compared with its working set (never raw usage). Forecasts are times to
// that limit from a robust slope (guard/forecast.h). Parsing is pure; every
// error is a sentence naming the option.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace oomlens::guard {

/// What `--action` does when an act threshold is crossed.
struct Action {
  enum class Kind { none, signal, exec };
  Kind kind = Kind::none;
  int signo = 0;                  ///< Kind::signal: SIGTERM, SIGINT, SIGUSR1, SIGUSR2 or SIGKILL
  std::vector<std::string> argv;  ///< Kind::exec: CMD split on blanks, run without a shell
  std::string spelled = "none";   ///< as typed, for the record
};

/// `--act-forecast` acts only from this share of the effective limit: a
/// forecast alone (a start-up ramp that will plateau) never acts below it.
/// Measured: a job building its dataset got SIGTERM at 57 % from a 5 s
/// forecast, and peaks at 69 % without the guard.
inline constexpr double kForecastActFloor = 0.75;

struct GuardOptions {
  double warn_fraction = 0.85;                 ///< --warn 85%
  std::optional<double> forecast_s = 10.0;     ///< --forecast 10s (nullopt: --forecast off)
  double act_fraction = 0.95;                  ///< --act 95%
  /// --act-forecast 2s (nullopt: off). Short on purpose: a ramp that stops
  /// short of the limit is acted on when its rate puts the limit this close
  /// before it stops (a forecast cannot know it will stop), so the window in
  /// which a healthy job can be hurt is that short: a job rising at 5 % of
  /// its limit per second to a plateau at 90 % is never acted on (the limit
  /// is 2 s away only from 90 %); with 5 s it was SIGTERMed at ~80 %.
  std::optional<double> act_forecast_s = 2.0;
  Action action;                               ///< --action (default none: act only records)
  double grace_s = 30.0;                       ///< --grace 30s
  std::optional<uint64_t> budget_bytes;        ///< --budget SIZE
  bool py_stacks = false;                      ///< --py-stacks
  bool py_tracemalloc = false;                 ///< --py-tracemalloc
  /// --keep-job-status: after the guard stopped the job, end with the job's
  /// own status instead of 75 (EX_TEMPFAIL).
  bool keep_job_status = false;
};

/// The options as typed (empty = not given).
struct GuardArgs {
  std::string warn, forecast, act, action, act_forecast, grace, budget;
  bool py_stacks = false, py_tracemalloc = false, keep_job_status = false;
};

/// "85%" or "85" -> 0.85. Range (0, 100]. Errors: input_error (util/result.h), a sentence naming the option.
[[nodiscard]] Result<double> parse_percent(std::string_view option, std::string_view text);
/// "10s", "500ms", "2m", "1.5" (seconds); "off"/"0" -> nullopt (disabled)
/// when `allow_off`. Range [0, 86400] s.
[[nodiscard]] Result<std::optional<double>> parse_duration(std::string_view option, std::string_view text,
                                                           bool allow_off);
/// "term|int|usr1|usr2|kill|exec:CMD|none" (case-insensitive names).
[[nodiscard]] Result<Action> parse_action(std::string_view text);

/// All options, defaults filled, validated together. Defaults follow what
/// was given: without --warn, the warning is 10 points below --act (half
/// of it when lower; at most 85 %); without --act, the action is at 95 % or
/// at --warn when higher; an explicit --act without --act-forecast acts at
/// that share only (--act-forecast off). Errors: two explicit values that
/// contradict (`--warn 95% --act 90%`), --act-forecast longer than
/// --forecast (it would act before warning).
[[nodiscard]] Result<GuardOptions> make_guard_options(const GuardArgs& args);

}  // namespace oomlens::guard
