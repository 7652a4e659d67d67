// Reading a record back within bounds (monitor/record_read.cpp; issue 21,
// item 3): overlong and deeply nested lines are skipped with a note, notes
// are capped, and a stream without a header (report /dev/zero) stops.
#include <gtest/gtest.h>

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
  std::string err;
  auto r = read_record(t.root() + "/r.jsonl", &err);
  ASSERT_TRUE(r) << err;
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

TEST(RecordRead, DevZeroIsNotARecordAndReadingStops) {
  std::string err;
  auto r = read_record("/dev/zero", &err);  // endless, no newline: must end, in bounded memory
  ASSERT_TRUE(r) << err;
  EXPECT_FALSE(r->header);
  EXPECT_TRUE(has_note(*r, "no header line in the first 16 MiB"));
}

}  // namespace
}  // namespace oomlens::monitor
