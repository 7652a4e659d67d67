// Rules found by blind set 21a (issue 12: tests/corpus/721-732, the ordinary ML case), each on hand-written input
// shaped like the real report named per test.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "diagnose/explain.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(Blind21a, KillLineWhosePidTheWriterMaskedOrLeftOut) {
  // 731: `NNNN` where the pid was; 729: no pid at all, anon-rss cut by the writer.
  auto k = oomline::parse_kill("Out of memory: Killed process NNNN (python) total-vm:158493688kB anon-rss:1000kB");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->pid, 0);  // unknown
  EXPECT_EQ(k->comm, "python");
  EXPECT_EQ(k->anon_rss_kb, 1000u);
  EXPECT_EQ(k->message, std::optional<std::string>("Out of memory"));
  k = oomline::parse_kill("    Memory cgroup out of memory: Killed process (pt_data_worker) anon-rss:29603...");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->pid, 0);
  EXPECT_EQ(k->comm, "pt_data_worker");
  EXPECT_FALSE(k->anon_rss_kb);  // `29603...` is no figure
  EXPECT_TRUE(k->cut);
  ASSERT_TRUE(oomline::parse_kill("Out of memory: Killed process ... (java) total-vm:8530280kB, anon-rss:2080956kB"));
  // A template or prose prints no figure after the name: no kill line.
  EXPECT_FALSE(oomline::parse_kill("Out of memory: Killed process N (comm) total-vm:…kB, anon-rss:…kB"));
  EXPECT_FALSE(oomline::parse_kill("the kernel logs `Killed process (name)` and nothing more"));
  EXPECT_FALSE(oomline::parse_kill("Out of memory: Killed process NNNN (python)"));
  // A word that is no mask stays no pid.
  EXPECT_FALSE(oomline::parse_kill("Out of memory: Killed process pid (python) total-vm:1kB, anon-rss:1kB"));
}

TEST(Blind21a, MaskedPidKillIsAKillWithAnUnknownPidNotLinux24) {
  const auto ev = parse_log_text(
      "    oom-kill:constraint=CONSTRAINT_MEMCG ... task=pt_data_worker\n"
      "    Memory cgroup out of memory: Killed process (pt_data_worker) anon-rss:29603kB\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_FALSE(ev[0].victims[0].pid);
  EXPECT_EQ(ev[0].victims[0].comm, "pt_data_worker");
  EXPECT_EQ(ev[0].constraint, Constraint::memcg);

  const auto g = parse_log_text(
      "NVRM: Check failed: Out of memory [NV_ERR_NO_MEMORY] from _memdescAllocInternal\n"
      "Out of memory: Killed process NNNN (python) total-vm:158493688kB anon-rss:1000kB\n");
  ASSERT_EQ(g.size(), 1u);
  ASSERT_EQ(g[0].victims.size(), 1u);
  EXPECT_FALSE(g[0].victims[0].pid);
  EXPECT_EQ(g[0].victims[0].anon_rss_bytes, 1000u * 1024);
  const Explanation x = explain(g[0]);
  EXPECT_THAT(x.summary, Not(HasSubstr("2.4")));

  // Two masked kills of two tasks are two victims, not one kill line printed twice; the same one twice is one.
  const auto two = parse_log_text(
      "Memory cgroup out of memory: Killed process NNNN (python) total-vm:100kB, anon-rss:90kB\n"
      "Memory cgroup out of memory: Killed process NNNN (pt_data_worker) total-vm:100kB, anon-rss:80kB\n"
      "Memory cgroup out of memory: Killed process NNNN (pt_data_worker) total-vm:100kB, anon-rss:80kB\n");
  size_t victims = 0;
  for (const auto& e : two) victims += e.victims.size();
  EXPECT_EQ(victims, 2u);
}

}  // namespace
}  // namespace oomlens
