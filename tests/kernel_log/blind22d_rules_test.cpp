// Rules found by blind set 22d (issue 12: tests/corpus/805-816, how logs arrive), each on hand-written input
// shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::find;

TEST(OomLines, ASelectionWrappedAfterKillIsRead) {
  // 808: Gmail wrapped `… Out of memory: Kill` / `process 19961 (python) score 17 or sacrifice child`; the rest is
  // appended without the space the wrap took.
  auto s = oomline::parse_select("Out of memory: Killprocess 19961 (python) score 17 or sacrifice child");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->pid, 19961);
  EXPECT_EQ(s->comm, "python");
  EXPECT_EQ(s->score, 17u);
  EXPECT_FALSE(s->legacy_badness);
  // Without a pid after it, `Killprocess` is no selection.
  EXPECT_FALSE(oomline::parse_select("Out of memory: Killprocess (python) score 17 or sacrifice child"));
}

TEST(OomLines, AReaperLineWrappedBeforeItsCommIsRead) {
  // 808: `oom_reaper: reaped process 3035` / `(oomprocs), now anon-rss:0kB, …`, joined without the space.
  auto r = oomline::parse_reaper("oom_reaper: reaped process 3035(oomprocs), now anon-rss:0kB, file-rss:0kB, "
                                 "shmem-rss:0kB");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->pid, 3035);
  EXPECT_EQ(r->comm, "oomprocs");
  EXPECT_EQ(r->anon_rss_kb, 0u);
  // A pid glued to a digit is no pid then a comm.
  EXPECT_FALSE(oomline::parse_reaper("oom_reaper: reaped process 30357, now anon-rss:0kB"));
}

TEST(Rejoin, AQuotedWrappedSelectionAndReaperJoinTheirReports) {
  // 808 as posted: `> > `-quoted syslog lines, each wrapped by the mail client.
  const auto ev = parse_log_text(
      "> > Nov 14 15:23:48 host01 kernel: [337631.991218] Out of memory: Kill\n"
      "> > process 19961 (python) score 17 or sacrifice child\n"
      "> > Nov 14 15:23:48 host01 kernel: [337631.991237] Killed process 31357\n"
      "> > (sh) total-vm:5400kB, anon-rss:252kB, file-rss:4kB, shmem-rss:0kB\n"
      "> > Jul 22 10:42:40 host02 kernel: Out of memory: Killed process 3035\n"
      "> > (oomprocs) total-vm:1056800kB, anon-rss:8kB, file-rss:4kB,\n"
      "> > shmem-rss:0kB\n"
      "> > Jul 22 10:42:40 host02 kernel: oom_reaper: reaped process 3035\n"
      "> > (oomprocs), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 19961);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 31357);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_TRUE(ev[1].victims[0].reaped);
}

TEST(GroupKill, TheVictimKilledAgainAfterOthersIsOneGroupKill) {
  // 812: rsyslog's RFC 3339 stamps to the microsecond; the `Tasks in … memory.oom.group set` line is not in the text,
  // but the victim's kill line comes again after tini's: one OOM whose group was killed.
  const std::string head =
      "2026-09-02T09:08:50.880492+00:00 host01 kernel: MainThread invoked oom-killer: "
      "gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=934\n"
      "2026-09-02T09:08:50.903135+00:00 host01 kernel: oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),"
      "cpuset=cri-containerd-cabbede.scope,mems_allowed=0,oom_memcg=/kubepods.slice/pod1.slice,"
      "task_memcg=/kubepods.slice/pod1.slice/cri-containerd-cabbede.scope,task=MainThread,pid=268654,uid=10001\n";
  const std::string victim =
      " host01 kernel: Memory cgroup out of memory: Killed process 268654 (MainThread) total-vm:2011236kB, "
      "anon-rss:567484kB, file-rss:20608kB, shmem-rss:0kB, UID:10001 pgtables:16572kB oom_score_adj:934\n";
  const std::string tini =
      "2026-09-02T09:08:50.903138+00:00 host01 kernel: Memory cgroup out of memory: Killed process 235173 (tini) "
      "total-vm:2568kB, anon-rss:0kB, file-rss:1024kB, shmem-rss:0kB, UID:10001 pgtables:48kB oom_score_adj:934\n";
  const auto ev = parse_log_text(head + "2026-09-02T09:08:50.903136+00:00" + victim + tini +
                                 "2026-09-02T09:08:50.903139+00:00" + victim);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 2u);
  EXPECT_EQ(ev[0].victims[0].pid, 268654);
  EXPECT_EQ(ev[0].victims[0].printed_twice, true);
  EXPECT_EQ(ev[0].victims[1].pid, 235173);
  EXPECT_NE(find(explain(ev[0]), "multi_kill"), nullptr);
  // A quote of the victim's kill keeps its first stamp, before tini's: no group kill, tini a kill of its own.
  const auto quoted = parse_log_text(head + "2026-09-02T09:08:50.903136+00:00" + victim + tini +
                                     "2026-09-02T09:08:50.903136+00:00" + victim);
  ASSERT_EQ(quoted.size(), 2u);
  EXPECT_EQ(quoted[0].victims.size(), 1u);
  // Another OOM's kill of another task with a header of its own, then the victim's again: nothing folded.
  const auto second = parse_log_text(head + "2026-09-02T09:08:50.903136+00:00" + victim +
                                     "2026-09-02T09:08:50.903137+00:00 host01 kernel: tini invoked oom-killer: "
                                     "gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=934\n" +
                                     tini + "2026-09-02T09:08:50.903139+00:00" + victim);
  ASSERT_GE(second.size(), 2u);
  EXPECT_EQ(second[0].victims.size(), 1u);
}

}  // namespace
}  // namespace oomlens
