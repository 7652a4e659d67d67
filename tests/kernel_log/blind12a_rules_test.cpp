// Rules found by blind set 12a (issue 12: tests/corpus/363-374), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Report, FirstRowOfTheNextReportAfterAnOutcomeAndATimeGap) {
  // 371: a kern.log pasted from the rows on: one report's rows, selection, kill and reaper; minutes later (printk
  // stamps) the next report's rows and selection. The first of those rows closes the report before it (a late
  // line after the outcome) and is the next report's, not lost between the two.
  auto ev = parse_log_text(
      "[100.000100] [  501]     0   501   200000   150000   900000        0             0 worker\n"
      "[100.000200] [  502]     0   502   100000    90000   600000        0             0 worker\n"
      "[100.000300] Out of memory: Kill process 501 (worker) score 300 or sacrifice child\n"
      "[100.100000] Killed process 501 (worker) total-vm:800000kB, anon-rss:600000kB, file-rss:0kB, shmem-rss:0kB\n"
      "[100.200000] oom_reaper: reaped process 501 (worker), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n"
      "[900.000100] [  502]     0   502   300000   280000  1900000        0             0 worker\n"
      "[900.000200] [  503]     0   503   250000   240000  1700000        0             0 worker\n"
      "[900.000300] Out of memory: Kill process 502 (worker) score 400 or sacrifice child\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  EXPECT_EQ(ev[0].tasks.size(), 2u);
  EXPECT_EQ(ev[1].kind, EventKind::selected_no_kill);
  ASSERT_EQ(ev[1].tasks.size(), 2u);
  EXPECT_EQ(ev[1].tasks[0].pid, 502);
  EXPECT_EQ(ev[1].tasks[1].pid, 503);
  // Within the burst (no gap) a row after the kill stays the report's own (a paste out of order).
  auto same = parse_log_text(
      "[100.000300] Out of memory: Kill process 501 (worker) score 300 or sacrifice child\n"
      "[100.100000] Killed process 501 (worker) total-vm:800000kB, anon-rss:600000kB, file-rss:0kB, shmem-rss:0kB\n"
      "[100.100100] [  501]     0   501   200000   150000   900000        0             0 worker\n"
      "[100.100200] [  502]     0   502   100000    90000   600000        0             0 worker\n");
  ASSERT_EQ(same.size(), 1u);
  EXPECT_EQ(same[0].tasks.size(), 2u);
}

}  // namespace
}  // namespace oomlens
