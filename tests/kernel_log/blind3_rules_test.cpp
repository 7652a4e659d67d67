// Rules found by the third blind test (issue 12: tests/corpus/150-174), each
// on hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

TEST(Report, ALabelBeforeTheKernelsMessageKeepsIt) {
  // A Kubernetes node event quoting the kernel (corpus 164): `1 OOMKilling: ` before the message.
  auto s = oomline::parse_select("1 OOMKilling: Memory cgroup out of memory: Kill process 7 (pause) score 0 or sacrifice child");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->message, "Memory cgroup out of memory");
  auto k = oomline::parse_kill("OOMKilling: Out of memory: Killed process 7 (a) total-vm:8kB, anon-rss:4kB, file-rss:0kB");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->message, "Out of memory");
  // The rest of a wrapped message, or words that only end like one, are no message.
  EXPECT_FALSE(oomline::parse_select("ry: Kill process 7 (a) score 1 or sacrifice child")->message);
  EXPECT_FALSE(oomline::parse_select("cgroup out of memory: Kill process 7 (a) score 1 or sacrifice child")->message);
  EXPECT_FALSE(oomline::parse_select("XOut of memory: Kill process 7 (a) score 1 or sacrifice child")->message);
  const OomEvent e = testing::one_event(
      "1 OOMKilling: Memory cgroup out of memory: Kill process 7 (pause) score 0 or sacrifice child\n"
      "Killed process 7 (pause) total-vm:1024kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n");
  EXPECT_EQ(e.constraint, Constraint::memcg);
}

TEST(Report, AReaperOfAnotherTaskIsNotTheReportsLine) {
  // An issue title's kill line without a stamp, then a later report's reaper (corpus 159).
  const OomEvent e = testing::one_event(
      "kernel: Out of memory: Killed process 928 (srv) total-vm:64kB, anon-rss:47kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:0 pgtables:1\n\n"
      "Jun 25 13:53:16 host5 kernel: [2670682.834672] oom_reaper: reaped process 687 (srv), now "
      "anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n");
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_FALSE(e.victims[0].reaped);
  EXPECT_FALSE(e.victims[0].pgtables_bytes);  // `pgtables:1` was cut before its unit
  EXPECT_FALSE(e.time.wall);
  EXPECT_FALSE(e.time.monotonic_s);
  EXPECT_EQ(e.lines.last, 1u);
  // Its own reaper still joins it.
  const OomEvent own = testing::one_event(
      "[9.0] Out of memory: Killed process 5 (a) total-vm:8kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n"
      "[9.1] oom_reaper: reaped process 5 (a), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n");
  EXPECT_TRUE(own.victims[0].reaped);
}

TEST(Report, MemInfoAfterTheKillIsAnotherDump) {
  // SysRq-m after a SysRq-f kill (corpus 152): its Mem-Info is not the report's.
  const OomEvent e = testing::one_event(
      "[1.0] node invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=-1, oom_score_adj=0\n"
      "[1.0] Mem-Info:\n"
      "[1.0] active_anon:10 inactive_anon:10 isolated_anon:0\n"
      "[1.0] free:69030 free_pcp:661 free_cma:0\n"
      "[1.0] Out of memory: Killed process 6 (node) total-vm:8kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n"
      "[9.0] sysrq: Show Memory\n"
      "[9.0] Mem-Info:\n"
      "[9.0] active_anon:10 inactive_anon:10 isolated_anon:0\n"
      "[9.0] free:2502088 free_pcp:6523 free_cma:0\n");
  ASSERT_TRUE(e.mem_info);
  ASSERT_TRUE(e.page_size_bytes);
  EXPECT_EQ(e.mem_info->free_bytes, 69030u * *e.page_size_bytes);
  EXPECT_EQ(e.lines.last, 5u);
}

TEST(Report, AViewersCutRowBeforeTheKillKeepsOnlyItsLeadingColumns) {
  // A table tail cut at 100 columns, no header (corpus 166 through a viewer): 6 numbers left of 7.
  const OomEvent e = testing::one_event(
      "[Mon Jul 22 17:53:59 2024] [  14643]     0 14643     1548      448    45056        0             ...\n"
      "[Mon Jul 22 17:53:59 2024] Out of memory: Killed process 4321 (srv) total-vm:8kB, anon-rss:4kB, "
      "file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0\n");
  ASSERT_EQ(e.tasks.size(), 1u);
  EXPECT_EQ(e.tasks[0].pid, 14643);
  EXPECT_FALSE(e.tasks[0].oom_adj);  // never the swapents column read as 2.6.32's oom_adj
  EXPECT_FALSE(e.tasks[0].oom_score_adj);
}

TEST(Report, CpusetOrMempolicyConstraintStandsWithoutGlobalOom) {
  // A summary cut before `global_oom` (corpus 166 through a viewer): the constraint it names is enough.
  const OomEvent e = testing::one_event("oom-kill:constraint=CONSTRAINT_MEMORY_POLICY,nodemask=0,cpuset=1c3dbe7d42...\n"
                                        "Out of memory: Killed process 4321 (srv) total-vm:8kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n");
  EXPECT_EQ(e.constraint, Constraint::mempolicy);
  const OomEvent cs = testing::one_event("oom-kill:constraint=CONSTRAINT_CPUSET,nodemask=(null),cpuset=job1,mems...\n"
                                         "Out of memory: Killed process 5 (a) total-vm:8kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n");
  EXPECT_EQ(cs.constraint, Constraint::cpuset);
}

TEST(OrderAndRepeats, NewestFirstFromAReaperLine) {
  // journalctl -r of a report whose kill line the paste skipped (corpus 169): reaper, summary, rows.
  const char* rev =
      "May 25 17:32:58 h kernel: [14748.879356] oom_reaper: reaped process 513 (m), now anon-rss:0kB, file-rss:4kB, shmem-rss:0kB\n"
      "May 25 17:32:58 h kernel: [14748.817657] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/system.slice/m.service,task=m,pid=513,uid=0\n"
      "May 25 17:32:58 h kernel: [14748.814925] [   1187]     0  1187     2982      207    61440        0             0 sshd\n"
      "May 25 17:32:58 h kernel: [14748.812074] [    544]    33   544    17953      608   118784        0             0 nginx\n";
  const OomEvent e = testing::one_event(rev);
  ASSERT_EQ(e.tasks.size(), 2u);
  EXPECT_EQ(e.tasks[0].pid, 544);  // print order, as forward text gives it
  // A reaper, then its own kill: newest-first too.
  const OomEvent k = testing::one_event(
      "[9.3] oom_reaper: reaped process 22 (n), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n"
      "[9.2] Killed process 22 (n) total-vm:8kB, anon-rss:4kB, file-rss:4kB, shmem-rss:0kB\n"
      "[9.1] Memory cgroup out of memory: Kill process 21 (n) score 1182 or sacrifice child\n"
      "[9.0] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=a,mems_allowed=0,oom_memcg=/p,task_memcg=/p/a,task=n,pid=21,uid=0\n");
  ASSERT_EQ(k.victims.size(), 1u);
  EXPECT_EQ(k.victims[0].selected_score, std::nullopt);
  ASSERT_EQ(k.selected.size(), 1u);
  EXPECT_EQ(k.selected[0].pid, 21);
}

TEST(OrderAndRepeats, NewestFirstFromASummaryWithoutItsKill) {
  // A report whose kill line the author elided (corpus 150), read newest-first: one report.
  const OomEvent e = testing::one_event(
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=c,mems_allowed=0-1,oom_memcg=/p,task_memcg=/p/c,task=q,pid=39,uid=107\n"
      "[     39]   107    39  4457263  4201766 34439168        0           986 q\n"
      "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "Tasks state (memory values in pages):\n"
      "memory: usage 17024340kB, limit 17024340kB, failcnt 1243\n"
      "CPU: 40 PID: 40785 Comm: v Tainted: G          I    X    5.14.21 #1\n"
      "v invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=986\n");
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->pid, 40785);
  // Forward, 4.19-5.x print the summary before the selection and kill: that stays forward.
  const OomEvent fwd = testing::one_event(
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=a,mems_allowed=0,oom_memcg=/p,task_memcg=/p/a,task=n,pid=21,uid=0\n"
      "Memory cgroup out of memory: Kill process 21 (n) score 1182 or sacrifice child\n"
      "Killed process 22 (n) total-vm:8kB, anon-rss:4kB, file-rss:4kB, shmem-rss:0kB\n");
  ASSERT_EQ(fwd.victims.size(), 1u);
  EXPECT_EQ(fwd.victims[0].pid, 22);
}

TEST(OrderAndRepeats, EqualStampsTellNoOrder) {
  // journalctl -r of a selection of a thread and the kill of its process, all stamped the same
  // second (corpus 165): the lines stamped later before them tell newest-first.
  ScanOptions opt;
  opt.default_year = 2025;  // a syslog stamp's year, as `explain` completes it
  const OomEvent e = testing::one_event("Aug  5 09:30:29 h systemd: Starting Session 4753 of user root.\n"
                  "Aug  5 09:30:27 h systemd-logind: New session 4753 of user root.\n"
                  "Aug  5 09:30:27 h kernel: Killed process 19079 (srv) total-vm:8kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n"
                  "Aug  5 09:30:27 h kernel: Out of memory: Kill process 16959 (Async) score 947 or sacrifice child\n",
                  opt);
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].pid, 19079);
  ASSERT_EQ(e.selected.size(), 1u);
  EXPECT_EQ(e.selected[0].pid, 16959);
}

}  // namespace
}  // namespace oomlens
