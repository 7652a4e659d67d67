// The restart decision of `oomlens run --restart-on-oom` (diagnose/restart_policy.h).
#include "diagnose/restart_policy.h"

#include <gtest/gtest.h>

#include "util/units.h"

namespace oomlens::diagnose {
namespace {


RestartPolicy policy(int n) {
  RestartPolicy p;
  p.max_restarts = n;
  return p;
}

TEST(RestartPolicy, MemoryCausesAreRestartedUpToN) {
  for (const char* c : {"oom_killed", "worker_oom_killed", "stopped_by_guard"}) {
    auto d = decide_restart(policy(2), 1, {c, false}, std::nullopt, 0);
    EXPECT_TRUE(d.restart) << c;
    EXPECT_TRUE(decide_restart(policy(2), 2, {c, false}, std::nullopt, 0).restart) << c;
    auto last = decide_restart(policy(2), 3, {c, false}, std::nullopt, 0);
    EXPECT_FALSE(last.restart) << c;
    EXPECT_NE(last.reason.find("used up"), std::string::npos) << last.reason;
  }
}

TEST(RestartPolicy, AGuardStopThatExitedZeroIsStillRestarted) {
  EXPECT_TRUE(decide_restart(policy(1), 1, {"stopped_by_guard", true}, std::nullopt, 0).restart);
}

TEST(RestartPolicy, OtherCausesAreNotRestartedUnlessAny) {
  for (const char* c : {"segfault", "exited", "killed", "bus_error", "memory_error", "signal"}) {
    auto d = decide_restart(policy(3), 1, {c, false}, std::nullopt, 0);
    EXPECT_FALSE(d.restart) << c;
    EXPECT_NE(d.reason.find("not about memory"), std::string::npos) << d.reason;
    auto any = policy(3);
    any.on = RestartOn::any;
    EXPECT_TRUE(decide_restart(any, 1, {c, false}, std::nullopt, 0).restart) << c;
  }
}

TEST(RestartPolicy, SuccessAndUnknownEndsAreNeverRestarted) {
  auto any = policy(3);
  any.on = RestartOn::any;
  EXPECT_FALSE(decide_restart(any, 1, {"exited", true}, std::nullopt, 0).restart);
  EXPECT_FALSE(decide_restart(any, 1, {"still_running", false}, std::nullopt, 0).restart);
  EXPECT_FALSE(decide_restart(any, 1, {"", false}, std::nullopt, 0).restart);
}

TEST(RestartPolicy, LimitStepGrowsTheLimitAndIsCappedByTheMachine) {
  auto p = policy(5);
  p.limit_step_fraction = 0.20;
  auto d = decide_restart(p, 1, {"oom_killed", false}, 100 * kMiB, 1024 * kMiB);
  ASSERT_TRUE(d.next_limit_bytes);
  EXPECT_EQ(*d.next_limit_bytes % 4096, 0u);
  EXPECT_GE(*d.next_limit_bytes, 120 * kMiB);
  EXPECT_LT(*d.next_limit_bytes, 120 * kMiB + 4096);
  EXPECT_FALSE(d.limit_capped);
  auto capped = decide_restart(p, 1, {"oom_killed", false}, 900 * kMiB, 1000 * kMiB);
  EXPECT_EQ(*capped.next_limit_bytes, 1000 * kMiB);
  EXPECT_TRUE(capped.limit_capped);
  // Without --limit-step the limit stays; without --limit there is none.
  EXPECT_EQ(*decide_restart(policy(1), 1, {"oom_killed", false}, 64 * kMiB, 0).next_limit_bytes, 64 * kMiB);
  EXPECT_FALSE(decide_restart(p, 1, {"oom_killed", false}, std::nullopt, 0).next_limit_bytes);
}

TEST(RestartPolicy, OptionParsing) {
  EXPECT_EQ(*parse_restart_on("any"), RestartOn::any);
  EXPECT_EQ(*parse_restart_on("oom"), RestartOn::oom);
  EXPECT_FALSE(parse_restart_on("segv"));
  EXPECT_DOUBLE_EQ(*parse_limit_step("20%"), 0.20);
  EXPECT_DOUBLE_EQ(*parse_limit_step("50"), 0.50);
  for (const char* bad : {"", "0", "-5%", "abc", "2000%", "%"}) {
    auto r = parse_limit_step(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.error().what.find("--limit-step"), std::string::npos) << r.error().what;
  }
}

}  // namespace
}  // namespace oomlens::diagnose
