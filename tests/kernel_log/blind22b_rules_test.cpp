// Rules found by blind set 22b (issue 12: tests/corpus/781-792, the common server and desktop case), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Prefix, LineNumberBeforeASyslogStampGoes) {
  // 788: an editor's line numbers, indented, before syslog lines: the number goes, so the header keeps its fields
  // (oom_score_adj after a padded gap) and the `Pid:` line gives the trigger's pid.
  const auto ev = parse_log_text(
      "    1788 Jun 27 13:37:04 host03 kernel: [26319390.344305] node invoked oom-killer: gfp_mask=0x201da, order=0, "
      "oom_adj=-17,      oom_score_adj=-1000\n"
      "    1789 Jun 27 13:37:04 host03 kernel: [26319390.344855] node cpuset=/ mems_allowed=0\n"
      "    1790 Jun 27 13:37:04 host03 kernel: [26319390.345110] Pid: 15464, comm: node Not tainted 3.2.0-4-amd64 #1\n"
      "    1791 Jun 27 13:37:04 host03 kernel: [26319390.345593] Call Trace:\n"
      "    1792 Jun 27 13:37:04 host03 kernel: [26319390.347498]  [<ffffffff810b7eee>] ? out_of_memory+0x2ea/0x337\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->pid, 15464);
  EXPECT_EQ(ev[0].trigger->oom_score_adj, -1000);
  EXPECT_EQ(ev[0].trigger->oom_adj, -17);
  EXPECT_EQ(ev[0].host, "host03");
  EXPECT_EQ(ev[0].lines.first, 1u);
}

TEST(Prefix, NumberBeforeKernelTextIsNoLineNumber) {
  // A number that starts the kernel's own text (`262006 pages RAM`) is no line number: no stamp follows it.
  const auto ev = parse_log_text(
      "[  1.000001] a invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[  1.000002] Total swap = 0kB\n"
      "[  1.000003] 262006 pages RAM\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info);
}

TEST(KillLine, CapitalOutOfMemoryWithSizesIsARetypedModernLine) {
  // 791: a comment retyped the kill line as `Out of Memory: Killed process …` with total-vm, anon-rss, UID and
  // pgtables: no 2.2/2.4 kernel printed those, so it is `Out of memory` (global), not a pre-memcg kernel's kill.
  const auto ev = parse_log_text(
      "I still get the Out of Memory: Killed process 239745 (python3) total-vm:1989832kB, anon-rss:1555116kB, "
      "file-rss:0kB, shmem-rss:0 kB, UID:0 pgtables:3856kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].message, "Out of memory");
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  EXPECT_EQ(ev[0].victims[0].shmem_rss_bytes, 0u);
  // 2.4's own line, which prints no sizes, keeps its capital (no constraint printed).
  const auto old = parse_log_text("Out of Memory: Killed process 2386 (memtest).\n");
  ASSERT_EQ(old.size(), 1u);
  ASSERT_EQ(old[0].victims.size(), 1u);
  EXPECT_EQ(old[0].victims[0].message, "Out of Memory");
  EXPECT_FALSE(old[0].constraint);
}

}  // namespace
}  // namespace oomlens
