// Issue 12, the last audit's leftovers (h-left3): Mem-Info's file LRU and ≤2.6.28 `slab:` figures, a sacrificed
// child weighed against its parent, not a fixed size, a selection without its header says what that leaves unknown, a victim's shmem-rss named as a
// cause only as a share of what ran out, a `page allocation stalls for` line before the report, advice that fits
// a router's RAM. Texts and figures after the corpus reports named per test.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

bool has_note(const OomEvent& e, std::string_view words) {
  for (const std::string& n : e.notes)
    if (n.find(words) != std::string::npos) return true;
  return false;
}

// 152: the file LRU counters are read, and a SysRq-f on a machine whose page cache is under 1 % of RAM (no swap)
// says it was thrashing although no zone is at its min watermark.
TEST(Left3, FileLruCountersTellThrashing) {
  const auto events = parse_log_text(
      "[10.0] sysrq: Manual OOM execution\n"
      "[10.0] kworker/2:2 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=-1, oom_score_adj=0\n"
      "[10.0] Mem-Info:\n"
      "[10.0] active_anon:1350124 inactive_anon:5310043 isolated_anon:0\n"
      "[10.0]  active_file:4190 inactive_file:20533 isolated_file:48\n"
      "[10.0]  slab_reclaimable:255744 slab_unreclaimable:640692\n"
      "[10.0]  free:69030 free_pcp:661 free_cma:0\n"
      "[10.0] Node 0 Normal free:138552kB boost:0kB min:60368kB low:89660kB high:118952kB present:29868032kB "
      "managed:29292684kB\n"
      "[10.0] Node 0 Normal: 4610*4kB (UME) 3311*8kB (UME) = 138480kB\n"
      "[10.0] Free swap  = 0kB\n"
      "[10.0] Total swap = 0kB\n"
      "[10.0] 8373432 pages RAM\n"
      "[10.0] Out of memory: Killed process 6009 (node) total-vm:264249252kB, anon-rss:12123208kB, file-rss:0kB, "
      "shmem-rss:51828kB, UID:0 pgtables:36316kB oom_score_adj:0\n");
  ASSERT_EQ(events.size(), 1u);
  ASSERT_TRUE(events[0].mem_info);
  EXPECT_EQ(events[0].mem_info->active_file_bytes, 4190ull * 4096);
  EXPECT_EQ(events[0].mem_info->inactive_file_bytes, 20533ull * 4096);
  EXPECT_EQ(events[0].mem_info->slab_bytes, std::nullopt);  // printed apart: slab_unreclaimable
  const Explanation x = explain(events[0]);
  const Check* c = find(x, "sysrq_thrashing");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("the page cache on the file LRU lists down to 96.6 MiB, 0.3 % of the 31.9 GiB of "
                                    "RAM"));
  EXPECT_THAT(c->message, Not(HasSubstr("zone's free memory")));  // the Normal zone was above its min
  const std::vector<std::pair<std::string, int64_t>> figures{
      {"swap_total_bytes", 0}, {"file_bytes", 24723ll * 4096}, {"ram_bytes", 8373432ll * 4096}};
  EXPECT_EQ(c->figures, figures);
  // A page cache of 1 % of RAM or more is no sign of it.
  OomEvent roomy = events[0];
  roomy.mem_info->inactive_file_bytes = 8373432ull * 4096 / 50;
  EXPECT_EQ(find(explain(roomy), "sysrq_thrashing"), nullptr);
}

// 231, 237, 281: the ≤2.6.28 `slab:` counter and the `N pages slab` line of show_mem() are all slab, kept apart
// from slab_unreclaimable, and judged by the same share of RAM.
TEST(Left3, OldSlabCounterIsAllSlab) {
  const std::string report =
      "[280.3] a.out invoked oom-killer: gfp_mask=0x1201d2, order=0, oomkilladj=0\n"
      "[280.3] Mem-info:\n"
      "[280.3] Active:4009 inactive:4032 dirty:0 writeback:0 unstable:0\n"
      "[280.3]  free:3005 slab:SLAB mapped:1 pagetables:1063 bounce:0\n"
      "[280.3] Free swap  = 0kB\n"
      "[280.3] Total swap = 0kB\n"
      "[280.3] 131056 pages of RAM\n"
      "[280.3] SLAB pages slab\n"
      "[280.3] Out of memory: kill process 2842 (a.out) score 494723 or a child\n"
      "[280.3] Killed process 2842 (a.out)\n";
  auto with = [&](const char* pages) {
    std::string t = report;
    for (size_t p; (p = t.find("SLAB")) != std::string::npos;) t.replace(p, 4, pages);
    return parse_log_text(t);
  };
  const auto small = with("7514");
  ASSERT_EQ(small.size(), 1u);
  ASSERT_TRUE(small[0].mem_info);
  EXPECT_EQ(small[0].mem_info->slab_bytes, 7514ull * 4096);
  EXPECT_EQ(small[0].mem_info->slab_unreclaimable_bytes, std::nullopt);
  EXPECT_EQ(find(explain(small[0]), "slab_dominant"), nullptr);  // 5.7 % of RAM
  const auto big = with("40960");                                 // 31 % of RAM
  ASSERT_EQ(big.size(), 1u);
  const Explanation x = explain(big[0]);
  const Check* c = find(x, "slab_dominant");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("Kernel slab held 160.0 MiB (31 % of RAM 511.9 MiB)"));
  EXPECT_THAT(c->message, HasSubstr("one `slab:` figure"));
  EXPECT_EQ(find(x, "slab_unreclaimable_dominant"), nullptr);
  EXPECT_THAT(advice(x), HasSubstr("slabtop"));
  EXPECT_THAT(advice(x), Not(HasSubstr("oomlens run")));  // a limit on a job does not fix kernel memory
}

// 389: a sacrificed child is little beside its parent's row, else beside RAM, never by a fixed size; with neither
// printed, what the parent's score means is said instead.
TEST(Left3, SacrificedChildIsWeighedAgainstItsParent) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .selected(Selected{8596, "python", 998, "Out of memory"})
                   .victim(VictimOf(8603, "nvidia-smi").rss(16976 * KiB, 2808 * KiB, 0, 0));
  {
    const Explanation x = explain(e);
    EXPECT_EQ(find(x, "sacrificed_child_held_little"), nullptr);
    const Check* c = find(x, "sacrificed_child_share_unknown");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("nvidia-smi (pid 8603) held 2.7 MiB"));
    EXPECT_THAT(c->message, HasSubstr("it counted for 99.8 % of RAM plus swap"));
    EXPECT_THAT(advice(x), HasSubstr("Look at python (pid 8596)"));
    EXPECT_THAT(advice(x), Not(HasSubstr("Contain memory-hungry jobs")));
  }
  OomEvent row = e;  // the parent's row: 2.7 MiB is under 1 % of its 1 GiB
  row.tasks.push_back(TaskOf(8596, "python").tgid(8596).rss(1 * GiB));
  EXPECT_NE(find(explain(row), "sacrificed_child_held_little"), nullptr);
  row.tasks[0] = TaskOf(8596, "python").tgid(8596).rss(100 * MiB);  // 2.7 % of it: not little
  EXPECT_EQ(find(explain(row), "sacrificed_child_held_little"), nullptr);
  // A 900 KiB child on a 32 MiB board (RAM printed) is no "little": 2.7 % of it.
  OomEvent board = e;
  board.victims[0] = VictimOf(8603, "nvidia-smi").rss(16976 * KiB, 900 * KiB, 0, 0);
  MemInfo mi;
  mi.ram_bytes = 32 * MiB;
  board.mem_info = mi;
  EXPECT_EQ(find(explain(board), "sacrificed_child_held_little"), nullptr);
  board.mem_info->ram_bytes = 1 * GiB;  // under 1 % of 1 GiB
  EXPECT_NE(find(explain(board), "sacrificed_child_held_little"), nullptr);
}

// 387, 394: a selection with no header before it and no kill after it says what that leaves unknown.
TEST(Left3, SelectionWithoutHeaderSaysWhatIsUnknown) {
  const auto events = parse_log_text(
      "Nov 08 00:59:33 host01 kernel: Memory cgroup out of memory: Kill process 81107 (java) score 1348 or "
      "sacrifice child\n");
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::selected_no_kill);
  EXPECT_TRUE(has_note(events[0], "no `invoked oom-killer` header before this selection"));
  EXPECT_TRUE(has_note(events[0], "which task asked for memory, with what gfp_mask and order, is unknown"));
  EXPECT_TRUE(has_note(events[0], "whether a process was killed is unknown"));
  EXPECT_FALSE(has_note(events[0], "before this kill"));
}

// 402: a victim's shmem-rss is a cause only as a share of what ran out (RAM, the limit), or ≥ 64 MiB when neither
// is printed; a majority of what the victim held is not enough.
TEST(Left3, VictimShmemIsACauseByItsShareOfWhatRanOut) {
  OomEvent cp = EventOf(EventKind::kill)
                    .constraint(Constraint::global)
                    .victim(VictimOf(300, "cp").rss(1508 * KiB, 128 * KiB, 0, 896 * KiB));
  EXPECT_EQ(find(explain(cp), "shmem_dominant"), nullptr);
  MemInfo mi;
  mi.ram_bytes = 64 * MiB;
  OomEvent board = cp;  // 20 MiB of shmem-rss on a 64 MiB board: 31 %
  board.victims[0] = VictimOf(300, "cp").rss(30 * MiB, 1 * MiB, 0, 20 * MiB);
  board.mem_info = mi;
  EXPECT_NE(find(explain(board), "shmem_dominant"), nullptr);
  OomEvent big = board;  // 100 MiB of a 64 GiB machine: 0.2 %
  big.victims[0] = VictimOf(300, "cp").rss(300 * MiB, 1 * MiB, 0, 100 * MiB);
  big.mem_info->ram_bytes = 64 * GiB;
  EXPECT_EQ(find(explain(big), "shmem_dominant"), nullptr);
}

// 409: a warn_alloc() stall line before the report is kept and said, with its figure.
TEST(Left3, AllocationStallBeforeTheReport) {
  const auto s = oomline::parse_alloc_stall(
      "kthreadd: page allocation stalls for 10004ms, order:2, mode:0x27080c0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->comm, "kthreadd");
  EXPECT_EQ(s->stall_ms, 10004u);
  EXPECT_EQ(s->order, 2);
  EXPECT_FALSE(oomline::parse_alloc_stall("kthreadd: page allocation failure: order:2, mode:0x27080c0"));
  const std::string report =
      "[500.000] kthread invoked oom-killer: gfp_mask=0x27080c0(GFP_KERNEL_ACCOUNT|__GFP_ZERO), order=2, "
      "oom_score_adj=0\n"
      "[500.001] Out of memory: Kill process 7248 (python3) score 266 or sacrifice child\n";
  const auto events = parse_log_text(
      "[490.000] kthreadd: page allocation stalls for 10004ms, order:2, mode:0x27080c0(GFP_KERNEL_ACCOUNT)\n"
      "[495.000] some driver: hello\n" +
      report);
  ASSERT_EQ(events.size(), 1u);
  ASSERT_TRUE(events[0].alloc_stall);
  EXPECT_EQ(events[0].alloc_stall->stall_ms, 10004u);
  EXPECT_EQ(events[0].alloc_stall->line, 1u);
  const Explanation x = explain(events[0]);
  const Check* c = find(x, "alloc_stall");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("kthreadd had waited 10.0 s for memory (`page allocation stalls for 10004ms`, "
                                    "order 2, line 1)"));
  // Printed long before (warn_alloc repeats it every 10 s while the allocation waits), or before another report:
  // not this report's.
  const auto stale = parse_log_text(
      "[100.000] kthreadd: page allocation stalls for 10004ms, order:2, mode:0x27080c0(GFP_KERNEL_ACCOUNT)\n" + report);
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_FALSE(stale[0].alloc_stall);
  const auto other = parse_log_text(
      "[490.000] kthreadd: page allocation stalls for 10004ms, order:2, mode:0x27080c0(GFP_KERNEL_ACCOUNT)\n"
      "[491.000] Out of memory: Killed process 10 (a) total-vm:100kB, anon-rss:10kB, file-rss:0kB, shmem-rss:0kB\n" +
      std::string(40, '\n') + report);
  ASSERT_EQ(other.size(), 2u);
  EXPECT_TRUE(other[0].alloc_stall);
  EXPECT_FALSE(other[1].alloc_stall);
}

// 407, 402, 08: on a router or a small board (RAM printed under 256 MiB, or a victim whose 1 % mark is under it),
// the advice fits the device: no GiB of swap, no `oomlens run` for "memory-hungry jobs".
TEST(Left3, AdviceFitsASmallDevice) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .victim(VictimOf(4183, "hostapd").rss(3508 * KiB, 156 * KiB, 960 * KiB, 0).adj(0));
  MemInfo mi;
  mi.ram_bytes = 64 * MiB;
  mi.total_swap_bytes = 0;
  mi.free_swap_bytes = 0;
  e.mem_info = mi;
  e.victims[0] = VictimOf(4183, "hostapd").rss(40 * MiB, 30 * MiB, 1 * MiB, 0).adj(0);
  const Explanation x = explain(e);
  EXPECT_THAT(advice(x), Not(HasSubstr("a few GiB")));
  EXPECT_THAT(advice(x), HasSubstr("Add zram"));
  EXPECT_THAT(advice(x), HasSubstr("a quarter to half of the 64.0 MiB of RAM"));
  // RAM unknown, a 1.1 MiB victim: the smaller machine below its 1 % mark (110 MiB) is a router's.
  OomEvent r = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .victim(VictimOf(4183, "hostapd").rss(3508 * KiB, 156 * KiB, 960 * KiB, 0).adj(0));
  r.tasks.push_back(TaskOf(4183, "hostapd").rss(1116 * KiB));
  r.tasks.push_back(TaskOf(1021, "netifd").rss(624 * KiB));
  const Explanation y = explain(r);
  EXPECT_THAT(advice(y), HasSubstr("before containing any job"));
  EXPECT_THAT(advice(y), HasSubstr("On a device with less RAM (a router or a small board)"));
  EXPECT_THAT(advice(y), Not(HasSubstr("oomlens run")));
  // A large machine keeps its advice.
  e.mem_info->ram_bytes = 16 * GiB;
  EXPECT_THAT(advice(explain(e)), HasSubstr("a few GiB"));
}

}  // namespace
}  // namespace oomlens
