#include "diagnose/event_filter.h"

#include <gtest/gtest.h>

#include "support/oom_builders.h"

namespace oomlens {
namespace {

OomEvent event(int64_t pid, std::string comm, std::optional<std::string> wall, std::string memcg = "") {
  testing::EventOf e;
  e.victim(testing::VictimOf(pid, std::move(comm))).wall(std::move(wall));
  if (!memcg.empty()) e.memcg(testing::MemcgOf().oom(memcg));
  return e;
}

TEST(ParseRfc3339, ZonesAndFractions) {
  EXPECT_EQ(wall_to_unix_s("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(wall_to_unix_s("2025-08-12T03:54:03+02:00"), 1754963643);
  EXPECT_EQ(wall_to_unix_s("2025-08-12T03:54:03.123456+0200"), 1754963643);
  EXPECT_EQ(wall_to_unix_s("2025-08-12T01:54:03Z"), wall_to_unix_s("2025-08-12T03:54:03+02:00"));
  EXPECT_FALSE(wall_to_unix_s("2025-13-12T03:54:03Z"));
  EXPECT_FALSE(wall_to_unix_s("yesterday"));
  EXPECT_FALSE(wall_to_unix_s("2025-08-12T03:54:03+2"));
}

TEST(ParseTimeSpec, RelativeAndEpoch) {
  EXPECT_EQ(parse_time_spec("-2h", 10000), 10000 - 7200);
  EXPECT_EQ(parse_time_spec("30m ago", 10000), 10000 - 1800);
  EXPECT_EQ(parse_time_spec("@1754960043", 0), 1754960043);
  EXPECT_FALSE(parse_time_spec("-2x", 0));
  EXPECT_FALSE(parse_time_spec("", 0));
  EXPECT_FALSE(parse_time_spec("@12abc", 0));
}

TEST(ApplyFilter, PidCommCgroupLast) {
  std::vector<OomEvent> evs = {event(1, "a", "2025-01-01T00:00:00Z", "/docker/abc"),
                               event(2, "python3", "2025-01-02T00:00:00Z", "/kubepods/pod1"),
                               event(3, "python3", std::nullopt)};
  EventFilter f;
  f.comm = "python3";
  EXPECT_EQ(apply_filter(evs, f).size(), 2u);
  f.last = 1;
  auto last = apply_filter(evs, f);
  ASSERT_EQ(last.size(), 1u);
  EXPECT_EQ(last[0].victims[0].pid, 3);
  EventFilter g;
  g.cgroup = "kubepods";
  EXPECT_EQ(apply_filter(evs, g).size(), 1u);
  EventFilter h;
  h.pid = 1;
  EXPECT_EQ(apply_filter(evs, h).size(), 1u);
}

TEST(ApplyFilter, SinceLeavesOutUntimedAndCountsThem) {
  std::vector<OomEvent> evs = {event(1, "a", "2025-01-01T00:00:00Z"), event(2, "b", "2025-01-03T00:00:00Z"),
                               event(3, "c", std::nullopt)};
  EventFilter f;
  f.since_unix_s = wall_to_unix_s("2025-01-02T00:00:00Z");
  size_t untimed = 0;
  auto out = apply_filter(evs, f, &untimed);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].victims[0].pid, 2);
  EXPECT_EQ(untimed, 1u);
}

}  // namespace
}  // namespace oomlens

namespace oomlens {
namespace {
TEST(WallToUnix, DateOnlyAndMinutes) {
  EXPECT_EQ(wall_to_unix_s("2025-08-12T00:00:00Z").value() % 86400, 0);
  EXPECT_TRUE(wall_to_unix_s("2025-08-12").has_value());
  EXPECT_TRUE(wall_to_unix_s("2025-08-12 03:54").has_value());
  EXPECT_EQ(wall_to_unix_s("2025-08-12T03:54Z"), wall_to_unix_s("2025-08-12T03:54:00Z"));
}
}  // namespace
}  // namespace oomlens
