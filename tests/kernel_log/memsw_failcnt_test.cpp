// cgroup v1 `memory+swap: usage …kB, limit …kB, failcnt N`
// (mm/memcontrol.c: mem_cgroup_print_oom_meminfo()): its failcnt is
// memory.memsw.failcnt, kept beside the memsw limit (MemcgInfo::memsw_failcnt).
#include <gtest/gtest.h>

#include "diagnose/explain.h"
#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

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

}  // namespace
}  // namespace oomlens
