// A 5.0+ `oom-kill:constraint=…,task=X,pid=N,uid=U` summary line
// (mm/oom_kill.c: dump_oom_summary()) whose `Killed process` line is not in
// the text: an `incomplete` event that names the chosen task (OomEvent::
// chosen) and never claims a kill (issue 12), unless the reaper's line for
// that pid proves it. Hand-written input, with the mangled forms real pastes show.
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

const std::string kId = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

std::string summary_line(const std::string& oom_memcg_id, const std::string& pid_field) {
  return "[ 1234.567890] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,"
         "oom_memcg=/docker/" + oom_memcg_id + ",task_memcg=/docker/" + kId + ",task=java," + pid_field +
         ",uid=1000\n";
}

void expect_chosen_java(const OomEvent& e, std::optional<int64_t> pid) {
  EXPECT_EQ(e.kind, EventKind::incomplete);
  EXPECT_TRUE(e.victims.empty());
  EXPECT_TRUE(e.selected.empty());
  ASSERT_TRUE(e.chosen.has_value());
  EXPECT_EQ(e.chosen->pid, pid);
  EXPECT_EQ(e.chosen->comm, "java");
  EXPECT_EQ(e.chosen->uid, 1000u);
  EXPECT_EQ(e.constraint, Constraint::memcg);
  EXPECT_EQ(e.constraint_printed, "CONSTRAINT_MEMCG");
  ASSERT_TRUE(e.memcg.has_value());
  EXPECT_EQ(e.memcg->task_memcg, "/docker/" + kId);
}

TEST(ReportSummaryOnly, NamesTheChosenTaskWithoutAKill) {
  const OomEvent e = testing::one_event(summary_line(kId, "pid=2953"));
  expect_chosen_java(e, 2953);
  EXPECT_EQ(e.memcg->oom_memcg, "/docker/" + kId);
  bool noted = false;
  for (const auto& n : e.notes) noted = noted || n.find("its kill line is not in the text") != std::string::npos;
  EXPECT_TRUE(noted);
  const Explanation x = explain(e);
  EXPECT_NE(x.summary.find("chose java (pid 2953) to kill"), std::string::npos) << x.summary;
  EXPECT_NE(x.summary.find("the kill line (`Killed process …`) is not in the text"), std::string::npos) << x.summary;
  EXPECT_EQ(x.summary.find("was killed by"), std::string::npos) << x.summary;
  EXPECT_EQ(x.summary.find("global"), std::string::npos) << x.summary;
}

TEST(ReportSummaryOnly, GlobalSummary) {
  const OomEvent e = testing::one_event(
      "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice/user-1000.slice/session-2.scope,task=StreamTrans #72,pid=38055,"
      "uid=1000\n");
  EXPECT_EQ(e.kind, EventKind::incomplete);
  EXPECT_EQ(e.constraint, Constraint::global);
  ASSERT_TRUE(e.chosen.has_value());
  EXPECT_EQ(e.chosen->comm, "StreamTrans #72");  // a comm with a space and a '#'
  EXPECT_EQ(e.chosen->pid, 38055);
  EXPECT_NE(explain(e).summary.find("chose StreamTrans #72 (pid 38055) to kill"), std::string::npos);
}

TEST(ReportSummaryOnly, MangledSpacesInContainerIdAndAroundPid) {
  // A terminal's pad inside the 64-hex id, a single space a page left in it,
  // and spaces around the pid: the same facts as the clean line.
  const std::string padded = kId.substr(0, 20) + "    " + kId.substr(20);
  const std::string spaced = kId.substr(0, 33) + " " + kId.substr(33);
  for (const std::string& id : {padded, spaced}) {
    auto ev = parse_log_text(summary_line(id, "pid= 2953 "));
    ASSERT_EQ(ev.size(), 1u) << id;
    expect_chosen_java(ev[0], 2953);
    EXPECT_EQ(ev[0].memcg->oom_memcg, "/docker/" + kId) << id;
  }
}

TEST(ReportSummaryOnly, PadInsideThePidLeavesItUnknown) {
  const OomEvent e = testing::one_event(summary_line(kId, "pid=29  53"));
  expect_chosen_java(e, std::nullopt);  // never 29, 53 or 2953 read through a pad
  const Explanation x = explain(e);
  EXPECT_NE(x.summary.find("chose java to kill"), std::string::npos) << x.summary;
}

TEST(ReportSummaryOnly, WrappedBeforeTheTask) {
  // A mail client's wrap at `,task=` (the rest a `,`-led continuation).
  const OomEvent e = testing::one_event("[ 1234.567890] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,"
                                        "mems_allowed=0,oom_memcg=/docker/" + kId + ",task_memcg=/docker/" + kId + "\n"
                                        ",task=java,pid=2953,uid=1000\n");
  expect_chosen_java(e, 2953);
}

TEST(ReportSummaryOnly, WithItsKillLineItIsAKill) {
  const OomEvent e = testing::one_event(summary_line(kId, "pid=2953") +
                                        "[ 1234.567900] Memory cgroup out of memory: Killed process 2953 (java) total-vm:100kB, "
                                        "anon-rss:50kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:4kB oom_score_adj:0\n");
  EXPECT_EQ(e.kind, EventKind::kill);
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].pid, 2953);
  ASSERT_TRUE(e.chosen.has_value());
  EXPECT_EQ(e.chosen->pid, 2953);
  for (const auto& n : e.notes) EXPECT_EQ(n.find("kill line is not in the text"), std::string::npos) << n;
}

const std::string kReaper2953 =
    "[ 1234.600000] oom_reaper: reaped process 2953 (java), now anon-rss:0kB, file-rss:8kB, shmem-rss:0kB\n";

void expect_reaped_kill_without_sizes(const OomEvent& e) {
  EXPECT_EQ(e.kind, EventKind::kill);
  ASSERT_EQ(e.victims.size(), 1u);
  const Victim& v = e.victims[0];
  EXPECT_EQ(v.pid, 2953);
  EXPECT_EQ(v.comm, "java");
  EXPECT_EQ(v.uid, 1000u);
  // The kill line's figures were not printed: never a number made up for them.
  EXPECT_FALSE(v.total_vm_bytes || v.anon_rss_bytes || v.file_rss_bytes || v.shmem_rss_bytes || v.pgtables_bytes ||
               v.oom_score_adj || v.message || v.line);
  ASSERT_TRUE(v.reaped.has_value());
  EXPECT_EQ(v.reaped->anon_rss_bytes, 0u);
  EXPECT_EQ(v.reaped->file_rss_bytes, 8192u);
  EXPECT_EQ(v.reaped->shmem_rss_bytes, 0u);
  ASSERT_TRUE(e.chosen.has_value());
  EXPECT_EQ(e.chosen->pid, 2953);
}

TEST(ReportSummaryOnly, TheReaperOfTheChosenPidProvesTheKill) {
  // The reaper works only on a task the killer killed (wake_oom_reaper() from __oom_kill_process()).
  auto ev = parse_log_text(summary_line(kId, "pid=2953") + kReaper2953);
  ASSERT_EQ(ev.size(), 1u);
  expect_reaped_kill_without_sizes(ev[0]);
  bool noted = false;
  for (const auto& n : ev[0].notes) noted = noted || n.find("the OOM reaper reaped it") != std::string::npos;
  EXPECT_TRUE(noted);
  const Explanation x = explain(ev[0]);
  EXPECT_NE(x.summary.find("java (pid 2953) was killed"), std::string::npos) << x.summary;
  EXPECT_EQ(x.summary.find("is not in the text"), std::string::npos) << x.summary;
}

TEST(ReportSummaryOnly, TheReaperOfTheChosenPidNewestFirst) {
  // `journalctl -r`: the reaper line above the summary.
  auto ev = parse_log_text(kReaper2953 + summary_line(kId, "pid=2953"));
  ASSERT_EQ(ev.size(), 1u);
  expect_reaped_kill_without_sizes(ev[0]);
}

TEST(ReportSummaryOnly, TheReaperOfAnotherPidProvesNothing) {
  auto ev = parse_log_text(summary_line(kId, "pid=2953") +
                           "[ 1234.600000] oom_reaper: reaped process 2954 (java), now anon-rss:0kB, file-rss:8kB, "
                           "shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  expect_chosen_java(ev[0], 2953);
}

TEST(ReportSummaryOnly, AKillLineAfterTheReaperKeepsItsSizes) {
  // Lines interleaved out of order: the kill line still gives its figures, the reaper's stay on it.
  auto ev = parse_log_text(summary_line(kId, "pid=2953") + kReaper2953 +
                           "[ 1234.600001] Memory cgroup out of memory: Killed process 2953 (java) total-vm:100kB, "
                           "anon-rss:50kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:4kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, 50u * 1024);
  ASSERT_TRUE(ev[0].victims[0].reaped.has_value());
  EXPECT_EQ(ev[0].victims[0].reaped->file_rss_bytes, 8192u);
}

TEST(ReportSummaryOnly, NoTaskNoPidNoChosen) {
  // A summary cut before `task=` (a stump): nothing to name.
  const OomEvent e = testing::one_event("oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,"
                                        "oom_memcg=/docker/" + kId + ",task_memcg=/docker/" + kId + "\n");
  EXPECT_EQ(e.kind, EventKind::incomplete);
  EXPECT_FALSE(e.chosen.has_value());
}

}  // namespace
}  // namespace oomlens
