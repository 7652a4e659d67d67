// How a run ends (run/run_end.h): the verdict line, the budget event, the
// lines said and the exit status, decided from structs. The tree comes
// from the fixture /proc of tests/fixtures/run. No root needed.
#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include "cgroup/cgroup.h"
#include "kernel_log/kill_join.h"
#include "monitor/kernel_watch.h"
#include "monitor/tree.h"
#include "run/job_control.h"
#include "run/run_end.h"
#include "support/fixture_tree.h"
#include "support/paths.h"
#include "support/recording_control.h"
#include "util/exit_status.h"
#include "util/file.h"
#include "util/units.h"

namespace oomlens::run {
namespace {

using nlohmann::json;
using oomlens::testing::FixtureTree;


// The fixture tree (main process 100, python3) as the loop left it.
struct Ended {
  FixtureTree t;
  JobHandle job;
  TickSnapshot snap;
  EndFacts f;

  Ended() {
    std::filesystem::copy(oomlens::testing::source_path("/tests/fixtures/run/proc"), t.root() + "/proc",
                          std::filesystem::copy_options::recursive);
    monitor::ProcessTree tree(join_root(t.root(), "proc"), 50, 100);  // oomlens 50, its job 100
    tree.refresh(0.1);
    f.procs = tree.procs();
    job.pid = 100;
    f.t_s = 5.0;
    f.kernel_log_readable = true;
    f.signal_trace = "on";
  }
  // The main process ended with wait status `status` at 4 s.
  void main_ended(int status) {
    job.main_status = status;
    job.main_exit_t = 4.0;
    job.exit_status[job.pid] = status;
    f.end = supervise::job_end_from_wait_status(status);
  }
  RunEnd decide() const { return decide_run_end(f, job, snap); }
};

TEST(RunEnd, AKernelKillOfTheMainProcessEndsLikeIt) {
  Ended e;
  ASSERT_FALSE(e.f.procs.empty());
  e.main_ended(SIGKILL);
  diagnose::TreeKill k;
  k.pid = 100;
  k.comm = "python3";
  k.role = "main";
  k.constraint = "memcg";
  e.f.kernel_kills = {k};
  e.f.cg_oom_before = 0;
  e.f.cg_oom_after = 1;
  EXPECT_FALSE(asks_about_killer_daemons(e.f, e.job));  // the kernel's own kill: no daemon to look for
  const RunEnd r = e.decide();
  EXPECT_EQ(r.verdict.at("cause"), "oom_killed");
  EXPECT_EQ(r.verdict.at("t_s"), 5.0);
  EXPECT_EQ(r.verdict.at("main_pid"), 100);
  EXPECT_EQ(r.verdict.at("exit").at("signal_name"), "SIGKILL");
  EXPECT_EQ(r.verdict.at("exit").at("shell_status"), 137);
  ASSERT_EQ(r.verdict.at("kernel_kills").size(), 1u);
  EXPECT_EQ(r.verdict.at("procs").size(), e.f.procs.size());
  EXPECT_EQ(r.verdict.at("procs").at(0).at("wait_status"), SIGKILL);
  EXPECT_EQ(r.verdict.at("procs_dropped"), 0);
  EXPECT_TRUE(r.budget_event.is_null());
  EXPECT_TRUE(r.said.empty());
  EXPECT_FALSE(r.end.exited);
  EXPECT_EQ(r.end.term_signal, SIGKILL);
}

TEST(RunEnd, ASigkillWithoutAKernelKillLooksForAUserspaceKiller) {
  Ended e;
  e.main_ended(SIGKILL);
  EXPECT_TRUE(asks_about_killer_daemons(e.f, e.job));
  e.f.killer_daemons = {"earlyoom"};
  const RunEnd r = e.decide();
  EXPECT_NE(r.verdict.dump().find("earlyoom"), std::string::npos) << r.verdict.dump(2);
  Ended exited;
  exited.main_ended(0);
  EXPECT_FALSE(asks_about_killer_daemons(exited.f, exited.job));
}

TEST(RunEnd, ASuccessfulJobOverItsBudgetExitsThreeAndSaysSo) {
  Ended e;
  e.main_ended(0);
  e.f.budget_bytes = 100 * kMiB;
  monitor::TreeTotals peak;
  peak.pss_bytes = 150 * kMiB;
  e.snap.peaks.tree_pss_peak = peak;
  e.snap.peaks.tree_pss_t_s = 3.0;
  const RunEnd r = e.decide();
  EXPECT_EQ(r.budget_event["kind"], "budget_exceeded");
  EXPECT_EQ(r.budget_event["t_s"], 5.0);
  EXPECT_TRUE(r.verdict.at("budget").at("exceeded"));
  ASSERT_EQ(r.said.size(), 1u);
  EXPECT_EQ(r.said[0], "over budget: peak tree PSS 150.0 MiB at 3.0 s exceeded --budget 100.0 MiB by 50.0 MiB; "
                       "exiting 3 instead of 0");
  EXPECT_TRUE(r.end.exited);
  EXPECT_EQ(r.end.exit_code, kExitBudgetExceeded);

  e.main_ended(1 << 8);  // exit 1: the job's own failure status is kept
  const RunEnd failed = e.decide();
  ASSERT_EQ(failed.said.size(), 1u);
  EXPECT_NE(failed.said[0].find("; the job's own failure status is kept"), std::string::npos);
  EXPECT_EQ(failed.end.exit_code, 1);
}

TEST(RunEnd, TheGuardStoppingTheJobExitsTempfailUnlessKeepJobStatus) {
  Ended e;
  e.main_ended(SIGTERM);
  e.f.guard = {{"stage", "acted"},
               {"action", {{"t_s", 2.5}, {"trigger", "percent"}, {"used_fraction", 0.93},
                           {"working_set_bytes", 930 * kMiB}, {"effective_limit_bytes", 1000 * kMiB},
                           {"action", {{"done", true}, {"action", "term"}, {"signal", SIGTERM}}}}}};
  const RunEnd r = e.decide();
  EXPECT_EQ(r.verdict.at("cause"), "stopped_by_guard");
  EXPECT_EQ(r.verdict.at("guard"), e.f.guard);
  ASSERT_EQ(r.said.size(), 1u);
  EXPECT_EQ(r.said[0], "the guard stopped the job: exiting 75 (EX_TEMPFAIL) instead of the job's own status (143); "
                       "--keep-job-status keeps it");
  EXPECT_TRUE(r.end.exited);
  EXPECT_EQ(r.end.exit_code, kExitGuardStopped);

  e.f.keep_job_status = true;
  const RunEnd kept = e.decide();
  EXPECT_TRUE(kept.said.empty());
  EXPECT_FALSE(kept.end.exited);
  EXPECT_EQ(kept.end.term_signal, SIGTERM);
}

TEST(RunEnd, AnAttachedProcessDetachedByASignalDiesOfItSayingNothing) {
  Ended e;
  e.f.attached = true;
  e.job.main_status_known = false;
  e.f.detach_signal = SIGINT;
  e.f.budget_bytes = 1;  // over budget: recorded, but not said
  monitor::TreeTotals peak;
  peak.pss_bytes = 2 * kMiB;
  e.snap.peaks.tree_pss_peak = peak;
  EXPECT_TRUE(still_running(e.f, e.job));
  EXPECT_FALSE(asks_about_killer_daemons(e.f, e.job));
  const RunEnd r = e.decide();
  EXPECT_EQ(r.verdict.at("cause"), "still_running");
  EXPECT_FALSE(r.verdict.at("exit").at("known"));
  EXPECT_TRUE(r.verdict.at("attached"));
  EXPECT_EQ(r.budget_event["kind"], "budget_exceeded");
  EXPECT_TRUE(r.said.empty());
  EXPECT_FALSE(r.end.exited);
  EXPECT_EQ(r.end.term_signal, SIGINT);

  e.f.detach_signal = 0;  // seen ended, status unknown: the verdict is the answer
  e.job.main_status = 0;
  const RunEnd answered = e.decide();
  EXPECT_TRUE(answered.end.exited);
  EXPECT_EQ(answered.end.exit_code, 0);
}

TEST(RunEnd, TheVerdictListsTheMainProcessAndTheLargestOthers) {
  Ended e;
  e.main_ended(0);
  e.f.procs.clear();
  for (int i = 0; i < 1500; ++i) {
    monitor::TrackedProc p;
    p.pid = 1000 + i;
    p.role = i == 700 ? monitor::Role::main : monitor::Role::worker;
    p.peak_pss_bytes = static_cast<uint64_t>(i == 700 ? 0 : i) * kMiB;  // the largest are the last
    e.f.procs.push_back(p);
  }
  e.f.procs_forgotten = 10;
  const RunEnd r = e.decide();
  const json& procs = r.verdict.at("procs");
  ASSERT_EQ(procs.size(), kMaxVerdictProcs);
  EXPECT_EQ(r.verdict.at("procs_dropped"), 10 + 1500 - kMaxVerdictProcs);
  // The main process (index 700, not among the 1023 largest others: 476
  // to 1499 but 700), and those, in the tree's order.
  EXPECT_EQ(procs.at(0).at("pid"), 1000 + 476);
  EXPECT_EQ(procs.at(700 - 476).at("pid"), 1000 + 700);
  EXPECT_EQ(procs.at(700 - 476).at("role"), "main");
  EXPECT_EQ(procs.at(procs.size() - 1).at("pid"), 1000 + 1499);
}

// A worker that outlived the main process as an orphan holds the main's
// pages alone: its row's peaks are those before the main's end (a sweep's
// "worker max" and the summary's per-process lines read them). Other roles
// keep their whole life's peaks.
TEST(RunEnd, AnOrphanedWorkersRowStopsAtTheMainsEnd) {
  Ended e;
  e.main_ended(0);  // at 4 s
  monitor::TrackedProc w;
  w.pid = 4242;
  w.ppid = 100;
  w.role = monitor::Role::worker;
  w.orphaned = true;
  w.private_series = {{60 * kMiB, 190 * kMiB, 2.0, 100 * kMiB},
                      {68 * kMiB, 190 * kMiB, 3.5, 134 * kMiB},
                      {205 * kMiB, 190 * kMiB, 6.0, 215 * kMiB}};
  w.first_private = w.private_series.front();
  w.peak_private = w.private_series.back();
  w.peak_pss_bytes = 215 * kMiB;
  w.peak_pss_t_s = 6.0;
  e.f.procs.push_back(w);
  const RunEnd r = e.decide();
  bool seen = false;
  for (const auto& p : r.verdict.at("procs")) {
    if (p["pid"] != 4242) continue;
    seen = true;
    EXPECT_EQ(p["peak_pss_bytes"], 134 * kMiB) << p.dump();
    EXPECT_EQ(p["peak_pss_t_s"], 3.5) << p.dump();
    EXPECT_EQ(p["peak_uss_bytes"], 68 * kMiB) << p.dump();
  }
  EXPECT_TRUE(seen) << r.verdict["procs"].dump();
}

TEST(RunEnd, NotesGapsAndTheSitesKeysGoIntoTheVerdict) {
  Ended e;
  e.main_ended(0);
  e.f.notes = {"own note"};
  e.f.kernel_log_notes = {"kernel log note"};
  e.f.record_error = SystemError{ENOSPC, "write"};
  e.snap.gaps = 2;
  e.snap.longest_gap_s = 3.04;
  e.f.sites = {{"peak_sites", json::array()}, {"sites", {{"processes", json::array()}}}};
  const RunEnd r = e.decide();
  const json& notes = r.verdict.at("notes");
  ASSERT_EQ(notes.size(), 4u);
  EXPECT_EQ(notes.at(0), "own note");
  EXPECT_EQ(notes.at(1), "oomlens took no sample 2 time(s), for up to 3.0 s (it was stopped or starved of CPU): see the "
                      "record's sample_gap events");
  EXPECT_EQ(notes.at(2), "kernel log note");
  EXPECT_EQ(notes.at(3), "write: No space left on device");
  EXPECT_TRUE(r.verdict.contains("peak_sites"));
  EXPECT_TRUE(r.verdict.contains("sites"));
  EXPECT_FALSE(r.verdict.contains("guard"));
}

// The run path's verdict from what a fixture tree holds: the job's tree
// from its /proc (tests/fixtures/run), the oom_kill counter from its
// cgroup's memory.events, and the kill from the kernel log's lines, through
// the parsers `run` uses (oomline::KillJoiner, monitor::kernel_kill_from,
// diagnose::tree_kill_from). The OOM-killed job's 137 is kept.
TEST(RunEnd, TheVerdictOfAFixtureProcCgroupAndKernelLogLines) {
  Ended e;
  e.t.write("sys/fs/cgroup/oomlens-job/memory.events", "low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\n");
  e.f.cg_oom_before = 0;
  e.f.cg_oom_after = cgroup::oom_kill_count(cgroup::Version::v2, e.t.root() + "/sys/fs/cgroup/oomlens-job");
  ASSERT_EQ(e.f.cg_oom_after, 1u);
  oomline::KillJoiner joiner;
  for (const char* line :
       {"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/oomlens-job,"
        "task_memcg=/oomlens-job,task=python3,pid=100,uid=1000",
        "Memory cgroup out of memory: Killed process 100 (python3) total-vm:2000000kB, anon-rss:1000000kB, "
        "file-rss:1000kB, shmem-rss:0kB, UID:1000 pgtables:2100kB oom_score_adj:0"})
    if (auto j = joiner.feed(line)) {
      diagnose::TreeKill k = diagnose::tree_kill_from(monitor::kernel_kill_from(*j));
      k.role = "main";
      e.f.kernel_kills.push_back(k);
    }
  ASSERT_EQ(e.f.kernel_kills.size(), 1u);
  e.main_ended(SIGKILL);
  EXPECT_FALSE(asks_about_killer_daemons(e.f, e.job));
  const RunEnd r = e.decide();
  EXPECT_EQ(r.verdict.at("cause"), "oom_killed") << r.verdict.dump(2);
  ASSERT_EQ(r.verdict.at("kernel_kills").size(), 1u);
  const json& k = r.verdict.at("kernel_kills").at(0);
  EXPECT_EQ(k.at("pid"), 100);
  EXPECT_EQ(k.at("comm"), "python3");
  EXPECT_EQ(k.at("constraint"), "memcg");
  EXPECT_EQ(k.at("oom_memcg"), "/oomlens-job");
  EXPECT_EQ(k.at("anon_rss_bytes"), 1000000ull * 1024);
  EXPECT_EQ(r.verdict.at("procs").at(0).at("comm"), "python3");  // the tree read from the fixture /proc
  EXPECT_EQ(r.verdict.at("exit").at("shell_status"), 137);
  EXPECT_FALSE(r.end.exited);
  EXPECT_EQ(r.end.term_signal, SIGKILL);
}

// A job killed by a signal from outside (one oomlens forwarded) ends like
// it: 128 + the signal in a shell, the signal itself for oomlens's parent.
TEST(RunEnd, AJobKilledBySigtermEndsLikeIt) {
  Ended e;
  e.main_ended(SIGTERM);
  const RunEnd r = e.decide();
  EXPECT_EQ(r.verdict.at("exit").at("signal_name"), "SIGTERM");
  EXPECT_EQ(r.verdict.at("exit").at("shell_status"), 128 + SIGTERM);
  EXPECT_FALSE(r.end.exited);
  EXPECT_EQ(r.end.term_signal, SIGTERM);
  EXPECT_EQ(supervise::shell_status(r.end), 128 + SIGTERM);
}

// The end of the job's own cgroup failing (its directory cannot be
// removed) is a note in the verdict; the job's exit status stays its own.
TEST(RunEnd, ACleanupFailureIsANoteNeverTheExitStatus) {
  Ended e;
  e.t.write("sys/fs/cgroup/oomlens-job/cgroup.procs", "4243\n");  // an orphan left in it
  supervise::JobCgroup cg;
  cg.hierarchy = {cgroup::Version::v2, e.t.root() + "/sys/fs/cgroup"};
  cg.dir = e.t.root() + "/sys/fs/cgroup/oomlens-job";
  e.job.own_cgroup = cg;
  oomlens::testing::RecordingControl pc;
  const auto c = end_own_cgroup(e.job, pc, 0);  // as Session::cleanup() does
  ASSERT_TRUE(c && c->error);
  e.f.leftover_killed = c->leftover_killed;
  e.f.notes.push_back(c->error->message());
  e.main_ended(3 << 8);  // exit 3
  const RunEnd r = e.decide();
  ASSERT_FALSE(r.verdict.at("notes").empty());
  EXPECT_NE(r.verdict.at("notes").at(0).get<std::string>().find("cannot remove"), std::string::npos);
  EXPECT_EQ(r.verdict.at("exit").at("exit_code"), 3);
  EXPECT_TRUE(r.end.exited);
  EXPECT_EQ(r.end.exit_code, 3);
}

}  // namespace
}  // namespace oomlens::run
