// Rules found by blind set 24a (tests/corpus/865-876, ML training and inference jobs killed), each on hand-written
// input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(ElidedPrintkStamp, APostersBracketedDotsAreAStampOfUnknownTime) {
  // 871: notes quote a cgroup OOM with `[...]` for every printk stamp.
  NormalizedLine n;
  normalize_line("[...] memory: usage 524288kB, limit 524288kB, failcnt 27", n);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_EQ(n.text, "memory: usage 524288kB, limit 524288kB, failcnt 27");
  EXPECT_FALSE(n.prefix.monotonic_s);
  normalize_line("[\xE2\x80\xA6] Memory cgroup out of memory: Killed process 9931 (python)", n);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_EQ(n.text, "Memory cgroup out of memory: Killed process 9931 (python)");
  // Nothing after it, or a stamp after it, is no kernel text behind an elided stamp.
  normalize_line("[...]", n);
  EXPECT_FALSE(n.has_prefix);
  normalize_line("[...] [  12.000000] x", n);
  EXPECT_NE(n.text, "[  12.000000] x");
}

TEST(ElidedPrintkStamp, TheUsageLineBehindItIsTheKillsReport) {
  // 871: the memcg usage line, then the kill, both behind `[...]`: one report, at its 512 MiB limit; a second
  // report after it stays its own.
  const auto ev = parse_log_text(
      "[...] memory: usage 524288kB, limit 524288kB, failcnt 27\n"
      "[...] Memory cgroup out of memory: Killed process 9931 (python) total-vm:1000kB, anon-rss:900kB, "
      "file-rss:0kB, shmem-rss:0kB\n"
      "[...] memory: usage 1024kB, limit 1024kB, failcnt 3\n"
      "[...] Memory cgroup out of memory: Killed process 9932 (sh) total-vm:100kB, anon-rss:90kB, file-rss:0kB, "
      "shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_TRUE(ev[0].memcg);
  EXPECT_EQ(ev[0].memcg->limit_bytes, uint64_t{524288} * 1024);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 9931);
  ASSERT_TRUE(ev[1].memcg);
  EXPECT_EQ(ev[1].memcg->limit_bytes, uint64_t{1024} * 1024);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].pid, 9932);
}

TEST(CutSummaryAfterKill, ACutSummaryOfTheKillsConstraintIsTheKillsReport) {
  // 871: the writer put the memcg kill first, then a summary cut by `...` before its task=: one report.
  auto ev = parse_log_text(
      "Memory cgroup out of memory: Killed process 9931 (python) total-vm:1000kB, anon-rss:900kB, file-rss:0kB, "
      "shmem-rss:0kB\n"
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/a,task_memcg=...\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::memcg);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  // A cut summary whose constraint is not the kill message's (a global kill, then CONSTRAINT_MEMCG) is another
  // report's: two events, the kill's still global.
  ev = parse_log_text(
      "Out of memory: Killed process 10 (a) total-vm:1000kB, anon-rss:900kB, file-rss:0kB, shmem-rss:0kB\n"
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/a,task_memcg=...\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  // A whole summary naming another task after the kill stays a report of its own.
  ev = parse_log_text(
      "Memory cgroup out of memory: Killed process 10 (a) total-vm:1000kB, anon-rss:900kB, file-rss:0kB, "
      "shmem-rss:0kB\n"
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/a,task_memcg=/a,"
      "task=b,pid=11,uid=0\n");
  ASSERT_EQ(ev.size(), 2u);
}

}  // namespace
}  // namespace oomlens
