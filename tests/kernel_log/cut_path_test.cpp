// A memcg path cut inside its last name by a viewer or a poster, with no
// `...` to say so (issue 12): unknown, never the parent's name.
#include <gtest/gtest.h>

#include <algorithm>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

TEST(CutPath, RuntimeIdsPodUidsAndUnitSuffixes) {
  using oomline::memcg_path_cut;
  const std::string id(64, 'a');
  // Cut.
  EXPECT_TRUE(memcg_path_cut("/machine.slice/libpod-3f2a"));
  EXPECT_TRUE(memcg_path_cut("/machine.slice/machine-libpod_pod_91699c4e43f2b1b3691c25ce4920a8d9675e6e4d4d49855a2f"));
  EXPECT_TRUE(memcg_path_cut("/system.slice/docker-" + id + ".sc"));
  EXPECT_TRUE(memcg_path_cut("/system.slice/docker-" + id));  // `.scope` missing under a slice
  EXPECT_TRUE(memcg_path_cut("/docker/0123456789abcdef"));
  EXPECT_TRUE(memcg_path_cut("/kubepods/burstable/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/0249526"));
  EXPECT_TRUE(memcg_path_cut("/kubepods/burstable/pod951f6bc5-c5a5-11"));
  EXPECT_TRUE(memcg_path_cut("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod951f6bc5_c5a5_11ea"));
  EXPECT_TRUE(memcg_path_cut("/machine.slice/"));
  // Whole.
  EXPECT_FALSE(memcg_path_cut("/"));
  EXPECT_FALSE(memcg_path_cut("/docker/" + id));
  EXPECT_FALSE(memcg_path_cut("/libpod_parent/libpod-" + id));
  EXPECT_FALSE(memcg_path_cut("/system.slice/docker-" + id + ".scope"));
  EXPECT_FALSE(memcg_path_cut("/machine.slice/libpod-" + id + ".scope/container"));
  EXPECT_FALSE(memcg_path_cut("/kubepods/burstable/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/" + id));
  EXPECT_FALSE(memcg_path_cut("/kubepods/besteffort/pod6a4e2f1d2b3c4d5e6f7a8b9c0d1e2f3a"));  // a static pod
  EXPECT_FALSE(memcg_path_cut("/user.slice/user-1000.slice/session-2.scope"));
  EXPECT_FALSE(memcg_path_cut("/test"));
  EXPECT_FALSE(memcg_path_cut("/lxc/ct101"));
  EXPECT_FALSE(memcg_path_cut("/slurm_host/uid_0/job_42/step_batch/task_0"));
  EXPECT_FALSE(memcg_path_cut("/docker/cafe"));  // short: no runtime's id
}

TEST(CutPath, SummaryAndTaskInLeaveACutPathUnknown) {
  const OomEvent e = testing::one_event(
      "Nov 23 15:36:19 host kernel: [   5081]     0  5081  1312551    30032   847872    69147           666 stress\n"
      "Nov 23 15:36:19 host kernel: oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=container,"
      "mems_allowed=0,oom_memcg=/machine.slice/machine-libpod_pod_91699c4e43f2b1b3691c25ce4920a8d9675e6e4d4d49855a2f\n");
  EXPECT_EQ(e.constraint, Constraint::memcg);
  EXPECT_FALSE(e.memcg && e.memcg->oom_memcg);  // no path known at all: no memcg block
  EXPECT_TRUE(std::any_of(e.notes.begin(), e.notes.end(),
                          [](const std::string& n) { return n.find("looks cut inside its last name") != n.npos; }));
  // A whole path ending a summary split over records is kept.
  const std::string id(64, 'b');
  const OomEvent whole = testing::one_event(
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,"
      "oom_memcg=/system.slice/docker-" + id + ".scope\n");
  EXPECT_EQ(whole.memcg->oom_memcg, "/system.slice/docker-" + id + ".scope");
  auto ti = oomline::parse_task_in("Task in /docker/" + id + " killed as a result of limit of /docker/0123456789ab");
  ASSERT_TRUE(ti);
  EXPECT_EQ(ti->task_memcg, "/docker/" + id);
  EXPECT_TRUE(ti->oom_memcg.empty());
  EXPECT_TRUE(ti->path_cut);
}

// A raw-dmesg `Task in A killed as a result of limit of B` line a viewer cut
// after A (inside `killed`): the prefix reader drops the cut word and marks
// the line cut, so `Task in A` is left. It opens the report at its own time,
// A whole is the task memcg and the OOM memcg is unknown, never a cut path
// (corpus 461 through `truncate120_ellipsis`). Not cut, the same text is not
// read as a `Task in` line: it may be a poster's wrap whose rest follows.
TEST(CutPath, ACutTaskInLineOpensItsReportWithTheOomMemcgUnknown) {
  const std::string scope = "/system.slice/docker-" + std::string(64, 'c') + ".scope";
  auto ti = oomline::parse_task_in("Task in " + scope, true);
  ASSERT_TRUE(ti);
  EXPECT_EQ(ti->task_memcg, scope);
  EXPECT_TRUE(ti->oom_memcg.empty());
  EXPECT_FALSE(oomline::parse_task_in("Task in " + scope));  // not cut: a wrap's first part
  // A path memcg_path_cut() takes for cut is no task memcg either.
  auto part = oomline::parse_task_in("Task in /system.slice/docker-" + std::string(64, 'c'), true);
  ASSERT_TRUE(part);
  EXPECT_TRUE(part->task_memcg.empty());
  EXPECT_FALSE(oomline::parse_task_in("Task in prose words", true));

  const std::string body =
      "[100.000004] memory: usage 131072kB, limit 131072kB, failcnt 48\n"
      "[100.000005] memory+swap: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
      "[100.000006] Memory cgroup out of memory: Kill process 6847 (node) score 1112 or sacrifice child\n"
      "[100.000007] Killed process 6847 (node) total-vm:913380kB, anon-rss:130888kB, file-rss:14388kB\n";
  const OomEvent cut = testing::one_event("[100.000003] Task in " + scope + " kil\u2026\n" + body);
  EXPECT_EQ(cut.time.monotonic_s, 100.000003);
  ASSERT_TRUE(cut.memcg);
  EXPECT_EQ(cut.memcg->task_memcg, scope);
  EXPECT_FALSE(cut.memcg->oom_memcg);
}

// A paste cut inside its last line's task_memcg and closed by a code fence,
// read newest-first (`tac`): the fence and the label line after it are the
// paste's, not the rest of the cut path (corpus 220 through `reverse`).
TEST(CutPath, AFenceAfterTheCutLineIsNoRestOfIt) {
  const std::string id = "b2b75b11f95220f9267e53d48df2d654d585405c36b4c752302ab39da59d74e6";
  const std::string summary =
      "[  +0.000002] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,"
      "oom_memcg=/system.slice/docker-" + id + ".scope/kubelet.slice,task_memcg=/system.slice/docker-" +
      id.substr(0, 40);
  for (const std::string fence : {"```", "~~~", "```text"}) {
    for (const std::string& t : {summary + "\n" + fence + "\ndmesg:\n", "dmesg:\n" + fence + "\n" + summary}) {
      const OomEvent e = testing::one_event(t);
      ASSERT_TRUE(e.memcg) << fence;
      EXPECT_EQ(e.memcg->oom_memcg, "/system.slice/docker-" + id + ".scope/kubelet.slice") << fence;
      EXPECT_FALSE(e.memcg->task_memcg) << fence << ": " << e.memcg->task_memcg.value_or("");
    }
  }
}

}  // namespace
}  // namespace oomlens
