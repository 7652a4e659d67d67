// Rules found by blind set 15b (issue 12: tests/corpus/447-458), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_building.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

bool has_note(const OomEvent& e, const std::string& part) {
  for (const auto& n : e.notes)
    if (n.find(part) != std::string::npos) return true;
  return false;
}

TEST(LineKinds, WarnAllocFirstLineIsAnAllocationFailure) {
  EXPECT_TRUE(is_alloc_failure("Xorg: page allocation failure: order:0, mode:0x104cd2(GFP_HIGHUSER), nodemask=(null)"));
  EXPECT_TRUE(is_alloc_failure("swapper: page allocation failure. order:0, mode:0x4020"));  // 2.6
  EXPECT_TRUE(is_alloc_failure("Xorg: page allocation failure:"));  // its rest wrapped to the next line
  EXPECT_FALSE(is_alloc_failure("python3: page allocation stalls for 10004ms, order:0"));  // a stall, before an OOM
  EXPECT_FALSE(is_alloc_failure("the page allocation failure we saw yesterday"));            // prose
}

TEST(Report, AllocationFailureAfterTheKillLendsNoTrigger) {
  // 449: tail's kill, then in the same second Xorg's warn_alloc report: its CPU line is not the OOM's trigger.
  const std::string kill =
      "Jan 24 08:31:02 host01 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,"
      "global_oom,task_memcg=/user.slice,task=tail,pid=18339,uid=1000\n"
      "Jan 24 08:31:02 host01 kernel: Out of memory: Killed process 18339 (tail) total-vm:4191804kB, "
      "anon-rss:4186492kB, file-rss:1740kB, shmem-rss:0kB, UID:1000 pgtables:8240kB oom_score_adj:0\n";
  const std::string cpu =
      "Jan 24 08:31:02 host01 kernel: CPU: 0 PID: 1135 Comm: Xorg Tainted: G        W   E     5.10.8 #1\n"
      "Jan 24 08:31:02 host01 kernel: Call Trace:\n"
      "Jan 24 08:31:02 host01 kernel:  warn_alloc.cold.118+0x78/0xda\n";
  for (const std::string& failure :
       {std::string("Jan 24 08:31:02 host01 kernel: Xorg: page allocation failure: order:0, mode:0x104cd2, "
                    "nodemask=(null),cpuset=/,mems_allowed=0\n"),
        // reflowed after `failure:` (its rest an indented line of its own)
        std::string("Jan 24 08:31:02 host01 kernel: Xorg: page allocation failure:\n"
                    "    order:0, mode:0x104cd2, nodemask=(null),cpuset=/,mems_allowed=0\n")}) {
    const auto ev = parse_log_text(kill + failure + cpu);
    ASSERT_EQ(ev.size(), 1u);
    EXPECT_EQ(ev[0].kind, EventKind::kill);
    EXPECT_FALSE(ev[0].trigger.has_value()) << ev[0].trigger->comm;
  }
}

TEST(Report, DmesgRecordsJoinedOnOneLineAreSplit) {
  // 450: a terminal joined a dump_stack() block's records on one line, each padded: the block opens a report, and
  // out_of_memory called by balance_pgdat (kswapd, the multi-gen LRU's aging inlined) is a global OOM.
  const std::string pad(40, ' ');
  const std::string line = "[34718.499312] Call Trace:" + pad + "[34718.499313]  <TASK>" + pad +
                           "[34718.499322]  dump_header+0x46/0x190" + pad +
                           "[34718.499323]  oom_kill_process.cold+0x8/0x93" + pad +
                           "[34718.499325]  out_of_memory+0x21c/0x4c0" + pad + "[34718.499328]  balance_pgdat+0x749/0x960" +
                           pad + "[34718.499332]  kswapd+0x1ed/0x380\n";
  auto ev = parse_log_text(line);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::incomplete);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  EXPECT_TRUE(has_note(ev[0], "balance_pgdat"));
  // Without the line's own stamp (re-prefixed, or none), two glued stamps of one burst still split it.
  ev = parse_log_text(line.substr(std::string("[34718.499312] ").size()));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  // Tabs for the pads (an editor's retab).
  std::string tabbed = line;
  for (size_t p = tabbed.find(pad); p != std::string::npos; p = tabbed.find(pad)) tabbed.replace(p, pad.size(), "\t\t");
  ev = parse_log_text(tabbed);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
}

TEST(Report, OneBracketedTimeInAMessageIsNoGluedRecord) {
  // A stamp-like text in a message (here a 15-byte comm) that is older than the line's own stamp, more than 60 s
  // after it, or alone on a line without a stamp of its own, is the message's: the line is not cut there.
  for (const char* comm : {"a [5.000000] b", "a [200.000000]"}) {
    for (const std::string prefix : {"[  100.000001] ", ""}) {
      const auto ev = parse_log_text(prefix + comm +
                                     " invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n");
      ASSERT_EQ(ev.size(), 1u) << comm;
      ASSERT_TRUE(ev[0].trigger.has_value()) << comm;
      EXPECT_EQ(ev[0].trigger->comm, comm);
    }
  }
}

TEST(Report, OutOfMemoryFromBalancePgdatIsGlobal) {
  // ARM's `X from Y` frames and x86's caller on the next line alike.
  for (const char* stack : {"[   10.000003]  out_of_memory+0x21c/0x4c0\n[   10.000004]  balance_pgdat+0x749/0x960\n",
                            "[   10.000003]  dump_header from oom_kill_process+0x23c/0x248\n"
                            "[   10.000004]  oom_kill_process from out_of_memory+0x218/0x34c\n"
                            "[   10.000005]  out_of_memory from balance_pgdat+0x3c0/0x5c8\n"}) {
    const auto ev = parse_log_text(std::string("[   10.000001] kswapd0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), "
                                               "order=0, oom_score_adj=0\n"
                                               "[   10.000002] Call Trace:\n") +
                                   stack);
    ASSERT_EQ(ev.size(), 1u) << stack;
    EXPECT_EQ(ev[0].constraint, Constraint::global) << stack;
  }
  // balance_pgdat elsewhere in a stack (reclaim under an allocation) says nothing of out_of_memory's caller.
  const auto memcg = parse_log_text(
      "[   10.000001] kswapd0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[   10.000002] Call Trace:\n"
      "[   10.000003]  out_of_memory+0x21c/0x4c0\n"
      "[   10.000004]  mem_cgroup_out_of_memory+0xc2/0xd0\n"
      "[   10.000005]  balance_pgdat+0x749/0x960\n");
  ASSERT_EQ(memcg.size(), 1u);
  EXPECT_NE(memcg[0].constraint, Constraint::global);
}

TEST(Report, ViewerCutTableHeaderBeforeTheKillNamesTheRowsColumns) {
  // 447 cut at 100 columns: a patched table (an extra `(01)nrss` column) whose header a viewer cut. The rows'
  // figures are those its names give, or unknown; never a guessed 4.x layout's (nr_ptes + nr_pmds as pgtables).
  const auto ev = parse_log_text(
      "[ 1471.438518] [  pid  ]   uid  tgid total_vm      rss (01)nrss  pgtables_bytes swapents oom_scor...\n"
      "[ 1471.554703] [   1011]     0  1011   220005     8589     1872   823296        0             0 node\n"
      "[ 1471.734600] oom-kill:constraint=CONSTRAINT_MEMORY_POLICY,nodemask=1,cpuset=/,mems_allowed=0-2,global_oom,"
      "task_memcg=/,task=node,pid=1011,uid=0\n"
      "[ 1471.742583] Out of memory: Killed process 1011 (node) total-vm:880020kB, anon-rss:34356kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:0 pgtables:804kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 1u);
  const auto& pgt = ev[0].tasks[0].pgtables_bytes;
  EXPECT_TRUE(!pgt || *pgt == 823296u) << *pgt;
}

}  // namespace
}  // namespace oomlens
