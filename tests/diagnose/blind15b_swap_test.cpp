// The victim's swap entries named beside a smaller RSS (blind set 15b, corpus 448: python3, 292.9 MiB resident and
// 12.9 GiB in swap, killed in a global OOM): the kill line prints no swap, its task-table row does, and the
// kernel's badness score counts it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "diagnose/explain.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string report(const char* swapents) {
  return std::string("[  100.000001] [   3317]  1000  3317  3459374    75936 27783168 ") + swapents +
         "             0 python3\n"
         "[  100.000002] [   3382]  1000  3382   641522    15122   806912     4146             0 firefox\n"
         "[  100.000003] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
         "task_memcg=/user.slice,task=python3,pid=3317,uid=1000\n"
         "[  100.000004] Out of memory: Killed process 3317 (python3) total-vm:13837496kB, anon-rss:299948kB, "
         "file-rss:3796kB, shmem-rss:0kB, UID:1000 pgtables:27132kB oom_score_adj:0\n";
}

std::string all_text(const Explanation& x) {
  std::string t = x.summary;
  for (const auto& c : x.checks) t += "\n" + c.message;
  return t;
}

TEST(VictimSwap, RowSwapBeyondTheRssIsNamed) {
  const auto ev = parse_log_text(report(" 3372342"));
  ASSERT_EQ(ev.size(), 1u);
  const Explanation x = explain(ev[0]);
  EXPECT_THAT(x.summary, HasSubstr("the victim held 292.9 MiB anonymous memory, and 12.9 GiB in swap"));
  EXPECT_THAT(all_text(x), HasSubstr("python3 held 296.6 MiB RSS and 12.9 GiB in swap"));
  EXPECT_THAT(all_text(x), HasSubstr("firefox held 59.1 MiB RSS."));  // 16.2 MiB of swap: less than its RSS
}

TEST(VictimSwap, SmallOrNoSwapIsNotNamed) {
  for (const char* swapents : {"       0", "   10000"}) {  // none; 39 MiB, under 64 MiB
    const auto ev = parse_log_text(report(swapents));
    ASSERT_EQ(ev.size(), 1u);
    const Explanation x = explain(ev[0]);
    EXPECT_THAT(all_text(x), Not(HasSubstr("in swap"))) << swapents;
  }
}

}  // namespace
}  // namespace oomlens
