// The daemon's shared state and its answers: /events (bounded, redacted,
// ?limit=N) and /metrics, and the index page.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "render/prometheus.h"
#include "support/fixture_tree.h"
#include "support/oom_builders.h"
#include "watch/served_state.h"

namespace oomlens::watch {
namespace {

using testing::FixtureTree;

nlohmann::json event(int pid) {
  return {{"type", "event"}, {"tasks", {1, 2}}, {"victims", {{{"pid", pid}, {"cmdline", "secret --token=x"}}}}};
}

nlohmann::json events_of(const HttpResponse& r) {
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/json");
  return nlohmann::json::parse(r.body);
}

TEST(ServedState, EventsKeepsTheNewestRedacted) {
  FixtureTree t;
  ServedState s({}, 2, t.root(), "test");
  EXPECT_EQ(s.events({}).body, "{\"events\":[]}\n");
  for (int pid : {1, 2, 3}) s.keep(event(pid));
  auto all = events_of(s.events({}));
  ASSERT_EQ(all["events"].size(), 2u);  // keep_events 2: the oldest went
  EXPECT_EQ(all["events"][0]["victims"][0]["pid"], 2);
  EXPECT_EQ(all["events"][1]["victims"][0]["pid"], 3);
  EXPECT_EQ(all["events"][1]["victims"][0]["cmdline"], "[redacted]");
  EXPECT_FALSE(all["events"][1].contains("tasks"));
}

TEST(ServedState, EventsLimitIsTheNewestN) {
  FixtureTree t;
  ServedState s({}, 10, t.root(), "test");
  for (int pid : {1, 2, 3}) s.keep(event(pid));
  auto one = events_of(s.events({{"limit", "1"}}));
  ASSERT_EQ(one["events"].size(), 1u);
  EXPECT_EQ(one["events"][0]["victims"][0]["pid"], 3);
  EXPECT_EQ(events_of(s.events({{"limit", "0"}}))["events"].size(), 0u);
  EXPECT_EQ(events_of(s.events({{"limit", "99999999999999999999"}}))["events"].size(), 3u);
  auto bad = s.events({{"limit", "-1"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body, "limit: not a number\n");
}

TEST(ServedState, MetricsCountEventsAndTheLogsRecords) {
  FixtureTree t;
  ServedState s({}, 10, t.root(), "9.9");
  WatchEvent w;
  w.kills = 1;
  w.event = testing::EventOf(EventKind::kill).victim(testing::VictimOf(7, "leaker"));
  s.count(w);
  s.set_log_counts(12, 3);
  auto r = s.metrics();
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, prom::kContentType);
  EXPECT_NE(r.body.find("comm=\"leaker\""), std::string::npos) << r.body;
  EXPECT_NE(r.body.find("version=\"9.9\""), std::string::npos) << r.body;
  EXPECT_NE(r.body.find(" 12\n"), std::string::npos) << r.body;
}

TEST(IndexPage, NamesWhatIsServed) {
  auto with = index_page(true);
  EXPECT_EQ(with.status, 200);
  EXPECT_NE(with.body.find("/metrics"), std::string::npos);
  EXPECT_NE(with.body.find("/events"), std::string::npos);
  EXPECT_EQ(index_page(false).body.find("/events"), std::string::npos);
}

}  // namespace
}  // namespace oomlens::watch
