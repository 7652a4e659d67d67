// Rules found by blind set 19c (issue 12: tests/corpus/649-660, distribution forums and desktops), each on
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

TEST(OomLines, TheFirstReapersLbUnitIsKb) {
  // 651: linux-next early 2016 printed `shmem-rss:%lulB`, the kernel's typo for kB.
  auto r = oomline::parse_reaper(
      "oom_reaper: reaped process 336 (Xorg), now anon-rss:0kB, file-rss:0kB, shmem-rss:0lB");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->shmem_rss_kb, 0u);
  auto s = oomline::parse_reaper("oom_reaper: reaped process 7 (a), now anon-rss:0kB, file-rss:4kB, shmem-rss:12lB");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->shmem_rss_kb, 12u);
}

TEST(Prefix, ClockBeforeAProgramWordIsAPrefix) {
  // 653: a shortened journal (`HH:MM:SS systemd: …`, `HH:MM:SS kernel: …`): the clock is the prefix, the word kept.
  NormalizedLine n;
  normalize_line("19:50:59 systemd: user@1000.service: A process of this unit has been killed by the OOM killer.", n,
                 std::nullopt);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_EQ(n.text, "systemd: user@1000.service: A process of this unit has been killed by the OOM killer.");
  // The kernel's own word after a clock stays its text, read by its parser.
  normalize_line("19:50:59 oom_reaper: reaped process 6439 (tracker-miner-f), now anon-rss:0kB", n, std::nullopt);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_TRUE(oomline::parse_reaper(n.text).has_value());
  // Still: a clock before a kernel text with no `word: ` is the line's own.
  normalize_line("04:36:00 Killed process 7 (a)", n, std::nullopt);
  EXPECT_FALSE(n.has_prefix);
}

TEST(Report, AProgramLineAfterAClockIsNoKillLinesRest) {
  // 653: newest-first, systemd's line before the kill in the text; the kill's oom_score_adj stays 0, not `0` + `19`.
  const auto ev = parse_log_text(
      "19:51:01 kernel: oom_reaper: reaped process 6439 (tracker-miner-f), now anon-rss:0kB, file-rss:0kB, "
      "shmem-rss:4kB\n"
      "19:50:59 systemd: user@1000.service: A process of this unit has been killed by the OOM killer.\n"
      "19:50:59 kernel: Out of memory: Killed process 6439 (tracker-miner-f) total-vm:127921280kB, "
      "anon-rss:60906104kB, file-rss:0kB, shmem-rss:4kB, UID:1000 pgtables:249416kB oom_score_adj:0\n"
      "19:50:59 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice/user-1000.slice/user@1000.service/background.slice/tracker-miner-fs-3.service,"
      "task=tracker-miner-f,pid=6439,uid=1000\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].oom_score_adj, 0);
}

TEST(Prefix, ACpuFieldGluedAfterThePrintkTimeGoesBeforeTheCallerId) {
  // 654: Kylin's `[ts][ 3] [T96407] `.
  NormalizedLine n;
  normalize_line("[34536.806115][ 3] [T96407] glmark2-es2-way invoked oom-killer: gfp_mask=0x440dc0", n,
                 std::nullopt);
  EXPECT_EQ(n.text, "glmark2-es2-way invoked oom-killer: gfp_mask=0x440dc0");
  ASSERT_TRUE(n.prefix.caller_id);
  EXPECT_EQ(*n.prefix.caller_id, 96407u);
  // Without a caller id after it, a bracketed number after the time is a task-table row's pid.
  normalize_line("[  617.435749][  613]     0   613    28285       74   233472      192             0 journal", n,
                 std::nullopt);
  EXPECT_EQ(n.text.substr(0, 7), "[  613]");
}

TEST(Report, TheHeadersCallerIdIsTheTriggersPid) {
  // 654: no `CPU: … PID:` line; the header's `[T96407]` is dump_header()'s current task.
  const auto ev = parse_log_text(
      "[34536.806115][ 3] [T96407] glmark2-es2-way invoked oom-killer: gfp_mask=0x440dc0(GFP_KERNEL_ACCOUNT), "
      "order=0, oom_score_adj=0\n"
      "[34536.809608][ 4] [T96407] Out of memory: Killed process 3282 (peony-qt-deskto) total-vm:3023860kB, "
      "anon-rss:1000kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:100kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "glmark2-es2-way");
  EXPECT_EQ(ev[0].trigger->pid, 96407);
}

TEST(OomLines, ASummarysFieldsAfterAPostersElision) {
  // 654: `constraint=CONSTRAINT_NONE, ... task=peony-qt-deskto,pid=3282,uid=1000`.
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE, ... task=peony-qt-deskto,pid=3282,uid=1000",
                                     s));
  EXPECT_EQ(s.constraint, "CONSTRAINT_NONE");
  EXPECT_EQ(s.task, "peony-qt-deskto");
  EXPECT_EQ(s.pid, 3282);
  EXPECT_EQ(s.uid, 1000u);
}

TEST(Report, MemInfoAboveATableHeaderThePasteCutAndAPlaceholderForTheRows) {
  // 655: Mem-Info, `[ pid ]   uid  tgid total_vm      rss cpu oom_adj` (cut before its end, no mark), the poster's
  // `***<long process list wall of text>***`, then the selection and kill: the Mem-Info is the kill's report's.
  const auto ev = parse_log_text(
      "[ 2290.995942] Mem-Info:\n"
      "[ 2290.995998] active_anon:466463 inactive_anon:8404 isolated_anon:0\n"
      "[ 2290.996001]  active_file:376 inactive_file:921 isolated_file:0\n"
      "[ 2290.996004]  unevictable:0 dirty:1 writeback:7 unstable:0\n"
      "[ 2290.996006]  free:13227 slab_reclaimable:2875 slab_unreclaimable:7817\n"
      "[ 2290.996009]  mapped:6402 shmem:225116 pagetables:3070 bounce:0\n"
      "[ 2290.996302] Free swap  = 0kB\n"
      "[ 2290.996307] Total swap = 0kB\n"
      "[ 2291.009020] 521634 pages RAM\n"
      "[ 2291.009042] [ pid ]   uid  tgid total_vm      rss cpu oom_adj\n"
      "***<long process list wall of text>***\n"
      "[ 2291.010201] Out of memory: Kill process 3374 (chromium-browse) score 57 or sacrifice child\n"
      "[ 2291.010211] Killed process 3374 (chromium-browse) total-vm:274432kB, anon-rss:115204kB, file-rss:2860kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info.has_value());
  const Explanation ex = explain(ev[0]);
  EXPECT_NE(find(ex, "swap_absent"), nullptr);
}

TEST(Report, AHeaderExcerptAndItsBodyAfterTheProseAreOneReportByTheirStamps) {
  // 660: the header alone in its own block, the poster's paragraph, then the Mem-Info tail 0.4 s later and the kill.
  const std::string body =
      "[/SIZE]\n"
      "\n"
      "Then these messages appear, I left out some as they appear several times:\n"
      "[SIZE=\"1\"]\n"
      "Aug  6 22:29:44 host01 kernel: [ 9750.484000] Normal free:3660kB min:3744kB low:4680kB high:5616kB "
      "active:468kB inactive:368kB present:894080kB pages_scanned:1449 all_unreclaimable? yes\n"
      "Aug  6 22:29:44 host01 kernel: [ 9750.484000] HighMem free:776284kB min:512kB low:1700kB high:2892kB "
      "active:298956kB inactive:55980kB present:1136844kB pages_scanned:0 all_unreclaimable? no\n"
      "Aug  6 22:29:44 host01 kernel: [ 9750.488000] 515824 pages of RAM\n"
      "Aug  6 22:29:44 host01 kernel: [ 9750.492000] Out of memory: kill process 6193 (x-session-manag) score 54831 "
      "or a child\n"
      "Aug  6 22:29:44 host01 kernel: [ 9750.492000] Killed process 6260 (nautilus)\n";
  const auto ev = parse_log_text(
      "Aug  6 22:29:37 host01 kernel: [ 9750.060000] Xorg invoked oom-killer: gfp_mask=0x2d0, order=0, "
      "oomkilladj=0\n" +
      body);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "Xorg");
  // Ten seconds apart, the two are not taken for one report.
  const auto apart = parse_log_text(
      "Aug  6 22:29:27 host01 kernel: [ 9740.060000] Xorg invoked oom-killer: gfp_mask=0x2d0, order=0, "
      "oomkilladj=0\n" +
      body);
  EXPECT_EQ(apart.size(), 2u);
}

TEST(Explain, ADisplayServersShmemIsItsClientsGraphicsBuffers) {
  // 650: Xorg killed with 2.8 GiB of shmem-rss, 30 MiB anon: GEM buffers, not a database's segment.
  const auto ev = parse_log_text(
      "Out of memory: Killed process 93065 (Xorg) total-vm:10917808kB, anon-rss:31088kB, file-rss:0kB, "
      "shmem-rss:2981192kB, UID:1000 pgtables:6356kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation ex = explain(ev[0]);
  const Check* c = find(ex, "shmem_dominant");
  ASSERT_NE(c, nullptr);
  EXPECT_NE(c->message.find("graphics buffers"), std::string::npos);
  EXPECT_EQ(c->message.find("database"), std::string::npos);
  bool client = false, limit = false;
  for (const auto& a : ex.advice) {
    client = client || a.find("find the client") != std::string::npos;
    limit = limit || a.find("oomlens run --limit") != std::string::npos;
  }
  EXPECT_TRUE(client);
  EXPECT_FALSE(limit);
}

TEST(Explain, FragmentedNotUsedUpGivesNoSizeAdvice) {
  // 651: an order-2 fork with every zone above its min watermark: no "contain a job" nor "find what held it".
  const auto ev = parse_log_text(
      "zram-test.sh invoked oom-killer: gfp_mask=0x27000c0(GFP_KERNEL_ACCOUNT|__GFP_NOTRACK), order=2, "
      "oom_score_adj=0\n"
      "CPU: 1 PID: 9517 Comm: zram-test.sh Not tainted 4.5.0-rc5-next-20160225 #190\n"
      "Call Trace:\n"
      " [<ffffffff810f8319>] out_of_memory+0x36c/0x387\n"
      " [<ffffffff810fc9c2>] __alloc_pages_nodemask+0x9ba/0xaa8\n"
      "Mem-Info:\n"
      "DMA32 free:22876kB min:6232kB low:9332kB high:12432kB active_anon:316384kB inactive_anon:172076kB "
      "active_file:512592kB inactive_file:1011992kB present:3194880kB managed:3107516kB\n"
      "Normal free:5824kB min:1696kB low:2540kB high:3384kB active_anon:34768kB inactive_anon:105080kB "
      "active_file:131820kB inactive_file:267720kB present:917504kB managed:844512kB\n"
      "Free swap  = 8388268kB\n"
      "Total swap = 8388604kB\n"
      "1032092 pages RAM\n"
      "Out of memory: Kill process 336 (Xorg) score 6 or sacrifice child\n"
      "Killed process 336 (Xorg) total-vm:190852kB, anon-rss:58728kB, file-rss:17684kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation ex = explain(ev[0]);
  EXPECT_NE(find(ex, "high_order_allocation"), nullptr);
  for (const auto& a : ex.advice) {
    EXPECT_EQ(a.find("oomlens run --limit"), std::string::npos) << a;
    EXPECT_EQ(a.find("find what held the memory"), std::string::npos) << a;
  }
}

}  // namespace
}  // namespace oomlens
