// Rules found by blind set 15a (issue 12: tests/corpus/435-446), each on hand-written input shaped like the real
// report named per test.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/cgroup_owner.h"
#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::everything;  // the summary, checks and advice as one text (diagnose/event_fixtures.h)

using ::testing::HasSubstr;
using ::testing::Not;

// As `explain` reads a report: its cgroup's owner decoded from the path the kernel printed.
Explanation explained(OomEvent e) {
  if (e.memcg && !e.memcg->owner) {
    const auto& path = e.memcg->oom_memcg ? e.memcg->oom_memcg : e.memcg->task_memcg;
    if (path) e.memcg->owner = decode_cgroup_owner(*path);
  }
  return explain(e);
}

TEST(Blind15a, ReaperAfterAGrepedHeaderIsThatReportsKill) {
  // 438: `grep oom` keeps the header, a frame, the table header and the reaper; not `Killed process …`.
  auto ev = parse_log_text(
      "[594675.027262] python invoked oom-killer: gfp_mask=0x14200ca(GFP_HIGHUSER_MOVABLE), nodemask=(null), "
      "order=0, oom_score_adj=0\n"
      "[594675.027276]  oom_kill_process+0x220/0x440\n"
      "[594675.027361] [ pid ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[594677.436088] oom_reaper: reaped process 29918 (python), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 29918);
  EXPECT_EQ(ev[0].victims[0].comm, "python");
  EXPECT_FALSE(ev[0].victims[0].anon_rss_bytes.has_value());  // its kill line's sizes are not in the text
  ASSERT_TRUE(ev[0].victims[0].reaped.has_value());
  EXPECT_EQ(ev[0].victims[0].reaped->anon_rss_bytes, 0u);
  // The header is here; what tells the constraint (the trace, the memory lines) was filtered out.
  const std::string text = everything(explained(ev[0]));
  EXPECT_THAT(text, HasSubstr("not an excerpt or a filtered copy"));
  EXPECT_THAT(text, Not(HasSubstr("its header says whether")));
}

TEST(Blind15a, ReaperOfAnEarlierKillOrLateIsNotTheOpenReports) {
  // An earlier report's victim reaped after the next header: that victim's, not a kill of the next report.
  auto late = parse_log_text(
      "[100.000001] a invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[100.000002] Out of memory: Killed process 11 (big) total-vm:4000kB, anon-rss:3000kB, file-rss:0kB, "
      "shmem-rss:0kB\n"
      "[100.000003] b invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[100.500000] oom_reaper: reaped process 11 (big), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n");
  ASSERT_EQ(late.size(), 2u);
  EXPECT_EQ(late[0].kind, EventKind::kill);
  ASSERT_EQ(late[0].victims.size(), 1u);
  EXPECT_TRUE(late[0].victims[0].reaped.has_value());
  EXPECT_EQ(late[1].kind, EventKind::incomplete);
  EXPECT_TRUE(late[1].victims.empty());
  // A reaper stamped a minute after the header: another report's, whose lines are not in the text.
  auto far = parse_log_text(
      "[200.000001] b invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[260.000000] oom_reaper: reaped process 12 (other), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n");
  ASSERT_FALSE(far.empty());
  EXPECT_EQ(far[0].kind, EventKind::incomplete);
  EXPECT_TRUE(far[0].victims.empty());
}

TEST(Blind15a, AllocPagesMayOomFrameAloneIsTheAllocatorsOom) {
  // 435: a grep kept `oom_kill_process`, `? oom_evaluate_task` and `__alloc_pages_may_oom`, not out_of_memory.
  auto ev = parse_log_text(
      "[1644968.115316] node invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, "
      "oom_score_adj=0\n"
      "[1644968.115365]  oom_kill_process+0x118/0x280\n"
      "[1644968.115367]  ? oom_evaluate_task+0x155/0x1e0\n"
      "[1644968.115371]  __alloc_pages_may_oom+0x10b/0x1d0\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  // An unreliable frame of it says nothing.
  auto unreliable = parse_log_text(
      "[10.000001] node invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, "
      "oom_score_adj=0\n"
      "[10.000002]  oom_kill_process+0x118/0x280\n"
      "[10.000003]  ? __alloc_pages_may_oom+0x10b/0x1d0\n");
  ASSERT_EQ(unreliable.size(), 1u);
  EXPECT_FALSE(unreliable[0].constraint.has_value());
}

TEST(Blind15a, GlobalKillInADockerScopeAdvisesTheContainersLimit) {
  // 435: a global OOM's victim in docker-<id>.scope: the container reached no limit; set one where it is started.
  auto ev = parse_log_text(
      "[1314126.993871] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=docker-5452ab8a000db5d2a6305f699"
      "0387f92c064e692b3d972e42949de841a2eb405.scope,mems_allowed=0,global_oom,task_memcg=/system.slice/docker-"
      "5452ab8a000db5d2a6305f6990387f92c064e692b3d972e42949de841a2eb405.scope,task=python3,pid=2684,uid=0\n"
      "[1314126.993965] Out of memory: Killed process 2684 (python3) total-vm:18313196kB, anon-rss:12303860kB, "
      "file-rss:548kB, shmem-rss:0kB, UID:0 pgtables:25904kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  const std::string text = everything(explained(ev[0]));
  EXPECT_THAT(text, HasSubstr("python3 ran in a container that reached no limit of its own"));
  EXPECT_THAT(text, HasSubstr("`docker run --memory SIZE`"));
  EXPECT_THAT(text, HasSubstr("5452ab8a000d"));
  EXPECT_THAT(text, Not(HasSubstr("oomlens run --limit")));
  // A process in a systemd service keeps the generic advice.
  auto svc = parse_log_text(
      "[10.000001] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/system.slice/foo.service,task=foo,pid=77,uid=0\n"
      "[10.000002] Out of memory: Killed process 77 (foo) total-vm:18313196kB, anon-rss:12303860kB, file-rss:548kB, "
      "shmem-rss:0kB, UID:0 pgtables:25904kB oom_score_adj:0\n");
  ASSERT_EQ(svc.size(), 1u);
  EXPECT_THAT(everything(explained(svc[0])), Not(HasSubstr("ran in a container")));
}

}  // namespace
}  // namespace oomlens
