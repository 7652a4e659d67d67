// The run's verdict input from a fixture tree (run/verdict_input.h,
// RunOptions::proc_root): the process tree of tests/fixtures/run, the
// killer daemons running, /proc/vmstat. No root needed.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "diagnose/verdict.h"
#include "monitor/tree.h"
#include "run/session_state.h"
#include "run/verdict_input.h"
#include "support/fixture_tree.h"
#include "support/paths.h"
#include "util/units.h"

namespace oomlens::run {
namespace {

using oomlens::testing::FixtureTree;

TEST(VerdictInput, TheTreeOfAFixtureProc) {
  FixtureTree t;
  std::filesystem::copy(oomlens::testing::source_path("/tests/fixtures/run/proc"), t.root() + "/proc",
                        std::filesystem::copy_options::recursive);
  monitor::ProcessTree tree(join_root(t.root(), "proc"), 50, 100);
  tree.refresh(0.1);
  ASSERT_TRUE(tree.refresh_smaps(0.2));
  diagnose::VerdictInput vi;
  vi.limit_bytes = 1ull << 30;
  add_tree_to_verdict(tree.procs(), 5.0, 3.0, vi);
  EXPECT_EQ(vi.main_comm, "python3");
  EXPECT_EQ(vi.worker_count, 1u);
  EXPECT_EQ(vi.program_count, 0u);
  ASSERT_EQ(vi.workers_pss.size(), 1u);
  // The main program's curve ends at the first kernel kill (3 s), before the exit (5 s).
  EXPECT_EQ(vi.main_curve.end_s, 3.0);
  EXPECT_EQ(vi.main_curve.limit_bytes, vi.limit_bytes);

  diagnose::VerdictInput later;
  add_tree_to_verdict(tree.procs(), 5.0, 7.0, later);
  EXPECT_EQ(later.main_curve.end_s, 5.0);
}

// Measured (a DataLoader job OOM-killed under --limit 400M): the main
// process was killed and a worker lingered as an orphan; mapping alone the
// pages it had shared with the main process, its PSS and USS rose from
// 104/68 MiB to 205/205 MiB, and the verdict took that as the worker's
// copy-on-read (113 MiB a worker, "needs 533 MiB"). Passes after the main
// process's end or the first kill are not the workers' own figures.
TEST(VerdictInput, AnOrphanedWorkersPassesAfterTheMainEndedAreLeftOut) {
  monitor::TrackedProc mainp;
  mainp.pid = 10;
  mainp.role = monitor::Role::main;
  mainp.comm = "python3";
  mainp.cmdline = "/usr/bin/python3 train.py";
  mainp.peak_private = mainp.first_private = monitor::TrackedProc::PrivateAt{190 * kMiB, 192 * kMiB, 1.0, 195 * kMiB};
  mainp.private_series = {*mainp.first_private};
  mainp.max_rss_anon_bytes = 192 * kMiB;
  monitor::TrackedProc w = mainp;
  w.pid = 11;
  w.ppid = 10;
  w.role = monitor::Role::worker;
  w.first_seen_s = 2.0;
  w.private_series = {{1 * kMiB, 190 * kMiB, 2.0, 60 * kMiB},
                      {68 * kMiB, 190 * kMiB, 5.0, 104 * kMiB},
                      {205 * kMiB, 190 * kMiB, 7.0, 205 * kMiB}};  // orphaned: the main was killed at 6 s
  w.first_private = w.private_series.front();
  w.peak_private = w.private_series.back();
  w.smaps_t_s = 7.0;
  w.peak_pss_bytes = 205 * kMiB;
  w.peak_pss_t_s = 7.0;
  monitor::TrackedProc late = w;  // a worker measured only once the main was gone
  late.pid = 12;
  late.first_seen_s = 6.5;
  late.private_series = {{205 * kMiB, 190 * kMiB, 7.0, 205 * kMiB}};
  late.first_private = late.peak_private = late.private_series.front();

  diagnose::VerdictInput vi;
  add_tree_to_verdict({mainp, w, late}, 6.2, 6.0, vi);
  ASSERT_EQ(vi.workers_pss.size(), 1u);
  EXPECT_EQ(vi.workers_pss[0].peak_pss_bytes, 104 * kMiB);
  ASSERT_TRUE(vi.worker_pool);
  ASSERT_EQ(vi.worker_pool->workers.size(), 1u);
  EXPECT_EQ(vi.worker_pool->workers[0].peak_uss_bytes, 68 * kMiB);
  EXPECT_TRUE(vi.worker_pool->workers[0].growing_at_last_pass);  // still rising at its last pass before the kill
  EXPECT_EQ(vi.worker_count, 2u);

  // A job that did not end (no exit, no kill): every pass counts.
  diagnose::VerdictInput running;
  add_tree_to_verdict({mainp, w}, std::nullopt, std::nullopt, running);
  ASSERT_EQ(running.workers_pss.size(), 1u);
  EXPECT_EQ(running.workers_pss[0].peak_pss_bytes, 205 * kMiB);
  EXPECT_EQ(running.worker_pool->workers[0].peak_uss_bytes, 205 * kMiB);
}

// A worker's peak PSS that no pass read (never measured, or measured only after the growth ended) is unknown
// (nullopt), never 0 bytes at 0 s.
TEST(VerdictInput, AWorkersUnmeasuredPeakIsUnknownNotZero) {
  monitor::TrackedProc never;
  never.pid = 20;
  never.role = monitor::Role::worker;
  never.first_seen_s = 1.0;
  for (const std::optional<double> end_s : {std::optional<double>{}, std::optional<double>{5.0}}) {
    const WorkerPeaks w = worker_peaks(never, end_s);
    EXPECT_FALSE(w.peak_pss_bytes);
    EXPECT_FALSE(w.peak_pss_t_s);
    EXPECT_FALSE(w.peak);
  }
  monitor::TrackedProc late = never;  // read only at 7 s, after the first kill at 5 s
  late.private_series = {{50 * kMiB, 60 * kMiB, 7.0, 70 * kMiB}};
  late.first_private = late.peak_private = late.private_series.front();
  late.smaps_t_s = 7.0;
  late.peak_pss_bytes = 70 * kMiB;
  late.peak_pss_t_s = 7.0;
  const WorkerPeaks cut = worker_peaks(late, 5.0);
  EXPECT_FALSE(cut.peak_pss_bytes);
  EXPECT_FALSE(cut.peak_pss_t_s);
  const WorkerPeaks whole = worker_peaks(late, std::nullopt);
  EXPECT_EQ(whole.peak_pss_bytes, 70 * kMiB);
  EXPECT_EQ(whole.peak_pss_t_s, 7.0);
  diagnose::VerdictInput vi;
  add_tree_to_verdict({never, late}, std::nullopt, 5.0, vi);
  EXPECT_TRUE(vi.workers_pss.empty());  // no 0-byte worker
  EXPECT_EQ(vi.worker_count, 2u);
}

TEST(VerdictInput, KillerDaemonsRunningUnderAFixtureProc) {
  FixtureTree t;
  t.write("proc/77/comm", "earlyoom\n");
  t.write("proc/77/cmdline", std::string("/usr/bin/earlyoom\0-m\0" "5\0", 23));  // argv: earlyoom -m 5
  t.write("proc/78/comm", "earlyoom\n");  // a second one is named once
  t.write("proc/78/cmdline", std::string("earlyoom\0", 9));
  t.write("proc/79/comm", "bash\n");
  t.write("proc/79/cmdline", std::string("bash\0", 5));
  t.write("proc/self/comm", "oomlens\n");  // not a pid: skipped
  EXPECT_EQ(running_killer_daemons(join_root(t.root(), "proc")), (std::vector<std::string>{"earlyoom"}));
  t.remove("proc/77");
  t.remove("proc/78");
  EXPECT_TRUE(running_killer_daemons(join_root(t.root(), "proc")).empty());
}

TEST(VerdictInput, VmstatOomKillUnderAFixtureProc) {
  FixtureTree t;
  const std::string proc = join_root(t.root(), "proc");
  EXPECT_EQ(proc::read_vmstat_oom_kill(proc), std::nullopt);  // no file
  t.write("proc/vmstat", "nr_free_pages 1000\noom_kill 3\nnr_zone_active_anon 4\n");
  EXPECT_EQ(proc::read_vmstat_oom_kill(proc), 3u);
  t.write("proc/vmstat", "nr_free_pages 1000\n");  // before 4.13
  EXPECT_EQ(proc::read_vmstat_oom_kill(proc), std::nullopt);
}

}  // namespace
}  // namespace oomlens::run
