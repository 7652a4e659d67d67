#include "diagnose/explain.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

bool has_check(const Explanation& x, const std::string& id) {
  for (const Check& c : x.checks)
    if (c.id == id) return true;
  return false;
}
Check check(const Explanation& x, const std::string& id) {  // by value: callers pass temporaries
  for (const Check& c : x.checks)
    if (c.id == id) return c;
  throw std::runtime_error("no check " + id);
}
bool advice_mentions(const Explanation& x, const std::string& text) {
  for (const std::string& a : x.advice)
    if (a.find(text) != std::string::npos) return true;
  return false;
}

// ---- Summary sentences ---------------------------------------------------

struct SummaryCase {
  const char* name;
  OomEvent (*event)();
  const char* summary;
};
void PrintTo(const SummaryCase& c, std::ostream* os) { *os << c.name; }

const SummaryCase kSummaries[] = {
    {"MemcgDocker", docker_python_memcg,
     "python3 (pid 25684) was killed by the memory-cgroup OOM killer: its container /docker/3f2a9c0d1e2b\u2026 "
     "hit its 32.0 GiB limit; the victim held 28.3 GiB anonymous memory."},
    {"GlobalNoSwap", global_no_swap,
     "doxygen (pid 473206) was killed by the kernel's global OOM killer: the machine (15.5 GiB RAM, no swap) "
     "ran out of memory; the victim held 8.8 GiB anonymous memory."},
    {"GlobalSwapFullFromCorpus03", arch_doxygen_global,
     "doxygen (pid 473206) was killed by the kernel's global OOM killer: the machine (15.7 GiB RAM, 24.0 GiB "
     "swap, full) ran out of memory; the victim held 8.8 GiB anonymous memory."},
    {"KubernetesPod", k8s_oom_group,
     "node (pid 22609) was killed by the memory-cgroup OOM killer: its Kubernetes pod "
     "94eb36cd-29e1-478b-b365-4cb5dfc7d6fb hit its 4.0 GiB limit; the victim held 3.9 GiB anonymous memory."},
    {"UnknownConstraintSaysSo", bare_kill_line,
     "python (pid 7748) was killed by the OOM killer; the log does not say whether a cgroup limit or the "
     "whole machine ran out; the victim held 11.0 GiB anonymous memory."},
    // The panic proves only "not a memcg OOM": cpuset and mempolicy OOMs panic there too.
    {"NoKillableWithPanic", no_killable_panic,
     "The OOM killer found no process it was allowed to kill (machine-wide or within a cpuset or NUMA "
     "memory-policy limit: the report does not tell which), so the kernel panicked (\"System is deadlocked on "
     "memory\")."},
    {"SysrqPanicOnOom", sysrq_panic_on_oom,
     "An OOM forced through SysRq-f (a person's or a watchdog's decision) made the kernel panic (\"Out of memory: "
     "compulsory panic_on_oom is enabled\") instead of killing a process, because vm.panic_on_oom is set."},
    {"PanicWithoutMessage", [] { return OomEvent(EventOf(EventKind::panic)); },
     "The kernel panicked during the OOM; no process was killed."},
    {"SysrqKill", sysrq_forced,
     "unattended-upgr (pid 651) was killed by an OOM kill forced through SysRq-f, a person's or a watchdog's "
     "decision, which does not by itself mean memory ran out; the victim held 8.2 MiB anonymous memory."},
    {"SelectedNoKill", selected_apache,
     "apache2 (pid 1046) was selected by the memory-cgroup OOM killer (score 1000) after its cgroup /1066 hit "
     "its memory limit, but the log has no line saying it was killed."},
    {"HeaderOnlyNoKill", [] { return OomEvent(EventOf(EventKind::selected_no_kill).constraint(Constraint::memcg)); },
     "The memory-cgroup OOM killer ran after its memory cgroup hit its memory limit, but the log ends before any "
     "process was killed."},
    {"MultiKill", docker_multikill,
     "python3 (pid 15617) and 3 other processes were killed by the memory-cgroup OOM killer: its memory cgroup "
     "hit its memory limit; the victims held 16.8 MiB anonymous memory together."},
};

class SummarySentence : public ::testing::TestWithParam<SummaryCase> {};

TEST_P(SummarySentence, Is) { EXPECT_EQ(explain(GetParam().event()).summary, GetParam().summary); }

INSTANTIATE_TEST_SUITE_P(Summary, SummarySentence, ::testing::ValuesIn(kSummaries),
                         [](const ::testing::TestParamInfo<SummaryCase>& c) { return std::string(c.param.name); });

TEST(Summary, NeverInventsFigures) {
  OomEvent e = docker_python_memcg();
  e.memcg->limit_bytes.reset();
  e.memcg->limit_state = LimitState::unknown;
  e.victims[0].anon_rss_bytes.reset();
  const std::string s = explain(e).summary;
  EXPECT_THAT(s, HasSubstr("hit its memory limit."));
  EXPECT_THAT(s, Not(HasSubstr("GiB")));
  EXPECT_THAT(s, Not(HasSubstr("anonymous")));
  // The kernel's "no limit" sentinel is not a limit.
  e.memcg->limit_bytes = 9007199254740988ull * 1024;
  e.memcg->limit_state = LimitState::limited;
  EXPECT_THAT(explain(e).summary, Not(HasSubstr("EiB")));
}

TEST(Summary, EmptyEventDoesNotCrash) {
  for (EventKind k : {EventKind::kill, EventKind::selected_no_kill, EventKind::no_killable, EventKind::panic,
                      EventKind::incomplete}) {
    OomEvent e;
    e.kind = k;
    const Explanation x = explain(e);
    EXPECT_FALSE(x.summary.empty());
    EXPECT_EQ(x.summary.back(), '.');
  }
}

// ---- Checks: each fires only when its data is there -----------------------

TEST(Checks, VictimAgainstLimit) {
  const Explanation x = explain(docker_python_memcg());
  const Check c = check(x, "victim_anon_vs_limit");
  EXPECT_EQ(c.level, CheckLevel::warn);
  EXPECT_THAT(c.message, HasSubstr("88 %"));
  OomEvent small = docker_python_memcg();
  small.victims[0].anon_rss_bytes = 2 * GiB;
  EXPECT_EQ(check(explain(small), "victim_anon_vs_limit").level, CheckLevel::info);
  small.memcg->limit_state = LimitState::unlimited;
  small.memcg->limit_bytes.reset();
  EXPECT_FALSE(has_check(explain(small), "victim_anon_vs_limit"));
}

// The kernel charges a memcg's anon, file (page cache), shmem and kernel memory: the victim's own shmem-rss is
// not "the rest" that others took (issue 12 leftovers).
TEST(Checks, VictimAgainstLimitCountsItsShmem) {
  OomEvent e = docker_python_memcg();  // 32 GiB limit
  e.victims[0].anon_rss_bytes = 12 * GiB;
  e.victims[0].shmem_rss_bytes = 8 * GiB;
  Check c = check(explain(e), "victim_anon_vs_limit");
  EXPECT_EQ(c.level, CheckLevel::info);
  EXPECT_THAT(c.message, HasSubstr("anonymous and shared memory (anon-rss 12.0 GiB + shmem-rss 8.0 GiB) is only 62 % "
                                   "of the cgroup's 32.0 GiB limit"));
  bool shmem_figure = false;
  for (const auto& [k, v] : c.figures) shmem_figure = shmem_figure || (k == "shmem_rss_bytes" && v == 8 * int64_t{GiB});
  EXPECT_TRUE(shmem_figure);
  // Together over 80 %: the victim filled the limit, though its anon alone is 50 %.
  e.victims[0].anon_rss_bytes = 16 * GiB;
  e.victims[0].shmem_rss_bytes = 10 * GiB;
  c = check(explain(e), "victim_anon_vs_limit");
  EXPECT_EQ(c.level, CheckLevel::warn);
  EXPECT_THAT(c.message, HasSubstr("is 81 % of the cgroup's 32.0 GiB limit: the victim itself filled the limit"));
  // A few KiB of shmem change no percent: the sentence stays the anon one.
  e.victims[0].shmem_rss_bytes = 4096;
  EXPECT_THAT(check(explain(e), "victim_anon_vs_limit").message, HasSubstr("anonymous memory (16.0 GiB) is only 50 %"));
}

TEST(Checks, VictimAgainstRam) {
  EXPECT_EQ(check(explain(global_no_swap()), "victim_anon_vs_ram").level, CheckLevel::warn);
  OomEvent e = global_no_swap();
  e.mem_info.reset();
  EXPECT_FALSE(has_check(explain(e), "victim_anon_vs_ram"));
  ExplainContext live;
  live.mem_total_bytes = 64 * GiB;
  EXPECT_EQ(check(explain(e, live), "victim_anon_vs_ram").level, CheckLevel::info);
  // A share that rounds down to 0 % is said as under 1 %, never "only 0 %" (corpus 603, 611, 612).
  e.victims[0].anon_rss_bytes = 84 * 1024;
  e.victims[0].shmem_rss_bytes = 0;
  const Check tiny = check(explain(e, live), "victim_anon_vs_ram");
  EXPECT_THAT(tiny.message, HasSubstr("is only <1 % of RAM"));
  EXPECT_THAT(tiny.message, Not(HasSubstr("only 0 %")));
}

// A database or a JVM that alone used most of the RAM (corpus 641: mysqld, 72 %): its own settings to size, not a
// limit around it; any other process keeps the advice to contain it.
TEST(Advice, AServerThatUsedMostOfTheRamIsSizedByItsOwnSettings) {
  OomEvent e = global_no_swap();
  for (const auto& [comm, setting] : {std::pair<std::string, std::string>{"mysqld", "`innodb_buffer_pool_size`"},
                                      {"mariadbd", "`max_connections`"}, {"postgres", "`shared_buffers`"},
                                      {"java", "`-Xmx`"}, {"mongod", "cacheSizeGB"}, {"redis-server", "`maxmemory`"}}) {
    e.victims[0].comm = comm;
    const Explanation x = explain(e);
    EXPECT_EQ(check(x, "victim_anon_vs_ram").level, CheckLevel::warn) << comm;
    EXPECT_TRUE(advice_mentions(x, setting)) << comm;
    EXPECT_TRUE(advice_mentions(x, comm + " alone used most of the RAM")) << comm;
    EXPECT_FALSE(advice_mentions(x, "oomlens run --limit")) << comm;
  }
  e.victims[0].comm = "python3";
  const Explanation other = explain(e);
  EXPECT_TRUE(advice_mentions(other, "run it under `oomlens run --limit SIZE`"));
}

TEST(Checks, TotalVmOnlyUnderStrictOvercommit) {
  OomEvent e = global_no_swap();
  e.victims[0].total_vm_bytes = 100 * GiB;  // e.g. CUDA or ASan reservations
  EXPECT_FALSE(has_check(explain(e), "total_vm_vs_ram"));
  ExplainContext heuristic;
  heuristic.overcommit_memory = 0;
  EXPECT_FALSE(has_check(explain(e, heuristic), "total_vm_vs_ram"));
  ExplainContext strict;
  strict.overcommit_memory = 2;
  EXPECT_TRUE(has_check(explain(e, strict), "total_vm_vs_ram"));
  e.victims[0].total_vm_bytes = 1 * GiB;
  EXPECT_FALSE(has_check(explain(e, strict), "total_vm_vs_ram"));
}

TEST(Checks, PageTables) {
  EXPECT_FALSE(has_check(explain(arch_doxygen_global()), "pgtables_large"));  // 57.9 MiB
  OomEvent e = arch_doxygen_global();
  e.victims[0].pgtables_bytes = 200 * MiB;
  EXPECT_TRUE(has_check(explain(e), "pgtables_large"));
  EXPECT_TRUE(advice_mentions(explain(e), "huge pages"));
}

TEST(Checks, Swap) {
  EXPECT_TRUE(has_check(explain(global_no_swap()), "swap_absent"));
  EXPECT_TRUE(has_check(explain(arch_doxygen_global()), "swap_exhausted"));
  OomEvent plenty = arch_doxygen_global();
  plenty.mem_info->free_swap_bytes = 10 * GiB;
  EXPECT_FALSE(has_check(explain(plenty), "swap_exhausted"));
  plenty.mem_info->total_swap_bytes.reset();
  EXPECT_FALSE(has_check(explain(plenty), "swap_absent"));
  // memcg v2: swap.max 0; swap at its limit.
  EXPECT_TRUE(has_check(explain(docker_python_memcg()), "memcg_swap_disallowed"));
  OomEvent full = docker_python_memcg();
  full.memcg->swap_limit_bytes = 1 * GiB;
  full.memcg->swap_usage_bytes = 1 * GiB;
  EXPECT_TRUE(has_check(explain(full), "memcg_swap_exhausted"));
  // memcg v1 (corpus 28): memory+swap limit equal to the memory limit.
  OomEvent v1 = docker_python_memcg();
  v1.memcg->swap_limit_state = LimitState::unknown;
  v1.memcg->swap_limit_bytes.reset();
  v1.memcg->memsw_limit_bytes = 32 * GiB;
  v1.memcg->memsw_usage_bytes = 32 * GiB;
  EXPECT_TRUE(has_check(explain(v1), "memcg_swap_disallowed"));
}

TEST(Checks, OomScoreAdj) {
  EXPECT_FALSE(has_check(explain(docker_python_memcg()), "victim_oom_score_adj"));
  EXPECT_THAT(check(explain(k8s_oom_group()), "victim_oom_score_adj").message, HasSubstr("Burstable"));
  OomEvent be = k8s_oom_group();
  be.victims[0].oom_score_adj = 1000;
  // 1000 in a Burstable pod (whose containers get at most 999) was set by the process, not by the kubelet.
  EXPECT_THAT(check(explain(be), "victim_oom_score_adj").message, HasSubstr("this pod is Burstable"));
  EXPECT_FALSE(advice_mentions(explain(be), "requests and limits"));
  be.memcg = owned(MemcgOf("/kubepods/besteffort/pod94eb36cd-29e1-478b-b365-4cb5dfc7d6fb"));
  EXPECT_THAT(check(explain(be), "victim_oom_score_adj").message, HasSubstr("Kubernetes gives it to BestEffort pods"));
  EXPECT_TRUE(advice_mentions(explain(be), "requests and limits"));
  OomEvent g = k8s_oom_group();
  g.victims[0].oom_score_adj = -997;  // corpus 12
  const Check c = check(explain(g), "victim_oom_score_adj");
  // A memcg kill: the pod's tasks all have -997, and only they compete (info; a global kill keeps the warning).
  EXPECT_EQ(c.level, CheckLevel::info);
  EXPECT_THAT(c.message, HasSubstr("Guaranteed"));
  g.constraint = Constraint::global;
  EXPECT_EQ(check(explain(g), "victim_oom_score_adj").level, CheckLevel::warn);
}

TEST(Checks, LargestTasksByComm) {
  const Explanation x = explain(dataloader_workers());
  const Check c = check(x, "largest_tasks_by_comm");
  EXPECT_THAT(c.message, HasSubstr("8 python3 processes held 22.0 GiB RSS together"));
  EXPECT_THAT(c.message, HasSubstr("shared"));
  EXPECT_TRUE(advice_mentions(x, "num_workers"));
  EXPECT_TRUE(advice_mentions(x, "persistent_workers"));
  EXPECT_FALSE(has_check(explain(docker_python_memcg()), "largest_tasks_by_comm"));  // no table
}

TEST(Advice, DataLoaderAdviceNeedsSignsOfWorkers) {
  // 244: DeepSpeed ZeRO-3 ranks are same-name python processes too; only a sign of DataLoader workers
  // (torch_shm_manager, or PyTorch 2.1+'s `pt_data_worker` name) makes them workers.
  OomEvent ranks = dataloader_workers();
  ranks.tasks.pop_back();  // no torch_shm_manag row
  EXPECT_FALSE(advice_mentions(explain(ranks), "DataLoader"));
  OomEvent named = ranks;
  for (size_t i = 1; i < 4; ++i) named.tasks[i].comm = "pt_data_worker";
  EXPECT_TRUE(advice_mentions(explain(named), "DataLoader"));
  OomEvent victim_named = ranks;
  victim_named.victims[0].comm = "pt_data_worker";
  EXPECT_TRUE(advice_mentions(explain(victim_named), "DataLoader"));
}

TEST(Checks, TriggerVersusVictim) {
  EXPECT_FALSE(has_check(explain(docker_python_memcg()), "trigger_not_victim"));  // same pid
  EXPECT_TRUE(has_check(explain(dataloader_workers()), "trigger_not_victim"));
  // Comm only (Thread-2 vs node, no trigger pid) with the victim's oom_score_adj 969: Thread-2 may be one of node's
  // threads (blind set 9b, corpus 304: `CPU 1/KVM`, a vCPU thread of the qemu it killed): no claim.
  EXPECT_FALSE(has_check(explain(k8s_oom_group()), "trigger_not_victim"));
  {
    OomEvent other = k8s_oom_group();
    other.trigger->oom_score_adj = 0;  // another adj: another process
    EXPECT_TRUE(has_check(explain(other), "trigger_not_victim"));
    OomEvent unknown = k8s_oom_group();
    unknown.trigger->oom_score_adj.reset();  // nothing ties it to the victim: the comm tells
    EXPECT_TRUE(has_check(explain(unknown), "trigger_not_victim"));
  }
  EXPECT_FALSE(has_check(explain(sysrq_forced()), "trigger_not_victim"));  // the sysrq check says it
}

TEST(Checks, SysrqAndPanicOnOom) {
  EXPECT_TRUE(has_check(explain(sysrq_forced()), "sysrq"));
  EXPECT_TRUE(advice_mentions(explain(sysrq_forced()), "sysrq-trigger"));
  EXPECT_FALSE(has_check(explain(docker_python_memcg()), "sysrq"));
  const Explanation p = explain(sysrq_panic_on_oom());
  EXPECT_TRUE(has_check(p, "panic_on_oom"));
  EXPECT_TRUE(advice_mentions(p, "vm.panic_on_oom=0"));
  EXPECT_FALSE(has_check(explain(no_killable_panic()), "panic_on_oom"));
}

TEST(Checks, MultiKill) {
  EXPECT_THAT(check(explain(k8s_oom_group()), "multi_kill").message, HasSubstr("memory.oom.group"));
  EXPECT_THAT(check(explain(docker_multikill()), "multi_kill").message, HasSubstr("4 processes"));
  EXPECT_FALSE(has_check(explain(docker_python_memcg()), "multi_kill"));
}

TEST(Checks, AKillLineWithoutSizesPrintedTwiceIsNotMemoryOomGroup) {
  // 255: 2.6's `Out of Memory: Killed process 2368 (jserver).` twice: a kernel without memory.oom.group.
  const Explanation x = explain(EventOf().victim(VictimOf(2368, "jserver").printed_twice()));
  EXPECT_FALSE(has_check(x, "multi_kill"));
  EXPECT_THAT(check(x, "kill_line_repeated").message, HasSubstr("predates memory.oom.group"));
  EXPECT_FALSE(has_check(explain(k8s_oom_group()), "kill_line_repeated"));
}

TEST(Checks, SwapoffThatInvokedTheOomKillerIsNamed) {
  // 262: `swapoff invoked oom-killer`: the pages it reads back in are what ran out.
  EventOf e(EventKind::incomplete);
  e.trigger(Trigger{"swapoff", 7001, "0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", 0, 0, std::nullopt, std::nullopt,
                    std::nullopt, std::nullopt});
  const Explanation x = explain(e);
  EXPECT_THAT(check(x, "swapoff_trigger").message, HasSubstr("back into RAM"));
  EXPECT_FALSE(has_check(explain(k8s_oom_group()), "swapoff_trigger"));
}

TEST(Checks, NoKillable) {
  OomEvent e = no_killable_panic();
  EXPECT_TRUE(has_check(explain(e), "no_killable_task"));
  TaskRow r;
  r.pid = 1;
  r.comm = "systemd";
  r.oom_score_adj = -1000;
  e.tasks = {r, r};
  e.trigger = Trigger{};  // the report's header was read: the table is whole
  e.trigger->comm = "sshd";
  EXPECT_THAT(check(explain(e), "no_killable_task").message, HasSubstr("all 2 tasks listed have oom_score_adj -1000"));
  e.tasks[1].oom_score_adj = 0;
  EXPECT_THAT(check(explain(e), "no_killable_task").message, HasSubstr("1 of the 2 tasks listed"));
  // A table tail with no header before it (corpus 123): only the rows shown, no "others".
  e.trigger.reset();
  e.tasks = {r};
  const std::string tail = check(explain(e), "no_killable_task").message;
  EXPECT_THAT(tail, HasSubstr("the one task-table row shown has oom_score_adj -1000"));  // not "1 of the 1 … rows"
  EXPECT_THAT(tail, Not(HasSubstr("the others")));
}

// ---- Advice ---------------------------------------------------------------

TEST(Advice, LimitTooLowOrLeak) {
  const Explanation x = explain(docker_python_memcg());
  EXPECT_TRUE(advice_mentions(x, "raise the limit (now 32.0 GiB)"));
  EXPECT_TRUE(advice_mentions(x, "leaks"));
  // A python3 victim alone is no sign of training (corpus 64): no bf16 advice.
  EXPECT_FALSE(advice_mentions(x, "bf16"));
  OomEvent torch = docker_python_memcg();
  TaskRow main_thread;
  main_thread.pid = 25684;
  main_thread.comm = "pt_main_thread";  // PyTorch names its main thread so
  main_thread.rss_bytes = 28 * GiB;
  torch.tasks = {main_thread};
  const Explanation t = explain(torch);
  EXPECT_TRUE(advice_mentions(t, "bf16/AMP"));
  EXPECT_TRUE(advice_mentions(t, "gradient accumulation"));
  OomEvent small = docker_python_memcg();
  small.victims[0].anon_rss_bytes = 2 * GiB;
  EXPECT_TRUE(advice_mentions(explain(small), "other processes"));
  EXPECT_FALSE(advice_mentions(explain(small), "bf16"));
}

TEST(Advice, GlobalAndSwap) {
  const Explanation x = explain(global_no_swap());
  EXPECT_TRUE(advice_mentions(x, "oomlens run --limit"));
  EXPECT_TRUE(advice_mentions(x, "Add swap"));
  EXPECT_FALSE(advice_mentions(explain(arch_doxygen_global()), "Add swap"));  // swap full: more swap only delays
  EXPECT_TRUE(advice_mentions(explain(arch_doxygen_global()), "only delay"));
}

TEST(Advice, UnknownConstraintAsksForTheFullReport) {
  EXPECT_TRUE(advice_mentions(explain(bare_kill_line()), "journalctl -k"));
}

TEST(Explain, OpenVzBeancounterOomIsTheContainersOwnLimit) {
  // OpenVZ's `Out of memory in UB 1234: OOM killed process …` (kernel/bc/oom_kill.c out_of_memory_in_ub()): the
  // container's beancounter limits ran out, not the node; no CONSTRAINT_* names it (null constraint).
  const OomEvent e = EventOf().victim(VictimOf(21738, "php-cgi").message("Out of memory in UB 1234"));
  const Explanation x = explain(e);
  EXPECT_EQ(x.summary,
            "php-cgi (pid 21738) was killed by the OOM killer: OpenVZ/Virtuozzo container 1234 hit its own memory "
            "limits (its user beancounter: `Out of memory in UB 1234`), not the whole machine.");
  EXPECT_TRUE(advice_mentions(x, "vzctl set 1234 --physpages"));
  EXPECT_TRUE(advice_mentions(x, "/etc/vz/conf/1234.conf"));
  EXPECT_TRUE(advice_mentions(x, "failcnt column of /proc/user_beancounters"));
  EXPECT_FALSE(advice_mentions(x, "journalctl -k"));  // the kill line already says which limit
  // Another message (or none) keeps the generic sentence.
  const OomEvent plain = EventOf().victim(VictimOf(21738, "php-cgi"));
  EXPECT_THAT(explain(plain).summary, HasSubstr("the log does not say whether"));
}

TEST(Advice, SysrqSaysNothingToFix) {
  const Explanation x = explain(sysrq_forced());
  ASSERT_EQ(x.advice.size(), 1u);
  EXPECT_THAT(x.advice[0], HasSubstr("Nothing to fix"));
}

TEST(Advice, AtMostFive) {
  OomEvent e = dataloader_workers();
  e.victims[0].pgtables_bytes = 1 * GiB;
  EXPECT_LE(explain(e).advice.size(), 5u);
}

}  // namespace
}  // namespace oomlens
