// Rules of fix12 (the corpus files left pending by blind set 21), each on hand-written input shaped like the real
// report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(OomLines, MaskedPidKillLineCutAfterItsNameIsAStump) {
  // 729: the writer left the pid out and cut the line inside anon-rss (`anon-rss:29603...`); the cut drops the
  // cut field, leaving the message and the name.
  const auto k = oomline::parse_kill_stump("Memory cgroup out of memory: Killed process (pt_data_worker)");
  ASSERT_TRUE(k.has_value());
  EXPECT_EQ(k->pid, 0);  // unknown
  EXPECT_EQ(k->comm, "pt_data_worker");
  EXPECT_EQ(k->message, "Memory cgroup out of memory");
  EXPECT_FALSE(k->anon_rss_kb);
  // Prose naming a process, without the kernel's message or with words after the name, is no kill.
  EXPECT_FALSE(oomline::parse_kill_stump("Killed process (pt_data_worker)"));
  EXPECT_FALSE(oomline::parse_kill_stump("Out of memory: Killed process (python) after the epoch"));
  EXPECT_FALSE(oomline::parse_kill_stump("Out of memory: Killed process (a_name_longer_than_15)"));

  const auto ev = parse_log_text(
      "    oom-kill:constraint=CONSTRAINT_MEMCG ... task=pt_data_worker\n"
      "    Memory cgroup out of memory: Killed process (pt_data_worker) anon-rss:29603...\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, std::nullopt);
  EXPECT_EQ(ev[0].victims[0].comm, "pt_data_worker");
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, std::nullopt);  // 29603 was cut: no figure
  // Written kill first, its summary after it (or the two read newest-first): one report.
  const auto kill_first = parse_log_text(
      "    Memory cgroup out of memory: Killed process (pt_data_worker) anon-rss:29603...\n"
      "    oom-kill:constraint=CONSTRAINT_MEMCG ... task=pt_data_worker\n");
  ASSERT_EQ(kill_first.size(), 1u);
  ASSERT_EQ(kill_first[0].victims.size(), 1u);
  EXPECT_EQ(kill_first[0].constraint, Constraint::memcg);
  // The same kill line after a second report keeps both reports' events.
  const auto two = parse_log_text(
      "[ 10.0] Memory cgroup out of memory: Killed process 4242 (python) total-vm:100kB, anon-rss:50kB, "
      "file-rss:0kB, shmem-rss:0kB\n"
      "    Memory cgroup out of memory: Killed process (pt_data_worker) anon-rss:29603...\n");
  ASSERT_EQ(two.size(), 2u);
}

TEST(Report, MaskedKillPidIsTheSummarysWhenItNamesTheSameTask) {
  // A writer's `Killed process NNNN (python)` (731's shape) after the report's own summary, which prints the pid.
  const std::string summary =
      "[ 50.1] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice,task=python,pid=81234,uid=1000\n";
  const std::string kill =
      "[ 50.2] Out of memory: Killed process NNNN (python) total-vm:158493688kB, anon-rss:1000kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:1000 pgtables:400kB oom_score_adj:0\n";
  const auto ev = parse_log_text(summary + kill);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 81234);
  // Without the summary the pid stays unknown.
  const auto alone = parse_log_text(kill);
  ASSERT_EQ(alone.size(), 1u);
  ASSERT_EQ(alone[0].victims.size(), 1u);
  EXPECT_EQ(alone[0].victims[0].pid, std::nullopt);
  // A summary naming another task gives no pid.
  std::string other = summary;
  other.replace(other.find("task=python"), 11, "task=java");
  const auto named_other = parse_log_text(other + kill);
  for (const auto& e : named_other) {
    for (const auto& v : e.victims) {
      if (v.comm == "python") {
        EXPECT_EQ(v.pid, std::nullopt);
      }
    }
  }
}

}  // namespace
}  // namespace oomlens
