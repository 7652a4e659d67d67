// What `explain` says, audited a second time against the cause an expert reads in the report (issue 12, points
// 8-10): each test builds the event of one class of real report (corpus file numbers in the comments).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

// Second audit (issue 12, points 8-10). Corpus 167 (QueryPipelineEx, pid 20423, chosen; clickhouse-serv, pid 1295,
// killed), 25, 327 (in:imjournal, 663, chosen; rsyslogd, 653, killed): a kill line whose pid is lower than the
// selection's is no child the chosen task forked (a child's pid is higher): the chosen task was a thread, and the
// kill line names its process (or a child of that process). "sacrificed in place of" was wrong there.
TEST(AuditWording2, KilledPidBelowTheSelectedIsTheChosenThreadsProcessNotASacrificedChild) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::memcg)
                   .selected(Selected{20423, "QueryPipelineEx", 1008, "Memory cgroup out of memory"})
                   .victim(VictimOf(1295, "clickhouse-serv").rss(32828748 * KiB, 10494108 * KiB, 51264 * KiB, 0));
  {
    const Explanation x = explain(e);
    EXPECT_THAT(x.summary, HasSubstr("clickhouse-serv (pid 1295), the process of the chosen task QueryPipelineEx (pid "
                                     "20423, badness score 1008) or a child of that process, was killed"));
    EXPECT_THAT(x.summary, Not(HasSubstr("sacrificed")));
  }
  e.victims[0].pid = 20500;  // a higher pid: a child, as before
  EXPECT_THAT(explain(e).summary, HasSubstr("clickhouse-serv (pid 20500), sacrificed in place of QueryPipelineEx (pid "
                                            "20423) with badness score 1008, was killed"));

  // vm.oom_kill_allocating_task: the allocating thread is chosen, its process is killed; no "kept its memory".
  OomEvent a = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .selected(Selected{663, "in:imjournal", 0, "Out of memory (oom_kill_allocating_task)"})
                   .victim(VictimOf(653, "rsyslogd")
                               .rss(308640 * KiB, 340 * KiB, 0, 156 * KiB)
                               .message("Out of memory (oom_kill_allocating_task)"));
  const Explanation x = explain(a);
  EXPECT_THAT(x.summary, HasSubstr("rsyslogd (pid 653), the process of the chosen task in:imjournal (pid 663) or a "
                                   "child of that process, was killed"));
  const Check* c = find(x, "oom_kill_allocating_task");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("killed rsyslogd (pid 653): a lower pid, so not a child it forked but the process "
                                    "that thread belongs to, or a child of that process."));
  EXPECT_EQ(find(x, "sacrificed_child_held_little"), nullptr);

  // Chosen, no kill line: its score 0 is no badness score and is not quoted.
  OomEvent s = EventOf(EventKind::selected_no_kill)
                   .constraint(Constraint::global)
                   .selected(Selected{23241, "node", 0, "Out of memory (oom_kill_allocating_task)"});
  EXPECT_THAT(explain(s).summary, Not(HasSubstr("score 0")));
  s.selected[0].message = "Out of memory";
  s.selected[0].score = 412;
  EXPECT_THAT(explain(s).summary, HasSubstr("(score 412)"));
}

// Corpus 307 (RHEL 7, kworker's usermodehelper exec, two -1000 rows of 1.4 MiB together) and 240 (a crio cgroup
// whose table lists node at oom_score_adj 999 beside two -1000 conmon rows): "List the processes with
// oom_score_adj -1000 ... Let one of them be killable or give them less memory" fought the rows. Rows that held
// little point outside processes; a listed row that is not -1000 was passed over for another reason.
TEST(AuditWording2, NoKillableAdviceWeighsTheRowsShown) {
  const Trigger kworker{"kworker/u176:4", 3578, std::nullopt, std::nullopt, std::nullopt, std::nullopt,
                        std::nullopt,     std::nullopt, std::nullopt};
  OomEvent e = EventOf(EventKind::no_killable)
                   .constraint(Constraint::global)
                   .panic("Out of memory and no killable processes...")
                   .trigger(kworker)
                   .task(TaskOf(1799, "sshd").rss(980 * KiB).adj(-1000))
                   .task(TaskOf(29219, "systemd-udevd").rss(504 * KiB).adj(-1000));
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "no_killable_task");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(advice(x), HasSubstr("The 2 tasks listed held 1.4 MiB RSS together and the report prints no RAM: above "
                                     "144.9 MiB, making them killable would free little"));
    EXPECT_THAT(advice(x), HasSubstr("Mem-Info (slab, shmem and tmpfs, hugetlb, reserved and CMA pages)"));
    EXPECT_THAT(advice(x), Not(HasSubstr("List the processes with oom_score_adj -1000")));
  }
  MemInfo mi;
  mi.ram_bytes = 8 * GiB;
  e.mem_info = mi;  // the RAM known: the share
  EXPECT_THAT(advice(explain(e)), HasSubstr("The 2 tasks listed held 1.4 MiB RSS together, 0 % of RAM (8.0 GiB): "
                                            "making them killable would free little."));
  e.tasks[0].rss_bytes = 6 * GiB;  // they held most of it: make one killable
  EXPECT_THAT(advice(explain(e)), HasSubstr("List the processes with oom_score_adj -1000"));

  OomEvent m = EventOf(EventKind::no_killable)
                   .constraint(Constraint::memcg)
                   .memcg(MemcgOf().limited(21280 * KiB, 204800 * KiB))
                   .task(TaskOf(1611298, "conmon").rss(635 * 4096ull).adj(-1000))
                   .task(TaskOf(1702509, "conmon").rss(701 * 4096ull).adj(-1000))
                   .task(TaskOf(1703345, "node").rss(0).adj(999));
  const std::string a = advice(explain(m));
  EXPECT_THAT(a, HasSubstr("Not every task listed was protected (oom_score_adj above -1000 in 1 of the 3 rows: node "
                           "(pid 1703345, oom_score_adj 999)), yet the kernel killed none."));
  EXPECT_THAT(a, Not(HasSubstr("give them less memory")));
}

// Corpus 243: Ray's idle worker (oom_score_adj 1000, set by Ray) in a Guaranteed pod (kubepods.slice/kubepods-pod…,
// the trigger at -997). "Kubernetes gives it to BestEffort pods" and "Give the pod memory requests and limits" were
// false: that wording is for a BestEffort pod only.
TEST(AuditWording2, ScoreAdj1000IsBestEffortOnlyInABestEffortPod) {
  const std::string guaranteed = "/kubepods.slice/kubepods-pod92ab2dc5_a66e_4d0c_b4e4_13676d33ef98.slice";
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::memcg)
                   .memcg(owned(MemcgOf(guaranteed)))
                   .victim(VictimOf(1703792, "ray::IDLE").rss(68575232 * KiB, 37786 * KiB, 77721 * KiB, 0).adj(1000));
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "victim_oom_score_adj");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("this pod is Guaranteed, whose containers get -997, so the process or its "
                                      "launcher set 1000 itself"));
    EXPECT_THAT(advice(x), Not(HasSubstr("BestEffort pods (oom_score_adj 1000) are killed first")));
  }
  e.memcg = owned(MemcgOf("/kubepods/besteffort/podd8dcbcc6-5695-4b90-823b-ac11f60809ec"));
  const Explanation b = explain(e);
  EXPECT_THAT(find(b, "victim_oom_score_adj")->message, HasSubstr("Kubernetes gives it to BestEffort pods"));
  EXPECT_THAT(advice(b), HasSubstr("BestEffort pods (oom_score_adj 1000) are killed first"));
}

}  // namespace
}  // namespace oomlens
