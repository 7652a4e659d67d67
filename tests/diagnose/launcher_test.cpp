// torchrun's and Ray's words about a lost process, and the verdict of a
// program behind a launcher (diagnose/launcher.h, verdict.h), from text
// and structs.
#include <gtest/gtest.h>

#include <csignal>

#include "diagnose/launcher.h"
#include "diagnose/verdict.h"
#include "support/verdict_builders.h"

namespace oomlens::diagnose {
namespace {

// The shape torch 1.13's torch.distributed.elastic prints (ChildFailedError).
constexpr const char* kTorchrun =
    "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 4241 closing signal SIGTERM\n"
    "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 1 (pid: 4242) of "
    "binary: /usr/bin/python3\n"
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
    "============================================================\n"
    "t.py FAILED\n"
    "------------------------------------------------------------\n"
    "Root Cause (first observed failure):\n"
    "[0]:\n"
    "  time      : 2026-12-01_13:00:00\n"
    "  host      : node\n"
    "  rank      : 1 (local_rank: 1)\n"
    "  exitcode  : -9 (pid: 4242)\n"
    "  error_file: <N/A>\n"
    "  traceback : Signal 9 (SIGKILL) received by PID 4242\n"
    "============================================================\n";

TEST(Launcher, TorchrunSignalWithItsRank) {
  auto f = scan_launcher_stderr(kTorchrun);
  ASSERT_EQ(f.rank_signals.size(), 1u);
  EXPECT_EQ(f.rank_signals[0].pid, 4242);
  EXPECT_EQ(f.rank_signals[0].sig, 9);
  EXPECT_EQ(f.rank_signals[0].rank, 1);
  EXPECT_EQ(f.rank_signals[0].local_rank, 1);
  EXPECT_TRUE(f.ray_oom.empty());
  EXPECT_TRUE(scan_launcher_stderr("Signal 9 (SIGKILL) received by nobody").rank_signals.empty());
}

TEST(Launcher, RayOutOfMemoryError) {
  auto f = scan_launcher_stderr(
      "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\nMemory on the node");
  EXPECT_EQ(f.ray_oom, "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.");
  VerdictInput in;
  in.main_pid = 10;
  in.exited = true;
  in.exit_code = 1;
  in.stderr_tail = "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\n";
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "killed");
  EXPECT_NE(v.summary.find("Ray's memory monitor"), std::string::npos) << v.summary;
  EXPECT_FALSE(v.advice.empty());
}

TreeKill rank_kill() {
  TreeKill k = testing::tree_kill(4242, "python3", "program");
  k.kmsg_seq = 7;
  k.constraint = "memcg";
  k.limit_bytes = 600ull << 20;
  k.rank = 1;
  k.local_rank = 1;
  return k;
}

// torchrun: one rank OOM-killed; the agent exits 1. The cause is the
// rank's OOM kill, named with its rank, and torchrun's line agrees.
TEST(Launcher, TorchrunRankOomKilledIsNamed) {
  VerdictInput in;
  in.main_pid = 4240;
  in.main_comm = "torchrun";
  in.program_count = 2;
  in.exited = true;
  in.exit_code = 1;
  in.kernel_kills = {rank_kill()};
  in.stderr_tail = kTorchrun;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  EXPECT_EQ(v.victim_pid, 4242);
  EXPECT_NE(v.summary.find("rank 1 (local_rank 1) under the launcher torchrun"), std::string::npos) << v.summary;
  EXPECT_NE(v.summary.find("the launcher then exited with code 1"), std::string::npos) << v.summary;
  bool said = false;
  for (auto& e : v.evidence)
    said |= e.find("torchrun reported: Signal 9 (SIGKILL) received by PID 4242 rank 1") != std::string::npos &&
            e.find("the process the kernel OOM killer killed") != std::string::npos;
  EXPECT_TRUE(said);
}

// bash -c "python t.py; echo done": bash exits 0; the program's kill is the cause.
TEST(Launcher, ProgramUnderBashOomKilled) {
  VerdictInput in;
  in.main_pid = 10;
  in.main_comm = "bash";
  in.program_count = 1;
  in.exited = true;
  auto k = rank_kill();
  k.rank.reset();
  k.local_rank.reset();
  in.kernel_kills = {k};
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  EXPECT_NE(v.summary.find("python3 process 4242 under the launcher bash"), std::string::npos) << v.summary;
  EXPECT_NE(v.summary.find("exited with code 0"), std::string::npos) << v.summary;
}

// Item 3: a worker's death by a traced signal is evidence of its own: the
// kernel's SIGKILL matches the kill report; a userspace sender is named.
TEST(Launcher, TracedWorkerSignals) {
  VerdictInput in;
  in.main_pid = 10;
  in.exited = true;
  in.exit_code = 1;
  in.stderr_tail = "RuntimeError: DataLoader worker (pid 12) is killed by signal: Killed.\n";
  TreeSignal t;
  t.pid = 12;
  t.role = "worker";
  t.comm = "python3";
  t.sender.kind = "process";
  t.sender.sig = SIGKILL;
  t.sender.pid = 777;
  t.sender.comm = "kill";
  in.tree_signals = {t};
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "exited");
  EXPECT_EQ(v.victim_pid, 12);
  EXPECT_NE(v.summary.find("worker process 12 was SIGKILLed by pid 777 (kill)"), std::string::npos) << v.summary;
  bool said = false;
  for (auto& e : v.evidence) said |= e.find("the signal trace saw SIGKILL sent to worker process 12") != std::string::npos;
  EXPECT_TRUE(said);

  TreeKill k;
  k.pid = 12;
  k.comm = "python3";
  k.role = "worker";
  in.kernel_kills = {k};
  t.sender.kind = "kernel";
  t.sender.code = 0x80;
  in.tree_signals = {t};
  v = decide_verdict(in);
  EXPECT_EQ(v.cause, "worker_oom_killed");
  said = false;
  for (auto& e : v.evidence) said |= e.find("the OOM killer's signal, matching its report") != std::string::npos;
  EXPECT_TRUE(said);
}

}  // namespace
}  // namespace oomlens::diagnose
