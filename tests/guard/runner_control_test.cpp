// The guard runner's side effects (guard/runner.h) on a fixture tree, with
// a ProcessControl that records signals instead of sending them
// (tests/support/recording_control.h): the warning's Python signal and the
// action go to the job's main process (through its pidfd), escalation
// kills the job's own cgroup (each pid of cgroup.procs where cgroup.kill
// is absent), and a process that has exited (ESRCH) is reported in the
// event. No root needed; nothing is signalled.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cgroup/cgroup.h"
#include "guard/runner.h"
#include "monitor/tree.h"
#include "support/files.h"
#include "support/fixture_tree.h"
#include "support/paths.h"
#include "support/recording_control.h"

namespace oomlens::guard {
namespace {

using nlohmann::json;
using oomlens::testing::FixtureTree;
using oomlens::testing::RecordingControl;
using Sent = RecordingControl::Sent;

constexpr int kMainPid = 4242;
constexpr int kMainPidfd = 77;  // a number only: the recording control never uses it

/// A v2 job cgroup of 1 GiB under the fixture, its working set at `ws`.
struct JobTree {
  FixtureTree t;
  std::string mount = t.root() + "/sys/fs/cgroup";
  explicit JobTree(uint64_t ws) {
    t.write("sys/fs/cgroup/job/memory.max", "1073741824\n");
    set_ws(ws);
    t.write("sys/fs/cgroup/job/cgroup.procs", fmt::format("{}\n4243\n4244\n", kMainPid));
    t.write("proc/meminfo", "MemTotal: 16000000 kB\nMemAvailable: 8000000 kB\n");
  }
  void set_ws(uint64_t ws) const {
    t.write("sys/fs/cgroup/job/memory.current", fmt::format("{}\n", ws));
    t.write("sys/fs/cgroup/job/memory.stat", fmt::format("anon {}\ninactive_file 0\n", ws));
  }
};

struct Started {
  std::vector<json> lines;
  std::vector<std::string> said;
  std::vector<json> of_kind(const std::string& kind) const {
    std::vector<json> out;
    for (const auto& l : lines)
      if (l.value("kind", "") == kind) out.push_back(l);
    return out;
  }
};

void start(GuardRunner& g, const JobTree& j, Started& s) {
  GuardHost h;
  h.main_pid = kMainPid;
  h.main_pidfd = kMainPidfd;
  h.hierarchy = cgroup::MemoryHierarchy{cgroup::Version::v2, j.mount};
  h.cgroup_dir = j.mount + "/job";
  h.own_cgroup = true;
  h.proc_dir = j.t.root() + "/proc";
  h.write = [&s](const json& l, bool) { s.lines.push_back(l); };
  h.say = [&s](const std::string& m) { s.said.push_back(m); };
  g.start(std::move(h), 0.0);
}

GuardOptions term_action(double grace_s = 30) {
  GuardOptions o;
  o.action = Action{Action::Kind::signal, SIGTERM, {}, "term"};
  o.grace_s = grace_s;
  return o;
}

TEST(GuardRunnerControl, ActionSignalsTheMainProcessThroughItsPidfd) {
  JobTree j(1030792151);  // 96 % of 1 GiB: past --warn 85 % and --act 95 %
  RecordingControl pc;
  GuardRunner g(term_action(), pc);
  ASSERT_TRUE(g.prepare().has_value());
  Started s;
  start(g, j, s);
  g.poll(0.0);
  EXPECT_EQ(pc.sent, (std::vector<Sent>{{kMainPid, kMainPidfd, SIGTERM}}));
  auto acts = s.of_kind("guard_action");
  ASSERT_EQ(acts.size(), 1u);
  EXPECT_EQ(acts[0]["action"]["done"], true);
  EXPECT_EQ(acts[0]["action"]["pid"], kMainPid);
  EXPECT_EQ(acts[0]["action"]["signal"], SIGTERM);
}

TEST(GuardRunnerControl, AVanishedMainProcessIsReportedNotFatal) {
  JobTree j(1030792151);
  RecordingControl pc;
  pc.gone = {kMainPid};  // exited, not yet seen by the loop: ESRCH
  GuardRunner g(term_action(), pc);
  ASSERT_TRUE(g.prepare().has_value());
  Started s;
  start(g, j, s);
  g.poll(0.0);
  auto acts = s.of_kind("guard_action");
  ASSERT_EQ(acts.size(), 1u);
  EXPECT_EQ(acts[0]["action"]["done"], false);
  EXPECT_EQ(acts[0]["action"]["error"], std::strerror(ESRCH));
  EXPECT_NE(acts[0]["action"]["message"].get<std::string>().find(std::to_string(kMainPid)), std::string::npos);
}

TEST(GuardRunnerControl, EscalationKillsEachPidOfTheOwnCgroupWithoutCgroupKill) {
  JobTree j(1030792151);
  RecordingControl pc;
  pc.gone = {4244};  // one member exited meanwhile
  GuardRunner g(term_action(1.0), pc);
  ASSERT_TRUE(g.prepare().has_value());
  Started s;
  start(g, j, s);
  g.poll(0.0);                // warn, act: SIGTERM
  j.set_ws(1062207488);       // still rising after --grace 1s (99 %)
  g.poll(2.0);
  auto esc = s.of_kind("guard_escalation");
  ASSERT_EQ(esc.size(), 1u);
  EXPECT_EQ(esc[0]["kill"]["method"], "cgroup.procs");
  EXPECT_EQ(esc[0]["kill"]["signalled"], 2);
  ASSERT_EQ(esc[0]["kill"]["failed"].size(), 1u);
  EXPECT_NE(esc[0]["kill"]["failed"][0].get<std::string>().find("4244"), std::string::npos);
  EXPECT_EQ(pc.sent, (std::vector<Sent>{{kMainPid, kMainPidfd, SIGTERM},
                                        {kMainPid, -1, SIGKILL},
                                        {4243, -1, SIGKILL},
                                        {4244, -1, SIGKILL}}));
}

TEST(GuardRunnerControl, EscalationWritesCgroupKillWhereItExists) {
  JobTree j(1030792151);
  j.t.write("sys/fs/cgroup/job/cgroup.kill", "");
  RecordingControl pc;
  GuardRunner g(term_action(1.0), pc);
  ASSERT_TRUE(g.prepare().has_value());
  Started s;
  start(g, j, s);
  g.poll(0.0);
  j.set_ws(1062207488);
  g.poll(2.0);
  auto esc = s.of_kind("guard_escalation");
  ASSERT_EQ(esc.size(), 1u);
  EXPECT_EQ(esc[0]["kill"]["method"], "cgroup.kill");
  EXPECT_EQ(pc.sent, (std::vector<Sent>{{kMainPid, kMainPidfd, SIGTERM}}));  // the kernel kills the rest
}

// Without --limit the guard follows the job's tree; should it have neither
// its own cgroup nor a tree when escalation comes, the event says nothing
// was signalled (method null) instead of throwing on a missing method.
TEST(GuardRunnerControl, EscalationWithNeitherAnOwnCgroupNorATreeSignalsNothing) {
  JobTree j(0);
  RecordingControl pc;
  GuardRunner g(term_action(1.0), pc);
  ASSERT_TRUE(g.prepare().has_value());
  Started s;
  GuardHost h;
  h.main_pid = kMainPid;
  h.main_pidfd = kMainPidfd;
  h.hierarchy = cgroup::MemoryHierarchy{cgroup::Version::v2, j.mount};
  h.cgroup_dir = j.mount + "/job";  // oomlens's own cgroup: shared, not the job's
  h.own_cgroup = false;
  h.proc_dir = j.t.root() + "/proc";
  h.write = [&s](const json& l, bool) { s.lines.push_back(l); };
  h.say = [&s](const std::string& m) { s.said.push_back(m); };
  g.start(std::move(h), 0.0);
  monitor::ProcessTree tree(j.t.root() + "/proc", 1, kMainPid);
  monitor::TrackedProc main;
  main.pid = kMainPid;
  main.status = proc::PidStatus{};
  main.status->rss_anon_bytes = 1030792151;  // 96 % of 1 GiB
  tree.procs().push_back(main);
  g.attach(&tree, {});
  g.on_tick(monitor::Sample{});
  g.poll(0.0);  // warn, act: SIGTERM
  tree.procs()[0].status->rss_anon_bytes = 1062207488;  // still rising after --grace 1s
  g.on_tick(monitor::Sample{});
  g.attach(nullptr, {});
  g.poll(2.0);
  auto esc = s.of_kind("guard_escalation");
  ASSERT_EQ(esc.size(), 1u);
  EXPECT_TRUE(esc[0]["kill"]["method"].is_null());
  EXPECT_EQ(esc[0]["kill"]["signalled"], 0);
  EXPECT_EQ(esc[0]["kill"]["message"],
            "nothing signalled: the job has neither its own cgroup nor a tracked process tree");
  EXPECT_EQ(pc.sent, (std::vector<Sent>{{kMainPid, kMainPidfd, SIGTERM}}));  // the action only
}

TEST(GuardRunnerControl, WarningSendsThePythonStacksSignalToTheMainProcess) {
  JobTree j(966367641);  // 90 %: a warning only
  const char* pp = std::getenv("PYTHONPATH");
  const std::optional<std::string> saved = pp ? std::optional<std::string>(pp) : std::nullopt;
  GuardOptions o;
  o.py_stacks = true;  // its hook catches SIGRTMIN+7 (guard/python.h)
  RecordingControl pc;
  {
    GuardRunner g(o, pc);
    ASSERT_TRUE(g.prepare().has_value()) << "share/oomlens/python is copied into the build tree";
    const int sig = SIGRTMIN + 7;
    j.t.write(fmt::format("proc/{}/status", kMainPid),
              fmt::format("Name:\tpython3\nSigCgt:\t{:016x}\n", uint64_t{1} << (sig - 1)));
    Started s;
    start(g, j, s);
    g.poll(0.0);
    EXPECT_EQ(pc.sent, (std::vector<Sent>{{kMainPid, kMainPidfd, sig}}));
    auto st = s.of_kind("py_stacks");
    ASSERT_EQ(st.size(), 1u);
    EXPECT_EQ(st[0]["result"]["sent"], true);
    EXPECT_EQ(st[0]["result"]["pid"], kMainPid);
  }
  // setup() set the job's environment in this process.
  if (saved) ::setenv("PYTHONPATH", saved->c_str(), 1); else ::unsetenv("PYTHONPATH");
  for (const char* v : {"OOMLENS_PY_PARENT_PID", "OOMLENS_PY_STACKS_FILE", "OOMLENS_PY_STACKS_SIGNAL"}) ::unsetenv(v);
}

// Without --limit the job has no cgroup of its own (oomlens's holds more
// than the job): escalation SIGKILLs each live process of the job's tree,
// through a pidfd, after checking its start time under GuardHost::proc_dir,
// so a pid reused meanwhile, or a process gone, is never signalled. The
// tree is tests/fixtures/run/proc: oomlens 50, its job 100 (python3) with
// workers 101 and 102 and a shell 103, 1200500 kB anon RSS in all.
TEST(GuardRunnerControl, EscalationWithoutAnOwnCgroupKillsTheTrackedProcessesWhoseStartTimeMatches) {
  FixtureTree t;
  std::filesystem::copy(oomlens::testing::source_path("/tests/fixtures/run/proc"), t.root() + "/proc",
                        std::filesystem::copy_options::recursive);
  t.write("proc/meminfo", "MemTotal: 16000000 kB\nMemAvailable: 8000000 kB\n");
  std::string stat = oomlens::testing::slurp(t.root() + "/proc/102/stat");
  ASSERT_NE(stat.find(" Z "), std::string::npos);
  t.write("proc/102/stat", stat.replace(stat.find(" Z "), 3, " S "));  // a live worker here, not the fixture's zombie
  // oomlens's own cgroup: its limit is the tightest; it holds the job's tree alone.
  const std::string mount = t.root() + "/sys/fs/cgroup";
  const uint64_t tree_ws = 1200500ull * 1024;
  const uint64_t limit = static_cast<uint64_t>(static_cast<double>(tree_ws) / 0.96);  // 96 %: past --act 95 %
  t.write("sys/fs/cgroup/user.slice/oomlens/memory.max", fmt::format("{}\n", limit));
  auto set_usage = [&](uint64_t ws) {
    t.write("sys/fs/cgroup/user.slice/oomlens/memory.current", fmt::format("{}\n", ws));
    t.write("sys/fs/cgroup/user.slice/oomlens/memory.stat", fmt::format("anon {}\ninactive_file 0\n", ws));
  };
  set_usage(tree_ws);

  monitor::ProcessTree tree(t.root() + "/proc", 50, 100);
  tree.set_status_every(1);
  tree.refresh(0.1);
  ASSERT_EQ(tree.live_count(), 4u);

  RecordingControl pc;
  pc.gone = {103};  // the shell exited meanwhile: its pidfd cannot be opened
  GuardRunner g(term_action(1.0), pc);
  ASSERT_TRUE(g.prepare().has_value());
  Started s;
  GuardHost h;
  h.main_pid = 100;
  h.main_pidfd = kMainPidfd;
  h.hierarchy = cgroup::MemoryHierarchy{cgroup::Version::v2, mount};
  h.cgroup_dir = mount + "/user.slice/oomlens";
  h.own_cgroup = false;
  h.proc_dir = t.root() + "/proc";
  h.tree = &tree;
  h.write = [&s](const json& l, bool) { s.lines.push_back(l); };
  h.say = [&s](const std::string& m) { s.said.push_back(m); };
  g.start(std::move(h), 0.0);
  g.on_tick(monitor::Sample{});  // the tree's working set
  g.poll(1.0);                   // warn, act: SIGTERM to the main process
  ASSERT_EQ(s.of_kind("guard_action").size(), 1u);

  // Still rising after --grace 1s (99 %): worker 101 grew.
  std::string status = oomlens::testing::slurp(t.root() + "/proc/101/status");
  const std::string anon = "RssAnon:\t400000 kB";
  ASSERT_NE(status.find(anon), std::string::npos);
  t.write("proc/101/status", status.replace(status.find(anon), anon.size(), "RssAnon:\t437516 kB"));
  tree.refresh(2.0);
  g.on_tick(monitor::Sample{});
  set_usage((1200500ull + 37516) * 1024);
  // Worker 102's pid now names another process (another start time).
  stat = oomlens::testing::slurp(t.root() + "/proc/102/stat");
  ASSERT_NE(stat.find(" 301 "), std::string::npos);
  t.write("proc/102/stat", stat.replace(stat.find(" 301 "), 5, " 999 "));
  g.poll(3.0);
  auto esc = s.of_kind("guard_escalation");
  ASSERT_EQ(esc.size(), 1u) << json(s.lines).dump(2);
  EXPECT_EQ(esc[0]["kill"]["method"], "tracked processes (pidfd, start time checked)");
  EXPECT_EQ(esc[0]["kill"]["signalled"], 2);
  EXPECT_FALSE(esc[0]["kill"].contains("failed"));
  // The recording control's pidfds are -1: the pids it names were checked by start time.
  EXPECT_EQ(pc.sent, (std::vector<Sent>{{100, kMainPidfd, SIGTERM}, {100, -1, SIGKILL}, {101, -1, SIGKILL}}));
}

}  // namespace
}  // namespace oomlens::guard
