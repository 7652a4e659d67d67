// 4.19+ out_of_memory(): with nothing to kill it warns `Out of memory and no killable processes...` and, for a
// global OOM only, panics straight after (`System is deadlocked on memory`). A kernel record after the warning,
// stamped not earlier, and no panic: a memcg OOM (corpus 541, a Nomad exec task's table then the next header).
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

constexpr std::string_view kTable =
    "[  396.222626] Tasks state (memory values in pages):\n"
    "[  396.222627] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
    "[  396.222628] [  21636] 65534 21636   178572     3712   139264        0         -1000 canary\n"
    "[  396.222629] Out of memory and no killable processes...\n";

TEST(NoKillableWentOn, ARecordAfterTheWarningWithoutThePanicIsAMemcgOom) {
  const auto ev = parse_log_text(std::string(kTable) +
                                 "[  396.223493] canary invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), "
                                 "order=0, oom_score_adj=-1000\n");
  ASSERT_GE(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::no_killable);
  EXPECT_EQ(ev[0].constraint, Constraint::memcg);
}

TEST(NoKillableWentOn, ThePanicAfterTheWarningIsAGlobalOom) {
  const auto ev = parse_log_text(std::string(kTable) +
                                 "[  396.222700] Kernel panic - not syncing: System is deadlocked on memory\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
}

TEST(NoKillableWentOn, SysrqsIgnoredRequestAfterTheWarningIsNoMemcgOom) {
  // A SysRq-f OOM with nothing to kill, its header not in the paste: moom_callback()'s line follows the warning.
  const auto ev = parse_log_text(std::string(kTable) + "[  396.222700] OOM request ignored. No task eligible\n" +
                                 "[  400.000000] eth0: link up\n");
  ASSERT_GE(ev.size(), 1u);
  EXPECT_NE(ev[0].constraint, Constraint::memcg);
}

TEST(NoKillableWentOn, NothingAfterTheWarningOrAnEarlierStampTellsNothing) {
  const auto alone = parse_log_text(kTable);
  ASSERT_EQ(alone.size(), 1u);
  EXPECT_FALSE(alone[0].constraint.has_value());  // the paste may end before the panic
  const auto earlier = parse_log_text(std::string(kTable) + "[  300.000000] eth0: link up\n");
  ASSERT_EQ(earlier.size(), 1u);
  EXPECT_FALSE(earlier[0].constraint.has_value());  // another boot's or a merged host's line
  const auto bare = parse_log_text(
      "Tasks state (memory values in pages):\n"
      "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[  21636] 65534 21636   178572     3712   139264        0         -1000 canary\n"
      "Out of memory and no killable processes...\n"
      "eth0: link up\n");
  ASSERT_GE(bare.size(), 1u);
  EXPECT_FALSE(bare[0].constraint.has_value());  // no stamps: no order to go by
}

}  // namespace
}  // namespace oomlens
