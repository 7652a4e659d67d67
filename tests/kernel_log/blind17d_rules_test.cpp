// Rules found by blind set 17d (issue 12: tests/corpus/565-576, the text shapes reports arrive in), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/newest_first.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"
#include "util/format.h"

namespace oomlens {
namespace {

// 574: memcg selections whose kills are not in the paste, then the next report's row, selection, kill.
const char* const kSelectionThenNextReport =
    "[647901.248286] Memory cgroup out of memory: Kill process 2442358 (ruby2.3) score 1792 or sacrifice child\n"
    "[729039.765037] [371792]     0 371792   164959    39926     266       4        0           994 ruby2.3\n"
    "[729039.774334] Memory cgroup out of memory: Kill process 371792 (ruby2.3) score 1775 or sacrifice child\n"
    "[729039.783915] Killed process 371792 (ruby2.3) total-vm:659836kB, anon-rss:149212kB, file-rss:10492kB, "
    "shmem-rss:0kB\n";

TEST(NewestFirst, RowStampedLaterThanTheOpeningOutcomeIsPrintOrder) {
  const std::string text = kSelectionThenNextReport;
  const NewestFirst nf = detect_newest_first(text, 0, true, std::nullopt);
  EXPECT_EQ(nf.order, NewestFirst::Order::forward);
  // A kill whose next lines are rows stamped earlier still reads newest-first (`journalctl -r`).
  const std::string reversed =
      "[729039.783915] Killed process 371792 (ruby2.3) total-vm:659836kB, anon-rss:149212kB, file-rss:10492kB, "
      "shmem-rss:0kB\n"
      "[729039.765037] [371792]     0 371792   164959    39926     266       4        0           994 ruby2.3\n";
  EXPECT_EQ(detect_newest_first(reversed, 0, true, std::nullopt).order, NewestFirst::Order::reversed);
}

TEST(NewestFirst, SelectionStraightFollowedByItsOwnKillIsPrintOrder) {
  // 574 without its stamps: no time tells, the selection-then-kill pair does.
  const std::string text =
      "Memory cgroup out of memory: Kill process 2442358 (ruby2.3) score 1792 or sacrifice child\n"
      "[371792]     0 371792   164959    39926     266       4        0           994 ruby2.3\n"
      "Memory cgroup out of memory: Kill process 371792 (ruby2.3) score 1775 or sacrifice child\n"
      "Killed process 371792 (ruby2.3) total-vm:659836kB, anon-rss:149212kB, file-rss:10492kB, shmem-rss:0kB\n";
  EXPECT_EQ(detect_newest_first(text, 0, true, std::nullopt).order, NewestFirst::Order::forward);
  // After a kill then a selection of its pid (newest-first), a further kill of that pid is the older report's.
  const std::string twice =
      "Killed process 17982 (java) total-vm:19803312kB, anon-rss:2540308kB, file-rss:0kB, shmem-rss:0kB\n"
      "Out of memory: Kill process 17982 (java) score 77 or sacrifice child\n"
      "\n"
      "Killed process 17982 (java) total-vm:19803312kB, anon-rss:2540308kB, file-rss:0kB, shmem-rss:0kB\n"
      "Out of memory: Kill process 17982 (java) score 77 or sacrifice child\n";
  EXPECT_NE(detect_newest_first(twice, 0, true, std::nullopt).order, NewestFirst::Order::forward);
}

TEST(Report, SelectionWithoutKillThenTheNextReportsRowSelectionAndKill) {
  const auto events = parse_log_text(kSelectionThenNextReport, {});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].kind, EventKind::selected_no_kill);
  EXPECT_EQ(events[1].kind, EventKind::kill);
  EXPECT_EQ(events[1].constraint, std::optional<Constraint>(Constraint::memcg));
  ASSERT_EQ(events[1].victims.size(), 1u);
  EXPECT_EQ(events[1].victims[0].selected_score, std::optional<uint64_t>(1775));
  EXPECT_EQ(events[1].victims[0].oom_score_adj, std::optional<int>(994));
}

TEST(Report, CpuLineAfterTheKillIsAnotherDumpsNotTheTrigger) {
  // 522 with printk stamps: a 2.6.5 kill, then an NMI watchdog's dump of another task.
  const std::string log =
      "[ 100.000001] Out of Memory: Killed process 12726 (mtest).\n"
      "[ 100.000002] NMI Watchdog detected LOCKUP on CPU14, registers:\n"
      "[ 100.000003] CPU 14\n"
      "[ 100.000004] Pid: 12756, comm: mtest Tainted: G   U   (2.6.5-7.244-smp-dbg )\n"
      "[ 100.000005] RIP: 0010:[<ffffffff80180342>] <ffffffff80180342>{.text.lock.vmscan+18}\n";
  const auto events = parse_log_text(log, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::kill);
  EXPECT_FALSE(events[0].trigger);
}


TEST(Report, CpuLineBetweenKillAndReaperNeitherTriggersNorDropsTheReaper) {
  // Another task's dump (a page allocation failure's CPU line) between a kill and its reaper line.
  const std::string log =
      "[ 100.100000] Out of memory: Killed process 5 (a) total-vm:1000kB, anon-rss:500kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:0 pgtables:40kB oom_score_adj:0\n"
      "[ 100.200000] CPU: 1 PID: 7 Comm: b Not tainted 5.4.0 #1\n"
      "[ 100.300000] oom_reaper: reaped process 5 (a), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n";
  const auto events = parse_log_text(log, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_FALSE(events[0].trigger);
  ASSERT_EQ(events[0].victims.size(), 1u);
  EXPECT_TRUE(events[0].victims[0].reaped);
}

TEST(DmesgH, ClockStampIsTheRecordsMinuteTheYearAGuess) {
  // 575 and 566: `dmesg -H` prints the clock at each new minute (no year, no seconds), deltas after it.
  NormalizedLine n;
  normalize_line("[Jul29 23:40] ruby-timer-thr invoked oom-killer: gfp_mask=0x14000c0(GFP_KERNEL), nodemask=(null),  "
                 "order=0, oom_score_adj=988",
                 n, 2018);
  EXPECT_EQ(n.prefix.wall, std::optional<std::string>("2018-07-29T23:40"));
  EXPECT_TRUE(n.prefix.year_inferred);
  EXPECT_EQ(n.text.substr(0, 14), "ruby-timer-thr");
  normalize_line("[Jul 5 16:27] Chrome_ChildIOT invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, "
                 "oom_score_adj=300",
                 n, 2021);
  EXPECT_EQ(n.prefix.wall, std::optional<std::string>("2021-07-05T16:27"));
  // Without a year to guess, and for a delta, no time.
  normalize_line("[Jul 5 16:27] NFSD: Using UMH upcall client tracking operations.", n, std::nullopt);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_FALSE(n.prefix.wall);
  normalize_line("[  +0.000004] CPU: 1 PID: 25301 Comm: Chrome_ChildIOT Not tainted 5.10.0-7-amd64 #1", n, 2021);
  EXPECT_FALSE(n.prefix.wall);
  EXPECT_FALSE(n.prefix.monotonic_s);
  EXPECT_EQ(format_event_time(std::string("2021-07-05T16:27"), std::nullopt), "2021-07-05 16:27");
}

}  // namespace
}  // namespace oomlens
