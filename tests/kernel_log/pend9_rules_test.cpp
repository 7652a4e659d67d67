// Rules found on the real-corpus files left pending (issue 12: tests/corpus 601, 606, 619, 620), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/cgroup_owner.h"
#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::find;  // the one check lookup of the tests (diagnose/event_fixtures.h)

// A selection with no header, then a spinlock BUG's dump (its CPU line) whose trace runs through `frame`.
std::string selection_then_dump(const std::string& frame) {
  return "Out of memory: Kill process 5861 (trinity-c10) score 504 or sacrifice child\n"
         "BUG: spinlock recursion on CPU#1, trinity-c8/8828\n"
         " lock: 0xffff8800a3635410, .magic: dead4ead, .owner: trinity-c8/8828, .owner_cpu: 1\n"
         "CPU: 1 PID: 8828 Comm: trinity-c8 Not tainted 4.4.0-rc7 #3\n"
         " 00000000000001f8 ffff8800968d7808 ffffffff9a4d4451 ffff8800a3635410\n"
         "Call Trace:\n"
         " [<ffffffff9a4d4451>] dump_stack+0x4e/0x7d\n"
         " [<ffffffff9a117d63>] do_raw_spin_lock+0x163/0x1a0\n"
         " [<ffffffff9a2271cb>] find_lock_task_mm+0x5b/0xd0\n" +
         frame +
         " [<ffffffff9a22855d>] out_of_memory+0x45d/0x4b0\n"
         " [<ffffffff9a2302d0>] __alloc_pages_nodemask+0xd40/0xe80\n";
}

TEST(Report, ADumpInsideOomKillProcessAfterTheSelectionNamesTheTrigger) {
  // 601: trinity-c8 printed the selection in oom_kill_process(), then hit a spinlock BUG in find_lock_task_mm()
  // before the kill line: its dump's CPU line names the task that invoked the OOM killer.
  const auto ev = parse_log_text(selection_then_dump(" [<ffffffff9a227cc0>] oom_kill_process+0x2a0/0x660\n"));
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger.has_value());
  EXPECT_EQ(ev[0].trigger->comm, "trinity-c8");
  EXPECT_EQ(ev[0].trigger->pid, 8828);
  EXPECT_FALSE(ev[0].trigger->gfp_mask.has_value());
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 5861);
}

TEST(Report, ADumpAfterTheSelectionOutsideOomKillProcessNamesNoTrigger) {
  // The same dump whose trace does not run through oom_kill_process() (an unreliable `? oom_kill_process` frame
  // is no proof), or one printed after the kill line: another task's, no trigger.
  const auto unreliable = parse_log_text(selection_then_dump(" [<ffffffff9a227cc0>] ? oom_kill_process+0x2a0/0x660\n"));
  ASSERT_EQ(unreliable.size(), 1u);
  EXPECT_FALSE(unreliable[0].trigger.has_value());
  const auto none = parse_log_text(selection_then_dump(""));
  ASSERT_EQ(none.size(), 1u);
  EXPECT_FALSE(none[0].trigger.has_value());
  const auto after_kill = parse_log_text(
      "Out of memory: Kill process 5861 (trinity-c10) score 504 or sacrifice child\n"
      "Killed process 5861 (trinity-c10) total-vm:8kB, anon-rss:4kB, file-rss:0kB\n"
      "CPU: 1 PID: 8828 Comm: trinity-c8 Not tainted 4.4.0-rc7 #3\n"
      "Call Trace:\n"
      " [<ffffffff9a227cc0>] oom_kill_process+0x2a0/0x660\n");
  ASSERT_GE(after_kill.size(), 1u);
  EXPECT_FALSE(after_kill[0].trigger.has_value());
}

TEST(Report, TheSameKillQuotedTwiceIsOneKill) {
  // 620: syzbot's unstamped excerpt (the kill and its reaper, wrapped), then the full stamped report of the same
  // kill: one event, the fuller copy's, with the copy's line noted.
  const auto ev = parse_log_text(
      "> Killed process 6410 (syz-executor5) total-vm:37708kB, anon-rss:2128kB,\n"
      "> file-rss:0kB, shmem-rss:0kB\n"
      "> oom_reaper: reaped process 6410 (syz-executor5), now anon-rss:0kB,\n"
      "> file-rss:0kB, shmem-rss:0kB\n"
      "> task=syz-executor5 pid=6410 invoked memcg oom killer. oom_victim=1\n"
      "\n"
      "Thank you. This is useful. The full oom picture is this\n"
      ": [   65.363983] task=syz-executor5 pid=6415 invoked memcg oom killer. oom_victim=0\n"
      "[...]\n"
      ": [   65.920355] Task in /ile0 killed as a result of limit of /ile0\n"
      ": [   65.926389] memory: usage 0kB, limit 0kB, failcnt 20\n"
      ": [   65.931518] memory+swap: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
      ": [   65.938296] kmem: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
      ": [   65.944467] Memory cgroup stats for /ile0: cache:0KB rss:0KB rss_huge:0KB shmem:0KB"
      " mapped_file:0KB dirty:0KB writeback:0KB swap:0KB inactive_anon:0KB active_anon:0KB inactive_file:0KB active_file:0KB unevictable:0KB\n"
      ": [   65.963878] Tasks state (memory values in pages):\n"
      ": [   65.968743] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      ": [   65.977615] [   6410]     0  6410     9427      532    61440        0             0 syz-executor5\n"
      ": [   65.986647] Memory cgroup out of memory: Kill process 6410 (syz-executor5) score 547000 or"
      " sacrifice child\n"
      ": [   65.996474] Killed process 6410 (syz-executor5) total-vm:37708kB, anon-rss:2128kB,"
      " file-rss:0kB, shmem-rss:0kB\n"
      ": [   66.007471] oom_reaper: reaped process 6410 (syz-executor5), now anon-rss:0kB, file-rss:0kB,"
      " shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].selected_score, 547000u);
  EXPECT_TRUE(ev[0].victims[0].reaped.has_value());  // the copy's reaper line
  EXPECT_EQ(ev[0].lines.first, 10u);
  EXPECT_EQ(ev[0].constraint, Constraint::memcg);
}

TEST(Report, KillsPastedTwiceInARowAreOneKillEach) {
  // 652: a dmesg tail's kills, then the same kills again from /var/log/messages: each copy is its first
  // printing's, though another report lies between them; the events keep the first printings' order.
  const auto ev = parse_log_text(
      "[56395.334581] Killed process 20646 (Web Content) total-vm:8397984kB, anon-rss:412624kB, file-rss:0kB, "
      "shmem-rss:64kB\n"
      "[56396.798493] Killed process 49355 (stress) total-vm:1077824kB, anon-rss:1033536kB, file-rss:16kB, "
      "shmem-rss:0kB\n"
      "\n"
      "May 25 13:25:03 host05 kernel: Killed process 20646 (Web Content) total-vm:8397984kB, anon-rss:412624kB, "
      "file-rss:0kB, shmem-rss:64kB\n"
      "May 25 13:25:04 host05 kernel: Killed process 49355 (stress) total-vm:1077824kB, anon-rss:1033536kB, "
      "file-rss:16kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 20646);
  EXPECT_EQ(ev[1].victims[0].pid, 49355);
}

TEST(Report, KillsOfOnePidWithOtherFiguresOrStampsAreNotCopies) {
  // Other printk stamps: two printings of the kill. Bare kill lines (no figures, ≤2.6) tell nothing of a copy.
  const std::string report =
      "[ 900.000001] Killed process 77 (a) total-vm:8kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n"
      "[ 900.000002] oom_reaper: reaped process 77 (a), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n";
  const auto stamps = parse_log_text(
      "[   1.000000] Killed process 77 (a) total-vm:8kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n\nprose\n\n" +
      report);
  EXPECT_EQ(stamps.size(), 2u);
  const auto copy = parse_log_text("Killed process 77 (a) total-vm:8kB, anon-rss:4kB, file-rss:0kB, shmem-rss:0kB\n\n"
                                   "prose\n\n" + report);
  EXPECT_EQ(copy.size(), 1u);
  const auto bare = parse_log_text("Killed process 77 (a)\n\nprose\n\n"
                                   "Out of memory: Kill process 77 (a) score 5 or sacrifice child\n"
                                   "Killed process 77 (a)\n");
  EXPECT_EQ(bare.size(), 2u);
}
TEST(Report, AReflowedParagraphOfTwoSelectionsAndKillsReadsBoth) {
  // 619: KMail re-flowed the console lines into one paragraph (continuations start with a space): the second
  // selection starts after the first kill's last figure and ends before its own kill, on the next line.
  const auto ev = parse_log_text(
      "Memory cgroup out of memory: kill process 9139 (memcg_test_1) score 3 or a\n"
      " child Killed process 9139 (memcg_test_1) vsz:3456kB, anon-rss:448kB,\n"
      " file-rss:1088kB Memory cgroup out of memory: kill process 9140\n"
      " (memcg_test_1) score 3 or a child Killed process 9140 (memcg_test_1)\n"
      " vsz:3456kB, anon-rss:448kB, file-rss:1088kB\n");
  ASSERT_EQ(ev.size(), 2u);
  for (const auto& e : ev) {
    ASSERT_EQ(e.victims.size(), 1u);
    EXPECT_EQ(e.victims[0].selected_score, 3u);
    EXPECT_EQ(e.victims[0].file_rss_bytes, 1088u * 1024);
    EXPECT_EQ(e.constraint, Constraint::memcg);
  }
  EXPECT_EQ(ev[0].victims[0].pid, 9139);
  EXPECT_EQ(ev[1].victims[0].pid, 9140);
}

// s390 2.6.28 (corpus 606): the header, the per-cpu heads of both zones, the counters and both zone lines, cut
// there (no `N pages RAM`). `zones` is the zone lines.
std::string s390_meminfo(const std::string& zones) {
  return "basename invoked oom-killer: gfp_mask=0xd0, order=2, oomkilladj=0\n"
         "Mem-Info:\n"
         "DMA per-cpu:\n"
         "CPU    0: hi:  186, btch:  31 usd:   0\n"
         "Normal per-cpu:\n"
         "CPU    0: hi:  186, btch:  31 usd:   0\n"
         "Active_anon:372 active_file:45 inactive_anon:154\n"
         " inactive_file:152 unevictable:987 dirty:0 writeback:188 unstable:0\n"
         " free:146348 slab:875833 mapped:805 pagetables:378 bounce:0\n" +
         zones;
}

constexpr const char* kDmaZone =
    "DMA free:467728kB min:4064kB low:5080kB high:6096kB active_anon:0kB inactive_anon:0kB active_file:0kB "
    "inactive_file:116kB unevictable:0kB present:2068480kB pages_scanned:0 all_unreclaimable? no\n"
    "lowmem_reserve[]: 0 2020 2020\n";
constexpr const char* kNormalZone =
    "Normal free:117664kB min:4064kB low:5080kB high:6096kB active_anon:1488kB inactive_anon:616kB "
    "active_file:188kB inactive_file:492kB unevictable:3948kB present:2068480kB pages_scanned:128 "
    "all_unreclaimable? no\n"
    "lowmem_reserve[]: 0 0 0\n";

TEST(Report, EveryZonePrintedGivesTheZonesMemoryAndThePageSize) {
  // 606: both per-cpu heads' zones printed, no `Node N`: the zones hold 2 × 2068480 kB; the counters' free:146348
  // pages are the zones' 585392 kB, 4 KiB a page. Slab 875833 pages is 84 % of that: slab_dominant, said against
  // the zones' memory (no `N pages RAM`).
  const auto ev = parse_log_text(s390_meminfo(std::string(kDmaZone) + kNormalZone));
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info.has_value());
  EXPECT_EQ(ev[0].mem_info->zones_present_bytes, 2u * 2068480 * 1024);
  EXPECT_EQ(ev[0].page_size_bytes, 4096u);
  EXPECT_FALSE(ev[0].page_size_assumed);
  EXPECT_FALSE(ev[0].mem_info->ram_bytes.has_value());
  const Explanation ex = explain(ev[0]);
  const Check* slab = find(ex, "slab_dominant");
  ASSERT_NE(slab, nullptr);
  EXPECT_NE(slab->message.find("memory zones hold"), std::string::npos);
}

TEST(Report, AZoneLineMissingLeavesTheZonesMemoryAndThePageSizeUnknown) {
  // The excerpt cut after the DMA zone: the Normal zone's per-cpu head names a zone whose line is not in the text.
  const auto ev = parse_log_text(s390_meminfo(kDmaZone));
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info.has_value());
  EXPECT_FALSE(ev[0].mem_info->zones_present_bytes.has_value());
  EXPECT_TRUE(ev[0].page_size_assumed);
  const Explanation ex = explain(ev[0]);
  EXPECT_EQ(find(ex, "slab_dominant"), nullptr);
}

TEST(Explain, AContainerKilledInAGlobalOomIsToldToSetOrLowerItsLimit) {
  // 592: a global OOM killed psi-agent in its docker scope; the same container hit its own limit earlier in the log,
  // which this event does not show: the advice must not say it has no limit.
  const auto ev = parse_log_text(
      "[Sat Sep 12 17:38:00 2026] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=user.slice,"
      "mems_allowed=0,global_oom,task_memcg=/system.slice/"
      "docker-9c36374e8d75e9428a6006bb7a5dc4cb698e0f87cf7d4a1794d411d381ab1cc0.scope,task=psi-agent,pid=3020917,"
      "uid=0\n"
      "[Sat Sep 12 17:38:00 2026] Out of memory: Killed process 3020917 (psi-agent) total-vm:5112132kB, "
      "anon-rss:3498384kB, file-rss:8kB, shmem-rss:8kB, UID:0 pgtables:7564kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  OomEvent e = ev[0];
  ASSERT_TRUE(e.memcg && e.memcg->task_memcg);
  e.memcg->owner = decode_cgroup_owner(*e.memcg->task_memcg);  // as `explain` reads it
  const Explanation ex = explain(e);
  std::string advice;
  for (const auto& a : ex.advice) advice += a + "\n";
  EXPECT_NE(advice.find("or lower the one it has"), std::string::npos) << advice;
  EXPECT_EQ(advice.find("give the container a memory limit"), std::string::npos) << advice;
}

}  // namespace
}  // namespace oomlens
