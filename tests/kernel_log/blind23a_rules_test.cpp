// Rules found by blind set 23a (tests/corpus/817-828, ML training and inference jobs killed), each on hand-written
// input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

const std::string kCpu =
    "[22484121.107687] CPU: 30 PID: 10608 Comm: python3 Tainted: P           OE     4.19.0-0.bpo.8-amd64 #1\n";
const std::string kRows =
    "[22484121.108329] [  10222]     0 10222   755450   134545  1970176        0           973 python3\n"
    "[22484121.108333] [  10325]     0 10325     4085     2741    77824        0           973 python3\n";
const std::string kOutcome =
    "[22484121.108357] Memory cgroup out of memory: Kill process 10222 (python3) score 1038 or sacrifice child\n"
    "[22484121.108898] Killed process 10325 (python3) total-vm:16340kB, anon-rss:10000kB, file-rss:964kB, "
    "shmem-rss:0kB\n";

TEST(StackAboveTable, ACpuLineRightAboveRowsAloneIsTheReportsStackLine) {
  // 819: a troubleshooting page quotes a 4.19 memcg OOM's `CPU: … Comm: python3` line, then its rows without the
  // table's header, then the selection and kill: the CPU line names the trigger.
  const auto ev = parse_log_text(kCpu + kRows + kOutcome);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->pid, 10608);
  EXPECT_EQ(ev[0].trigger->comm, "python3");
  EXPECT_EQ(ev[0].lines.first, 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 10325);
}

TEST(StackAboveTable, ItsHardwareNameLineBetweenStillCounts) {
  const auto ev = parse_log_text(
      kCpu + "[22484121.107690] Hardware name: QEMU Standard PC (i440FX + PIIX, 1996), BIOS 1.13.0 04/01/2014\n" +
      kRows + kOutcome);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->pid, 10608);
  EXPECT_EQ(ev[0].lines.first, 1u);
}

TEST(StackAboveTable, AnotherLineBetweenOrAnEarlierStampIsAnotherDumps) {
  for (const std::string& between :
       {std::string("[22484121.107700] eth0: link up\n"), std::string("and then the rows:\n")}) {
    const auto ev = parse_log_text(kCpu + between + kRows + kOutcome);
    ASSERT_EQ(ev.size(), 1u) << between;
    EXPECT_FALSE(ev[0].trigger) << between;
  }
  // Stamped two minutes before the rows: an earlier dump_stack()'s (a warning's), not this report's.
  const auto ev = parse_log_text(
      "[22484001.107687] CPU: 30 PID: 10608 Comm: python3 Tainted: P           OE     4.19.0-0.bpo.8-amd64 #1\n" +
      kRows + kOutcome);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_FALSE(ev[0].trigger);
  EXPECT_EQ(ev[0].lines.first, 2u);
}

TEST(StackAboveTable, ACpuLineRightAboveMemInfoAndATableWithNoOutcome) {
  // The same rule where the table opens the report (start_at_table()): a paste from the CPU and Hardware lines
  // straight to Mem-Info and the table, ending there.
  const auto ev = parse_log_text(
      "[  100.000000] CPU: 3 PID: 777 Comm: java Not tainted 5.4.0-42-generic #46-Ubuntu\n"
      "[  100.000010] Hardware name: QEMU Standard PC (i440FX + PIIX, 1996), BIOS 1.13.0-1ubuntu1 04/01/2014\n"
      "[  100.000100] Mem-Info:\n"
      "[  100.000110] active_anon:1000 inactive_anon:20 isolated_anon:0\n"
      "[  100.000200] Tasks state (memory values in pages):\n"
      "[  100.000210] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[  100.000220] [    777]     0   777   755450   134545  1970176        0             0 java\n"
      "[  100.000230] [    778]     0   778     4085     2741    77824        0             0 bash\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->pid, 777);
  EXPECT_EQ(ev[0].lines.first, 1u);
}

TEST(NewestFirstSummary, ACutSummaryStampedJustBeforeTheKillAfterItIsTheKillsOwn) {
  // 825 reversed (`dmesg | tac`): the kill, then its `oom-kill:` summary a paste cut after `mems_allowed=0`, no
  // `task=` or `pid=` to match, but stamped 53 µs before the kill: one report read newest-first, not two.
  const std::string kill =
      "[87645.020240] Out of memory: Killed process 2567275 (python3) total-vm:65079824kB, anon-rss:7021940kB, "
      "file-rss:384kB, shmem-rss:83968kB\n";
  const auto ev = parse_log_text(
      kill + "[87645.020187] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=init.scope,mems_allowed=0\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].lines.first, 1u);
  EXPECT_EQ(ev[0].lines.last, 2u);
  // Stamped after the kill, or long before it: the summary of another report.
  for (const std::string& stamp : {std::string("[87645.020300]"), std::string("[87600.020187]")}) {
    const auto two = parse_log_text(
        kill + stamp + " oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=init.scope,mems_allowed=0\n");
    EXPECT_EQ(two.size(), 2u) << stamp;
  }
}

}  // namespace
}  // namespace oomlens
