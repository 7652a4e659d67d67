// Parsing of the lines that tell unusual causes and incomplete reports apart:
// zone, hugepages and unreclaimable-slab lines of Mem-Info, the call trace's
// constraint, the `incomplete` kind and inferred years.
#include <gtest/gtest.h>

#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

std::vector<OomEvent> parse(std::string_view text) { return parse_log_text(text); }

// A zone line's `free_cma:` (corpus 139: the DMA zone's free is almost all CMA).
TEST(CausesParse, ZoneFreeCma) {
  const auto events = parse(
      "[492.6] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[492.6] Mem-Info:\n"
      "[492.6] DMA free:519112kB boost:7216kB min:10428kB low:11228kB high:12028kB reserved_highatomic:0KB "
      "present:786432kB managed:663836kB mlocked:0kB bounce:0kB free_pcp:236kB local_pcp:232kB free_cma:513592kB\n"
      "[492.6] 816128 pages HighMem/MovableOnly\n");
  ASSERT_EQ(events.size(), 1u);
  ASSERT_TRUE(events[0].mem_info);
  ASSERT_EQ(events[0].mem_info->zones.size(), 1u);
  const Zone& z = events[0].mem_info->zones[0];
  EXPECT_EQ(z.free_bytes, 519112ull * 1024);
  EXPECT_EQ(z.free_cma_bytes, 513592ull * 1024);
  EXPECT_EQ(z.min_bytes, 10428ull * 1024);
}

TEST(CausesParse, ZonesHugepagesAndSlabTable) {
  const auto events = parse(
      "[1.0] systemd invoked oom-killer: gfp_mask=0x40cc0(GFP_KERNEL|__GFP_COMP), order=1, oom_score_adj=0\n"
      "[1.0] Mem-Info:\n"
      "[1.0] active_anon:60744 inactive_anon:109226 isolated_anon:0\n"
      "[1.0]  slab_reclaimable:34660 slab_unreclaimable:795718\n"
      "[1.0]  mapped:1256 shmem:165765 pagetables:689 bounce:0\n"
      "[1.0]  free:340962 free_pcp:4672 free_cma:0\n"
      "[1.0] Node 0 Normal free:12652kB min:14344kB low:19092kB high:23840kB present:6220656kB managed:4750196kB\n"
      "[1.0] lowmem_reserve[]: 0 15360 15360\n"
      "[1.0] HighMem free:63352504kB min:512kB low:67316kB high:134124kB present:63554796kB\n"
      "[1.0] Node 0 Normal: 3138*4kB (UME) 38*8kB (UM) 0*16kB = 12856kB\n"
      "[1.0] Node 0 hugepages_total=512 hugepages_free=500 hugepages_surp=0 hugepages_size=2048kB\n"
      "[1.0] 2046684 pages RAM\n"
      "[1.0] 16549378 pages HighMem\n"
      "[1.0] Unreclaimable slab info:\n"
      "[1.0] Name                      Used          Total\n"
      "[1.0] bio-3                    560KB        672KB\n"
      "[1.0] kmemleak_object      2449340KB    2449340KB\n"
      "[1.0] Tasks state (memory values in pages):\n"
      "[1.0] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[1.0] [    238]     0   238     3446     1394    61440        0         -1000 systemd-udevd\n"
      "[1.0] Out of memory and no killable processes...\n");
  ASSERT_EQ(events.size(), 1u);
  const OomEvent& e = events[0];
  EXPECT_EQ(e.kind, EventKind::no_killable);
  ASSERT_TRUE(e.mem_info);
  const MemInfo& m = *e.mem_info;
  ASSERT_EQ(m.zones.size(), 2u);
  EXPECT_EQ(m.zones[0].name, "Normal");
  EXPECT_EQ(m.zones[0].free_bytes, 12652ull * 1024);
  EXPECT_EQ(m.zones[0].min_bytes, 14344ull * 1024);
  EXPECT_EQ(m.zones[0].managed_bytes, 4750196ull * 1024);
  EXPECT_EQ(m.zones[1].name, "HighMem");  // ≤4.7 zone line without `Node N`
  EXPECT_EQ(m.zones[1].managed_bytes, 63554796ull * 1024);
  EXPECT_FALSE(m.zones[0].free_cma_bytes);  // not printed on this zone line
  ASSERT_EQ(m.hugepages.size(), 1u);
  EXPECT_EQ(m.hugepages[0].total, 512u);
  EXPECT_EQ(m.hugepages[0].free, 500u);
  EXPECT_EQ(m.hugepages[0].size_bytes, 2048ull * 1024);
  EXPECT_EQ(m.highmem_bytes, 16549378ull * 4096);
  ASSERT_EQ(m.unreclaimable_slab.size(), 2u);
  EXPECT_EQ(m.unreclaimable_slab[0].name, "kmemleak_object");  // largest first
  EXPECT_EQ(m.unreclaimable_slab[0].total_bytes, 2449340ull * 1024);
  EXPECT_EQ(m.slab_unreclaimable_bytes, 795718ull * 4096);
  EXPECT_EQ(e.tasks.size(), 1u);  // the slab table does not end the report or pose as task rows
}

TEST(CausesParse, HeaderOnlyIsIncompleteWithTheStacksConstraint) {
  auto memcg = parse(
      "systemd invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=100\n"
      "CPU: 10 UID: 1000 PID: 20957 Comm: systemd Not tainted 6.17.3-arch2-1 #1\n"
      "Call Trace:\n"
      " out_of_memory.cold+0x8/0x78\n"
      " mem_cgroup_out_of_memory+0xc2/0xd0\n"
      " try_charge_memcg+0x416/0x600\n");
  ASSERT_EQ(memcg.size(), 1u);
  EXPECT_EQ(memcg[0].kind, EventKind::incomplete);
  EXPECT_EQ(memcg[0].constraint, Constraint::memcg);
  EXPECT_TRUE(memcg[0].victims.empty());

  auto global = parse(
      "[ 1.5] app invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0\n"
      "[ 1.5] Call Trace:\n"
      "[ 1.5]  out_of_memory+0x1bf/0x551\n"
      "[ 1.5]  __alloc_pages_slowpath+0xd40/0xe24\n");
  ASSERT_EQ(global.size(), 1u);
  EXPECT_EQ(global[0].kind, EventKind::incomplete);
  EXPECT_EQ(global[0].constraint, Constraint::global);

  const OomEvent arm = testing::one_event(
      "gpg invoked oom-killer: gfp_mask=0x440dc0(GFP_KERNEL_ACCOUNT), order=0, oom_score_adj=0\n"
      " oom_kill_process from out_of_memory+0x100/0x350\n"
      " out_of_memory from __alloc_pages_noprof+0xadc/0xfc8\n");
  EXPECT_EQ(arm.constraint, Constraint::global);

  const OomEvent cut = testing::one_event(
      "thrash invoked oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0\n"
      "Call Trace:\n"
      " [<ffffffffa21135d4>] dump_stack+0x19/0x1b\n"
      " [<ffffffffa210e79f>] dump_header+0x90/0x229\n");
  EXPECT_FALSE(cut.constraint);  // nothing says what ran out
  // __out_of_memory / pagefault_out_of_memory are not the allocator's call.
  const OomEvent other = testing::one_event(
      "x invoked oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0\n"
      " pagefault_out_of_memory+0x1/0x2\n"
      " __alloc_pages_nodemask+0x1/0x2\n");
  EXPECT_FALSE(other.constraint);
  // The multi-gen LRU's aging from kswapd (2021-22 patch sets, Android's backports): an oom_control of no memcg
  // and no zonelist, a machine-wide OOM; ARM's `from` form too. Another function's frame after it says nothing.
  const OomEvent aging = testing::one_event(
      "kswapd0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      " out_of_memory+0x200/0x528\n"
      " lru_gen_age_node+0x1d8/0x278\n"
      " age_active_anon+0xfc/0x124\n");
  EXPECT_EQ(aging.constraint, Constraint::global);
  EXPECT_TRUE(aging.reclaim_oom);
  const OomEvent aging_arm = testing::one_event(
      "kswapd0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      " oom_kill_process from out_of_memory+0x200/0x528\n"
      " out_of_memory from lru_gen_age_node+0x1d8/0x278\n");
  EXPECT_EQ(aging_arm.constraint, Constraint::global);
  const OomEvent not_aging = testing::one_event(
      "kswapd0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      " out_of_memory+0x200/0x528\n"
      " shrink_node+0x1/0x2\n"
      " lru_gen_age_node+0x1d8/0x278\n");
  EXPECT_FALSE(not_aging.constraint);
  EXPECT_FALSE(not_aging.reclaim_oom);
}

TEST(CausesParse, InferredYearIsNeverInTheFuture) {
  ScanOptions opt;
  opt.default_year = 2026;        // the file was last written in January 2026 …
  opt.latest_s = 1767571200;      // 2026-01-05T00:00:00Z
  auto events = parse_log_text("Dec 30 23:59:01 h kernel: a invoked oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0\n",
                               opt);
  ASSERT_EQ(events.size(), 1u);
  ASSERT_TRUE(events[0].time.wall);
  EXPECT_EQ(events[0].time.wall->substr(0, 10), "2025-12-30");  // … so December was 2025
  EXPECT_TRUE(events[0].time.year_inferred);
  bool noted = false;
  for (const auto& n : events[0].notes) noted = noted || n.find("2025 is a guess") != std::string::npos;
  EXPECT_TRUE(noted);

  events = parse_log_text("Jan  3 10:00:00 h kernel: a invoked oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0\n", opt);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].time.wall->substr(0, 10), "2026-01-03");

  // A printed year is no guess.
  events = parse_log_text("2025-12-30T23:59:01+01:00 h kernel: a invoked oom-killer: gfp_mask=0xd0, order=0\n", opt);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_FALSE(events[0].time.year_inferred);
  for (const auto& n : events[0].notes) EXPECT_EQ(n.find("guess"), std::string::npos);
}

}  // namespace
}  // namespace oomlens
