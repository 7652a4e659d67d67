// Rules found by blind set 20d (issue 12: tests/corpus/709-720, how logs arrive), each on hand-written input
// shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::find;  // the one check lookup of the tests (diagnose/event_fixtures.h)

TEST(KillLine, ValueCutByAPagerIsUnknown) {
  // 710: `less -S` chopped the journal line inside UID's value and marked it `>`; the blog closed its code span.
  auto k = oomline::parse_kill(
      "Out of memory: Killed process 102026 (clang++) total-vm:2008036kB, anon-rss:991448kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:1>`");
  ASSERT_TRUE(k);
  EXPECT_TRUE(k->cut);
  EXPECT_FALSE(k->uid);  // 1, 10 or 1000: the digits before the mark are a prefix of the value
  EXPECT_EQ(k->shmem_rss_kb, 0u);
  auto adj = oomline::parse_kill(
      "Out of memory: Killed process 5 (a) total-vm:1kB, anon-rss:1kB, file-rss:0kB, shmem-rss:0kB, UID:0 "
      "pgtables:4kB oom_score_adj:9>");
  ASSERT_TRUE(adj);
  EXPECT_EQ(adj->uid, 0u);
  EXPECT_FALSE(adj->oom_score_adj);
  // 711: a shell string's closing quote after a whole line is no cut: the value stands.
  auto quoted = oomline::parse_kill(
      "Out of memory: Killed process 4049379 (python3) total-vm:2548304kB, anon-rss:2530376kB, file-rss:384kB, "
      "shmem-rss:0kB, UID:1000 pgtables:5036kB oom_score_adj:200'");
  ASSERT_TRUE(quoted);
  EXPECT_FALSE(quoted->cut);
  EXPECT_EQ(quoted->oom_score_adj, 200);
  EXPECT_EQ(quoted->uid, 1000u);
}


TEST(Report, TwoLinux24KillsOnOneSyslogLineAreTwoEventsAtTheLinesTime) {
  // 714: 2.4's `Out of Memory: Killed process N (comm).` ran into the next one, its raw `<3>` kept, then a BUG.
  ScanOptions opt;
  opt.default_year = 2000;  // syslog prints no year
  const auto ev = parse_log_text(
      "Nov  2 06:07:33 host01 kernel: Out of Memory: Killed process 148 (perl).<3>Out of Memory: Killed process "
      "198 (perl).kernel BUG at swap_state.c:60!\n"
      "Nov  2 06:07:33 host01 kernel: invalid operand: 0000\n",
      opt);
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 148);
  EXPECT_EQ(ev[1].victims[0].pid, 198);
  EXPECT_EQ(ev[1].victims[0].comm, "perl");
  // Printed on the same syslog line: the same time and host.
  ASSERT_TRUE(ev[1].time.wall);
  EXPECT_EQ(ev[1].time.wall, ev[0].time.wall);
  EXPECT_EQ(ev[1].host, "host01");
  // A `<N>` with no record's `)` before it splits nothing.
  EXPECT_EQ(parse_log_text("foo <3>Out of Memory: Killed process 7 (a).\n").size(), 1u);
}

TEST(Report, SwapLinesAGrepKeptAfterTheHeaderAreRead) {
  // 712: `journalctl -k | grep -E "invoked oom-killer|Free swap|…"`: the header, show_mem()'s two swap lines, the
  // summary and the kill.
  const auto ev = parse_log_text(
      "Jun 19 16:23:33 host01 kernel: chromium invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), "
      "order=0, oom_score_adj=200\n"
      "Jun 19 16:23:33 host01 kernel: Free swap  = 104kB\n"
      "Jun 19 16:23:33 host01 kernel: Total swap = 4194300kB\n"
      "Jun 19 16:23:33 host01 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=user.slice,"
      "mems_allowed=0,global_oom,task_memcg=/user.slice/a.scope,task=codescout,pid=2621226,uid=1000\n"
      "Jun 19 16:23:33 host01 kernel: Out of memory: Killed process 2621226 (codescout) total-vm:176941204kB, "
      "anon-rss:68726128kB, file-rss:2708kB, shmem-rss:0kB, UID:1000 pgtables:136028kB oom_score_adj:200\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->free_swap_bytes, 104u * 1024);
  EXPECT_EQ(ev[0].mem_info->total_swap_bytes, 4194300u * 1024);
  const Explanation x = explain(ev[0]);
  EXPECT_NE(find(x, "swap_exhausted"), nullptr);
}

TEST(Explain, RootCpusetAndNoNodemaskProveTheMachineRanOut) {
  // 715: a ≤4.18-style header (`nodemask=(null)`, `cpuset=/`) whose Mem-Info the poster elided (`***`):
  // constrained_alloc() had neither a mempolicy nor a cpuset to blame, CONSTRAINT_NONE.
  const std::string head =
      "Jan 28 19:03:04 host01 kernel: AliYunDun invoked oom-killer: gfp_mask=0x6200ca(GFP_HIGHUSER_MOVABLE), "
      "nodemask=(null), order=0, oom_score_adj=0\n";
  const std::string kill =
      "Jan 28 19:03:04 host01 kernel: Out of memory: Kill process 18665 (java) score 617 or sacrifice child\n"
      "Jan 28 19:03:04 host01 kernel: Killed process 18665 (java) total-vm:8446992kB, anon-rss:4905856kB, "
      "file-rss:0kB, shmem-rss:0kB\n";
  const auto ev = parse_log_text(head + "Jan 28 19:03:04 host01 kernel: AliYunDun cpuset=/ mems_allowed=0\n" + kill);
  ASSERT_EQ(ev.size(), 1u);
  const Explanation x = explain(ev[0]);
  EXPECT_NE(x.summary.find("the machine ran out of memory"), std::string::npos) << x.summary;
  // A named cpuset may limit the nodes: still hedged.
  const auto named = parse_log_text(head + "Jan 28 19:03:04 host01 kernel: AliYunDun cpuset=db mems_allowed=0\n" + kill);
  ASSERT_EQ(named.size(), 1u);
  const Explanation y = explain(named[0]);
  EXPECT_NE(y.summary.find("machine-wide or within a cpuset"), std::string::npos) << y.summary;
}

TEST(Report, TheCallTraceNoteSaysGlobalWhenTheHeaderRulesOutCpusetAndMempolicy) {
  // 127: a header-only report whose trace runs out_of_memory from the page allocator; its `cpuset=/` and
  // `nodemask=(null)` leave no cpuset or mempolicy limit, so the note agrees with "the machine ran out of memory".
  const std::string head = "[6028203.504587] mina invoked oom-killer: gfp_mask=0x14200ca(GFP_HIGHUSER_MOVABLE), "
                           "nodemask=(null), order=0, oom_score_adj=0\n";
  const std::string trace = "[6028203.504591] CPU: 9 PID: 5338 Comm: mina Not tainted 4.15.0-156-generic #163-Ubuntu\n"
                            "[6028203.504591] Call Trace:\n"
                            "[6028203.504601]  out_of_memory+0x116/0x4e0\n"
                            "[6028203.504602]  __alloc_pages_slowpath+0xa53/0xe00\n"
                            "[6028203.504606]  __alloc_pages_nodemask+0x29a/0x2c0\n";
  auto note_of = [](const std::vector<OomEvent>& ev) {
    for (const std::string& n : ev.at(0).notes)
      if (n.starts_with("constraint taken from the call trace")) return n;
    return std::string();
  };
  const auto root = parse_log_text(head + "[6028203.504588] mina cpuset=/ mems_allowed=0\n" + trace);
  ASSERT_EQ(root.size(), 1u);
  EXPECT_EQ(note_of(root), "constraint taken from the call trace (out_of_memory called by the page allocator) and "
                           "the header (`cpuset=/`, `nodemask=(null)`: no cpuset or mempolicy limit): global");
  const auto named = parse_log_text(head + "[6028203.504588] mina cpuset=db mems_allowed=0\n" + trace);
  ASSERT_EQ(named.size(), 1u);
  EXPECT_EQ(note_of(named), "constraint taken from the call trace (out_of_memory called by the page allocator: "
                            "global, or a cpuset/mempolicy limit)");
}

TEST(NewestFirst, ACodeFenceAfterTheKillIsAPastesBreak) {
  // 717 without its prefixes: the selection and its child's kill in one code block, then another block whose zone
  // line (show_mem(), printed before a kill) says nothing of this block's order: one report, read forward.
  const std::string kill =
      "```\n"
      "Out of memory: Kill process 1358 (netdata) score 1000 or sacrifice child\n"
      "Killed process 25236 (apps.plugin) total-vm:5012kB, anon-rss:0kB, file-rss:0kB\n";
  const auto ev = parse_log_text(kill + "```\n\n```\nlowmem_reserve[]: 0 2934 15972 15972 15972\n```\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 25236);
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 1358);
}

}  // namespace
}  // namespace oomlens
