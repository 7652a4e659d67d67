// Rules found by blind set 9a (issue 12: tests/corpus/291-302), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Prefix, JournalMessageFieldIsTheRecordsText) {
  // 291: `journalctl -o verbose --output-fields=MESSAGE` (and -o export) print the text as `MESSAGE=`.
  NormalizedLine n;
  normalize_line("    MESSAGE=Memory cgroup out of memory: Killed process 7 (tail) total-vm:4296kB, anon-rss:60kB, "
                 "file-rss:516kB, shmem-rss:0kB, UID:0 pgtables:40kB oom_score_adj:0",
                 n);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_FALSE(n.continuation);
  EXPECT_EQ(n.text.substr(0, 29), "Memory cgroup out of memory: ");
  // The same words inside kernel text are no field.
  NormalizedLine t;
  normalize_line("[ 1.0] audit: MESSAGE=x", t);
  EXPECT_EQ(t.text, "audit: MESSAGE=x");
}

TEST(Report, JournalVerboseMemcgKillKeepsItsConstraint) {
  auto ev = parse_log_text(
      "Thu 2023-02-02 11:49:13.015489 CET [s=1d8f;i=10823659;b=796d;m=1f67;t=5f3b;x=e534]\n"
      "    MESSAGE=Memory cgroup out of memory: Killed process 2855014 (tail) total-vm:4296kB, anon-rss:60kB, "
      "file-rss:516kB, shmem-rss:0kB, UID:0 pgtables:40kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::memcg);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 2855014);
}

TEST(Prefix, LogExportColumnsBeforeTheKernelTagCell) {
  // 299: a Kibana table row (its later rows behind a `  | ` border): the time cell is the wall time.
  NormalizedLine k;
  normalize_line("  | Jun 25, 2021 @ 12:42:11.916 | kernel | [115559.166744] Memory cgroup out of memory: Killed "
                 "process 2 (envoy)",
                 k);
  EXPECT_TRUE(k.has_prefix);
  EXPECT_EQ(k.text, "Memory cgroup out of memory: Killed process 2 (envoy)");
  EXPECT_EQ(k.prefix.wall, "2021-06-25T12:42:11.916");
  ASSERT_TRUE(k.prefix.monotonic_s);
  EXPECT_DOUBLE_EQ(*k.prefix.monotonic_s, 115559.166744);
  // 301: scylla-cluster-tests' `RFC3339 host  !INFO | kernel: ` before a 6.x task row.
  NormalizedLine s;
  normalize_line("2025-07-08T10:52:57.620+00:00 node-1     !INFO | kernel: [   4884]   105  4884     1666       94"
                 "        0       94         0    53248       64             0 uuidd",
                 s);
  EXPECT_TRUE(s.has_prefix);
  EXPECT_EQ(s.prefix.wall, "2025-07-08T10:52:57.620+00:00");
  EXPECT_EQ(s.prefix.host, "node-1");
  EXPECT_EQ(s.text.substr(0, 10), "[   4884] ");
  // A `|` inside kernel text after a printk time is no column.
  NormalizedLine t;
  normalize_line("[ 1.0] x [a] | kernel | y", t);
  EXPECT_EQ(t.text, "x [a] | kernel | y");
}

TEST(Report, ExportOfSeveralHostsNewestFirstKeepsEachKillToItself) {
  // 299: newest first, each row from another machine (printk times far apart): a `Memory cgroup stats for`
  // line of one host is not the cgroup of another host's kill, before or after it.
  auto ev = parse_log_text(
      "Jun 25, 2021 @ 12:42:13.029 | kernel | [113782.638786] Memory cgroup out of memory: Killed process 1949510 "
      "(envoy) total-vm:3264844kB, anon-rss:18812kB, file-rss:30452kB, shmem-rss:4kB, UID:4294967294 pgtables:732kB "
      "oom_score_adj:0\n"
      "  | Jun 25, 2021 @ 12:42:12.104 | kernel | [115582.355745] Memory cgroup stats for /garden/good/db31:\n"
      "  | Jun 25, 2021 @ 12:42:11.916 | kernel | [115559.166744] Memory cgroup out of memory: Killed process 2009943 "
      "(envoy) total-vm:3264844kB, anon-rss:19012kB, file-rss:30712kB, shmem-rss:4kB, UID:4294967294 pgtables:740kB "
      "oom_score_adj:0\n");
  size_t kills = 0;
  for (const auto& e : ev) {
    if (e.victims.empty()) continue;
    ++kills;
    EXPECT_EQ(e.constraint, Constraint::memcg);
    EXPECT_FALSE(e.memcg && e.memcg->oom_memcg) << e.victims[0].comm;
  }
  EXPECT_EQ(kills, 2u);
}

TEST(Report, CpuLineWrappedAfterCommStillGivesTheTriggersPid) {
  // 294: syslog wrapped at 72 columns: `CPU: 5 PID: 910488 Comm:` then `Worker-31 Tainted: …` unprefixed.
  auto ev = parse_log_text(
      "May 24 07:45:12 h kernel: [5951404.966906] Worker-31 invoked oom-killer: "
      "gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0\n"
      "May 24 07:45:12 h kernel: [5951404.966911] CPU: 5 PID: 910488 Comm:\n"
      "Worker-31 Tainted: P           O      5.19.0-35-generic #36~22.04.1-Ubuntu\n"
      "May 24 07:45:12 h kernel: [5951404.966914] Call Trace:\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->pid, 910488);
  auto s = oomline::parse_stack_line("CPU: 5 PID: 910488 Comm:Worker-31 Tainted: P O 5.19.0 #36");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->comm, "Worker-31");
}

}  // namespace
}  // namespace oomlens
