// Guard option parsing and validation (src/guard/options.h).
#include <gtest/gtest.h>

#include <csignal>

#include "guard/options.h"

namespace oomlens::guard {
namespace {

GuardOptions ok(const GuardArgs& a) {
  auto r = make_guard_options(a);
  if (!r) ADD_FAILURE() << r.error().what;
  return r.value_or(GuardOptions{});
}
std::string err(const GuardArgs& a) {
  auto r = make_guard_options(a);
  if (!r) return r.error().what;
  ADD_FAILURE() << "expected an error";
  return {};
}

TEST(GuardOptions, Defaults) {
  auto o = ok({});
  EXPECT_DOUBLE_EQ(o.warn_fraction, 0.85);
  EXPECT_DOUBLE_EQ(*o.forecast_s, 10);
  EXPECT_DOUBLE_EQ(o.act_fraction, 0.95);
  EXPECT_DOUBLE_EQ(*o.act_forecast_s, 2);
  EXPECT_DOUBLE_EQ(o.grace_s, 30);
  EXPECT_EQ(o.action.kind, Action::Kind::none);
  EXPECT_FALSE(o.budget_bytes);
  EXPECT_FALSE(o.py_stacks);
}

TEST(GuardOptions, Values) {
  GuardArgs a;
  a.warn = "80%";
  a.act = "90";
  a.forecast = "20s";
  a.act_forecast = "1500ms";
  a.grace = "1m";
  a.action = "TERM";
  a.budget = "1.5G";
  auto o = ok(a);
  EXPECT_DOUBLE_EQ(o.warn_fraction, 0.80);
  EXPECT_DOUBLE_EQ(o.act_fraction, 0.90);
  EXPECT_DOUBLE_EQ(*o.forecast_s, 20);
  EXPECT_DOUBLE_EQ(*o.act_forecast_s, 1.5);
  EXPECT_DOUBLE_EQ(o.grace_s, 60);
  EXPECT_EQ(o.action.signo, SIGTERM);
  EXPECT_EQ(*o.budget_bytes, uint64_t{3} << 29);
}

TEST(GuardOptions, Actions) {
  for (auto [t, sig] : {std::pair{"term", SIGTERM}, {"int", SIGINT}, {"usr1", SIGUSR1}, {"USR2", SIGUSR2},
                        {"kill", SIGKILL}, {"sigterm", SIGTERM}}) {
    auto r = parse_action(t);
    ASSERT_TRUE(r) << t;
    EXPECT_EQ(r->signo, sig) << t;
  }
  auto e = *parse_action("exec:/usr/bin/save --now  x");
  EXPECT_EQ(e.kind, Action::Kind::exec);
  EXPECT_EQ(e.argv, (std::vector<std::string>{"/usr/bin/save", "--now", "x"}));
  EXPECT_EQ(parse_action("none")->kind, Action::Kind::none);
  for (const char* bad : {"hup", "exec:", ""}) {
    auto r = parse_action(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().errnum, 0) << bad;  // an input error, not a system call's
    EXPECT_NE(r.error().what.find("--action"), std::string::npos) << r.error().what;
  }
}

TEST(GuardOptions, Errors) {
  GuardArgs a;
  a.warn = "95%";
  a.act = "90%";
  EXPECT_NE(err(a).find("below --warn"), std::string::npos);
  a = {};
  a.warn = "120%";
  EXPECT_NE(err(a).find("out of range"), std::string::npos);
  a.warn = "0%";
  EXPECT_NE(err(a).find("out of range"), std::string::npos);
  a.warn = "-5%";
  EXPECT_NE(err(a).find("out of range"), std::string::npos);
  a.warn = "eighty";
  EXPECT_NE(err(a).find("not a percentage"), std::string::npos);
  a = {};
  a.action = "explode";
  EXPECT_NE(err(a).find("unknown"), std::string::npos);
  a = {};
  a.budget = "-1G";
  EXPECT_NE(err(a).find("must be above zero"), std::string::npos);
  a.budget = "0";
  EXPECT_NE(err(a).find("zero"), std::string::npos);
  a.budget = "12Q";
  EXPECT_NE(err(a).find("unknown unit"), std::string::npos);
  a = {};
  a.forecast = "3s";
  a.act_forecast = "5s";
  EXPECT_NE(err(a).find("longer than --forecast"), std::string::npos);
  a = {};
  a.grace = "0";
  EXPECT_NE(err(a).find("--grace"), std::string::npos);
  a.grace = "-3s";
  EXPECT_NE(err(a).find("negative"), std::string::npos);
  a = {};
  a.forecast = "10parsecs";
  EXPECT_NE(err(a).find("unknown unit"), std::string::npos);
}

// Issue 13, item 10: a default --warn follows an explicit --act down; only
// two explicit values that contradict are an error. Item 7: an explicit
// --act acts at that share, not on the forecast, unless both are asked for.
TEST(GuardOptions, DefaultsFollowTheExplicitValue) {
  GuardArgs a;
  a.act = "60%";
  auto o = ok(a);
  EXPECT_DOUBLE_EQ(o.act_fraction, 0.60);
  EXPECT_NEAR(o.warn_fraction, 0.50, 1e-9);
  EXPECT_FALSE(o.act_forecast_s);  // explicit --act: the share only
  EXPECT_TRUE(o.forecast_s);       // the forecast still warns
  a.act = "10%";
  EXPECT_NEAR(ok(a).warn_fraction, 0.05, 1e-9);  // half of it when 10 points below is too low
  a.act = "99%";
  EXPECT_NEAR(ok(a).warn_fraction, 0.85, 1e-9);  // never above the default
  a.act = "85%";
  a.act_forecast = "5s";
  EXPECT_DOUBLE_EQ(*ok(a).act_forecast_s, 5);  // asked for both
  a = {};
  a.warn = "97%";
  EXPECT_DOUBLE_EQ(ok(a).act_fraction, 0.97);  // the default action follows a higher warning up
  a.act = "96%";
  EXPECT_NE(err(a).find("below --warn"), std::string::npos);  // two explicit values contradict
  a = {};
  a.keep_job_status = true;
  EXPECT_TRUE(ok(a).keep_job_status);
}

TEST(GuardOptions, DefaultActForecastFollowsForecast) {
  GuardArgs a;
  a.forecast = "3s";
  EXPECT_DOUBLE_EQ(*ok(a).act_forecast_s, 2);  // the default, shorter
  a.forecast = "1500ms";
  EXPECT_DOUBLE_EQ(*ok(a).act_forecast_s, 1.5);  // follows a shorter --forecast
  a.forecast = "off";
  auto o = ok(a);
  EXPECT_FALSE(o.forecast_s);
  EXPECT_FALSE(o.act_forecast_s);
  a.act_forecast = "2s";
  EXPECT_NE(err(a).find("needs --forecast"), std::string::npos);
}

}  // namespace
}  // namespace oomlens::guard
