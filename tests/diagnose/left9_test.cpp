// h-left9: issue 12's wording items (each test names its item and corpus file).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "diagnose/cgroup_owner.h"
#include "diagnose/explain.h"
#include "diagnose/explain_detail.h"
#include "diagnose/userspace_evidence.h"
#include "event_fixtures.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

// Item 1 (corpus 621, its text unquoted and decoded): a 2.6.18 order-0 OOM whose only populated zone (DMA, all 32 MiB
// of an ARM board) had 6804 kB free over its 1084 kB high watermark when Mem-Info was printed: "memory ran out" is no
// fact; the sentence and a check say what Mem-Info shows.
std::string report_621(const std::string& dma_free_kb) {
  return "oom-killer: gfp_mask=0x201d2, order=0\n"
         "[<c00246c0>] (dump_stack+0x0/0x14) from [<c006ba68>] (out_of_memory+0x38/0x1d0)\n"
         "[<c006ba30>] (out_of_memory+0x0/0x1d0) from [<c006d4cc>] (__alloc_pages+0x244/0x2c4)\n"
         "Mem-info:\n"
         "DMA per-cpu:\n"
         "cpu 0 hot: high 6, batch 1 used:0\n"
         "DMA32 per-cpu: empty\n"
         "Free pages:        " + dma_free_kb + "kB (0kB HighMem)\n"
         "Active:101 inactive:1527 dirty:0 writeback:0 unstable:0 free:1701 slab:936 mapped:972 pagetables:379\n"
         "DMA free:" + dma_free_kb + "kB min:724kB low:904kB high:1084kB active:404kB inactive:6108kB "
         "present:32768kB pages_scanned:0 all_unreclaimable? no\n"
         "lowmem_reserve[]: 0 0 0 0\n"
         "DMA32 free:0kB min:0kB low:0kB high:0kB active:0kB inactive:0kB present:0kB pages_scanned:0 "
         "all_unreclaimable? no\n"
         "lowmem_reserve[]: 0 0 0 0\n"
         "Normal free:0kB min:0kB low:0kB high:0kB active:0kB inactive:0kB present:0kB pages_scanned:0 "
         "all_unreclaimable? no\n"
         "lowmem_reserve[]: 0 0 0 0\n"
         "HighMem free:0kB min:128kB low:128kB high:128kB active:0kB inactive:0kB present:0kB pages_scanned:0 "
         "all_unreclaimable? no\n"
         "lowmem_reserve[]: 0 0 0 0\n"
         "DMA: 867*4kB 273*8kB 36*16kB 2*32kB 0*64kB 0*128kB 0*256kB 1*512kB 0*1024kB 0*2048kB 0*4096kB = 6804kB\n"
         "Free swap  = 67480kB\n"
         "Total swap = 81916kB\n"
         "8192 pages of RAM\n"
         "978 reserved pages\n"
         "Out of Memory: Kill process 47 (rc.local) score 849737 and children.\n"
         "Out of memory: Killed process 49 (CTaskManager).\n";
}

TEST(Left9ZoneAboveWatermark, Order0FailureWithTheUsableZoneAboveItsHighWatermark) {
  const Explanation x = explain(only_event(report_621("6804")));
  EXPECT_THAT(x.summary, HasSubstr("an order-0 allocation failed, machine-wide or within a cpuset or NUMA "
                                   "memory-policy limit (the report does not tell which), although Mem-Info, printed "
                                   "right after, shows the DMA zone, the highest it could use, with 6.6 MiB free, "
                                   "above its high watermark (1.1 MiB): memory had not run out when the report was "
                                   "printed"));
  EXPECT_THAT(x.summary, Not(HasSubstr("memory ran out")));
  const Check* c = find(x, "zone_free_above_watermark");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("the DMA zone, the highest this order-0 allocation (gfp_mask=0x201d2) could use, "
                                    "with 6.6 MiB free, above its high watermark (1.1 MiB)"));
  EXPECT_EQ(c->figures.at(0), (std::pair<std::string, int64_t>{"zone_free_bytes", 6804 * 1024}));
  EXPECT_THAT(advice(x), HasSubstr("vm.min_free_kbytes"));
  // At its min watermark (800 kB: within 25 % of 724 kB): memory did run out, nothing of the kind is said.
  const Explanation low = explain(only_event(report_621("800")));
  EXPECT_EQ(find(low, "zone_free_above_watermark"), nullptr);
  EXPECT_THAT(low.summary, HasSubstr("memory ran out"));
}

// h-left10 item 4 (corpus 621): beside the sentence that memory had not run out (the zone above its high watermark
// after the kill), no advice says that processes filled the 32 MiB device or that a runaway job should be contained;
// where memory did run out (800 kB free), the small device's advice names no task table the report lacks.
TEST(Left9ZoneAboveWatermark, AdviceAgreesThatMemoryHadNotRunOut) {
  const Explanation x = explain(only_event(report_621("6804")));
  EXPECT_THAT(advice(x), HasSubstr("brief shortage"));
  EXPECT_THAT(advice(x), Not(HasSubstr("This device has")));
  EXPECT_THAT(advice(x), Not(HasSubstr("oomlens run")));
  const Explanation low = explain(only_event(report_621("800")));
  EXPECT_THAT(advice(low), HasSubstr("This device has 32.0 MiB of RAM: see which processes and services fill it "
                                     "(`top`, `free`), run fewer or lighter ones"));
  EXPECT_THAT(advice(low), Not(HasSubstr("task table")));
}

// Item 7 (corpus 609): a 4.10 order-0 OOM whose DMA32 zone had 5012 kB free over its 2264 kB min, its buddy list
// showing free blocks in highatomic-reserved pageblocks (`H`), which the allocation may not use: the check says so
// with figures, and memory is not said to have been free for it. With `reserved_highatomic:` printed, the reserve
// taken out decides.
std::string report_609(const std::string& reserved) {
  return "python invoked oom-killer: gfp_mask=0x14201ca(GFP_HIGHUSER_MOVABLE|__GFP_COLD), nodemask=0, order=0, "
         "oom_score_adj=0\n"
         "python cpuset=/ mems_allowed=0\n"
         "CPU: 1 PID: 813 Comm: python Not tainted 4.10.0-1.fc26.x86_64 #1\n"
         "Call Trace:\n"
         " dump_stack+0x63/0x84\n"
         " dump_header+0x7b/0x1f6\n"
         " oom_kill_process+0x202/0x3d0\n"
         " out_of_memory+0x2b7/0x4e0\n"
         " __alloc_pages_slowpath+0x915/0xb80\n"
         "Mem-Info:\n"
         "active_anon:37423 inactive_anon:37512 isolated_anon:0\n"
         " free:1650 free_pcp:103 free_cma:0\n"
         "Node 0 DMA free:1484kB min:104kB low:128kB high:152kB " + reserved +
         "active_anon:5660kB present:15992kB managed:15908kB free_cma:0kB\n"
         "lowmem_reserve[]: 0 327 327 327 327\n"
         "Node 0 DMA32 free:5012kB min:2264kB low:2828kB high:3392kB " + reserved +
         "active_anon:143580kB present:376688kB managed:353968kB free_cma:0kB\n"
         "lowmem_reserve[]: 0 0 0 0 0\n"
         "Node 0 DMA: 70*4kB (UMEH) 20*8kB (UMEH) 13*16kB (MH) 5*32kB (H) 4*64kB (H) 2*128kB (H) 1*256kB (H) "
         "0*512kB 0*1024kB 0*2048kB 0*4096kB = 1576kB\n"
         "Node 0 DMA32: 1134*4kB (UMEH) 25*8kB (UMEH) 13*16kB (MH) 7*32kB (H) 3*64kB (H) 0*128kB 1*256kB (H) "
         "0*512kB 0*1024kB 0*2048kB 0*4096kB = 5616kB\n"
         "Out of memory: Kill process 813 (python) score 500 or sacrifice child\n"
         "Killed process 813 (python) total-vm:900000kB, anon-rss:290000kB, file-rss:1000kB, shmem-rss:0kB\n";
}

TEST(Left9Highatomic, FreeBlocksInHighatomicPageblocksAreNotTheAllocationsFreeMemory) {
  const Explanation x = explain(only_event(report_609("")));
  EXPECT_EQ(find(x, "zone_free_above_watermark"), nullptr);
  EXPECT_THAT(x.summary, Not(HasSubstr("had not run out")));
  const Check* c = find(x, "highatomic_reserve");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("The DMA32 zone, the highest this order-0 allocation could use, had 4.9 MiB free, "
                                    "above its min watermark (2.2 MiB), but its buddy lists show free blocks in "
                                    "highatomic-reserved pageblocks (`H`; at least 672.0 KiB"));
  bool only = false;
  for (const auto& [name, value] : c->figures) only = only || (name == "highatomic_only_free_bytes" && value == 672 * 1024);
  EXPECT_TRUE(only);
  // 4.14+ prints the reserve: 3 MiB of it leaves 1.9 MiB, under the min: the reserve explains it.
  const Explanation two = explain(only_event(report_609("reserved_highatomic:3072KB ")));
  EXPECT_NE(find(two, "highatomic_reserve"), nullptr);
  EXPECT_EQ(find(two, "zone_free_above_watermark"), nullptr);
  // None reserved: the zone was above its high watermark for this allocation.
  const OomEvent none = only_event(report_609("reserved_highatomic:0KB "));
  const Explanation zero = explain(none);
  EXPECT_EQ(find(zero, "highatomic_reserve"), nullptr);
  EXPECT_NE(find(zero, "zone_free_above_watermark"), nullptr);
}

// Item 4 (corpus 594): v1's `memory+swap: usage 0kB` beside a nonzero memory usage is swap accounting off: unknown.
TEST(Left9MemswNotAccounted, ZeroMemswUsageBesideMemoryUsageIsUnknown) {
  const OomEvent e = only_event(
      "memStress invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=1000\n"
      "memory: usage 6291456kB, limit 6291456kB, failcnt 79403\n"
      "memory+swap: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
      "Memory cgroup out of memory: Killed process 3839615 (memStress) total-vm:3669180kB, anon-rss:2160472kB, "
      "file-rss:2164kB, shmem-rss:0kB, UID:0 pgtables:4320kB oom_score_adj:1000\n");
  ASSERT_TRUE(e.memcg);
  EXPECT_FALSE(e.memcg->memsw_usage_bytes);
  EXPECT_FALSE(e.memcg->memsw_failcnt);
  EXPECT_EQ(e.memcg->usage_bytes, uint64_t{6291456} * 1024);
  bool noted = false;
  for (const auto& n : e.notes) noted = noted || n.find("swap is not accounted") != std::string::npos;
  EXPECT_TRUE(noted);
  // Accounted (usage at least memory's): kept.
  const OomEvent kept = only_event(
      "memStress invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=1000\n"
      "memory: usage 6291456kB, limit 6291456kB, failcnt 79403\n"
      "memory+swap: usage 6291456kB, limit 9007199254740988kB, failcnt 0\n"
      "Memory cgroup out of memory: Killed process 3839615 (memStress) total-vm:3669180kB, anon-rss:2160472kB, "
      "file-rss:2164kB, shmem-rss:0kB, UID:0 pgtables:4320kB oom_score_adj:1000\n");
  ASSERT_TRUE(kept.memcg);
  EXPECT_EQ(kept.memcg->memsw_usage_bytes, uint64_t{6291456} * 1024);
}

// Item 6 (corpus 591): a memcg OOM whose limit is a systemd service's own cgroup: the advice names the unit's
// MemoryMax= (and MemoryHigh=), not a generic limit; cgroup v1 (a `Task in` line) MemoryLimit=. A parent slice's
// limit (the OOM memcg a slice) is no unit's setting: the generic advice stays.
TEST(Left9SystemdUnitLimit, TheUnitsMemoryMaxIsTheLimitToChange) {
  const std::string kill =
      "[580660.355525] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=OOM,"
      "task_memcg=/system.slice/azuremonitoragent.service,task=mdsd,pid=2002099,uid=104\n"
      "[580660.355669] Memory cgroup out of memory: Killed process 2002099 (mdsd) total-vm:12674368kB, "
      "anon-rss:10457828kB, file-rss:23436kB, shmem-rss:0kB, UID:104 pgtables:20948kB oom_score_adj:0\n";
  auto with = [&](const std::string& oom) {
    std::string t = kill;
    t.replace(t.find("OOM,"), 3, oom);
    return t;
  };
  auto owned_event = [](OomEvent e) {
    if (e.memcg && e.memcg->oom_memcg) e.memcg->owner = decode_cgroup_owner(*e.memcg->oom_memcg);
    return e;
  };
  const Explanation x = explain(owned_event(only_event(with("/system.slice/azuremonitoragent.service"))));
  EXPECT_THAT(advice(x), HasSubstr("`systemctl set-property azuremonitoragent.service MemoryMax=SIZE`"));
  EXPECT_THAT(advice(x), HasSubstr("MemoryHigh="));
  EXPECT_THAT(advice(x), Not(HasSubstr("Raise the cgroup's memory limit")));
  const Explanation slice = explain(owned_event(only_event(with("/system.slice"))));
  EXPECT_THAT(advice(slice), Not(HasSubstr("MemoryMax=")));
  const Explanation v1 = explain(owned_event(only_event(
      "Task in /system.slice/foo.service killed as a result of limit of /system.slice/foo.service\n"
      "memory: usage 1048576kB, limit 1048576kB, failcnt 10\n"
      "Memory cgroup out of memory: Kill process 42 (foo) score 900 or sacrifice child\n"
      "Killed process 42 (foo) total-vm:2000000kB, anon-rss:1000000kB, file-rss:0kB\n")));
  EXPECT_THAT(advice(v1), HasSubstr("`systemctl set-property foo.service MemoryLimit=SIZE` (cgroup v1)"));
}

// Item 2: the launchers' SIGKILL lines not read before, each with its pid; a SIGKILL is never said to be an OOM kill.
TEST(Left9LauncherSigkill, SupervisorsLinesOfAChildThatSignal9Ended) {
  using diagnose::userspace_evidence_line;
  const std::string g = userspace_evidence_line(
      "[2020-05-01 10:00:00 +0000] [171] [WARNING] Worker with pid 256 was terminated due to signal 9");
  EXPECT_THAT(g, HasSubstr("gunicorn says its worker (pid 256) was ended by signal 9 (SIGKILL)"));
  EXPECT_THAT(g, HasSubstr("`Killed process 256`"));
  EXPECT_EQ(userspace_evidence_line("[171] [WARNING] Worker with pid 256 was terminated due to signal 15"), "");
  EXPECT_EQ(userspace_evidence_line("[171] [WARNING] Worker with pid 256 was terminated due to signal 90"), "");
  const std::string c = userspace_evidence_line(
      "[2023-08-22 21:53:21,150: ERROR/MainProcess] Process 'ForkPoolWorker-8' pid:888 exited with 'signal 9 "
      "(SIGKILL)'");
  EXPECT_THAT(c, HasSubstr("Celery's worker pool (billiard) says its pool process ForkPoolWorker-8 (pid 888) was ended "
                           "by signal 9 (SIGKILL)"));
  EXPECT_EQ(userspace_evidence_line("Process 'ForkPoolWorker-8' pid:888 exited with 'signal 15 (SIGTERM)'"), "");
  const std::string p = userspace_evidence_line(
      "2024-01-02 03:04:05.678 UTC [1] LOG:  server process (PID 4242) was terminated by signal 9: Killed");
  EXPECT_THAT(p, HasSubstr("PostgreSQL's postmaster says its server process (pid 4242) was ended by signal 9 "
                           "(SIGKILL)"));
  EXPECT_THAT(userspace_evidence_line("LOG:  background worker \"parallel worker\" (PID 77) was terminated by signal "
                                      "9: Killed"),
              HasSubstr("its background worker \"parallel worker\" (pid 77)"));
  EXPECT_EQ(userspace_evidence_line("LOG:  server process (PID 4242) was terminated by signal 11: Segmentation fault"),
            "");
  const std::string py = userspace_evidence_line(
      "subprocess.CalledProcessError: Command '['python', 'train.py']' died with <Signals.SIGKILL: 9>.");
  EXPECT_THAT(py, HasSubstr("Python says the command `['python', 'train.py']` was ended by SIGKILL"));
  for (const std::string& s : {g, c, p, py}) {
    EXPECT_THAT(s, Not(HasSubstr("was OOM-killed")));
    EXPECT_THAT(s, HasSubstr("it does not know the sender"));
  }
}

// Item 2: the lines are found by the scanner's sweep too (a word of evidence_words.h), each pid said once.
TEST(Left9LauncherSigkill, FoundInAWholeInput) {
  const std::string text =
      "[2020-05-01 10:00:00 +0000] [171] [CRITICAL] WORKER TIMEOUT (pid:256)\n"
      "[2020-05-01 10:00:01 +0000] [171] [WARNING] Worker with pid 256 was terminated due to signal 9\n"
      "LOG:  server process (PID 4242) was terminated by signal 9: Killed\n";
  diagnose::UserspaceEvidenceScan scan;
  scan.feed(text);
  scan.finish();
  ASSERT_EQ(scan.found().size(), 2u);
  EXPECT_THAT(scan.found()[0].message, HasSubstr("most likely gunicorn's own, no OOM kill"));
  EXPECT_EQ(scan.found()[1].line, 3u);
}

// Item 3: a kworker's dump_stack() block prints its work (kernel/workqueue.c print_worker_info(): `Workqueue: <name>
// <function>[ [module]]` after `Hardware name:`; corpus 565, 493): the trigger's workqueue and work function, named
// where the trigger is said to be a kernel thread. A Workqueue line of another dump (after the outcome) is not read.
// (Re-applied from h-left8's unmerged patch.)
TEST(Left9TriggerWorkqueue, AKworkersWorkqueueLineNamesTheKernelWorkThatAllocated) {
  auto wq = oomline::parse_workqueue("Workqueue: events vmw_fb_dirty_flush [vmwgfx]");
  ASSERT_TRUE(wq);
  EXPECT_EQ(wq->name, "events");
  EXPECT_EQ(wq->function, "vmw_fb_dirty_flush");  // its ` [vmwgfx]` not kept: a wrap may move it
  wq = oomline::parse_workqueue("Workqueue: brcmf_wq/mmc0:0001:1 brcmf_sdio_dataworker [brcmfmac]");
  ASSERT_TRUE(wq);
  EXPECT_EQ(wq->name, "brcmf_wq/mmc0:0001:1");
  wq = oomline::parse_workqueue("Workqueue: writeback wb_workfn (flush-8:0)");
  ASSERT_TRUE(wq);
  EXPECT_EQ(wq->function, "wb_workfn");
  EXPECT_FALSE(oomline::parse_workqueue("Workqueue: events"));
  EXPECT_FALSE(oomline::parse_workqueue("Workqueue: the (x) thing"));

  const std::string head =
      "[370335.906088] kworker/u8:1 invoked oom-killer: gfp_mask=0xdc0(GFP_KERNEL|__GFP_ZERO), order=0, "
      "oom_score_adj=0\n"
      "[370335.906101] CPU: 1 PID: 3218757 Comm: kworker/u8:1 Not tainted 5.15.0-71-generic #78-Ubuntu\n"
      "[370335.906104] Hardware name: VMware, Inc. VMware Virtual Platform/440BX Desktop Reference Platform\n"
      "[370335.906106] Workqueue: events_unbound async_run_entry_fn\n"
      "[370335.906150] Call Trace:\n"
      "[370335.906156]  dump_stack+0x10/0x16\n"
      "[370335.906167]  dump_header+0x53/0x228\n"
      "[370335.906170]  oom_kill_process.cold+0xb/0x10\n"
      "[370335.906172]  out_of_memory+0x106/0x2e0\n";
  const std::string kill =
      "[370335.906300] Out of memory: Killed process 4242 (java) total-vm:9000000kB, anon-rss:7000000kB, "
      "file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:14000kB oom_score_adj:0\n";
  auto ev = parse_log_text(head, {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->workqueue, "events_unbound");
  EXPECT_EQ(ev[0].trigger->work_function, "async_run_entry_fn");
  {
    const Explanation x = explain(ev[0]);
    EXPECT_THAT(x.summary, HasSubstr("kworker/u8:1, pid 3218757, running work item async_run_entry_fn of workqueue "
                                     "events_unbound, for the kernel's own work"));
  }
  ev = parse_log_text(head + kill, {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->workqueue, "events_unbound");
  {
    const Explanation x = explain(ev[0]);
    const Check* c = find(x, "trigger_not_victim");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("kernel thread kworker/u8:1 (pid 3218757), running work item async_run_entry_fn "
                                      "of workqueue events_unbound"));
  }
  // No Workqueue line: none.
  std::string plain = head;
  plain.erase(plain.find("[370335.906106] Workqueue:"), plain.find("[370335.906150]") - plain.find("[370335.906106]"));
  ev = parse_log_text(plain, {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_FALSE(ev[0].trigger->workqueue);
  EXPECT_FALSE(ev[0].trigger->work_function);
  // Another dump's Workqueue line after the kill is not the trigger's.
  ev = parse_log_text(plain + kill + "[370335.906400] Workqueue: events_unbound async_run_entry_fn\n", {});
  ASSERT_FALSE(ev.empty());
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_FALSE(ev[0].trigger->workqueue);
}

}  // namespace
}  // namespace oomlens
