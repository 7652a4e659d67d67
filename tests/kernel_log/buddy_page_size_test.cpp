// The page size from a Mem-Info buddy list (mm/page_alloc.c show_free_areas()):
// its first block is order 0, one page. `Node 0 Normal: 1*4kB …` and the form
// without the node (≤4.7, 32-bit ARM and MIPS: `Normal: 256*16kB (UM) …`) give
// it alike; pages are not always 4 KiB (MIPS, arm64 and ppc64 kernels use
// 16 or 64 KiB).
#include <gtest/gtest.h>

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
