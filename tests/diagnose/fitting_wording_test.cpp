// Explanations that say no more than the report shows (issue 12, point 9-10),
// each on an event built for the sentence it tests.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

// Corpus 316 (bitcoind, its database mmapped): the kill line's file-rss larger than its anon-rss is said beside
// it; smaller, it is not (the anonymous memory is the usual story).
TEST(FittingWording, MappedFilePagesLargerThanAnonAreSaid) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .victim(VictimOf(1234, "bitcoind").rss(8 * GiB, 1200 * MiB, 4300 * MiB, 0));
  EXPECT_THAT(explain(e).summary,
              HasSubstr("the victim held 1.2 GiB anonymous memory and 4.2 GiB of mapped file pages (file-rss)."));
  e.victims[0].file_rss_bytes = 100 * MiB;
  EXPECT_THAT(explain(e).summary, Not(HasSubstr("file-rss")));
  e.victims[0].file_rss_bytes.reset();  // not printed: nothing said
  EXPECT_THAT(explain(e).summary, HasSubstr("the victim held 1.2 GiB anonymous memory."));
}

// Corpus 337, 116, 158: a ≤ 5.0 `… or sacrifice child` kill of a child that held almost nothing says the chosen
// parent kept its memory; a child that held much, or an allocating-task kill, does not.
TEST(FittingWording, SacrificedChildThatHeldLittleSaysTheParentKeptItsMemory) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .selected(Selected{89746, "python", 1031, "Out of memory"})
                   .victim(VictimOf(89879, "python").rss(146328 * KiB, 0, 1824 * KiB, 0));
  {
    const Explanation x = explain(e);  // kept: find() points into it
    const Check* c = find(x, "sacrificed_child_held_little");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("killed it in place of python (pid 89746), the process it chose, badness "
                                      "score 1031, so the kill freed little and pid 89746 kept its memory"));
  }
  e.victims[0].anon_rss_bytes = 300 * MiB;  // a child that held much: the kill freed it
  EXPECT_EQ(find(explain(e), "sacrificed_child_held_little"), nullptr);
  e.tasks.push_back(TaskOf(89746, "python").tgid(89746).rss(100 * GiB));  // but < 1 % of the parent's row
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "sacrificed_child_held_little");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("whose task-table row shows 100.0 GiB RSS"));
  }
  e.selected[0].pid = 89879;  // the chosen process itself was killed: no sacrifice
  EXPECT_EQ(find(explain(e), "sacrificed_child_held_little"), nullptr);
}

// Corpus 94: a cgroup v1 memory+swap limit hit says what ran out, the
// cgroup's allowance for memory and swap together, not that swap was full
// (the swap device may have had room).
TEST(FittingWording, MemswLimitIsTheAllowanceNotTheSwapSpace) {
  EventOf base = EventOf(EventKind::kill).constraint(Constraint::memcg);
  for (const uint64_t usage : {3140120 * KiB, 3145728 * KiB}) {  // memory under, then at, its own limit
    OomEvent e = EventOf(base).memcg(MemcgOf()
                                         .oom("/docker/app")
                                         .limited(usage, 3145728 * KiB)
                                         .memsw(6291456 * KiB, 6291456 * KiB)
                                         .hierarchy("v1"));
    const Explanation x = explain(e);  // kept: find() points into it
    const Check* c = find(x, "memcg_swap_exhausted");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, Not(HasSubstr("swap was full")));
    EXPECT_THAT(c->message, HasSubstr("allowance for memory and swap together"));
  }
}

// A high-order allocation's block size needs the page size: when the log
// does not give it (none printed, or 4096 assumed), the block is said in
// pages and no allocation_bytes figure is given.
TEST(FittingWording, HighOrderBlockInPagesWhenThePageSizeIsUnknown) {
  for (const bool assumed : {false, true}) {
    EventOf ev = EventOf(EventKind::incomplete)
                     .constraint(Constraint::global)
                     .trigger(Trigger{"app", 7, "0x40cc0(GFP_KERNEL|__GFP_COMP)", 2, 0, std::nullopt, std::nullopt,
                                      std::nullopt, std::nullopt});
    if (assumed) ev.page_size(4096, /*assumed=*/true);
    const Explanation x = explain(ev);
    const Check* c = find(x, "high_order_allocation");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("block of 4 pages (the page size is not in the log)"));
    EXPECT_THAT(c->message, Not(HasSubstr("16.0 KiB")));
    EXPECT_EQ(c->figures, (std::vector<std::pair<std::string, int64_t>>{{"order", 2}}));
    EXPECT_THAT(x.summary, Not(HasSubstr("16.0 KiB")));
  }
}

// Corpus 31: a global kill of a protected victim (oom_score_adj -900, 1.2 MiB)
// chosen anyway: no unprotected process held much, so containing a
// memory-hungry job (`oomlens run --limit`) is no advice for it.
TEST(FittingWording, ProtectedVictimChosenIsNotTheHog) {
  EventOf ev = EventOf(EventKind::kill).constraint(Constraint::global);
  const VictimOf victim = VictimOf(541, "dbus-broker").rss(4400 * KiB, 892 * KiB, 380 * KiB, 0);
  const Explanation x = explain(EventOf(ev).victim(VictimOf(victim).adj_on_kill_line(-900)));
  EXPECT_THAT(advice(x), Not(HasSubstr("oomlens run --limit")));
  EXPECT_THAT(advice(x), HasSubstr("dbus-broker was protected (oom_score_adj -900) and still chosen"));
  // An unprotected victim keeps the advice to contain it: below the RAM of which it held 1 %. Under 256 MiB that
  // is a router's or a small board's, whose advice is its services, not `oomlens run` (h-left3, corpus 402, 407).
  EXPECT_THAT(advice(explain(EventOf(ev).victim(VictimOf(victim).adj_on_kill_line(0)))),
              HasSubstr("On a device with less RAM (a router or a small board), dbus-broker was one of its larger "
                        "users"));
  EXPECT_THAT(advice(explain(EventOf(ev).victim(
                  VictimOf(541, "dbus-broker").rss(44000 * KiB, 8920 * KiB, 380 * KiB, 0).adj_on_kill_line(0)))),
              HasSubstr("on a larger machine, contain memory-hungry jobs with `oomlens run --limit SIZE`"));
}

// A protected victim that held much (a 1.2 GiB python3 at -300, blind set 10a) may have outgrown its
// protection: oom_badness() takes |adj| per mille of RAM plus swap off its score, so it outranked the others
// either by its size (then it used the memory) or because they were protected as much. RAM and swap known
// tell which; unknown, the advice says both and does not claim it held little.
TEST(FittingWording, ProtectedVictimThatHeldMuchMayHaveOutgrownItsProtection) {
  EventOf ev = EventOf(EventKind::kill).constraint(Constraint::global);
  const VictimOf big = VictimOf(267303, "python3").rss(3600048 * KiB, 1293204 * KiB, 0, 0).adj_on_kill_line(-300);
  const std::string unknown_ram = advice(explain(EventOf(ev).victim(big)));
  EXPECT_THAT(unknown_ram, HasSubstr("python3 was protected (oom_score_adj -300) and still chosen"));
  EXPECT_THAT(unknown_ram, HasSubstr("30 % of RAM plus swap"));
  EXPECT_THAT(unknown_ram, HasSubstr("either it outgrew that protection with the 1.2 GiB it held"));
  EXPECT_THAT(unknown_ram, Not(HasSubstr("so it was not what used the memory")));

  // 2 GiB RAM + 1 GiB swap: 30 % is 921.6 MiB, under its 1.2 GiB: it outgrew the protection.
  MemInfo small;
  small.ram_bytes = 2 * GiB;
  small.total_swap_bytes = 1 * GiB;
  const std::string outgrew = advice(explain(EventOf(ev).mem_info(small).victim(big)));
  EXPECT_THAT(outgrew, HasSubstr("still chosen because it outgrew that protection: it held 1.2 GiB, more than the "
                                 "30 % of RAM plus swap (921.6 MiB)"));
  EXPECT_THAT(outgrew, Not(HasSubstr("not what used the memory")));

  // 16 GiB RAM, no swap line: 30 % is 4.8 GiB, over its 1.2 GiB: every other process was protected as much.
  MemInfo large;
  large.ram_bytes = 16 * GiB;
  EXPECT_THAT(advice(explain(EventOf(ev).mem_info(large).victim(big))),
              HasSubstr("python3 was protected (oom_score_adj -300) and still chosen, so it was not what used the memory"));
}

}  // namespace
}  // namespace oomlens
