// `journalctl -o verbose` records (kernel_log/journal_verbose.h): the time of
// a MESSAGE= line comes from its record's cursor line or fields (issue 12).
#include <gtest/gtest.h>

#include "kernel_log/journal_verbose.h"
#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

TEST(JournalVerbose, CursorLineGivesRealtimeAndBoot) {
  RecordMeta m;
  EXPECT_EQ(read_verbose_line("Sat 2024-05-04 09:30:00.250000 CEST [s=0a1b;i=2c;b=0123456789abcdef0123456789abcdef;"
                              "m=1f00;t=6179bcdcabe90;x=9f]",
                              m),
            VerboseLine::cursor);
  // 0x6179bcdcabe90 µs after the epoch: 07:30:00.25 UTC, the cursor's 09:30:00.25 CEST.
  EXPECT_EQ(m.wall, "2024-05-04T07:30:00.250000Z");
  EXPECT_EQ(m.boot_id, "0123456789abcdef0123456789abcdef");
  EXPECT_FALSE(m.monotonic_s);  // m= is journald's reception time, not the printk time
}

TEST(JournalVerbose, FieldLines) {
  RecordMeta m;
  EXPECT_EQ(read_verbose_line("    _SOURCE_MONOTONIC_TIMESTAMP=812345678", m), VerboseLine::field);
  EXPECT_EQ(read_verbose_line("    __REALTIME_TIMESTAMP=1714807800250000", m), VerboseLine::field);
  EXPECT_EQ(read_verbose_line("    _HOSTNAME=node04", m), VerboseLine::field);
  EXPECT_EQ(read_verbose_line("    PRIORITY=3", m), VerboseLine::field);
  EXPECT_EQ(m.monotonic_s, 812.345678);
  EXPECT_EQ(m.wall, "2024-05-04T07:30:00.250000Z");
  EXPECT_EQ(m.host, "node04");
  EXPECT_EQ(read_verbose_line("Out of memory: Killed process 1 (x)", m), VerboseLine::other);
  EXPECT_EQ(read_verbose_line("see [s=1] here", m), VerboseLine::other);
  EXPECT_TRUE(is_message_field("    MESSAGE=Out of memory: Killed process 1 (x)"));
  EXPECT_FALSE(is_message_field("MESSAGE=at the line's start"));
}

TEST(JournalVerbose, MessageLineTakesItsRecordsTime) {
  const OomEvent e = testing::one_event(
      "Sat 2024-05-04 09:30:00.250000 CEST [s=0a1b;i=2c;b=0123456789abcdef0123456789abcdef;m=1f00;t=6179bcdcabe90;x=9f]\n"
      "    MESSAGE=Memory cgroup out of memory: Killed process 4411 (sidekiq) total-vm:912344kB, anon-rss:501212kB, "
      "file-rss:2048kB, shmem-rss:0kB, UID:1000 pgtables:1320kB oom_score_adj:0\n",
      ScanOptions{"t", 2024});
  EXPECT_EQ(e.time.wall, "2024-05-04T07:30:00.250000Z");
  EXPECT_FALSE(e.time.year_inferred);
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].pid, 4411);
}

// Two records one after the other: each kill its own cursor line's time (the
// cursor line is the next record's start, never the kill line's wrapped rest).
TEST(JournalVerbose, EachRecordItsOwnTime) {
  constexpr std::string_view t =
      "Sat 2024-05-04 09:30:00.250000 CEST [s=0a1b;i=2c;b=0123456789abcdef0123456789abcdef;m=1f00;t=6179bcdcabe90;x=9f]\n"
      "    MESSAGE=Memory cgroup out of memory: Killed process 4411 (sidekiq) total-vm:912344kB, anon-rss:501212kB, "
      "file-rss:2048kB, shmem-rss:0kB, UID:1000 pgtables:1320kB oom_score_adj:0\n"
      "Sat 2024-05-04 10:30:00.250000 CEST [s=0a1b;i=2d;b=0123456789abcdef0123456789abcdef;m=2f00;t=6179ca45e6290;x=a0]\n"
      "    MESSAGE=Memory cgroup out of memory: Killed process 4520 (sidekiq) total-vm:912344kB, anon-rss:501300kB, "
      "file-rss:2048kB, shmem-rss:0kB, UID:1000 pgtables:1320kB oom_score_adj:0\n";
  for (size_t chunk : {size_t{7}, t.size()}) {
    const auto ev = testing::parse_chunked(t, chunk);
    ASSERT_EQ(ev.size(), 2u);
    EXPECT_EQ(ev[0].time.wall, "2024-05-04T07:30:00.250000Z") << chunk;
    EXPECT_EQ(ev[1].time.wall, "2024-05-04T08:30:00.250000Z") << chunk;
    EXPECT_EQ(ev[1].victims.at(0).pid, 4520);
  }
}

}  // namespace
}  // namespace oomlens
