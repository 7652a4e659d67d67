// The reaper line's two parsers share one head with OpenVZ's kill line:
// `…<anchor>N (` then the comm (oom_lines.cpp pid_then_comm).
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

}  // namespace
}  // namespace oomlens::oomline
