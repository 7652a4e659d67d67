// SysRq-f (`Manual OOM execution`) lines read newest-first (issue 12: the
// `reverse` mangler of tests/corpus 231 and 285), on hand-written input.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "kernel_log/report_scanner.h"
#include "manglers.h"

namespace oomlens {
namespace {

// Two SysRq-f kills, then a SysRq-f the killer ignored, in print order.
constexpr const char* kForward =
    "[  713.805315] sysrq: SysRq : Manual OOM execution\n"
    "[  713.808920] Out of memory: Kill process 4468 ((agetty)) score 0 or sacrifice child\n"
    "[  713.814913] Killed process 4468 ((agetty)) total-vm:43704kB, anon-rss:1760kB, file-rss:0kB, shmem-rss:0kB\n"
    "[  714.004805] sysrq: SysRq : Manual OOM execution\n"
    "[  714.005936] Out of memory: Kill process 4469 (systemd-cgroups) score 0 or sacrifice child\n"
    "[  714.008117] Killed process 4469 (systemd-cgroups) total-vm:10704kB, anon-rss:120kB, file-rss:0kB, shmem-rss:0kB\n"
    "[  714.189310] sysrq: SysRq : Manual OOM execution\n"
    "[  714.193425] sysrq: OOM request ignored because killer is disabled\n";

TEST(SysrqNewestFirst, EachSysrqLineGoesWithTheReportPrintedAfterIt) {
  for (const std::string& text : {std::string(kForward), mangle::reverse_lines(kForward)}) {
    auto ev = parse_log_text(text);
    ASSERT_EQ(ev.size(), 2u) << text;
    // Newest-first the events come newest first.
    if (ev[0].victims.at(0).pid != 4468) std::swap(ev[0], ev[1]);
    for (size_t i = 0; i < 2; ++i) {
      SCOPED_TRACE(text);
      EXPECT_TRUE(ev[i].sysrq);
      ASSERT_EQ(ev[i].victims.size(), 1u);
      EXPECT_EQ(ev[i].victims[0].pid.value_or(0), 4468 + static_cast<int64_t>(i));
      ASSERT_TRUE(ev[i].time.monotonic_s);
      // The report's time is its own SysRq line's, not the ignored one's before it in the text.
      EXPECT_NEAR(*ev[i].time.monotonic_s, i == 0 ? 713.805315 : 714.004805, 1e-6);
      ASSERT_EQ(ev[i].selected.size(), 1u);
      EXPECT_EQ(ev[i].selected[0].pid, ev[i].victims[0].pid.value_or(0));
    }
  }
}

TEST(SysrqNewestFirst, ALoneSysrqLineIsNoReportAtTheEndEither) {
  // A SysRq-f that printed nothing more (the killer disabled, a victim still
  // exiting) is no report, whether another line follows it or the input ends.
  EXPECT_TRUE(parse_log_text("[  714.189310] sysrq: SysRq : Manual OOM execution\n").empty());
  EXPECT_TRUE(parse_log_text("[  714.1] sysrq: SysRq : Manual OOM execution\n"
                             "[  714.2] sysrq: SysRq : Manual OOM execution\n")
                  .empty());
}

}  // namespace
}  // namespace oomlens
