// The guard of `oomlens run` on real processes and a real 1 GiB cgroup:
// a Python job ramping at 100 MiB/s towards the limit is warned, acted on
// (SIGTERM: it writes a checkpoint and exits) and the kernel OOM killer
// never fires; without --act the same ramp is OOM-killed (so the ramp is
// real). --py-stacks names the allocating function; --budget fails a job
// over it and passes one under it. Run under flock /tmp/oomlens-oom.lock.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "live_support.h"
#include "support/files.h"
#include "support/fixture_tree.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

using nlohmann::json;

constexpr const char* kPython = "/usr/bin/python3";
const std::string kRamp = std::string(oomlens::testing::source_dir()) + "/tests/live/ramp.py";

// The tests' directory, shared by them and removed when the program exits.
std::string gdir() {
  static const testing::FixtureTree dir;
  return dir.root();
}

using testing::slurp;

struct Run {
  int status = -1;
  std::string err;
  std::vector<json> record;
  json verdict, header;
  std::vector<json> events(const std::string& kind) const {
    std::vector<json> v;
    for (auto& l : record)
      if (l["type"] == "event" && l["kind"] == kind) v.push_back(l);
    return v;
  }
};

Run run(const std::string& name, std::vector<std::string> opts, const std::vector<std::string>& job,
        const std::string& cgroup_dir = "", int timeout_s = 240) {
  std::string base = gdir() + "/" + name;
  opts.insert(opts.begin(), {"--record", base + ".jsonl", "--linger", "5"});
  opts.push_back("--");
  opts.insert(opts.end(), job.begin(), job.end());
  pid_t pid = ::fork();
  if (pid == 0) {
    if (!cgroup_dir.empty() && !cgroup::enter(cgroup_dir, 0).ok()) _exit(121);
    int e = ::open((base + ".err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(e, 2);
    std::vector<std::string> argv = {oomlens::testing::oomlens_binary(), "run"};
    argv.insert(argv.end(), opts.begin(), opts.end());
    std::vector<char*> a;
    for (auto& s : argv) a.push_back(const_cast<char*>(s.c_str()));
    a.push_back(nullptr);
    ::execv(a[0], a.data());
    _exit(127);
  }
  Run r;
  auto st = wait_for(pid, timeout_s);
  EXPECT_TRUE(st.has_value()) << name << " did not end";
  r.status = st.value_or(-1);
  r.err = slurp(base + ".err");
  std::istringstream in(slurp(base + ".jsonl"));
  std::string l;
  while (std::getline(in, l)) {
    auto j = json::parse(l, nullptr, false);
    if (j.is_discarded()) continue;
    if (j["type"] == "verdict") r.verdict = j;
    if (j["type"] == "header") r.header = j;
    r.record.push_back(std::move(j));
  }
  return r;
}

void expect_schema_valid(const std::string& name) {
  auto r = run_command({kPython, oomlens::testing::source_path("/tests/live/run_validate_record.py"),
                        oomlens::testing::source_path("/docs/schema/record.schema.json"), gdir() + "/" + name + ".jsonl"},
                       120);
  EXPECT_EQ(r.status, 0) << r.out;
}

#define REQUIRE_PYTHON()                                                        \
  if (::access(kPython, X_OK) != 0) {                                           \
    if (in_ci()) FAIL() << "CI=true: " << kPython << " missing";                \
    GTEST_SKIP() << kPython << " missing";                                      \
  }

TEST(GuardLive, RampIsWarnedActedOnAndCheckpointsWithoutAnOomKill) {
  REQUIRE_PYTHON();
  OOMLENS_REQUIRE_CGROUP(parent);
  auto sup_cg = make_child_cgroup("guard-supervisor", 1536ull << 20);
  ASSERT_TRUE(sup_cg) << sup_cg.error().message();
  const std::string sup = *sup_cg;
  std::string ckpt = gdir() + "/ramp-act.ckpt";
  auto r = run("ramp-act", {"--limit", "1G", "--act", "90%", "--action", "term", "--act-forecast", "off"},
               {kPython, kRamp, "--rate", "100", "--checkpoint", ckpt}, sup);
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  EXPECT_EQ(WEXITSTATUS(r.status), 75) << r.err;  // stopped by the guard: EX_TEMPFAIL, not a success
  // The checkpoint is there and the kernel never killed anything.
  auto ck = json::parse(slurp(ckpt), nullptr, false);
  ASSERT_FALSE(ck.is_discarded()) << "no checkpoint; stderr:\n" << r.err;
  EXPECT_EQ(ck["signal"], SIGTERM);
  EXPECT_EQ(r.verdict["cause"], "stopped_by_guard") << r.verdict.dump(2);
  EXPECT_TRUE(r.verdict["kernel_kills"].empty());
  EXPECT_TRUE(r.events("oom_kill").empty());
  EXPECT_TRUE(r.events("cgroup_oom_kill").empty());
  for (auto& s : r.record) {
    if (s["type"] == "sample" && s["cgroup"]["oom_kill"].is_number()) {
      EXPECT_EQ(s["cgroup"]["oom_kill"], 0);
    }
  }
  // Warned first (one stderr line), then acted at >= 90 %.
  auto warn = r.events("guard_warning");
  auto act = r.events("guard_action");
  ASSERT_EQ(warn.size(), 1u) << r.err;
  ASSERT_EQ(act.size(), 1u) << r.err;
  EXPECT_LE(warn[0]["t_s"].get<double>(), act[0]["t_s"].get<double>());
  EXPECT_EQ(act[0]["trigger"], "percent");
  EXPECT_GE(act[0]["used_fraction"].get<double>(), 0.90);
  EXPECT_LT(act[0]["used_fraction"].get<double>(), 0.97);
  EXPECT_EQ(act[0]["effective_limit_bytes"], 1ull << 30);
  EXPECT_EQ(act[0]["action"]["signal"], SIGTERM);
  EXPECT_EQ(act[0]["action"]["done"], true);
  EXPECT_NE(r.err.find("oomlens: WARNING: memory: working set"), std::string::npos) << r.err;
  EXPECT_EQ(r.verdict["guard"]["stage"], "acted");
  // The wake-up sources were tried and the outcome recorded.
  EXPECT_TRUE(r.header["guard"]["wakeups"].contains("psi_trigger"));
  EXPECT_TRUE(r.header["guard"]["wakeups"].contains("v1_usage_threshold") ||
              r.header["limits"]["hierarchy"] == "v2");
  expect_schema_valid("ramp-act");
}

TEST(GuardLive, TheSameRampWithoutActIsOomKilled) {
  REQUIRE_PYTHON();
  OOMLENS_REQUIRE_CGROUP(parent);
  wait_for_oom_report_room();  // this kill's report is printed in full
  auto sup_cg = make_child_cgroup("guard-supervisor", 1536ull << 20);
  ASSERT_TRUE(sup_cg) << sup_cg.error().message();
  const std::string sup = *sup_cg;
  std::string ckpt = gdir() + "/ramp-noact.ckpt";
  auto r = run("ramp-noact", {"--limit", "1G"}, {kPython, kRamp, "--rate", "100", "--checkpoint", ckpt}, sup);
  ASSERT_TRUE(WIFSIGNALED(r.status)) << r.err;
  EXPECT_EQ(WTERMSIG(r.status), SIGKILL);
  EXPECT_EQ(r.verdict["cause"], "oom_killed") << r.verdict.dump(2);
  EXPECT_NE(::access(ckpt.c_str(), F_OK), 0);
  // Warned (default --warn 85 % / --forecast 10 s), but nothing was done.
  auto warn = r.events("guard_warning");
  ASSERT_EQ(warn.size(), 1u) << r.err;
  auto act = r.events("guard_action");
  if (!act.empty()) {
    EXPECT_EQ(act[0]["action"]["done"], false);
  }
  expect_schema_valid("ramp-noact");
}

TEST(GuardLive, PyStacksNameTheAllocatingFunction) {
  REQUIRE_PYTHON();
  OOMLENS_REQUIRE_CGROUP(parent);
  auto sup_cg = make_child_cgroup("guard-supervisor", 1536ull << 20);
  ASSERT_TRUE(sup_cg) << sup_cg.error().message();
  const std::string sup = *sup_cg;
  // A 256 MiB limit keeps this one short. The warning (40 %, ~2 s in at
  // 50 MiB/s) asks for the tracemalloc snapshot ~2.6 s before the action
  // (90 %) ends the job: a job starved of CPU still finishes it (at the
  // default 85 % it had 0.3 s, and under load once did not).
  std::string ckpt = gdir() + "/stacks.ckpt";
  auto r = run("stacks", {"--limit", "256M", "--warn", "40%", "--act", "90%", "--act-forecast", "off", "--action", "term",
                "--py-stacks", "--py-tracemalloc"},
               {kPython, kRamp, "--rate", "50", "--checkpoint", ckpt}, sup);
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  EXPECT_EQ(WEXITSTATUS(r.status), 75) << r.err;  // stopped by the guard
  auto st = r.events("py_stacks");
  ASSERT_GE(st.size(), 1u) << r.err;
  bool named = false;
  for (auto& e : st) {
    EXPECT_EQ(e["result"]["sent"], true) << e.dump(2);
    if (e["result"].contains("text") &&
        e["result"]["text"].get<std::string>().find("allocate_towards_the_limit") != std::string::npos)
      named = true;
  }
  EXPECT_TRUE(named) << st[0].dump(2);
  auto tm = r.events("py_tracemalloc");
  ASSERT_EQ(tm.size(), 1u) << r.err;
  ASSERT_TRUE(tm[0]["snapshot"].is_object()) << tm[0].dump(2);
  EXPECT_GT(tm[0]["snapshot"]["traced_bytes"].get<uint64_t>(), 10ull << 20);
  EXPECT_NE(tm[0]["snapshot"]["top"][0]["where"].get<std::string>().find("ramp.py"), std::string::npos);
  EXPECT_EQ(tm[0]["at"], "warning");
  expect_schema_valid("stacks");
}

// Issue 13 item 11: a snapshot that would take seconds (300 000 traced
// objects; the hook's memory bound lifted so it is really taken) runs in a
// thread of the hook's own, so the job's SIGTERM handler still runs when the
// guard acts, and the job checkpoints. The record and the summary say what
// tracemalloc saw, or that the snapshot never finished.
TEST(GuardLive, SlowTracemallocSnapshotNeverBlocksTheCheckpoint) {
  REQUIRE_PYTHON();
  OOMLENS_REQUIRE_CGROUP(parent);
  auto sup_cg = make_child_cgroup("guard-supervisor", 1536ull << 20);
  ASSERT_TRUE(sup_cg) << sup_cg.error().message();
  const std::string sup = *sup_cg;
  std::string ckpt = gdir() + "/tracemalloc.ckpt";
  ::setenv("OOMLENS_PY_TRACEMALLOC_MAX_BYTES", std::to_string(1ull << 30).c_str(), 1);
  auto r = run("tracemalloc-slow", {"--limit", "512M", "--warn", "30%", "--act", "85%", "--action", "term",
                                    "--py-tracemalloc"},
               {kPython, kRamp, "--rate", "100", "--small-objects", "300000", "--checkpoint", ckpt}, sup);
  ::unsetenv("OOMLENS_PY_TRACEMALLOC_MAX_BYTES");
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  EXPECT_EQ(WEXITSTATUS(r.status), 75) << r.err;  // stopped by the guard
  EXPECT_EQ(r.verdict["cause"], "stopped_by_guard") << r.verdict.dump(2);
  EXPECT_EQ(::access(ckpt.c_str(), F_OK), 0) << "the job's SIGTERM handler did not checkpoint: " << r.err;
  auto tm = r.events("py_tracemalloc");
  ASSERT_EQ(tm.size(), 1u) << r.err;
  if (tm[0]["snapshot"].is_object()) {
    EXPECT_GT(tm[0]["snapshot"]["traces"].get<uint64_t>(), 300000u) << tm[0].dump(2);
    EXPECT_NE(tm[0].value("note", std::string()).find("tracemalloc saw"), std::string::npos) << tm[0].dump(2);
  } else {  // the job ended first: that is said, not left out
    EXPECT_NE(tm[0].value("reason", std::string()).find("never finished"), std::string::npos) << tm[0].dump(2);
  }
  EXPECT_NE(r.err.find("python tracemalloc at"), std::string::npos) << r.err;  // in the summary
  expect_schema_valid("tracemalloc-slow");
}

TEST(GuardLive, BudgetFailsAJobOverItAndPassesOneUnder) {
  REQUIRE_PYTHON();
  std::vector<std::string> job = {kPython, kRamp, "--rate", "400", "--target", "200", "--linger", "3"};
  auto over = run("budget-over", {"--budget", "100M", "--pss-interval", "0.5"}, job);
  ASSERT_TRUE(WIFEXITED(over.status)) << over.err;
  EXPECT_EQ(WEXITSTATUS(over.status), 3) << over.err;
  ASSERT_TRUE(over.verdict["budget"].is_object());
  EXPECT_EQ(over.verdict["budget"]["exceeded"], true);
  EXPECT_GT(over.verdict["budget"]["over_bytes"].get<uint64_t>(), 50ull << 20);
  EXPECT_EQ(over.verdict["budget"]["exit_code"], 3);
  EXPECT_TRUE(over.verdict["budget"]["peak_t_s"].is_number());
  EXPECT_EQ(over.events("budget_exceeded").size(), 1u);
  EXPECT_NE(over.err.find("over budget"), std::string::npos) << over.err;
  expect_schema_valid("budget-over");

  auto under = run("budget-under", {"--budget", "1G", "--pss-interval", "0.5"}, job);
  ASSERT_TRUE(WIFEXITED(under.status)) << under.err;
  EXPECT_EQ(WEXITSTATUS(under.status), 0) << under.err;
  EXPECT_EQ(under.verdict["budget"]["exceeded"], false);
  EXPECT_TRUE(under.events("budget_exceeded").empty());

  // A failing job keeps its own status, even over the budget.
  auto failing = run("budget-failing", {"--budget", "1M"}, {kPython, "-c", "x = bytearray(50 << 20); import time; time.sleep(2.5); raise SystemExit(7)"});
  ASSERT_TRUE(WIFEXITED(failing.status)) << failing.err;
  EXPECT_EQ(WEXITSTATUS(failing.status), 7);
  EXPECT_EQ(failing.verdict["budget"]["exceeded"], true);
  EXPECT_TRUE(failing.verdict["budget"]["exit_code"].is_null());
}

TEST(GuardLive, ExecActionRunsWithoutAShellWithTheJobPid) {
  REQUIRE_PYTHON();
  OOMLENS_REQUIRE_CGROUP(parent);
  auto sup_cg = make_child_cgroup("guard-supervisor", 1536ull << 20);
  ASSERT_TRUE(sup_cg) << sup_cg.error().message();
  const std::string sup = *sup_cg;
  std::string out = gdir() + "/exec-env.txt";
  std::string script = gdir() + "/save.sh";
  std::ofstream(script) << "#!/bin/sh\nenv | grep ^OOMLENS_ > " << out << "\nkill -TERM \"$OOMLENS_JOB_PID\"\n";
  ::chmod(script.c_str(), 0755);
  auto r = run("exec", {"--limit", "200M", "--act", "90%", "--action", "exec:" + script + " ;rm -rf /nonexistent-$(x)"},
               {kPython, kRamp, "--rate", "100", "--checkpoint", gdir() + "/exec.ckpt"}, sup);
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  EXPECT_EQ(WEXITSTATUS(r.status), 75) << r.err;  // the helper's SIGTERM stopped it: stopped_by_guard
  EXPECT_EQ(r.verdict["cause"], "stopped_by_guard") << r.verdict.dump(2);
  std::string env = slurp(out);
  EXPECT_NE(env.find("OOMLENS_JOB_PID=" + std::to_string(r.header["main_pid"].get<int>())), std::string::npos) << env;
  EXPECT_NE(env.find("OOMLENS_LIMIT_BYTES="), std::string::npos);
  auto act = r.events("guard_action");
  ASSERT_EQ(act.size(), 1u);
  // The words after the command are arguments, never shell syntax.
  EXPECT_EQ(act[0]["action"]["argv"].size(), 4u);
  EXPECT_EQ(r.events("guard_action_exit").size(), 1u);
  for (auto& p : r.verdict["procs"]) EXPECT_NE(p["comm"], "save.sh");  // the helper is not the job's
  expect_schema_valid("exec");
}

// --action kill: the verdict is stopped_by_guard (exit 75) and names
// oomlens's guard as the sender of the SIGKILL (signal trace), not "sender unknown".
TEST(GuardLive, KillActionIsNamedAsTheSender) {
  REQUIRE_PYTHON();
  OOMLENS_REQUIRE_CGROUP(parent);
  auto sup_cg = make_child_cgroup("guard-supervisor", 1536ull << 20);
  ASSERT_TRUE(sup_cg) << sup_cg.error().message();
  const std::string sup = *sup_cg;
  auto r = run("kill-action", {"--limit", "200M", "--warn", "20%", "--act", "30%", "--action", "kill"},
               {kPython, kRamp, "--rate", "50", "--target", "150"}, sup);
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  EXPECT_EQ(WEXITSTATUS(r.status), 75) << r.err;
  EXPECT_EQ(r.verdict["cause"], "stopped_by_guard") << r.verdict.dump(2);
  EXPECT_EQ(r.verdict["exit"]["signal"], SIGKILL);
  EXPECT_EQ(r.verdict["summary"].get<std::string>().find("sender unknown"), std::string::npos);
  note_signal_trace("KillActionIsNamedAsTheSender", r.header["signal_trace"].get<std::string>(),
                    r.header.value("signal_trace_tracefs", json()).is_string()
                        ? r.header["signal_trace_tracefs"].get<std::string>() : "",
                    r.header["oomlens_pid"].get<int>());
  if (r.header["signal_trace"] == "on") {
    EXPECT_EQ(r.verdict["signal_sender"]["kind"], "oomlens_guard") << r.verdict.dump(2);
    EXPECT_EQ(r.verdict["signal_sender"]["pid"], r.header["oomlens_pid"]);
    bool named = false;
    for (auto& e : r.verdict["evidence"]) named |= e.get<std::string>().find("oomlens itself") != std::string::npos;
    EXPECT_TRUE(named) << r.verdict["evidence"].dump(2);
  } else if (in_ci()) {
    ADD_FAILURE() << "CI=true: signal trace " << r.header["signal_trace"];
  }
  expect_schema_valid("kill-action");
}

}  // namespace
}  // namespace oomlens::live
