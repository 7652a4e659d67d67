// Parser facts behind the rarer causes of issue 12 item 8 (h-causes): a memcg
// OOM invoked by a write to the limit, old show_mem() RAM lines, a memcg
// path taken from a stats block that may be a child's. Hand-written input
// shaped like the corpus report named per test.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

constexpr const char* kMaxWrite =
    "[10.0] openrc-run.sh invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
    "[10.0] CPU: 1 PID: 14070 Comm: openrc-run.sh Not tainted 5.4.98 #1\n"
    "[10.0] Call Trace:\n"
    "[10.0]  dump_stack+0x57/0x6d\n"
    "[10.0]  dump_header+0x4a/0x1ec\n"
    "[10.0]  oom_kill_process.cold+0xb/0x10\n"
    "[10.0]  out_of_memory+0x1c9/0x250\n"
    "[10.0]  mem_cgroup_out_of_memory+0xc9/0xe0\n"
    "[10.0]  %s+0x116/0x1d0\n"
    "[10.0]  cgroup_file_write+0xaa/0x180\n";

std::string with_frame(const char* frame) {
  char buf[2048];
  std::snprintf(buf, sizeof buf, kMaxWrite, frame);
  return buf;
}

TEST(LimitLowered, MemoryMaxWriteCallingTheMemcgOomIsRecorded) {
  // Corpus 230: mem_cgroup_out_of_memory() called by memory_max_write().
  auto ev = parse_log_text(with_frame("memory_max_write"));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::memcg);
  EXPECT_EQ(ev[0].limit_lowered, LimitWrite::memory_max);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->pid, 14070);
}

TEST(LimitLowered, CgroupV1ResizeIsLimitInBytes) {
  auto ev = parse_log_text(with_frame("mem_cgroup_resize_max"));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].limit_lowered, LimitWrite::limit_in_bytes);
  ev = parse_log_text(with_frame("mem_cgroup_resize_limit"));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].limit_lowered, LimitWrite::limit_in_bytes);
}

TEST(LimitLowered, AnAllocationsChargeIsNot) {
  auto ev = parse_log_text(with_frame("try_charge"));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].limit_lowered, LimitWrite::none);
  // An unreliable frame (`? memory_max_write`) is no caller.
  ev = parse_log_text(with_frame("? memory_max_write"));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].limit_lowered, LimitWrite::none);
}

TEST(OldShowMem, PagesOfRamHighmemAndReservedAreRead) {
  // 2.6.x i386 show_mem() (corpus 231, 236, 237): page counts, the page size from the buddy lists.
  auto ev = parse_log_text(
      "[280.1] events/0 invoked oom-killer: gfp_mask=0xd0, order=0, oomkilladj=0\n"
      "[280.1] Mem-info:\n"
      "[280.1] Node 0 Normal: 28*4kB 9*8kB 0*16kB = 184kB\n"
      "[280.1] Swap cache: add 0, delete 0, find 0/0\n"
      "[280.1] Free swap  = 0kB\n"
      "[280.1] Total swap = 0kB\n"
      "[280.1] 786426 pages of RAM\n"
      "[280.1] 557050 pages of HIGHMEM\n"
      "[280.1] 7175 reserved pages\n"
      "[280.2] Out of memory: kill process 2842 (a.out) score 494723 or a child\n"
      "[280.2] Killed process 2842 (a.out)\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_FALSE(ev[0].page_size_assumed);
  EXPECT_EQ(ev[0].mem_info->ram_bytes, uint64_t{786426} * 4096);
  EXPECT_EQ(ev[0].mem_info->highmem_bytes, uint64_t{557050} * 4096);
  EXPECT_EQ(ev[0].mem_info->reserved_bytes, uint64_t{7175} * 4096);
}

TEST(OldShowMem, WithoutAPrintedPageSizeTheAssumptionIsNoted) {
  auto ev = parse_log_text(
      "[280.1] events/0 invoked oom-killer: gfp_mask=0xd0, order=0, oomkilladj=0\n"
      "[280.1] Mem-info:\n"
      "[280.1] 786426 pages of RAM\n"
      "[280.2] Out of memory: kill process 2842 (a.out) score 494723 or a child\n"
      "[280.2] Killed process 2842 (a.out)\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_TRUE(ev[0].page_size_assumed);  // never silently: page_size_assumed and a note
  bool noted = false;
  for (const auto& n : ev[0].notes) noted = noted || n.find("page size not printed") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST(StatsPath, FirstStatsBlockWithoutTheLinesBeforeItMayBeAChild) {
  // Corpus 229: the excerpt jumps from the call trace to a `Memory cgroup stats for` line.
  const std::string head =
      "May 29 01:38:43 h kernel: celery invoked oom-killer: gfp_mask=0x14000c0(GFP_KERNEL), nodemask=(null),  "
      "order=0, oom_score_adj=993\n"
      "May 29 01:38:43 h kernel: CPU: 1 PID: 27714 Comm: celery Not tainted 4.14.84-coreos #1\n";
  const std::string stats =
      "May 29 01:38:43 h kernel: Memory cgroup stats for /kubepods/burstable/podc2/613687: cache:100KB rss:509036KB\n"
      "May 29 01:38:43 h kernel: Memory cgroup out of memory: Kill process 11216 (celery) score 1431 or sacrifice "
      "child\n"
      "May 29 01:38:43 h kernel: Killed process 11216 (celery) total-vm:519716kB, anon-rss:223004kB, "
      "file-rss:5916kB, shmem-rss:0kB\n";
  auto ev = parse_log_text(head + stats);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].memcg);
  EXPECT_EQ(ev[0].memcg->oom_memcg, "/kubepods/burstable/podc2/613687");
  EXPECT_TRUE(ev[0].memcg->oom_memcg_maybe_child);
  // With the `memory:` line before it, the first block is the limit's own.
  ev = parse_log_text(head +
                      "May 29 01:38:43 h kernel: memory: usage 524288kB, limit 524288kB, failcnt 2083\n" + stats);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].memcg);
  EXPECT_FALSE(ev[0].memcg->oom_memcg_maybe_child);
}

}  // namespace
}  // namespace oomlens
