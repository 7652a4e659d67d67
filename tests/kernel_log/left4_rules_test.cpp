// Rules of issue 12's leftovers (helper left4), each on hand-written input
// shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

ScanOptions syslog_year() {
  ScanOptions opt;
  opt.default_year = 2025;
  return opt;
}

// 377: a poster quoted a task row, wrote prose, then quoted the kill line, both stamped in the same second on the
// same host. dump_tasks() prints right before the kill: the row is the kill's report's.
TEST(RowsAcrossProse, ARowQuotedAboveThePostersProseIsTheKillsReport) {
  const std::string row = "Aug 18 03:19:11 host01 kernel: [ 7747]     0  7748  3226957  2875051    5692        0"
                          "             0 python\n";
  const std::string kill = "Aug 18 03:19:11 host01 kernel: Killed process 7748 (python) total-vm:12907828kB, "
                           "anon-rss:11500204kB, file-rss:0kB\n";
  auto ev = parse_log_text(row + "\n(notice it just say name = \"python\")\n\nand this:\n\n" + kill, syslog_year());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].tasks.size(), 1u);
  EXPECT_EQ(ev[0].tasks[0].pid, 7747);
  EXPECT_EQ(ev[0].tasks[0].comm, "python");
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].oom_score_adj, 0);  // the row's, by its tgid 7748

  // A row stamped a minute before the kill is another burst's: not taken.
  std::string early = row;
  early.replace(early.find("03:19:11"), 8, "03:18:11");
  ev = parse_log_text(early + "\nprose\n\n" + kill, syslog_year());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].tasks.empty());
  // Nor one of another host.
  std::string other_host = row;
  other_host.replace(other_host.find("host01"), 6, "host02");
  ev = parse_log_text(other_host + "\nprose\n\n" + kill, syslog_year());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].tasks.empty());
  // Nor across more prose than a few lines, nor across a prefixed kernel line that is no row.
  std::string long_prose;
  for (int i = 0; i < 12; ++i) long_prose += "some more words of the poster\n";
  ev = parse_log_text(row + long_prose + kill, syslog_year());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].tasks.empty());
  ev = parse_log_text(row + "\nprose\nAug 18 03:19:11 host01 kernel: something else\n" + kill, syslog_year());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].tasks.empty());
  // Without stamps nothing says the row was printed with the kill.
  ev = parse_log_text(
      "[ 7747]     0  7748  3226957  2875051    5692        0             0 python\n\nprose\n\n"
      "Killed process 7748 (python) total-vm:12907828kB, anon-rss:11500204kB, file-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].tasks.empty());
}

// 421: journald shows the tail of a memcg's memory.stat block as continuation lines, then `Tasks state`, and the
// paste ends. `Tasks state (memory values in pages):` is printed in an OOM report only: it opens one, and the
// memory.stat lines before it say a memcg OOM.
TEST(TasksStateAnchor, ALoneTasksStateLineAfterMemoryStatIsAMemcgReport) {
  const std::string pad(51, ' ');
  auto ev = parse_log_text(pad + "pgfault 78387338\n" + pad + "thp_fault_alloc 0\n" + pad +
                               "thp_collapse_alloc 0\n"
                               "Dec 23 21:21:28 kernel: Tasks state (memory values in pages):\n",
                           syslog_year());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::incomplete);
  EXPECT_EQ(ev[0].constraint, Constraint::memcg);
  // After show_mem()'s Mem-Info lines it is a report whose constraint the excerpt does not tell.
  ev = parse_log_text(
      "Dec 23 21:21:28 host kernel: 262014 pages RAM\n"
      "Dec 23 21:21:28 host kernel: Tasks state (memory values in pages):\n",
      syslog_year());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::incomplete);
  EXPECT_NE(ev[0].constraint, Constraint::memcg);
  // The line quoted in prose, not at a line's start of kernel text, opens nothing.
  EXPECT_TRUE(parse_log_text("I saw Tasks state (memory values in pages): in the log\n").empty());
}

}  // namespace
}  // namespace oomlens

namespace oomlens {
namespace {

// 08 (4.18 RISC-V boot): Mem-Info, then the task table's header, then the no-killable panic. The panic line opens
// the report and its look-back reads the table; the Mem-Info block right above the header is the report's too.
TEST(MemInfoAboveTable, TheOutcomeLinesLookBackTakesTheMemInfoAboveTheHeader) {
  const std::string text =
      "[   10.840000] Free swap  = 0kB\n"
      "[   10.840000] Total swap = 0kB\n"
      "[   10.840000] 7680 pages RAM\n"
      "[   10.840000] 0 pages HighMem/MovableOnly\n"
      "[   10.840000] 3095 pages reserved\n"
      "[   10.840000] [ pid ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[   10.850000] Kernel panic - not syncing: Out of memory and no killable processes...\n";
  auto ev = parse_log_text(text);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::no_killable);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->ram_bytes, uint64_t{7680} * 4096);
  EXPECT_EQ(ev[0].mem_info->reserved_bytes, uint64_t{3095} * 4096);
  EXPECT_EQ(ev[0].mem_info->total_swap_bytes, 0u);
  EXPECT_EQ(ev[0].lines.first, 1u);
  // The report's time is still its panic line's, as when the block is not reached.
  EXPECT_EQ(ev[0].time.monotonic_s, 10.85);

  // 77 (4.1 arm, CMA): `4294965447 pages reserved` of 131072 pages RAM is a negative count printed unsigned:
  // unknown, with a note, never 16 TiB.
  std::string bad = text;
  bad.replace(bad.find("3095 pages reserved"), 19, "4294965447 pages reserved");
  ev = parse_log_text(bad);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_FALSE(ev[0].mem_info->reserved_bytes);
  bool noted = false;
  for (const auto& n : ev[0].notes) noted = noted || n.find("a negative count printed unsigned") != std::string::npos;
  EXPECT_TRUE(noted);

  // A line of other text between the block and the header: the rows only, as before.
  std::string apart = text;
  apart.insert(apart.find("[   10.840000] [ pid ]"), "[   10.840000] usb 1-1: new device\n");
  ev = parse_log_text(apart);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_FALSE(ev[0].mem_info);
}

}  // namespace
}  // namespace oomlens

#include "kernel_log/oom_lines.h"

namespace oomlens {
namespace {

// OpenVZ/Virtuozzo kernels (mm/oom_kill.c oom_kill_task(), kernel/bc/oom_kill.c): a chosen task left alive, and
// the end of a beancounter's OOM. Read as notes of the report they are printed in; they open none.
TEST(OpenVzNotKilled, LinesOfAChosenTaskLeftAliveAreRead) {
  using W = oomline::NotKilled::Why;
  auto n = oomline::parse_not_killed("OOM: disabled for process 2946 (npm) by oom_adj.");
  ASSERT_TRUE(n);
  EXPECT_EQ(n->why, W::disabled);
  EXPECT_EQ(n->pid, 2946);
  EXPECT_EQ(n->comm, "npm");
  EXPECT_EQ(n->by, "oom_adj");
  EXPECT_EQ(oomline::parse_not_killed("OOM: disabled for process 7 (a (b)) by virtinfo.")->comm, "a (b)");
  n = oomline::parse_not_killed("OOM: no mm for process 12 (java).");
  ASSERT_TRUE(n);
  EXPECT_EQ(n->why, W::no_mm);
  n = oomline::parse_not_killed("Would have killed process 749 (systemd-journal). But continuing instead.");
  ASSERT_TRUE(n);
  EXPECT_EQ(n->why, W::dry_run);
  EXPECT_EQ(n->comm, "systemd-journal");
  n = oomline::parse_not_killed(
      "oom_kill_process: would have killed process 749 (systemd-journal), but continuing instead...");
  ASSERT_TRUE(n);
  EXPECT_EQ(n->pid, 749);
  n = oomline::parse_not_killed("oom-killer in ub 317592 generation 7 ends: task died");
  ASSERT_TRUE(n);
  EXPECT_EQ(n->why, W::ub_oom_ended);
  EXPECT_EQ(n->ub, 317592);
  EXPECT_EQ(n->reason, "task died");
  EXPECT_EQ(oomline::parse_not_killed("oom-killer in ub -1 generation 3 ends: no victims")->ub, -1);
  // Cut or other text: nothing.
  EXPECT_FALSE(oomline::parse_not_killed("OOM: disabled for process 2946 (npm) by"));
  EXPECT_FALSE(oomline::parse_not_killed("Would have killed process x (y). But continuing instead."));
  EXPECT_FALSE(oomline::parse_not_killed("oom-killer in ub 5 generation 1 ends: "));

  const std::string text =
      "[1982048.520000] 3333 (php-cgi) invoked glob oom-killer: gfp 0x201da order 0 oomkilladj=0\n"
      "[1982048.529000] Out of memory in UB 317592: kill process 2946 (npm) or a child\n"
      "[1982048.529100] OOM: disabled for process 2946 (npm) by oom_adj.\n"
      "[1982048.529200] Out of memory in UB 317592: kill process 2955 (npm) or a child\n"
      "[1982048.529636] Out of memory in UB 317592: OOM killed process 2955 (npm) score 0 vm:1506164kB, "
      "rss:237752kB, swap:120052kB\n"
      "[1982048.600000] oom-killer in ub 317592 generation 7 ends: task died\n";
  auto ev = parse_log_text(text);
  ASSERT_EQ(ev.size(), 2u);
  auto has_note = [](const OomEvent& e, const std::string& s) {
    for (const auto& x : e.notes)
      if (x.find(s) != std::string::npos) return true;
    return false;
  };
  EXPECT_EQ(ev[0].kind, EventKind::selected_no_kill);
  EXPECT_TRUE(has_note(ev[0], "the OOM killer chose pid 2946 (npm), but killing it is disabled (by oom_adj, OpenVZ)"));
  EXPECT_EQ(ev[1].kind, EventKind::kill);
  EXPECT_TRUE(has_note(ev[1], "the OOM of OpenVZ beancounter 317592 ended: `task died`"));
  // Alone, such a line is no report.
  EXPECT_TRUE(parse_log_text("[5.0] Would have killed process 749 (systemd-journal). But continuing instead.\n").empty());
}

}  // namespace
}  // namespace oomlens
