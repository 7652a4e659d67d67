// Rules found by blind set 6b (issue 12: tests/corpus/231-242), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"
#include "util/text.h"

namespace oomlens {
namespace {

using text::starts_with;

constexpr const char* kOldMemInfo =
    "[  575.5378] Mem-info:\n"
    "[  575.5379] Node 0 DMA32 free:5508kB min:5664kB low:7080kB high:8496kB active:909360kB\n"
    "[  575.5379] Free swap  = 0kB\n"
    "[  575.5379] Total swap = 5947384kB\n"
    "[  575.5379] Free swap:            0kB\n"
    "[  575.5380] 515887 pages of RAM\n";

TEST(Report, ALoneSysrqLineMarksNoReportPrintedMinutesLater) {
  // 231: 2.6.26, a second SysRq-f printed nothing (a victim still exiting); hald's report came 290 s later.
  auto ev = parse_log_text(std::string("[  283.864479] SysRq : Manual OOM execution\n"
                                       "[  325.828622] [drm] Initialized i915 1.6.0 20060119 on minor 0\n"
                                       "[  575.537309] hald invoked oom-killer: gfp_mask=0x1201d2, order=0, oomkilladj=0\n") +
                           kOldMemInfo +
                           "[  575.551410] Out of memory: kill process 3956 (a.out) score 1888511 or a child\n"
                           "[  575.551439] Killed process 3956 (a.out)\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_FALSE(ev[0].sysrq);
  ASSERT_TRUE(ev[0].time.monotonic_s);
  EXPECT_NEAR(*ev[0].time.monotonic_s, 575.537309, 1e-6);
  // Its own report, right after the line, is SysRq's.
  auto forced = parse_log_text(
      "[  280.323899] SysRq : Manual OOM execution\n"
      "[  280.324009] events/0 invoked oom-killer: gfp_mask=0xd0, order=0, oomkilladj=0\n"
      "[  280.335694] Out of memory: kill process 2842 (a.out) score 494723 or a child\n"
      "[  280.335694] Killed process 2842 (a.out)\n");
  ASSERT_EQ(forced.size(), 1u);
  EXPECT_TRUE(forced[0].sysrq);
}

TEST(Report, OldShowMemSpellsMemInfoLowerCaseAndRepeatsFreeSwap) {
  // 231/237: ≤2.6.2x `Mem-info:`, and show_mem()'s own `Free swap:   0kB` after show_swap_cache_info()'s.
  auto ev = parse_log_text(std::string("[  575.537309] hald invoked oom-killer: gfp_mask=0x1201d2, order=0, oomkilladj=0\n") +
                           kOldMemInfo + "[  575.551439] Killed process 3956 (a.out)\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->free_swap_bytes, 0u);
  EXPECT_EQ(ev[0].mem_info->total_swap_bytes, 5947384ull * 1024);
}

TEST(Report, ASelectionWrappedBeforeScoreIsStillASelection) {
  // 231: a mail wrapped `… kill process 3500 (x-session-manag)` / `score 410763 or a child`.
  auto s = oomline::parse_select("Out of memory: kill process 3500 (x-session-manag)score 410763 or a child");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->comm, "x-session-manag");
  EXPECT_EQ(s->score, 410763u);
  auto ev = parse_log_text(
      "[  575.623722] hald invoked oom-killer: gfp_mask=0x1201d2, order=0, oomkilladj=0\n"
      "[  575.636736] Out of memory: kill process 3500 (x-session-manag)\n"
      "score 410763 or a child\n"
      "[  575.636736] Killed process 3568 (seahorse-agent)\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 3500);
  EXPECT_EQ(ev[0].selected[0].score, 410763u);
  // Cut there for good, it still names the selected task; `… sharing same memory` run into a poster's
  // `(...snipped...)` is no selection.
  auto cut = parse_log_text(
      "[  575.623722] hald invoked oom-killer: gfp_mask=0x1201d2, order=0, oomkilladj=0\n"
      "[  575.636736] Out of memory: kill process 3500 (x-session-manag)\n"
      "[  575.636736] Killed process 3568 (seahorse-agent)\n"
      "[   73.004929] Kill process 4803 (fool-sysrq-f) sharing same memory\n"
      "(...snipped...)\n");
  ASSERT_EQ(cut.size(), 1u);
  ASSERT_EQ(cut[0].selected.size(), 1u);
  EXPECT_EQ(cut[0].selected[0].comm, "x-session-manag");
  EXPECT_FALSE(cut[0].selected[0].score);
}

TEST(Report, TheCpusetLinesNodeListEndsAtItsLastNode) {
  // 232: `kworker/3:2 cpuset=/ mems_allowed=0` then a poster's `(...snipped...)` line, joined to it.
  auto c = oomline::parse_cpuset("kworker/3:2 cpuset=/ mems_allowed=0(...snipped...)");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->mems_allowed, "0");
  EXPECT_EQ(oomline::parse_cpuset("node cpuset=crio-b8.scope mems_allowed=0-1,3")->mems_allowed, "0-1,3");
}

TEST(Report, KeeneticLevelLettersAndDatelessLogreadArePrefixes) {
  // 239: Keenetic's `[W] Oct 22 20:02:32 kernel: `; 242: OpenWrt logread posted without its date.
  auto norm = [](std::string_view raw, NormalizedLine& n) { normalize_line(raw, n, 2025); };
  NormalizedLine k, w, d, daemon, row;
  norm("[I] Oct 22 20:02:32 kernel: [  201]     0   201    10019        1      14       0     1798          -999 ndm", k);
  EXPECT_TRUE(k.has_prefix);
  EXPECT_EQ(k.prefix.level, 6);
  EXPECT_TRUE(k.prefix.wall);
  EXPECT_TRUE(starts_with(k.text, "[  201]"));
  norm("kern.warn kernel: [48496.297320] kswapd0 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0", w);
  EXPECT_EQ(w.prefix.level, 4);
  EXPECT_TRUE(starts_with(w.text, "kswapd0 invoked"));
  norm("kern.debug: [346475.055102] Hardware name: GL.iNet GL-MT6000 (DT)", d);
  EXPECT_TRUE(starts_with(d.text, "Hardware name:"));
  // A daemon's line without its date and a task row keep their text.
  norm("daemon.info v2ray[4723]: A unified platform", daemon);
  EXPECT_TRUE(starts_with(daemon.text, "daemon.info"));
  norm("[ 1589]     0  1589      245        8 sleep", row);
  EXPECT_TRUE(starts_with(row.text, "[ 1589]"));
}
}  // namespace
}  // namespace oomlens
