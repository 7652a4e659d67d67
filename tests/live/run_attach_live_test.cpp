// `oomlens run --pid PID` on real processes started by the test: the
// process is not oomlens's child. Records are validated against
// docs/schema/record.schema.json.
#include <gtest/gtest.h>

#include "run_live_support.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

// fork + execvp; the test stays the parent (and does not reap until told).
int start_plain(const std::vector<std::string>& argv) {
  pid_t pid = ::fork();
  if (pid != 0) return pid;
  int devnull = ::open("/dev/null", O_RDWR);
  ::dup2(devnull, 0);
  ::dup2(devnull, 1);
  std::vector<char*> a;
  for (auto& s : argv) a.push_back(const_cast<char*>(s.c_str()));
  a.push_back(nullptr);
  ::execvp(a[0], a.data());
  _exit(127);
}

RunResult attach(const std::string& name, int pid, std::vector<std::string> opts = {}) {
  std::string base = tmpdir() + "/" + name;
  opts.insert(opts.end(), {"--pid", std::to_string(pid), "--record", base + ".jsonl", "--linger", "5"});
  int o = start_oomlens(opts, base + ".out", base + ".err");
  return finish(o, name);
}

TEST(RunAttachLive, ExitSeenAsZombieIsMirroredAndTheProcessIsNeverSignalled) {
  // The test is the parent and reaps only after oomlens ended: the job
  // stays a zombie, whose /proc/PID/stat exit_code oomlens reads.
  int job = start_plain({"sh", "-c", "sleep 1.5; exit 7"});
  auto r = attach("attach-zombie", job);
  int st = 0;
  ASSERT_EQ(::waitpid(job, &st, 0), job);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 7) << "the attached process was disturbed: " << st;
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  EXPECT_EQ(WEXITSTATUS(r.status), 7) << r.err;
  ASSERT_FALSE(r.record.empty()) << r.err;
  EXPECT_EQ(r.record.front()["attached"], true);
  EXPECT_EQ(r.record.front()["command"][0], "sh");
  EXPECT_EQ(r.verdict["cause"], "exited") << r.verdict.dump(2);
  EXPECT_EQ(r.verdict["exit"]["known"], true);
  EXPECT_EQ(r.verdict["exit"]["exit_code"], 7);
  EXPECT_EQ(r.verdict["main_pid"], job);
  expect_schema_valid({tmpdir() + "/attach-zombie.jsonl"});
}

TEST(RunAttachLive, ExitReapedByItsParentIsUnknownUnlessSeen) {
  // A wrapper shell waits for (and reaps) the job at once: oomlens usually
  // cannot see its exit status, and then says so and exits 0.
  std::string pidfile = tmpdir() + "/attach-reaped.pid";
  int wrapper = start_plain({"sh", "-c", "sh -c 'sleep 1.5; exit 3' & echo $! > " + pidfile + "; wait"});
  int job = -1;
  for (int i = 0; i < 200 && job <= 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    auto t = slurp(pidfile);
    if (!t.empty() && t.back() == '\n') job = std::atoi(t.c_str());
  }
  ASSERT_GT(job, 0);
  auto r = attach("attach-reaped", job);
  int st = 0;
  ::waitpid(wrapper, &st, 0);
  ASSERT_TRUE(WIFEXITED(r.status)) << r.err;
  const json& v = r.verdict;
  if (v.at("exit").at("known") == true) {  // oomlens won the race with the wrapper's wait
    EXPECT_EQ(v.at("cause"), "exited");
    EXPECT_EQ(WEXITSTATUS(r.status), 3);
  } else {
    EXPECT_EQ(v["cause"], "exit_unknown") << v.dump(2);
    EXPECT_TRUE(v["exit"]["exit_code"].is_null());
    EXPECT_TRUE(v["exit"]["shell_status"].is_null());
    EXPECT_EQ(WEXITSTATUS(r.status), 0);
    EXPECT_NE(v["summary"].get<std::string>().find("cannot be known"), std::string::npos) << v.dump(2);
  }
  expect_schema_valid({tmpdir() + "/attach-reaped.jsonl"});
}

TEST(RunAttachLive, SigtermDetachesWithoutTouchingTheProcess) {
  int job = start_plain({"sleep", "60"});
  std::string base = tmpdir() + "/attach-detach";
  int o = start_oomlens({"--pid", std::to_string(job), "--record", base + ".jsonl"}, base + ".out", base + ".err");
  ASSERT_EQ(header_main_pid(base + ".jsonl"), job);
  ASSERT_TRUE(wait_for_record_line(base + ".jsonl", "sample")) << "oomlens never sampled the process";
  ASSERT_EQ(::kill(o, SIGTERM), 0);
  auto r = finish(o, "attach-detach");
  EXPECT_TRUE(WIFSIGNALED(r.status) && WTERMSIG(r.status) == SIGTERM) << r.status;
  EXPECT_EQ(::kill(job, 0), 0) << "the attached process is gone";
  int st = 0;
  EXPECT_EQ(::waitpid(job, &st, WNOHANG), 0) << "the attached process ended";
  ::kill(job, SIGKILL);
  ::waitpid(job, &st, 0);
  EXPECT_EQ(r.verdict["cause"], "still_running") << r.verdict.dump(2);
  expect_schema_valid({base + ".jsonl"});
}

TEST(RunAttachLive, LeakerOomKilledInItsCgroupIsOomKilled) {
  OOMLENS_REQUIRE_CGROUP(parent);
  OOMLENS_REQUIRE_KMSG();
  wait_for_oom_report_room();  // this kill's report is printed in full
  auto cg_cg = make_child_cgroup("attach-leak", 64ull << 20);
  ASSERT_TRUE(cg_cg) << cg_cg.error().message();
  std::string cg = *cg_cg;
  // The shell waits so that oomlens attaches first, then becomes the leaker
  // (same pid). oomlens itself runs outside that cgroup.
  int job = spawn_in_cgroup(cg, {"/bin/sh", "-c", std::string("sleep 1; exec ") + oomlens::testing::leaker_binary() + " --mib-per-s 40"});
  ASSERT_GT(job, 0);
  std::string base = tmpdir() + "/attach-leak";
  auto r = attach("attach-leak", job, {"--verdict-json", base + ".verdict.json"});
  int st = 0;
  ::waitpid(job, &st, 0);
  EXPECT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL) << st;
  EXPECT_TRUE(cgroup::kill_and_remove(cg).ok());
  ASSERT_TRUE(WIFSIGNALED(r.status)) << r.err;
  EXPECT_EQ(WTERMSIG(r.status), SIGKILL);
  const json& v = r.verdict;
  ASSERT_FALSE(v.is_null()) << r.err;
  EXPECT_EQ(v.at("cause"), "oom_killed") << v.dump(2);
  EXPECT_EQ(v.at("victim_pid"), job);
  ASSERT_EQ(v.at("kernel_kills").size(), 1u) << v.dump(2);
  EXPECT_EQ(v.at("kernel_kills").at(0).at("constraint"), "memcg");
  EXPECT_NE(v.at("kernel_kills").at(0).at("oom_memcg").get<std::string>().find("attach-leak"), std::string::npos);
  std::string cg_seen = r.record.front()["limits"]["cgroup_dir"].get<std::string>();
  EXPECT_NE(cg_seen.find("/attach-leak"), std::string::npos) << cg_seen;
  EXPECT_TRUE(has_event(r, "oom_kill"));
  expect_schema_valid({base + ".jsonl", base + ".verdict.json"});
}

}  // namespace
}  // namespace oomlens::live
