#include "logsource/live_sources.h"

#include <gtest/gtest.h>

#include <map>

#include "logsource_test_util.h"

namespace oomlens {
namespace {

using testing::RecordingSink;

/// A factory whose sinks outlive the run, so the test can inspect them.
struct Sinks {
  std::vector<std::string> order;
  std::map<std::string, RecordingSink*> by_name;
  std::vector<std::unique_ptr<RecordingSink>> kept;
  int ended = 0;

  SinkFactory factory() {
    return [this](const PlannedSource& src) -> std::unique_ptr<LogSink> {
      order.push_back(src.name);
      kept.push_back(std::make_unique<RecordingSink>());
      by_name[src.name] = kept.back().get();
      // Hand out a forwarding sink so the recorded one survives destruction.
      struct Forward final : LogSink {
        RecordingSink* to;
        int* ended;
        void text(std::string_view c) override { to->text(c); }
        void record(std::string_view m, const RecordMeta& meta) override { to->record(m, meta); }
        void gap(std::string_view w) override { to->gap(w); }
        void end() override {
          to->end();
          ++*ended;
        }
      };
      auto f = std::make_unique<Forward>();
      f->to = kept.back().get();
      f->ended = &ended;
      return f;
    };
  }
};

TEST(LiveSources, PlanOnFixtureRoot) {
  testing::FixtureTree dir;
  const auto root = (dir.path() / "root").string();
  testing::make_fixture_root(root);
  LiveOptions o;
  o.root = root;
  const auto plan = plan_live_sources(o);
  ASSERT_EQ(plan.size(), 3u);
  EXPECT_EQ(plan[0].kind, PlannedSource::Kind::kmsg);
  EXPECT_EQ(plan[0].paths, (std::vector<std::string>{root + "/dev/kmsg"}));
  EXPECT_EQ(plan[1].kind, PlannedSource::Kind::journal);
  EXPECT_EQ(plan[2].kind, PlannedSource::Kind::files);
  EXPECT_EQ(plan[2].name, root + "/var/log/kern.log");
  EXPECT_EQ(plan[2].paths.size(), 3u);
  EXPECT_TRUE(plan[2].default_year);
}

TEST(LiveSources, ReadsEverySourceIntoItsOwnSink) {
  testing::FixtureTree dir;
  const auto root = (dir.path() / "root").string();
  testing::make_fixture_root(root);
  LiveOptions o;
  o.root = root;
  Sinks sinks;
  const auto results = read_live_sources(o, sinks.factory());
  // kmsg, journal (absent), then one result per kern.log file.
  ASSERT_EQ(results.size(), 5u);
  EXPECT_EQ(results[0].name, "kmsg");
  EXPECT_EQ(results[0].records, 7u);
  EXPECT_EQ(results[1].name, "journal");
  EXPECT_FALSE(results[1].used);
  EXPECT_FALSE(results[1].error);
  EXPECT_EQ(results[2].name, root + "/var/log/kern.log.2.gz");
  EXPECT_EQ(results[3].name, root + "/var/log/kern.log.1");
  EXPECT_EQ(results[4].name, root + "/var/log/kern.log");
  for (size_t i = 2; i < 5; ++i) EXPECT_EQ(results[i].records, 2u) << results[i].name;

  EXPECT_EQ(sinks.order, (std::vector<std::string>{"kmsg", "journal", root + "/var/log/kern.log"}));
  EXPECT_EQ(sinks.ended, 3);  // the runner ends each sink once
  EXPECT_EQ(sinks.by_name["kmsg"]->records.size(), 7u);
  const std::string& text = sinks.by_name[root + "/var/log/kern.log"]->all_text;
  // Oldest first, in one sink: a report cut by a rotation is whole.
  EXPECT_LT(text.find("kern.log.2.gz last line"), text.find("kern.log.1 first line"));
  EXPECT_LT(text.find("kern.log.1 last line"), text.find("kern.log first line"));
}

TEST(LiveSources, NoSyslogFilesIsReported) {
  testing::FixtureTree dir;
  LiveOptions o;
  o.root = dir.root();
  o.kmsg = false;
  o.journal = false;
  Sinks sinks;
  const auto results = read_live_sources(o, sinks.factory());
  ASSERT_EQ(results.size(), 1u);
  EXPECT_FALSE(results[0].used);
  ASSERT_EQ(results[0].notes.size(), 1u);
  EXPECT_NE(results[0].notes[0].find("no syslog files"), std::string::npos);
  EXPECT_TRUE(sinks.order.empty());  // no sink for nothing
}

TEST(LiveSources, FactoryMayDeclineASource) {
  testing::FixtureTree dir;
  const auto root = (dir.path() / "root").string();
  testing::make_fixture_root(root);
  LiveOptions o;
  o.root = root;
  int made = 0;
  const auto results = read_live_sources(o, [&](const PlannedSource& s) -> std::unique_ptr<LogSink> {
    if (s.kind != PlannedSource::Kind::kmsg) return nullptr;
    ++made;
    return std::make_unique<RecordingSink>();
  });
  EXPECT_EQ(made, 1);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].name, "kmsg");
}

}  // namespace
}  // namespace oomlens
