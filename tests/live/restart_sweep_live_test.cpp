// Issue 15 on real jobs and real cgroups: `run --restart-on-oom` (a leak
// OOM-killed on attempt 1 resumes and finishes on attempt 2; a segfault is
// not restarted; --limit-step grows the limit until the job fits; the
// plain-PyTorch on_warning recipe saves a checkpoint and resumes) and
// `oomlens sweep` (a DataLoader num_workers sweep predicts a real run; an
// OOM-killed point; --for on a job that would run for an hour). Every OOM
// kill happens inside a capped cgroup of the test's own; run under
// flock /tmp/oomlens-live.lock.
#include <gtest/gtest.h>

#include <csignal>

#include "run_live_support.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

constexpr const char* kPy = "/usr/bin/python3";
const std::string kDir = std::string(oomlens::testing::source_dir()) + "/tests/live/";

#define REQUIRE_PY(module)                                                      \
  if (run_command({kPy, "-c", "import " module}, 120).status != 0) {            \
    if (in_ci()) FAIL() << "CI=true: " module " is not importable by " << kPy; \
    GTEST_SKIP() << module " is not importable by " << kPy;                     \
  }

std::vector<json> attempts(const RunResult& r) {
  std::vector<json> v;
  for (auto& l : r.record)
    if (l["type"] == "attempt") v.push_back(l);
  return v;
}

// `oomlens sweep ARGS` inside cgroup_dir, stdout/stderr to files; {status, stdout, stderr}.
struct SweepRun {
  int status = -1;
  std::string out, err;
  json doc;
};
SweepRun run_sweep(const std::string& name, const std::vector<std::string>& args, const std::string& cgroup_dir,
                   int timeout_s = 300) {
  std::string base = tmpdir() + "/" + name;
  std::vector<std::string> argv = {"--dir", base + ".d"};
  argv.insert(argv.end(), args.begin(), args.end());
  const int pid = start_oomlens_subcommand("sweep", argv, base + ".out", base + ".err", cgroup_dir);
  SweepRun r;
  auto st = wait_for(pid, timeout_s);
  EXPECT_TRUE(st.has_value()) << name << ": sweep did not end within " << timeout_s << " s";
  r.status = st.value_or(-1);
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  r.doc = json::parse(r.out, nullptr, false);
  return r;
}

TEST(RestartLive, LeakOomKilledOnAttempt1ResumesAndFinishesOnAttempt2) {
  OOMLENS_REQUIRE_CGROUP(parent);
  Sup sup("i15-restart-leak");
  ASSERT_FALSE(sup.dir.empty());
  std::string ckpt = tmpdir() + "/leak.ckpt";
  auto r = run_oomlens("restart-leak", {kPy, kDir + "restart_leak.py", ckpt},
                       {"--limit", "96M", "--restart-on-oom", "2", "--backoff", "0"}, sup.dir);
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  EXPECT_EQ(WEXITSTATUS(r.status), 0) << r.err;
  auto at = attempts(r);
  ASSERT_EQ(at.size(), 2u) << r.err;
  EXPECT_EQ(at[0]["cause"], "oom_killed") << at[0].dump();
  EXPECT_EQ(at[0]["restart"], true);
  EXPECT_TRUE(at[0]["resume_asked"].is_null());
  EXPECT_EQ(at[1]["cause"], "exited") << at[1].dump();
  EXPECT_EQ(at[1]["restart"], false);
  EXPECT_EQ(at[1]["resume_asked"], true);
  auto second = lines_of(at[1]["record"].get<std::string>());
  ASSERT_FALSE(second.empty());
  EXPECT_EQ(second.front()["type"], "header");
  EXPECT_NE(r.out.find("attempt 2 resumed at step 5"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("2 attempts (--restart-on-oom 2)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("it asked whether it was resuming"), std::string::npos) << r.err;
  expect_schema_valid({tmpdir() + "/restart-leak.jsonl", at[1]["record"].get<std::string>()});
}

TEST(RestartLive, SegfaultIsNotRestarted) {
  OOMLENS_REQUIRE_CGROUP(parent);
  Sup sup("i15-restart-segv");
  ASSERT_FALSE(sup.dir.empty());
  auto r = run_oomlens("restart-segv", {kPy, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"},
                       {"--restart-on-oom", "3", "--backoff", "0"}, sup.dir);
  ASSERT_TRUE(WIFSIGNALED(r.status)) << r.err;
  EXPECT_EQ(WTERMSIG(r.status), SIGSEGV);
  auto at = attempts(r);
  ASSERT_EQ(at.size(), 1u) << r.err;
  EXPECT_EQ(at[0]["cause"], "segfault");
  EXPECT_EQ(at[0]["restart"], false);
  EXPECT_NE(at[0]["reason"].get<std::string>().find("not about memory"), std::string::npos) << at[0].dump();
}

// Also "a job that never checkpoints": each restart starts over, and the
// summary says so.
TEST(RestartLive, LimitStepGrowsTheLimitUntilTheJobFits) {
  OOMLENS_REQUIRE_CGROUP(parent);
  Sup sup("i15-restart-step");
  ASSERT_FALSE(sup.dir.empty());
  auto r = run_oomlens("restart-step", {kPy, kDir + "restart_leak.py", "--hold", "80"},
                       {"--limit", "48M", "--restart-on-oom", "5", "--backoff", "0", "--limit-step", "50%"}, sup.dir);
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  EXPECT_EQ(WEXITSTATUS(r.status), 0) << r.err;
  auto at = attempts(r);
  ASSERT_GE(at.size(), 2u) << r.err;
  for (size_t i = 0; i + 1 < at.size(); ++i) {
    EXPECT_EQ(at[i]["cause"], "oom_killed") << at[i].dump();
    EXPECT_GT(at[i]["next_limit_bytes"].get<uint64_t>(), at[i]["limit_bytes"].get<uint64_t>());
    EXPECT_EQ(at[i + 1]["limit_bytes"], at[i]["next_limit_bytes"]);
  }
  EXPECT_EQ(at.back()["cause"], "exited");
  EXPECT_GT(at.back()["limit_bytes"].get<uint64_t>(), 80ull << 20);
  EXPECT_NE(r.err.find("the limit that worked"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("it most likely started over"), std::string::npos) << r.err;
}

TEST(RestartLive, OnWarningCheckpointThenResume) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_PY("torch");
  Sup sup("i15-restart-torch");
  ASSERT_FALSE(sup.dir.empty());
  std::string ckpt = tmpdir() + "/torch.ckpt";
  auto r = run_oomlens("restart-torch", {kPy, kDir + "torch_resume.py", ckpt, "200"},
                       {"--limit", "640M", "--act", "80%", "--action", "term", "--restart-on-oom", "1", "--backoff",
                        "0"}, sup.dir);
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  EXPECT_EQ(WEXITSTATUS(r.status), 0) << r.err;
  EXPECT_EQ(::access(ckpt.c_str(), F_OK), 0) << "no checkpoint: " << r.err;
  auto at = attempts(r);
  ASSERT_EQ(at.size(), 2u) << r.err;
  EXPECT_EQ(at[0]["cause"], "stopped_by_guard") << at[0].dump();
  EXPECT_EQ(at[1]["cause"], "exited") << at[1].dump();
  EXPECT_EQ(at[1]["resume_asked"], true);
  auto pos = r.out.find("resumed at step ");
  ASSERT_NE(pos, std::string::npos) << r.out;
  EXPECT_GT(std::stoi(r.out.substr(pos + 16)), 3) << r.out;
  EXPECT_NE(r.out.find("finished 200 steps"), std::string::npos) << r.out;
}

// A sweep over 0, 1, 2 predicts the peak anon+shmem at 4 within 10 % of a
// real run at 4.
TEST(SweepLive, DataLoaderNumWorkersPredictsFour) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_PY("torch");
  Sup sup("i15-sweep-loader");
  ASSERT_FALSE(sup.dir.empty());
  auto s = run_sweep("sweep-loader", {"--json", "--param", "num_workers=0,1,2", "--predict", "num_workers=4",
                                      "--", kPy, kDir + "loader_workers.py", "{num_workers}"}, sup.dir);
  ASSERT_TRUE(WIFEXITED(s.status)) << s.err;
  EXPECT_EQ(WEXITSTATUS(s.status), 0) << s.err;
  ASSERT_FALSE(s.doc.is_discarded()) << s.out;
  ASSERT_EQ(s.doc["points"].size(), 3u);
  for (auto& p : s.doc["points"]) EXPECT_EQ(p["verdict"], "exited") << p.dump();
  ASSERT_EQ(s.doc["predictions"].size(), 1u);
  double predicted = s.doc["predictions"][0]["peak_anon_shmem_bytes"].get<double>();
  bool per_worker = false;
  for (auto& f : s.doc["fits"])
    if (f["figure"] == "peak_anon_shmem_bytes")
      per_worker = f["terms"][0].get<std::string>().find("per worker") != std::string::npos;
  EXPECT_TRUE(per_worker) << s.doc["fits"].dump();
  auto real = run_sweep("sweep-loader-4", {"--json", "--param", "num_workers=4", "--", kPy,
                                           kDir + "loader_workers.py", "{num_workers}"}, sup.dir);
  ASSERT_FALSE(real.doc.is_discarded()) << real.out << real.err;
  double measured = real.doc["points"][0]["peak_anon_shmem_bytes"].get<double>();
  EXPECT_NEAR(predicted / measured, 1.0, 0.10) << "predicted " << predicted << ", measured " << measured << "\n"
                                               << s.out;
}

TEST(SweepLive, OomKilledPointIsALowerBound) {
  OOMLENS_REQUIRE_CGROUP(parent);
  Sup sup("i15-sweep-oom");
  ASSERT_FALSE(sup.dir.empty());
  auto s = run_sweep("sweep-oom", {"--limit", "96M", "--param", "mb=8,24,40,200", "--", kPy,
                                   kDir + "restart_leak.py", "--hold", "{mb}"}, sup.dir);
  ASSERT_TRUE(WIFEXITED(s.status)) << s.err;
  EXPECT_EQ(WEXITSTATUS(s.status), 0) << s.err;
  EXPECT_NE(s.out.find(">="), std::string::npos) << s.out;                      // the lower bound in the table
  EXPECT_NE(s.out.find("oom_killed"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("mb=200 was OOM-killed"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("per unit of mb"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("largest mb that fits"), std::string::npos) << s.out;
}

TEST(SweepLive, ForEndsAJobThatWouldRunForAnHour) {
  OOMLENS_REQUIRE_CGROUP(parent);
  Sup sup("i15-sweep-for");
  ASSERT_FALSE(sup.dir.empty());
  auto s = run_sweep("sweep-for", {"--json", "--for", "2s", "--grace", "3s", "--param", "mb=8,16", "--", kPy, "-c",
                                   "import time; b = bytearray({mb} << 20); time.sleep(3600)"},
                     sup.dir, 120);
  ASSERT_TRUE(WIFEXITED(s.status)) << s.err;
  EXPECT_EQ(WEXITSTATUS(s.status), 0) << s.err;
  ASSERT_FALSE(s.doc.is_discarded()) << s.out;
  ASSERT_EQ(s.doc["points"].size(), 2u);
  for (auto& p : s.doc["points"]) {
    EXPECT_EQ(p["stopped_by_for"], true) << p.dump();
    EXPECT_FALSE(p["verdict"].is_null()) << p.dump();
    EXPECT_EQ(p["still_rising"], false) << p.dump();
  }
  expect_schema_valid({s.doc["points"][0]["record"].get<std::string>()});
  // The document against docs/schema/sweep.schema.json.
  auto v = run_command({kPy, "-c",
                        "import json, sys, jsonschema; jsonschema.validate(json.load(open(sys.argv[2])), "
                        "json.load(open(sys.argv[1]))); print('valid')",
                        oomlens::testing::source_path("/docs/schema/sweep.schema.json"), tmpdir() + "/sweep-for.out"}, 60);
  EXPECT_EQ(v.status, 0) << v.out;
}

// A non-numeric parameter is run and tabled, not fitted, and the output says so.
TEST(SweepLive, NonNumericParameterIsTabledNotFitted) {
  OOMLENS_REQUIRE_CGROUP(parent);
  Sup sup("i15-sweep-mode");
  ASSERT_FALSE(sup.dir.empty());
  auto s = run_sweep("sweep-mode", {"--param", "mode=fast,slow", "--", "/bin/sh", "-c", ": {mode}"}, sup.dir);
  ASSERT_TRUE(WIFEXITED(s.status)) << s.err;
  EXPECT_EQ(WEXITSTATUS(s.status), 0) << s.err;
  EXPECT_NE(s.out.find("fast"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("slow"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("mode is not numeric (fast, slow): its points are run and tabled, not fitted"),
            std::string::npos) << s.out;
  EXPECT_EQ(s.out.find("fit: "), std::string::npos) << s.out;
}

}  // namespace
}  // namespace oomlens::live
