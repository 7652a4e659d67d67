// Rules found by blind set 22a (issue 12: tests/corpus/769-780, ML training and inference jobs killed), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

bool has_note(const OomEvent& e, const std::string& text) {
  return std::any_of(e.notes.begin(), e.notes.end(), [&](const std::string& n) { return n == text; });
}

bool note_starts(const OomEvent& e, const std::string& text) {
  return std::any_of(e.notes.begin(), e.notes.end(), [&](const std::string& n) { return n.rfind(text, 0) == 0; });
}

const std::string kCut = "cut by a viewer (`...`, `…` or a pager's `>`; the cut fields are unknown): ";

TEST(CutLines, ACutLineThatOpensTheNextReportIsThatReportsCut) {
  // 771: a writer's condensed kills, each ending in `...`: the cut of a kill line belongs to its own event, never
  // to the one before it.
  const auto ev = parse_log_text(
      "Sep 08 22:46:40  dcgm-exporter invoked oom-killer ...\n"
      "Sep 08 22:46:41  Out of memory: Killed process 8301 (dbus-daemon) ...\n"
      "Sep 08 22:46:41  Out of memory: Killed process 7847 (systemd) ...\n"
      "Sep 08 22:46:41  Out of memory: Killed process 7851 ((sd-pam)) ...\n");
  ASSERT_EQ(ev.size(), 3u);
  EXPECT_TRUE(has_note(ev[0], kCut + "lines 1, 2"));
  EXPECT_TRUE(has_note(ev[1], kCut + "line 3"));
  EXPECT_TRUE(has_note(ev[2], kCut + "line 4"));
}

TEST(KillRest, ProseAfterAKillLineMissingItsEndIsNoRest) {
  // 773: a kill line quoted in a Python comment, cut after `oom_score_adj:`, then the writer's comment and code.
  const auto ev = parse_log_text(
      "# Killed process 63907 (python) total-vm:40772484kB, anon-rss:30914228kB, file-rss:4kB, shmem-rss:0kB, UID:0 "
      "pgtables:61332kB oom_score_adj:\n"
      "# upgraded the instance\n"
      "generator = load_7B_model()\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_FALSE(ev[0].victims[0].oom_score_adj);
  EXPECT_EQ(ev[0].lines.first, 1u);
  EXPECT_EQ(ev[0].lines.last, 1u);
  EXPECT_FALSE(note_starts(ev[0], "rejoined to the line before"));
}

TEST(KillRest, ALabelsOrAUnitsRestStillJoins) {
  // The pieces a 72-column wrap leaves (corpus 559, 631): `oom_score_a` + `dj:0`, `pgtables:17728k` + `B`.
  const auto ev = parse_log_text(
      "Out of memory: Killed process 171 (sh) total-vm:3102440kB, anon-rss:1670\n"
      "644kB, file-rss:0kB, shmem-rss:1852kB, UID:0 pgtables:3336kB oom_score_a\n"
      "dj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, uint64_t{1670644} * 1024);
  EXPECT_EQ(ev[0].victims[0].oom_score_adj, 0);
  const auto ev2 = parse_log_text(
      "Out of memory: Killed process 3150535 (python) total-vm:249489152kB,\n"
      "  anon-rss:116204928kB, file-rss:18432kB, shmem-rss:0kB, pgtables:17728k\n"
      "B\n");
  ASSERT_EQ(ev2.size(), 1u);
  ASSERT_EQ(ev2[0].victims.size(), 1u);
  EXPECT_EQ(ev2[0].victims[0].pgtables_bytes, uint64_t{17728} * 1024);
}

TEST(KillRest, ASentenceAfterACondensedKillLineIsNoRest) {
  // 774: a list item quoting a writer's condensed kill line (`total-vm:22GB`), then the item's next sentence.
  const auto ev = parse_log_text(
      "   `Memory cgroup out of memory: Killed process (python3) total-vm:22GB`.\n"
      "   **Fix:** Rewrote `iter_tf1()` to stream-filter on the fly, keeping only `n`\n"
      "   valid records (commit `939eefd`).\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "python3");
  EXPECT_FALSE(ev[0].victims[0].total_vm_bytes);
  EXPECT_EQ(ev[0].lines.last, 1u);
}

TEST(MaskedPid, KernelsMessageAndANameAloneIsAKillWhoseSizesMayWrap) {
  // 775: `Out of memory: Killed process (koboldcpp)`, its sizes on the next line with a space after each colon.
  const auto ev = parse_log_text(
      "Out of memory: Killed process (koboldcpp)\n"
      "total-vm: 5889288kB, anon-rss: 5077816kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "koboldcpp");
  EXPECT_FALSE(ev[0].victims[0].pid);
  EXPECT_EQ(ev[0].victims[0].total_vm_bytes, uint64_t{5889288} * 1024);
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, uint64_t{5077816} * 1024);
  // Prose that names a killed process without the kernel's message is none.
  EXPECT_TRUE(parse_log_text("The watchdog Killed process (koboldcpp)\n").empty());
}

TEST(MaskedPid, ACutKillThenItsSummaryReversedIsOneReport) {
  // 729 through `reverse`: the summary names the masked kill's task; the kill line a viewer cut is still the last
  // record read, so the summary after it is its own (the kernel prints it first).
  const auto ev = parse_log_text(
      "    Memory cgroup out of memory: Killed process (pt_data_worker) anon-rss:29603...\n"
      "    oom-kill:constraint=CONSTRAINT_MEMCG ... task=pt_data_worker\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "pt_data_worker");
}

TEST(KillRest, AReflowedLabelOrUnitIsTheKillLinesRest) {
  // A reflow that indents each piece of a terminal-padded line (corpus 70 through `reflow_indent`): the rest starts at
  // a field's label or at its unit's rest, never at a sentence.
  const auto ev = parse_log_text(
      "[67690.815993] Killed process 4833 (python) total-vm:1059548kB,\n"
      "    anon-rss:830480k" + std::string(53, ' ') + "\n" + std::string(67, ' ') +
      "B, file-rss:2796kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, uint64_t{830480} * 1024);
  EXPECT_EQ(ev[0].victims[0].file_rss_bytes, uint64_t{2796} * 1024);
}

TEST(KillRest, ARestAViewerCutLeavesTheKillLineCut) {
  // 562 through `reflow_indent`: the kill line's rest ends in `...`; the summary's uid is the cut line's, as when the
  // kill line and its `...` stand on one line.
  const auto ev = parse_log_text(
      "oom-kill:constraint=CONSTRAINT_NONE,...,global_oom,task_memcg=/init.scope,task=python,pid=14078,uid=1000\n"
      "Out of memory: Killed process 14078 (python) total-vm:29359992kB,\n"
      "    anon-rss:14282608kB, ...\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, uint64_t{14282608} * 1024);
  EXPECT_EQ(ev[0].victims[0].uid, 1000u);
}

}  // namespace
}  // namespace oomlens
