// Rules found moving tests/corpus/mangler-pending's reports up (issue 12, h-mang12), each on hand-written input
// shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

const std::string kPod = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod233b806c_04ce_433c_9e64_cf4c323e6c16.slice";

TEST(Summary, AnElisionGluedBetweenAValueAndTheNextKeyCutThatValue) {
  // 727 cut by a viewer at 100 columns: the poster broke the summary at its commas, so the cut `oom_memcg=` line's
  // `...` is glued to its stump and to the `task_memcg=` piece joined after it. The stump is no path.
  oomline::Summary cut;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),oom_memcg=" +
                                         kPod.substr(0, 80) + "...task_memcg=" + kPod + "/x.scope,task=python,pid=9,uid=0",
                                     cut));
  EXPECT_FALSE(cut.oom_memcg);
  EXPECT_TRUE(cut.elided);
  EXPECT_EQ(cut.task_memcg, kPod + "/x.scope");
  EXPECT_EQ(cut.task, "python");
  EXPECT_EQ(cut.pid, 9);
  // The same with `…`, and a pid cut so: unknown, never the stump's digits.
  oomline::Summary pid;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE,task=python,pid=98\xE2\x80\xA6uid=0", pid));
  EXPECT_FALSE(pid.pid);
  EXPECT_EQ(pid.uid, 0u);
  // A poster's elision with a blank or a comma beside it still ends the field before it, whole (626, 632).
  oomline::Summary poster, commas;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:... task=pt_data_worker,pid=61138... uid=1001", poster));
  EXPECT_EQ(poster.pid, 61138);
  EXPECT_EQ(poster.uid, 1001u);
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE,...,task=java,pid=7,uid=0", commas));
  EXPECT_EQ(commas.constraint, "CONSTRAINT_NONE");
  EXPECT_EQ(commas.task, "java");
}

TEST(Summary, APosterBrokenSummaryCutByAViewerLeavesTheCutPathUnknown) {
  // 727 through the 100-column cut, a record after it and the lines as printed: the event keeps the kill and the
  // whole task_memcg, and names no oom_memcg.
  const std::string text =
      "6,727,35945901675,-;oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),\n"
      "cpuset=x.scope,mems_allowed=0,\n"
      "oom_memcg=" + kPod.substr(0, 87) + "...\n"
      "task_memcg=" + kPod + ",\n"
      "task=python,pid=988370,uid=0\n"
      "\n"
      "3,728,35945901683,-;Memory cgroup out of memory: Killed process 988370 (python) total-vm:9783776kB, "
      "anon-rss:95724kB, file-rss:3268kB, shmem-rss:0kB, UID:0 pgtables:240kB oom_score_adj:995\n"
      "6,729,35945902000,-;oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=y,mems_allowed=0,oom_memcg=/a,"
      "task_memcg=/a/b,task=sh,pid=12,uid=0\n"
      "3,730,35945902001,-;Memory cgroup out of memory: Killed process 12 (sh) total-vm:4180kB, anon-rss:384kB, "
      "file-rss:640kB, shmem-rss:0kB, UID:0 pgtables:48kB oom_score_adj:0\n";
  const auto ev = parse_log_text(text);
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_TRUE(ev[0].memcg && ev[1].memcg);
  EXPECT_FALSE(ev[0].memcg->oom_memcg);
  EXPECT_EQ(ev[0].memcg->task_memcg, kPod);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 988370);
  EXPECT_EQ(ev[1].memcg->oom_memcg, "/a");
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].pid, 12);
}

}  // namespace
}  // namespace oomlens
