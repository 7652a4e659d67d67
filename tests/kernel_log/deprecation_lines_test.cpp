// cgroup v1 deprecation lines: registering an eventfd on memory.oom_control
// (or memory.pressure_level) through cgroup.event_control makes 6.x kernels
// print, once per boot (mm/memcontrol-v1.c, pr_warn_once):
//   "oom_control is deprecated and will be removed. Please report your
//    usecase to linux-mm-@kvack.org if you depend on this functionality."
// (seen on this machine's 6.18 kernel). It mentions "oom" but is not an OOM
// report: the scanner must ignore it, before a report and inside one.
#include <gtest/gtest.h>

#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

constexpr const char* kDeprecation =
    "[11225.577743] oom_control is deprecated and will be removed. Please report your usecase to "
    "linux-mm-@kvack.org if you depend on this functionality.\n";
constexpr const char* kPressure =
    "[11225.577797] pressure_level is deprecated and will be removed. Please report your usecase to "
    "linux-mm-@kvack.org if you depend on this functionality.\n";

const std::string kHead =
    "[11230.100000] leak invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
    "[11230.100010] memory: usage 65536kB, limit 65536kB, failcnt 12\n";
const std::string kTail =
    "[11230.100020] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/t,"
    "task_memcg=/t,task=leak,pid=42,uid=0\n"
    "[11230.100030] Memory cgroup out of memory: Killed process 42 (leak) total-vm:71296kB, anon-rss:65152kB, "
    "file-rss:3280kB, shmem-rss:0kB, UID:0 pgtables:176kB oom_score_adj:0\n";

TEST(DeprecationLines, AloneAreNoEvent) {
  std::vector<ParseWarning> w;
  auto ev = parse_log_text(std::string(kDeprecation) + kPressure, {}, &w);
  EXPECT_TRUE(ev.empty());
  EXPECT_TRUE(w.empty());
}

TEST(DeprecationLines, BeforeAndInsideAReportChangeNothing) {
  auto plain = parse_log_text(kHead + kTail);
  ASSERT_EQ(plain.size(), 1u);
  for (const std::string& text : {kDeprecation + kHead + kTail, kHead + kDeprecation + kTail,
                                  kHead + kTail + kPressure + kDeprecation}) {
    std::vector<ParseWarning> w;
    auto ev = parse_log_text(text, {}, &w);
    ASSERT_EQ(ev.size(), 1u) << text;
    ASSERT_EQ(ev[0].victims.size(), plain[0].victims.size());
    EXPECT_EQ(ev[0].victims[0].pid, 42);
    EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, plain[0].victims[0].anon_rss_bytes);
    EXPECT_EQ(ev[0].memcg.has_value(), plain[0].memcg.has_value());
    EXPECT_EQ(ev[0].notes.size(), plain[0].notes.size()) << text;
  }
}

}  // namespace
}  // namespace oomlens
