// Issue 12 items 8–10, the last audits' leftovers (h-left2): a SysRq-forced OOM is a person's or a watchdog's
// decision (and, where Mem-Info shows thrashing, why); a kernel thread as the trigger is no culprit; a storm of
// small kills across one log; English counts; an unknown figure is never printed or weighed as 0.
// Hand-written events; figures after the corpus reports named per test.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "diagnose/explain_detail.h"
#include "diagnose/repeat_kill.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

Trigger kthread_trigger(std::string comm, std::optional<int64_t> pid, std::optional<int> order) {
  Trigger t;
  t.comm = std::move(comm);
  t.pid = pid;
  t.gfp_mask = "0xcc0(GFP_KERNEL)";
  t.order = order;
  t.oom_score_adj = 0;
  return t;
}

Zone zone(std::string name, uint64_t free, uint64_t min) {
  Zone z;
  z.name = std::move(name);
  z.free_bytes = free;
  z.min_bytes = min;
  z.managed_bytes = 8 * GiB;
  return z;
}

/// 152: a SysRq-f kill of node (11.6 GiB anon) on a 31.9 GiB machine without swap, run from kworker/2:2.
OomEvent sysrq_kill(uint64_t normal_free, uint64_t swap_total, uint64_t swap_free) {
  MemInfo mi;
  mi.ram_bytes = 8373432ull * 4096;
  mi.free_bytes = 69030ull * 4096;
  mi.total_swap_bytes = swap_total;
  mi.free_swap_bytes = swap_free;
  mi.zones = {zone("DMA32", 122208 * KiB, 7180 * KiB), zone("Normal", normal_free, 60368 * KiB)};
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global, "CONSTRAINT_NONE")
                   .sysrq()
                   .trigger(kthread_trigger("kworker/2:2", 8961, -1))
                   .mem_info(mi)
                   .victim(VictimOf(6009, "node").rss(252 * GiB, 12123208 * KiB, 0, 51828 * KiB).adj(0));
  return e;
}

TEST(SysrqDecision, TheSentenceSaysAPersonOrAWatchdogDecidedAndBlamesNoLimit) {
  const Explanation x = explain(sysrq_kill(138552 * KiB, 0, 0));  // Normal above min: no thrashing shown
  EXPECT_THAT(x.summary, HasSubstr("forced through SysRq-f, a person's or a watchdog's decision"));
  EXPECT_THAT(x.summary, HasSubstr("does not by itself mean memory ran out"));
  EXPECT_THAT(everything(x), Not(HasSubstr("limit")));
  EXPECT_THAT(x.summary, Not(HasSubstr("thrashing")));
  EXPECT_EQ(find(x, "sysrq_thrashing"), nullptr);
  const Check* c = find(x, "sysrq");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("a person"));
  EXPECT_THAT(c->message, HasSubstr("a watchdog program"));
  EXPECT_THAT(advice(x), HasSubstr("find who forced the OOM"));
  // The kworker that ran moom_callback() is no allocating process.
  EXPECT_EQ(find(x, "trigger_not_victim"), nullptr);
}

TEST(SysrqDecision, ThrashingShownByMemInfoIsSaidAsTheLikelyReason) {
  const Explanation x = explain(sysrq_kill(40000 * KiB, 0, 0));  // Normal under its 60368 kB min, no swap
  EXPECT_THAT(x.summary, HasSubstr("while the machine was thrashing (no swap, the Normal zone's free memory "
                                   "(39.1 MiB) at or under its min watermark (59.0 MiB))"));
  EXPECT_THAT(x.summary, HasSubstr("which is likely why it was forced"));
  const Check* c = find(x, "sysrq_thrashing");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->level, CheckLevel::warn);
  const std::vector<std::pair<std::string, int64_t>> figures{
      {"swap_total_bytes", 0}, {"zone_free_bytes", 40000 * 1024}, {"zone_min_bytes", 60368 * 1024}};
  EXPECT_EQ(c->figures, figures);
  EXPECT_THAT(advice(x), HasSubstr("thrashing"));
  EXPECT_THAT(advice(x), HasSubstr("add swap"));
  EXPECT_THAT(advice(x), Not(HasSubstr("Nothing to fix")));
  // Swap full counts as none; swap with room left does not (anonymous memory could still go there).
  const Explanation full = explain(sysrq_kill(40000 * KiB, 4 * GiB, 1 * MiB));
  EXPECT_THAT(full.summary, HasSubstr("swap full (1.0 MiB free of 4.0 GiB)"));
  EXPECT_THAT(advice(full), Not(HasSubstr("add swap")));
  const Explanation room = explain(sysrq_kill(40000 * KiB, 4 * GiB, 2 * GiB));
  EXPECT_EQ(find(room, "sysrq_thrashing"), nullptr);
  EXPECT_THAT(room.summary, Not(HasSubstr("thrashing")));
  // A report without the swap lines says nothing of thrashing.
  OomEvent unknown = sysrq_kill(40000 * KiB, 0, 0);
  unknown.mem_info->total_swap_bytes.reset();
  unknown.mem_info->free_swap_bytes.reset();
  EXPECT_EQ(find(explain(unknown), "sysrq_thrashing"), nullptr);
}

TEST(SysrqDecision, AHeaderOnlyAndAPanicSayTheSame) {
  OomEvent header = EventOf(EventKind::incomplete).constraint(Constraint::global).sysrq();
  header.trigger = kthread_trigger("kworker/0:3", 3997, -1);  // 73
  const Explanation h = explain(header);
  EXPECT_THAT(h.summary, HasSubstr("was forced through SysRq-f, a person's or a watchdog's decision (the kernel ran "
                                   "it from kworker/0:3, pid 3997)"));
  OomEvent panic = EventOf(EventKind::panic).sysrq().panic("Out of memory: compulsory panic_on_oom is enabled");
  EXPECT_THAT(explain(panic).summary, HasSubstr("An OOM forced through SysRq-f (a person's or a watchdog's decision)"));
}

TEST(KernelThreadTrigger, NamesAreKernelThreads) {
  for (const char* name : {"kswapd0", "kswapd1", "kworker/3:2", "kworker/u12:0", "kcompactd0", "khugepaged",
                           "ksoftirqd/1", "events/0", "kthreadd"})
    EXPECT_TRUE(detail::kernel_thread_comm(name)) << name;
  for (const char* name : {"python3", "kworker", "kswapdx", "kcompactd", "kworkers", "events", "", "node"})
    EXPECT_FALSE(detail::kernel_thread_comm(name)) << name;
}

TEST(KernelThreadTrigger, TheCheckSaysKernelWorkNotAProcessAskingForMemory) {
  // 232's second report: kworker/3:2 allocated, fool-sysrq-f (pid 4803) was killed.
  OomEvent e = EventOf(EventKind::kill).constraint(Constraint::global).victim(
      VictimOf(4803, "fool-sysrq-f").rss(2170956 * KiB, 1563232 * KiB, 0, std::nullopt));
  e.trigger = kthread_trigger("kworker/3:2", std::nullopt, 0);
  const Explanation x = explain(e);
  const Check* c = find(x, "trigger_not_victim");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("the kernel thread kworker/3:2, for the kernel's own work"));
  EXPECT_THAT(c->message, HasSubstr("not who used it"));
  EXPECT_THAT(c->message, Not(HasSubstr("asking for memory")));
  // A process as the trigger keeps the usual wording.
  e.trigger = kthread_trigger("hald", 3183, 0);
  const Explanation p = explain(e);
  ASSERT_NE(find(p, "trigger_not_victim"), nullptr);
  EXPECT_THAT(find(p, "trigger_not_victim")->message, HasSubstr("came from hald (pid 3183), not from the victim"));
}

TEST(KernelThreadTrigger, AHeaderOnlyReportNamesKswapdAsAKernelThread) {
  // 242: `kswapd0 invoked oom-killer`, the paste ends after the header.
  OomEvent e = EventOf(EventKind::incomplete).constraint(Constraint::global);
  e.trigger = kthread_trigger("kswapd0", 100, 0);
  const std::string s = explain(e).summary;
  EXPECT_THAT(s, HasSubstr("invoked by the kernel thread kswapd0, pid 100, for the kernel's own work, not a "
                           "process's"));
  e.trigger = kthread_trigger("rsyslogd", 653, 0);
  EXPECT_THAT(explain(e).summary, HasSubstr("(invoked by rsyslogd, pid 653)"));
}

// 197: seven memcg kills in 15 ms, no header, no cgroup path.
OomEvent small_kill(int64_t pid, const std::string& comm, double t, uint64_t anon) {
  return EventOf(EventKind::kill)
      .at(t)
      .constraint(Constraint::memcg)
      .victim(VictimOf(pid, comm).rss(22008 * KiB, anon, 1012 * KiB, 0).adj(-997).message(
          "Memory cgroup out of memory"));
}

std::vector<OomEvent> storm_197() {
  return {small_kill(140339, "python3", 18026.221140, 15596 * KiB), small_kill(141313, "mount", 18026.223926, 164 * KiB),
          small_kill(141314, "mount", 18026.226541, 168 * KiB),     small_kill(141315, "mount", 18026.229018, 164 * KiB),
          small_kill(141316, "mount", 18026.231376, 168 * KiB),     small_kill(141317, "mount", 18026.234146, 168 * KiB),
          small_kill(141320, "python3", 18026.236707, 24100 * KiB)};
}

std::vector<Explanation> through_recent_kills(const std::vector<OomEvent>& events) {
  RecentKills kills;
  std::vector<Explanation> out;
  for (const OomEvent& e : events) {
    Explanation x;
    kills.check_then_keep(e, x);
    out.push_back(std::move(x));
  }
  return out;
}

TEST(SmallKillStorm, SaidOnceInPlainFigures) {
  const std::vector<Explanation> xs = through_recent_kills(storm_197());
  int said = 0;
  for (const Explanation& x : xs) said += find(x, "small_kills_repeated") ? 1 : 0;
  EXPECT_EQ(said, 1);
  const Check* c = find(xs[4], "small_kills_repeated");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("5 processes were killed by memory-cgroup OOMs in this log within 10 ms"));
  EXPECT_THAT(c->message, HasSubstr("15.9 MiB together"));
  EXPECT_THAT(c->message, HasSubstr("page cache, tmpfs and kernel memory charged to the cgroup"));
  const std::vector<std::pair<std::string, int64_t>> figures{
      {"kill_count", 5}, {"span_ms", 10}, {"anon_rss_bytes", (15596 + 164 + 168 + 164 + 168) * 1024}};
  EXPECT_EQ(c->figures, figures);
  ASSERT_FALSE(xs[4].advice.empty());
  EXPECT_THAT(xs[4].advice[0], HasSubstr("memory.stat"));
}

TEST(SmallKillStorm, NamesTheTaskThatKeptTheMemoryWhenTheTableShowsIt) {
  std::vector<OomEvent> events = storm_197();
  events[4].tasks = {TaskOf(141316, "mount").rss(1000 * KiB), TaskOf(900, "java").rss(3 * GiB).adj(-997),
                     TaskOf(141313, "mount").rss(4 * GiB)};  // a killed pid is no survivor
  const Check* c = nullptr;
  const std::vector<Explanation> xs = through_recent_kills(events);
  c = find(xs[4], "small_kills_repeated");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("java (pid 900) holding 3.0 GiB RSS at oom_score_adj -997"));
  EXPECT_THAT(xs[4].advice[0], HasSubstr("java (pid 900) held 3.0 GiB"));
}

// 6.8+ tables print rss_anon, rss_file and rss_shmem, no rss: the survivor's RSS is their sum (row_rss_bytes()).
TEST(SmallKillStorm, NamesTheSurvivorOfASplitRssTable) {
  std::vector<OomEvent> events = storm_197();
  events[4].tasks = {TaskOf(141316, "mount").rss_split(1000 * KiB, 0, 0),
                     TaskOf(900, "java").rss_split(2 * GiB, 512 * MiB, 512 * MiB).adj(-997)};
  const std::vector<Explanation> xs = through_recent_kills(events);
  const Check* c = find(xs[4], "small_kills_repeated");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("java (pid 900) holding 3.0 GiB RSS at oom_score_adj -997"));
  EXPECT_THAT(xs[4].advice[0], HasSubstr("java (pid 900) held 3.0 GiB"));
}

TEST(SmallKillStorm, ABigKillAnotherCgroupOrAFewKillsAreNoStorm) {
  std::vector<OomEvent> big = storm_197();
  big[2].victims[0].anon_rss_bytes = 2 * GiB;  // a kill that freed much ends the chain
  for (const Explanation& x : through_recent_kills(big)) EXPECT_EQ(find(x, "small_kills_repeated"), nullptr);
  std::vector<OomEvent> four = storm_197();
  four.resize(4);
  for (const Explanation& x : through_recent_kills(four)) EXPECT_EQ(find(x, "small_kills_repeated"), nullptr);
  std::vector<OomEvent> apart = storm_197();
  for (size_t i = 0; i < apart.size(); ++i) {
    apart[i].memcg = MemcgOf().task(i % 2 ? "/a" : "/b");
  }
  for (const Explanation& x : through_recent_kills(apart)) EXPECT_EQ(find(x, "small_kills_repeated"), nullptr);
  std::vector<OomEvent> unknown = storm_197();
  unknown[3].victims[0].anon_rss_bytes.reset();  // an unknown size is not a small one
  for (const Explanation& x : through_recent_kills(unknown)) EXPECT_EQ(find(x, "small_kills_repeated"), nullptr);
}

OomEvent no_killable(const std::vector<int>& adjs) {
  EventOf b(EventKind::no_killable);
  b.constraint(Constraint::global);
  int64_t pid = 100;
  for (int adj : adjs) b.task(TaskOf(pid++, "svc").rss(100 * KiB).adj(adj));
  OomEvent e = b;
  e.trigger = kthread_trigger("svc", 100, 0);  // the header was seen: the table is whole
  return e;
}

TEST(CountWords, OneIsSingular) {
  std::vector<int> one_of_19(19, 0);
  one_of_19[3] = -1000;
  const Check* c = nullptr;
  const Explanation x = explain(no_killable(one_of_19));
  c = find(x, "no_killable_task");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("1 of the 19 tasks listed has oom_score_adj -1000; the others were"));
  const Explanation all_but_one = explain(no_killable({-1000, -1000, 0}));
  EXPECT_THAT(find(all_but_one, "no_killable_task")->message,
              HasSubstr("2 of the 3 tasks listed have oom_score_adj -1000; the other was"));
  const Explanation lone = explain(no_killable({-1000}));
  EXPECT_THAT(find(lone, "no_killable_task")->message, HasSubstr("the one task listed has oom_score_adj -1000."));
  const Explanation lone_free = explain(no_killable({0}));
  EXPECT_THAT(find(lone_free, "no_killable_task")->message, HasSubstr("the one task listed does not have"));
  EXPECT_THAT(advice(lone_free), HasSubstr("The one task listed was not protected"));
  EXPECT_THAT(everything(lone_free), Not(HasSubstr("1 rows")));
  EXPECT_THAT(everything(lone_free), Not(HasSubstr("1 tasks")));
}

TEST(UnknownIsNotZero, AdviceWithoutItsFiguresPrintsNoZero) {
  const OomEvent e = EventOf(EventKind::kill).constraint(Constraint::global);
  const std::vector<Check> checks{{"hugetlb_reserved", CheckLevel::warn, "", {}},
                                  {"high_order_allocation", CheckLevel::info, "", {}},
                                  {"shmem_dominant", CheckLevel::warn, "", {{"percent", 90}}},
                                  {"lowmem_exhausted", CheckLevel::warn, "", {{"zone_free_cma_bytes", 4 * 1024 * 1024}}}};
  const std::vector<std::string> out = detail::make_advice(e, checks, {});
  std::string all;
  for (const auto& a : out) all += a + "\n";
  EXPECT_THAT(all, Not(HasSubstr("0 B")));
  EXPECT_THAT(all, Not(HasSubstr("order-0")));
  EXPECT_THAT(all, HasSubstr("Reserve fewer hugetlb pages"));
  EXPECT_THAT(all, HasSubstr("A high-order allocation needs contiguous free memory"));
  EXPECT_THAT(all, HasSubstr("Reserve less CMA"));
}

TEST(UnknownIsNotZero, AProtectedVictimWithoutSizesIsNotSaidToHoldZero) {
  OomEvent e = EventOf(EventKind::kill).constraint(Constraint::global, "CONSTRAINT_NONE").victim(
      VictimOf(31, "dbus-broker").adj(-900));
  const Explanation x = explain(e);
  EXPECT_THAT(advice(x), HasSubstr("the log does not show what it held"));
  EXPECT_THAT(advice(x), Not(HasSubstr("0 B")));
  // Swap not printed: the share is weighed against RAM alone and said so.
  MemInfo mi;
  mi.ram_bytes = 4 * GiB;
  e.mem_info = mi;
  e.victims[0].anon_rss_bytes = static_cast<uint64_t>(3.8 * GiB);  // over 90 % of RAM: outgrown, unless swap
  e.victims[0].file_rss_bytes = 0;
  const Explanation y = explain(e);
  EXPECT_THAT(advice(y), HasSubstr("the report does not print the swap"));
}

TEST(UnknownIsNotZero, ShmemRssNotPrintedIsLeftOutNotZero) {
  // 157: plymouthd, a ≤4.4 kill line has no shmem-rss (it is in file-rss).
  OomEvent e = EventOf(EventKind::kill).constraint(Constraint::global).victim(
      VictimOf(265, "plymouthd").rss(std::nullopt, 520 * KiB, 11673 * KiB, std::nullopt));
  e.trigger = kthread_trigger("plymouthd", 265, 0);  // a header: not a kill record alone
  const std::string all = everything(explain(e));
  EXPECT_THAT(all, HasSubstr("anon-rss 520.0 KiB, file-rss 11.4 MiB)"));
  EXPECT_THAT(all, Not(HasSubstr("shmem-rss 0 B")));
}

// A v1 memcg filled by files written to /dev/shm (a real kill on this kind
// of machine: `dd of=/dev/shm/...` in a 96 MiB cgroup v1). Its `cache`
// counts the shmem, which is no page cache: the check is shmem_dominant and
// the advice is to delete/limit the tmpfs files, not about writeback.
TEST(CgroupLimit, DevShmFilesInAV1CgroupAreSharedMemoryNotPageCache) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::memcg)
                   .memcg(MemcgOf()
                              .oom("/nu2shm2")
                              .limited(98304 * KiB, 98304 * KiB)
                              .failcnt(0)
                              .memsw(98304 * KiB, 98304 * KiB)
                              .stats({{"cache", 98955264}, {"rss", 1273856}, {"shmem", 98897920},
                                      {"mapped_file", 0}, {"dirty", 0}, {"writeback", 0}}))
                   .task(TaskOf(21757, "sh").rss(378 * 4096))
                   .task(TaskOf(21769, "dd").rss(667 * 4096))
                   .victim(VictimOf(21769, "dd"))
                   .page_size(4096);
  const Explanation x = explain(e);
  EXPECT_EQ(find(x, "processes_hold_little"), nullptr);
  ASSERT_NE(find(x, "shmem_dominant"), nullptr);
  EXPECT_THAT(advice(x), HasSubstr("/dev/shm"));
  EXPECT_THAT(advice(x), Not(HasSubstr("Page cache filled")));
  EXPECT_THAT(advice(x), Not(HasSubstr("writeback")));
  EXPECT_THAT(advice(x), HasSubstr("--shm-size"));
  EXPECT_THAT(advice(x), Not(HasSubstr("at the page cache")));
  // Without the shmem stat (a kernel that does not print it) the cache is
  // all that is known: the page-cache reading stays.
  e.memcg->stats = {{"cache", 98955264}, {"rss", 1273856}};
  EXPECT_NE(find(explain(e), "processes_hold_little"), nullptr);
  // Page cache beside a little shmem: the figure is the page cache alone.
  e.memcg->stats = {{"cache", 90 * MiB}, {"rss", 1273856}, {"shmem", 10 * MiB}};
  const Explanation ex = explain(e);  // kept: c points into it
  const Check* c = find(ex, "processes_hold_little");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("its page cache held 80.0 MiB"));
}

// PyTorch tensors shared through the file_system strategy (a real kill on
// this kind of machine, cgroup v1, 400 MiB): python3 held 211.8 MiB anon
// and 127.9 MiB shmem-rss, torch_shm_manager 56 MiB anon; the cgroup's
// `cache` was all shmem (128 MiB of 128 MiB). Not dominant (32 %), yet the
// rest is shared memory, not page cache: the advice names /dev/shm.
TEST(CgroupLimit, SharedTensorsInDevShmAreNamedNotPageCache) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::memcg)
                   .memcg(MemcgOf()
                              .oom("/nu2/oomlens-run-31792")
                              .limited(409600 * KiB, 409600 * KiB)
                              .failcnt(0)
                              .memsw(409600 * KiB, 409600 * KiB)
                              .stats({{"cache", 134254592}, {"rss", 281563136}, {"shmem", 134250496},
                                      {"mapped_file", 134250496}, {"inactive_file", 4096}}))
                   .task(TaskOf(31795, "python3").rss(115741 * 4096))
                   .task(TaskOf(32306, "torch_shm_manag").rss(37962 * 4096))
                   .victim(VictimOf(31795, "python3").rss(882760 * KiB, 216892 * KiB, 115096 * KiB, 130944 * KiB))
                   .page_size(4096);
  const Explanation x = explain(e);
  EXPECT_THAT(advice(x), HasSubstr("Shared memory held 128.0 MiB of the cgroup"));
  EXPECT_THAT(advice(x), HasSubstr("--shm-size"));
  EXPECT_THAT(advice(x), Not(HasSubstr("at the page cache")));
  // A cgroup whose cache is page cache (little shmem) keeps the page-cache advice.
  e.memcg->stats = {{"cache", 134254592}, {"rss", 281563136}, {"shmem", 4 * MiB}};
  EXPECT_THAT(advice(explain(e)), HasSubstr("at the page cache"));
}

}  // namespace
}  // namespace oomlens
