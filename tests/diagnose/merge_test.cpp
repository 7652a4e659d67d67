#include "diagnose/merge.h"

#include <gtest/gtest.h>

#include "support/oom_builders.h"

namespace oomlens {
namespace {

using testing::EventOf;
using testing::VictimOf;

constexpr const char* kBoot1 = "0f3a9c2e1b2d4e5f8a9b0c1d2e3f4a5b";
constexpr const char* kBoot2 = "aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb";

OomEvent event(std::string source, std::vector<int64_t> victim_pids, std::optional<double> mono,
               std::optional<std::string> wall = std::nullopt,
               std::optional<std::string> boot = std::nullopt) {
  EventOf e;
  e.source(std::move(source)).at(mono).wall(std::move(wall)).boot_id(std::move(boot));
  for (const int64_t pid : victim_pids) e.victim(VictimOf(pid, "stress"));
  return e;
}

TEST(Merge, KmsgAndJournalCopiesBecomeOne) {
  OomEvent kmsg = event("kmsg", {4242}, 6.0001, std::nullopt, kBoot1);
  kmsg.kmsg_seq = 111;
  kmsg.victims[0].anon_rss_bytes = 900 * 1024;
  OomEvent journal = event("journal", {4242}, 6.0, "2023-11-16T02:00:00.000000Z", kBoot1);
  journal.host = "box";
  const auto out = dedup_events({journal, kmsg});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].source, "kmsg");  // knows more (seq, anon_rss)
  EXPECT_EQ(out[0].kmsg_seq, 111u);
  EXPECT_EQ(out[0].host, "box");     // union: from the journal copy
  EXPECT_EQ(out[0].time.wall, "2023-11-16T02:00:00.000000Z");
  EXPECT_DOUBLE_EQ(*out[0].time.monotonic_s, 6.0001);
}

TEST(Merge, KillsWithoutPidAreNeverMerged) {
  // Linux 2.4's `VM: killing process NAME` prints no pid: two such kills of
  // one name, even at one time, cannot be told from one seen twice.
  auto pidless = [](const std::string& source, const std::string& comm, std::optional<double> mono) {
    OomEvent e = event(source, {}, mono);
    e.victims.push_back(VictimOf(std::nullopt, comm));
    return e;
  };
  EXPECT_FALSE(same_report(pidless("kmsg", "gammu-smsd", 5.0), pidless("journal", "gammu-smsd", 5.0)));
  EXPECT_FALSE(same_report(pidless("a.log", "x", std::nullopt), pidless("a.log", "x", std::nullopt)));
  // Nor with a kill whose pid is printed (a pid-less victim is not "no victim").
  OomEvent mixed = event("kmsg", {42}, 5.0);
  mixed.victims.push_back(pidless("kmsg", "y", 5.0).victims[0]);
  EXPECT_FALSE(same_report(mixed, event("journal", {42}, 5.0)));
  const auto out = dedup_events({pidless("a.log", "gammu-smsd", std::nullopt), pidless("a.log", "gammu-smsd", std::nullopt),
                                 pidless("a.log", "other", std::nullopt)});
  ASSERT_EQ(out.size(), 3u);
  for (const auto& e : out) EXPECT_FALSE(e.victims[0].pid.has_value());
}

TEST(Merge, DashedAndPlainBootIdsAreTheSameBoot) {
  const auto out = dedup_events({event("kmsg", {1}, 10.0, std::nullopt, "0f3a9c2e-1b2d-4e5f-8a9b-0c1d2e3f4a5b"),
                                 event("journal", {1}, 10.2, std::nullopt, kBoot1)});
  EXPECT_EQ(out.size(), 1u);
}

TEST(Merge, KernLogCopyWithoutBootIdMergesIntoKmsg) {
  // kern.log knows no boot id but prints the printk time and a wall time.
  const auto out = dedup_events({event("kmsg", {7}, 100.0, std::nullopt, kBoot1),
                                 event("/var/log/kern.log", {7}, 100.0, "2023-11-16T03:00:00+01:00")});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].source, "kmsg");  // tie on fields: kmsg preferred
  EXPECT_EQ(out[0].boot_id, kBoot1);
  EXPECT_EQ(out[0].time.wall, "2023-11-16T03:00:00+01:00");
}

TEST(Merge, DifferentBootsStayApart) {
  const auto out = dedup_events({event("journal", {7}, 100.0, std::nullopt, kBoot1),
                                 event("journal", {7}, 100.0, std::nullopt, kBoot2)});
  EXPECT_EQ(out.size(), 2u);
}

TEST(Merge, MonotonicTimesMoreThanOneSecondApartStayApart) {
  const auto out = dedup_events({event("kmsg", {7}, 100.0, std::nullopt, kBoot1),
                                 event("journal", {7}, 101.5, std::nullopt, kBoot1)});
  EXPECT_EQ(out.size(), 2u);
}

TEST(Merge, DifferentVictimsStayApart) {
  const auto out = dedup_events({event("kmsg", {7}, 100.0, std::nullopt, kBoot1),
                                 event("journal", {8}, 100.0, std::nullopt, kBoot1),
                                 event("journal", {7, 8}, 100.0, std::nullopt, kBoot1)});
  EXPECT_EQ(out.size(), 3u);
}

TEST(Merge, WithoutMonotonicTimeWallWithinTwoSeconds) {
  // E.g. a syslog file without printk timestamps and the journal.
  const auto same = dedup_events({event("journal", {9}, 50.0, "2023-11-16T02:00:00.000000Z", kBoot1),
                                  event("/var/log/messages", {9}, std::nullopt, "2023-11-16T03:00:01+01:00")});
  EXPECT_EQ(same.size(), 1u);
  const auto apart = dedup_events({event("journal", {9}, 50.0, "2023-11-16T02:00:00.000000Z", kBoot1),
                                   event("/var/log/messages", {9}, std::nullopt, "2023-11-16T02:00:03Z")});
  EXPECT_EQ(apart.size(), 2u);
}

TEST(Merge, SameUptimeDifferentWallTimesStayApart) {
  // Two boots' kern.log reports (no boot id) with the same pid and uptime.
  const auto out = dedup_events({event("/var/log/kern.log", {300}, 20.0, "2023-11-10T10:00:00Z"),
                                 event("/var/log/kern.log", {300}, 20.0, "2023-11-12T10:00:00Z")});
  EXPECT_EQ(out.size(), 2u);
}

TEST(Merge, NoVictimsUseTheTriggerPid) {
  OomEvent a = event("kmsg", {}, 5.0, std::nullopt, kBoot1);
  a.kind = EventKind::no_killable;
  a.trigger = Trigger{};
  a.trigger->pid = 55;
  OomEvent b = a;
  b.source = "journal";
  b.time.monotonic_s = 5.5;
  OomEvent c = a;
  c.trigger->pid = 56;
  EXPECT_EQ(dedup_events({a, b, c}).size(), 2u);
  OomEvent no_pid = a;
  no_pid.trigger->pid.reset();
  EXPECT_EQ(dedup_events({no_pid, no_pid}).size(), 2u);  // nothing to match on
}

TEST(Merge, UnionFillsVictimFieldsAndNotes) {
  OomEvent rich = event("kmsg", {7}, 1.0, std::nullopt, kBoot1);
  rich.victims[0].anon_rss_bytes = 1;
  rich.victims[0].total_vm_bytes = 2;
  rich.notes = {"lost lines"};
  OomEvent poor = event("journal", {7}, 1.0, std::nullopt, kBoot1);
  poor.victims[0].reaped = Reaped{};
  poor.victims[0].reaped->anon_rss_bytes = 0;
  poor.notes = {"lost lines", "other"};
  const auto out = dedup_events({poor, rich});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].source, "kmsg");
  EXPECT_TRUE(out[0].victims[0].reaped);
  EXPECT_EQ(out[0].notes, (std::vector<std::string>{"lost lines", "other"}));
}

TEST(Merge, OrdersByBootThenTime) {
  // Boot 2 is older (earlier wall times); within a boot, by monotonic time.
  std::vector<OomEvent> in{
      event("journal", {3}, 30.0, "2023-11-20T00:00:30Z", kBoot1),
      event("journal", {2}, 20.0, "2023-11-20T00:00:20Z", kBoot1),
      event("journal", {1}, 90.0, "2023-11-10T00:01:30Z", kBoot2),
      event("kmsg", {4}, 40.0, std::nullopt, kBoot1),
      event("/var/log/kern.log", {5}, 5.0, "2023-11-15T00:00:00Z"),
      event("dmesg.txt", {6}, 1.0),
  };
  const auto out = dedup_events(in);
  std::vector<int64_t> order;
  for (const auto& e : out) order.push_back(e.victims[0].pid.value());
  EXPECT_EQ(order, (std::vector<int64_t>{1, 5, 2, 3, 4, 6}));
}

TEST(Merge, KnownFieldsCountsWhatIsKnown) {
  OomEvent e;
  const int empty = known_fields(e);
  e.trigger = Trigger{};
  e.trigger->pid = 1;
  EXPECT_GT(known_fields(e), empty + 1);
}

// The live merge in bounded memory (issue 21, item 3).
TEST(MergeWindow, KeepsTheNewestAndCountsTheOlder) {
  MergeWindow w(10, 1000);
  for (int i = 0; i < 100; ++i) w.add(event("kmsg", {1000 + i}, 10.0 * i, std::nullopt, kBoot1));
  // A second copy of each of the last five, from the journal.
  for (int i = 95; i < 100; ++i) w.add(event("journal", {1000 + i}, 10.0 * i + 0.001, std::nullopt, kBoot1));
  const auto out = w.finish();
  ASSERT_EQ(out.size(), 10u);
  EXPECT_EQ(out.front().victims[0].pid, 1090);
  EXPECT_EQ(out.back().victims[0].pid, 1099);
  EXPECT_EQ(w.dropped(), 90u);
}

TEST(MergeWindow, BoundsTheTaskRowsHeld) {
  MergeWindow w(1000, 100);
  for (int i = 0; i < 20; ++i) {
    OomEvent e = event("kmsg", {1000 + i}, 10.0 * i, std::nullopt, kBoot1);
    e.tasks.resize(30);
    w.add(std::move(e));
  }
  const auto out = w.finish();
  ASSERT_EQ(out.size(), 3u);  // 90 rows; a fourth would make 120
  EXPECT_EQ(out.back().victims[0].pid, 1019);
  EXPECT_EQ(w.dropped(), 17u);
}

TEST(MergeWindow, UnderItsBoundIsDedupEvents) {
  std::vector<OomEvent> in = {event("journal", {7}, 5.0, "2023-11-16T02:00:00Z", kBoot1),
                              event("kmsg", {7}, 5.0004, std::nullopt, kBoot1),
                              event("/var/log/kern.log", {7}, 5.0, "2023-11-16T02:00:00Z"),
                              event("kmsg", {8}, 2.0, std::nullopt, kBoot1)};
  MergeWindow w;
  for (const OomEvent& e : in) w.add(OomEvent(e));
  const auto a = w.finish();
  const auto b = dedup_events(in);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].source, b[i].source);
    EXPECT_EQ(a[i].victims[0].pid, b[i].victims[0].pid);
    EXPECT_EQ(a[i].time.wall, b[i].time.wall);
  }
  EXPECT_EQ(a.size(), 2u);
  EXPECT_EQ(w.dropped(), 0u);
}

}  // namespace
}  // namespace oomlens
