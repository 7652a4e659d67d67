// Rules found by blind set 18c (issue 12: tests/corpus/601-612, kernels 2.6.20-6.19, s390, i386, WSL2), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::find;  // the one check lookup of the tests (diagnose/event_fixtures.h)

TEST(OomLines, ASelectionOrAChildScoreIsLegacyBadness) {
  // 612: ≤2.6.35 prints badness() points (total_vm in pages), 2.6.36+ ‰ of RAM plus swap.
  auto old = oomline::parse_select("Out of memory: kill process 1727 (console-kit-dae) score 1027939 or a child");
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(old->score, 1027939u);
  EXPECT_TRUE(old->legacy_badness);
  auto now = oomline::parse_select("Out of memory: Kill process 5861 (trinity-c10) score 504 or sacrifice child");
  ASSERT_TRUE(now.has_value());
  EXPECT_FALSE(now->legacy_badness);
}

TEST(OomLines, AReaperThatGaveUpNamesItsPid) {
  EXPECT_EQ(oomline::parse_reaper_failed("oom_reaper: unable to reap pid:7558 (a.out)"), 7558);
  EXPECT_FALSE(oomline::parse_reaper_failed("oom_reaper: reaped process 7558 (a.out), now anon-rss:0kB").has_value());
}

TEST(OomLines, S390ProcessLineIsTheStackLineAndAnX86OopsOneIsNot) {
  // 606: s390 dump_stack() after `CPU: 0 Not tainted 2.6.28 #1`.
  auto s = oomline::parse_stack_line("Process basename (pid: 30555, task: 000000007baa6838, ksp: 0000000063867968)");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->pid, 30555);
  EXPECT_EQ(s->comm, "basename");
  EXPECT_FALSE(oomline::parse_stack_line("Process mtest (pid: 12756, threadinfo 0000010dfbd30000, task 0000010d)"));
}

TEST(Report, AZoneLineAfterAnElisionIsTheReportsMemInfo) {
  // 610: the trace, the poster's `[...]`, then the Normal zone under its min watermark with HighMem free.
  const auto ev = parse_log_text(
      "kworker/u4:5 invoked oom-killer: gfp_mask=0x2400840(GFP_NOFS|__GFP_NOFAIL), nodemask=0, order=0, "
      "oom_score_adj=0\n"
      "CPU: 1 PID: 2603 Comm: kworker/u4:5 Not tainted 4.9.0-gentoo #2\n"
      "Call Trace:\n"
      " [<c1107df9>] out_of_memory+0xd9/0x260\n"
      "[...]\n"
      "Normal free:41332kB min:41368kB low:51708kB high:62048kB active_anon:0kB present:897016kB managed:836248kB\n"
      "lowmem_reserve[]: 0 0 21292 21292\n"
      "HighMem free:781660kB min:512kB low:34356kB high:68200kB active_anon:234740kB present:2725384kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info.has_value());
  const Explanation ex = explain(ev[0]);
  EXPECT_NE(find(ex, "lowmem_exhausted"), nullptr);
}

TEST(Report, OutcomeRecordsRunTogetherAreSplit) {
  // 602: a 2.6.20 copy lost its line breaks: two victims, the second selected twice and printed twice.
  const auto ev = parse_log_text(
      "Killed process 19271 (trashapplet)Out of memory: kill process 12475 (qemu) score 7899 or a childOut of "
      "memory: kill process 12475 (qemu) score 7899 or a childKilled process 12475 (qemu)Killed process 12475 "
      "(qemu)\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].victims.at(0).pid, 19271);
  EXPECT_EQ(ev[1].victims.at(0).pid, 12475);
  EXPECT_EQ(ev[1].victims.at(0).selected_score, 7899u);
}

TEST(Report, TheSameSelectionOnLinesOfItsOwnIsChosenAgain) {
  // 615: unstamped selections, each on its own line, `hald` twice (its children killed, the kill lines not
  // pasted): the killer chose it twice, two choices; only a copy that ran them together on one line is one.
  const auto ev = parse_log_text(
      "Out of memory: Kill process 1438 (acpid) score 1 or sacrifice child\n"
      "Out of memory: Kill process 1447 (hald) score 1 or sacrifice child\n"
      "Out of memory: Kill process 1447 (hald) score 1 or sacrifice child\n"
      "Out of memory: Kill process 1487 (hald-addon-inpu) score 1 or sacrifice child\n");
  ASSERT_EQ(ev.size(), 4u);
  EXPECT_EQ(ev[1].selected.at(0).pid, 1447);
  EXPECT_EQ(ev[2].selected.at(0).pid, 1447);
}

TEST(Report, AReaperThatGaveUpMarksItsVictim) {
  // 607: the kill line, then the reaper's failure and the victim's task dump.
  const auto ev = parse_log_text(
      "[  663.593821] Killed process 7558 (a.out) total-vm:4176kB, anon-rss:84kB, file-rss:0kB, shmem-rss:0kB\n"
      "[  664.684801] oom_reaper: unable to reap pid:7558 (a.out)\n"
      "[  664.892292] a.out           D13272  7558   6931 0x00100084\n"
      "[  664.895765] Call Trace:\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_TRUE(ev[0].victims[0].reap_failed);
  const Explanation ex = explain(ev[0]);
  EXPECT_NE(find(ex, "victim_not_reaped"), nullptr);
}

TEST(Prefix, ATimeOfDayBeforeAnotherProgramsTagIsAForeignLine) {
  // 605: a journal shortened to `HH:MM:SS tag: `; systemd's lines are no wrapped rest of the kernel's.
  NormalizedLine n;
  normalize_line("15:18:53 systemd[1]: init.scope: Stopping timed out. Killing.", n, std::nullopt);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_TRUE(n.foreign);
  normalize_line("15:17:28 kernel: Out of memory: Killed process 3524 (find-anagrams)", n, std::nullopt);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_FALSE(n.foreign);
}

TEST(Explain, ALegacyBadnessScoreIsNoRaisedOomScoreAdjAndLockedMemoryIsSaid) {
  // 612: 2.6.35, console-kit-dae chosen for its 4 GiB total-vm (score 1027939 = its pages), 495 MiB mlocked.
  const auto ev = parse_log_text(
      "usemem invoked oom-killer: gfp_mask=0x280da, order=0, oom_adj=0\n"
      "Mem-Info:\n"
      "active_anon:128 inactive_anon:140 isolated_anon:0\n"
      " active_file:0 inactive_file:9 isolated_file:0\n"
      " unevictable:126855 dirty:0 writeback:125 unstable:0\n"
      " free:1996 slab_reclaimable:4445 slab_unreclaimable:23646\n"
      " mapped:923 shmem:7 pagetables:778 bounce:0\n"
      "Free swap  = 2051080kB\n"
      "Total swap = 2064380kB\n"
      "262138 pages RAM\n"
      "Out of memory: kill process 1727 (console-kit-dae) score 1027939 or a child\n"
      "Killed process 1727 (console-kit-dae) vsz:4111756kB, anon-rss:0kB, file-rss:600kB\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation ex = explain(ev[0]);
  const Check* locked = find(ex, "unevictable_dominant");
  ASSERT_NE(locked, nullptr);
  EXPECT_NE(locked->message.find("mlock"), std::string::npos);
  const Check* little = find(ex, "victim_held_little");
  ASSERT_NE(little, nullptr);
  EXPECT_EQ(little->message.find("raised oom_score_adj"), std::string::npos);
  EXPECT_NE(little->message.find("virtual size"), std::string::npos);
}

}  // namespace
}  // namespace oomlens
