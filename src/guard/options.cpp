// Guard option parsing and validation (see options.h).
#include "guard/options.h"

#include <csignal>
#include <algorithm>
#include <cmath>
#include <tuple>
#include <cstdlib>
#include <fmt/core.h>

#include "util/ascii.h"
#include "util/i18n.h"
#include "util/size_option.h"
#include "util/text.h"

namespace oomlens::guard {
namespace {

std::string trim(std::string_view t) { return std::string(text::trim(t)); }  // an owned copy

// Parses a leading finite number; `rest` gets the unit. False when none.
bool number_and_unit(const std::string& s, double* v, std::string* rest) {
  if (s.empty()) return false;
  char* end = nullptr;
  *v = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || !std::isfinite(*v)) return false;
  *rest = text::ascii_lower(trim(end));
  return true;
}

}  // namespace

Result<double> parse_percent(std::string_view option, std::string_view text) {
  std::string s = trim(text), unit;
  double v = 0;
  if (!number_and_unit(s, &v, &unit) || !(unit.empty() || unit == "%"))
    return input_error(fmt::format(N_("{} '{}' is not a percentage (e.g. 85%)"), option, s));
  if (v <= 0 || v > 100)
    return input_error(
        fmt::format(N_("{} '{}' is out of range: give a percentage above 0 and at most 100"), option, s));
  return v / 100.0;
}

Result<std::optional<double>> parse_duration(std::string_view option, std::string_view text, bool allow_off) {
  std::string s = text::ascii_lower(trim(text)), unit;
  if (allow_off && s == "off") return std::optional<double>{};
  double v = 0;
  if (!number_and_unit(s, &v, &unit))
    return input_error(fmt::format(N_("{} '{}' is not a duration (e.g. 10s, 500ms, 2m)"), option, s));
  double mult = 0;
  if (unit.empty() || unit == "s") mult = 1;
  else if (unit == "ms") mult = 0.001;
  else if (unit == "m" || unit == "min") mult = 60;
  else return input_error(fmt::format(N_("{} '{}' has an unknown unit '{}' (use ms, s or m)"), option, s, unit));
  double sec = v * mult;
  if (sec < 0) return input_error(fmt::format(N_("{} '{}' is negative"), option, s));
  if (sec > 86400) return input_error(fmt::format(N_("{} '{}' is longer than a day"), option, s));
  if (sec == 0) {
    if (allow_off) return std::optional<double>{};
    return input_error(fmt::format(N_("{} must be longer than 0"), option));
  }
  return std::optional<double>(sec);
}

Result<Action> parse_action(std::string_view text) {
  std::string s = trim(text);
  Action a;
  a.spelled = s;
  if (text::starts_with_ascii_ci(s, "exec:")) {
    std::string cmd = s.substr(5);
    std::string word;
    for (char c : cmd) {
      if (text::is_c_space(c)) {
        if (!word.empty()) a.argv.push_back(std::move(word));
        word.clear();
      } else {
        word += c;
      }
    }
    if (!word.empty()) a.argv.push_back(std::move(word));
    if (a.argv.empty())
      return input_error(N_("--action exec: needs a command (e.g. exec:/usr/local/bin/save-checkpoint)"));
    a.kind = Action::Kind::exec;
    return a;
  }
  std::string n = text::ascii_lower(s);
  if (n.size() > 3 && n.substr(0, 3) == "sig") n = n.substr(3);
  static const std::pair<const char*, int> names[] = {
      {"term", SIGTERM}, {"int", SIGINT}, {"usr1", SIGUSR1}, {"usr2", SIGUSR2}, {"kill", SIGKILL}};
  if (n == "none") {
    a.kind = Action::Kind::none;
    a.spelled = "none";
    return a;
  }
  for (auto& [name, sig] : names)
    if (n == name) {
      a.kind = Action::Kind::signal;
      a.signo = sig;
      a.spelled = name;
      return a;
    }
  return input_error(fmt::format(N_("--action '{}' is unknown: use term, int, usr1, usr2, kill, exec:CMD or none"), s));
}

Result<GuardOptions> make_guard_options(const GuardArgs& a) {
  GuardOptions o;
  if (!a.warn.empty()) {
    auto r = parse_percent("--warn", a.warn);
    if (!r) return r.error();
    o.warn_fraction = *r;
  }
  if (!a.act.empty()) {
    auto r = parse_percent("--act", a.act);
    if (!r) return r.error();
    o.act_fraction = *r;
  }
  for (auto [name, text, dst] : {std::tuple{"--forecast", &a.forecast, &o.forecast_s},
                                 std::tuple{"--act-forecast", &a.act_forecast, &o.act_forecast_s}}) {
    if (text->empty()) continue;
    auto r = parse_duration(name, *text, true);
    if (!r) return r.error();
    *dst = *r;
  }
  if (!a.grace.empty()) {
    auto r = parse_duration("--grace", a.grace, false);
    if (!r) return r.error();
    o.grace_s = **r;
  }
  if (!a.action.empty()) {
    auto r = parse_action(a.action);
    if (!r) return r.error();
    o.action = *r;
  }
  if (!a.budget.empty()) {
    auto r = parse_size_option("--budget", a.budget);  // the one parser of sizes
    if (!r) return r.error();
    o.budget_bytes = *r;
  }
  // Defaults follow the explicit value: `--act 60%` alone warns at 50 %,
  // `--warn 97%` alone acts at 97 %. Only two explicit values contradict.
  if (a.warn.empty() && !a.act.empty())
    o.warn_fraction = std::min(0.85, std::max(o.act_fraction - 0.10, o.act_fraction / 2));
  if (a.act.empty() && !a.warn.empty()) o.act_fraction = std::max(o.act_fraction, o.warn_fraction);
  // An explicit --act P% means acting at P %, unless a forecast action is
  // asked for too (a forecast acted on start-up ramps at 57 %).
  if (!a.act.empty() && a.act_forecast.empty()) o.act_forecast_s.reset();
  // Order: the warning must come first, or it is noise after the action.
  if (o.act_fraction < o.warn_fraction)
    return input_error(fmt::format(N_("--act {:g}% is below --warn {:g}%: the action would come before the warning "
                                      "(give --warn lower than --act)"),
                                   o.act_fraction * 100, o.warn_fraction * 100));
  // A default --act-forecast follows a shorter or disabled --forecast.
  if (a.act_forecast.empty()) {
    if (!o.forecast_s) o.act_forecast_s.reset();
    else if (o.act_forecast_s) o.act_forecast_s = std::min(*o.act_forecast_s, *o.forecast_s);
  }
  if (o.act_forecast_s && o.forecast_s && *o.act_forecast_s > *o.forecast_s)
    return input_error(
        fmt::format(N_("--act-forecast {:g}s is longer than --forecast {:g}s: the action would come before the "
                       "warning"),
                    *o.act_forecast_s, *o.forecast_s));
  if (o.act_forecast_s && !o.forecast_s)
    return input_error(N_("--act-forecast needs --forecast (the warning) to be on"));
  o.py_stacks = a.py_stacks;
  o.py_tracemalloc = a.py_tracemalloc;
  o.keep_job_status = a.keep_job_status;
  return o;
}

}  // namespace oomlens::guard
