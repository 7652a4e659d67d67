// Rules found by blind set 24c (issue 12: tests/corpus/889-900, rare causes and architectures), each on hand-written
// input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(BareHeaderStump, OpensTheReportItsNextLineOpens) {
  // 889: a poster's fenced stump `ycsb_bench-arbi invoked oom-killer` (no prefix, no fields), then the summary.
  const std::string stump = "ycsb_bench-arbi invoked oom-killer\n";
  const std::string summary =
      "oom-kill:constraint=CONSTRAINT_MEMORY_POLICY,nodemask=1,cpuset=/,mems_allowed=0-1,global_oom\n";
  auto ev = parse_log_text("```text\n" + stump + summary + "```\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "ycsb_bench-arbi");
  EXPECT_EQ(ev[0].constraint, Constraint::mempolicy);
  // So before a kill line.
  ev = parse_log_text(stump + "Out of memory: Killed process 77 (ycsb) total-vm:100kB, anon-rss:90kB, file-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "ycsb_bench-arbi");
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 77);
  // A line apart (a blank, prose), or after the summary (read newest-first), it is no header: no trigger, no event.
  for (const std::string& text : {stump + "\n" + summary, stump + "and then\n" + summary, summary + stump}) {
    ev = parse_log_text(text);
    ASSERT_EQ(ev.size(), 1u) << text;
    EXPECT_FALSE(ev[0].trigger) << text;
  }
  // Alone, it names no trigger; a second report after the first keeps its own header.
  for (const auto& e : parse_log_text(stump)) EXPECT_FALSE(e.trigger);
  ev = parse_log_text(stump + summary +
                      "Out of memory: Killed process 8 (ycsb) total-vm:10kB, anon-rss:9kB, file-rss:0kB\n"
                      "sh invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
                      "Out of memory: Killed process 9 (sh) total-vm:10kB, anon-rss:9kB, file-rss:0kB\n");
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_TRUE(ev[0].trigger && ev[1].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "ycsb_bench-arbi");
  EXPECT_EQ(ev[1].trigger->comm, "sh");
}

TEST(KillLine, WithoutItsNameKeepsPidAndFigures) {
  // 891: `Out of memory: Killed process 1044797 total-vm:944314492kB anon-rss:593333608kB`, copied without `(comm)`.
  const auto k = oomline::parse_kill("Out of memory: Killed process 1044797 total-vm:944314492kB anon-rss:593333608kB");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->pid, 1044797);
  EXPECT_EQ(k->comm, "");
  EXPECT_EQ(k->total_vm_kb, 944314492u);
  EXPECT_EQ(k->anon_rss_kb, 593333608u);
  EXPECT_FALSE(k->cut);
  // Prose that names a killed process has no figure straight after its pid.
  EXPECT_FALSE(oomline::parse_kill("Killed process 1044797 and then total-vm:1kB"));
  EXPECT_FALSE(oomline::parse_kill("Killed process 1044797 total-vm: lots"));
}

TEST(KillLine, WithoutItsNameTakesTheSummarysTask) {
  // 891: the condensed summary before it names the victim (`task=VLLM::EngineCor`, no pid).
  const std::string summary = "oom-kill: constraint=CONSTRAINT_MEMORY_POLICY, nodemask=7, task=VLLM::EngineCor\n";
  const std::string kill = "Out of memory: Killed process 1044797 total-vm:944314492kB anon-rss:593333608kB\n";
  auto ev = parse_log_text(summary + kill);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 1044797);
  EXPECT_EQ(ev[0].victims[0].comm, "VLLM::EngineCor");
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, 593333608ull * 1024);
  // Newest-first (the kill, then the summary printed before it), one report still.
  ev = parse_log_text(kill + summary);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "VLLM::EngineCor");
  // A summary that prints another pid is another task's: the name stays unknown.
  ev = parse_log_text("oom-kill:constraint=CONSTRAINT_NONE,task=python,pid=5,uid=0\n" + kill);
  ASSERT_FALSE(ev.empty());
  for (const auto& e : ev)
    for (const auto& v : e.victims)
      if (v.pid == 1044797) {
        EXPECT_EQ(v.comm, "");
      }
  // Alone it is a kill of an unnamed task.
  ev = parse_log_text(kill);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "");
}

TEST(Panic, QuotedByAWriterEndsAtItsClosingQuote) {
  // 900: crash's system info quotes the panic string, then prints `PID:` and `COMMAND:` lines, indented.
  const std::string text =
      "    MEMORY: 2 GB\n"
      "    PANIC: \"Kernel panic - not syncing: Out of memory: system-wide panic_on_oom is enabled\"\n"
      "    PID: 2359\n"
      "    COMMAND: \"stress\"\n";
  auto ev = parse_log_text(text);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].panic_message, std::string("Out of memory: system-wide panic_on_oom is enabled"));
  // A quote the line did not open is kept as read; a code span's closes too.
  ev = parse_log_text("[ 1.0] Kernel panic - not syncing: Out of memory: system-wide panic_on_oom is enabled\"\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].panic_message, std::string("Out of memory: system-wide panic_on_oom is enabled\""));
  ev = parse_log_text("`Kernel panic - not syncing: Out of memory: system-wide panic_on_oom is enabled`\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].panic_message, std::string("Out of memory: system-wide panic_on_oom is enabled"));
}

}  // namespace
}  // namespace oomlens
