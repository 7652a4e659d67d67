// The same process killed again (issue 12): victim_killed_again looks across
// the kill events of one log, on hand-built events.
#include "diagnose/repeat_kill.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace oomlens {
namespace {

OomEvent kill_of(int64_t pid, const std::string& comm, double t) {
  OomEvent e;
  e.kind = EventKind::kill;
  e.time.monotonic_s = t;
  Victim v;
  v.pid = pid;
  v.comm = comm;
  e.victims.push_back(v);
  return e;
}

// The explanation of the last event, the ones before it read first.
Explanation explain_last(const std::vector<OomEvent>& events) {
  std::vector<KillRecord> earlier;
  for (size_t i = 0; i + 1 < events.size(); ++i)
    if (auto r = kill_record(events[i])) earlier.push_back(*r);
  Explanation x;
  add_repeat_kill(events.back(), earlier, x);
  return x;
}

TEST(RepeatKill, TheSamePidKilledFourTimesIsNamedWithCountAndSpan) {
  const Explanation x = explain_last({kill_of(4802, "fool", 73), kill_of(4803, "fool", 75.3),
                                      kill_of(4803, "fool", 96.9), kill_of(4803, "fool", 110.3),
                                      kill_of(4803, "fool", 196.9)});
  ASSERT_EQ(x.checks.size(), 1u);
  const Check& c = x.checks[0];
  EXPECT_EQ(c.id, "victim_killed_again");
  EXPECT_EQ(c.level, CheckLevel::warn);
  EXPECT_NE(c.message.find("fool (pid 4803) was killed 4 times in 122 s"), std::string::npos) << c.message;
  EXPECT_NE(c.message.find("D state"), std::string::npos);
  EXPECT_NE(c.message.find("oom_reaper: unable to reap"), std::string::npos);
  EXPECT_NE(c.message.find("before 4.6"), std::string::npos);
  const std::vector<std::pair<std::string, int64_t>> figures{
      {"victim_pid", 4803}, {"kill_count", 4}, {"span_s", 122}};
  EXPECT_EQ(c.figures, figures);
  ASSERT_FALSE(x.advice.empty());
  EXPECT_NE(x.advice[0].find("pid 4803 did not exit"), std::string::npos) << x.advice[0];
}

TEST(RepeatKill, TheFirstKillOfAPidIsNoRepeat) {
  EXPECT_TRUE(explain_last({kill_of(4802, "fool", 73), kill_of(4803, "fool", 75)}).checks.empty());
  EXPECT_TRUE(explain_last({kill_of(4803, "fool", 75)}).checks.empty());
  // The same report twice (a paste repeated, two copies of one log): the same time is no second kill.
  EXPECT_TRUE(explain_last({kill_of(4803, "fool", 75), kill_of(4803, "fool", 75)}).checks.empty());
}

TEST(RepeatKill, APidReusedLongAfterOrByAnotherCommIsNoRepeat) {
  EXPECT_TRUE(explain_last({kill_of(100, "fool", 10), kill_of(100, "fool", 10 + kRepeatKillWindowS + 1)}).checks.empty());
  EXPECT_TRUE(explain_last({kill_of(100, "fool", 10), kill_of(100, "java", 20)}).checks.empty());
  // Another comm between: the chain stops there (the pid was a new process).
  EXPECT_TRUE(explain_last({kill_of(100, "fool", 10), kill_of(100, "java", 20), kill_of(100, "fool", 30)})
                  .checks.empty());
}

TEST(RepeatKill, AnotherBootHostOrSourceIsNoRepeat) {
  OomEvent a = kill_of(100, "fool", 10);
  OomEvent b = kill_of(100, "fool", 20);
  a.boot_id = "aaaa";
  b.boot_id = "bbbb";
  EXPECT_TRUE(explain_last({a, b}).checks.empty());
  b.boot_id = "aaaa";
  a.host = "h1";
  b.host = "h2";
  EXPECT_TRUE(explain_last({a, b}).checks.empty());
  b.host = "h1";
  EXPECT_EQ(explain_last({a, b}).checks.size(), 1u);
  // Time going back without a boot id: a reboot between the two.
  EXPECT_TRUE(explain_last({kill_of(100, "fool", 500), kill_of(7, "x", 5), kill_of(100, "fool", 20)}).checks.empty());
}

TEST(RepeatKill, NoTimeOrNoPidOrNoKillIsNoRepeat) {
  OomEvent untimed = kill_of(100, "fool", 10);
  untimed.time.monotonic_s.reset();
  EXPECT_TRUE(explain_last({untimed, untimed}).checks.empty());
  OomEvent no_kill = kill_of(100, "fool", 20);
  no_kill.kind = EventKind::panic;
  EXPECT_FALSE(kill_record(no_kill).has_value());
  EXPECT_FALSE(kill_record(OomEvent{}).has_value());
}

// RecentKills: what `explain` and `watch` keep between events. The check is taken against the kills read before
// (the event's own kill is kept after), and memory stays bounded on a long run of kills of others.
TEST(RecentKills, ChecksAgainstTheKillsBeforeThenKeepsBounded) {
  RecentKills kept;
  Explanation first;
  kept.check_then_keep(kill_of(4803, "fool", 75), first);
  EXPECT_TRUE(first.checks.empty());
  Explanation second;
  second.advice.push_back("explain()'s own advice");
  kept.check_then_keep(kill_of(4803, "fool", 96), second);
  ASSERT_EQ(second.checks.size(), 1u);
  EXPECT_EQ(second.checks[0].id, "victim_killed_again");
  ASSERT_EQ(second.advice.size(), 2u);
  EXPECT_NE(second.advice[0].find("pid 4803 did not exit"), std::string::npos);  // before explain()'s own
  // 5,000 kills of other pids, a second apart: never more than twice kKept records.
  for (int i = 0; i < 5000; ++i) {
    Explanation x;
    kept.check_then_keep(kill_of(10000 + i, "other", 100 + 0.1 * i), x);
    EXPECT_TRUE(x.checks.empty());
    ASSERT_LE(kept.size(), 2 * RecentKills::kKept);
  }
  EXPECT_GE(kept.size(), RecentKills::kKept);
  // A repeat within the kills kept is still found.
  Explanation again;
  kept.check_then_keep(kill_of(14999, "other", 600), again);
  ASSERT_EQ(again.checks.size(), 1u);
  EXPECT_EQ(again.checks[0].figures[1], (std::pair<std::string, int64_t>{"kill_count", 2}));
}

}  // namespace
}  // namespace oomlens
