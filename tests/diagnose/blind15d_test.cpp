// Blind set 15d (issue 12): corpus 475 (zdb's memcg at its 301 MiB limit, the paste cut inside its v2-style
// stats, no task row), 471 (ydbd at oom_score_adj -997 in a kubepods-burstable pod) and 479 (python3's kill line
// cut after `anon-rss:`, its task-table row shown).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

// With no task row shown, the cgroup's own `anon` stands for its processes: page cache filled the limit.
TEST(Blind15d, MemcgPageCacheWithoutTaskRowsUsesTheCgroupsAnonStat) {
  OomEvent e = EventOf(EventKind::incomplete)
                   .constraint(Constraint::memcg)
                   .memcg(MemcgOf("/zdb/***")
                              .limited(308224 * KiB, 308224 * KiB)
                              .failcnt(3270355)
                              .stats({{"anon", 16760832}, {"file", 296288256}}));
  const Explanation x = explain(e);
  const Check* c = find(x, "processes_hold_little");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->message,
            "The cgroup's anonymous memory was 16.0 MiB, 5.3 % of its 301.0 MiB limit; its page cache held 282.6 MiB "
            "(93.9 %). The limit counts page cache, and a kill frees almost nothing.");
  // A cgroup whose anonymous memory fills it: no such check.
  e.memcg->stats = {{"anon", 290 * MiB}, {"file", 10 * MiB}};
  EXPECT_EQ(find(explain(e), "processes_hold_little"), nullptr);
  // Without the anon stat nothing says what the processes held.
  e.memcg->stats = {{"file", 296288256}};
  EXPECT_EQ(find(explain(e), "processes_hold_little"), nullptr);
}

// The kubelet gives -997 to Guaranteed pods and to node-critical pods of any QoS class.
TEST(Blind15d, ScoreAdjMinus997InABurstablePodIsNotCalledGuaranteed) {
  const std::string burstable =
      "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod7199eec9_759e_4d19_94e0_ce8a5dfb99da.slice";
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::memcg)
                   .memcg(owned(MemcgOf(burstable)))
                   .victim(VictimOf(1950147, "ydbd").rss(613761820 * KiB, 62495556 * KiB, 1198632 * KiB, 0).adj(-997));
  const Explanation x = explain(e);  // find() points into it
  const Check* c = find(x, "victim_oom_score_adj");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("this pod's cgroup is not Guaranteed, so it is node-critical"));
  e.memcg = owned(MemcgOf("/kubepods.slice/kubepods-pod92ab2dc5_a66e_4d0c_b4e4_13676d33ef98.slice"));
  const Explanation y = explain(e);
  const Check* g = find(y, "victim_oom_score_adj");
  ASSERT_NE(g, nullptr);
  EXPECT_THAT(g->message, HasSubstr("(Kubernetes gives -997 to Guaranteed pods)"));
  EXPECT_THAT(g->message, Not(HasSubstr("node-critical")));
}

// A kill line cut before its sizes: the victim's row says what it held (its RSS; swap only when the row's
// swapents column was read).
TEST(Blind15d, KillLineCutBeforeItsSizesTakesTheVictimsRow) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .task(TaskOf(29075, "python3").rss(3939146ull * 4096).adj(0))
                   .victim(VictimOf(29075, "python3"))
                   .page_size(4096);
  EXPECT_THAT(explain(e).summary,
              HasSubstr("its task-table row shows 15.0 GiB resident (the kill line's sizes are not in the text)"));
  e.tasks[0].swap_bytes = 4003496ull * 4096;
  EXPECT_THAT(explain(e).summary, HasSubstr("its task-table row shows 15.0 GiB resident and 15.3 GiB in swap"));
  // The kill line's own anon-rss wins.
  e.victims[0].anon_rss_bytes = 1 * GiB;
  EXPECT_THAT(explain(e).summary, Not(HasSubstr("task-table row shows")));
}

// A 6.8+ row prints rss_anon, rss_file and rss_shmem and no rss: the victim's RSS is their sum (row_rss_bytes()).
TEST(Blind15d, KillLineCutBeforeItsSizesTakesA68RowsRssParts) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .task(TaskOf(29075, "python3").rss_split(14 * GiB, 768 * MiB, 256 * MiB).adj(0))
                   .victim(VictimOf(29075, "python3"))
                   .page_size(4096);
  EXPECT_THAT(explain(e).summary,
              HasSubstr("its task-table row shows 15.0 GiB resident (the kill line's sizes are not in the text)"));
  // One part unknown: the row's RSS is unknown, and nothing is said.
  e.tasks[0].rss_shmem_bytes.reset();
  EXPECT_THAT(explain(e).summary, Not(HasSubstr("task-table row shows")));
}

}  // namespace
}  // namespace oomlens
