// LiveCapture (a capture behind the burst limiter, shared by `watch` and
// `daemon`) and StateKeeper (the daemon's resume), on a kmsg records file
// in a fixture tree.
#include <gtest/gtest.h>

#include <cerrno>
#include <string>
#include <vector>

#include "support/fixture_tree.h"
#include "watch/live_capture.h"
#include "watch/state_file.h"

namespace oomlens::watch {
namespace {

using testing::FixtureTree;

constexpr const char* kBootId = "0f6b9c4e-3d2a-4b1c-9e8f-7a6b5c4d3e2f";

// N kill lines, sequence numbers 10, 11, …: N events when replayed.
std::string kills(int n) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += "3," + std::to_string(10 + i) + "," + std::to_string(1000 + i) +
           ",-;Memory cgroup out of memory: Killed process " + std::to_string(100 + i) +
           " (leaker) total-vm:8kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n";
  return out;
}

CaptureOptions replay(const FixtureTree& t) {
  CaptureOptions o;
  o.root = t.root();
  o.kmsg_path = t.root() + "/kmsg";
  o.from_start = true;
  o.counters = false;
  o.tracepoints = false;
  return o;
}

struct Seen {
  std::vector<WatchEvent> seen, output;
  LiveHooks hooks() {
    LiveHooks h;
    h.seen = [this](const WatchEvent& w) { seen.push_back(w); };
    h.output = [this](WatchEvent&& w) { output.push_back(std::move(w)); };
    return h;
  }
};

// N kills replayed through a LiveCapture whose burst budget is 2 full events.
Seen replay_with_budget_of_two(int n, bool every_event) {
  FixtureTree t;
  t.write("kmsg", kills(n));
  Seen got;
  BurstOptions burst;
  burst.full_events = 2;
  LiveCapture live(replay(t), got.hooks(), every_event, burst);
  auto opened = live.open();
  EXPECT_TRUE(opened) << opened.error().message();
  live.finish();
  return got;
}

TEST(LiveCapture, ReplayBeyondTheBudgetIsOneSummaryAndEveryEventIsSeen) {
  Seen got = replay_with_budget_of_two(5, false);
  EXPECT_EQ(got.seen.size(), 5u);  // the metrics' view: every event
  ASSERT_EQ(got.output.size(), 3u);  // two in full, the rest summarised at open
  EXPECT_EQ(got.output[0].type, EmitType::event);
  EXPECT_EQ(got.output[1].type, EmitType::event);
  EXPECT_EQ(got.output[2].type, EmitType::summary);
  ASSERT_TRUE(got.output[2].summary);
  EXPECT_EQ(got.output[2].summary->events, 3u);
  EXPECT_EQ(got.output[2].kills, 3u);
}

TEST(LiveCapture, EveryEventFoldsNothing) {
  Seen got = replay_with_budget_of_two(5, true);
  ASSERT_EQ(got.output.size(), 5u);
  for (const auto& w : got.output) EXPECT_EQ(w.type, EmitType::event);
}

TEST(LiveCapture, SourceErrorIsTheCaptures) {
  FixtureTree t;  // no kmsg file
  Seen got;
  LiveCapture live(replay(t), got.hooks());
  auto opened = live.open();
  ASSERT_FALSE(opened);
  EXPECT_EQ(opened.error().what, "/dev/kmsg");
  EXPECT_EQ(opened.error().errnum, ENOENT);  // the reader's errno, not only its text
  EXPECT_EQ(opened.error().message(), "/dev/kmsg: No such file or directory");
  EXPECT_TRUE(got.output.empty());
}

TEST(StateKeeper, SavesWhereTheCaptureIsAndResumesInTheSameBootOnly) {
  FixtureTree t;
  t.write("kmsg", kills(2));
  t.write("proc/sys/kernel/random/boot_id", std::string(kBootId) + "\n");
  const std::string path = t.root() + "/var/state.json";
  StateKeeper state(path);
  EXPECT_FALSE(state.resume_seq(t.root()));  // no file yet
  {
    Seen got;
    LiveHooks hooks = got.hooks();
    hooks.seen = [&](const WatchEvent&) { state.note_event(); };
    LiveCapture live(replay(t), std::move(hooks));
    ASSERT_TRUE(live.open());
    ASSERT_TRUE(live.capture().safe_seq());
    EXPECT_TRUE(state.save_if_changed(live.capture()));
  }
  auto saved = read_state(path);
  ASSERT_TRUE(saved);
  EXPECT_EQ(saved->boot_id, kBootId);
  EXPECT_EQ(saved->last_kmsg_seq, 11u);
  EXPECT_EQ(state.resume_seq(t.root()), 11u);
  // Another boot: the saved sequence number means nothing there.
  t.write("proc/sys/kernel/random/boot_id", "1f6b9c4e-3d2a-4b1c-9e8f-7a6b5c4d3e2f\n");
  EXPECT_FALSE(state.resume_seq(t.root()));
}

TEST(StateKeeper, SavesOnlyAfterEventsAndNothingWithoutAPath) {
  FixtureTree t;
  t.write("kmsg", kills(1));
  t.write("proc/sys/kernel/random/boot_id", std::string(kBootId) + "\n");
  Seen got;
  LiveCapture live(replay(t), got.hooks());
  ASSERT_TRUE(live.open());
  const std::string path = t.root() + "/state.json";
  StateKeeper state(path);
  EXPECT_TRUE(state.save_if_changed(live.capture()));  // no event noted: nothing written
  EXPECT_FALSE(read_state(path));
  EXPECT_TRUE(state.save(live.capture()));  // at exit: written whatever came
  EXPECT_TRUE(read_state(path));
  StateKeeper none("");  // --no-state
  none.note_event();
  EXPECT_TRUE(none.save(live.capture()));
  EXPECT_FALSE(none.resume_seq(t.root()));
}

}  // namespace
}  // namespace oomlens::watch
