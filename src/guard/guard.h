#pragma once
// The guard's decisions, a pure state machine fed one observation at a time:
//
//   watching --(used >= --warn, or forecast <= --forecast, persisted)--> warned
//   warned   --(used >= --act,  or forecast <= --act-forecast, persisted,
//               from kForecastActFloor of the limit)--> acted
//   warned   --(below the re-arm level, no forecast, for kRearmHoldS)--> watching
//   acted    --(the same, when --action none did nothing)--> watching
//   acted    --(--grace elapsed and the working set still rose)--> escalated
//
// A forecast counts only while the trend is not levelling off
// (SlopeWindow::levelling_off) and once it has held for
// min(kForecastPersistMaxS, a quarter of the forecast time): a start-up
// ramp that plateaus is not a trend. Thresholds may be crossed together (a
// fast ramp): the warning is then emitted first, in the same step. A
// real action and the escalation fire once; a warning re-arms (hysteresis: the
// working set must fall below rearm_fraction(--warn) for kRearmHoldS, with
// no forecast), so a job that nears the limit twice is warned twice. The
// poll interval adapts: about headroom / growth / 10, clamped to [10 ms, 1 s].
#include <cstdint>
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

/// A forecast must hold this long at most (a quarter of the forecast time
/// when shorter) before it warns or acts.
inline constexpr double kForecastPersistMaxS = 2.0;
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
  std::optional<double> forecast_since_, act_forecast_since_, below_rearm_since_;
};

}  // namespace oomlens::guard
