// Explanations for reports that do not end in a kill and for the less common
// causes (issue 12, items 6 and 8–10). Figures are those of the real reports
// in tests/corpus where one exists (named per test).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

/// 30-linux-mm-2013-i386-pae-3.2-lowmem-oom-kill-allocating-task.log
OomEvent lowmem_i386() {
  MemInfo mi;
  mi.ram_bytes = 16777200ull * 4096;
  mi.highmem_bytes = 16549378ull * 4096;
  mi.free_swap_bytes = 134217724 * KiB;
  mi.total_swap_bytes = 134217724 * KiB;
  mi.zones = {Zone{0, "DMA", 3516 * KiB, 64 * KiB, 15780 * KiB}, Zone{0, "Normal", 3644 * KiB, 3732 * KiB, 887976 * KiB},
              Zone{0, "HighMem", 63352504 * KiB, 512 * KiB, 63554796 * KiB}};
  return EventOf(EventKind::kill)
      .constraint(Constraint::global)
      .trigger(Trigger{"sh", 6344, "0xd0", 1, 0, 0, std::nullopt, std::nullopt, std::nullopt})
      .mem_info(mi)
      .victim(VictimOf(6345, "sleep").rss(std::nullopt, 44 * KiB, 200 * KiB).message(
          "Out of memory (oom_kill_allocating_task)"))
      .selected(Selected{6344, "sh", 0, "Out of memory (oom_kill_allocating_task)"});
}

/// 31-lkml-2020-arm64-5.4-kmemleak-slab-no-killable-panic-mail-wrapped.log
OomEvent slab_arm64() {
  MemInfo mi;
  mi.ram_bytes = 2046684ull * 4096;
  mi.slab_unreclaimable_bytes = 795718ull * 4096;
  mi.shmem_bytes = 165765ull * 4096;
  mi.unreclaimable_slab = {SlabCache{"kmemleak_object", 2449340 * KiB, 2449340 * KiB},
                           SlabCache{"skbuff_head_cache", 79402 * KiB, 106265 * KiB},
                           SlabCache{"kmalloc-512", 87024 * KiB, 94124 * KiB}};
  return EventOf(EventKind::no_killable)
      .constraint(Constraint::global)
      .panic("System is deadlocked on memory")
      .mem_info(mi)
      .task(TaskOf(238, "systemd-udevd"));  // adj column not read (a wrapped row)
}

TEST(Incomplete, SaysTheLogEndsAndAdviceLooksAfter) {
  const OomEvent e = EventOf(EventKind::incomplete)
                         .constraint(Constraint::memcg)
                         .trigger(Trigger{"systemd", 20957, "0xcc0(GFP_KERNEL)", 0, 100, std::nullopt, std::nullopt,
                                          std::nullopt, std::nullopt});
  const Explanation x = explain(e);
  EXPECT_EQ(x.summary,
            "The memory-cgroup OOM killer ran (invoked by systemd, pid 20957) because its memory cgroup hit its memory "
            "limit, but the log ends before saying whether a process was killed.");
  EXPECT_THAT(advice(x), HasSubstr("comes after this header"));
  EXPECT_THAT(advice(x), Not(HasSubstr("before the kill")));
  // 101: the excerpt starts at the task table, no header: no "after this header".
  OomEvent headless = e;
  headless.trigger.reset();
  const std::string h = advice(explain(headless));
  EXPECT_THAT(h, Not(HasSubstr("after this header")));
  EXPECT_THAT(h, HasSubstr("This excerpt has no `invoked oom-killer` header and ends before any kill line"));
  EXPECT_THAT(x.summary, Not(HasSubstr("was killed by")));
  // 469: a paste from the CPU: line names the task (comm, pid) but has no header either: no "after this header".
  OomEvent from_cpu = e;
  from_cpu.trigger = Trigger{};
  from_cpu.trigger->comm = "scylla";
  from_cpu.trigger->pid = 4108;
  from_cpu.trigger->header_missing = true;
  const std::string c = advice(explain(from_cpu));
  EXPECT_THAT(c, Not(HasSubstr("after this header")));
  EXPECT_THAT(c, HasSubstr("This excerpt has no `invoked oom-killer` header and ends before any kill line"));
}

TEST(Incomplete, UnknownConstraintAndEmptyEvent) {
  const Explanation x = explain(EventOf(EventKind::incomplete));
  EXPECT_EQ(x.summary, "The OOM killer ran, but the log ends before saying whether a process was killed.");
  EXPECT_FALSE(x.advice.empty());
}

TEST(Causes, LowmemIsNotTheMachineRunningOut) {
  const Explanation x = explain(lowmem_i386());
  const Check* c = find(x, "lowmem_exhausted");
  ASSERT_NE(c, nullptr);
  // 3644 kB under a min of 3732 kB: both "3.6 MiB" at one decimal, so in KiB (a second audit, corpus 30, 284).
  EXPECT_THAT(c->message, HasSubstr("the Normal zone had 3644 KiB free (its min watermark is 3732 KiB)"));
  EXPECT_THAT(c->message, HasSubstr("60.4 GiB free"));
  EXPECT_THAT(x.summary, Not(HasSubstr("the machine")));
  EXPECT_THAT(x.summary, HasSubstr("low memory"));
  EXPECT_EQ(find(x, "victim_anon_vs_ram"), nullptr);
  EXPECT_THAT(advice(x), HasSubstr("64-bit kernel"));
  EXPECT_THAT(advice(x), Not(HasSubstr("oomlens run --limit")));  // a limit is not the fix
  EXPECT_THAT(advice(x), Not(HasSubstr("Add swap")));
}

TEST(Causes, AllocatingTaskIsNotTheHighestScore) {
  const Explanation x = explain(lowmem_i386());
  ASSERT_NE(find(x, "oom_kill_allocating_task"), nullptr);
  EXPECT_EQ(find(x, "trigger_not_victim"), nullptr);
  EXPECT_THAT(everything(x), Not(HasSubstr("highest badness score, not the one")));
}

TEST(Causes, NoLowmemWithoutHighmemFree) {
  OomEvent e = lowmem_i386();
  e.mem_info->zones[2].free_bytes = 1 * MiB;
  EXPECT_EQ(find(explain(e), "lowmem_exhausted"), nullptr);
  e = lowmem_i386();
  e.mem_info->zones[1].free_bytes = 100 * MiB;  // far above its min watermark
  EXPECT_EQ(find(explain(e), "lowmem_exhausted"), nullptr);
}

// Corpus 139 (32-bit ARM, Raspberry Pi 4): the DMA zone is all of lowmem;
// its 519112 kB free are 513592 kB CMA, which only movable allocations may
// take, so 5520 kB are left for the kernel's own, under the min of 10428 kB.
// The excerpt prints no HighMem zone, only `816128 pages HighMem/MovableOnly`.
OomEvent lowmem_cma_arm() {
  MemInfo mi;
  mi.ram_bytes = 1012736ull * 4096;
  mi.highmem_bytes = 816128ull * 4096;
  mi.free_swap_bytes = 785668 * KiB;
  mi.total_swap_bytes = 785668 * KiB;
  Zone dma{0, "DMA", 519112 * KiB, 10428 * KiB, 663836 * KiB};
  dma.free_cma_bytes = 513592 * KiB;
  mi.zones = {dma};
  return EventOf(EventKind::incomplete).constraint(Constraint::global).mem_info(mi);
}

TEST(Causes, LowmemHeldAsCmaIsNotTheMachineRunningOut) {
  const Explanation x = explain(lowmem_cma_arm());
  const Check* c = find(x, "lowmem_exhausted");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("the DMA zone had 506.9 MiB free, but 501.6 MiB of it is CMA"));
  EXPECT_THAT(c->message, HasSubstr("the 5.4 MiB left for the kernel's own allocations is under the zone's min "
                                    "watermark (10.2 MiB), while the machine has 3.1 GiB of HighMem"));
  auto figure = [&](const std::string& name) {
    for (const auto& [k, v] : c->figures)
      if (k == name) return v;
    return int64_t{-1};
  };
  EXPECT_EQ(figure("zone_usable_bytes"), int64_t{5520} * 1024);
  EXPECT_EQ(figure("zone_min_bytes"), int64_t{10428} * 1024);
  EXPECT_EQ(figure("highmem_bytes"), int64_t{816128} * 4096);
  EXPECT_THAT(x.summary, HasSubstr("low memory ran out (the DMA zone had 5.4 MiB free besides its CMA pages"));
  EXPECT_THAT(x.summary, Not(HasSubstr("the machine ran out")));
}

// When CMA holds the lowmem zone's free pages, the advice is a smaller CMA
// area, with the check's figures, not "protect the Normal zone".
TEST(Causes, LowmemHeldAsCmaAdvisesASmallerCmaArea) {
  const Explanation x = explain(lowmem_cma_arm());
  EXPECT_THAT(advice(x), HasSubstr("Reserve less CMA (the `cma=` kernel parameter"));
  EXPECT_THAT(advice(x), HasSubstr("501.6 MiB of the low-memory zone's 506.9 MiB free was CMA"));
  EXPECT_THAT(advice(x), HasSubstr("leaving 5.4 MiB under the 10.2 MiB min watermark"));
  EXPECT_THAT(advice(x), Not(HasSubstr("Normal zone")));
  EXPECT_THAT(advice(x), Not(HasSubstr("memory limit")));
}

// Corpus 30 (i386 PAE): Normal at its min, HighMem free, no CMA: the 64-bit advice.
TEST(Causes, LowmemWithoutCmaAdvisesA64BitKernel) {
  OomEvent e = lowmem_cma_arm();
  e.mem_info->highmem_bytes.reset();
  Zone normal{0, "Normal", 3644 * KiB, 3732 * KiB, 887000 * KiB};
  Zone high{0, "HighMem", 63352504 * KiB, 512 * KiB, 63000000 * KiB};
  e.mem_info->zones = {normal, high};
  const Explanation x = explain(e);
  ASSERT_NE(find(x, "lowmem_exhausted"), nullptr);
  EXPECT_THAT(advice(x), HasSubstr("Run a 64-bit kernel"));
  EXPECT_THAT(advice(x), Not(HasSubstr("CMA")));
}

// Linux 2.4's `VM: killing process NAME` (corpus 110): no pid, no report, and
// no cpusets or memory policies in 2.4: the machine ran out, said plainly.
TEST(Causes, Linux24FaultKillIsMachineWide) {
  OomEvent e;
  e.kind = EventKind::kill;
  e.constraint = Constraint::global;
  Victim v;
  v.comm = "gammu-smsd";
  e.victims.push_back(v);
  const Explanation x = explain(e);
  EXPECT_EQ(x.summary,
            "gammu-smsd was killed by the kernel because its page fault found no free memory (Linux 2.4's `VM: "
            "killing process`): the machine ran out of memory (Linux 2.4 had no memory cgroups, cpusets or NUMA "
            "memory policies).");
  EXPECT_THAT(everything(x), Not(HasSubstr("oomlens run --limit")));
  EXPECT_THAT(advice(x), HasSubstr("Linux 2.4 prints no report"));
  // A kill line with a pid (any later kernel) keeps the hedge when the report does not prove the machine.
  e.victims[0].pid = 42;
  EXPECT_THAT(explain(e).summary, HasSubstr("machine-wide or within a cpuset"));
}

// vm.oom_kill_allocating_task (corpus 30): `Kill process 6344 (sh) score 0`
// is no badness score (oom_kill_process(current, …, 0, …)): nothing ranked.
TEST(Causes, AllocatingTaskScoreIsNoBadnessScore) {
  OomEvent e;
  e.kind = EventKind::kill;
  e.constraint = Constraint::global;
  e.selected.push_back(Selected{6344, "sh", 0, "Out of memory (oom_kill_allocating_task)"});
  Victim v;
  v.pid = 6345;
  v.comm = "sleep";
  v.anon_rss_bytes = 44 * KiB;
  v.file_rss_bytes = 200 * KiB;
  e.victims.push_back(v);
  const Explanation x = explain(e);
  EXPECT_THAT(x.summary, HasSubstr("sleep (pid 6345), sacrificed in place of sh (pid 6344), was killed"));
  EXPECT_THAT(everything(x), Not(HasSubstr("badness score 0")));
  const Check* alloc = find(x, "oom_kill_allocating_task");
  ASSERT_NE(alloc, nullptr);
  // The child killed in the allocating task's place did not ask for memory: the check names both.
  const std::string said = alloc->message;
  EXPECT_NE(said.find("chose sh (pid 6344) because it asked for memory"), std::string::npos) << said;
  EXPECT_NE(said.find("killed sleep (pid 6345) in its place"), std::string::npos) << said;
  // Chosen, its kill line cut from the text: the check says who was chosen, not that anyone was killed.
  OomEvent cut = e;
  cut.kind = EventKind::selected_no_kill;
  cut.victims.clear();
  const Explanation z = explain(cut);
  const Check* chosen = find(z, "oom_kill_allocating_task");
  ASSERT_NE(chosen, nullptr);
  const std::string said_chosen = chosen->message;
  EXPECT_NE(said_chosen.find("the kernel chose sh (pid 6344) because it asked"), std::string::npos) << said_chosen;
  EXPECT_EQ(said_chosen.find("killed"), std::string::npos) << said_chosen;
  // The allocating task itself killed: it did not rank highest, so no "ranked highest" check.
  e.selected[0] = Selected{6345, "sleep", 0, "Out of memory (oom_kill_allocating_task)"};
  e.tasks.push_back(TaskRow{});
  e.tasks[0].pid = 6345;
  e.tasks[0].comm = "sleep";
  e.tasks[0].rss_bytes = 244 * KiB;
  e.victims[0].oom_score_adj = 0;
  e.victims[0].selected_score = 0;
  const Explanation y = explain(e);
  const Check* itself = find(y, "oom_kill_allocating_task");
  ASSERT_NE(itself, nullptr);
  const std::string said_itself = itself->message;
  EXPECT_NE(said_itself.find("the kernel killed sleep because it asked"), std::string::npos) << said_itself;
  EXPECT_EQ(find(y, "victim_held_little"), nullptr);
  EXPECT_EQ(find(y, "processes_hold_little"), nullptr);
  EXPECT_THAT(everything(y), Not(HasSubstr("ranked it highest")));
}

// A NUMA memory-policy OOM (corpus 166) and a cpuset one get advice about nodes.
TEST(Causes, MempolicyAndCpusetAdviceNamesTheNodes) {
  OomEvent e;
  e.kind = EventKind::kill;
  e.constraint = Constraint::mempolicy;
  e.trigger = Trigger{};
  e.trigger->comm = "clickhouse-serv";
  e.trigger->nodemask = "0";
  Victim v;
  v.pid = 4321;
  v.comm = "clickhouse-serv";
  e.victims.push_back(v);
  EXPECT_THAT(advice(explain(e)), HasSubstr("Only the NUMA nodes of the allocation's memory policy (nodemask=0) ran out"));
  e.constraint = Constraint::cpuset;
  e.trigger->mems_allowed = "1";
  EXPECT_THAT(advice(explain(e)), HasSubstr("Only the memory nodes of the job's cpuset (mems_allowed=1) ran out"));
  e.trigger.reset();
  EXPECT_THAT(advice(explain(e)), HasSubstr("Only the memory nodes of the job's cpuset ran out"));
}

TEST(Causes, NoLowmemWhenCmaLeavesEnoughOrNoHighmem) {
  OomEvent e = lowmem_cma_arm();
  e.mem_info->zones[0].free_cma_bytes = 400000 * KiB;  // 119112 kB left: far above min
  EXPECT_EQ(find(explain(e), "lowmem_exhausted"), nullptr);
  e = lowmem_cma_arm();
  e.mem_info->highmem_bytes = 0;  // a 64-bit or small machine: no HighMem to blame
  EXPECT_EQ(find(explain(e), "lowmem_exhausted"), nullptr);
  e = lowmem_cma_arm();
  e.mem_info->zones[0].free_cma_bytes.reset();  // free_cma not printed: 519112 kB free, not at min
  EXPECT_EQ(find(explain(e), "lowmem_exhausted"), nullptr);
}

TEST(Causes, UnreclaimableSlabNamesTheCaches) {
  const Explanation x = explain(slab_arm64());
  const Check* c = find(x, "slab_unreclaimable_dominant");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("38 % of RAM"));
  EXPECT_THAT(c->message, HasSubstr("kmemleak_object 2.3 GiB"));
  EXPECT_THAT(advice(x), HasSubstr("slabtop"));
  // Nothing about processes to protect or unprotect: they are not the cause.
  EXPECT_THAT(advice(x), Not(HasSubstr("oom_score_adj")));
  EXPECT_THAT(advice(x), Not(HasSubstr("oomlens run --limit")));
  EXPECT_THAT(advice(x), Not(HasSubstr("Raise the")));
}

TEST(Causes, NoKillableCountOnlyFromAReadColumn) {
  const Explanation x = explain(slab_arm64());
  const Check* c = find(x, "no_killable_task");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, Not(HasSubstr("0 of the")));
  EXPECT_TRUE(c->figures.empty());
}

TEST(Causes, HugetlbReserved) {
  OomEvent e = global_no_swap();
  e.mem_info->ram_bytes = 4 * GiB;
  e.mem_info->hugepages = {HugePages{0, 1024, 1000, 2 * MiB}};
  const Explanation x = explain(e);
  const Check* c = find(x, "hugetlb_reserved");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("2.0 GiB (50 % of RAM"));
  EXPECT_THAT(advice(x), HasSubstr("vm.nr_hugepages"));
}

TEST(Causes, ShmemDominant) {
  OomEvent e = global_no_swap();
  e.mem_info->ram_bytes = 4 * GiB;
  e.mem_info->shmem_bytes = 2 * GiB;
  const Explanation x = explain(e);
  ASSERT_NE(find(x, "shmem_dominant"), nullptr);
  EXPECT_THAT(advice(x), HasSubstr("/dev/shm"));
  e.mem_info->shmem_bytes = 100 * MiB;
  EXPECT_EQ(find(explain(e), "shmem_dominant"), nullptr);
}

TEST(Causes, NoSwapIsNoCauseOfASysrqForcedKill) {
  // The Unraid report (tests/corpus/152): SysRq-f on a machine with no swap.
  OomEvent e = global_no_swap();
  ASSERT_NE(find(explain(e), "swap_absent"), nullptr);
  e.sysrq = true;
  const Explanation x = explain(e);
  EXPECT_EQ(find(x, "swap_absent"), nullptr);
  EXPECT_NE(find(x, "sysrq"), nullptr);
}

TEST(FactsNotParsed, KubernetesWordingOnlyWithAKubernetesCgroup) {
  OomEvent e = docker_python_memcg();
  e.memcg->owner.reset();
  e.victims[0].oom_score_adj = 1000;
  EXPECT_THAT(everything(explain(e)), Not(HasSubstr("Kubernetes")));
  e.victims[0].oom_score_adj = -997;
  EXPECT_THAT(everything(explain(e)), Not(HasSubstr("Kubernetes")));
  EXPECT_THAT(everything(explain(k8s_oom_group())), HasSubstr("Kubernetes"));
}

TEST(FactsNotParsed, LargestTasksNeedSeveralReadableRows) {
  OomEvent e = bare_kill_line();  // one row
  EXPECT_EQ(find(explain(e), "largest_tasks_by_comm"), nullptr);
  TaskRow cut = e.tasks[0];
  cut.pid = 1;
  cut.comm = "...";
  e.tasks.push_back(cut);
  EXPECT_EQ(find(explain(e), "largest_tasks_by_comm"), nullptr);
  e.tasks[1].comm = "bash";
  // Without the report's header the rows may be a table's tail or elided
  // (corpus 57, 70, 96): only "of the rows shown".
  EXPECT_EQ(find(explain(e), "largest_tasks_by_comm"), nullptr);
  Explanation shown = explain(e);
  const Check* s = find(shown, "largest_task_rows_shown");
  ASSERT_NE(s, nullptr);
  EXPECT_THAT(s->message, HasSubstr("Largest of the 2 task-table rows shown"));
  e.trigger = Trigger{"bash", 1, "0xcc0(GFP_KERNEL)", 0, 0, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  EXPECT_NE(find(explain(e), "largest_tasks_by_comm"), nullptr);
  e.tasks_dropped = 3;  // rows left out to bound memory: not the whole table either
  EXPECT_EQ(find(explain(e), "largest_tasks_by_comm"), nullptr);
}

/// A header and one task row, the paste cut before any kill line (corpus 321's shape): the row is said as the one
/// shown, never as the largest of a table; beside a victim's kill line it adds nothing and is not said.
TEST(FactsNotParsed, OneRowWithoutAKillIsSaidAsTheOneRowShown) {
  OomEvent e = EventOf(EventKind::incomplete)
                   .trigger(Trigger{"hass", std::nullopt, "0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", 0, 0,
                                    std::nullopt, std::nullopt, std::nullopt, std::nullopt})
                   .task(TaskOf(7207, "hass").rss(6070765 * 4096ull).adj(0))
                   .page_size(4096, /*assumed=*/true);
  const Explanation x = explain(e);
  const Check* c = find(x, "largest_task_rows_shown");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("The one task-table row shown"));
  EXPECT_THAT(c->message, HasSubstr("hass (pid 7207) held 23.2 GiB RSS"));
  EXPECT_EQ(find(x, "largest_tasks_by_comm"), nullptr);
  e.tasks[0].comm = "...";  // a name a viewer cut is no name
  EXPECT_EQ(find(explain(e), "largest_task_rows_shown"), nullptr);
  EXPECT_EQ(find(explain(bare_kill_line()), "largest_task_rows_shown"), nullptr);  // the kill line says it
  // A 6.8+ row: no rss column, its rss_anon, rss_file and rss_shmem summed.
  e.tasks[0].comm = "hass";
  e.tasks[0].rss_bytes.reset();
  e.tasks[0].rss_anon_bytes = 6000000 * 4096ull;
  e.tasks[0].rss_file_bytes = 70000 * 4096ull;
  e.tasks[0].rss_shmem_bytes = 765 * 4096ull;
  const Explanation x68 = explain(e);
  const Check* c68 = find(x68, "largest_task_rows_shown");
  ASSERT_NE(c68, nullptr);
  EXPECT_THAT(c68->message, HasSubstr("hass (pid 7207) held 23.2 GiB RSS"));
}

// ---- Explanations fit the evidence (issue 12 items 8–10) -------------------

/// 68-nixpkgs-122868 (and 56, 62, 66, 72): a header whose call trace shows
/// out_of_memory() from the page allocator, nothing more.
OomEvent stack_only_header(int order) {
  OomEvent e = EventOf(EventKind::incomplete)
                   .constraint(Constraint::global)
                   .trigger(Trigger{"systemd", 1, "0x100cca(GFP_HIGHUSER_MOVABLE)", order, 0, std::nullopt,
                                    std::nullopt, std::nullopt, std::nullopt});
  e.notes = {"constraint taken from the call trace (out_of_memory called by the page allocator: global, or a "
             "cpuset/mempolicy limit)"};
  return e;
}

TEST(FitsEvidence, StackOnlyGlobalMayBeACpusetOrMempolicy) {
  const Explanation x = explain(stack_only_header(0));
  EXPECT_EQ(x.summary,
            "The OOM killer ran (invoked by systemd, pid 1) because memory ran out, machine-wide or within a cpuset "
            "or NUMA memory-policy limit (the call trace does not tell which), but the log ends before saying "
            "whether a process was killed.");
  OomEvent confirmed = stack_only_header(0);
  confirmed.constraint_printed = "CONSTRAINT_NONE";  // oom-kill: says so
  EXPECT_THAT(explain(confirmed).summary, HasSubstr("global OOM killer ran"));
  EXPECT_THAT(explain(confirmed).summary, HasSubstr("because the machine ran out of memory"));
}

TEST(FitsEvidence, OutOfMemoryPrefixOrMemInfoAloneDoNotProveTheMachine) {
  // 100, 116: a bare `Out of memory: Killed process` line; corpus 134: header,
  // stack and Mem-Info. cpuset and mempolicy OOMs print both.
  OomEvent bare = arch_doxygen_global();
  bare.constraint_printed.reset();
  bare.trigger.reset();
  const Explanation x = explain(bare);
  EXPECT_EQ(x.summary,
            "doxygen (pid 473206) was killed by the OOM killer: memory ran out, machine-wide or within a cpuset or "
            "NUMA memory-policy limit (the report does not tell which; the machine: 15.7 GiB RAM, 24.0 GiB swap, "
            "full); the victim held 8.8 GiB anonymous memory.");
  bare.mem_info.reset();
  EXPECT_THAT(explain(bare).summary,
              HasSubstr("by the OOM killer: memory ran out, machine-wide or within a cpuset or NUMA memory-policy "
                        "limit (the report does not tell which);"));
  // ≤4.18 `cpuset=/ mems_allowed=0` and Mem-Info zones only on node 0: the machine.
  OomEvent old = arch_doxygen_global();
  old.constraint_printed.reset();
  old.trigger->mems_allowed = "0";
  old.mem_info->zones = {Zone{0, "DMA32", 900 * MiB, 3 * MiB, 3 * GiB}, Zone{0, "Normal", 60 * MiB, 50 * MiB, 12 * GiB}};
  EXPECT_THAT(explain(old).summary, HasSubstr("by the kernel's global OOM killer: the machine (15.7 GiB RAM"));
  // A second node with memory outside mems_allowed: a cpuset may have been the limit (a named one: the root
  // cpuset, `cpuset=/`, holds every node with memory, and with no nodemask that proves the machine).
  old.trigger->cpuset = "job";
  old.mem_info->zones.push_back(Zone{1, "Normal", 8 * GiB, 50 * MiB, 16 * GiB});
  EXPECT_THAT(explain(old).summary, HasSubstr("by the OOM killer: memory ran out, machine-wide or within a cpuset"));
  old.trigger->mems_allowed = "0-1";
  EXPECT_THAT(explain(old).summary, HasSubstr("the machine (15.7 GiB RAM"));
}

TEST(FitsEvidence, MemcgFilledByPageCache) {
  // Corpus 132: a k8s v1 cgroup of 512 MiB; bash and cp hold 4.3 MiB, the
  // page cache 495.3 MiB, 491.5 MiB of it dirty.
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::memcg)
                   .memcg(MemcgOf()
                              .oom("/kubepods/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/024952d653ef")
                              .limited(512 * MiB, 512 * MiB)
                              .failcnt(0)
                              .memsw(512 * MiB, 512 * MiB)
                              .stats({{"cache", 507172 * KiB}, {"rss", 448 * KiB}, {"dirty", 503316 * KiB},
                                      {"writeback", 0}}))
                   .task(TaskOf(62685, "bash").rss(679 * 4096).adj(-998))
                   .task(TaskOf(62769, "cp").rss(411 * 4096).adj(-998))
                   .victim(VictimOf(62769, "cp"))
                   .page_size(4096);
  const Explanation x = explain(e);
  const Check* c = find(x, "processes_hold_little");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->message,
            "The 2 task-table rows shown hold 4.3 MiB RSS in all, 0.8 % of the cgroup's 512.0 MiB limit; its page "
            "cache held 495.3 MiB (96.7 %), 491.5 MiB of it dirty (not yet written back) and 0 B under writeback. "
            "The limit counts page cache, and a kill frees almost nothing.");
  EXPECT_THAT(advice(x), HasSubstr("Page cache filled the cgroup's limit"));
  EXPECT_THAT(advice(x), HasSubstr("cgroup v1 does not"));
  EXPECT_THAT(advice(x), Not(HasSubstr("Raise the cgroup's memory limit or make the job use less memory")));
  // Equal memory and memory+swap limits: no swap allowed, not swap exhausted.
  EXPECT_NE(find(x, "memcg_swap_disallowed"), nullptr);
  EXPECT_EQ(find(x, "memcg_swap_exhausted"), nullptr);
  // A cgroup whose processes hold its memory: no such check.
  e.memcg->stats = {{"cache", 10 * MiB}, {"rss", 500 * MiB}};
  EXPECT_EQ(find(explain(e), "processes_hold_little"), nullptr);
}

TEST(FitsEvidence, AVictimThatHeldAlmostNothing) {
  // Corpus 140: kodi.bin killed with anon-rss 0 kB, file-rss 52 kB, shmem-rss 0 kB.
  OomEvent e = arch_doxygen_global();
  Victim& v = e.victims.front();
  v.comm = "kodi.bin";
  v.anon_rss_bytes = 0;
  v.file_rss_bytes = 52 * KiB;
  v.shmem_rss_bytes = 0;
  const Explanation x = explain(e);
  const Check* c = find(x, "victim_held_little");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("kodi.bin held only 52.0 KiB when killed (anon-rss 0 B, file-rss 52.0 KiB, "
                                    "shmem-rss 0 B), under 1 % of the 15.7 GiB of RAM: the kill freed little."));
  EXPECT_THAT(advice(x), HasSubstr("The victim held only 52.0 KiB (under 0.1 % of the 15.7 GiB of RAM), so a "
                                   "limit on it would not have helped"));
  EXPECT_THAT(advice(x), Not(HasSubstr("almost nothing")));
  EXPECT_THAT(advice(x), Not(HasSubstr("oomlens run --limit")));
  // 100: `Kill process 994 (containerd) score 4`, 18.5 MiB, RAM not printed.
  e.mem_info.reset();
  v.comm = "containerd";
  v.anon_rss_bytes = 18912 * KiB;
  v.file_rss_bytes = 0;
  v.selected_score = 4;
  const Explanation y = explain(e);
  const Check* s = find(y, "victim_held_little");
  ASSERT_NE(s, nullptr);
  EXPECT_THAT(s->message, HasSubstr("containerd held only 18.5 MiB when killed (anon-rss 18.5 MiB, file-rss 0 B, "
                                    "shmem-rss 0 B), badness score 4 (‰ of RAM plus swap)"));
  // The doxygen victim of 03 held 8.8 GiB: no such check.
  EXPECT_EQ(find(explain(arch_doxygen_global()), "victim_held_little"), nullptr);
}

// Corpus 40: Xorg held 140.7 MiB (anon 36.7, file 6.5, shmem 97.4 MiB) and the kernel ranked it with a badness score
// of 9 (‰ of RAM plus swap). The advice said it held "almost nothing": it says the figure and what it is little of.
TEST(FitsEvidence, AVictimWithALowScoreIsSaidWithItsFigure) {
  OomEvent e = arch_doxygen_global();
  e.mem_info.reset();  // no RAM printed: the score is the only measure
  Victim& v = e.victims.front();
  v.comm = "Xorg";
  v.anon_rss_bytes = 37580 * KiB;
  v.file_rss_bytes = 6656 * KiB;
  v.shmem_rss_bytes = 99732 * KiB;
  v.selected_score = 9;
  v.oom_score_adj = 0;
  const Explanation x = explain(e);
  ASSERT_NE(find(x, "victim_held_little"), nullptr);
  EXPECT_THAT(advice(x), HasSubstr("The victim held only 140.6 MiB (badness score 9: under 1 % of RAM plus swap), so "
                                   "a limit on it would not have helped"));
  EXPECT_THAT(advice(x), Not(HasSubstr("almost nothing")));
  // A negative oom_score_adj takes its share off the score: a low score then is no measure of what it held.
  v.oom_score_adj = -500;
  EXPECT_EQ(find(explain(e), "victim_held_little"), nullptr);
}

TEST(FitsEvidence, HighOrderWithoutExhaustionMayBeFragmentation) {
  // 66/72: gui-init order=1, no Mem-Info (its page size printed by a kill line or a buddy list).
  OomEvent paged = stack_only_header(1);
  paged.page_size_bytes = 4096;
  const Explanation x = explain(paged);
  EXPECT_THAT(x.summary, HasSubstr("no free block of 8.0 KiB was found for an order-1 allocation"));
  EXPECT_THAT(x.summary, Not(HasSubstr("ran out of memory")));
  const Check* c = find(x, "high_order_allocation");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->figures, (std::vector<std::pair<std::string, int64_t>>{{"order", 1}, {"allocation_bytes", 8192}}));
  EXPECT_THAT(advice(x), HasSubstr("vm.min_free_kbytes"));
  EXPECT_THAT(advice(x), HasSubstr("CONFIG_COMPACTION"));
  EXPECT_THAT(advice(x), Not(HasSubstr("batch")));
  // A kill with Mem-Info whose Normal zone is at its min watermark: exhausted, not fragmented.
  OomEvent full = arch_doxygen_global();
  full.page_size_bytes = 4096;  // as corpus 03 gives it (not assumed)
  full.trigger->order = 2;
  full.mem_info->zones = {Zone{0, "Normal", 3372 * KiB, 3452 * KiB, 8 * GiB}};
  const Explanation f = explain(full);
  EXPECT_EQ(find(f, "high_order_allocation"), nullptr);
  EXPECT_THAT(f.summary, HasSubstr("ran out of memory"));
  full.mem_info->zones = {Zone{0, "Normal", 900 * MiB, 3452 * KiB, 8 * GiB}};  // plenty free
  const Explanation g = explain(full);
  ASSERT_NE(find(g, "high_order_allocation"), nullptr);
  EXPECT_THAT(g.summary, HasSubstr("had no free block of 16.0 KiB for an order-2 allocation"));
  EXPECT_THAT(find(g, "high_order_allocation")->message, HasSubstr("Mem-Info shows no zone at its min watermark"));
  // The sentence agrees with the check (corpus 507, 509: it said "ran out or was too fragmented" beside it).
  EXPECT_THAT(g.summary, HasSubstr("(Mem-Info shows no zone at its min watermark: free memory may have been too "
                                   "fragmented rather than used up)"));
  EXPECT_THAT(g.summary, Not(HasSubstr("ran out")));
  // The same for a report that does not prove the machine (no constraint= field, no mems_allowed=, no cpuset=:
  // `cpuset=/` with `nodemask=(null)` would prove it).
  full.constraint_printed.reset();
  full.trigger->mems_allowed.reset();
  full.trigger->cpuset.reset();
  const Explanation u = explain(full);
  EXPECT_THAT(u.summary, HasSubstr("machine-wide or within a cpuset or NUMA memory-policy limit (the report does not "
                                   "tell which; Mem-Info shows no zone at its min watermark, so free memory may have "
                                   "been too fragmented rather than used up)"));
  EXPECT_THAT(u.summary, Not(HasSubstr("ran out")));
  full.mem_info->zones.clear();  // Mem-Info without zone lines says nothing either way
  const Explanation z = explain(full);
  ASSERT_NE(find(z, "high_order_allocation"), nullptr);
  EXPECT_THAT(find(z, "high_order_allocation")->message, HasSubstr("has no Mem-Info zone lines"));
  EXPECT_THAT(z.summary, HasSubstr("memory ran out or was too fragmented"));
  // A memcg charge has no order that fragments.
  OomEvent memcg = docker_python_memcg();
  memcg.trigger->order = 2;
  EXPECT_EQ(find(explain(memcg), "high_order_allocation"), nullptr);
}

TEST(FitsEvidence, ASacrificedChildNamesTheSelectedProcess) {
  // ≤5.0: `Kill process 16929 (beam.smp) score 580 or sacrifice child`, then `Killed process 28364 (sh)`.
  OomEvent e = arch_doxygen_global();
  e.victims.resize(1);
  e.victims[0].pid = 28364;
  e.victims[0].comm = "sh";
  e.selected = {Selected{16929, "beam.smp", 580, std::string("Out of memory")}};
  EXPECT_THAT(explain(e).summary,
              HasSubstr("sh (pid 28364), sacrificed in place of beam.smp (pid 16929) with badness score 580, was killed"));
  e.selected[0].pid = 28364;  // the selected process itself was killed
  e.selected[0].comm = "sh";
  EXPECT_THAT(explain(e).summary, Not(HasSubstr("sacrificed")));
}

TEST(FitsEvidence, MemswLimitNotMemoryLimit) {
  // 94-devto-plumbr: memory 3140120 kB under 3145728 kB, memory+swap 6291456 kB at its limit.
  OomEvent e = EventOf(EventKind::selected_no_kill)
                   .constraint(Constraint::memcg)
                   .memcg(MemcgOf()
                              .oom("/docker/264b771811d88f4dbd3249a54261f224a69ebffed6c7f76c7aa3bc83b3aaaf71")
                              .limited(3140120 * KiB, 3145728 * KiB)
                              .memsw(6291456 * KiB, 6291456 * KiB)
                              .hierarchy("v1"))
                   .selected(Selected{20611, "java", 1068, "Memory cgroup out of memory"});
  const Explanation x = explain(e);
  EXPECT_THAT(x.summary, HasSubstr("hit its 6.0 GiB memory+swap limit (its memory was still under its 3.0 GiB limit)"));
  const Check* c = find(x, "memcg_swap_exhausted");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("still 5.5 MiB under its 3.0 GiB limit"));
  EXPECT_THAT(advice(x), HasSubstr("Raise the memory+swap limit (now 6.0 GiB"));
  EXPECT_THAT(advice(x), HasSubstr("--memory-swap"));
  EXPECT_THAT(advice(x), Not(HasSubstr("only delay")));
  e.memcg->usage_bytes = e.memcg->limit_bytes;  // both at their limits: the usual "swap was full too"
  const Explanation y = explain(e);
  EXPECT_THAT(y.summary, HasSubstr("hit its 3.0 GiB limit"));
  EXPECT_THAT(advice(y), HasSubstr("only delay"));
}

TEST(FitsEvidence, EmptyTaskTableMeansNoCandidate) {
  // 77-bb-kernel-23: the table's header and no row, then the no-killable panic.
  const Explanation x = explain(no_killable_panic());
  EXPECT_THAT(find(x, "no_killable_task")->message, HasSubstr("no row of the task table was read"));
  EXPECT_THAT(advice(x), Not(HasSubstr("List the processes with oom_score_adj -1000")));
  EXPECT_THAT(advice(x), HasSubstr("look at what the kernel holds"));
}

TEST(FitsEvidence, ProcessesHoldLittle) {
  // 79-mtk-openwrt-feeds-67: three rows of 7 pages, askfirst killed with score 0.
  EventOf table = EventOf(EventKind::kill).constraint(Constraint::global);
  for (auto [pid, comm] : {std::pair<int64_t, const char*>{472, "askfirst"}, {1272, "dropbear"}, {1592, "chndns"}})
    table.task(TaskOf(pid, comm).rss(7 * 4096).adj(0));
  OomEvent e = table.victim(VictimOf(472, "askfirst").rss(std::nullopt, 28 * KiB, 0).adj(0));
  e.victims[0].selected_score = 0;
  const Explanation x = explain(e);
  const Check* c = find(x, "processes_hold_little");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("the 3 task-table rows shown hold 84.0 KiB RSS in all"));
  EXPECT_THAT(advice(x), Not(HasSubstr("Contain memory-hungry jobs")));
  EXPECT_THAT(advice(x), HasSubstr("what the kernel holds"));
  // A whole table of 84 KiB on a 512 MiB machine, without a score.
  e.victims[0].selected_score.reset();
  e.trigger = Trigger{"procd", 1, "0x14201ca", 0, 0, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  MemInfo mi;
  mi.ram_bytes = 512 * MiB;
  e.mem_info = mi;
  Explanation y = explain(e);
  ASSERT_NE(find(y, "processes_hold_little"), nullptr);
  EXPECT_THAT(find(y, "processes_hold_little")->message, HasSubstr("0 % of RAM (512.0 MiB)"));
  // A protected row may hide a large process: no claim.
  e.tasks[1].oom_score_adj = -1000;
  EXPECT_EQ(find(explain(e), "processes_hold_little"), nullptr);
}

TEST(FitsEvidence, SysrqHeaderOneParenthesis) {
  // 73-bcachefs-886: kworker/0:3 (pid 3997), order=-1.
  const OomEvent e = EventOf(EventKind::incomplete)
                         .constraint(Constraint::global)
                         .sysrq()
                         .trigger(Trigger{"kworker/0:3", 3997, "0xcc0(GFP_KERNEL)", -1, 0, std::nullopt, std::nullopt,
                                          std::nullopt, std::nullopt});
  EXPECT_EQ(explain(e).summary,
            "The kernel's global OOM killer was forced through SysRq-f, a person's or a watchdog's decision (the "
            "kernel ran it from kworker/0:3, pid 3997), but the log ends before saying whether a process was killed.");
}

TEST(FactsNotParsed, PageTablesOnlyWhenLargeForTheRss) {
  OomEvent e = global_no_swap();
  e.victims[0].anon_rss_bytes = 57 * GiB;
  e.victims[0].file_rss_bytes = 0;
  e.victims[0].pgtables_bytes = 166 * MiB;  // 0.28 %: normal
  EXPECT_EQ(find(explain(e), "pgtables_large"), nullptr);
  e.victims[0].anon_rss_bytes = 2 * GiB;
  e.victims[0].pgtables_bytes = 200 * MiB;  // 9.7 %: a sparse address space
  Explanation x = explain(e);  // find() points into it
  const Check* c = find(x, "pgtables_large");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("9.8 % of its 2.0 GiB RSS"));
  // reth#8115 (corpus 46): 790640 kB for 44717552 kB is 1.8 %, not "1 %" beside "normal is about 0.2 %".
  e.victims[0].anon_rss_bytes = 44717552ull * 1024;
  e.victims[0].pgtables_bytes = 790640ull * 1024;
  Explanation y = explain(e);
  const Check* r = find(y, "pgtables_large");
  ASSERT_NE(r, nullptr);
  EXPECT_THAT(r->message, HasSubstr("1.8 % of its"));
}

}  // namespace
}  // namespace oomlens
