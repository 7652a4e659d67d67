// The sentence and checks of a global OOM when what ran out is not shown
// (issue 12, items 8-9): a HighMem kernel's report without its Normal zone
// line (corpus 235), and a global constraint read from a line, not from the
// call trace (corpus 310).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

/// 235-linux-mm-2009-2.6.31-pae-lowmem-slab-…: the DMA and HighMem zone lines, no Normal one.
OomEvent highmem_without_normal() {
  OomEvent e;
  e.kind = EventKind::kill;
  e.constraint = Constraint::global;
  e.trigger = Trigger{};
  e.trigger->comm = "X";
  e.trigger->pid = 3068;
  e.trigger->gfp_mask = "0xd0";
  e.trigger->order = 0;
  MemInfo mi;
  mi.ram_bytes = 1179632ull * 4096;
  mi.free_swap_bytes = 8360652 * KiB;
  mi.total_swap_bytes = 8385912 * KiB;
  mi.zones = {Zone{0, "DMA", 3496 * KiB, 64 * KiB, 15804 * KiB, std::nullopt},
              Zone{0, "HighMem", 2236464 * KiB, 512 * KiB, 3252052 * KiB, std::nullopt}};
  e.mem_info = mi;
  Victim v;
  v.pid = 2385;
  v.comm = "mysqld";
  v.message = "Out of memory";
  e.victims.push_back(v);
  return e;
}

// Corpus 235 (2.6.31 i386 PAE, a mail client's re-flow): HighMem 2.1 GiB free, and the excerpt prints no
// Normal zone line: whether low memory ran out is unknown, and the machine did not run out of memory.
TEST(Causes, LowmemUnknownWithoutTheNormalZone) {
  OomEvent e = highmem_without_normal();
  const Explanation x = explain(e);
  EXPECT_EQ(find(x, "lowmem_exhausted"), nullptr);
  const Check* c = find(x, "lowmem_unknown");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->level, CheckLevel::info);
  EXPECT_THAT(c->message, HasSubstr("HighMem had 2.1 GiB free"));
  EXPECT_THAT(c->message, HasSubstr("This allocation (gfp_mask=0xd0) could not use HighMem."));
  EXPECT_THAT(x.summary, HasSubstr("an allocation that may not use HighMem (gfp_mask=0xd0) failed while 2.1 GiB of "
                                   "HighMem was free; the report prints no Normal zone line, so whether the kernel's "
                                   "low memory ran out is unknown"));
  EXPECT_THAT(x.summary, Not(HasSubstr("memory ran out,")));
  EXPECT_THAT(x.summary, Not(HasSubstr("the machine ran out")));
  EXPECT_EQ(find(x, "victim_anon_vs_ram"), nullptr);
  EXPECT_THAT(advice(x), HasSubstr("`Normal free:… min:…`"));
  EXPECT_THAT(advice(x), Not(HasSubstr("oomlens run --limit")));
  // A HighMem allocation (__GFP_HIGHMEM, 0x02): no gfp clause.
  e.trigger->gfp_mask = "0x201d2";
  const Explanation h = explain(e);
  EXPECT_THAT(h.summary, HasSubstr("an allocation failed while 2.1 GiB of HighMem was free"));
  EXPECT_THAT(find(h, "lowmem_unknown")->message, Not(HasSubstr("could not use HighMem")));
  // Little HighMem free (237: HighMem itself ran out): no claim about low memory.
  e.mem_info->zones[1].free_bytes = 3 * MiB;
  EXPECT_EQ(find(explain(e), "lowmem_unknown"), nullptr);
  // The Normal zone printed (at its min: lowmem_exhaustion() says so; far above it: nothing about lowmem).
  e.mem_info->zones[1].free_bytes = 2236464 * KiB;
  e.mem_info->zones.insert(e.mem_info->zones.begin() + 1, Zone{0, "Normal", 3636 * KiB, 3732 * KiB, 887976 * KiB,
                                                                std::nullopt});
  const Explanation n = explain(e);
  EXPECT_EQ(find(n, "lowmem_unknown"), nullptr);
  EXPECT_NE(find(n, "lowmem_exhausted"), nullptr);
  e.mem_info->zones[1].free_bytes = 300 * MiB;
  EXPECT_EQ(find(explain(e), "lowmem_unknown"), nullptr);
}

// Corpus 310 (Alibaba Cloud Linux's `Task in /user.slice killed as a result of limit of host`): a header and that
// line, no call trace: the sentence does not name the call trace.
TEST(Causes, GlobalFromALineNotTheCallTrace) {
  OomEvent e;
  e.kind = EventKind::incomplete;
  e.constraint = Constraint::global;
  e.trigger = Trigger{};
  e.trigger->comm = "test";
  e.trigger->order = 0;
  e.memcg = owned(MemcgOf().task("/user.slice"));
  const Explanation x = explain(e);
  EXPECT_THAT(x.summary, HasSubstr("(the report does not tell which)"));
  EXPECT_THAT(x.summary, Not(HasSubstr("call trace")));
  e.memcg.reset();  // only the call trace said so
  EXPECT_THAT(explain(e).summary, HasSubstr("(the call trace does not tell which)"));
}

}  // namespace
}  // namespace oomlens
