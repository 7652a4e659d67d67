// Rules found by the fourth blind test (issue 12: tests/corpus/175-194), each
// on hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <algorithm>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

std::vector<OomEvent> parse(std::string_view text) { return parse_log_text(text); }

bool has_note(const OomEvent& e, std::string_view part) {
  return std::any_of(e.notes.begin(), e.notes.end(),
                     [&](const std::string& n) { return n.find(part) != std::string::npos; });
}

TEST(Report, OutOfMemoryFromThePageFaultPathIsGlobal) {
  // A fault that returned VM_FAULT_OOM (corpus 190, 194): out_of_memory() called by pagefault_out_of_memory().
  auto ev = parse("[5.0] Xorg invoked oom-killer: gfp_mask=0x0(), order=0, oom_score_adj=0\n"
                  "[5.0] CPU: 0 PID: 29 Comm: Xorg Not tainted 5.7.0 #1\n"
                  "[5.0] Call Trace:\n"
                  "[5.0]  dump_header+0x45/0x321\n"
                  "[5.0]  ? out_of_memory+0x167/0x420\n"
                  "[5.0]  out_of_memory+0x1f2/0x420\n"
                  "[5.0]  ? __mutex_trylock_or_owner+0x4b/0x63\n"
                  "[5.0]  pagefault_out_of_memory+0x34/0x56\n"
                  "[5.0]  mm_fault_error+0x4a/0x130\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  EXPECT_TRUE(ev[0].pagefault_oom);
  EXPECT_TRUE(has_note(ev[0], "pagefault_out_of_memory"));
  // RISC-V/x86 `[<addr>] fn` frames and ARM's `X from Y` say the same.
  auto arm = parse("[5.0] a invoked oom-killer: gfp_mask=0x0(), order=0, oom_score_adj=0\n"
                   "[5.0]  oom_kill_process from out_of_memory+0x218/0x34c\n"
                   "[5.0]  out_of_memory from pagefault_out_of_memory+0x5c/0x74\n");
  ASSERT_EQ(arm.size(), 1u);
  EXPECT_TRUE(arm[0].pagefault_oom);
  // A memcg OOM finished on the way out of a fault (≤4.18) is the memcg's.
  auto memcg = parse("[5.0] java invoked oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0\n"
                     "[5.0] Call Trace:\n"
                     "[5.0]  [<ffffffff811c17bf>] mem_cgroup_oom_synchronize+0x34f/0x580\n"
                     "[5.0]  [<ffffffff8115df44>] pagefault_out_of_memory+0x14/0x90\n");
  ASSERT_EQ(memcg.size(), 1u);
  EXPECT_EQ(memcg[0].constraint, Constraint::memcg);
  EXPECT_FALSE(memcg[0].pagefault_oom);
  // pagefault_out_of_memory() not called by out_of_memory() here (another frame between): nothing is said.
  auto other = parse("[5.0] a invoked oom-killer: gfp_mask=0x0(), order=0, oom_score_adj=0\n"
                     "[5.0] Call Trace:\n"
                     "[5.0]  dump_stack+0x1/0x2\n"
                     "[5.0]  pagefault_out_of_memory+0x14/0x90\n");
  ASSERT_EQ(other.size(), 1u);
  EXPECT_FALSE(other[0].pagefault_oom);
  EXPECT_FALSE(other[0].constraint);
}

TEST(Report, AMemcgCounterAfterAKillOpensTheNextReport) {
  // A paste that snipped a report's header (corpus 188): its `memory: usage` line follows the last kill.
  auto ev = parse("[79.3] memory: usage 204708kB, limit 204800kB, failcnt 2837\n"
                  "[79.4] Killed process 8205 (a.out) total-vm:4348kB, anon-rss:92kB, file-rss:0kB, shmem-rss:0kB\n"
                  "(...snipped...)\n"
                  "[79.5] memory: usage 204600kB, limit 204800kB, failcnt 2838\n"
                  "[79.6] Killed process 8206 (a.out) total-vm:4348kB, anon-rss:92kB, file-rss:0kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 2u);
  for (const OomEvent& e : ev) {
    EXPECT_EQ(e.constraint, Constraint::memcg);
    ASSERT_TRUE(e.memcg);
    ASSERT_EQ(e.victims.size(), 1u);
  }
  EXPECT_EQ(ev[0].memcg->usage_bytes, 204708u * 1024);
  EXPECT_EQ(ev[1].memcg->usage_bytes, 204600u * 1024);
  EXPECT_EQ(ev[1].victims[0].pid, 8206);
  // Before any kill the counter stays in its report.
  auto one = parse("[1.0] a invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
                   "[1.1] memory: usage 10kB, limit 10kB, failcnt 1\n"
                   "[1.2] Memory cgroup out of memory: Killed process 5 (a) total-vm:8kB, anon-rss:4kB, file-rss:0kB\n");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].memcg->usage_bytes, 10u * 1024);
}

}  // namespace
}  // namespace oomlens
