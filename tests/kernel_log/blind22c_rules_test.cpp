// Rules found by blind set 22c (issue 12: tests/corpus/793-804, the newest formats and rare causes), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::everything;  // the summary, checks and advice as one text (diagnose/event_fixtures.h)
using fixtures::find;

TEST(TaskTable, SecondWrapInsideARowsNameIsJoined) {
  // 804: a terminal cut each row at 119 columns (`… stre` + `ss`), then a mail client wrapped the first piece at
  // 80 (`… 366        ` + ` 0 45056 … stre`): both rests belong to the row.
  const std::string head =
      "[   56.419530] stress invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0\n"
      "[   56.419648] Tasks state (memory values in pages):\n"
      "[   56.419649] [  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem pgtables_bytes swapents "
      "oom_score_adj name\n";
  const auto ev = parse_log_text(head +
                                 "[   56.419651] [   1121]     0  1121      734      366        0      366        \n"
                                 " 0    45056        0             0 stre\n"
                                 "ss\n"
                                 "[   56.419653] [   1122]     0  1122   179935   130854   130720      134        \n"
                                 " 0  1097728        0             0 stre\n"
                                 "ss\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 2u);
  EXPECT_EQ(ev[0].tasks[0].comm, "stress");
  EXPECT_EQ(ev[0].tasks[1].comm, "stress");
  EXPECT_EQ(ev[0].tasks[1].oom_score_adj, 0);
  // A poster's elision after such a row is no rest of its name (corpus 280's `# [...]`).
  const auto ev2 = parse_log_text(head +
                                  "[   56.419651] [   1121]     0  1121      734      366        0      366        \n"
                                  " 0    45056        0             0 bash\n"
                                  "# [...]\n");
  ASSERT_EQ(ev2.size(), 1u);
  ASSERT_EQ(ev2[0].tasks.size(), 1u);
  EXPECT_EQ(ev2[0].tasks[0].comm, "bash");
}

TEST(Prefix, LevelPipeTagCell) {
  // 794: a collector's `LEVEL|TAG[PID]|message` lines.
  NormalizedLine n;
  normalize_line("    info|kernel[-]|[2919920.414220] memory: usage 81920kB, limit 81920kB, failcnt 30", n);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_FALSE(n.foreign);
  EXPECT_EQ(n.text, "memory: usage 81920kB, limit 81920kB, failcnt 30");
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_DOUBLE_EQ(*n.prefix.monotonic_s, 2919920.414220);
  EXPECT_EQ(n.prefix.level, 6);
  normalize_line("warning|systemd[1]|Started session 3.", n);
  EXPECT_TRUE(n.foreign);
  // Kernel text with a `|` is no such line: no level name before it.
  normalize_line("CPU: 0 PID: 1 Comm: a|b[1]| x", n);
  EXPECT_FALSE(n.has_prefix);
}

TEST(Prefix, BareKernelTagBeforeAStampIsNoHost) {
  // 794: `kernel: [ 1477.960084] …` (the writer cut the syslog date and host): `kernel` is the tag, no host.
  NormalizedLine n;
  normalize_line("    kernel: [ 1477.960084] Out of memory: Killed process 1822 (main) total-vm:742748kB", n);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_FALSE(n.prefix.host);
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_DOUBLE_EQ(*n.prefix.monotonic_s, 1477.960084);
  normalize_line("node01: [ 1477.960084] Out of memory: Killed process 1822 (main) total-vm:742748kB", n);
  EXPECT_EQ(n.prefix.host, "node01");
}

TEST(Report, TaintNamesLineIsNoWrappedRestOfTheCpuLine) {
  // 797: 6.12's dump_stack_print_info() prints `Tainted: [C]=CRAP` on its own line after the CPU line.
  const auto ev = parse_log_text(
      "cron invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0\n"
      "CPU: 0 UID: 0 PID: 550 Comm: cron Tainted: G         C         6.12.62+rpt-rpi-v8 #1  Debian 1:6.12.62-1+rpt1\n"
      "Tainted: [C]=CRAP\n"
      "Hardware name: Raspberry Pi Zero 2 W Rev 1.0 (DT)\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->pid, 550);
  for (const auto& n : ev[0].notes) EXPECT_EQ(n.find("rejoined"), std::string::npos) << n;
}

TEST(FitsEvidence, SwapStateTellsForAMemoryPolicyOom) {
  // 793: node 3 ran out under nodemask=3 with the machine's swap full: swap serves every node.
  const std::string text =
      "[100.000001] oom invoked oom-killer: gfp_mask=0x6280ca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO), order=0, "
      "oom_score_adj=0\n"
      "[100.000002] Mem-Info:\n"
      "[100.000003] active_anon:4558 inactive_anon:469552 isolated_anon:0\n"
      "[100.000004] Free swap  = 12kB\n"
      "[100.000005] Total swap = 4149244kB\n"
      "[100.000006] 2047866 pages RAM\n"
      "[100.000007] oom-kill:constraint=CONSTRAINT_MEMORY_POLICY,nodemask=3,cpuset=/,mems_allowed=0-3,global_oom,"
      "task_memcg=/user.slice,task=oom,pid=2074,uid=0\n"
      "[100.000008] Out of memory: Killed process 2074 (oom) total-vm:6295848kB, anon-rss:1872532kB, "
      "file-rss:1048kB, shmem-rss:0kB, UID:0 pgtables:11692kB oom_score_adj:0\n";
  auto ev = parse_log_text(text);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].constraint, Constraint::mempolicy);
  const Explanation x = explain(ev[0]);
  EXPECT_TRUE(nullptr != find(x, "swap_exhausted"));
  EXPECT_EQ(everything(x).find("more swap elsewhere"), std::string::npos);
  // A cpuset OOM with no swap at all: adding swap is advice that fits.
  std::string cpuset = text;
  cpuset.replace(cpuset.find("CONSTRAINT_MEMORY_POLICY,nodemask=3"), 35, "CONSTRAINT_CPUSET,nodemask=(null)");
  cpuset.replace(cpuset.find("Free swap  = 12kB"), 17, "Free swap  = 0kB");
  cpuset.replace(cpuset.find("Total swap = 4149244kB"), 22, "Total swap = 0kB");
  ev = parse_log_text(cpuset);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].constraint, Constraint::cpuset);
  EXPECT_TRUE(nullptr != find(explain(ev[0]), "swap_absent"));
}

TEST(Report, ViewersCutOfAnOomPanicIsTheOnlyMessageItBegins) {
  // 803 at 100 columns: ` kernel:[340648.118967] Kernel panic - not syncing: Out of memory: system-wide
  // panic_on_oom is...`: only one of the kernel's OOM panics begins so.
  auto ev = parse_log_text(
      " kernel:[340648.118967] Kernel panic - not syncing: Out of memory: system-wide panic_on_oom is...\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].panic_message, "Out of memory: system-wide panic_on_oom is enabled");
  // A cut that two messages begin with stays as cut.
  ev = parse_log_text("[1.0] Kernel panic - not syncing: Out of memory: ...\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_NE(ev[0].panic_message, "Out of memory: system-wide panic_on_oom is enabled");
}

}  // namespace
}  // namespace oomlens
