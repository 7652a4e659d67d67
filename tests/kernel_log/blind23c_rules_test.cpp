// Rules found by blind set 23c (issue 12: tests/corpus/841-852, the newest formats and rare causes), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::everything;  // the summary, checks and advice as one text (diagnose/event_fixtures.h)
using fixtures::find;

TEST(Panic, WordWrappedOomPanicReadsAsTheKernelsMessage) {
  // 843: a mail client word-wrapped `Kernel panic - not syncing: System is` / `deadlocked on memory`; the unprefixed
  // rest is rejoined without the space its break took.
  const std::string report =
      "[    7.382110][    T2] Out of memory and no killable processes...\n"
      "[    7.382452][    T2] Kernel panic - not syncing: System is\n"
      "deadlocked on memory\n";
  auto ev = parse_log_text(report);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::no_killable);
  EXPECT_EQ(ev[0].panic_message, std::string("System is deadlocked on memory"));
  // Another panic text glued so stays as read: only the kernel's own OOM messages are known.
  ev = parse_log_text(
      "[    7.382110] Out of memory and no killable processes...\n"
      "[    7.382452] Kernel panic - not syncing: System is\n"
      "deadlocked on memory, really\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].panic_message, std::string("System isdeadlocked on memory, really"));
  // A second report after it keeps its own, whole message.
  ev = parse_log_text(report +
                      "[   20.000000] sh invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
                      "[   20.000001] Kernel panic - not syncing: Out of memory: compulsory panic_on_oom is enabled\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].panic_message, std::string("System is deadlocked on memory"));
  EXPECT_EQ(ev[1].panic_message, std::string("Out of memory: compulsory panic_on_oom is enabled"));
}

TEST(Lowmem, DmaZoneIsTheLowMemoryWhenNoNormalZoneIsPrinted) {
  // 843: 32-bit ARM, whose low memory is all ZONE_DMA (its Normal zone is empty, so show_free_areas() prints no
  // line for it): DMA under its min watermark while HighMem is free is low memory run out, not unknown.
  const std::string head =
      "[    7.362779] kthreadd invoked oom-killer: gfp_mask=0x40cc0(GFP_KERNEL|__GFP_COMP), order=1, "
      "oom_score_adj=0\n"
      "[    7.367947] Mem-Info:\n"
      "[    7.368456] active_anon:0 inactive_anon:0 isolated_anon:0\n"
      "[    7.368456]  free:67525 free_pcp:271 free_cma:16320\n";
  const std::string dma =
      "[    7.371128] DMA free:8744kB boost:8192kB min:9060kB low:9276kB high:9492kB reserved_highatomic:16384KB "
      "active_anon:0kB inactive_anon:0kB active_file:0kB inactive_file:0kB unevictable:0kB writepending:0kB "
      "present:786432kB managed:47116kB mlocked:0kB bounce:0kB free_pcp:1036kB local_pcp:1036kB free_cma:0kB\n"
      "[    7.371610] lowmem_reserve[]: 0 0 256 256\n";
  const std::string highmem =
      "[    7.371906] HighMem free:261356kB boost:0kB min:256kB low:1460kB high:2664kB reserved_highatomic:0KB "
      "active_anon:0kB inactive_anon:0kB active_file:0kB inactive_file:0kB unevictable:0kB writepending:0kB "
      "present:262144kB managed:262144kB mlocked:0kB bounce:0kB free_pcp:48kB local_pcp:48kB free_cma:65280kB\n"
      "[    7.372300] lowmem_reserve[]: 0 0 0 0\n";
  const std::string tail =
      "[    7.374590] Free swap  = 0kB\n"
      "[    7.374697] Total swap = 0kB\n"
      "[    7.374915] 262144 pages RAM\n"
      "[    7.375011] 65536 pages HighMem/MovableOnly\n"
      "[    7.382110] Out of memory and no killable processes...\n";
  auto ev = parse_log_text(head + dma + highmem + tail);
  ASSERT_EQ(ev.size(), 1u);
  Explanation x = explain(ev[0]);
  EXPECT_TRUE(nullptr != find(x, "lowmem_exhausted")) << everything(x);
  EXPECT_FALSE(nullptr != find(x, "lowmem_unknown")) << everything(x);
  EXPECT_NE(everything(x).find("the DMA zone, all of the low memory here"), std::string::npos) << everything(x);
  // The DMA zone above its min: low memory did not run out, and it is shown (no "no Normal zone line" guess).
  std::string roomy = dma;
  roomy.replace(roomy.find("free:8744kB"), 11, "free:98744kB");
  ev = parse_log_text(head + roomy + highmem + tail);
  ASSERT_EQ(ev.size(), 1u);
  x = explain(ev[0]);
  EXPECT_FALSE(nullptr != find(x, "lowmem_exhausted")) << everything(x);
  EXPECT_FALSE(nullptr != find(x, "lowmem_unknown")) << everything(x);
  // x86's 16 MiB ISA DMA zone is not the low memory: its Normal line is only missing from the excerpt (235).
  std::string isa = dma;
  isa.replace(isa.find("present:786432kB managed:47116kB"), 32, "present:15992kB managed:15360kB");
  ev = parse_log_text(head + isa + highmem + tail);
  ASSERT_EQ(ev.size(), 1u);
  x = explain(ev[0]);
  EXPECT_FALSE(nullptr != find(x, "lowmem_exhausted")) << everything(x);
  EXPECT_TRUE(nullptr != find(x, "lowmem_unknown")) << everything(x);
  // With no HighMem line, a DMA zone at its min is no low memory of a 32-bit kernel (a 64-bit DMA zone is not the
  // kernel's only memory).
  ev = parse_log_text(head + dma + tail);
  ASSERT_EQ(ev.size(), 1u);
  x = explain(ev[0]);
  EXPECT_FALSE(nullptr != find(x, "lowmem_exhausted")) << everything(x);
}

}  // namespace
}  // namespace oomlens
