// Tasks tables out of their place (issue 12): pasted after their kill, read
// newest-first, padded by a terminal. The rows keep dump_tasks()'s print
// order (from the column header on) and their figures.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_log/report_scanner.h"
#include "manglers.h"

namespace oomlens {
namespace {

constexpr std::string_view kKill =
    "Mar 24 18:41:04 host05 kernel: Out of memory: Killed process 3003003 (worker) total-vm:2484556kB, "
    "anon-rss:143224kB, file-rss:0kB, shmem-rss:452kB, UID:1011 pgtables:588kB oom_score_adj:900\n";
constexpr std::string_view kColumns =
    "Mar 24 18:41:03 host05 kernel: [ pid ] uid tgid total_vm rss pgtables_bytes swapents oom_score_adj name\n";
// Print order (the kernel's task list order).
const std::vector<std::string> kRows = {
    "Mar 24 18:41:03 host05 kernel: [ 1001] 1011 1001 47586463 5345805 128630784 547757 0 server\n",
    "Mar 24 18:41:03 host05 kernel: [ 2002] 1011 2002 602678 8365 360448 751 0 helper\n",
    "Mar 24 18:41:03 host05 kernel: [ 3003003] 1011 3003003 621139 24748 700416 527 900 worker\n",
};

std::vector<OomEvent> parse(std::string_view text) { return parse_log_text(text, ScanOptions{"t", 2024}); }

void expect_print_order(const std::vector<OomEvent>& ev, const std::string& text) {
  ASSERT_EQ(ev.size(), 1u) << text;
  ASSERT_EQ(ev[0].victims.size(), 1u) << text;
  EXPECT_EQ(ev[0].victims[0].pid, 3003003) << text;
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, 143224u * 1024) << text;
  ASSERT_EQ(ev[0].tasks.size(), 3u) << text;
  const int64_t pids[] = {1001, 2002, 3003003};
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(ev[0].tasks[i].pid, pids[i]) << text;
  EXPECT_EQ(ev[0].tasks[2].oom_score_adj, 900) << text;
  EXPECT_EQ(ev[0].tasks[0].swap_bytes, 547757u * 4096) << text;
}

// A table pasted after its kill in print order (column header first) is no
// newest-first text: read forward, its rows come in their printed order.
// Wrapped at a terminal's width or reflowed by a mail client the same.
TEST(TableOrder, ATablePastedAfterItsKillKeepsItsOrder) {
  std::string text = std::string(kKill) + "\n" + std::string(kColumns);
  for (const auto& r : kRows) text += r;
  expect_print_order(parse(text), text);
  for (size_t width : {72, 80}) {
    const std::string wrapped = mangle::hard_wrap(text, width);
    expect_print_order(parse(wrapped), wrapped);
  }
  const std::string flowed = mangle::flowed(text, 72);
  expect_print_order(parse(flowed), flowed);
}

// The same text newest-first: the rows before the column header, before the
// kill. Read forward (the kill is the last line), the rows are put back in
// the order that runs away from their header.
TEST(TableOrder, RowsAboveTheirColumnHeaderAreReadFromIt) {
  std::string text;
  for (size_t i = kRows.size(); i-- > 0;) text += kRows[i];
  text += std::string(kColumns) + "\n" + std::string(kKill);
  expect_print_order(parse(text), text);
}

// A real newest-first report (`journalctl -r`): rows after the kill, the
// column header after them. Still read newest-first, in print order.
TEST(TableOrder, NewestFirstRowsAfterTheKillAreStillReversed) {
  std::string text(kKill);
  for (size_t i = kRows.size(); i-- > 0;) text += kRows[i];
  text += kColumns;
  expect_print_order(parse(text), text);
}

// A terminal's pads inside the rows of a newest-first text whose header was
// cut (the rows are preloaded before the kill opens the report): taken out
// as from any other line, so no number is split (`9        00` is not adj 0).
TEST(TableOrder, PaddedRowsBeforeANewestFirstOpeningAreDepadded) {
  std::string text(kKill);
  for (size_t i = kRows.size(); i-- > 0;) text += kRows[i];
  text += kColumns;
  const std::string padded = mangle::inline_pad_wrap(text, 80);
  ASSERT_NE(padded.find("9        00"), std::string::npos);
  expect_print_order(parse(padded), padded);
}

}  // namespace
}  // namespace oomlens
