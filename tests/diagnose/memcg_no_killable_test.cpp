// A memory-cgroup OOM that finds no task to kill (blind set 8b, issue 12
// items 8-10): the check and the advice speak of the cgroup, not of the
// machine's kernel memory. Figures of 282-martins3-notes-nixos-6.5-….log.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

TEST(FitsEvidence, MemcgWithNoTaskLeftPointsAtWhatNoProcessHolds) {
  const std::string scope = "/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-thunderbird-1.scope";
  const OomEvent e = EventOf(EventKind::no_killable)
                         .constraint(Constraint::memcg)
                         .trigger(Trigger{"tee", 492129, "0xcc0(GFP_KERNEL)", 0, 0, 0, std::nullopt, std::nullopt,
                                          std::nullopt})
                         .memcg(owned(MemcgOf(scope).task(scope).limited(709300 * KiB, 488280 * KiB)));
  const Explanation x = explain(e);
  const Check* c = find(x, "no_killable_task");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("the cgroup's own tasks"));
  EXPECT_THAT(c->message, Not(HasSubstr("only init and kernel threads")));
  EXPECT_THAT(advice(x), HasSubstr("belongs to no process"));
  EXPECT_THAT(advice(x), Not(HasSubstr("Mem-Info")));
  // A global one keeps the machine-wide reading.
  const Explanation g = explain(EventOf(EventKind::no_killable).constraint(Constraint::global));
  EXPECT_THAT(find(g, "no_killable_task")->message, HasSubstr("only init and kernel threads"));
  EXPECT_THAT(advice(g), HasSubstr("look at what the kernel holds"));
}

}  // namespace
}  // namespace oomlens

namespace oomlens {
namespace {

using namespace fixtures;

TEST(FitsEvidence, TableWithoutTheVictimsRowIsOnlyTheRowsShown) {
  // 280: the author elided rows (`[...]`) and the victim's with them; the largest rows shown are not the
  // largest tasks.
  EventOf table = EventOf(EventKind::kill)
                      .constraint(Constraint::global)
                      .trigger(Trigger{"kworker/3:1", 4505, "0xcc0(GFP_KERNEL)", -1, 0, std::nullopt, std::nullopt,
                                       std::nullopt, std::nullopt});
  table.task(TaskOf(6539, "cpptools-srv").rss(7822 * 4096).adj(0)).task(TaskOf(411, "journald").rss(3597 * 4096).adj(0));
  OomEvent e = table.victim(VictimOf(6311, "cpptools").rss(std::nullopt, 1926092 * KiB, 16852 * KiB).adj(0));
  EXPECT_EQ(find(explain(e), "largest_tasks_by_comm"), nullptr);
  EXPECT_NE(find(explain(e), "largest_task_rows_shown"), nullptr);
  e.tasks.push_back(TaskOf(6311, "cpptools").rss(481523 * 4096).adj(0));
  EXPECT_NE(find(explain(e), "largest_tasks_by_comm"), nullptr);
}

}  // namespace
}  // namespace oomlens
