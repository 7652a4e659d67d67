// Reading a record back within bounds (monitor/record_read.cpp; issue 21,
// item 3): overlong and deeply nested lines are skipped with a note, notes
// are capped, and a stream without a header (report /dev/zero) stops.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include <string>

#include "support/fixture_tree.h"
#include "monitor/record.h"

namespace oomlens::monitor {
namespace {

const std::string kHeader = "{\"type\":\"header\",\"schema_version\":1}\n";
const std::string kSample = "{\"type\":\"sample\",\"t_s\":1.0}\n";

bool has_note(const Record& r, const std::string& part) {
  for (const auto& n : r.notes)
    if (n.find(part) != std::string::npos) return true;
  return false;
}

TEST(RecordRead, DepthIsCountedOutsideStrings) {
  EXPECT_EQ(json_depth("{\"a\":[1,{\"b\":2}]}"), 3u);
  EXPECT_EQ(json_depth("{\"a\":\"[[[[\\\"[[\"}"), 1u);
  EXPECT_EQ(json_depth(std::string(1000, '['), 65), 65u);  // stops counting at `stop`
}

TEST(RecordRead, DeepAndOverlongLinesAreSkippedAndTheRestIsRead) {
  testing::FixtureTree t;
  const std::string deep = "{\"type\":\"event\",\"x\":" + std::string(100000, '[') + std::string(100000, ']') + "}\n";
  const std::string overlong = "{\"type\":\"event\",\"x\":\"" + std::string(kMaxRecordLineBytes + 10, 'a') + "\"}\n";
  t.write("r.jsonl", kHeader + deep + overlong + kSample);
  auto r = read_record(t.root() + "/r.jsonl");
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_TRUE(r->header);
  EXPECT_TRUE(r->events.empty());
  EXPECT_EQ(r->samples.size(), 1u);
  EXPECT_TRUE(has_note(*r, "line 2 is nested deeper than 64 levels"));
  EXPECT_TRUE(has_note(*r, "line 3 is longer than 1 MiB"));
  // The same text parsed whole says the same.
  Record whole = parse_record(kHeader + deep + overlong + kSample);
  EXPECT_EQ(whole.samples.size(), 1u);
  EXPECT_EQ(whole.notes, r->notes);
}

TEST(RecordRead, NotesAreCapped) {
  std::string text = kHeader;
  for (int i = 0; i < 1000; ++i) text += "not json\n";
  Record r = parse_record(text);
  EXPECT_EQ(r.notes.size(), kMaxRecordNotes + 1);
  EXPECT_EQ(r.notes.back(), "980 more notes like these");
}

TEST(RecordRead, AMissingFileSaysWhatFailedAndWhy) {
  auto r = read_record("/nonexistent/oomlens/r.jsonl");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().errnum, ENOENT);
  EXPECT_EQ(r.error().message(), "cannot read /nonexistent/oomlens/r.jsonl: No such file or directory");
}

TEST(RecordRead, DevZeroIsNotARecordAndReadingStops) {
  auto r = read_record("/dev/zero");  // endless, no newline: must end, in bounded memory
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_FALSE(r->header);
  EXPECT_TRUE(has_note(*r, "no header line in the first 16 MiB"));
}

std::string sample_line(int i, double anon) {
  return "{\"type\":\"sample\",\"t_s\":" + std::to_string(i) + ",\"cgroup\":{\"anon_bytes\":" +
         std::to_string(static_cast<long long>(anon)) + ",\"shmem_bytes\":0}}\n";
}

TEST(RecordRead, FewSamplesAreAllKept) {
  std::string text = kHeader;
  for (int i = 0; i < 1000; ++i) text += sample_line(i, 1000 + i);
  Record r = parse_record(text);
  EXPECT_EQ(r.samples_read, 1000u);
  EXPECT_EQ(r.samples.size(), 1000u);
  EXPECT_FALSE(r.thinned());
  EXPECT_FALSE(has_note(r, "thinned"));
}

TEST(RecordRead, ManySamplesAreThinnedKeepingEachColumnsLowestAndHighestAndTheLast) {
  std::string text = kHeader;
  const int n = 100000;
  for (int i = 0; i < n; ++i) {
    double level = 5000 + (i % 97);
    if (i == 54321) level = 1e9;  // one spike
    if (i == 77777) level = 1;    // one trough
    text += sample_line(i, level);
  }
  Record r = parse_record(text);
  EXPECT_EQ(r.samples_read, static_cast<uint64_t>(n));
  EXPECT_TRUE(r.thinned());
  EXPECT_LE(r.samples.size(), 2 * kMaxSampleColumns + 1);
  EXPECT_GE(r.samples.size(), kMaxSampleColumns);  // at least one per column
  double hi = 0, lo = 1e18, prev_t = -1;
  for (auto& s : r.samples) {
    hi = std::max(hi, sample_level(s));
    lo = std::min(lo, sample_level(s));
    EXPECT_GT(s["t_s"].get<double>(), prev_t);  // time order
    prev_t = s["t_s"].get<double>();
  }
  EXPECT_EQ(hi, 1e9);
  EXPECT_EQ(lo, 1);
  EXPECT_EQ(r.samples.back()["t_s"].get<double>(), n - 1);  // the last sample read
  EXPECT_TRUE(has_note(r, "100000 samples thinned to"));
}

TEST(RecordRead, OtherProcessesStartsPastTheBoundAreCountedTheMainsKept) {
  std::string text = kHeader;
  for (int i = 0; i < 10000; ++i)
    text += "{\"type\":\"event\",\"kind\":\"process_start\",\"role\":\"other\",\"pid\":" + std::to_string(i + 10) + "}\n";
  text += "{\"type\":\"event\",\"kind\":\"process_start\",\"role\":\"main\",\"pid\":1}\n";
  text += "{\"type\":\"event\",\"kind\":\"oom_kill\",\"pid\":1}\n";
  Record r = parse_record(text);
  EXPECT_EQ(r.events.size(), kMaxRecordOtherProcessEvents + 2);
  EXPECT_EQ(r.events_dropped, 10000 - kMaxRecordOtherProcessEvents);
  EXPECT_EQ(r.events.back()["kind"], "oom_kill");
  EXPECT_TRUE(has_note(r, "events not kept"));
}

TEST(RecordRead, AStreamIsReadOnAfterItsPrefix) {
  testing::FixtureTree t;
  const std::string text = kHeader + kSample + kSample;
  t.write("r.jsonl", text);
  int fd = ::open((t.root() + "/r.jsonl").c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  char head[20];
  ASSERT_EQ(::read(fd, head, sizeof head), static_cast<ssize_t>(sizeof head));  // mid-line
  Record r = read_record_fd(fd, std::string_view(head, sizeof head));
  ::close(fd);
  EXPECT_TRUE(r.header);
  EXPECT_EQ(r.samples.size(), 2u);
  EXPECT_TRUE(r.notes.empty());
}

}  // namespace
}  // namespace oomlens::monitor
