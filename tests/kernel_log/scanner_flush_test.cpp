// ReportScanner::flush_idle()/idle(): the quiet-window flush `oomlens watch`
// uses on live input, where a report has no end marker.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

// A 6.x memcg report as /dev/kmsg records (no prefixes).
const std::vector<std::string> kRecords = {
    "leaker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
    "CPU: 1 PID: 4242 Comm: leaker Not tainted 6.1.0 #1",
    "memory: usage 65536kB, limit 65536kB, failcnt 12",
    "Tasks state (memory values in pages):",
    "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
    "[   4242]     0  4242    20000    16000   200704        0             0 leaker",
    "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/t,task_memcg=/t,"
    "task=leaker,pid=4242,uid=0",
    "Memory cgroup out of memory: Killed process 4242 (leaker) total-vm:80000kB, anon-rss:64000kB, "
    "file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:196kB oom_score_adj:0",
};

struct Fed {
  std::vector<OomEvent> events;
  ReportScanner scanner{ScanOptions{"kmsg", std::nullopt}, [this](OomEvent&& e) { events.push_back(std::move(e)); }};
  void feed(size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      RecordMeta m;
      m.kmsg_seq = 100 + i;
      m.monotonic_s = 50.0 + 0.001 * static_cast<double>(i);
      scanner.feed_record(kRecords[i], m);
    }
  }
};

TEST(ScannerFlushIdle, EmitsFinishedReportWithoutWaitingForReaper) {
  Fed f;
  f.feed(0, kRecords.size());
  EXPECT_TRUE(f.events.empty());  // still open: group kills or the reaper may follow
  EXPECT_FALSE(f.scanner.idle());
  EXPECT_EQ(f.scanner.flush_idle(), 1u);
  ASSERT_EQ(f.events.size(), 1u);
  EXPECT_TRUE(f.scanner.idle());
  ASSERT_EQ(f.events[0].victims.size(), 1u);
  EXPECT_EQ(f.events[0].victims[0].pid, 4242);
  EXPECT_EQ(f.events[0].kmsg_seq, 100u);
  EXPECT_FALSE(f.events[0].victims[0].reaped);
  // A late reaper line attaches to nothing and opens nothing.
  RecordMeta m;
  m.kmsg_seq = 200;
  f.scanner.feed_record("oom_reaper: reaped process 4242 (leaker), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB", m);
  EXPECT_TRUE(f.scanner.idle());
  EXPECT_EQ(f.scanner.flush_idle(true), 0u);
  EXPECT_EQ(f.events.size(), 1u);
}

TEST(ScannerFlushIdle, KeepsReportWithoutOutcomeUnlessForced) {
  Fed f;
  f.feed(0, 3);  // header .. memory: line, no kill yet
  EXPECT_EQ(f.scanner.flush_idle(), 0u);
  EXPECT_FALSE(f.scanner.idle());
  f.feed(3, kRecords.size());  // the rest arrives: still one report
  EXPECT_EQ(f.scanner.flush_idle(), 1u);
  ASSERT_EQ(f.events.size(), 1u);
  EXPECT_TRUE(f.events[0].trigger.has_value());
  EXPECT_EQ(f.events[0].victims.size(), 1u);

  Fed g;
  g.feed(0, 3);
  EXPECT_EQ(g.scanner.flush_idle(true), 1u);
  ASSERT_EQ(g.events.size(), 1u);
  EXPECT_TRUE(g.events[0].victims.empty());
}

TEST(ScannerFlushIdle, ReaperWithinWindowIsAttached) {
  Fed f;
  f.feed(0, kRecords.size());
  RecordMeta m;
  m.kmsg_seq = 120;
  f.scanner.feed_record("oom_reaper: reaped process 4242 (leaker), now anon-rss:0kB, file-rss:4kB, shmem-rss:0kB", m);
  EXPECT_EQ(f.scanner.flush_idle(), 1u);
  ASSERT_EQ(f.events.size(), 1u);
  ASSERT_TRUE(f.events[0].victims[0].reaped);
  EXPECT_EQ(f.events[0].victims[0].reaped->file_rss_bytes, 4096u);
}

}  // namespace
}  // namespace oomlens
