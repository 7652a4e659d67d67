// Rules for corpus 758, 761 and 751 (written by fix12, landed later): a victim's second kill-line printing, a
// negative `Free swap` during swapoff, and task rows read without the table's header line.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::find;  // the one check lookup of the tests (diagnose/event_fixtures.h)

TEST(MemInfo, NegativeFreeSwapIsASwapoffRunningNotAbsentSwap) {
  // 761: swapoff(2) takes its area out of both totals first and counts the pages back in as it reads them.
  const std::string head =
      "[ 2201.781000] anaconda invoked oom-killer: gfp_mask=0x14200ca(GFP_HIGHUSER_MOVABLE), nodemask=(null), "
      "order=0, oom_score_adj=0\n"
      "[ 2201.781100] Mem-Info:\n"
      "[ 2201.781200] active_anon:200000 inactive_anon:100000 isolated_anon:0\n";
  const auto ev = parse_log_text(head +
                                 "[ 2201.781891] Free swap  = -245804kB\n"
                                 "[ 2201.781892] Total swap = 0kB\n"
                                 "[ 2201.781893] 458615 pages RAM\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->free_swap_bytes, std::nullopt);  // no free figure: a negative count of pages
  EXPECT_EQ(ev[0].mem_info->total_swap_bytes, 0u);
  EXPECT_EQ(ev[0].mem_info->swapoff_unread_bytes, 245804u * 1024);
  const Explanation ex = explain(ev[0]);
  EXPECT_EQ(find(ex, "swap_absent"), nullptr);
  ASSERT_NE(find(ex, "swapoff_trigger"), nullptr);
  EXPECT_NE(ex.summary.find("swap being turned off"), std::string::npos) << ex.summary;
  EXPECT_EQ(ex.summary.find("no swap"), std::string::npos) << ex.summary;
  // Without swap at all the same report still says so.
  const auto none = parse_log_text(head +
                                   "[ 2201.781891] Free swap  = 0kB\n"
                                   "[ 2201.781892] Total swap = 0kB\n"
                                   "[ 2201.781893] 458615 pages RAM\n");
  ASSERT_EQ(none.size(), 1u);
  EXPECT_EQ(none[0].mem_info->swapoff_unread_bytes, std::nullopt);
  const Explanation nex = explain(none[0]);
  EXPECT_NE(find(nex, "swap_absent"), nullptr);
  EXPECT_EQ(find(nex, "swapoff_trigger"), nullptr);
}

TEST(Report, RelayedCopyOfAVictimsSecondKillLineIsNoKillOfItsOwn) {
  // 758: memory.oom.group killed the chosen bash again and printed the sizes of that moment (file-rss 44 kB); a
  // relayed copy of that second line after the report is the same kill.
  const std::string report =
      "[  139.201465] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=x,mems_allowed=0,oom_memcg=/k,"
      "task_memcg=/k/p,task=bash,pid=7788,uid=0\n"
      "[  139.201482] Memory cgroup out of memory: Killed process 7788 (bash) total-vm:7169492kB, anon-rss:7165824kB, "
      "file-rss:956kB, shmem-rss:0kB, UID:0 pgtables:14076kB oom_score_adj:1000\n"
      "[  139.201490] Tasks in /k/p are going to be killed due to memory.oom.group set\n"
      "[  139.235585] Memory cgroup out of memory: Killed process 7712 (bash) total-vm:4192kB, anon-rss:520kB, "
      "file-rss:44kB, shmem-rss:0kB, UID:0 pgtables:48kB oom_score_adj:1000\n"
      "[  139.243276] Memory cgroup out of memory: Killed process 7788 (bash) total-vm:7169492kB, anon-rss:7165824kB, "
      "file-rss:44kB, shmem-rss:0kB, UID:0 pgtables:14076kB oom_score_adj:1000\n";
  const std::string copy =
      "Memory cgroup out of memory: Killed process 7788 (bash) total-vm:7169492kB, anon-rss:7165824kB, "
      "file-rss:44kB, shmem-rss:0kB, UID:0 pgtables:14076kB oom_score_adj:1000\n";
  const auto ev = parse_log_text(report + "\nthe event, relayed:\n" + copy);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 2u);
  EXPECT_EQ(ev[0].victims[0].printed_twice, true);
  EXPECT_EQ(ev[0].victims[0].file_rss_bytes, 956u * 1024);  // the first printing's sizes stay the victim's
  ASSERT_TRUE(ev[0].victims[0].reprinted);
  EXPECT_EQ(ev[0].victims[0].reprinted->file_rss_bytes, 44u * 1024);
  // A copy whose sizes neither printing shows, unstamped after the report: the pid and name are the victim's, so it
  // is read as that victim's line once more, never as a second kill of the pid or a kill of its own.
  std::string other = copy;
  other.replace(other.find("file-rss:44kB"), 13, "file-rss:12kB");
  const auto ev2 = parse_log_text(report + "\nthe event, relayed:\n" + other);
  ASSERT_EQ(ev2.size(), 1u);
  EXPECT_EQ(ev2[0].victims.size(), 2u);
  EXPECT_EQ(ev2[0].victims[0].file_rss_bytes, 956u * 1024);
}

TEST(Explain, RowsWithoutTheTableHeaderAreNotTheWholeTable) {
  // 751: `dmesg | grep mysql` kept the header, the CPU line and the mysql rows, not the table's header line.
  const std::string head =
      "[510563.251912] mysqld invoked oom-killer: gfp_mask=0x201da, order=0, oom_score_adj=0\n"
      "[510563.252789] CPU: 0 PID: 1109 Comm: mysqld Not tainted 3.10.0-1127.19.1.el7.x86_64 #1\n";
  const std::string rows =
      "[510563.301120] [28822]   999 28822   319145    90495     264        0             0 mysqld\n"
      "[510563.301134] [30404]     0 30404     4406      295      13        0             0 mysql\n"
      "[510563.301171] [  860]   999   860   317924    80765     244        0             0 mysqld\n"
      "[510563.301193] Out of memory: Kill process 28822 (mysqld) score 192 or sacrifice child\n"
      "[510563.302363] Killed process 28822 (mysqld), UID 999, total-vm:1276580kB, anon-rss:361980kB, "
      "file-rss:0kB, shmem-rss:0kB\n";
  const auto grepped = parse_log_text(head + rows);
  ASSERT_EQ(grepped.size(), 1u);
  ASSERT_EQ(grepped[0].tasks.size(), 3u);
  EXPECT_TRUE(grepped[0].tasks_header_missing);
  const Explanation ex = explain(grepped[0]);
  EXPECT_EQ(find(ex, "largest_tasks_by_comm"), nullptr);
  EXPECT_NE(find(ex, "largest_task_rows_shown"), nullptr);
  // With the header line the rows are the table.
  const auto whole = parse_log_text(
      head + "[510563.301100] [ pid ]   uid  tgid total_vm      rss nr_ptes swapents oom_score_adj name\n" + rows);
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_FALSE(whole[0].tasks_header_missing);
  EXPECT_NE(find(explain(whole[0]), "largest_tasks_by_comm"), nullptr);
}

}  // namespace
}  // namespace oomlens
