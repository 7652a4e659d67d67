// Explanations of rarer causes (issue 12 items 8–10, h-causes): a limit
// lowered below the usage, what a SysRq check says, a group one member
// fills, a protected allocating task, a memcg path that may be a child's.
// Figures are those of the corpus report named per test.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

Trigger trigger_of(std::string comm, std::optional<int64_t> pid, std::optional<int> order, std::optional<int> adj) {
  Trigger t;  // fields set one by one: no aggregate with defaulted optionals
  t.comm = std::move(comm);
  t.pid = pid;
  t.gfp_mask = "0xcc0(GFP_KERNEL)";
  t.order = order;
  t.oom_score_adj = adj;
  return t;
}

/// 230-openrc-407-gentoo-5.4-memcg-oom-from-memory-max-write-openrc-run-header-stack-regs.log
OomEvent memory_max_write() {
  return EventOf(EventKind::incomplete)
      .constraint(Constraint::memcg)
      .trigger(trigger_of("openrc-run.sh", 14070, 0, 0))
      .limit_lowered(LimitWrite::memory_max);
}

TEST(LimitLowered, SaysTheLimitWasLoweredByTheWriter) {
  const Explanation x = explain(memory_max_write());
  EXPECT_THAT(x.summary, HasSubstr("a write to memory.max by openrc-run.sh (pid 14070) set the limit"));
  EXPECT_THAT(x.summary, HasSubstr("below the memory it was using"));
  EXPECT_THAT(x.summary, Not(HasSubstr("hit its")));
  const Check* c = find(x, "limit_lowered");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("memory_max_write()"));
  EXPECT_THAT(advice(x), HasSubstr("find why openrc-run.sh (pid 14070) wrote memory.max"));
  EXPECT_THAT(advice(x), HasSubstr("memory.current"));
  EXPECT_THAT(everything(x), Not(HasSubstr("Raise")));
  EXPECT_THAT(everything(x), Not(HasSubstr("raise the limit")));
}

TEST(LimitLowered, AKillNamesTheWriterNotAnAllocation) {
  OomEvent e = docker_python_memcg();
  e.limit_lowered = LimitWrite::limit_in_bytes;
  e.trigger->comm = "dockerd";
  e.trigger->pid = 900;
  const Explanation x = explain(e);
  EXPECT_THAT(x.summary, HasSubstr("a write to memory.limit_in_bytes by dockerd (pid 900) set the limit of its"));
  EXPECT_THAT(x.summary, HasSubstr("to 32.0 GiB"));
  EXPECT_EQ(find(x, "trigger_not_victim"), nullptr);  // no allocation came from dockerd
  EXPECT_THAT(advice(x), HasSubstr("memory.usage_in_bytes"));
  EXPECT_THAT(advice(x), Not(HasSubstr("raise the limit")));
  // Without the write, the usual memcg wording and advice.
  const Explanation plain = explain(docker_python_memcg());
  EXPECT_THAT(plain.summary, HasSubstr("hit its 32.0 GiB limit"));
  EXPECT_EQ(find(plain, "limit_lowered"), nullptr);
}

TEST(SysrqCheck, SaysTheOrderTheLogShows) {
  OomEvent e = EventOf(EventKind::kill).constraint(Constraint::global).sysrq().victim(VictimOf(2842, "a.out"));
  e.trigger = trigger_of("events/0", 9, 0, std::nullopt);  // 2.6.26 (corpus 231): order=0
  Explanation x = explain(e);
  const Check* c = find(x, "sysrq");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, Not(HasSubstr("order=-1")));
  EXPECT_THAT(c->message, HasSubstr("order=0"));
  e.trigger->order = -1;  // 4.2 (corpus 232)
  x = explain(e);
  c = find(x, "sysrq");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("order=-1"));
  e.trigger.reset();  // a `Manual OOM execution` line and a kill line only
  x = explain(e);
  c = find(x, "sysrq");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, Not(HasSubstr("order=")));
}

TEST(LargestTasks, NamesTheMemberThatHeldNearlyAllOfItsGroup) {
  // 210: ten nginx rows, one holding nearly all of their RSS.
  EventOf b(EventKind::incomplete);
  b.constraint(Constraint::global).task(TaskOf(13918, "nginx").rss(16160000ull * 4096)).task(TaskOf(15419, "sshd").rss(
      300 * 4096));
  for (int i = 0; i < 9; ++i) b.task(TaskOf(20000 + i, "nginx").rss(1000 * 4096));
  const Explanation x = explain(b);
  const std::string all = everything(x);
  EXPECT_THAT(all, HasSubstr("10 nginx processes held"));
  EXPECT_THAT(all, HasSubstr("of it pid 13918 alone"));
  // Shared evenly: no member named.
  EventOf even(EventKind::incomplete);
  even.constraint(Constraint::global).task(TaskOf(2, "sshd").rss(300 * 4096));
  for (int i = 0; i < 4; ++i) even.task(TaskOf(100 + i, "nginx").rss(1000 * 4096));
  EXPECT_THAT(everything(explain(even)), Not(HasSubstr("alone")));
}

TEST(TriggerProtected, AnAllocatingTaskWithAdjMinus1000IsSaid) {
  // 211: the second report's trigger is systemd-udevd with oom_score_adj -1000.
  OomEvent e = EventOf(EventKind::incomplete).constraint(Constraint::global);
  e.trigger = trigger_of("systemd-udevd", 171, 0, -1000);
  const Check* c = nullptr;
  const Explanation x = explain(e);
  c = find(x, "trigger_protected");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("systemd-udevd (pid 171)"));
  EXPECT_THAT(c->message, HasSubstr("never kills it"));
  e.trigger->oom_score_adj = 0;
  EXPECT_EQ(find(explain(e), "trigger_protected"), nullptr);
}

TEST(MemcgPath, AFirstStatsBlockMayBeAChild) {
  // 229: the excerpt starts at a `Memory cgroup stats for` line.
  OomEvent e = docker_python_memcg();
  e.memcg->oom_memcg_maybe_child = true;
  EXPECT_THAT(explain(e).summary, HasSubstr("(or a parent cgroup: the excerpt starts after the limit's own lines)"));
  EXPECT_THAT(explain(docker_python_memcg()).summary, Not(HasSubstr("or a parent")));
}

}  // namespace
}  // namespace oomlens
