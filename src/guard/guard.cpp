// The guard state machine (see guard.h).
#include "guard/guard.h"

#include <algorithm>

namespace oomlens::guard {

const char* stage_name(Stage s) {
  switch (s) {
    case Stage::watching: return "watching";
    case Stage::warned: return "warned";
    case Stage::acted: return "acted";
    case Stage::escalated: return "escalated";
  }
  return "?";
}

const char* decision_name(Decision::Kind k) {
  switch (k) {
    case Decision::Kind::warn: return "guard_warning";
    case Decision::Kind::act: return "guard_action";
    case Decision::Kind::escalate: return "guard_escalation";
    case Decision::Kind::grace_passed: return "guard_grace_passed";
    case Decision::Kind::rearm: return "guard_rearmed";
  }
  return "?";
}

double poll_interval_s(std::optional<uint64_t> headroom, std::optional<double> slope, bool warned) {
  double iv = 1.0;
  if (!slope) {
    iv = 0.2;  // not enough points for a trend yet: collect them
  } else if (*slope > 0 && headroom) {
    // headroom / growth / 10, and at most 0.5 s while growing so the 3 s
    // forecast window always holds enough points to be robust.
    iv = std::min(static_cast<double>(*headroom) / *slope / 10.0, 0.5);
  }
  if (warned) iv = std::min(iv, 0.1);
  return std::clamp(iv, 0.01, 1.0);
}

double rearm_fraction(double warn) { return std::max(warn - 0.10, warn / 2); }

bool growth_persisted(const std::deque<std::pair<double, uint64_t>>& run, size_t new_highs, double last_high_t_s,
                      double ttl, double slope) {
  if (run.empty() || new_highs < kGrowthMinPoints) return false;
  const double horizon = std::max(kGrowthMinS, kForecastTrustFactor * ttl);
  if (last_high_t_s - run.front().first < horizon) return false;
  const double now = run.back().first;
  auto from = std::lower_bound(run.begin(), run.end(), now - horizon,
                               [](const std::pair<double, uint64_t>& p, double t) { return p.first < t; });
  if (from == run.end()) return false;
  const double rise = static_cast<double>(run.back().second) - static_cast<double>(from->second);
  return rise >= kGrowthSteadyShare * slope * (now - from->first);
}

namespace {

// Whether `cond` has held since *since for long enough (min(cap, ttl / 4)):
// the forecast action's persistence.
bool persisted(bool cond, double t_s, std::optional<double> ttl, std::optional<double>* since) {
  if (!cond) {
    since->reset();
    return false;
  }
  if (!*since) *since = t_s;
  const double need = std::min(kForecastPersistMaxS, ttl.value_or(0) / 4);
  return t_s - **since >= need;
}

}  // namespace

Guard::Guard(GuardOptions o, ForecastParams fp) : o_(std::move(o)), window_(fp) {}

std::vector<Decision> Guard::observe(const Observation& obs) {
  std::vector<Decision> out;
  if (!obs.working_set_bytes) return out;
  const uint64_t ws = *obs.working_set_bytes;
  window_.push(obs.t_s, ws);
  last_slope_ = window_.slope();
  if (!obs.effective_limit_bytes || *obs.effective_limit_bytes == 0) {
    interval_s_ = poll_interval_s(std::nullopt, last_slope_, stage_ != Stage::watching);
    return out;
  }
  const uint64_t limit = *obs.effective_limit_bytes;
  const double used = static_cast<double>(ws) / static_cast<double>(limit);
  std::optional<double> ttl;
  if (last_slope_) ttl = time_to_limit_s(ws, limit, *last_slope_);
  const uint64_t headroom = limit > ws ? limit - ws : 0;
  auto make = [&](Decision::Kind k, std::string trigger) {
    Decision d;
    d.kind = k;
    d.trigger = std::move(trigger);
    d.t_s = obs.t_s;
    d.working_set_bytes = ws;
    d.effective_limit_bytes = limit;
    d.used_fraction = used;
    d.slope_bytes_per_s = last_slope_;
    d.time_to_limit_s = ttl;
    return d;
  };
  // A forecast is a trend only while growth is not levelling off; a
  // forecast warning only once that growth has persisted (see guard.h).
  const bool levelling = window_.levelling_off();
  const bool growing = last_slope_ && *last_slope_ > 0 && !levelling;
  if (!run_.empty() && (!growing || (ws <= run_high_ && obs.t_s - run_high_t_s_ > kGrowthStallS))) {
    run_.clear();  // the trend is gone, or the working set stalled
    growing_points_ = 0;
  }
  if (growing) {
    if (run_.empty()) {
      growing_points_ = 1;
      run_high_ = ws;
      run_high_t_s_ = obs.t_s;
    } else if (ws > run_high_) {
      ++growing_points_;
      run_high_ = ws;
      run_high_t_s_ = obs.t_s;
    }
    // The last point is always now; older ones at least 50 ms apart.
    if (run_.size() >= 2 && obs.t_s - run_[run_.size() - 2].first < 0.05) run_.back() = {obs.t_s, ws};
    else run_.emplace_back(obs.t_s, ws);
    while (run_.size() > 2 && obs.t_s - run_[1].first > 30) run_.pop_front();
  }
  const bool fc_raw = o_.forecast_s && ttl && *ttl <= *o_.forecast_s && !levelling;
  const bool fc_warn = fc_raw && growing && growth_persisted(run_, growing_points_, run_high_t_s_, *ttl, *last_slope_);
  // A forecast alone never acts below kForecastActFloor of the limit: a
  // loader reading its dataset at 400 MiB/s into a 2 GiB limit forecasts
  // the limit seconds away at a few %, and plateaus: an action (SIGTERM) at
  // 57 % would stop a healthy job.
  const bool fc_act = persisted(o_.act_forecast_s && ttl && *ttl <= *o_.act_forecast_s && !levelling &&
                                    used >= kForecastActFloor,
                                obs.t_s, ttl, &act_forecast_since_);
  if (obs.main_alive) {
    // An act threshold crossed with --action none did nothing: it re-arms
    // with the warning (a job nearing the limit twice is recorded twice).
    const bool rearmable = stage_ == Stage::warned || (stage_ == Stage::acted && o_.action.kind == Action::Kind::none);
    if (rearmable) {
      // Hysteresis: back below the re-arm level, with no forecast, for a while.
      const bool below = used < rearm_fraction(o_.warn_fraction) && !fc_raw;
      if (!below) {
        below_rearm_since_.reset();
      } else if (!below_rearm_since_) {
        below_rearm_since_ = obs.t_s;
      } else if (obs.t_s - *below_rearm_since_ >= kRearmHoldS) {
        out.push_back(make(Decision::Kind::rearm, "hysteresis"));
        stage_ = Stage::watching;
        below_rearm_since_.reset();
      }
    }
    if (stage_ == Stage::watching && out.empty()) {
      if (used >= o_.warn_fraction) out.push_back(make(Decision::Kind::warn, "percent"));
      // A forecast action (from kForecastActFloor, see below) warns too.
      else if (fc_warn || fc_act) out.push_back(make(Decision::Kind::warn, "forecast"));
      if (!out.empty()) stage_ = Stage::warned;
    }
    if (stage_ == Stage::warned) {
      std::string trig;
      if (used >= o_.act_fraction) trig = "percent";
      else if (fc_act) trig = "forecast";
      if (!trig.empty()) {
        out.push_back(make(Decision::Kind::act, trig));
        stage_ = Stage::acted;
        act_t_s_ = obs.t_s;
        act_ws_ = ws;
        // Nothing was done (--action none): there is nothing to escalate from.
        if (o_.action.kind == Action::Kind::none) grace_done_ = true;
      }
    } else if (stage_ == Stage::acted && !grace_done_ && obs.t_s - act_t_s_ >= o_.grace_s) {
      // Still rising after the grace time: the job did not stop in time.
      // "Rising" means above its size at the action by more than noise
      // (1 % of the limit or 1 MiB, whichever is larger).
      const uint64_t noise = std::max<uint64_t>(limit / 100, 1u << 20);
      grace_done_ = true;
      if (ws > act_ws_ + noise) {
        out.push_back(make(Decision::Kind::escalate, "grace"));
        stage_ = Stage::escalated;
      } else {
        out.push_back(make(Decision::Kind::grace_passed, "grace"));
      }
    }
  }
  interval_s_ = poll_interval_s(headroom, last_slope_, stage_ != Stage::watching);
  // A jump of more than 1 % of the limit since the last look (a burst after
  // a quiet spell, when polls are 1 s apart): look again soon.
  if (prev_ws_ && ws > *prev_ws_ + limit / 100) interval_s_ = std::min(interval_s_, 0.1);
  prev_ws_ = ws;
  return out;
}

}  // namespace oomlens::guard
