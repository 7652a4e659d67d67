// Rules found by blind set 8a (issue 12: tests/corpus/267-278), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Prefix, DmesgHumanRelativeStampsAndTheirMinuteClock) {
  // 268: `dmesg -H` prints each record's time since the one before (`[  +0.000001]`) and the first record
  // of a minute with the clock (`[Sep20 10:42]`); neither tells a time, both are a prefix.
  for (const char* raw : {"[  +0.000878] gdb invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
                          "[+12.500001] gdb invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
                          "[Sep20 10:42] gdb invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
                          "[Dec  5 19:46] gdb invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
                          "[июл 24 01:01] gdb invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0"}) {
    NormalizedLine n;
    normalize_line(raw, n);
    EXPECT_TRUE(n.has_prefix) << raw;
    EXPECT_FALSE(n.prefix.monotonic_s) << raw;
    EXPECT_FALSE(n.prefix.wall) << raw;
    EXPECT_EQ(n.text, "gdb invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0") << raw;
  }
  // Brackets that are no such stamp stay text.
  for (const char* raw : {"[+] done", "[ +1] x", "[Meeting 10:42] x", "[Sep 20 25:42] x", "[Sep 32 10:42] x",
                          "[12:30] x"}) {
    NormalizedLine n;
    normalize_line(raw, n);
    EXPECT_FALSE(n.has_prefix) << raw;
  }
}

TEST(DmesgHuman, RelativeStampsKeepTheHeaderCommTheTableAndTheKill) {
  // 268: a report under `dmesg -H` deltas: the header's comm and the CPU line's pid, the task rows
  // (6.x columns) and the kill are read as under raw dmesg stamps.
  const std::string log =
      "[Mar 3 09:14] java invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, "
      "oom_score_adj=0\n"
      "[  +0.000005] CPU: 3 UID: 1000 PID: 4242 Comm: java Not tainted 6.12.1 #1\n"
      "[  +0.000001] Call Trace:\n"
      "[  +0.000001]  <TASK>\n"
      "[  +0.000002]  dump_stack_lvl+0x5d/0x80\n"
      "[  +0.000001]  out_of_memory+0x1/0x2\n"
      "[  +0.000001]  __alloc_pages_slowpath.constprop.0+0x1/0x2\n"
      "[  +0.000010] Tasks state (memory values in pages):\n"
      "[  +0.000001] [  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem pgtables_bytes swapents "
      "oom_score_adj name\n"
      "[  +0.000001] [   4242]  1000  4242  1000000   900000   899000     1000         0  8000000        0        "
      "     0 java\n"
      "[  +0.000001] [   4300]  1000  4300     4269      946      192      754         0    81920        0        "
      "   200 bash\n"
      "[  +0.000001] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice,task=java,pid=4242,uid=1000\n"
      "[  +0.000020] Out of memory: Killed process 4242 (java) total-vm:4000000kB, anon-rss:3596000kB, "
      "file-rss:4000kB, shmem-rss:0kB, UID:1000 pgtables:7812kB oom_score_adj:0\n";
  const std::vector<OomEvent> events = parse_log_text(log);
  ASSERT_EQ(events.size(), 1u);
  const OomEvent& e = events.front();
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->comm, "java");
  EXPECT_EQ(e.trigger->pid, 4242);
  ASSERT_EQ(e.tasks.size(), 2u);
  EXPECT_EQ(e.tasks[1].comm, "bash");
  EXPECT_EQ(e.tasks[1].oom_score_adj, 200);
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].pid, 4242);
  EXPECT_EQ(e.constraint, Constraint::global);
  EXPECT_FALSE(e.time.monotonic_s);
  EXPECT_FALSE(e.time.wall);
}

}  // namespace
}  // namespace oomlens
