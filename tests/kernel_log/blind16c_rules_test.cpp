// Rules found by blind set 16c (issue 12: tests/corpus/505-516, mail archives' text shapes), each on hand-written
// input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_building.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::find;  // the one check lookup of the tests (diagnose/event_fixtures.h)

TEST(Prefix, ALineWithAnEncodedDotIsQuotedPrintable) {
  // 508: GMX encodes every `.` as `=2E`; a line with no `=` of its own holds no `=3D`.
  NormalizedLine n;
  normalize_line("> >>>>> [121972=2E020000] Mem-Info:", n, std::nullopt);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_EQ(n.text, "Mem-Info:");
  normalize_line("> >>>>> [121972=2E870000] [   4768]     0  4768      401       31        0       31         0     "
                 "6144        0             0 apt=2Esystemd=2Edai",
                 n, std::nullopt);
  EXPECT_EQ(n.text, "[   4768]     0  4768      401       31        0       31         0     6144        0             0 "
                    "apt.systemd.dai");
  // Kernel text holds no `=2E`: a line without it is left as it is.
  normalize_line("[  100.000001] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0", n,
                 std::nullopt);
  EXPECT_EQ(n.text, "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0");
}

TEST(OomLines, AReaperLineWrappedAtItsSpaceBeforeTheFiguresIsRead) {
  // 514: `…reaped process 519 (runltp), now` + `anon-rss:0kB, …`, the rest appended without the space.
  auto r = oomline::parse_reaper("oom_reaper: reaped process 519 (runltp), nowanon-rss:0kB, file-rss:0kB, shmem-rss:4kB");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->pid, 519);
  EXPECT_EQ(r->comm, "runltp");
  EXPECT_EQ(r->anon_rss_kb, 0u);
  EXPECT_EQ(r->shmem_rss_kb, 4u);
  // Cut right after `now`: no figures, no reaper line (parse_reaper_cut() reads its pid).
  EXPECT_FALSE(oomline::parse_reaper("oom_reaper: reaped process 519 (runltp), now"));
  auto ev = parse_log_text(
      "> [  209.052842] Out of memory: Killed process 519 (runltp) total-vm:10244kB, anon-rss:904kB, file-rss:4kB, "
      "shmem-rss:0kB, UID:0 pgtables:60kB oom_score_adj:0\n"
      "> [  209.066782] oom_reaper: reaped process 519 (runltp), now\n"
      "> anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  ASSERT_TRUE(ev[0].victims[0].reaped);
  EXPECT_EQ(ev[0].victims[0].reaped->anon_rss_bytes, 0u);
}

TEST(Report, AKillAfterANoKillablePanicIsAReportOfItsOwn) {
  // 514: an LTP run's `no killable processes` and deadlocked panic, then (the next boot) a kill: two events.
  auto ev = parse_log_text(
      "[   63.451494] Out of memory and no killable processes...\n"
      "[   63.456633] Kernel panic - not syncing: System is deadlocked on memory\n"
      "[  209.052842] Out of memory: Killed process 519 (runltp) total-vm:10244kB, anon-rss:904kB, file-rss:4kB, "
      "shmem-rss:0kB, UID:0 pgtables:60kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].kind, EventKind::no_killable);
  EXPECT_TRUE(ev[0].victims.empty());
  EXPECT_EQ(ev[1].kind, EventKind::kill);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].pid, 519);
}

TEST(Report, A2611HeaderWithoutATaskOpensTheReportAndItsShowMem) {
  // 511: 2.6.10–2.6.18 print `oom-killer: gfp_mask=0xd0` (no task), show_mem(), then the kill.
  // One parser: oomline::parse_header() reads it with no comm, the mask kept (b16d's 526 too).
  ASSERT_TRUE(oomline::parse_header("oom-killer: gfp_mask=0xd0"));
  EXPECT_EQ(oomline::parse_header("oom-killer: gfp_mask=0x201d2, order=0")->order, 0);
  EXPECT_FALSE(oomline::parse_header("oom-killer: gfp_mask=0xd0 and then some"));
  EXPECT_EQ(oomline::parse_header("bash invoked oom-killer: gfp_mask=0xd0, order=0, oomkilladj=0")->comm, "bash");
  auto ev = parse_log_text(
      "> oom-killer: gfp_mask=0xd0\n"
      "> DMA per-cpu:\n"
      "> cpu 0 hot: low 2, high 6, batch 1\n"
      "> Free pages:       28944kB (896kB HighMem)\n"
      "> DMA free:3960kB min:584kB low:728kB high:876kB active:1996kB inactive:1104kB present:16384kB "
      "pages_scanned:3747 all_unreclaimable? yes\n"
      "> Normal free:24088kB min:32180kB low:40224kB high:48268kB active:5780kB inactive:167540kB present:901120kB "
      "pages_scanned:29844 all_unreclaimable? no\n"
      "> Free swap  = 1838852kB\n"
      "> Total swap = 1975976kB\n"
      "> Out of Memory: Killed process 18330 (cat).\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_TRUE(ev[0].trigger);  // the header names no task, but its gfp_mask is printed
  EXPECT_TRUE(ev[0].trigger->comm.empty());
  EXPECT_EQ(ev[0].trigger->gfp_mask, "0xd0");
  EXPECT_EQ(ev[0].constraint, Constraint::global);  // show_mem(): no memcg OOM prints it
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->zones.size(), 2u);
  bool noted = false;
  for (const auto& n : ev[0].notes) noted = noted || n.find("names no task") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST(Explain, AMachineWhoseOnlyLowmemZoneIsDmaIsReadByIt) {
  // 507: a 32 MB powerpc board, all RAM in ZONE_DMA (free 7976kB, min 660kB), an order-1 fork: Mem-Info has zone
  // lines, and none is at its min watermark.
  auto ev = parse_log_text(
      "[   54.400754] S99watchdogd-ap invoked oom-killer: gfp_mask=0x27000c0(GFP_KERNEL_ACCOUNT|__GFP_NOTRACK), "
      "nodemask=0, order=1, oom_score_adj=0\n"
      "[   54.401501] Mem-Info:\n"
      "[   54.401616] active_anon:2727 inactive_anon:91 isolated_anon:0\n"
      "[   54.401851] DMA free:7976kB min:660kB low:824kB high:988kB active_anon:10908kB present:32768kB "
      "managed:27912kB\n"
      "[   54.437802] 8192 pages RAM\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation x = explain(ev[0]);
  const Check* c = find(x, "high_order_allocation");
  ASSERT_NE(c, nullptr);
  EXPECT_NE(c->message.find("Mem-Info shows no zone at its min watermark"), std::string::npos) << c->message;
}

}  // namespace
}  // namespace oomlens
