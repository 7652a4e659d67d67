// Rules found by blind set 17c (issue 12: tests/corpus/553-564, kernels 6.x, loongarch64, OpenWrt, WSL2), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_assembler.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::find;  // the one check lookup of the tests (diagnose/event_fixtures.h)

TEST(Report, AReaperOfATableRowIsTheKillOfAReportWithoutHeader) {
  // 553: the excerpt starts at the table (no header, no kill line, no `oom-kill:`), then the reaper of a listed
  // task: the reaper works only on a killed task, so it is this report's victim; its row gives its oom_score_adj.
  const auto ev = parse_log_text(
      "[ 100.000000] Memory cgroup stats for /kubepods.slice/kubepods-podx.slice/cri-containerd-a.scope: "
      "cache:8448KB rss:104844432KB rss_huge:0KB shmem:0KB mapped_file:5280KB\n"
      "[ 100.000001] Tasks state (memory values in pages):\n"
      "[ 100.000002] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[ 100.000003] [   1578]     0  1578       56        1    98304        0          -998 pause\n"
      "[ 100.000004] [   2983]     0  2983 16477927  6558421 66732032        0           961 prometheus\n"
      "[ 101.000000] oom_reaper: reaped process 2983 (prometheus), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 2983);
  EXPECT_EQ(ev[0].victims[0].oom_score_adj, 961);
  ASSERT_TRUE(ev[0].victims[0].reaped);
  // A reaper of a pid the table does not list says nothing of this report.
  const auto other = parse_log_text(
      "[ 100.000000] Memory cgroup stats for /kubepods.slice/kubepods-podx.slice/cri-containerd-a.scope: "
      "cache:8448KB rss:104844432KB rss_huge:0KB shmem:0KB mapped_file:5280KB\n"
      "[ 100.000003] [   1578]     0  1578       56        1    98304        0          -998 pause\n"
      "[ 100.000004] [   2983]     0  2983 16477927  6558421 66732032        0           961 prometheus\n"
      "[ 101.000000] oom_reaper: reaped process 4444 (java), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n");
  for (const auto& e : other) EXPECT_TRUE(e.victims.empty() || e.victims[0].pid != 2983);
}

TEST(Report, AKillLineThePosterCutTakesItsUidFromTheSummary) {
  // 562: `… anon-rss:14282608kB, ...`: the cut fields are unknown, UID among them; `oom-kill:` names the same pid.
  const auto ev = parse_log_text(
      "oom-kill:constraint=CONSTRAINT_NONE,...,global_oom,task_memcg=/init.scope,task=python,pid=14078,uid=1000\n"
      "Out of memory: Killed process 14078 (python) total-vm:29359992kB, anon-rss:14282608kB, ...\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].uid, 1000u);
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, 14282608ull * 1024);
}

TEST(ReportLines, APostersElisionMarkIsNoWrappedRest) {
  EXPECT_TRUE(poster_elision("[... snip ...]"));
  EXPECT_TRUE(poster_elision("(...snipped...)"));
  EXPECT_TRUE(poster_elision("[...]"));
  EXPECT_TRUE(poster_elision("..."));
  EXPECT_TRUE(poster_elision("<snip>"));
  EXPECT_TRUE(poster_elision(" \u2026 "));
  EXPECT_FALSE(poster_elision("[ 35.1] ..."));
  EXPECT_FALSE(poster_elision("[snap]"));
  EXPECT_FALSE(poster_elision("Mem-Info:"));
  EXPECT_FALSE(poster_elision(""));
  // 559: a header cut inside its flags, then the poster's `[... snip ...]`: the mark is not its rest.
  const auto ev = parse_log_text(
      "sh invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|_0\n"
      "[... snip ...]\n"
      "Mem-Info:\n");
  ASSERT_EQ(ev.size(), 1u);
  for (const auto& n : ev[0].notes) EXPECT_EQ(n.find("rejoined"), std::string::npos) << n;
}

TEST(Checks, ATriggerPidNoTableRowCarriesMayBeTheVictimsThread) {
  // 555: `C1 CompilerThre` (pid 585614, java's JIT thread) charges the pod; the table lists java 585588 with the
  // same oom_score_adj: no claim that another task asked for the memory.
  const auto ev = parse_log_text(
      "[ 1.000000] C1 CompilerThre invoked oom-killer: gfp_mask=0x6000c0(GFP_KERNEL), nodemask=(null), order=0, "
      "oom_score_adj=-997\n"
      "[ 1.000001] CPU: 21 PID: 585614 Comm: C1 CompilerThre Not tainted 4.19.0 #1\n"
      "[ 1.000002] Task in /kubepods.slice/kubepods-podx.slice/cri-containerd-a.scope killed as a result of limit of "
      "/kubepods.slice/kubepods-podx.slice\n"
      "[ 1.000003] memory: usage 409600kB, limit 409600kB, failcnt 13061\n"
      "[ 1.000004] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[ 1.000005] [ 585567]     0 585567      148       57   114688        0          -997 sh\n"
      "[ 1.000006] [ 585588]     0 585588   307156    26597  1196032        0          -997 java\n"
      "[ 1.000007] Memory cgroup out of memory: Killed process 585588 (java) total-vm:1228624kB, "
      "anon-rss:106000kB, file-rss:388kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation x = explain(ev[0]);
  EXPECT_EQ(find(x, "trigger_not_victim"), nullptr);
  // The trigger's pid is another row of the table: another task asked for the memory.
  auto ev2 = ev;
  ev2[0].trigger->pid = 585567;
  const Explanation x2 = explain(ev2[0]);
  EXPECT_NE(find(x2, "trigger_not_victim"), nullptr);
}

TEST(Checks, SlabIsJudgedAgainstManagedMemoryWhenMostOfRamIsReserved) {
  // 563: a crashkernel's boot, 83986 of 131002 pages reserved; unreclaimable slab 100.8 MiB is 20 % of RAM but
  // 54 % of what the page allocator managed.
  const auto ev = parse_log_text(
      "[   35.270303] swapper/0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[   35.497570] Mem-Info:\n"
      "[   35.499857] active_anon:1905 inactive_anon:0 isolated_anon:0\n"
      "[   35.499857]  active_file:0 inactive_file:0 isolated_file:0\n"
      "[   35.499857]  unevictable:0 dirty:0 writeback:0\n"
      "[   35.499857]  slab_reclaimable:294 slab_unreclaimable:25805\n"
      "[   35.499857]  mapped:0 shmem:1905 pagetables:9\n"
      "[   35.499857]  free:222 free_pcp:527 free_cma:0\n"
      "[   35.679414] 131002 pages RAM\n"
      "[   35.686140] 83986 pages reserved\n"
      "[   36.124046] Out of memory and no killable processes...\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation x = explain(ev[0]);
  const Check* c = find(x, "slab_unreclaimable_dominant");
  ASSERT_NE(c, nullptr);
  EXPECT_NE(c->message.find("the page allocator managed"), std::string::npos) << c->message;
}

TEST(OomLines, AStatsLineWhosePairsAWrapGluedToItsPathKeepsThePath) {
  // 553 through wrap80_inline_pad: `…scope:cache:8448KB rss:…`, the space after the path's ':' lost.
  auto h = oomline::parse_stats_header(
      "Memory cgroup stats for /kubepods.slice/x.slice/cri-containerd-56a6.scope:cache:8448KB rss:104844432KB");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->path, "/kubepods.slice/x.slice/cri-containerd-56a6.scope");
  ASSERT_EQ(h->kb_pairs.size(), 2u);
  EXPECT_EQ(h->kb_pairs[1].second, 104844432u);
  // The usual line is read as before.
  auto u = oomline::parse_stats_header("Memory cgroup stats for /a/b: cache:0KB rss:4KB");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->path, "/a/b");
}

TEST(Report, AHeaderlessRowWhoseLastFigureIsNoOomScoreAdjKeepsItsFirstFourColumnsOnly) {
  // 560 through reflow_indent: a 6.8+ row a viewer cut after pgtables_bytes (`180224        ...`), its mark and the
  // cut header gone: eight numbers, read as 4.14's nr_ptes/nr_pmds/swapents/oom_score_adj, would make 180224 an
  // oom_score_adj. It is none, so only uid, tgid, total_vm and rss are read.
  const auto ev = parse_log_text(
      "[ 1.000001] [ 483880]  1000 483880    73357    14530    12706     1824         0   180224 python3\n"
      "[ 1.000002] Memory cgroup out of memory: Killed process 483880 (python3) total-vm:293428kB, "
      "anon-rss:50824kB, file-rss:7296kB, shmem-rss:0kB, UID:1000 pgtables:176kB oom_score_adj:200\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 1u);
  EXPECT_EQ(ev[0].tasks[0].rss_bytes, 14530ull * 4096);
  EXPECT_FALSE(ev[0].tasks[0].oom_score_adj);
  EXPECT_FALSE(ev[0].tasks[0].pgtables_bytes);
  EXPECT_FALSE(ev[0].tasks[0].swap_bytes);
}

}  // namespace
}  // namespace oomlens
