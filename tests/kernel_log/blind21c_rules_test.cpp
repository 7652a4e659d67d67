// Rules found by blind set 21c (issue 12: tests/corpus/745-756, forums, databases and the rarer causes), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix_parts.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Summary, PosterSpacedAfterTheColonStillReadsItsFields) {
  // 752: a fix note's condensed `oom-kill: task=wsman,pid=881345,uid=0` (the kernel prints no space there).
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary("oom-kill: task=wsman,pid=881345,uid=0", s));
  EXPECT_EQ(s.task, "wsman");
  EXPECT_EQ(s.pid, 881345);
  EXPECT_EQ(s.uid, 0u);
  // Words after the colon are no fields.
  oomline::Summary prose;
  EXPECT_FALSE(oomline::parse_summary("oom-kill: the kernel chose wsman", prose));

  const auto ev = parse_log_text(
      "Apr 11 09:10:44 kernel: postgres invoked oom-killer\n"
      "Apr 11 09:10:45 kernel: oom-kill: task=wsman,pid=881345,uid=0\n"
      "Apr 11 09:10:45 kernel: Out of memory: Killed process 881345 (wsman) total-vm:1925076kB, anon-rss:1867904kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].chosen);
  EXPECT_EQ(ev[0].chosen->pid, 881345);
  EXPECT_EQ(ev[0].chosen->comm, "wsman");
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 881345);
}

TEST(PosterMark, StarAfterALineGoesNotTheLine) {
  // 745: the author starred the rows and show_mem() lines that mattered (`511983 pages RAM ★`, `… 0 ruby ★`).
  const std::string head =
      "Mar  8 11:36:09 host01 kernel: ruby invoked oom-killer: gfp_mask=0x201da, order=0, oom_adj=0, "
      "oom_score_adj=0\n"
      "Mar  8 11:36:09 host01 kernel: Pid: 6607, comm: ruby Tainted: G           --------------- H  "
      "2.6.32-431.el6.x86_64 #1\n"
      "Mar  8 11:36:09 host01 kernel: 511983 pages RAM \xE2\x98\x85\n"
      "Mar  8 11:36:09 host01 kernel: [ pid ]   uid  tgid total_vm      rss cpu oom_adj oom_score_adj name\n"
      "Mar  8 11:36:09 host01 kernel: [ 6559]   500  6559    27076       58   0       0             0 bash\n";
  const std::string rows =
      "Mar  8 11:36:09 host01 kernel: [ 6607]   500  6607   479367   413106   0       0             0 ruby \xE2\x98\x85\n"
      "Mar  8 11:36:09 host01 kernel: [ 6610]   500  6610   127861    61600   2       0             0 ruby \xE2\x86\x90\xE2\x86\x90\n";
  const auto ev = parse_log_text(head + rows);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 3u);
  EXPECT_EQ(ev[0].tasks[1].comm, "ruby");
  EXPECT_EQ(ev[0].tasks[2].comm, "ruby");
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->ram_bytes, 511983ull * 4096);
  // A symbol glued to a word, or a comm of letters after a space, is no mark.
  const auto kept = parse_log_text(head + "Mar  8 11:36:09 host01 kernel: [ 6611]   500  6611   127861    61600   2"
                                          "       0             0 tmux: server\n");
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].tasks.back().comm, "tmux: server");
  std::string_view glued = "x \xE2\x98\x85y";
  EXPECT_FALSE(prefix_parts::strip_poster_mark(glued));
  std::string_view alone = "\xE2\x98\x85";
  EXPECT_FALSE(prefix_parts::strip_poster_mark(alone));  // nothing before it: no line left to mark
}

}  // namespace
}  // namespace oomlens
