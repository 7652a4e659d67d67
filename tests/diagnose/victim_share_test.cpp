// victim_held_little and victim_share_unknown (diagnose/checks_causes.cpp)
// when the report prints neither the machine's RAM nor the cgroup's limit.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

// Issue 12 (corpus 261, 267): without RAM in the report a victim's share of RAM is unknown, and the check says
// so (never a share of 0); a share of the task-table rows shown is given instead, against that figure.
int64_t figure(const Check& c, const std::string& name) {
  for (const auto& [k, v] : c.figures)
    if (k == name) return v;
  return -1;
}

TEST(VictimShare, WhenRamIsNotPrinted) {
  // 267: llama-server, anon-rss 976 kB, file-rss 24704 kB; no Mem-Info, no task table.
  OomEvent e = arch_doxygen_global();
  e.mem_info.reset();
  Victim& v = e.victims.front();
  v.comm = "llama-server";
  v.anon_rss_bytes = 976 * KiB;
  v.file_rss_bytes = 24704 * KiB;
  v.shmem_rss_bytes = 0;
  {
    const Explanation x = explain(e);
    EXPECT_EQ(find(x, "victim_held_little"), nullptr);
    const Check* c = find(x, "victim_share_unknown");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->level, CheckLevel::info);
    EXPECT_EQ(c->message, "llama-server held 25.1 MiB when killed (anon-rss 976.0 KiB, file-rss 24.1 MiB, shmem-rss "
                          "0 B); the report does not print the machine's RAM, so its share of RAM is unknown.");
    EXPECT_EQ(figure(*c, "held_bytes"), static_cast<int64_t>(25680 * KiB));
    EXPECT_EQ(figure(*c, "rows_rss_bytes"), -1);
  }
  // A RAM of 0 (an unknown figure read as 0) is no RAM: no share of it.
  ExplainContext zero;
  zero.mem_total_bytes = 0;
  EXPECT_NE(find(explain(e, zero), "victim_share_unknown"), nullptr);
  EXPECT_EQ(machine_ram_bytes(e, zero), std::nullopt);
  // RAM known (from the running machine): the share is taken of it, and 25 MiB of 15.7 GiB is not little... of 2 GiB
  // neither: no check at all.
  ExplainContext known;
  known.mem_total_bytes = 2 * GiB;
  const Explanation k = explain(e, known);
  EXPECT_EQ(find(k, "victim_share_unknown"), nullptr);
  EXPECT_EQ(find(k, "victim_held_little"), nullptr);
  // A victim of 64 MiB or more without RAM: nothing said (it may be little only on a machine of over 6.4 GiB).
  v.anon_rss_bytes = 64 * MiB;
  EXPECT_EQ(find(explain(e), "victim_share_unknown"), nullptr);

  // 261: a table whose rows hold the victim's: its share of their RSS, named as such.
  v.comm = "systemd-network";
  v.anon_rss_bytes = 708 * KiB;
  v.file_rss_bytes = 5536 * KiB;
  e.tasks = {TaskOf(473206, "systemd-network").rss(1561 * 4096), TaskOf(279, "sshd").rss(1582 * 4096),
             TaskOf(289, "(resolved)").rss(1584 * 4096)};
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "victim_share_unknown");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("so its share of RAM is unknown; it held 33.0 % of the 18.5 MiB RSS of the 3 "
                                      "task-table rows shown."));
    EXPECT_EQ(figure(*c, "rows_rss_bytes"), static_cast<int64_t>(4727 * 4096));
    EXPECT_EQ(figure(*c, "task_count"), 3);
  }
  // Rows without the victim's: no share of them (the victim's memory is not in their sum).
  e.tasks.erase(e.tasks.begin());
  EXPECT_THAT(find(explain(e), "victim_share_unknown")->message, Not(HasSubstr("task-table rows")));

  // Under 1 % of the rows' RSS (a 4 GiB row beside it): little, against the rows, and RAM still unknown.
  e.tasks = {TaskOf(473206, "systemd-network").rss(1561 * 4096), TaskOf(279, "java").rss(4 * GiB)};
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "victim_held_little");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("systemd-network held only 6.1 MiB when killed (anon-rss 708.0 KiB, file-rss "
                                      "5.4 MiB, shmem-rss 0 B), under 1 % of the 4.0 GiB RSS of the 2 task-table rows "
                                      "shown; the report does not print the machine's RAM, so its share of RAM is "
                                      "unknown: the kill freed little."));
    EXPECT_EQ(find(x, "victim_share_unknown"), nullptr);
  }
  // ... unless a raised oom_score_adj ranked it over the larger row (its own check says so).
  v.oom_score_adj = 500;
  EXPECT_EQ(find(explain(e), "victim_held_little"), nullptr);
  EXPECT_THAT(find(explain(e), "victim_share_unknown")->message, HasSubstr("it held 0.1 % of the 4.0 GiB RSS"));
  v.oom_score_adj = 0;

  // Under 1 MiB without RAM: little, and its share of RAM unknown (no "under 1 % of" any figure).
  e.tasks.clear();
  v.anon_rss_bytes = 0;
  v.file_rss_bytes = 52 * KiB;
  const Explanation tiny = explain(e);
  const Check* t = find(tiny, "victim_held_little");
  ASSERT_NE(t, nullptr);
  EXPECT_THAT(t->message, HasSubstr("held only 52.0 KiB when killed (anon-rss 0 B, file-rss 52.0 KiB, shmem-rss 0 B); "
                                    "the report does not print the machine's RAM, so its share of RAM is unknown: "));
  EXPECT_THAT(t->message, Not(HasSubstr("under 1 %")));
  EXPECT_THAT(t->message, HasSubstr("It ranked highest through its swap entries or page tables"));
  // A raised oom_score_adj, not swap entries or page tables, ranked a victim that held this little.
  v.oom_score_adj = 1000;
  const Explanation adj = explain(e);
  const Check* a = find(adj, "victim_held_little");
  ASSERT_NE(a, nullptr);
  EXPECT_THAT(a->message, HasSubstr("the kill freed little. It ranked highest through its oom_score_adj of 1000, not "
                                    "through what it held;"));
  EXPECT_THAT(a->message, Not(HasSubstr("swap entries or page tables")));
}

TEST(VictimShare, OfAnUnprintedLimit) {
  // 10: memcg kill lines alone: the kill line shows what the victim held and no report printed a limit to
  // miss, so nothing is added to it.
  OomEvent e = docker_multikill();
  EXPECT_EQ(find(explain(e), "victim_share_unknown"), nullptr);
  // With the report's header before them, the limit is missing from a report: its share is unknown, said so.
  e.trigger = Trigger{"python3", 15617, "0xcc0(GFP_KERNEL)", 0, 0, std::nullopt, "(null)", "/", "0"};
  const Explanation x = explain(e);
  const Check* c = find(x, "victim_share_unknown");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("the report prints no limit of its cgroup, so its share of the limit is unknown."));
  // With the limit printed the share is of it: 7.6 MiB of 32 GiB is little.
  OomEvent limited = e;
  limited.memcg = owned(MemcgOf("/docker/x").limited(32 * GiB, 32 * GiB));
  const Explanation y = explain(limited);
  EXPECT_EQ(find(y, "victim_share_unknown"), nullptr);
  ASSERT_NE(find(y, "victim_held_little"), nullptr);
  EXPECT_THAT(find(y, "victim_held_little")->message, HasSubstr("under 1 % of its cgroup's 32.0 GiB limit"));
  // A memcg is charged for page cache, tmpfs and kernel memory, never hugetlb pages; a score is of its limit.
  EXPECT_THAT(find(y, "victim_held_little")->message, HasSubstr("or the cgroup was charged for memory outside its "
                                                                "processes (page cache, tmpfs, kernel memory)."));
  EXPECT_THAT(find(y, "victim_held_little")->message, Not(HasSubstr("hugetlb")));
  limited.victims.front().selected_score = 3;
  limited.victims.front().anon_rss_bytes = 200 * MiB;  // not little of the limit: the score alone ranks it little
  const Explanation scored = explain(limited);  // kept: `s` points into it
  const Check* s = find(scored, "victim_held_little");
  ASSERT_NE(s, nullptr);
  EXPECT_THAT(s->message, HasSubstr("badness score 3 (‰ of its cgroup's limit plus the swap it may use)"));
  EXPECT_THAT(s->message, Not(HasSubstr("RAM plus swap")));
}

// Issue 12 (review of the 39 corpus events it fired on): said only where it adds to the victim's line.
TEST(VictimShare, NotBesideAKillRecordAloneOrARaisedAdj) {
  OomEvent e = arch_doxygen_global();
  e.mem_info.reset();
  Victim& v = e.victims.front();
  v.anon_rss_bytes = 976 * KiB;
  v.file_rss_bytes = 24704 * KiB;
  ASSERT_NE(find(explain(e), "victim_share_unknown"), nullptr);
  // 267: the kill record alone (`oom-kill:` summary with its task_memcg, kill, reaper): no header, Mem-Info or rows.
  OomEvent record = e;
  record.trigger.reset();
  EXPECT_EQ(find(explain(record), "victim_share_unknown"), nullptr);
  // A memcg's counter line is a report's line: said again.
  record.constraint = Constraint::memcg;
  record.memcg = owned(MemcgOf("/docker/x"));
  record.memcg->usage_bytes = 30 * MiB;
  EXPECT_NE(find(explain(record), "victim_share_unknown"), nullptr);
  // 212, 265: a raised oom_score_adj ranked it (victim_oom_score_adj says so): not said beside that.
  v.oom_score_adj = 200;
  const Explanation adj = explain(e);
  EXPECT_EQ(find(adj, "victim_share_unknown"), nullptr);
  EXPECT_NE(find(adj, "victim_oom_score_adj"), nullptr);
  // A lowered one ranks nothing up: said.
  v.oom_score_adj = -900;
  EXPECT_NE(find(explain(e), "victim_share_unknown"), nullptr);
}

TEST(VictimShare, KillRecordAloneGetsTheRamConditionalAdvice) {
  // Blind set 13b (corpus 402: cp, 1 MiB, killed at a router's boot; a kill line alone): no check says what it held
  // (its kill line does), yet the advice is the RAM-conditional one, not "contain memory-hungry jobs" alone.
  OomEvent e = arch_doxygen_global();
  e.mem_info.reset();
  e.trigger.reset();
  Victim& v = e.victims.front();
  v.comm = "cp";
  v.anon_rss_bytes = 128 * KiB;
  v.file_rss_bytes = 0;
  v.shmem_rss_bytes = 896 * KiB;
  v.oom_score_adj = 0;
  auto advice = [](const Explanation& x) {
    std::string all;
    for (const auto& a : x.advice) all += a + "\n";
    return all;
  };
  {
    const Explanation x = explain(e);
    EXPECT_EQ(find(x, "victim_share_unknown"), nullptr);
    EXPECT_THAT(advice(x), HasSubstr("cp held 1.0 MiB and the report does not print the machine's RAM: with more than "
                                     "100.0 MiB of RAM it held under 1 %"));
    EXPECT_THAT(advice(x), Not(HasSubstr("Contain memory-hungry jobs")));
  }
  // RAM known: its share is known, the usual advice.
  ExplainContext known;
  known.mem_total_bytes = 2 * GiB;
  EXPECT_THAT(advice(explain(e, known)), Not(HasSubstr("does not print the machine's RAM")));
  // 64 MiB or more, or a raised oom_score_adj that ranked it: not said.
  v.anon_rss_bytes = 64 * MiB;
  EXPECT_THAT(advice(explain(e)), Not(HasSubstr("does not print the machine's RAM")));
  v.anon_rss_bytes = 128 * KiB;
  v.oom_score_adj = 500;
  EXPECT_THAT(advice(explain(e)), Not(HasSubstr("does not print the machine's RAM")));
}

// Issue 12 (blind set 12b, talosctl): a victim that held little ranked highest because the larger tasks shown had a
// lowered oom_score_adj (Kubernetes' -998/-999): the check names the largest of them, not swap entries or page tables.
TEST(VictimShare, LargerTasksShieldedByLoweredAdj) {
  OomEvent e = arch_doxygen_global();
  e.mem_info.reset();
  Victim& v = e.victims.front();
  v.pid = 1448;
  v.comm = "udevd";
  v.anon_rss_bytes = 124 * KiB;
  v.file_rss_bytes = 4 * KiB;
  v.shmem_rss_bytes = 0;
  v.oom_score_adj = 0;
  e.tasks = {TaskOf(1309, "kubelet").rss(6442 * 4096).adj(-999), TaskOf(1448, "udevd").rss(32 * 4096).adj(0),
             TaskOf(1476, "etcd").rss(438392 * 4096).adj(-998)};
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "victim_held_little");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("It ranked highest because the larger tasks shown had their oom_score_adj "
                                      "lowered (etcd held 1.7 GiB RSS at oom_score_adj -998), which ranks them below "
                                      "it or exempts them"));
    EXPECT_THAT(c->message, Not(HasSubstr("swap entries or page tables")));
    EXPECT_EQ(figure(*c, "shielded_pid"), 1476);
    EXPECT_EQ(figure(*c, "shielded_oom_score_adj"), -998);
  }
  // -1000 exempts the task: said so.
  e.tasks[2].oom_score_adj = -1000;
  EXPECT_THAT(find(explain(e), "victim_held_little")->message, HasSubstr("at oom_score_adj -1000: never killed)"));
  // Larger rows at the victim's own oom_score_adj are no shield: the old reason stands.
  e.tasks[0].oom_score_adj = 0;
  e.tasks[2].oom_score_adj = 0;
  EXPECT_THAT(find(explain(e), "victim_held_little")->message, HasSubstr("through its swap entries or page tables"));
}

// Issue 12 (blind set 13a, corpus 395: a GCE scale test's serial console): a 4.x selection (`Kill process 108650
// (pause) score 997 or sacrifice child`) and a kill line without oom_score_adj. All the victim could hold or have
// swapped is within its total-vm: 1 MiB cannot score 997 ‰ of any machine's RAM plus swap, so a raised oom_score_adj
// ranked it, not swap entries or page tables.
TEST(VictimShare, ScoreThatWhatItMappedCannotReach) {
  OomEvent e = arch_doxygen_global();
  const MemInfo mi = *e.mem_info;
  e.mem_info.reset();
  Victim& v = e.victims.front();
  v.pid = 108650;
  v.comm = "pause";
  v.total_vm_bytes = 1068 * KiB;
  v.anon_rss_bytes = 48 * KiB;
  v.file_rss_bytes = 0;
  v.shmem_rss_bytes = 0;
  v.pgtables_bytes.reset();
  v.oom_score_adj.reset();
  v.selected_score = 997;
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "victim_held_little");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("Its badness score 997 cannot come from what it mapped (total-vm 1.0 MiB): that "
                                      "would need RAM plus swap of 1.0 MiB or less. It ranked highest through a raised "
                                      "oom_score_adj, which the report does not print, not through what it held"));
    EXPECT_THAT(c->message, Not(HasSubstr("swap entries or page tables")));
    EXPECT_EQ(figure(*c, "selected_score"), 997);
    EXPECT_EQ(figure(*c, "score"), -1);  // the low-score figure, which the advice quotes as "under 1 %"
    ASSERT_FALSE(x.advice.empty());
    for (const std::string& a : x.advice) EXPECT_THAT(a, Not(HasSubstr("badness score 997")));
  }
  // The check's message for the event as it stands (a copy: no pointer into a temporary Explanation).
  auto held_little = [&e]() {
    const Explanation x = explain(e);
    const Check* c = find(x, "victim_held_little");
    return c ? c->message : std::string();
  };
  // What it mapped could reach the score on a small machine (2 GiB total-vm): nothing inferred.
  v.total_vm_bytes = 2 * GiB;
  EXPECT_THAT(held_little(), HasSubstr("through its swap entries or page tables"));
  // RAM printed (15.7 GiB): 2 GiB mapped is at most 127 ‰ of it, so the score 997 was mostly oom_score_adj.
  e.mem_info = mi;
  EXPECT_THAT(held_little(), HasSubstr("Its badness score 997 cannot come from"));
  // A score that what it mapped reaches: the old reason.
  v.selected_score = 100;
  EXPECT_THAT(held_little(), HasSubstr("through its swap entries or page tables"));
  // A memcg without its limit printed: a cgroup's limit may be tiny, so nothing is inferred.
  e.mem_info.reset();
  v.total_vm_bytes = 1068 * KiB;
  v.selected_score = 997;
  e.constraint = Constraint::memcg;
  const std::string memcg = held_little();
  EXPECT_FALSE(memcg.empty());
  EXPECT_THAT(memcg, Not(HasSubstr("cannot come from")));
}

// Issue 12 (blind set 12b, corpus 381, 382): a victim whose resident memory was mapped file pages (nodeos' chain
// state, file-rss 15 GiB, anon-rss 2.6 MiB): reclaim could not drop them; the advice is about the mapping, not a
// limit on the job.
TEST(VictimShare, FileBackedVictim) {
  OomEvent e = arch_doxygen_global();
  Victim& v = e.victims.front();
  v.comm = "nodeos";
  v.anon_rss_bytes = 2628 * KiB;
  v.file_rss_bytes = 15935356 * KiB;
  v.shmem_rss_bytes.reset();
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "victim_file_backed");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->level, CheckLevel::info);
    EXPECT_THAT(c->message, HasSubstr("nodeos's memory was mapped file pages (file-rss 15.2 GiB, anon-rss 2.6 MiB): "
                                      "reclaim drops such pages before the kernel kills"));
    // Blind set 16b (corpus 494, a GPU miner): file-rss also counts a driver's pages mapped through its device file.
    EXPECT_THAT(c->message, HasSubstr("or a device driver's pages mapped through its device file (a GPU's buffers "
                                      "through /dev/dri or /dev/nvidia*), which reclaim cannot drop at all"));
    bool advised = false;
    for (const auto& a : x.advice)
      advised = advised || (a.find("pages of a file or device it mapped") != std::string::npos &&
                            a.find("if they were a device driver's (a GPU's buffers)") != std::string::npos);
    EXPECT_TRUE(advised);
  }
  // Mostly anonymous (file-rss under four times anon + shmem): not said.
  v.anon_rss_bytes = 5 * GiB;
  EXPECT_EQ(find(explain(e), "victim_file_backed"), nullptr);
  // Under 1 GiB of file pages: not said.
  v.anon_rss_bytes = 0;
  v.file_rss_bytes = 900 * MiB;
  EXPECT_EQ(find(explain(e), "victim_file_backed"), nullptr);
}

}  // namespace
}  // namespace oomlens
