// Explanations for causes blind set 5b met (issue 12, tests/corpus 207-218):
// a cpuset bound to movable-only memory, where nothing ran out.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

/// Shaped like 214: runc in a docker cpuset on node 4, whose only zone is Movable with 124 GiB free.
OomEvent cpuset_on_movable_node() {
  OomEvent e;
  e.kind = EventKind::kill;
  e.constraint = Constraint::cpuset;
  e.constraint_printed = "CONSTRAINT_CPUSET";
  Trigger t;
  t.comm = "runc:[2:INIT]";
  t.pid = 8291;
  t.gfp_mask = "0x500cc2(GFP_HIGHUSER|__GFP_ACCOUNT)";
  t.order = 0;
  t.mems_allowed = "4";
  e.trigger = t;
  MemInfo mi;
  Zone z;
  z.node = 4;
  z.name = "Movable";
  z.free_bytes = 124 * GiB;
  z.min_bytes = 9 * MiB;
  mi.zones.push_back(z);
  e.mem_info = mi;
  e.victims.push_back(VictimOf(4100, "containerd").rss(std::nullopt, 50 * MiB, 25 * MiB, 0));
  return e;
}

TEST(Causes, ACpusetOnMovableOnlyNodesIsNotMemoryRunningOut) {
  const Explanation x = explain(cpuset_on_movable_node());
  EXPECT_THAT(x.summary, HasSubstr("whose Movable zones (124.0 GiB free) this allocation may not use"));
  EXPECT_THAT(x.summary, Not(HasSubstr("ran out")));
  ASSERT_NE(find(x, "movable_only_nodes"), nullptr);
  EXPECT_THAT(advice(x), HasSubstr("at least one node with a Normal zone"));
  EXPECT_THAT(advice(x), Not(HasSubstr("Only the memory nodes of the job's cpuset")));
  // A movable allocation (__GFP_MOVABLE, 0x08) may use the zone: then the nodes did run out.
  OomEvent movable = cpuset_on_movable_node();
  movable.trigger->gfp_mask = "0x6200ca(GFP_HIGHUSER_MOVABLE)";
  const Explanation m = explain(movable);
  EXPECT_EQ(find(m, "movable_only_nodes"), nullptr);
  EXPECT_THAT(m.summary, HasSubstr("the memory nodes the allocating task's cpuset allows (mems_allowed=4) ran out"));
  // So did they when the Movable zone is near its min watermark, or a Normal zone is printed too.
  OomEvent low = cpuset_on_movable_node();
  low.mem_info->zones[0].free_bytes = 20 * MiB;
  EXPECT_EQ(find(explain(low), "movable_only_nodes"), nullptr);
  OomEvent normal = cpuset_on_movable_node();
  Zone n;
  n.name = "Normal";
  n.free_bytes = 4 * MiB;
  n.min_bytes = 9 * MiB;
  normal.mem_info->zones.push_back(n);
  EXPECT_EQ(find(explain(normal), "movable_only_nodes"), nullptr);
}

}  // namespace
}  // namespace oomlens
