// Rules found by blind set 21d (issue 12: tests/corpus/757-768, how logs arrive), each on hand-written input
// shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(QuotedPrintable, EncodedLineEndsEndTheirRecords) {
  // 759: Outlook encoded the body's CRLF line ends (`=0A=`) and broke long lines with soft breaks, even inside a
  // row's columns and the CPU line.
  const auto ev = parse_log_text(
      "[100.000001] bash invoked oom-killer: gfp_mask=3D0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO), order=3D2, oom_s=\n"
      "core_adj=3D0=0A=\n"
      "[100.000002] CPU: 1 PID: 14450 Comm: bash Tainted: G                                                  =\n"
      "   O       6.6.32-rt #1=0A=\n"
      "[100.000003] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name=0A=\n"
      "[100.000004] [   7991]     0  7991     1045      256    49152        0                                 =\n"
      "            0 sh=0A=\n"
      "[100.000005] [  14450]     0 14450      946      160    45056        0             0 bash=0A=\n"
      "[100.000006] oom-kill:constraint=3DCONSTRAINT_NONE,nodemask=3D(null),task=3Dsh,pid=3D7991,uid=3D0=0A=\n"
      "[100.000007] Out of memory: Killed process 7991 (sh) total-vm:4180kB, anon-rss:384kB, file-rss:640kB, sh=\n"
      "mem-rss:0kB, UID:0 pgtables:48kB oom_score_adj:0=0D=0A=\n"
      "=0A=\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->pid, 14450);
  EXPECT_EQ(ev[0].trigger->oom_score_adj, 0);
  ASSERT_EQ(ev[0].tasks.size(), 2u);
  EXPECT_EQ(ev[0].tasks[0].comm, "sh");
  EXPECT_EQ(ev[0].tasks[1].comm, "bash");
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].shmem_rss_bytes, 0u);
  EXPECT_EQ(ev[0].victims[0].oom_score_adj, 0);
}

TEST(QuotedPrintable, EscapedDashAfterASoftBreakIsDecoded) {
  // 765: the encoder wrote the `-` that began a physical line as `=2D` (`file=` + `=2Drss:0kB`).
  const auto ev = parse_log_text(
      "[87259.568496] Killed process 2190 (cp) total-vm:373284kB, anon-rss:233932kB, file-rss:464kB, shmem-rss:0kB\n"
      "[87259.586976] oom_reaper: reaped process 2190 (cp), now anon-rss:0kB, file=\n"
      "=2Drss:0kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  ASSERT_TRUE(ev[0].victims[0].reaped);
  EXPECT_EQ(ev[0].victims[0].reaped->file_rss_bytes, 0u);
  EXPECT_EQ(ev[0].victims[0].reaped->shmem_rss_bytes, 0u);
}

TEST(Report, CrashUtilityBacktraceIsNoReportsStack) {
  // 766: a header, then `crash>` output: `bt` of a task throttled under try_charge_memcg, long after the report.
  const std::string header =
      "[  272.325727] swapoff invoked oom-killer: gfp_mask=0x1100cca(GFP_HIGHUSER_MOVABLE), order=0, "
      "oom_score_adj=0\n\n";
  const auto ev = parse_log_text(header +
                                 "crash> bt -sx 4138\n"
                                 "PID: 4138   TASK: ffff953bf2f70000  CPU: 5   COMMAND: \"swapoff\"\n"
                                 " #3 [ffffad1a029578b8] reclaim_throttle+0xd0 at ffffffff92a69ab0\n"
                                 " #6 [ffffad1a02957a10] try_charge_memcg+0x19f at ffffffff92b03b6f\n"
                                 " #8 [ffffad1a02957ad0] mem_cgroup_swapin_charge_page+0x58 at ffffffff92b06a08\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_FALSE(ev[0].constraint);
  // The kernel's own trace still tells.
  const auto own = parse_log_text(header +
                                  "[  272.325730] Call Trace:\n"
                                  "[  272.325731]  try_charge_memcg+0x19f/0x7e0\n"
                                  "[  272.325732]  mem_cgroup_swapin_charge_page+0x58/0x110\n");
  ASSERT_EQ(own.size(), 1u);
  EXPECT_EQ(own[0].constraint, Constraint::memcg);
}

}  // namespace
}  // namespace oomlens
