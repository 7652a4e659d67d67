// The reaper line's two parsers share one head with OpenVZ's kill line:
// `…<anchor>N (` then the comm (oom_lines_kill.cpp pid_then_comm).
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"

namespace oomlens::oomline {
namespace {

TEST(ReaperLine, WholeAndCutBeforeItsFigures) {
  const auto r = parse_reaper("oom_reaper: reaped process 4803 (java), now anon-rss:0kB, file-rss:4kB, shmem-rss:0kB");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->pid, 4803);
  EXPECT_EQ(r->comm, "java");
  EXPECT_EQ(r->file_rss_kb, 4u);
  EXPECT_EQ(parse_reaper("oom_reaper: reaped process 4803 (ja"), std::nullopt);  // cut: no `), now `
  EXPECT_EQ(parse_reaper_cut("oom_reaper: reaped process 4803 (ja"), 4803);
  EXPECT_EQ(parse_reaper_cut("[ 12.5] oom_reaper: reaped process 4803 ("), 4803);
  EXPECT_EQ(parse_reaper_cut("oom_reaper: reaped process 48"), std::nullopt);  // the pid may be cut: unknown
  EXPECT_EQ(parse_reaper_cut("oom_reaper: reaped process (java)"), std::nullopt);
}

TEST(ReaperLine, OpenVzKillLineKeepsItsPidCommAndMessage) {
  const auto k = parse_kill("Out of memory in UB 1234: OOM killed process 21738 (php-cgi) score 0 vm:281988kB, "
                            "rss:17004kB, swap:0kB");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->pid, 21738);
  EXPECT_EQ(k->comm, "php-cgi");
  EXPECT_EQ(k->score, 0u);
  EXPECT_EQ(k->total_vm_kb, 281988u);
  EXPECT_EQ(k->message, "Out of memory in UB 1234");
  EXPECT_EQ(parse_kill("OOM killed process 21738 php-cgi score 0 vm:1kB"), std::nullopt);  // no ` (`
}

// OpenVZ's kernels before 042stab print no score: oom_kill_task() `OOM killed process %d (%s) vm:%lukB, rss:%lukB,
// swap:%lukB` after oom_kill_process()'s `%s: kill process %d (%s) or a child` (their mm/oom_kill.c).
TEST(ReaperLine, OpenVzKillLineWithoutAScore) {
  const auto k = parse_kill("OOM killed process 2100 (php-cgi) vm:281988kB, rss:17004kB, swap:0kB");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->pid, 2100);
  EXPECT_EQ(k->comm, "php-cgi");
  EXPECT_EQ(k->score, std::nullopt);  // printed on no line: unknown, never 0
  EXPECT_EQ(k->total_vm_kb, 281988u);
  EXPECT_EQ(k->anon_rss_kb, std::nullopt);  // rss is anon + file together
  EXPECT_EQ(k->message, std::nullopt);
  const auto spaced = parse_kill("OOM killed process 812 (Web Content) vm:1kB, rss:1kB, swap:0kB");
  ASSERT_TRUE(spaced);
  EXPECT_EQ(spaced->comm, "Web Content");
  // The `vm:` tail right after the comm is required: prose, or a `)` past TASK_COMM_LEN, is no kill line.
  EXPECT_EQ(parse_kill("then the kernel killed process 2592 (mysql) and the site went down"), std::nullopt);
  EXPECT_EQ(parse_kill("OOM killed process 2100 (php-cgi) at last, vm:1kB"), std::nullopt);
  EXPECT_EQ(parse_kill("OOM killed process 2100 (a comm far too long) vm:1kB"), std::nullopt);
}

TEST(ReaperLine, OpenVzSelectionWithoutAScore) {
  const auto s = parse_select("Out of memory: kill process 2100 (php-cgi) or a child");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->pid, 2100);
  EXPECT_EQ(s->comm, "php-cgi");
  EXPECT_EQ(s->score, std::nullopt);
  EXPECT_EQ(s->message, "Out of memory");
  // Only as the line's end, the comm within TASK_COMM_LEN.
  EXPECT_EQ(parse_select("Out of memory: kill process 2100 (php-cgi) or a child of it, said the admin"), std::nullopt);
  EXPECT_EQ(parse_select("we had to kill process 2100 (a comm far too long) or a child"), std::nullopt);
}

}  // namespace
}  // namespace oomlens::oomline
