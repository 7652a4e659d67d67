// Rules found by blind set 8b (issue 12: tests/corpus/279-290), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Prefix, ShellCommentBeforeAStampIsAWrapperAndItsGluedRepeatsGo) {
  // 280: dmesg pasted as `# ` comments; a wrapped line rejoined keeps the second `# ` inside a word.
  NormalizedLine n;
  normalize_line("# [  52.100000] Out of memory: Killed process 77 (app) total-vm:900kB, anon-rss:800kB, file-rss:4kB, "
                 "shmem-# rss:0kB, UID:1000 pgtables:40kB oom_score_adj:0",
                 n);
  EXPECT_TRUE(n.has_prefix);
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_EQ(*n.prefix.monotonic_s, 52.1);
  EXPECT_EQ(n.text, "Out of memory: Killed process 77 (app) total-vm:900kB, anon-rss:800kB, file-rss:4kB, "
                    "shmem-rss:0kB, UID:1000 pgtables:40kB oom_score_adj:0");
  NormalizedLine row;
  normalize_line("# [  52.090000] [    411]     0   411    29912     3597   258048       80             0 journald", row);
  EXPECT_EQ(row.text, "[    411]     0   411    29912     3597   258048       80             0 journald");
  // Without a stamp after it `#` is text (a markdown heading, a comment), and a spaced `# ` inside stays.
  NormalizedLine heading;
  normalize_line("# Out of memory", heading);
  EXPECT_FALSE(heading.has_prefix);
  EXPECT_EQ(heading.text, "# Out of memory");
  NormalizedLine spaced;
  normalize_line("# [   1.000000] CPU: 3 PID: 1 Comm: init Tainted: G # 1", spaced);
  EXPECT_EQ(spaced.text, "CPU: 3 PID: 1 Comm: init Tainted: G # 1");
}

TEST(Prefix, DateAndHostElidedAsDotsBeforeTheTag) {
  // 281: `... kernel: [ts] ` (the poster replaced date and host by `...`); another tag is a foreign line.
  NormalizedLine n;
  normalize_line("... kernel: [430837.193448] Xorg invoked oom-killer: gfp_mask=0x2d0, order=0, oomkilladj=0", n);
  EXPECT_TRUE(n.has_prefix);
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_EQ(*n.prefix.monotonic_s, 430837.193448);
  EXPECT_FALSE(n.prefix.host);
  EXPECT_FALSE(n.foreign);
  EXPECT_EQ(n.text, "Xorg invoked oom-killer: gfp_mask=0x2d0, order=0, oomkilladj=0");
  NormalizedLine other;
  normalize_line("\xE2\x80\xA6 pulseaudio[31697]: pid.c: Stale PID file, overwriting.", other);
  EXPECT_TRUE(other.foreign);
  // Kernel text that starts with dots (a poster's elision line) is no prefix.
  NormalizedLine dots;
  normalize_line("... (snipped) ...", dots);
  EXPECT_FALSE(dots.has_prefix);
}

TEST(Report, ElidedStampLowmemHeaderKeepsItsCommAndZones) {
  // 281: header, Mem-info zones under the elided prefix: the Normal zone is read, not lost.
  auto ev = parse_log_text(
      "... kernel: [100.000001] Xorg invoked oom-killer: gfp_mask=0x2d0, order=0, oomkilladj=0\n"
      "... kernel: [100.000002] Pid: 6186, comm: Xorg Tainted: P        2.6.24-19-generic #1\n"
      "... kernel: [100.000003]  [out_of_memory+0x167/0x1a0] out_of_memory+0x167/0x1a0\n"
      "... kernel: [100.000004]  [__alloc_pages+0x36c/0x3a0] __alloc_pages+0x36c/0x3a0\n"
      "... kernel: [100.000005] Mem-info:\n"
      "... kernel: [100.000006] Normal free:3732kB min:3744kB low:4680kB high:5616kB active:0kB inactive:152kB "
      "present:894080kB pages_scanned:287 all_unreclaimable? yes\n"
      "... kernel: [100.000007] HighMem free:113132kB min:512kB low:3916kB high:7324kB active:1500112kB "
      "inactive:804356kB present:3251200kB pages_scanned:0 all_unreclaimable? no\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "Xorg");
  EXPECT_EQ(ev[0].trigger->pid, 6186);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->zones.size(), 2u);
}

TEST(Report, CommentedElisionLineIsNotTheRestOfARow) {
  // 280: `# [...]` (the author's elision in a `# `-commented paste) after a task row.
  auto ev = parse_log_text(
      "# [   1.000000] Tasks state (memory values in pages):\n"
      "# [   1.000001] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "# [   1.000002] [    566]     0   566   125896     1149   352256      318             0 udisksd\n"
      "# [...]\n"
      "# [   1.000003] [   6528]     0  6528     5806      960    94208        0             0 bash\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 2u);
  EXPECT_EQ(ev[0].tasks[0].comm, "udisksd");
  EXPECT_EQ(ev[0].tasks[1].comm, "bash");
}

}  // namespace
}  // namespace oomlens
