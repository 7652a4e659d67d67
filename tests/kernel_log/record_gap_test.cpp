// kmsg sequence gaps inside a report: records a reader skipped on purpose
// (other facilities) are no loss; text with a jump in its kmsg sequence is.
#include <gtest/gtest.h>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

constexpr const char* kLines[] = {
    "leak invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
    "memory: usage 65536kB, limit 65536kB, failcnt 0",
    "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/t,task_memcg=/t,task=leak,pid=42,uid=0",
    "Memory cgroup out of memory: Killed process 42 (leak) total-vm:71296kB, anon-rss:65152kB, file-rss:3280kB, "
    "shmem-rss:0kB, UID:0 pgtables:176kB oom_score_adj:0",
};

bool has_loss_note(const OomEvent& e) {
  for (const auto& n : e.notes)
    if (n.find("were lost") != std::string::npos) return true;
  return false;
}

TEST(RecordGaps, RecordsSkippedByTheReaderAreNoLoss) {
  std::vector<OomEvent> events;
  ReportScanner scanner({}, [&](OomEvent&& e) { events.push_back(std::move(e)); });
  uint64_t seq = 100;
  for (const char* line : kLines) {
    RecordMeta meta;
    meta.kmsg_seq = seq;
    seq += 3;  // two userspace records between each kernel record
    scanner.feed_record(line, meta);
  }
  scanner.finish();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_FALSE(has_loss_note(events[0]));
  EXPECT_EQ(events[0].kmsg_seq, 100u);
}

TEST(RecordGaps, JumpInKmsgTextIsALoss) {
  std::string text;
  uint64_t seq = 100;
  for (const char* line : kLines) {
    text += "6," + std::to_string(seq) + ",1000,-;" + line + "\n";
    seq += 3;
  }
  auto events = parse_log_text(text);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_TRUE(has_loss_note(events[0]));
}

}  // namespace
}  // namespace oomlens
