// Rules found by blind set 20c (issue 12: tests/corpus/697-708, virtualisation hosts, guests and routers), each on
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

bool any_advice_has(const Explanation& ex, std::string_view words) {
  for (const auto& a : ex.advice)
    if (a.find(words) != std::string::npos) return true;
  return false;
}

TEST(OomLines, TaskInWordsGluedToTheFirstPathByAJoinedWrap) {
  // 698: the blog broke `Task in /docker/ID killed as …` after the first path; joined, the space is gone.
  auto ti = oomline::parse_task_in("Task in /docker/0f2bkilled as a result of limit of /docker/0f2b");
  ASSERT_TRUE(ti.has_value());
  EXPECT_EQ(ti->task_memcg, "/docker/0f2b");
  EXPECT_EQ(ti->oom_memcg, "/docker/0f2b");
  // The kernel's own spacing still reads the same.
  ti = oomline::parse_task_in("Task in /a/b killed as a result of limit of /a");
  ASSERT_TRUE(ti.has_value());
  EXPECT_EQ(ti->task_memcg, "/a/b");
  EXPECT_EQ(ti->oom_memcg, "/a");
}

TEST(Report, WrappedTaskInLineAfterSyslogPrefixIsRead) {
  // 698: the two unprefixed pieces of a prefixed `Task in` line, the second a path's rest after `/docker/`.
  const auto ev = parse_log_text(
      "[193038.106393] java invoked oom-killer: gfp_mask=0x14000c0(GFP_KERNEL), nodemask=(null), order=0, "
      "oom_score_adj=0\n"
      "[193038.106468] Task in /docker/0f2b3fcdd2578165ea77266cdc7b1ad43e75877b0ac1889ecda30a78cb78bd53\n"
      "killed as a result of limit of /docker/\n"
      "0f2b3fcdd2578165ea77266cdc7b1ad43e75877b0ac1889ecda30a78cb78bd53\n"
      "[193038.106478] memory: usage 524288kB, limit 524288kB, failcnt 77\n"
      "[193038.106574] Memory cgroup out of memory: Kill process 27281 (java) score 1027 or sacrifice child\n"
      "[193038.148334] Killed process 27281 (java) total-vm:4613208kB, anon-rss:517316kB, file-rss:20168kB, "
      "shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].memcg.has_value());
  EXPECT_EQ(ev[0].memcg->task_memcg, "/docker/0f2b3fcdd2578165ea77266cdc7b1ad43e75877b0ac1889ecda30a78cb78bd53");
  EXPECT_EQ(ev[0].memcg->oom_memcg, "/docker/0f2b3fcdd2578165ea77266cdc7b1ad43e75877b0ac1889ecda30a78cb78bd53");
}

TEST(Report, ShowMemTailAfterTheHeaderWithoutItsHeadIsMemInfo) {
  // 702: `dmesg -T | grep -B5 -A2`: the trace's start, `--`, then show_mem()'s tail without `Mem-Info:`.
  const auto ev = parse_log_text(
      "[  10.1] claude-mitmprox invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), "
      "order=0, oom_score_adj=200\n"
      "[  10.1]  out_of_memory+0x1cf/0x2c0\n"
      "[  10.1]  __alloc_pages_may_oom+0xf4/0x1b0\n"
      "--\n"
      "[  10.1] Total swap = 0kB\n"
      "[  10.1] 3800991 pages RAM\n"
      "[  10.1] 92376 pages reserved\n"
      "[  10.2] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/,task=claude,pid=14326,uid=1000\n"
      "[  10.2] Out of memory: Killed process 14326 (claude) total-vm:5599588kB, anon-rss:565596kB, "
      "file-rss:2812kB, shmem-rss:0kB, UID:1000 pgtables:2384kB oom_score_adj:200\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info.has_value());
  EXPECT_EQ(ev[0].mem_info->total_swap_bytes, 0u);
  const Explanation ex = explain(ev[0]);
  EXPECT_NE(find(ex, "swap_absent"), nullptr);
}

TEST(Report, AllocationFailureAfterAHeaderOnlyReportsMemInfoIsAnotherDump) {
  // 699: a header and its Mem-Info (swap 8 kB free), no kill, then a page allocation failure with its own Mem-Info.
  const auto ev = parse_log_text(
      "balloon invoked oom-killer: gfp_mask=0x24280ca(GFP_HIGHUSER_MOVABLE|__GFP_ZERO), order=0, oom_score_adj=0\n"
      "Call Trace:\n"
      " [<ffffffff8117222c>] out_of_memory+0x1ac/0x210\n"
      " [<ffffffff811775ce>] __alloc_pages_nodemask+0x101e/0x1040\n"
      "Mem-Info:\n"
      "Free swap  = 8kB\n"
      "Total swap = 255996kB\n"
      "524158 pages RAM\n"
      "\n"
      "in:imklog: page allocation failure: order:0, mode:0x2280020(GFP_ATOMIC|__GFP_NOTRACK)\n"
      "Call Trace:\n"
      " [<ffffffff8117519b>] warn_alloc_failed+0xdb/0x130\n"
      "Mem-Info:\n"
      "Free swap  = 108744kB\n"
      "Total swap = 255996kB\n"
      "524158 pages RAM\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info.has_value());
  EXPECT_EQ(ev[0].mem_info->free_swap_bytes, 8u * 1024);
}

TEST(Report, AnAllocationFailureLineInsideTheReportsMemInfoIsAnotherCpusLine) {
  // Another CPU's warn_alloc() line printed inside the report's show_mem (before its `N pages RAM` tail): the
  // report goes on to its table and kill, one event.
  const auto ev = parse_log_text(
      "[ 100.000001] python invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0\n"
      "[ 100.000010] Mem-Info:\n"
      "[ 100.000020] swapper/0: page allocation failure: order:0, mode:0x820(GFP_ATOMIC), nodemask=(null)\n"
      "[ 100.000030] Free swap  = 0kB\n"
      "[ 100.000031] Total swap = 0kB\n"
      "[ 100.000032] 1048576 pages RAM\n"
      "[ 100.000051] Out of memory: Killed process 4242 (python) total-vm:1000000kB, anon-rss:900000kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:1000 pgtables:2000kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger.has_value());
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 4242);
  ASSERT_TRUE(ev[0].mem_info.has_value());
  EXPECT_EQ(ev[0].mem_info->ram_bytes, 1048576ull * 4096);
}

TEST(Report, ACutTableHeaderAfterNrPtesLeavesPageTablesUnknown) {
  // 697 through truncate100_dots: `… rss nr_ptes nr_` cut, the rows cut after nr_ptes: not nr_ptes alone.
  const auto ev = parse_log_text(
      "[ pid ]   uid  tgid total_vm      rss nr_ptes nr_...\n"
      "[  746]     0   746    24254     8892      52       3...\n"
      "Out of memory: Kill process 746 (systemd-journal) score 88 or sacrifice child\n"
      "Killed process 746 (systemd-journal) total-vm:97016kB, anon-rss:35568kB, file-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 1u);
  EXPECT_FALSE(ev[0].tasks[0].pgtables_bytes.has_value());
  // A whole 4.x row counts both columns; a 3.x table (no nr_pmds) its one.
  const auto four = parse_log_text(
      "[ pid ]   uid  tgid total_vm      rss nr_ptes nr_pmds swapents oom_score_adj name\n"
      "[  746]     0   746    24254     8892      52       3      902             0 systemd-journal\n"
      "Killed process 746 (systemd-journal) total-vm:97016kB, anon-rss:35568kB, file-rss:0kB\n");
  ASSERT_EQ(four.size(), 1u);
  ASSERT_EQ(four[0].tasks.size(), 1u);
  EXPECT_EQ(four[0].tasks[0].pgtables_bytes, 55u * 4096);
  const auto three = parse_log_text(
      "[ pid ]   uid  tgid total_vm      rss nr_ptes swapents oom_score_adj name\n"
      "[  747]     0   747    24254     8892      52      902             0 systemd-journal\n"
      "Killed process 747 (systemd-journal) total-vm:97016kB, anon-rss:35568kB, file-rss:0kB\n");
  ASSERT_EQ(three.size(), 1u);
  ASSERT_EQ(three[0].tasks.size(), 1u);
  EXPECT_EQ(three[0].tasks[0].pgtables_bytes, 52u * 4096);
}

TEST(Explain, AVirtualMachinesQemuIsSizedAgainstTheHost) {
  // 701: Proxmox VE's `kvm` in /qemu.slice/101.scope killed at the VM's start: the guest's size, not a job's limit.
  const auto ev = parse_log_text(
      "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=ns,mems_allowed=0,global_oom,"
      "task_memcg=/qemu.slice/101.scope,task=kvm,pid=32969,uid=0\n"
      "Out of memory: Killed process 32969 (kvm) total-vm:17339840kB, anon-rss:15797740kB, file-rss:1536kB, "
      "shmem-rss:0kB, UID:0 pgtables:31152kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation ex = explain(ev[0]);
  EXPECT_TRUE(any_advice_has(ex, "virtual machine's QEMU process"));
  EXPECT_FALSE(any_advice_has(ex, "oomlens run --limit"));
  // `kvm` outside a VM's cgroup is no VM (a program may be named so).
  const auto other = parse_log_text(
      "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice,task=kvm,pid=7,uid=0\n"
      "Out of memory: Killed process 7 (kvm) total-vm:17339840kB, anon-rss:15797740kB, file-rss:1536kB, "
      "shmem-rss:0kB, UID:0 pgtables:31152kB oom_score_adj:0\n");
  ASSERT_EQ(other.size(), 1u);
  const Explanation ex2 = explain(other[0]);
  EXPECT_FALSE(any_advice_has(ex2, "virtual machine's QEMU process"));
}

TEST(Explain, AJvmThatFilledItsLimitIsToldToSizeItsHeap) {
  // 698: java filled a 512 MiB docker limit: -Xmx below the limit, not only "raise the limit".
  const auto ev = parse_log_text(
      "Task in /docker/abc killed as a result of limit of /docker/abc\n"
      "memory: usage 524288kB, limit 524288kB, failcnt 77\n"
      "Memory cgroup out of memory: Kill process 27281 (java) score 1027 or sacrifice child\n"
      "Killed process 27281 (java) total-vm:4613208kB, anon-rss:517316kB, file-rss:20168kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation ex = explain(ev[0]);
  EXPECT_TRUE(any_advice_has(ex, "`-Xmx`"));
}

TEST(Explain, FragmentationWithSwapFullSaysNoDemandBeyondMemoryAndSwap) {
  // 697: order 2, every zone above its min watermark, swap full: the failure was a contiguous block's.
  const auto ev = parse_log_text(
      "qemu-system-x86 invoked oom-killer: gfp_mask=0x26000c0, order=2, oom_score_adj=0\n"
      " [<ffffffff81192ae9>] out_of_memory+0x219/0x460\n"
      " [<ffffffff81198a5d>] __alloc_pages_slowpath.constprop.88+0x8fd/0xa70\n"
      "Mem-Info:\n"
      "Node 0 Normal free:133352kB min:43716kB low:54644kB high:65572kB active_anon:27141800kB "
      "inactive_anon:4481708kB active_file:626280kB inactive_file:29382908kB present:65011712kB "
      "managed:63960676kB\n"
      "Node 0 Normal: 32272*4kB (UMEH) 941*8kB (UMEH) 0*16kB 0*32kB 0*64kB 0*128kB 0*256kB 0*512kB 0*1024kB "
      "0*2048kB 0*4096kB = 136616kB\n"
      "Free swap  = 0kB\n"
      "Total swap = 11718652kB\n"
      "33514205 pages RAM\n"
      "Out of memory: Kill process 28932 (qemu-system-x86) score 88 or sacrifice child\n"
      "Killed process 28932 (qemu-system-x86) total-vm:15115828kB, anon-rss:10846296kB, file-rss:10784kB\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation ex = explain(ev[0]);
  EXPECT_NE(find(ex, "high_order_allocation"), nullptr);
  EXPECT_NE(find(ex, "swap_exhausted"), nullptr);
  EXPECT_FALSE(any_advice_has(ex, "exceeded memory plus swap"));
}

}  // namespace
}  // namespace oomlens
