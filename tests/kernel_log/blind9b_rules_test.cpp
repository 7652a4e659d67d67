// Rules found by blind set 9b (issue 12: tests/corpus/303-314), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Summary, KeysAreReadWhateverTheirCase) {
  // 303: a knowledge-base page typed `cOnstraint=`; the kernel prints its keys in lower case.
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary(
      "oom-kill:cOnstraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=emulator,mems_allowed=0-1,oom_memcg=/vm.slice,"
      "Task_memcg=/vm.slice/vm\\x2d7.scope,task=qemu,pid=4242,uid=0",
      s));
  EXPECT_EQ(s.constraint, "CONSTRAINT_MEMCG");
  EXPECT_EQ(s.oom_memcg, "/vm.slice");
  EXPECT_EQ(s.task_memcg, "/vm.slice/vm\\x2d7.scope");  // systemd's escape is part of the name
  EXPECT_EQ(s.task, "qemu");
  EXPECT_EQ(s.pid, 4242);
  // A word that only starts like a key is no field.
  oomline::Summary t;
  EXPECT_FALSE(oomline::parse_summary("oom-kill: Constraints were not met", t));
}

TEST(Report, LimitOfHostIsNoMemoryCgroup) {
  // 310: Alibaba Cloud Linux prints `limit of host` in a global OOM's report.
  auto ev = parse_log_text(
      "[Sat Sep 11 12:24:42 2021] app invoked oom-killer: gfp_mask=0x6200ca(GFP_HIGHUSER_MOVABLE), nodemask=(null), "
      "order=0, oom_score_adj=0\n"
      "[Sat Sep 11 12:24:42 2021] Task in /user.slice killed as a result of limit of host\n"
      "[Sat Sep 11 12:24:42 2021] Node 0 DMA32 free:155160kB min:152412kB low:190512kB high:228612kB\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  ASSERT_TRUE(ev[0].memcg);
  EXPECT_FALSE(ev[0].memcg->oom_memcg);
  EXPECT_EQ(ev[0].memcg->task_memcg, "/user.slice");
  // A cgroup's limit stays a memcg OOM.
  auto memcg = parse_log_text(
      "[Sat Sep 11 12:24:42 2021] app invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), nodemask=(null), order=0, "
      "oom_score_adj=0\n"
      "[Sat Sep 11 12:24:42 2021] Task in /jobs/2 killed as a result of limit of /jobs\n");
  ASSERT_EQ(memcg.size(), 1u);
  EXPECT_EQ(memcg[0].constraint, Constraint::memcg);
  ASSERT_TRUE(memcg[0].memcg);
  EXPECT_EQ(memcg[0].memcg->oom_memcg, "/jobs");
}

TEST(KillLine, MessageRunIntoProseBeforeIt) {
  // 314: a blog ran the syslog's records into its paragraph: `… as follows Out of memory: Kill process …`.
  auto sel = oomline::parse_select("as follows Out of memory: Kill process 5372 (mongod) score 130 or sacrifice child");
  ASSERT_TRUE(sel);
  EXPECT_EQ(sel->message, "Out of memory");
  EXPECT_EQ(sel->score, 130u);
  auto k = oomline::parse_kill("see: Memory cgroup out of memory: Killed process 7 (a) total-vm:10kB, anon-rss:5kB, "
                               "file-rss:0kB, shmem-rss:0kB");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->message, "Memory cgroup out of memory");
  // Lower case before it is a longer message's tail, not one of the kernel's: unknown.
  auto cut = oomline::parse_kill("cgroup out of memory: Killed process 7 (a) total-vm:10kB, anon-rss:5kB, "
                                 "file-rss:0kB, shmem-rss:0kB");
  ASSERT_TRUE(cut);
  EXPECT_FALSE(cut->message);
  auto ev = parse_log_text(
      "Found in the log as follows Out of memory: Kill process 5372 (mongod) score 130 or sacrifice child Killed "
      "process 5372 (mongod), UID 0, total-vm:2539052kB, anon-rss:2117096kB, file-rss:0kB, shmem-rss:0kB Then the "
      "blog goes on.\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 5372);
}

TEST(Report, UnprefixedFramesAfterAPrefixedCallTrace) {
  // 308: a RHEL 5 knowledge-base copy: `kernel: ` lines, then the stack's frames without the prefix.
  auto ev = parse_log_text(
      "kernel: httpd invoked oom-killer: gfp_mask=0x201d2, order=0, oomkilladj=0\n"
      "kernel: \n"
      "kernel: Call Trace:\n"
      "[<ffffffff800c3a6a>] out_of_memory+0x8e/0x2f5\n"
      "[<ffffffff8000f2eb>] __alloc_pages+0x245/0x2ce\n"
      "[<ffffffff80013401>] filemap_nopage+0x148/0x322\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->gfp_mask, "0x201d2");  // the frame is not glued to the header
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  // The same on a page that escaped the `<` and `>` of the frames.
  auto escaped = parse_log_text(
      "kernel: httpd invoked oom-killer: gfp_mask=0x201d2, order=0, oomkilladj=0\n"
      "kernel: Call Trace:\n"
      "[&lt;ffffffff800c3a6a&gt;] out_of_memory+0x8e/0x2f5\n"
      "[&lt;ffffffff8000f2eb&gt;] __alloc_pages+0x245/0x2ce\n");
  ASSERT_EQ(escaped.size(), 1u);
  EXPECT_EQ(escaped[0].constraint, Constraint::global);
  // An ARM frame's rest after its `(func) from` is still joined to it.
  auto arm = parse_log_text(
      "<4>[ 1.000000] sh invoked oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0\n"
      "<4>[ 1.000001] [<c00f87f8>] (oom_kill_process) from\n"
      "[<c00f90c8>] (out_of_memory+0x2f4/0x354)\n"
      "<4>[ 1.000002] [<c00f8dd4>] (out_of_memory) from [<c00fd6c8>] (__alloc_pages_nodemask+0x6c8/0x7c4)\n");
  ASSERT_EQ(arm.size(), 1u);
  EXPECT_EQ(arm[0].constraint, Constraint::global);
}

}  // namespace
}  // namespace oomlens
