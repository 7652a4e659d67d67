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
