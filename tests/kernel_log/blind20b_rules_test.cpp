// Rules found by blind set 20b (issue 12: tests/corpus/685-696, rare causes and new architectures), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::find;  // the one check lookup of the tests (diagnose/event_fixtures.h)

TEST(Report, RowsAfterAnElisionBelowTheKillAreTheNextReports) {
  // 686: `(...snipped...)` between a kill and rows printed 3 s later whose header the poster left out: those rows
  // and their kill are a report of their own, not the first one's rows pasted out of order.
  const auto ev = parse_log_text(
      "[  139.612371] kworker/0:2 invoked oom-killer: order=-1, oom_score_adj=0, gfp_mask=0x24000c0(GFP_KERNEL)\n"
      "[  139.795759] [ 9546]  1000  9546   541716   458687     906       6        0             0 oom-write\n"
      "[  139.799526] [ 9552]  1000  9552       40        1       3       2        0             0 write\n"
      "[  139.808524] Out of memory: Kill process 9546 (oom-write) score 902 or sacrifice child\n"
      "[  139.810216] Killed process 9552 (write) total-vm:160kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n"
      "(...snipped...)\n"
      "[  142.571815] [ 9546]  1000  9546   541716   458687     906       6        0             0 oom-write\n"
      "[  142.577633] [ 9553]  1000  9553       40        1       3       2        0             0 write\n"
      "[  142.585055] Out of memory: Kill process 9546 (oom-write) score 902 or sacrifice child\n"
      "[  142.586796] Killed process 9553 (write) total-vm:160kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].tasks.size(), 2u);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].oom_score_adj, 0);  // from its own report's row
}

TEST(Report, AStampedHeaderGoesOnAfterProseAtALineOfItsSecond) {
  // 689: a document quoting one `dmesg -T` report in sections with prose between: the next section's lines carry
  // the header's second, so they are its report's.
  const std::string head =
      "[ven. nov. 28 07:26:44 2025] postmaster invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|"
      "__GFP_COMP), order=0, oom_score_adj=0\n"
      "-   **Invoker**: `postmaster` requested memory.\n"
      "\n"
      "## 2. System Information\n";
  const auto ev = parse_log_text(
      head +
      "[ven. nov. 28 07:26:44 2025] CPU: 7 PID: 3240780 Comm: postmaster Not tainted 5.14.0-362.8.1.el9_3.x86_64 #1\n"
      "[ven. nov. 28 07:26:44 2025] Out of memory: Killed process 3499662 (postmaster) total-vm:5083036kB, "
      "anon-rss:854636kB, file-rss:0kB, shmem-rss:3445804kB, UID:26 pgtables:9004kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger.has_value());
  EXPECT_EQ(ev[0].trigger->pid, 3240780);
  ASSERT_EQ(ev[0].victims.size(), 1u);
}

TEST(Report, AStampedHeaderThenProseThenALaterKillAreTwoEventsAndTheKillIsKept) {
  // The other side of 689's rule: the kill after the prose is stamped 100 s later, so the header stays an excerpt
  // of its own (358) and the kill is read as its own report; the merged rule once dropped that kill line.
  const std::string head =
      "[ 1000.000001] python invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0\n"
      "\n"
      "Here is what happened next, much later on.\n"
      "\n";
  const std::string kill =
      "Out of memory: Killed process 4242 (python) total-vm:1000000kB, anon-rss:900000kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:1000 pgtables:2000kB oom_score_adj:0\n";
  for (const std::string stamp : {"[ 1100.000002] ", ""}) {
    const auto ev = parse_log_text(head + stamp + kill);
    ASSERT_EQ(ev.size(), 2u) << stamp;
    EXPECT_EQ(ev[0].kind, EventKind::incomplete) << stamp;
    ASSERT_EQ(ev[1].victims.size(), 1u) << stamp;
    EXPECT_EQ(ev[1].victims[0].pid, 4242) << stamp;
    EXPECT_FALSE(ev[1].trigger.has_value()) << stamp;
  }
}

TEST(OomLines, ATaskMemcgBeforeACutTaskKeyIsWhole) {
  // 690: a viewer cut the summary inside `,task=` and kept the line's last character (`,tas0`).
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary(
      "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice/user-0.slice/user@0.service,tas0",
      s));
  ASSERT_TRUE(s.task_memcg.has_value());
  EXPECT_EQ(*s.task_memcg, "/user.slice/user-0.slice/user@0.service");
  EXPECT_FALSE(s.task.has_value());
}

TEST(Explain, FreeMemoryInCmaIsNoRoomForAnUnmovableAllocation) {
  // 690: the only zone line cut before its `free_cma:`; the counters' free_cma pages hold most of its free memory,
  // so the unmovable allocation (a page table) had 24 MiB, under the zone's min watermark: it did run out.
  const auto ev = parse_log_text(
      "[ 1537.090278] sh invoked oom-killer: gfp_mask=0x400dc0(GFP_KERNEL_ACCOUNT|__GFP_ZERO), order=0, "
      "oom_score_adj=0\n"
      "[ 1537.140097]  out_of_memory+0xe4/0x594\n"
      "[ 1537.143766]  __alloc_pages+0xb68/0xd00\n"
      "[ 1537.199334] Mem-Info:\n"
      "[ 1537.201620] active_anon:342 inactive_anon:10343 isolated_anon:0\n"
      "[ 1537.201620]  free:136672 free_pcp:96 free_cma:129241\n"
      "[ 1537.271422] Node 0 DMA free:541636kB boost:0kB min:30000kB low:37500kB high:45000kB reserved_highatomic:0KB "
      "active_anon:1368kB inactive_anon:41372kB actiB\n"
      "[ 1537.300219] lowmem_reserve[]: 0 0 0 0\n"
      "[ 1537.303929] Node 0 DMA: 1015*4kB (UMEC) 743*8kB (UMEC) 417*16kB (UMEC) 0*1024kB\n"
      "[ 1537.368147] Total swap = 0kB\n"
      "[ 1537.371065] 516096 pages RAM\n"
      "[ 1537.703009] Out of memory: Killed process 679 ((sd-pam)) total-vm:14880kB, anon-rss:2584kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:0 pgtables:72kB oom_score_adj:100\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation x = explain(ev[0]);
  EXPECT_NE(find(x, "cma_held_free"), nullptr);
  EXPECT_EQ(find(x, "zone_free_above_watermark"), nullptr);
  EXPECT_EQ(x.summary.find("had not run out"), std::string::npos) << x.summary;
}

TEST(Explain, APanicOnOomStillSaysWhatFilledMemory) {
  // 685: panic_on_oom=2 on a router whose RAM was ramfs (unevictable) and slab: the advice names those too.
  const auto ev = parse_log_text(
      "[  262.759000] wps_monitor invoked oom-killer: gfp_mask=0x201da, order=0, oom_adj=0, oom_score_adj=0\n"
      "[  262.816000] [<8007d3ac>] out_of_memory+0xb8/0x388\n"
      "[  262.821000] [<80081250>] __alloc_pages_nodemask+0x52c/0x634\n"
      "[  262.985000] Mem-Info:\n"
      "[  263.013000] active_anon:1225 inactive_anon:0 isolated_anon:0\n"
      "[  263.013000]  active_file:0 inactive_file:2 isolated_file:0\n"
      "[  263.013000]  unevictable:13322 dirty:0 writeback:0 unstable:0\n"
      "[  263.013000]  free:456 slab_reclaimable:323 slab_unreclaimable:11659\n"
      "[  263.160000] 31757 pages RAM\n"
      "[  263.454000] Kernel panic - not syncing: Out of memory: compulsory panic_on_oom is enabled\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation x = explain(ev[0]);
  ASSERT_NE(find(x, "unevictable_dominant"), nullptr);
  bool locks = false;
  for (const auto& a : x.advice) locks = locks || a.find("locks memory") != std::string::npos;
  EXPECT_TRUE(locks);
}

TEST(Report, APpc64KernelsPageCountsAreNotFourKib) {
  // 695: RHEL 8 ppc64le (64 KiB pages), Mem-Info's counters only: no byte figure from an assumed 4 KiB page.
  const auto ev = parse_log_text(
      "[93334.020194] xfs_db invoked oom-killer: gfp_mask=0x6200ca(GFP_HIGHUSER_MOVABLE), nodemask=(null), order=0, "
      "oom_score_adj=-1000\n"
      "[93334.020213] CPU: 2 PID: 977 Comm: xfs_db Kdump: loaded Not tainted 4.18.0-139.el8.ppc64le+debug #1\n"
      "[93334.020281] Mem-Info:\n"
      "[93334.020286] active_anon:93769 inactive_anon:13540 isolated_anon:0\n"
      "[93334.020286]  free:2756 free_pcp:0 free_cma:0\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_FALSE(ev[0].page_size_bytes.has_value());
  EXPECT_FALSE(ev[0].page_size_assumed);
  ASSERT_TRUE(ev[0].mem_info.has_value());
  EXPECT_FALSE(ev[0].mem_info->free_bytes.has_value());
}

}  // namespace
}  // namespace oomlens
