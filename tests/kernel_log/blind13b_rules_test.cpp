// Rules found by blind set 13b (issue 12: tests/corpus/399-410), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Prefix, MarkdownBoldAroundPastedLinesGoes) {
  // 405: a poster wrapped the lines that mattered in `**`: the first line starts with it, the last ends with it.
  NormalizedLine n;
  normalize_line("**Mon Jan  5 10:00:00 2026 kern.info kernel: [  100.000001] oom-kill:constraint=CONSTRAINT_NONE",
                 n, std::nullopt);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_EQ(n.text, "oom-kill:constraint=CONSTRAINT_NONE");
  normalize_line("[  100.000002] Out of memory: Killed process 77 (worker) total-vm:400kB oom_score_adj:0** ", n,
                 std::nullopt);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_EQ(n.text, "Out of memory: Killed process 77 (worker) total-vm:400kB oom_score_adj:0");
  // Stars that are the kernel's own (lockdep) stay.
  normalize_line("[  100.000003] *** DEADLOCK ***", n, std::nullopt);
  EXPECT_EQ(n.text, "*** DEADLOCK ***");
}

TEST(Report, MarkdownBoldSummaryAndKillStayWithTheirRows) {
  // 405: rows, then the bold `oom-kill:` and kill lines: one report with its rows.
  auto ev = parse_log_text(
      "[  100.000001] [   7091]   453  7091     3745     3445     3392       53         0    73728        0             0 "
      "dnsmasq\n"
      "[  100.000002] [   1247]     0  1247   931644   218982   218982        0         0  7503872        0             0 "
      "worker\n"
      "**[  100.000003] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/,task=worker,pid=1247,uid=0\n"
      "[  100.000004] Out of memory: Killed process 1247 (worker) total-vm:3726576kB, anon-rss:875928kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:0 pgtables:7328kB oom_score_adj:0**\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  EXPECT_EQ(ev[0].tasks.size(), 2u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].oom_score_adj, 0);
}

TEST(Report, HeaderGluedAfterAShellPromptOnAConsole) {
  // 399: a serial console: the shell's prompt and a typed `lr`, then the kernel's header on the same line.
  auto ev = parse_log_text(
      "root@host01:/ lr[  947.876000] kworker/u:0 invoked oom-killer: gfp_mask=0xd0, order=1, oom_adj=0, "
      "oom_score_adj=0\n"
      "[  947.884000] Call Trace:[<8001c630>] 0x8001c630\n"
      "[  947.888000] [<802332e4>] 0x802332e4\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger.has_value());
  EXPECT_EQ(ev[0].trigger->comm, "kworker/u:0");
  EXPECT_EQ(ev[0].trigger->order, 1);
  ASSERT_TRUE(ev[0].time.monotonic_s.has_value());
  EXPECT_DOUBLE_EQ(*ev[0].time.monotonic_s, 947.876);
  // A `[...]` of the poster's before a header is no stamp: the line stays as it was (no comm found in it).
  auto note = parse_log_text("see [1] for why kworker/u:0 invoked oom-killer: gfp_mask=0xd0, order=1, oom_score_adj=0\n");
  for (const auto& e : note) {
    if (e.trigger) {
      EXPECT_NE(e.trigger->comm, "for");
    }
  }
}

TEST(Report, CpuLineWhoseCpuWordAConsoleDropped) {
  // 402: ` PID: 1 Comm: init Not tainted 6.6.73 #0` after init's header: the trigger's pid.
  auto s = oomline::parse_stack_line(" PID: 1 Comm: init Not tainted 6.6.73 #0");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->pid, 1);
  EXPECT_EQ(s->comm, "init");
  EXPECT_FALSE(oomline::parse_stack_line("PID: 12 is gone").has_value());
  auto ev = parse_log_text(
      "[   21.070512] init invoked oom-killer: gfp_mask=0x40cc0(GFP_KERNEL|__GFP_COMP), order=0, oom_score_adj=0\n"
      "[   21.078460]  PID: 1 Comm: init Not tainted 6.6.73 #0\n"
      "[   21.126445] Call Trace:\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger.has_value());
  EXPECT_EQ(ev[0].trigger->pid, 1);
}

TEST(Report, HeaderGluedAfterAShellPromptQuotedPrintable) {
  // 399 through a mail's quoted-printable encoding: the decoded line is a copy; the header still starts at its stamp.
  auto ev = parse_log_text(
      "Content-Transfer-Encoding: quoted-printable\n\n"
      "root@host01:/ lr[  947.876000] kworker/u:0 invoked oom-killer: gfp_mask=3D0xd0, order=3D1, oom_adj=3D0, =\n"
      "oom_score_adj=3D0\n"
      "[  947.884000] Call Trace:[<8001c630>] 0x8001c630\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger.has_value());
  EXPECT_EQ(ev[0].trigger->comm, "kworker/u:0");
  ASSERT_TRUE(ev[0].time.monotonic_s.has_value());
  EXPECT_DOUBLE_EQ(*ev[0].time.monotonic_s, 947.876);
}

TEST(Report, SacrificedChildKillThenItsSelectionNewestFirstByPrintkStamps) {
  // 404 read newest-first: the child's kill, then the parent's selection 254 µs earlier by their printk stamps:
  // one report (forward, the selection would be stamped after the kill).
  auto ev = parse_log_text(
      "[21305.344800] Killed process 4420 (helper) total-vm:1096kB, anon-rss:32kB, file-rss:0kB, shmem-rss:0kB\n"
      "[21305.344546] Out of memory: Kill process 2978 (daemon) score 1 or sacrifice child\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 2978);
  // Forward order: the kill ends one report, the selection stamped later starts the next.
  auto fwd = parse_log_text(
      "[21305.344546] Killed process 4420 (helper) total-vm:1096kB, anon-rss:32kB, file-rss:0kB, shmem-rss:0kB\n"
      "[21305.344800] Out of memory: Kill process 2978 (daemon) score 1 or sacrifice child\n");
  EXPECT_EQ(fwd.size(), 2u);
}

}  // namespace
}  // namespace oomlens
