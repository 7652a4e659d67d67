// Rules found by blind set 21b (issue 12: tests/corpus/733-744, containers, orchestrators and cloud), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::find;  // the one check lookup of the tests (diagnose/event_fixtures.h)

TEST(Report, AMemoryOomGroupKillWithOneKillLineSaysNoSecondCopy) {
  // 737: `dmesg | grep … | head -3`: the summary, the victim's kill and the memory.oom.group line; the kill line's
  // second copy (and the group's other kills) are not in the text, so it must not be said to be printed twice.
  const std::string scope = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-poda8b8a570_9d92_4702_aac3_"
                            "9264b667146c.slice/cri-containerd-c44d2f7a9f1f16bb3f6922e7c02215d9618db819fc89f254817b5f52d91f74ea.scope";
  const std::string head =
      "[ 8801.100001] Memory cgroup out of memory: Killed process 11342 (python) total-vm:86512kB, anon-rss:64640kB, "
      "file-rss:6144kB, shmem-rss:0kB, UID:65532 pgtables:192kB oom_score_adj:992\n"
      "[ 8801.100002] Tasks in " + scope + " are going to be killed due to memory.oom.group set\n";
  auto ev = parse_log_text(head);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  Explanation x = explain(ev[0]);
  const Check* multi = find(x, "multi_kill");
  ASSERT_TRUE(multi);
  EXPECT_EQ(multi->message.find("printed twice"), std::string::npos);
  EXPECT_NE(multi->message.find("memory.oom.group is set on " + scope), std::string::npos);
  // The kernel's own second copy of the kill line (mem_cgroup_scan_tasks() finds the victim again) says it.
  ev = parse_log_text(head +
                      "[ 8801.100003] Memory cgroup out of memory: Killed process 11342 (python) total-vm:86512kB, "
                      "anon-rss:64640kB, file-rss:6144kB, shmem-rss:0kB, UID:65532 pgtables:192kB oom_score_adj:992\n");
  ASSERT_EQ(ev.size(), 1u);
  x = explain(ev[0]);
  multi = find(x, "multi_kill");
  ASSERT_TRUE(multi);
  EXPECT_NE(multi->message.find("printed twice"), std::string::npos);
}


}  // namespace
}  // namespace oomlens
