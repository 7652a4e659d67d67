// What `explain` says, audited against the cause an expert reads in the report (issue 12, points 8-10): each test
// builds the event of one class of real report.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

// Corpus 176 (postgres, 83.9 GiB shmem-rss, 3.7 MiB anon-rss) and 292: a victim whose shared memory is larger than
// its anonymous memory and 64 MiB or more has it said in the sentence; "held 3.7 MiB" alone tells the wrong story.
TEST(AuditWording, SharedMemoryLargerThanAnonIsSaid) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .victim(VictimOf(558816, "postgres").rss(98 * GiB, 3796 * KiB, 1272 * KiB, 87933848 * KiB));
  EXPECT_THAT(explain(e).summary,
              HasSubstr("the victim held 3.7 MiB anonymous memory and 83.9 GiB of shared memory (shmem-rss)."));
  e.victims[0].file_rss_bytes = 200 * MiB;  // both larger: both said
  EXPECT_THAT(explain(e).summary, HasSubstr("the victim held 3.7 MiB anonymous memory, 200.0 MiB of mapped file pages "
                                            "(file-rss) and 83.9 GiB of shared memory (shmem-rss)."));
  e.victims[0].file_rss_bytes = 1 * MiB;
  e.victims[0].shmem_rss_bytes = 60 * MiB;  // under 64 MiB: the anonymous memory is the story
  EXPECT_THAT(explain(e).summary, Not(HasSubstr("shmem-rss")));
  e.victims[0].shmem_rss_bytes = 1 * MiB;
  e.victims[0].anon_rss_bytes = 2 * GiB;  // smaller than the anonymous memory: not said
  EXPECT_THAT(explain(e).summary, HasSubstr("the victim held 2.0 GiB anonymous memory."));
}

// Corpus 18, 19, 29, 52, 66, 72, 85, 86: a high-order allocation in a log that prints no page size. The check says
// the block in pages; the advice said "needs 0 B of contiguous free memory" (its missing figure read as 0).
TEST(AuditWording, HighOrderAdviceWithoutPageSizeSaysPagesNeverZeroBytes) {
  OomEvent e = EventOf(EventKind::incomplete)
                   .constraint(Constraint::global)
                   .trigger(Trigger{"myshellscript", 1, "0x4d0", 2, 0, std::nullopt, std::nullopt, std::nullopt,
                                    std::nullopt});
  {
    const Explanation x = explain(e);
    ASSERT_NE(find(x, "high_order_allocation"), nullptr);
    EXPECT_THAT(advice(x), HasSubstr("An order-2 allocation needs 4 pages (the page size is not in the log) of "
                                     "contiguous free memory."));
    EXPECT_THAT(advice(x), Not(HasSubstr("0 B")));
  }
  e.page_size_bytes = 4096;  // printed: the bytes
  EXPECT_THAT(advice(explain(e)), HasSubstr("An order-2 allocation needs 16.0 KiB of contiguous free memory."));
}

// Corpus 291 (tail, 576 KiB, in a cgroup whose limit the report does not print), 188, the LTP memcg tests: a memcg
// kill of a victim that held almost nothing. The advice said both "Raise the cgroup's memory limit or make the job
// use less memory" and "a limit on it would not have helped ... Mem-Info": the cgroup had a limit, and what filled
// it is in the cgroup's own lines. Now one line: what else the cgroup was charged for.
TEST(AuditWording, MemcgVictimThatHeldLittleIsAdvisedOnTheCgroupNotTheMachine) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::memcg)
                   .victim(VictimOf(2855014, "tail").rss(4296 * KiB, 60 * KiB, 516 * KiB, 0));
  const Explanation x = explain(e);
  ASSERT_NE(find(x, "victim_held_little"), nullptr);
  EXPECT_THAT(advice(x), HasSubstr("The victim held only 576.0 KiB of what its cgroup was charged for"));
  EXPECT_THAT(advice(x), HasSubstr("memory.stat"));
  EXPECT_THAT(advice(x), Not(HasSubstr("Raise the cgroup's memory limit or make the job use less memory")));
  EXPECT_THAT(advice(x), Not(HasSubstr("Mem-Info")));
  EXPECT_THAT(advice(x), Not(HasSubstr("a limit on it would not have helped")));
  // A global kill of such a victim keeps the machine's wording.
  e.constraint = Constraint::global;
  EXPECT_THAT(advice(explain(e)), HasSubstr("a limit on it would not have helped"));
}

// Corpus 157 (plymouthd, 11.9 MiB), 179, 186, 261, 41: a global kill of a 1-64 MiB victim in a report that prints
// no RAM. victim_share_unknown (info) says the share is unknown; the advice said only "contain memory-hungry jobs",
// which is right only on a small machine. It now says the RAM above which the victim held under 1 %.
TEST(AuditWording, VictimShareUnknownAdviceSaysTheRamAtWhichItHeldLittle) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .trigger(Trigger{"kswapd0", 90, "0xcc0(GFP_KERNEL)", 0, 0, std::nullopt, "(null)", "/", "0"})
                   .victim(VictimOf(265, "plymouthd").rss(115232 * KiB, 520 * KiB, 11700 * KiB, 0));
  {
    const Explanation x = explain(e);
    ASSERT_NE(find(x, "victim_share_unknown"), nullptr);
    EXPECT_THAT(advice(x), HasSubstr("plymouthd held 11.9 MiB and the report does not print the machine's RAM: with "
                                     "more than 1.2 GiB of RAM it held under 1 % of it and the kill freed little"));
    EXPECT_THAT(advice(x), Not(HasSubstr("Contain memory-hungry jobs with")));
  }
  // RAM known (2.0 GiB: 11.9 MiB is 0.6 %): victim_held_little says it, with its own advice.
  ExplainContext known;
  known.mem_total_bytes = 2 * GiB;
  {
    const Explanation k = explain(e, known);
    EXPECT_EQ(find(k, "victim_share_unknown"), nullptr);
    EXPECT_THAT(advice(k), Not(HasSubstr("does not print the machine's RAM")));
  }
  // In a memory cgroup whose limit is not printed: the limit above which it held under 1 %.
  e.constraint = Constraint::memcg;
  const Explanation m = explain(e);
  ASSERT_NE(find(m, "victim_share_unknown"), nullptr);
  EXPECT_THAT(advice(m), HasSubstr("plymouthd held 11.9 MiB and the report prints no limit of its cgroup: if the "
                                   "limit (memory.max, v1 memory.limit_in_bytes) is more than 1.2 GiB"));
  EXPECT_THAT(advice(m), Not(HasSubstr("Raise the cgroup's memory limit or make the job use less memory.")));
}

// Corpus 176, 292 (postgres, its shared buffers in shmem-rss): the victim's own shared memory is a segment it uses,
// not a stale tmpfs file; the advice says its size is the program's setting. Mem-Info's shmem keeps the tmpfs advice.
TEST(AuditWording, VictimsOwnSharedMemoryIsAdvisedAsItsProgramsSetting) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .victim(VictimOf(558816, "postgres").rss(98 * GiB, 3796 * KiB, 1272 * KiB, 87933848 * KiB));
  const Explanation x = explain(e);
  ASSERT_NE(find(x, "shmem_dominant"), nullptr);
  EXPECT_THAT(advice(x), HasSubstr("The victim mapped 83.9 GiB of shared memory: a segment a running program uses"));
  EXPECT_THAT(advice(x), Not(HasSubstr("delete what is stale")));
  // The machine's shmem (Mem-Info) over a fifth of RAM: files in tmpfs, as before.
  OomEvent m = arch_doxygen_global();
  m.mem_info->shmem_bytes = 8 * GiB;
  const Explanation y = explain(m);
  ASSERT_NE(find(y, "shmem_dominant"), nullptr);
  EXPECT_THAT(advice(y), HasSubstr("delete what is stale and cap the mounts with size="));
}

// Corpus 181 (3.10, a memcg OOM with 24.7 GiB of RAM free): `compulsory panic_on_oom is enabled` is
// vm.panic_on_oom=2, the only value that panics for a memory cgroup's OOM; the check says the value and the advice
// offers 1. `system-wide` is 1; another wording tells no value and none is said.
TEST(AuditWording, PanicOnOomSaysTheValueThePanicPrinted) {
  OomEvent e = EventOf(EventKind::panic).constraint(Constraint::memcg);
  e.panic_message = "Out of memory: compulsory panic_on_oom is enabled";
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "panic_on_oom");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("vm.panic_on_oom is 2 (\"compulsory\")"));
    EXPECT_THAT(c->message, HasSubstr("with 1 it would have killed a process here"));
    EXPECT_THAT(advice(x), HasSubstr("or 1 if a machine-wide OOM should still reboot"));
  }
  e.constraint = Constraint::global;  // =2 on a machine-wide OOM: nothing confined to point at
  {
    const Explanation x = explain(e);
    EXPECT_THAT(find(x, "panic_on_oom")->message, Not(HasSubstr("would have killed")));
    EXPECT_THAT(advice(x), HasSubstr("unless a reboot on OOM is what you want"));
  }
  e.panic_message = "Out of memory: system-wide panic_on_oom is enabled";
  EXPECT_THAT(find(explain(e), "panic_on_oom")->message, HasSubstr("vm.panic_on_oom is 1 (\"system-wide\")"));
  e.panic_message = "Out of memory: panic_on_oom is selected";  // an older wording: no value
  {
    const Explanation x = explain(e);
    EXPECT_EQ(find(x, "panic_on_oom")->message,
              "vm.panic_on_oom is set: the kernel panics on OOM instead of killing a process.");
    EXPECT_TRUE(find(x, "panic_on_oom")->figures.empty());
  }
}

// Corpus 189 (riscv, 5.4): a page fault failed with VM_FAULT_OOM while 1.4 GiB of 8.0 GiB was free, four python3
// (py.test) processes. The advice said "RAM was free, so no process's size caused this" and then "If this is model
// training: use bf16/AMP": the second contradicts the first. With RAM short, the training advice stays.
TEST(AuditWording, NoTrainingAdviceWhereAPageFaultFailedWithRamFree) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global, "CONSTRAINT_NONE")
                   .pagefault()
                   .trigger(Trigger{"pt_main_thread", 28600, "0x0()", 0, 0, std::nullopt, "(null)", "/", "0"})
                   .mem_info(MemInfo{.free_bytes = 2 * GiB, .free_swap_bytes = 0, .total_swap_bytes = 0,
                                     .ram_bytes = 8 * GiB})
                   .victim(VictimOf(28600, "python3").rss(std::nullopt, 5 * GiB, 10 * MiB, 0));
  {
    const Explanation x = explain(e);
    EXPECT_THAT(advice(x), HasSubstr("find what made the page fault fail"));
    EXPECT_THAT(advice(x), Not(HasSubstr("bf16")));
  }
  e.mem_info->free_bytes = 100 * MiB;  // RAM short: the machine ran out, and the job's size is the story
  EXPECT_THAT(advice(explain(e)), HasSubstr("bf16"));
}

// Corpus 267 (llama-server, 25 MiB, oom_score_adj 200), 268, 57: a raised oom_score_adj adds adj ‰ of RAM plus swap
// (of the cgroup's limit in a memcg OOM) to the badness score. The check said only "a preferred victim" and the
// advice "contain memory-hungry jobs"; both now say it need not be what used the memory.
TEST(AuditWording, RaisedOomScoreAdjSaysWhatItAddsAndThatTheVictimNeedNotBeTheUser) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global, "CONSTRAINT_NONE")
                   .victim(VictimOf(82743, "llama-server").rss(11 * GiB, 976 * KiB, 24704 * KiB, 0).adj(200));
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "victim_oom_score_adj");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->message, "llama-server had oom_score_adj 200 (raised: the kernel adds 20 % of RAM plus swap to its "
                          "badness score, so it was chosen over any process that held up to that much more).");
    EXPECT_THAT(advice(x), HasSubstr("llama-server was chosen partly for its raised oom_score_adj (200), so it need "
                                     "not be what used the memory"));
    EXPECT_THAT(advice(x), Not(HasSubstr("Contain memory-hungry jobs")));
  }
  e.victims[0].oom_score_adj = 985;
  e.constraint = Constraint::memcg;
  EXPECT_THAT(find(explain(e), "victim_oom_score_adj")->message,
              HasSubstr("adds 98.5 % of the cgroup's limit, with the swap it may use, to its badness score"));
}

// Corpus 188 (a.out, 92 KiB anon-rss and 163 MiB shmem-rss in a 200 MiB cgroup): the info "its anonymous memory is
// only 0 % of the limit: other processes, page cache or kernel memory took the rest" was false (its own shared memory
// took it), and so was the advice that the victim was not the main user. A victim with little shmem keeps it.
TEST(AuditWording, LowAnonShareIsNotSaidWhenTheVictimsOwnSharedMemoryFilledTheLimit) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::memcg)
                   .victim(VictimOf(8204, "a.out").rss(300 * MiB, 92 * KiB, 0, 167014 * KiB));
  e.memcg = MemcgInfo{};
  e.memcg->limit_bytes = 200 * MiB;
  e.memcg->limit_state = LimitState::limited;
  {
    const Explanation x = explain(e);
    EXPECT_EQ(find(x, "victim_anon_vs_limit"), nullptr);
    EXPECT_THAT(advice(x), Not(HasSubstr("the victim was not the main user of the limit")));
    EXPECT_THAT(x.summary, HasSubstr("163.1 MiB of shared memory (shmem-rss)"));
  }
  e.victims[0].shmem_rss_bytes = 0;  // nothing of its own beside the anon: others took the rest
  EXPECT_NE(find(explain(e), "victim_anon_vs_limit"), nullptr);
}

// Corpus 197 (seven memcg kills at oom_score_adj -997, no Kubernetes path in the text), 26, 132, 192: in a memcg OOM
// only the cgroup's tasks compete and they usually share the value, so a protected victim is info there, with that
// said; in a global kill it stays a warning.
TEST(AuditWording, ProtectedVictimOfAMemcgOomIsInfoAndSaysWhoCompeted) {
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::memcg)
                   .victim(VictimOf(140339, "python3").rss(120832 * KiB, 15596 * KiB, 8924 * KiB, 0).adj(-997));
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "victim_oom_score_adj");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->level, CheckLevel::info);
    EXPECT_THAT(c->message, HasSubstr("in a memory-cgroup OOM only the cgroup's own tasks are candidates"));
  }
  e.constraint = Constraint::global;
  const Explanation g = explain(e);
  EXPECT_EQ(find(g, "victim_oom_score_adj")->level, CheckLevel::warn);
  EXPECT_THAT(find(g, "victim_oom_score_adj")->message, HasSubstr("every other candidate was protected as much"));
}

}  // namespace
}  // namespace oomlens
