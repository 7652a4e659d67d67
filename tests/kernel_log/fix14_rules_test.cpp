// Rules found by helper fix14 (issue 12: the corpus's last pending files and known misses), each on hand-written
// input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(CommentQuote, LineCommentMarkGoesAsAMailQuote) {
  // 853: a /dev/kmsg record quoted in a C++ comment and wrapped there: `// ` before each piece, the score on the
  // second. The mark goes as a mail quote's `> ` does, so the rest joins its selection.
  const auto ev = parse_log_text(
      "  // Sample OOM log line:\n"
      "  // 3,1362,97646497541,-;Out of memory: Kill process 29582 (android.vending)\n"
      "  // score 961 or sacrifice child.\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 29582);
  EXPECT_EQ(ev[0].selected[0].score, 961u);
  // Not indented, and a second report after it: each keeps its own record.
  const auto ev2 = parse_log_text(
      "// [  100.000001] Out of memory: Kill process 29582 (android.vending)\n"
      "// score 961 or sacrifice child.\n"
      "// [  100.000002] Killed process 29582 (android.vending) total-vm:100kB, anon-rss:10kB, file-rss:0kB\n"
      "// [  200.000001] Out of memory: Kill process 300 (app) score 12 or sacrifice child\n");
  ASSERT_EQ(ev2.size(), 2u);
  ASSERT_EQ(ev2[0].selected.size(), 1u);
  EXPECT_EQ(ev2[0].selected[0].score, 961u);
  ASSERT_EQ(ev2[0].victims.size(), 1u);
  EXPECT_EQ(ev2[0].victims[0].pid, 29582);
  ASSERT_EQ(ev2[1].selected.size(), 1u);
  EXPECT_EQ(ev2[1].selected[0].score, 12u);
  // A comment's prose is no kernel text.
  NormalizedLine n;
  normalize_line("  // Sample OOM log line:", n, std::nullopt);
  EXPECT_FALSE(n.has_prefix);
  EXPECT_EQ(n.text, "Sample OOM log line:");
}

TEST(LowmemAdvice, DmaLowZoneAdviceNamesNoNormalZone) {
  // 843 (32-bit ARM, 6.0): the low memory is the DMA zone (no Normal zone line), at its min while HighMem is free,
  // no CMA: the 64-bit advice speaks of low memory, not of a Normal zone the machine lacks.
  constexpr uint64_t KiB = 1024;
  OomEvent e;
  e.kind = EventKind::no_killable;
  e.constraint = Constraint::global;
  MemInfo mi;
  mi.free_swap_bytes = 0;
  mi.total_swap_bytes = 0;
  Zone dma;
  dma.name = "DMA";
  dma.free_bytes = 8744 * KiB;
  dma.min_bytes = 9060 * KiB;
  dma.managed_bytes = 47116 * KiB;
  dma.free_cma_bytes = 0;
  Zone high;
  high.name = "HighMem";
  high.free_bytes = 261356 * KiB;
  high.min_bytes = 512 * KiB;
  high.managed_bytes = 700000 * KiB;
  mi.zones = {dma, high};
  e.mem_info = mi;
  const Explanation x = explain(e);
  ASSERT_NE(fixtures::find(x, "lowmem_exhausted"), nullptr);
  const std::string all = fixtures::everything(x);
  EXPECT_NE(all.find("does not protect low memory"), std::string::npos) << all;
  EXPECT_EQ(all.find("Normal zone."), std::string::npos) << all;
}

TEST(TaskTable, ForeignLineBetweenHeaderlessRowsKeepsTheRowsAboveIt) {
  // Syslog rows without their table header (an excerpt starting below it, corpus 831's shape), another program's
  // record between two of them, then the summary: every row is the summary's report's.
  const std::string rows =
      "May 19 12:19:38 host03 kernel: [230461.498996] [  42046]     0 42046      620       16    45056        0"
      "             0 sh\n"
      "May 19 12:19:38 host03 kernel: [230461.509281] [  42047]     0 42047     2452      138    57344        0"
      "             0 su\n"
      "May 19 12:19:38 host03 systemd[1]: Started Session 5 of user root.\n"
      "May 19 12:19:38 host03 kernel: [230461.518837] [  42049]     1 42049     3764      240    73728        0"
      "             0 systemd\n"
      "May 19 12:19:38 host03 kernel: [230461.529099] [  42050]     1 42050    41641      665    86016        0"
      "             0 (sd-pam)\n";
  const std::string summary =
      "May 19 12:19:38 host03 kernel: [230461.584459] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,"
      "mems_allowed=0,global_oom,task_memcg=/system.slice/bitnami.service,task=mysqld,pid=3774,uid=1001\n";
  const auto ev = parse_log_text(rows + summary);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 4u);
  EXPECT_EQ(ev[0].tasks[0].pid, 42046);
  EXPECT_EQ(ev[0].tasks[3].pid, 42050);
  // A second report after it keeps its own rows; a kill line above the foreign line still ends the rows.
  const std::string kill =
      "May 19 12:10:00 host03 kernel: [230000.000001] Out of memory: Killed process 100 (a) total-vm:100kB, "
      "anon-rss:10kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0\n";
  const auto ev2 = parse_log_text(kill + "May 19 12:19:38 host03 systemd[1]: Started Session 5 of user root.\n" +
                                  rows.substr(rows.find("May 19 12:19:38 host03 kernel: [230461.518837]")) + summary);
  ASSERT_EQ(ev2.size(), 2u);
  EXPECT_EQ(ev2[1].tasks.size(), 2u);
}

TEST(KillLine, RetypedKeysOneEditAwayAreRead) {
  // 839: a kill line typed again from a photo of a console: `shmen-rss:0KB`, `oom_score ad j:200`.
  const auto k = oomline::parse_kill(
      "Out of memory: Killed process 5555 (node) total-vm: 140620kB, anon-rss:13656kB, file-rss:31936kB, "
      "shmen-rss:0KB, UID:0 pgtables:412kB oom_score ad j:200");
  ASSERT_TRUE(k.has_value());
  EXPECT_EQ(k->shmem_rss_kb, 0u);
  EXPECT_EQ(k->oom_score_adj, 200);
  EXPECT_EQ(k->pgtables_kb, 412u);
  EXPECT_FALSE(k->cut);
  // The kernel's spelling wins; a key two edits away, or a short one, is no retyping; a cut key stays unknown.
  const auto k2 = oomline::parse_kill(
      "Out of memory: Killed process 5555 (node) total-vm:140620kB, anon-rss:13656kB, file-rss:31936kB, "
      "shmem-rss:7kB, UID:0 pgtables:412kB oom_score_adj:-5 shmen-rss:9kB");
  ASSERT_TRUE(k2.has_value());
  EXPECT_EQ(k2->shmem_rss_kb, 7u);
  EXPECT_EQ(k2->oom_score_adj, -5);
  const auto k3 = oomline::parse_kill(
      "Out of memory: Killed process 5555 (node) total-vm:140620kB, anon-rss:13656kB, file-rss:31936kB, "
      "shm-rxx:7kB, UID:0 pgtables:412kB oom_sco");
  ASSERT_TRUE(k3.has_value());
  EXPECT_FALSE(k3->shmem_rss_kb.has_value());
  EXPECT_FALSE(k3->oom_score_adj.has_value());
  EXPECT_TRUE(k3->cut);
}

}  // namespace
}  // namespace oomlens
