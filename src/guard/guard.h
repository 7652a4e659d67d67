#pragma once
// The guard's decisions, a pure state machine fed one observation at a time:
//
//   watching --(used >= --warn, or forecast <= --forecast on growth that
//               persisted, or a forecast action)--> warned
//   warned   --(used >= --act,  or forecast <= --act-forecast, persisted,
//               from kForecastActFloor of the limit)--> acted
//   warned   --(below the re-arm level, no forecast, for kRearmHoldS)--> watching
//   acted    --(the same, when --action none did nothing)--> watching
//   acted    --(--grace elapsed and the working set still rose)--> escalated
//
// A forecast counts only while the trend is not levelling off
// (SlopeWindow::levelling_off). A forecast *warning* needs the growth behind
// it to persist (growth_persisted): a growth run is consecutive
// observations with a rising trend, not levelling off, each new high of the
// working set no more than kGrowthStallS after the last; it must hold at
// least kGrowthMinPoints new highs over at least kGrowthMinS, and have
// lasted (first observation to latest new high) at least
// kForecastTrustFactor times the time to the limit it forecasts (a trend
// seen for D seconds is not extrapolated more than D / 2 ahead). A start-up ramp (torch import, a dataset build, workers starting)
// that plateaus at 60-70 % stops before its forecast is trusted; a leak that
// keeps growing is warned about once it has grown long enough. A forecast
// *action* needs the forecast to have held for min(kForecastPersistMaxS, a
// quarter of the forecast time) and kForecastActFloor of the limit; it
// warns in the same step when no warning came yet. Thresholds may be
// crossed together (a fast ramp): the warning is then emitted first, in the
// same step. A real action and the escalation fire once; a warning re-arms
// (hysteresis: the working set must fall below rearm_fraction(--warn) for
// kRearmHoldS, with no forecast), so a job that nears the limit twice is
// warned twice and one that hovers at the threshold is warned once. The
// poll interval adapts: about headroom / growth / 10, clamped to [10 ms, 1 s].
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "guard/forecast.h"
#include "guard/options.h"

namespace oomlens::guard {

struct Observation {
  double t_s = 0;
  std::optional<uint64_t> working_set_bytes;
  std::optional<uint64_t> effective_limit_bytes;
  bool main_alive = true;
};

/// A forecast action must hold this long at most (a quarter of the
/// forecast time when shorter) before it acts.
inline constexpr double kForecastPersistMaxS = 2.0;
/// A growth run ends when the working set made no new high for this long (s)
/// (the 3 s slope lags a plateau; the working set itself does not).
inline constexpr double kGrowthStallS = 1.0;
/// A forecast warning needs a growth run of at least this many new highs...
inline constexpr size_t kGrowthMinPoints = 5;
/// ... over at least this long (s) ...
inline constexpr double kGrowthMinS = 2.0;
/// ... and for at least this many times the forecast time to the limit
/// (the horizon: growth seen for D seconds forecasts at most D / 2.5 ahead)...
inline constexpr double kForecastTrustFactor = 2.5;
/// ... at a steady rate: over that horizon the working set rose at least
/// this share of what the forecast's slope gives over it (a ramp that
/// crept, then sped up, as workers start, is not a trend at its new slope).
/// Measured (bench/guard_startup.sh, BENCHMARKS.md): healthy start-ups
/// peaking at 65 % of the limit got forecast warnings at 31-66 % in 12 of
/// 12 runs under the old persistence (min(2 s, a quarter of the forecast
/// time)).
inline constexpr double kGrowthSteadyShare = 0.75;

/// Whether the growth run `run` ((t_s, working-set bytes) of its
/// observations, oldest first, the last one now), with `new_highs` new highs
/// the latest at `last_high_t_s`, is trusted to forecast the limit
/// `time_to_limit_s` away at `slope_bytes_per_s`: kGrowthMinPoints new
/// highs; from the run's start to its latest new high at least H =
/// max(kGrowthMinS, kForecastTrustFactor × time_to_limit_s); and a rise over
/// the last H of at least kGrowthSteadyShare × slope × H. Pure.
[[nodiscard]] bool growth_persisted(const std::deque<std::pair<double, uint64_t>>& run, size_t new_highs,
                                    double last_high_t_s, double time_to_limit_s, double slope_bytes_per_s);

/// A warning re-arms after the working set stayed below the re-arm level
/// (and no forecast held) this long.
inline constexpr double kRearmHoldS = 2.0;
/// The re-arm level: 10 points below --warn, or half of it when lower.
[[nodiscard]] double rearm_fraction(double warn_fraction);

enum class Stage { watching, warned, acted, escalated };
[[nodiscard]] const char* stage_name(Stage s);

struct Decision {
  enum class Kind { warn, act, escalate, grace_passed, rearm };
  Kind kind = Kind::warn;
  std::string trigger;  ///< "percent", "forecast" (warn/act); "grace" (escalate, grace_passed); "hysteresis" (rearm)
  double t_s = 0;
  uint64_t working_set_bytes = 0;
  uint64_t effective_limit_bytes = 0;
  double used_fraction = 0;
  std::optional<double> slope_bytes_per_s;
  std::optional<double> time_to_limit_s;
};
[[nodiscard]] const char* decision_name(Decision::Kind k);

/// The adaptive poll interval (s): headroom / slope / 10 in [10 ms, 0.5 s]
/// while growing; 1 s when flat or without a limit; 0.2 s while the
/// forecast window has too few points for a trend; 100 ms at most once
/// warned. (Observe() also polls again within 100 ms after a jump of more
/// than 1 % of the limit.) Pure.
[[nodiscard]] double poll_interval_s(std::optional<uint64_t> headroom_bytes, std::optional<double> slope_bytes_per_s,
                                     bool warned);

class Guard {
 public:
  explicit Guard(GuardOptions o, ForecastParams fp = {});
  /// Feeds one observation; returns what to do now (possibly nothing).
  std::vector<Decision> observe(const Observation& obs);
  [[nodiscard]] Stage stage() const { return stage_; }
  [[nodiscard]] double next_interval_s() const { return interval_s_; }
  [[nodiscard]] std::optional<double> slope() const { return last_slope_; }
  [[nodiscard]] const GuardOptions& options() const { return o_; }

 private:
  GuardOptions o_;
  SlopeWindow window_;
  Stage stage_ = Stage::watching;
  double interval_s_ = 0.1;
  std::optional<double> last_slope_;
  double act_t_s_ = 0;
  uint64_t act_ws_ = 0;
  bool grace_done_ = false;
  std::optional<uint64_t> prev_ws_;
  std::optional<double> act_forecast_since_, below_rearm_since_;
  /// The current growth run: its observations (at least 50 ms apart, the
  /// last 30 s), its new highs (how many, the latest and when).
  std::deque<std::pair<double, uint64_t>> run_;
  size_t growing_points_ = 0;
  uint64_t run_high_ = 0;
  double run_high_t_s_ = 0;
};

}  // namespace oomlens::guard
