// h-old11: wording and facts noticed wrong on known corpus files (each test names its item and corpus file).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "diagnose/cgroup_owner.h"
#include "diagnose/explain.h"
#include "diagnose/explain_detail.h"
#include "diagnose/advice_rules.h"
#include "diagnose/repeat_kill.h"
#include "event_fixtures.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using fixtures::advice;
using fixtures::everything;
using fixtures::only_event;

// Item 1 (corpus 713, 714, 515, 357): `Out of Memory: Killed process N (comm).` (capital M) is printed by Linux 2.2,
// 2.4 and early 2.6, which had no memory cgroups: the sentence says the machine ran out, never "a cgroup limit or
// the machine", and the advice asks for no cgroup's figures. The same kill line in lower case (2.6.16 on, a
// memory cgroup possible on later kernels) keeps what it said.
TEST(Old11, OutOfMemoryKillLineOfPreCgroupKernelsIsTheMachine) {
  for (const char* line : {"Out of Memory: Killed process 2592 (mysql).\n",
                           "<3>Out of Memory: Killed process 106 (portmap), saved process 2165 (mke2fs).\n"}) {
    const OomEvent e = only_event(line);
    ASSERT_EQ(e.kind, EventKind::kill) << line;
    EXPECT_TRUE(detail::pre_memcg_kill(e)) << line;
    const Explanation x = explain(e);
    EXPECT_THAT(x.summary, HasSubstr("the machine ran out of memory")) << line;
    EXPECT_THAT(x.summary, HasSubstr("had no memory cgroups")) << line;
    EXPECT_THAT(everything(x), Not(HasSubstr("whether a cgroup limit or the whole machine"))) << line;
    EXPECT_THAT(advice(x), HasSubstr("Linux 2.2 and 2.4 print nothing more")) << line;
  }
  // Two such kills in one text: each is the machine's.
  for (const OomEvent& e : parse_log_text("Out of Memory: Killed process 148 (perl).\n"
                                          "Out of Memory: Killed process 198 (perl).\n",
                                          {}))
    EXPECT_THAT(explain(e).summary, HasSubstr("the machine ran out of memory"));
  // Not these kernels: `Out of memory: Killed process` is read as the global OOM (its own rule), a bare kill line
  // of no message tells nothing.
  const OomEvent bare = only_event("Killed process 2592 (mysql) total-vm:1000kB, anon-rss:500kB, file-rss:0kB\n");
  EXPECT_FALSE(detail::pre_memcg_kill(bare));
  EXPECT_THAT(explain(bare).summary, HasSubstr("whether a cgroup limit or the whole machine"));
  EXPECT_FALSE(detail::pre_memcg_kill(only_event("Out of memory: Killed process 2592 (mysql).\n")));
}

// Item 2 (corpus 720 through short_monotonic): a paste that quotes a kill's lines again, re-stamped a few lines
// later, is that kill copied, not the process killed again: same sizes, no report of its own, under 1 s apart. A
// second kill with its own header, or other sizes, or a second later, is still a repeat.
TEST(Old11, AKillLineCopiedUnderASecondLaterIsNoSecondKill) {
  const auto events = [](const std::string& second) {
    return parse_log_text("[  100.002875] h kernel: Out of memory: Kill process 31809 (mysqld) score 52 or sacrifice "
                          "child\n"
                          "[  100.003000] h kernel: Killed process 31809, UID 501, (mysqld) total-vm:819272kB, "
                          "anon-rss:103500kB, file-rss:3880kB\n"
                          "\nthe last two lines:\n\n" +
                              second,
                          {});
  };
  const auto repeats = [](const std::vector<OomEvent>& es) {
    RecentKills kept;
    int found = 0;
    for (const OomEvent& e : es) {
      Explanation x;
      kept.check_then_keep(e, x);
      for (const Check& c : x.checks) found += c.id == "victim_killed_again";
    }
    return found;
  };
  const std::string copy =
      "[  100.003125] h kernel: Out of memory: Kill process 31809 (mysqld) score 52 or sacrifice child\n"
      "[  100.003250] h kernel: Killed process 31809, UID 501, (mysqld) total-vm:819272kB, anon-rss:103500kB, "
      "file-rss:3880kB\n";
  EXPECT_EQ(repeats(events(copy)), 0);
  // Other sizes: another kill of the process (it grew or shrank between them).
  std::string other = copy;
  other.replace(other.find("anon-rss:103500kB"), 17, "anon-rss:103400kB");
  EXPECT_EQ(repeats(events(other)), 1);
  // Two seconds later: a new OOM chose it again.
  std::string later = copy;
  later.replace(later.find("100.003125"), 10, "102.003125").replace(later.find("100.003250"), 10, "102.003250");
  EXPECT_EQ(repeats(events(later)), 1);
  // Its own report before it (a header): a new OOM, whatever the gap.
  EXPECT_EQ(repeats(events("[  100.003100] h kernel: mysqld invoked oom-killer: gfp_mask=0x201da, order=0, "
                           "oom_score_adj=0\n" +
                           copy)),
            1);
}

// Item 4 (corpus 704: a MIPS router's clash, 52 MiB, no RAM printed): the hedge names both readings of a smaller
// machine, a router's or small board's and a larger one's, in one sentence; a victim under 1 % of the smallest
// small device keeps the router's reading alone.
TEST(Old11, RamUnknownHedgeNamesRoutersBesideContainedJobs) {
  const auto text = [](const std::string& anon_kb) {
    return "[ 3281.299058] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
           "task_memcg=/,task=clash,pid=28780,uid=65534\n"
           "[ 3281.312165] Out of memory: Killed process 28780 (clash) total-vm:676072kB, anon-rss:" +
           anon_kb + "kB, file-rss:0kB, shmem-rss:0kB, UID:65534 pgtables:80kB oom_score_adj:0\n";
  };
  const std::string mid = advice(explain(only_event(text("53596"))));
  EXPECT_THAT(mid, HasSubstr("with more than 5.1 GiB of RAM it held under 1 %"));
  EXPECT_THAT(mid, HasSubstr("With less RAM, clash was one of its larger users: on a router or a small board"));
  EXPECT_THAT(mid, HasSubstr("on a larger machine, contain memory-hungry jobs with `oomlens run --limit SIZE`"));
  const std::string small = advice(explain(only_event(text("2048"))));
  EXPECT_THAT(small, HasSubstr("On a device with less RAM (a router or a small board), clash was one"));
  EXPECT_THAT(small, Not(HasSubstr("--limit")));
}

// A 5.4 arm64 board's report (corpus 279's Mem-Info): DMA32 free 598.8 MiB, 511.5 MiB of it CMA, min 89.4 MiB.
std::string cma_report(const std::string& gfp) {
  return "[   89.758736] oncealloc2 invoked oom-killer: gfp_mask=" + gfp + ", order=0, oom_score_adj=0\n"
         "[   89.760000] Call trace:\n"
         "[   89.760001]  out_of_memory+0x1c0/0x4a0\n"
         "[   89.760002]  __alloc_pages_slowpath+0x8a8/0xb88\n"
         "[   89.847650] Mem-Info:\n"
         "[   89.847650] active_anon:20533 inactive_anon:97 isolated_anon:0\n"
         "[   89.847650]  free:9580 free_pcp:39 free_cma:8184\n"
         "[   89.906443] Node 0 DMA32 free:613120kB min:91584kB low:114432kB high:137280kB active_anon:1315328kB "
         "present:2031616kB managed:1996672kB free_cma:523776kB\n"
         "[   89.935971] lowmem_reserve[]: 0 0 0\n"
         "[   90.001044] Total swap = 0kB\n"
         "[   90.003923] 31744 pages RAM\n"
         "[   90.010000] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
         "task_memcg=/,task=oncealloc2,pid=1440,uid=0\n"
         "[   90.010001] Out of memory: Killed process 1440 (oncealloc2) total-vm:300000kB, anon-rss:200000kB, "
         "file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:400kB oom_score_adj:0\n";
}

// Item 7 (corpus 279): a movable allocation (GFP_HIGHUSER_MOVABLE) may take CMA's free pages, so they count as its
// free memory: the zone stood far above its watermarks for it, and CMA is not what failed it. A kernel allocation
// (GFP_KERNEL) may not: for it CMA held the free memory, as before.
TEST(Old11, CmaIsFreeMemoryForAMovableAllocation) {
  const Explanation movable = explain(only_event(cma_report("0x100cca(GFP_HIGHUSER_MOVABLE)")));
  const Check* c = fixtures::find(movable, "zone_free_above_watermark");
  ASSERT_NE(c, nullptr) << everything(movable);
  EXPECT_THAT(c->message, HasSubstr("with 598.8 MiB free (511.5 MiB of it in CMA pageblocks, which a movable "
                                    "allocation may take), above its high watermark (134.1 MiB)"));
  EXPECT_EQ(fixtures::find(movable, "cma_held_free"), nullptr);
  EXPECT_THAT(everything(movable), Not(HasSubstr("Reserve less CMA")));
  const Explanation kernel = explain(only_event(cma_report("0xcc0(GFP_KERNEL)")));
  EXPECT_EQ(fixtures::find(kernel, "zone_free_above_watermark"), nullptr);
  EXPECT_NE(fixtures::find(kernel, "cma_held_free"), nullptr) << everything(kernel);
}

// Item 6 (corpus 688, 563): an OOM whose allocating task is pid 1 as `swapper/N` came while the kernel itself was
// booting (a kdump kernel's few hundred MiB): its advice is to give the booting kernel more memory (crashkernel=),
// not to look for a slab leak or into the reserved pages. A swapper at another pid, or pid 1 once init ran, is not.
TEST(Old11, AnOomOfTheBootingKernelsInitAsksForMoreMemoryForIt) {
  const auto report = [](const std::string& cpu_line) {
    return "[    4.338946] swapper/0 invoked oom-killer: gfp_mask=0x6040c0(GFP_KERNEL|__GFP_COMP), nodemask=(null), "
           "order=0, oom_score_adj=0\n"
           "[    4.354618] " + cpu_line + "\n"
           "[    4.355612] Call Trace:\n"
           "[    4.355612]  out_of_memory+0x470/0x4c0\n"
           "[    4.355612]  __alloc_pages_nodemask+0x970/0x1030\n"
           "[    4.489484] Mem-Info:\n"
           "[    4.491778] active_anon:0 inactive_anon:0 isolated_anon:0\n"
           "[    4.491778]  slab_reclaimable:2367 slab_unreclaimable:17814\n"
           "[    4.491778]  free:472 free_pcp:53 free_cma:0\n"
           "[    4.660422] 65532 pages RAM\n"
           "[    4.667061] 31973 pages reserved\n"
           "[    4.670295] Tasks state (memory values in pages):\n"
           "[    4.670296] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
           "[    4.670297] Kernel panic - not syncing: Out of memory and no killable processes...\n";
  };
  const Explanation boot = explain(only_event(report("CPU: 0 PID: 1 Comm: swapper/0 Not tainted 4.19.57 #1")));
  const Check* c = fixtures::find(boot, "kernel_booting");
  ASSERT_NE(c, nullptr) << everything(boot);
  EXPECT_THAT(c->message, HasSubstr("its own init (pid 1, swapper/0)"));
  EXPECT_THAT(c->message, HasSubstr("the 256.0 MiB of RAM it was given (124.9 MiB of it reserved)"));
  EXPECT_THAT(advice(boot), HasSubstr("`crashkernel=512M`"));
  EXPECT_THAT(advice(boot), Not(HasSubstr("kernel memory leak")));
  EXPECT_THAT(advice(boot), Not(HasSubstr("Most of the RAM was reserved")));
  const Explanation idle = explain(only_event(report("CPU: 0 PID: 0 Comm: swapper/0 Not tainted 4.19.57 #1")));
  EXPECT_EQ(fixtures::find(idle, "kernel_booting"), nullptr);
}

// Item 9: a sentence that differs only in a clause is one msgid with that clause an argument (the JVM's limit,
// PyTorch's /dev/shm in a pod or a container): the English stays as it was.
TEST(Old11, JvmAdviceIsOneSentenceWithOrWithoutTheLimit) {
  const auto with = detail::jvm_limit_advice("java", "java (pid 7)", std::string("512.0 MiB"));
  ASSERT_TRUE(with);
  EXPECT_THAT(*with, HasSubstr("java (pid 7) filled its cgroup's limit (512.0 MiB): a JVM holds its heap"));
  const auto without = detail::jvm_limit_advice("java", "java (pid 7)", std::nullopt);
  ASSERT_TRUE(without);
  EXPECT_THAT(*without, HasSubstr("java (pid 7) filled its cgroup's limit: a JVM holds its heap"));
  EXPECT_EQ(with->substr(with->find(": a JVM")), without->substr(without->find(": a JVM")));
}

}  // namespace
}  // namespace oomlens
