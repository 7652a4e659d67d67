// The page size from a Mem-Info buddy list (mm/page_alloc.c show_free_areas()):
// its first block is order 0, one page. `Node 0 Normal: 1*4kB …` and the form
// without the node (≤4.7, 32-bit ARM and MIPS: `Normal: 256*16kB (UM) …`) give
// it alike; pages are not always 4 KiB (MIPS, arm64 and ppc64 kernels use
// 16 or 64 KiB).
#include <gtest/gtest.h>

#include "kernel_log/report_building.h"
#include "kernel_log/report_scanner.h"
#include "support/files.h"
#include "support/paths.h"

namespace oomlens {
namespace {

std::string report(const std::string& buddy) {
  return "[  50.000000] hostapd invoked oom-killer: gfp_mask=0x201da, order=0, oom_score_adj=0\n"
         "[  50.000001] Mem-Info:\n"
         "[  50.000002] active_anon:1200 inactive_anon:30 isolated_anon:0\n"
         "[  50.000003]  free:580 slab_reclaimable:40 slab_unreclaimable:300\n"
         "[  50.000004] Normal free:9280kB min:8192kB low:10240kB high:12288kB present:262144kB managed:250000kB\n"
         "[  50.000005] lowmem_reserve[]: 0 0\n" +
         buddy +
         "[  50.000007] 16384 pages RAM\n"
         "[  50.000008] Out of memory: Kill process 513 (ubusd) score 90 or sacrifice child\n"
         "[  50.000009] Killed process 513 (ubusd) total-vm:1536kB, anon-rss:320kB, file-rss:64kB\n";
}

TEST(BuddyPageSize, WithoutTheNodeTheSmallestBlockIsThePage) {
  auto ev = parse_log_text(report("[  50.000006] Normal: 256*16kB (UM) 165*32kB (UM) 10*64kB (M) 0*128kB = 9376kB\n"));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].page_size_bytes, 16384u);
  EXPECT_FALSE(ev[0].page_size_assumed);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->ram_bytes, 16384u * 16384);
  EXPECT_EQ(ev[0].mem_info->free_bytes, 580u * 16384);
}

TEST(BuddyPageSize, WithTheNodeAsBefore) {
  auto ev = parse_log_text(report("[  50.000006] Node 0 Normal: 256*16kB (UM) 165*32kB (UM) = 9376kB\n"));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].page_size_bytes, 16384u);
  EXPECT_FALSE(ev[0].page_size_assumed);
}

TEST(BuddyPageSize, NoBuddyListIsAnAssumptionNeverAFact) {
  auto ev = parse_log_text(report(""));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].page_size_bytes, 4096u);
  EXPECT_TRUE(ev[0].page_size_assumed);
}

TEST(BuddyPageSize, NotABuddyList) {
  // A line with a colon but no `N*SIZEkB` block after it gives no page size.
  auto ev = parse_log_text(report("[  50.000006] Normal: free 12 blocks*4kB\n"));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].page_size_assumed);
}

TEST(BuddyPageSize, TheLineAloneGivesItsZoneAndOrderZeroBlock) {
  // x86-64, 4 KiB pages.
  const auto x86 = parse_buddy_list(
      "Node 0 Normal: 1*4kB (U) 2*8kB (UM) 0*16kB 1*32kB (M) 0*64kB 0*128kB 0*256kB 0*512kB 0*1024kB 0*2048kB "
      "0*4096kB = 52kB");
  ASSERT_TRUE(x86);
  EXPECT_EQ(x86->zone, "Normal");
  EXPECT_EQ(x86->page_kb, 4u);
  // ppc64le and arm64 kernels built with 64 KiB pages (all of ppc64's memory in ZONE_DMA).
  const auto ppc = parse_buddy_list("Node 0 DMA: 31*64kB (UME) 12*128kB (UM) 3*256kB (M) 0*512kB 1*1024kB (M) "
                                    "0*2048kB 0*4096kB 0*8192kB 0*16384kB = 6848kB");
  ASSERT_TRUE(ppc);
  EXPECT_EQ(ppc->zone, "DMA");
  EXPECT_EQ(ppc->page_kb, 64u);
  const auto arm = parse_buddy_list("Node 1 Normal: 0*64kB 0*128kB 1*256kB (U) 0*512kB = 256kB");
  ASSERT_TRUE(arm);
  EXPECT_EQ(arm->page_kb, 64u);  // an empty order-0 list still prints its block size
  // ≤4.7 and 32-bit ARM/MIPS print no `Node N`.
  const auto old = parse_buddy_list("DMA32: 45619*4kB (UME) 73*8kB (UM) 0*16kB = 183060kB");
  ASSERT_TRUE(old);
  EXPECT_EQ(old->zone, "DMA32");
  EXPECT_EQ(old->page_kb, 4u);
  // A line cut inside its first block, or a wrapped line's rest, gives no page size.
  EXPECT_FALSE(parse_buddy_list("Node 0 Normal: 1*6"));
  EXPECT_FALSE(parse_buddy_list("Node 0 Normal: 1*"));
  EXPECT_FALSE(parse_buddy_list("Node 0 Normal:"));
  EXPECT_FALSE(parse_buddy_list("28kB (U) 1*256kB (U) 0*512kB 1*1024kB (U) = 15900kB"));
  EXPECT_FALSE(parse_buddy_list("Normal free:9280kB min:8192kB low:10240kB"));
}

// Corpus 510: the header, its trace, the poster's `.....`, then the buddy lists alone (no `Mem-Info:` line, no
// counters, no zone lines). Their order-0 block is the page size, which no other line gives.
std::string header_then_buddy(const std::string& buddy) {
  return "[51669.515086] make invoked oom-killer: gfp_mask=0x27000c0(GFP_KERNEL_ACCOUNT|__GFP_NOTRACK), order=2, "
         "oom_score_adj=0\n"
         "[51669.515092] CPU: 1 PID: 1202 Comm: make Tainted: G          I     4.7.1fw #1\n"
         "[51669.515102] Call Trace:\n"
         "[51669.515122]  [<ffffffff810fea6d>] ? out_of_memory+0x28d/0x2d0\n"
         "[51669.515125]  [<ffffffff81103137>] ? __alloc_pages_nodemask+0xb97/0xc90\n"
         ".....\n" +
         buddy;
}

TEST(BuddyPageSize, BuddyListsWithoutTheirMemInfoBlock) {
  auto ev = parse_log_text(header_then_buddy(
      "[51669.515202] DMA32: 45619*4kB (UME) 73*8kB (UM) 0*16kB 0*32kB 0*64kB = 183060kB\n"
      "[51669.515209] Normal: 39979*4kB (UE) 0*8kB 0*16kB 0*32kB 0*64kB = 159916kB\n"));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].page_size_bytes, 4096u);
  EXPECT_FALSE(ev[0].page_size_assumed);
  EXPECT_FALSE(ev[0].mem_info);  // nothing else of Mem-Info is read from them
  ev = parse_log_text(header_then_buddy("[51669.515209] Node 0 DMA: 31*64kB (UME) 12*128kB (UM) = 3520kB\n"));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].page_size_bytes, 65536u);
  // A line cut before its first block's unit, or a poster's `Total: 3*4kB` (no zone the kernel names): unknown.
  for (const char* line : {"[51669.515209] Normal: 39979*4\n", "Total: 3*4kB = 12kB\n"}) {
    ev = parse_log_text(header_then_buddy(line));
    ASSERT_EQ(ev.size(), 1u) << line;
    EXPECT_FALSE(ev[0].page_size_bytes) << line;
  }
}

// tests/corpus 30 (i386 PAE 3.2): `DMA: 11*4kB 2*8kB …` without the node and no
// task table, so the buddy list is the only source of the page size.
TEST(BuddyPageSize, Corpus30I386) {
  const std::string text =
      testing::slurp(testing::source_path("/tests/corpus/30-linux-mm-2013-i386-pae-3.2-lowmem-oom-kill-allocating-task.log"));
  ASSERT_FALSE(text.empty());
  auto ev = parse_log_text(text);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].page_size_bytes, 4096u);
  EXPECT_FALSE(ev[0].page_size_assumed);
}

}  // namespace
}  // namespace oomlens
