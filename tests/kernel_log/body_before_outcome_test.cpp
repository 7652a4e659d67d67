// A headerless report opened at its body (issue 12: corpus 512 and 522): a paste that starts after the header,
// at show_mem()'s block or inside the call trace, without a `CPU:`/`Call Trace:` line, then the kill. Such a
// body opens the report only because an OOM outcome follows it straight (show_mem() also prints on SysRq-m and
// on a page allocation failure), in print order and newest-first alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/report_assembler.h"
#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

// The lines of `text` in the opposite order (`tac`).
std::string reversed(std::string_view text) {
  std::vector<std::string> lines;
  std::stringstream ss{std::string(text)};
  for (std::string l; std::getline(ss, l);) lines.push_back(l);
  std::string out;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) out += *it + "\n";
  return out;
}

// Shaped like 522: 2.6.5's show_mem from its `Active:` line, zone lines a mail client wrapped, no header.
constexpr std::string_view kShowMemThenKill =
    "Active:14191667 inactive:1947580 dirty:0 writeback:0 unstable:0\n"
    "free:6484 slab:5724 mapped:16141523 pagetables:169329\n"
    "Node 1 Normal free:1732kB min:2048kB low:4096kB high:6144kB\n"
    "active:7994996kB inactive:24532kB present:8388604kB\n"
    "pages_scanned:5761247 all_unreclaimable? yes\n"
    "lowmem_reserve[]: 0 0 0\n"
    "Node 1 Normal: 75*4kB 12*8kB 3*16kB 4*32kB 1*64kB 1*128kB 1*256kB\n"
    "0*512kB 1*1024kB 0*2048kB 0*4096kB = 2044kB\n"
    "Swap cache: add 274845, delete 274813, find 322/1666, race 1+1\n"
    "Free swap:            0kB\n"
    "16777208 pages of RAM\n"
    "430115 reserved pages\n"
    "Out of Memory: Killed process 12726 (mtest).\n";

// Shaped like 512: 2.6.7's frames through out_of_memory(), called by try_to_free_pages(), without the block's
// first line (a poster's `[...]` above them), then the kill.
constexpr std::string_view kFramesThenKill =
    "> Out of memory: pid 2655, comm xterm        , gfp 0x466, order 0\n"
    "[...]\n"
    ">  [<c0131d69>] out_of_memory+0xb2/0x105\n"
    ">  [<c013a0bd>] try_to_free_pages+0x143/0x190\n"
    ">  [<c0132bae>] __alloc_pages+0x1c3/0x347\n"
    ">  [<c013595b>] do_page_cache_readahead+0x13b/0x197\n"
    ">  [<c01040a1>] error_code+0x2d/0x38\n"
    "> Out of Memory: Killed process 2666 (memalloc2).\n";

TEST(BodyBeforeOutcome, AShowMemBlockThenAKillIsOneMachineWideReport) {
  const OomEvent e = testing::one_event(kShowMemThenKill);
  EXPECT_EQ(e.kind, EventKind::kill);
  EXPECT_EQ(e.constraint, Constraint::global);
  EXPECT_EQ(e.lines.first, 1u);
  ASSERT_TRUE(e.mem_info && e.mem_info->free_swap_bytes);
  EXPECT_EQ(*e.mem_info->free_swap_bytes, 0u);
  ASSERT_FALSE(e.victims.empty());
  EXPECT_EQ(e.victims[0].pid, 12726);
  for (size_t size : {1u, 13u, 100u}) {
    const auto c = testing::parse_chunked(kShowMemThenKill, size);
    ASSERT_EQ(c.size(), 1u) << size;
    EXPECT_EQ(c[0].constraint, Constraint::global) << size;
  }
}

TEST(BodyBeforeOutcome, NewestFirstTheShowMemBlockAfterTheKillIsItsToo) {
  const OomEvent e = testing::one_event(reversed(kShowMemThenKill));
  EXPECT_EQ(e.kind, EventKind::kill);
  EXPECT_EQ(e.constraint, Constraint::global);
  ASSERT_TRUE(e.mem_info && e.mem_info->free_swap_bytes);
  EXPECT_EQ(*e.mem_info->free_swap_bytes, 0u);
}

TEST(BodyBeforeOutcome, FramesThroughOutOfMemoryThenAKillAreOneReport) {
  const OomEvent e = testing::one_event(kFramesThenKill);
  EXPECT_EQ(e.kind, EventKind::kill);
  // out_of_memory() called by try_to_free_pages() from __alloc_pages(): the page allocator's path.
  EXPECT_EQ(e.constraint, Constraint::global);
  EXPECT_EQ(e.lines.first, 3u);  // the first frame, not the poster's `[...]` or the debug printk
  EXPECT_EQ(e.victims.at(0).pid, 2666);
}

TEST(BodyBeforeOutcome, NewestFirstTheFramesAfterTheKillAreItsToo) {
  const OomEvent e = testing::one_event(reversed(kFramesThenKill));
  EXPECT_EQ(e.kind, EventKind::kill);
  EXPECT_EQ(e.constraint, Constraint::global);
}

TEST(BodyBeforeOutcome, ShowMemWithoutAnOutcomeIsNoReport) {
  // SysRq-m prints show_mem() alone: no OOM report, in either order.
  constexpr std::string_view kSysrqM =
      "SysRq : Show Memory\n"
      "Mem-info:\n"
      "Active:57185 inactive:57079 dirty:0 writeback:0 unstable:0 free:714\n"
      "Free swap  = 219592kB\n"
      "Total swap = 976540kB\n"
      "131072 pages of RAM\n";
  EXPECT_TRUE(parse_log_text(kSysrqM).empty());
  EXPECT_TRUE(parse_log_text(reversed(kSysrqM)).empty());
}

TEST(BodyBeforeOutcome, AParagraphBetweenTheBlockAndTheKillKeepsThemApart) {
  // The poster's prose after a blank line: the block is not the kill's report.
  const std::string text = std::string(kShowMemThenKill.substr(0, kShowMemThenKill.rfind("Out of"))) +
                           "\nThen the box killed it:\n\nOut of Memory: Killed process 12726 (mtest).\n";
  const OomEvent e = testing::one_event(text);
  EXPECT_EQ(e.kind, EventKind::kill);
  EXPECT_FALSE(e.constraint);
  EXPECT_FALSE(e.mem_info && e.mem_info->free_swap_bytes);
  EXPECT_EQ(e.lines.first, e.lines.last);
}

TEST(BodyBeforeOutcome, FramesWithoutAnOomFrameOpenNothing) {
  // A trace of something else (no out_of_memory() frame) straight before a kill is no body of its report.
  const OomEvent e = testing::one_event(
      " [<c013595b>] do_page_cache_readahead+0x13b/0x197\n"
      " [<c01040a1>] error_code+0x2d/0x38\n"
      "Out of Memory: Killed process 2666 (memalloc2).\n");
  EXPECT_FALSE(e.constraint);
  EXPECT_EQ(e.lines.first, 3u);
}

TEST(BodyBeforeOutcome, AShowMemStampedLongBeforeTheKillIsAnotherDumps) {
  // Stamps more than 5 s apart: an earlier SysRq-m or allocation failure's show_mem, not this kill's.
  const OomEvent e = testing::one_event(
      "[  100.000000] Free swap  = 0kB\n"
      "[  100.000001] 131072 pages RAM\n"
      "[  160.000000] Out of memory: Killed process 2666 (memalloc2) total-vm:1000kB, anon-rss:800kB, "
      "file-rss:0kB, shmem-rss:0kB\n");
  EXPECT_FALSE(e.mem_info && e.mem_info->free_swap_bytes);
  EXPECT_EQ(e.lines.first, 3u);
}

TEST(BodyBeforeOutcome, AnAllocationFailureAfterAKillIsReadInPrintOrder) {
  // 526: the kill, then a page allocation failure with its own trace and show_mem: print order, one report
  // (the failure's show_mem is not the kill's body read newest-first).
  const auto events = parse_log_text(
      "Out of Memory: Killed process 2386 (memtest).\n"
      "memtest: page allocation failure. order:0, mode:0xd2\n"
      " [c003fa2c] __alloc_pages+0x2a4/0x3e4\n"
      "Free swap  = 219592kB\n"
      "Total swap = 976540kB\n");
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].lines.first, 1u);
  EXPECT_FALSE(events[0].mem_info && events[0].mem_info->free_swap_bytes);
}

TEST(BodyBeforeOutcome, NewestFirstAnotherDriversPagesLineIsNoShowMem) {
  // i915's `Purging GPU memory, 0 pages freed, …` names pages but is no show_mem() line: newest-first it lies
  // before the kill and says nothing of the order (corpus 42, 448 reversed).
  EXPECT_FALSE(line_is_show_mem("Purging GPU memory, 0 pages freed, 0 pages still pinned, 2112 pages left available."));
  EXPECT_TRUE(line_is_show_mem("430115 reserved pages"));
  EXPECT_TRUE(line_is_show_mem("Active:57185 inactive:57079 dirty:0 writeback:0 unstable:0 free:714"));
  EXPECT_TRUE(line_is_show_mem("DMA free:2856kB min:2896kB low:3620kB high:4344kB active:228740kB"));
  EXPECT_FALSE(line_is_show_mem("Tasks state (memory values in pages):"));
}

TEST(BodyBeforeOutcome, ShowMemPiecesAreFieldsOnly) {
  EXPECT_TRUE(line_is_meminfo_piece("active:7994996kB inactive:24532kB present:8388604kB"));
  EXPECT_TRUE(line_is_meminfo_piece("0*512kB 1*1024kB 0*2048kB 0*4096kB = 2044kB"));
  EXPECT_TRUE(line_is_meminfo_piece("all_unreclaimable? yes"));
  EXPECT_TRUE(line_is_meminfo_piece("1*1024kB (UM) 0*2048kB = 10264kB"));
  EXPECT_FALSE(line_is_meminfo_piece("yes"));
  EXPECT_FALSE(line_is_meminfo_piece("file-rss:1700kB, shmem-rss:0kB"));
  EXPECT_FALSE(line_is_meminfo_piece("Then the box killed it:"));
}

}  // namespace
}  // namespace oomlens
