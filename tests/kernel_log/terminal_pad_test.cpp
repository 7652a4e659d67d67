// A text a terminal already padded (each line wrapped at 80 columns and the
// break filled with a run of spaces wider than the rest of the line), then
// mangled again (issue 12): wrapped, reflowed, soft-broken, re-prefixed or
// joined. The pads are taken out wherever the second mangle left them, so
// every figure reads as from the padded text itself.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernel_log/report_scanner.h"
#include "manglers.h"

namespace oomlens {
namespace {

// The report before the terminal: a table's two last rows, the selection, the kill and the reaper.
const std::vector<std::string> kLines = {
    "[ 5120.100001] [ 2101]     0  2101     2476      314      11       0       28             0 sshd",
    "[ 5120.100005] [ 2144]  1000  2144   264887   208319     501       0    16262             0 worker",
    "[ 5120.100010] Out of memory: Kill process 2144 (worker) score 901 or sacrifice child",
    "[ 5120.100030] Killed process 2144 (worker) total-vm:1059548kB, anon-rss:830480kB, file-rss:2796kB, "
    "shmem-rss:0kB",
    "[ 5120.300000] oom_reaper: reaped process 2144 (worker), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB",
};

// Each line longer than 80 columns with 117 spaces at column 80, as a terminal pads its wrap.
std::string terminal_padded() {
  std::string out;
  for (const auto& l : kLines) {
    out += l.size() > 80 ? l.substr(0, 80) + std::string(117, ' ') + l.substr(80) : l;
    out += '\n';
  }
  return out;
}

void expect_figures(const std::string& text) {
  auto ev = parse_log_text(text, ScanOptions{"t", 2024});
  ASSERT_EQ(ev.size(), 1u) << text;
  ASSERT_EQ(ev[0].victims.size(), 1u) << text;
  const Victim& v = ev[0].victims[0];
  EXPECT_EQ(v.pid, 2144) << text;
  EXPECT_EQ(v.anon_rss_bytes, 830480u * 1024) << text;
  EXPECT_EQ(v.file_rss_bytes, 2796u * 1024) << text;
  EXPECT_EQ(v.shmem_rss_bytes, 0u) << text;
  ASSERT_TRUE(v.reaped) << text;
  EXPECT_EQ(v.reaped->anon_rss_bytes, 0u) << text;
  EXPECT_EQ(v.reaped->file_rss_bytes, 0u) << text;
  EXPECT_EQ(v.reaped->shmem_rss_bytes, 0u) << text;
  EXPECT_EQ(v.oom_score_adj, 0) << text;
  ASSERT_EQ(ev[0].tasks.size(), 2u) << text;
  EXPECT_EQ(ev[0].tasks[1].pid, 2144) << text;
  EXPECT_EQ(ev[0].tasks[1].swap_bytes, 16262u * 4096) << text;
}

TEST(TerminalPad, PaddedTextReadsWhole) { expect_figures(terminal_padded()); }

// Wrapped at 80: the pad becomes a line of spaces only, as wide, between the
// line and its rest (`…anon-rss:830480k` / 80 spaces / `     B, file-rss:…`).
// At 72 the reaper's rest (`rss:0kB, shmem-rss:`) is no Mem-Info counter.
TEST(TerminalPad, AWrapOfThePadIsJoinedOver) {
  expect_figures(mangle::hard_wrap(terminal_padded(), 80));
  expect_figures(mangle::hard_wrap(terminal_padded(), 72));
}

// format=flowed breaks inside the pad: a line of spaces only after a line ending in one.
TEST(TerminalPad, AFlowedBreakInsideThePadIsJoinedOver) { expect_figures(mangle::flowed(terminal_padded(), 72)); }

// A reflow broke inside the pad (`    anon-rss:830480k` + spaces, then
// `    …B, file-rss:…`): the pieces are joined as the padded line was.
TEST(TerminalPad, AReflowInsideThePadJoinsWithoutASpace) { expect_figures(mangle::reflow_indent(terminal_padded())); }

// Prefixes of other lengths put the pads at other columns, so no pad is
// found for the whole text: the reaper line is read without its pad as the kill line is.
TEST(TerminalPad, AReaperLineLosesItsPadUnderMixedPrefixes) {
  expect_figures(mangle::reprefix(terminal_padded(), mangle::Prefix::mixed));
  expect_figures(mangle::quoted_printable(terminal_padded()));
}

// A row glued before the selection that opens the report (`… 0 worker` +
// `May  7 … kernel: Out of memory: Kill process …`) is the table's last row.
TEST(TerminalPad, ARowGluedBeforeTheOpeningLineIsTheTables) {
  const std::string joined = mangle::join_records(terminal_padded());
  ASSERT_NE(joined.find("0 workerMay"), std::string::npos);
  expect_figures(joined);
}

}  // namespace
}  // namespace oomlens
