// cgroup v1 `memory+swap: usage …kB, limit …kB, failcnt N` and v2
// `swap: usage …kB, limit …kB, failcnt N` (mm/memcontrol.c:
// mem_cgroup_print_oom_meminfo()): each failcnt is kept beside its limit
// (MemcgInfo::memsw_failcnt, MemcgInfo::swap_failcnt).
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "kernel_log/report_scanner.h"
#include "support/files.h"
#include "support/one_event.h"
#include "support/paths.h"

namespace oomlens {
namespace {

const char* kReport =
    "[  100.000000] java invoked oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0\n"
    "[  100.000001] Task in /docker/abc killed as a result of limit of /docker/abc\n"
    "[  100.000002] memory: usage 1048576kB, limit 1048576kB, failcnt 12\n"
    "[  100.000003] memory+swap: usage 1048576kB, limit 1048576kB, failcnt 7\n"
    "[  100.000004] kmem: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
    "[  100.000005] Memory cgroup out of memory: Kill process 42 (java) score 999 or sacrifice child\n"
    "[  100.000006] Killed process 42 (java) total-vm:2000000kB, anon-rss:1040000kB, file-rss:0kB\n";

TEST(ReportMemswFailcnt, ParsedBesideTheMemswLimit) {
  const OomEvent e = testing::one_event(kReport);
  ASSERT_TRUE(e.memcg.has_value());
  const MemcgInfo& m = *e.memcg;
  EXPECT_EQ(m.failcnt, 12u);
  EXPECT_EQ(m.memsw_failcnt, 7u);
  EXPECT_EQ(m.memsw_limit_bytes, 1048576u * 1024);
  // The check that names the memsw limit carries it as a figure.
  const Explanation x = explain(e);
  bool shown = false;
  for (const Check& c : x.checks)
    for (const auto& [name, value] : c.figures)
      if (name == "memsw_failcnt") {
        EXPECT_EQ(c.id, "memcg_swap_disallowed");
        EXPECT_EQ(value, 7);
        shown = true;
      }
  EXPECT_TRUE(shown);
}

TEST(ReportMemswFailcnt, UnknownWhenNotPrinted) {
  std::string cut = kReport;
  const std::string line = "memory+swap: usage 1048576kB, limit 1048576kB, failcnt 7";
  cut.replace(cut.find(line), line.size(), "memory+swap: usage 1048576kB, limit 1048576kB");
  const OomEvent e = testing::one_event(cut);
  ASSERT_TRUE(e.memcg.has_value());
  EXPECT_FALSE(e.memcg->memsw_failcnt.has_value());  // null, never 0
  EXPECT_EQ(e.memcg->failcnt, 12u);
}

// A cgroup v2 report (5.0+): `swap:` is the v2 swap counter.
const char* kReportV2 =
    "[  200.000000] stress invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
    "[  200.000001] memory: usage 262144kB, limit 262144kB, failcnt 31\n"
    "[  200.000002] swap: usage 131072kB, limit 131072kB, failcnt 9\n"
    "[  200.000003] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,"
    "oom_memcg=/job,task_memcg=/job,task=stress,pid=42,uid=0\n"
    "[  200.000004] Memory cgroup out of memory: Killed process 42 (stress) total-vm:400000kB, "
    "anon-rss:260000kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:600kB oom_score_adj:0\n";

TEST(ReportSwapFailcnt, V2SwapFailcntBesideTheSwapLimit) {
  auto ev = parse_log_text(kReportV2);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].memcg.has_value());
  const MemcgInfo& m = *ev[0].memcg;
  EXPECT_EQ(m.hierarchy, "v2");
  EXPECT_EQ(m.failcnt, 31u);
  EXPECT_EQ(m.swap_failcnt, 9u);
  EXPECT_FALSE(m.memsw_failcnt.has_value());  // v1's counter: not in a v2 report
  EXPECT_EQ(m.swap_limit_bytes, 131072u * 1024);
  // The check that says the cgroup's swap was full carries it as a figure.
  const Explanation x = explain(ev[0]);
  bool shown = false;
  for (const Check& c : x.checks)
    for (const auto& [name, value] : c.figures)
      if (name == "swap_failcnt") {
        EXPECT_EQ(c.id, "memcg_swap_exhausted");
        EXPECT_EQ(value, 9);
        shown = true;
      }
  EXPECT_TRUE(shown);
}

TEST(ReportSwapFailcnt, UnknownWhenNotPrinted) {
  std::string cut = kReportV2;
  const std::string line = "swap: usage 131072kB, limit 131072kB, failcnt 9";
  cut.replace(cut.find(line), line.size(), "swap: usage 131072kB, limit 131072kB");
  auto ev = parse_log_text(cut);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].memcg.has_value());
  EXPECT_FALSE(ev[0].memcg->swap_failcnt.has_value());  // null, never 0
}

// tests/corpus 58 (Talos, cgroup v2): `swap: usage 0kB, limit 9007199254740988kB, failcnt 0`.
TEST(ReportSwapFailcnt, Corpus58TalosV2) {
  const std::string text = testing::slurp(
      testing::source_path("/tests/corpus/58-talos-11148-talosctl-dmesg-v2-kubepods-memcg-stats.log"));
  ASSERT_FALSE(text.empty());
  auto ev = parse_log_text(text);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].memcg.has_value());
  EXPECT_EQ(ev[0].memcg->swap_failcnt, 0u);
  EXPECT_EQ(ev[0].memcg->failcnt, 2084326u);
}

}  // namespace
}  // namespace oomlens
