// Report assembly per kernel format (inline fixtures, shapes from
// ../shared/kernel_oom_formats.md) and hostile input.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"
#include "support/one_event.h"
#include "manglers.h"

namespace oomlens {
namespace {

std::vector<OomEvent> parse(std::string_view text) { return parse_log_text(text); }

TEST(KillLine, Variants) {
  using oomline::parse_kill;
  auto bare = parse_kill("Killed process 1234 (java)");  // 2.6.32
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->comm, "java");
  EXPECT_FALSE(bare->total_vm_kb);
  auto rhel6 = parse_kill("Killed process 15467, UID 500, (t) total-vm:233380kB, anon-rss:51220kB, file-rss:380kB");
  ASSERT_TRUE(rhel6);
  EXPECT_EQ(rhel6->pid, 15467);
  EXPECT_EQ(rhel6->uid, 500u);
  EXPECT_EQ(rhel6->comm, "t");
  EXPECT_EQ(rhel6->anon_rss_kb, 51220u);
  auto rhel7 = parse_kill("Killed process 42452 (memcg_test_1), UID 0, total-vm:7296kB, anon-rss:96kB, file-rss:164kB, shmem-rss:0kB");
  ASSERT_TRUE(rhel7);
  EXPECT_EQ(rhel7->uid, 0u);
  EXPECT_EQ(rhel7->comm, "memcg_test_1");
  auto vz = parse_kill("Killed process 77 (httpd) in VE \"101\" total-vm:100kB, anon-rss:10kB, file-rss:1kB, shmem-rss:0kB");
  ASSERT_TRUE(vz);
  EXPECT_EQ(vz->comm, "httpd");
  EXPECT_EQ(vz->total_vm_kb, 100u);
  auto parens = parse_kill("Out of memory: Killed process 9 ((resolved)) total-vm:8kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:-5");
  ASSERT_TRUE(parens);
  EXPECT_EQ(parens->comm, "(resolved)");
  EXPECT_EQ(parens->message, "Out of memory");
  EXPECT_EQ(parens->oom_score_adj, -5);
  // 2.4 and early 2.6 (mm/oom_kill.c oom_kill_task()): `Out of Memory: Killed process N (comm).`,
  // 2.4.0 with the allocating task after it.
  auto old24 = parse_kill("Out of Memory: Killed process 1234 (mysqld).");
  ASSERT_TRUE(old24);
  EXPECT_EQ(old24->pid, 1234);
  EXPECT_EQ(old24->comm, "mysqld");
  EXPECT_FALSE(old24->total_vm_kb);
  auto saved = parse_kill("Out of Memory: Killed process 1234 (mysqld), saved process 99 (bash).");
  ASSERT_TRUE(saved);
  EXPECT_EQ(saved->comm, "mysqld");
  auto tricky = parse_kill("Memory cgroup out of memory: Killed process 5 (a) total-vm:1kB) total-vm:53312240   kB, anon-rss:26,184,840kB, file-rss:0kB");
  ASSERT_TRUE(tricky);
  EXPECT_EQ(tricky->comm, "a) total-vm:1kB");
  EXPECT_EQ(tricky->total_vm_kb, 53312240u);
  EXPECT_EQ(tricky->anon_rss_kb, 26184840u);
  auto spaces = parse_kill("Out of memory: Killed process 3 (Web Content) total-vm:1kB, anon-rss:1kB, file-rss:1kB, shmem-rss:1kB");
  ASSERT_TRUE(spaces);
  EXPECT_EQ(spaces->comm, "Web Content");
  EXPECT_FALSE(parse_kill("Killed process abc (x)"));
}

TEST(HeaderLine, Variants) {
  auto a = oomline::parse_header("t invoked oom-killer: gfp_mask=0x280da, order=0, oom_adj=0, oom_score_adj=0");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->oom_adj, 0);
  EXPECT_EQ(a->oom_score_adj, 0);
  auto b = oomline::parse_header("kworker/0:1 invoked oom-killer: gfp_mask=0x14200ca(GFP_HIGHUSER_MOVABLE), nodemask=(null),  order=0, oom_score_adj=0");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->comm, "kworker/0:1");
  EXPECT_EQ(b->nodemask, "(null)");
  EXPECT_EQ(b->gfp_mask, "0x14200ca(GFP_HIGHUSER_MOVABLE)");
  auto c = oomline::parse_header("VM Monitoring T invoked oom-killer: gfp_mask=0x1, nodemask=0-1,3, order=2, oom_score_adj=-1000");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->comm, "VM Monitoring T");
  EXPECT_EQ(c->nodemask, "0-1,3");
  EXPECT_EQ(c->order, 2);
  EXPECT_EQ(c->oom_score_adj, -1000);
}

TEST(SummaryLine, AViewersCutLeavesThePathUnknown) {
  oomline::Summary a;
  // `less -S` chopped the line inside task_memcg and marked it with `>`.
  ASSERT_TRUE(oomline::parse_summary(
      "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice/app.slice/vte-s>", a));
  EXPECT_FALSE(a.task_memcg);
  EXPECT_TRUE(a.elided);
  EXPECT_TRUE(a.global_oom);
  oomline::Summary b;  // a whole line keeps its paths
  ASSERT_TRUE(oomline::parse_summary(
      "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice/a.scope,task=x,pid=1,uid=0", b));
  EXPECT_EQ(b.task_memcg, "/user.slice/a.scope");
  EXPECT_FALSE(b.elided);
}

// Corpus 120: task rows with no header before them (6.8+ columns), then the
// `oom-kill:` line cut at its first field. The summary line is printed only
// for the victim the killer chose: one incomplete report, every summary
// field unknown (the constraint too), the rows kept.
// Corpus 121: a translator spaced the pid (`pid= 2953 ,`) and turned `uid=`
// into `liquid=`: the pid is read whole, the uid is unknown.
TEST(SummaryLine, TranslatorsSpacesAroundThePid) {
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,"
                                     "global_oom,task_memcg=/,task=python,pid= 2953 , liquid=999", s));
  EXPECT_EQ(s.pid, 2953);
  EXPECT_EQ(s.task, "python");
  EXPECT_FALSE(s.uid);
  oomline::Summary t;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE,task=a,pid=29 53,uid=0", t));
  EXPECT_FALSE(t.pid);  // a space inside the number: which digits are the pid is unknown
}

TEST(SummaryLine, CutAtItsFirstFieldStillOpensTheReport) {
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:", s));
  EXPECT_FALSE(s.constraint);
  EXPECT_FALSE(s.pid);
  EXPECT_FALSE(s.global_oom);
  const std::string text =
      "[  134.428091] [   4076]  1000  4076 14983560 11204801 11203232     1569         0 118214656  3073656"
      "           200 mprime\n"
      "[  134.428093] [   4147]  1000  4147     2407     1523      415     1108         0    61440        0"
      "           200 bash\n"
      "[  134.428097] oom-kill:constraint=...\n";
  const OomEvent e = testing::one_event(text, ScanOptions{"t", 2024});
  EXPECT_EQ(e.kind, EventKind::incomplete);
  EXPECT_FALSE(e.constraint);
  ASSERT_EQ(e.tasks.size(), 2u);
  EXPECT_EQ(e.tasks[0].comm, "mprime");
  EXPECT_EQ(e.tasks[0].rss_anon_bytes, 11203232ull * 4096);
  EXPECT_EQ(e.tasks[0].oom_score_adj, 200);
  // Newest-first (`tac`): the rows follow the summary in the text; they run
  // toward it in print order, so they come out as forward.
  const OomEvent rev = testing::one_event(mangle::reverse_lines(text), ScanOptions{"t", 2024});
  ASSERT_EQ(rev.tasks.size(), 2u);
  EXPECT_EQ(rev.tasks[0].comm, "mprime");
  EXPECT_EQ(rev.tasks[1].comm, "bash");
}

// A header-less row a viewer cut (`…  8413 ...`) before the line that opens
// the report: its first four columns (uid, tgid, total_vm, rss, the same in
// every kernel) are known, the rest unknown, never read from the wrong column.
TEST(SummaryLine, AHeaderlessRowCutByAViewerKeepsItsFirstColumnsOnly) {
  const std::string text =
      "[  134.428096] [   4272]  1000  4272  8606431     9646     1223     8413        10   462848 ...\n"
      "[  134.428097] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/,task=mprime,pid=4076,uid=1000\n";
  const OomEvent e = testing::one_event(text, ScanOptions{"t", 2024});
  ASSERT_EQ(e.tasks.size(), 1u);
  const TaskRow& r = e.tasks[0];
  EXPECT_EQ(r.rss_bytes, 9646ull * 4096);
  EXPECT_EQ(r.total_vm_bytes, 8606431ull * 4096);
  EXPECT_FALSE(r.pgtables_bytes);
  EXPECT_FALSE(r.swap_bytes);
  EXPECT_FALSE(r.oom_score_adj);
}

TEST(HeaderLine, GfpMaskAsPrintedOrUnknown) {
  auto mask = [](std::string_view rest) {
    auto h = oomline::parse_header(std::string("a invoked oom-killer: gfp_mask=") + std::string(rest));
    return h ? h->gfp_mask : std::nullopt;
  };
  EXPECT_EQ(mask("0x14080c0(GFP_KERNEL|__GFP_ZERO), order=0"), "0x14080c0(GFP_KERNEL|__GFP_ZERO)");
  EXPECT_EQ(mask("0x14080c0(GFP_KERNEL|__GFP_ZE RO), order=0"), "0x14080c0(GFP_KERNEL|__GFP_ZERO)");  // a rejoined wrap
  EXPECT_EQ(mask("0x800d0order=0oom_score_adj=0"), "0x800d0");  // a page dropped the `, `
  EXPECT_EQ(mask("0xd0, order=0"), "0xd0");
  EXPECT_EQ(mask("0x15080c0(G...RNEL_ACCOUNT|__GFP_ZERO), order=1"), std::nullopt);  // a viewer's cut
  EXPECT_EQ(mask("0x15080c0(GFP_KE> RNEL_ACCOUNT), order=1"), std::nullopt);         // a quote's `>`
  EXPECT_EQ(mask("=3D0x140cc0, order=0"), std::nullopt);
}

TEST(Report, UnreliableFramesDoNotHideThePageAllocatorCaller) {
  // 3.10 x86: `?` frames (stale return addresses) between out_of_memory and its caller.
  const OomEvent e = testing::one_event("[1.0] squid invoked oom-killer: gfp_mask=0x42d0, order=3, oom_score_adj=0\n"
                                        "[1.1] CPU: 9 PID: 15533 Comm: squid Not tainted 3.10.24 #1\n"
                                        "[1.2] Call Trace:\n"
                                        "[1.3]  [<c04d36d2>] out_of_memory+0x92/0x250\n"
                                        "[1.4]  [<c04dd1fa>] ? wakeup_kswapd+0xda/0x120\n"
                                        "[1.5]  [<c04d6cee>] __alloc_pages_nodemask+0x68e/0x6a0\n");
  EXPECT_EQ(e.constraint, Constraint::global);
  // A reliable frame of another function between them leaves the caller unknown.
  const OomEvent other = testing::one_event("[1.0] a invoked oom-killer: gfp_mask=0x42d0, order=0, oom_score_adj=0\n"
                                            "[1.3]  [<c04d36d2>] out_of_memory+0x92/0x250\n"
                                            "[1.4]  [<c04dd1fa>] some_driver_alloc+0xda/0x120\n"
                                            "[1.5]  [<c04d6cee>] __alloc_pages_nodemask+0x68e/0x6a0\n");
  EXPECT_NE(other.constraint, Constraint::global);
}

TEST(StackLine, Variants) {
  auto a = oomline::parse_stack_line("CPU: 1 UID: 0 PID: 177370 Comm: test_zswap Kdump: loaded Not tainted 6.12.0 #1");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->pid, 177370);
  EXPECT_EQ(a->comm, "test_zswap");
  auto b = oomline::parse_stack_line("Pid: 15462, comm: t Not tainted 2.6.32-220.7.1.el6.x86_64 #1");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->pid, 15462);
  EXPECT_EQ(b->comm, "t");
  // The release after the taint words, as major and minor.
  EXPECT_EQ(a->release, (std::pair<int, int>(6, 12)));
  EXPECT_EQ(b->release, (std::pair<int, int>(2, 6)));
  auto c = oomline::parse_stack_line("CPU: 3 PID: 120669 Comm: JIT Compilation Not tainted 4.4.0-119-generic #143-Ubuntu");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->comm, "JIT Compilation");
  EXPECT_EQ(c->release, (std::pair<int, int>(4, 4)));
  auto d = oomline::parse_stack_line(
      "CPU: 2 PID: 5282 Comm: java Tainted: G    B          ------------ T 3.10.0-327.4.5.el7.x86_64 #1");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->release, (std::pair<int, int>(3, 10)));
  EXPECT_EQ(oomline::parse_stack_line("CPU: 7 PID: 64018 Comm: agentbeat Not tainted 6.1.75+ #1")->release,
            (std::pair<int, int>(6, 1)));
  // A line cut before the release (or a ≥6.x `Tainted: [P]=…` list on a line of its own) shows none.
  EXPECT_EQ(oomline::parse_stack_line("CPU: 0 PID: 1 Comm: init Tainted: P")->release, std::nullopt);
  EXPECT_EQ(oomline::parse_stack_line("CPU: 0 PID: 1 Comm: init")->release, std::nullopt);
}

// Issue 12 (blind set 13a, corpus 398): before Linux 4.8 a memcg OOM never called out_of_memory()
// (mem_cgroup_out_of_memory() killed through oom_kill_process() itself): a 4.4 trace through out_of_memory, cut
// before its caller, is a global OOM's. From 4.8 the memcg path runs out_of_memory() too: not determinable.
TEST(Report, OutOfMemoryFrameBefore48IsGlobal) {
  const std::string head = "[Fri Mar  2 11:34:55 2018] java invoked oom-killer: gfp_mask=0x24201ca, order=0, oom_score_adj=0\n"
                           "[Fri Mar  2 11:34:55 2018] CPU: 0 PID: 31758 Comm: java Not tainted ";
  const std::string trace = " #61-Ubuntu\n"
                            "[Fri Mar  2 11:34:55 2018] Call Trace:\n"
                            "[Fri Mar  2 11:34:55 2018]  [<ffffffff813fce53>] dump_stack+0x63/0x90\n"
                            "[Fri Mar  2 11:34:55 2018]  [<ffffffff8120d1ba>] dump_header+0x5a/0x1c5\n"
                            "[Fri Mar  2 11:34:55 2018]  [<ffffffff81193eb2>] oom_kill_process+0x202/0x3c0\n"
                            "[Fri Mar  2 11:34:55 2018]  [<ffffffff811942d9>] out_of_memory+0x219/0x460\n";
  auto old = parse_log_text(head + "4.4.0-1052-aws" + trace);
  ASSERT_EQ(old.size(), 1u);
  EXPECT_EQ(old[0].constraint, Constraint::global);
  bool noted = false;
  for (const auto& n : old[0].notes) noted = noted || n.find("before Linux 4.8") != std::string::npos;
  EXPECT_TRUE(noted);
  auto newer = parse_log_text(head + "4.9.0-3-amd64" + trace);
  ASSERT_EQ(newer.size(), 1u);
  EXPECT_EQ(newer[0].constraint, std::nullopt);
  // Only a reliable frame counts: `? out_of_memory` may be a stale return address.
  std::string unreliable = head + "4.4.0-1052-aws" + trace;
  unreliable.replace(unreliable.find("] out_of_memory+"), 2, "] ? ");
  auto q = parse_log_text(unreliable);
  ASSERT_EQ(q.size(), 1u);
  EXPECT_EQ(q[0].constraint, std::nullopt);
  // A memcg frame stands (3.10's mem_cgroup_oom_synchronize, a 4.4 trace's mem_cgroup_out_of_memory).
  auto memcg = parse_log_text(head + "4.4.0-1052-aws" + trace +
                              "[Fri Mar  2 11:34:55 2018]  [<ffffffff811f7f4a>] mem_cgroup_out_of_memory+0x2ba/0x2f0\n");
  ASSERT_EQ(memcg.size(), 1u);
  EXPECT_EQ(memcg[0].constraint, Constraint::memcg);
}

constexpr std::string_view kMemcgV2 = R"([  100.000001] node invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=969
[  100.000002] CPU: 3 PID: 4242 Comm: node Not tainted 6.8.0 #1
[  100.000003] memory: usage 1048576kB, limit 1048576kB, failcnt 12
[  100.000004] swap: usage 0kB, limit 9007199254740988kB, failcnt 0
[  100.000005] Memory cgroup stats for /k8s/pod1:
[  100.000006] anon 1040187392
               file 4096
               kernel 8192
[  100.000007] Tasks state (memory values in pages):
[  100.000008] [  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem pgtables_bytes swapents oom_score_adj name
[  100.000009] [   4242]     0  4242   262144   254000   253990       10         0  2097152        0           969 node
[  100.000010] [   4300]  1000  4300     1000      100      100        0         0    40960        0           969 Web Content
[  100.000011] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=pod1,mems_allowed=0,oom_memcg=/k8s/pod1,task_memcg=/k8s/pod1/c1,task=node,pid=4242,uid=0
[  100.000012] Memory cgroup out of memory: Killed process 4242 (node) total-vm:1048576kB, anon-rss:1015960kB, file-rss:40kB, shmem-rss:0kB, UID:0 pgtables:2048kB oom_score_adj:969
)";

TEST(Report, MemcgV2With68Table) {
  const OomEvent ev = testing::one_event(kMemcgV2);
  const auto& e = ev;
  EXPECT_EQ(e.kind, EventKind::kill);
  EXPECT_EQ(e.constraint, Constraint::memcg);
  EXPECT_EQ(e.constraint_printed, "CONSTRAINT_MEMCG");
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->pid, 4242);
  EXPECT_EQ(e.trigger->cpuset, "pod1");
  ASSERT_TRUE(e.memcg);
  EXPECT_EQ(e.memcg->oom_memcg, "/k8s/pod1");
  EXPECT_EQ(e.memcg->task_memcg, "/k8s/pod1/c1");
  EXPECT_EQ(e.memcg->limit_bytes, 1073741824u);
  EXPECT_EQ(e.memcg->limit_state, LimitState::limited);
  EXPECT_EQ(e.memcg->swap_limit_state, LimitState::unlimited);
  EXPECT_FALSE(e.memcg->swap_limit_bytes);
  EXPECT_EQ(e.memcg->hierarchy, "v2");
  ASSERT_EQ(e.memcg->stats.size(), 3u);
  EXPECT_EQ(e.memcg->stats[0], (std::pair<std::string, uint64_t>{"anon", 1040187392}));
  ASSERT_EQ(e.tasks.size(), 2u);
  EXPECT_EQ(e.tasks[0].rss_anon_bytes, 253990u * 4096);
  EXPECT_EQ(e.tasks[0].pgtables_bytes, 2097152u);
  EXPECT_EQ(e.tasks[1].comm, "Web Content");
  EXPECT_EQ(e.page_size_bytes, 4096u);
  EXPECT_FALSE(e.page_size_assumed);
  EXPECT_EQ(e.lines.first, 1u);
  EXPECT_EQ(e.lines.last, 14u);
  EXPECT_DOUBLE_EQ(*e.time.monotonic_s, 100.000001);
}

TEST(Report, MemcgCountersWithoutTheirHeaderAreAnIncompleteMemcgReport) {
  // An excerpt that starts after the header: `memory:` is printed only by
  // mem_cgroup_print_oom_meminfo(), inside a memcg OOM report.
  const OomEvent e = testing::one_event("[ 9.000001]  </TASK>\n"
                                        "[ 9.000002] memory: usage 40964kB, limit 40960kB, failcnt 172\n"
                                        "[ 9.000003] swap: usage 0kB, limit 9007199254740988kB, failcnt 0\n");
  EXPECT_EQ(e.kind, EventKind::incomplete);
  EXPECT_EQ(e.constraint, Constraint::memcg);
  ASSERT_TRUE(e.memcg);
  EXPECT_EQ(e.memcg->limit_bytes, 40960u * 1024);
  EXPECT_EQ(e.memcg->usage_bytes, 40964u * 1024);
  EXPECT_EQ(e.lines.first, 2u);
  // The same lines newest-first (`journalctl -r`), and a `memory:` line that is no counter.
  const OomEvent rev = testing::one_event("[ 9.000003] swap: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
                                          "[ 9.000002] memory: usage 40964kB, limit 40960kB, failcnt 172\n"
                                          "[ 9.000001]  </TASK>\n");
  EXPECT_EQ(rev.memcg->limit_bytes, 40960u * 1024);
  EXPECT_DOUBLE_EQ(*rev.time.monotonic_s, 9.000002);
  EXPECT_TRUE(parse("[ 1.0] memory: usage is high, see the limit\n").empty());
}

TEST(Report, PageSize64kInferredFromVictimRow) {
  const OomEvent e = testing::one_event(
      "[ 1.0] a invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[ 1.0] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[ 1.0] [    571]     0   571      571       10    65536        0             0 a\n"
      "[ 1.0] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/,task=a,pid=571,uid=0\n"
      "[ 1.0] Out of memory: Killed process 571 (a) total-vm:36544kB, anon-rss:640kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:64kB oom_score_adj:0\n");
  EXPECT_EQ(e.page_size_bytes, 65536u);
  EXPECT_EQ(e.tasks[0].rss_bytes, 10u * 65536);
  EXPECT_EQ(e.constraint, Constraint::global);
}

TEST(Report, SummarySplitAcrossRecordsAndCpusetConstraint) {
  const OomEvent e = testing::one_event(
      "x invoked oom-killer: gfp_mask=0x0, order=0, oom_score_adj=0\n"
      "oom-kill:constraint=CONSTRAINT_CPUSET,nodemask=0-1,3,cpuset=/,mems_allowed=0\n"
      ",global_oom,task_memcg=/,task=firewalld,pid=5096,uid=0\n"
      "Out of memory: Killed process 5096 (firewalld) total-vm:10kB, anon-rss:1kB, file-rss:0kB, shmem-rss:0kB\n");
  EXPECT_EQ(e.constraint, Constraint::cpuset);
  EXPECT_EQ(e.trigger->nodemask, "0-1,3");
}

TEST(Report, Constraint50MemcgBugUsesOomMemcg) {
  const OomEvent e = testing::one_event(
      "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/foo,task_memcg=/foo,task=a,pid=1,uid=0\n"
      "Memory cgroup out of memory: Killed process 1 (a) total-vm:1kB, anon-rss:1kB, file-rss:0kB, shmem-rss:0kB\n");
  EXPECT_EQ(e.constraint, Constraint::memcg);
}

TEST(Report, Legacy2632AndV1) {
  const OomEvent ev = testing::one_event(
      "t invoked oom-killer: gfp_mask=0x280da, order=0, oom_adj=0, oom_score_adj=0\n"
      "Pid: 15462, comm: t Not tainted 2.6.32-220.el6.x86_64 #1\n"
      "Task in /a/b killed as a result of limit of /a\n"
      "memory: usage 102400kB, limit 102400kB, failcnt 4\n"
      "memory+swap: usage 102400kB, limit 18014398509481983kB, failcnt 0\n"
      "Memory cgroup stats for /a: cache:4KB rss:102396KB\n"
      "Memory cgroup stats for /a/b: cache:0KB rss:10KB\n"
      "[ pid ]   uid  tgid total_vm      rss cpu oom_adj oom_score_adj name\n"
      "[15462]   500 15462    58345    12805   1       0             0 t\n"
      "Memory cgroup out of memory: kill process 15462 (t) score 1000 or a child\n"
      "Killed process 15462 (t)\n");
  const auto& e = ev;
  EXPECT_EQ(e.constraint, Constraint::memcg);
  EXPECT_EQ(e.trigger->oom_adj, 0);
  EXPECT_EQ(e.trigger->pid, 15462);
  EXPECT_EQ(e.memcg->oom_memcg, "/a");
  EXPECT_EQ(e.memcg->memsw_usage_bytes, 102400u * 1024);
  EXPECT_FALSE(e.memcg->memsw_limit_bytes);
  EXPECT_EQ(e.memcg->hierarchy, "v1");
  ASSERT_EQ(e.memcg->stats.size(), 2u);  // only the OOM memcg's own line
  EXPECT_EQ(e.memcg->stats[1].second, 102396u * 1024);
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].selected_score, 1000u);
  EXPECT_EQ(e.victims[0].oom_score_adj_source, "task_table");
  EXPECT_TRUE(e.page_size_assumed);
}

TEST(Report, SacrificeChildKeysOnKilledPid) {
  const OomEvent e = testing::one_event(
      "Out of memory: Kill process 24570 (java) score 0 or sacrifice child\n"
      "Killed process 28431 (java) total-vm:1kB, anon-rss:1kB, file-rss:0kB\n");
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].pid, 28431);
  EXPECT_FALSE(e.victims[0].selected_score);
  EXPECT_EQ(e.selected[0].pid, 24570);
  EXPECT_EQ(e.constraint, Constraint::global);
}

TEST(Report, ReaperAfterNextHeaderAttachesToEarlierVictim) {
  auto ev = parse(
      "[ 10.0] Out of memory: Killed process 7 (a) total-vm:1kB, anon-rss:1kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0\n"
      "[ 10.1] b invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[ 10.2] oom_reaper: reaped process 7 (a), now anon-rss:0kB, file-rss:4kB, shmem-rss:0kB\n"
      "[ 10.3] Out of memory: Killed process 8 (b) total-vm:1kB, anon-rss:1kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_TRUE(ev[0].victims[0].reaped);
  EXPECT_EQ(ev[0].victims[0].reaped->file_rss_bytes, 4096u);
  EXPECT_FALSE(ev[1].victims[0].reaped);
  EXPECT_EQ(ev[1].trigger->comm, "b");
}

TEST(Report, EarlyFivePointFourPgtablesInBytes) {
  const OomEvent e = testing::one_event(
      "Out of memory: Killed process 1 (a) total-vm:600000kB, anon-rss:1kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:1269760kB oom_score_adj:0\n");
  EXPECT_EQ(e.victims[0].pgtables_bytes, 1269760u);
  EXPECT_FALSE(e.notes.empty());
}

TEST(Report, ForeignAndInterleavedLines) {
  const OomEvent e = testing::one_event(
      "Jan 12 03:04:05 web1 dockerd[812]: Out of memory: Killed process 5 (x) total-vm:1kB\n"
      "Jan 12 03:04:05 web1 kernel: [ 5.0] a invoked oom-killer: gfp_mask=0x0, order=0, oom_score_adj=0\n"
      "Jan 12 03:04:05 web1 systemd[1]: Started session.\n"
      "Jan 12 03:04:05 web1 kernel: [ 5.1] Out of memory: Killed process 6 (y) total-vm:1kB, anon-rss:1kB, file-rss:0kB\n"
      "Jan 12 03:04:05 web1 kernel: [ 5.2] memory: usage 1kB, limit 1kB, failcnt 0 deprecated cgroup.event_control\n");
  EXPECT_EQ(e.victims[0].pid, 6);
  EXPECT_EQ(e.host, "web1");
}

TEST(Report, DmesgContinuationAndRsyslogMemInfo) {
  auto ev = parse(
      "[ 1.0] a invoked oom-killer: gfp_mask=0x0, order=0, oom_score_adj=0\n"
      "[ 1.0] Mem-Info:\n"
      "[ 1.0] active_anon:100 inactive_anon:50 isolated_anon:0\n"
      "        free:25 free_pcp:1 free_cma:0\n"
      "[ 1.0] Node 0 DMA: 1*4kB (U) 2*8kB = 20kB\n"
      "[ 1.0] Free swap  = 0kB\n"
      "[ 1.0] Total swap = 1024kB\n"
      "[ 1.0] 1000 pages RAM\n"
      "[ 1.0] Out of memory: Killed process 6 (y) total-vm:1kB, anon-rss:1kB, file-rss:0kB\n"
      "b invoked oom-killer: gfp_mask=0x0, order=0, oom_score_adj=0\n"
      "Mem-Info:\n"
      "active_anon:7 inactive_anon:1 isolated_anon:0#012 shmem:3 pagetables:2#012 free:9 free_pcp:0\n"
      "Out of memory: Killed process 7 (z) total-vm:1kB, anon-rss:1kB, file-rss:0kB\n");
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->free_bytes, 25u * 4096);
  EXPECT_EQ(ev[0].mem_info->active_anon_bytes, 100u * 4096);
  EXPECT_EQ(ev[0].mem_info->total_swap_bytes, 1024u * 1024);
  EXPECT_EQ(ev[0].mem_info->ram_bytes, 1000u * 4096);
  EXPECT_FALSE(ev[0].page_size_assumed);
  EXPECT_EQ(ev[1].mem_info->free_bytes, 9u * 4096);
  EXPECT_EQ(ev[1].mem_info->shmem_bytes, 3u * 4096);
  EXPECT_EQ(ev[1].constraint, Constraint::global);
}

TEST(Report, SysrqNoKillableAndPanic) {
  const OomEvent e = testing::one_event(
      "[ 1.0] sysrq: Manual OOM execution\n"
      "[ 1.0] kworker/0:1 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=-1, oom_score_adj=0\n"
      "[ 1.1] Out of memory and no killable processes...\n"
      "[ 9.0] Kernel panic - not syncing: Out of memory: system-wide panic_on_oom is enabled\n");
  EXPECT_TRUE(e.sysrq);
  EXPECT_EQ(e.kind, EventKind::no_killable);
  EXPECT_EQ(e.panic_message, "Out of memory: system-wide panic_on_oom is enabled");
  EXPECT_EQ(e.trigger->comm, "kworker/0:1");
}

TEST(Report, RecordsWithMeta) {
  std::vector<OomEvent> ev;
  ReportScanner s(ScanOptions{"kmsg", std::nullopt}, [&](OomEvent&& e) { ev.push_back(std::move(e)); });
  RecordMeta m;
  m.monotonic_s = 12.5;
  m.kmsg_seq = 99;
  s.feed_record("unrelated", m);
  s.feed_record("a invoked oom-killer: gfp_mask=0x0, order=0, oom_score_adj=0", m);
  m.kmsg_seq = 100;
  s.feed_record("Mem-Info:\nactive_anon:1 inactive_anon:2\n free:3", m);
  s.feed_record("Out of memory: Killed process 3 (a) total-vm:1kB, anon-rss:1kB, file-rss:0kB", m);
  s.finish();
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kmsg_seq, 99u);
  EXPECT_EQ(ev[0].source, "kmsg");
  EXPECT_EQ(ev[0].mem_info->free_bytes, 3u * 4096);
  EXPECT_EQ(s.lines_seen(), 6u);
}

TEST(Report, Linux24VmKillingProcessIsAKillWithoutPid) {
  // arch/*/mm/fault.c of 2.4: `VM: killing process <comm>`, no pid, no report: one event per line.
  std::vector<ParseWarning> w;
  auto ev = parse_log_text("__alloc_pages: 0-order allocation failed (gfp=0x1d2/0)\n"
                           "VM: killing process gammu-smsd\n"
                           "__alloc_pages: 0-order allocation failed (gfp=0x1d2/0)\n"
                           "killing process 27541 \"bash\" with signal 15: badness 550\n"  // earlyoom's: nothing
                           "VM: killing process gammu-smsd\n"
                           "VM: killing process my daemon\n"
                           "VM: killing processes\n",  // not the line
                           {}, &w);
  EXPECT_TRUE(w.empty());
  ASSERT_EQ(ev.size(), 3u);
  for (size_t i = 0; i < ev.size(); ++i) {
    EXPECT_EQ(ev[i].kind, EventKind::kill);
    EXPECT_EQ(ev[i].constraint, Constraint::global);  // 2.4: no memcg, cpuset or mempolicy
    ASSERT_EQ(ev[i].victims.size(), 1u);
    EXPECT_FALSE(ev[i].victims[0].pid.has_value()) << "unknown, never 0";
    EXPECT_FALSE(ev[i].trigger.has_value());
  }
  EXPECT_EQ(ev[0].victims[0].comm, "gammu-smsd");
  EXPECT_EQ(ev[0].lines.first, 2u);
  EXPECT_EQ(ev[1].victims[0].comm, "gammu-smsd");
  EXPECT_EQ(ev[1].lines.first, 5u);
  EXPECT_EQ(ev[2].victims[0].comm, "my daemon");
  for (const std::string& n : ev[0].notes) EXPECT_EQ(n.find("invoked oom-killer"), std::string::npos) << n;
}

TEST(Hostile, GarbageLongLinesTruncatedReports) {
  std::string g;
  for (int i = 0; i < 200000; ++i) g += static_cast<char>((i * 2654435761u) >> 13);
  EXPECT_NO_THROW((void)parse(g));
  std::string longline(3 << 20, 'K');
  longline += "illed process 1 (x)\nOut of memory: Killed process 2 (\xff\xfe) total-vm:1kB\n";
  // Fed in chunks, the 3 MiB line is cut at 1 MiB (with a warning) and loses its kill text.
  std::vector<OomEvent> ev;
  ReportScanner s(ScanOptions{}, [&](OomEvent&& e) { ev.push_back(std::move(e)); });
  for (size_t i = 0; i < longline.size(); i += 65536) s.feed_text(std::string_view(longline).substr(i, 65536));
  s.finish();
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "\xff\xfe");
  EXPECT_EQ(ev[0].victims[0].line, 2u);
  EXPECT_FALSE(s.warnings().empty());
  EXPECT_EQ(parse(longline).size(), 2u);  // one buffer: nothing is cut
  for (std::string_view cut : {"Out of memory: Killed process", "x invoked oom-killer:", "[ 1.0] [  pid  ]",
                               "Killed process 1 (", "oom-kill:", "Memory cgroup stats for ", "Task in "}) {
    EXPECT_NO_THROW((void)parse(cut));
  }
  auto odd = parse("Killed process 12 ((sd-pam)) total-vm:1kB, anon-rss:0kB, file-rss:0kB\n"
                   "Killed process 13 (kworker/0:1) total-vm:1kB\n");
  ASSERT_EQ(odd.size(), 2u);
  EXPECT_EQ(odd[0].victims[0].comm, "(sd-pam)");
  EXPECT_EQ(odd[1].victims[0].comm, "kworker/0:1");
  EXPECT_FALSE(odd[0].constraint);
}

}  // namespace
// A Tasks-state table of any length keeps its kMaxTaskRows largest rows
// (issue 21, item 3), in printed order, counting the rest.
TEST(Report, LongTaskTableKeepsTheLargestRows) {
  std::string log =
      "[ 50.0] worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[ 50.0] Tasks state (memory values in pages):\n"
      "[ 50.0] [  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem pgtables_bytes swapents "
      "oom_score_adj name\n";
  const size_t n = 3 * kMaxTaskRows + 7;
  uint64_t total = 0, kept_total = 0;
  for (size_t i = 0; i < n; ++i) {
    // Every third row is large: those (and the victim) are kept.
    const uint64_t rss = i == 500 ? 900000 : i % 3 == 0 ? 10000 + i : 10 + i % 7;
    total += rss;
    log += "[ 50.1] [" + std::to_string(2000 + i) + "]  1000 " + std::to_string(2000 + i) + " " +
           std::to_string(rss + 100) + " " + std::to_string(rss) + " " + std::to_string(rss) +
           " 0 0 65536 0 0 worker\n";
  }
  log += "[ 50.2] Out of memory: Killed process 2500 (worker) total-vm:" + std::to_string((900000 + 100) * 4) +
         "kB, anon-rss:3600000kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:64kB oom_score_adj:0\n";
  const auto evs = parse(log);
  ASSERT_EQ(evs.size(), 1u);
  const OomEvent& e = evs[0];
  ASSERT_EQ(e.tasks.size(), kMaxTaskRows);
  EXPECT_EQ(e.tasks_dropped, n - kMaxTaskRows);
  bool victim = false;
  for (size_t i = 0; i < e.tasks.size(); ++i) {
    if (i > 0) {
      EXPECT_LT(e.tasks[i - 1].pid, e.tasks[i].pid);  // printed order
    }
    victim = victim || e.tasks[i].pid == 2500;
    EXPECT_GE(*e.tasks[i].rss_bytes, 10000u * 4096);
    kept_total += *e.tasks[i].rss_bytes / 4096;
  }
  EXPECT_TRUE(victim);
  EXPECT_EQ(e.tasks_dropped_rss_bytes, (total - kept_total) * 4096);
  EXPECT_FALSE(e.page_size_assumed);
  bool noted = false;
  for (const auto& note : e.notes) noted = noted || note.find("task table:") != std::string::npos;
  EXPECT_TRUE(noted);
}

}  // namespace oomlens

namespace oomlens {
namespace {

TEST(Report, PrintkCallerIdsKeepAReportToItsTask) {
  // 241 (CONFIG_PRINTK_CALLER): another pid's line inside a report is not the report's, and the report
  // line of another task (a snipped paste) is the next report's: T20's header is a report of its own,
  // T30's no-killable line another.
  auto ev = parse_log_text(
      "[   71.10][ T10] a.out invoked oom-killer: gfp_mask=0x6200ca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0\n"
      "[   71.11][ T10] CPU: 1 PID: 10 Comm: a.out Not tainted 5.0.0 #1\n"
      "[   71.12][  T77] usb 1-1: new high-speed USB device number 3 using xhci_hcd\n"
      "[   71.13][ T10] Memory cgroup out of memory: Killed process 12 (a.out) total-vm:4kB, anon-rss:0kB, "
      "file-rss:0kB, shmem-rss:0kB\n"
      "[   71.14][ T54] oom_reaper: reaped process 12 (a.out), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n"
      "[   71.20][ T20] a.out invoked oom-killer: gfp_mask=0x7080c0(GFP_KERNEL_ACCOUNT|__GFP_ZERO), order=0, "
      "oom_score_adj=0\n"
      "[   99.60][ T30] Out of memory and no killable processes...\n");
  ASSERT_EQ(ev.size(), 3u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_TRUE(ev[0].victims[0].reaped);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->pid, 10);
  EXPECT_EQ(ev[1].kind, EventKind::incomplete);
  ASSERT_TRUE(ev[1].trigger);
  EXPECT_EQ(ev[1].trigger->gfp_mask, "0x7080c0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)");
  EXPECT_EQ(ev[2].kind, EventKind::no_killable);
  EXPECT_FALSE(ev[2].trigger);
}

TEST(Report, ASysrqReportIsPrintedByItsWorkerNotTheWriter) {
  // 73: `Manual OOM execution` is logged by the writer of /proc/sysrq-trigger, the report by a kworker.
  auto ev = parse_log_text(
      "[  844.96][ T3761] sysrq: Manual OOM execution\n"
      "[  844.97][ T3997] kworker/0:3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=-1, oom_score_adj=0\n"
      "[  844.98][ T3997] Out of memory: Killed process 500 (stress) total-vm:4kB, anon-rss:0kB, file-rss:0kB, "
      "shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  EXPECT_TRUE(ev[0].sysrq);
}

}  // namespace
}  // namespace oomlens
