// The verdict's precedence and evidence ladder, from structs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <csignal>

#include "diagnose/verdict.h"
#include "diagnose/verdict_json.h"
#include "support/verdict_builders.h"

namespace oomlens::diagnose {
namespace {

VerdictInput killed_by(int sig) {
  VerdictInput in;
  in.main_pid = 100;
  in.term_signal = sig;
  return in;
}

TreeKill kill_of(int64_t pid, const char* role) {
  TreeKill k = testing::tree_kill(pid, "python3", role);
  k.kmsg_seq = 42;
  k.constraint = "memcg";
  k.limit_bytes = 700ull << 20;
  return k;
}

TEST(Verdict, ExitedPassesTheCode) {
  VerdictInput in;
  in.exited = true;
  in.exit_code = 3;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "exited");
  EXPECT_NE(v.summary.find("code 3"), std::string::npos);
}

// A contained fork bomb exits 0 but leaves its children in the --limit
// cgroup; oomlens kills them, and the verdict says so (issue 21, item 5).
TEST(Verdict, LeftoverProcessesOomlensKilledAreSaid) {
  VerdictInput in;
  in.exited = true;
  in.exit_code = 0;
  in.leftover_killed = 396;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "exited");
  EXPECT_EQ(v.summary, "The job exited normally (code 0). oomlens killed the 396 process(es) the job left behind.");
  EXPECT_TRUE(std::any_of(v.evidence.begin(), v.evidence.end(),
                          [](const std::string& e) { return e.find("396 process(es) were still") == 0; }));
  in.leftover_killed.reset();
  EXPECT_EQ(decide_verdict(in).summary, "The job exited normally (code 0).");
}

// A memcg kill with nothing more specific to say (no workers, no growth
// curve, no shared memory left): the advice says the limit was too small,
// with the limit and what the victim held. Measured: a job loading 400 MiB
// of weights at start under --limit 256M got no advice at all.
TEST(Verdict, AMemcgKillWithNothingElseToSayAdvisesALargerLimit) {
  auto in = killed_by(SIGKILL);
  TreeKill k = kill_of(100, "main");
  k.anon_rss_bytes = 254ull << 20;
  in.kernel_kills.push_back(k);
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  ASSERT_EQ(v.advice.size(), 1u);
  EXPECT_EQ(v.advice[0], "the job needed more than its memory cgroup's limit of 700.0 MiB (the killed process held 254.0 "
                         "MiB of anonymous memory): retry with a larger limit (`--restart-on-oom N --limit-step 20%` "
                         "raises it at each retry), or make it use less memory");
  // Not for a machine-wide kill: no limit of the job's was reached.
  in.kernel_kills[0].constraint = "none";
  EXPECT_TRUE(decide_verdict(in).advice.empty());
}

// Shared memory still charged to the job's cgroup once every process was
// gone (a file in /dev/shm): said, with what to delete, and instead of the
// generic limit advice. Measured: a job writing /dev/shm under --limit
// 160M was killed holding 7 MiB anonymous; 153 MiB of shmem stayed.
TEST(Verdict, SharedMemoryLeftInTheCgroupIsSaid) {
  auto in = killed_by(SIGKILL);
  TreeKill k = kill_of(100, "main");
  k.limit_bytes = 160ull << 20;
  k.anon_rss_bytes = 7ull << 20;
  in.kernel_kills.push_back(k);
  in.limit_bytes = 160ull << 20;
  in.cgroup_shmem_left_bytes = 153ull << 20;
  in.shm_peak_used_bytes = 155ull << 20;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  EXPECT_TRUE(std::any_of(v.evidence.begin(), v.evidence.end(), [](const std::string& e) {
    return e.find("its memory cgroup still held 153.0 MiB of shared memory, 96% of its limit") != std::string::npos;
  }));
  ASSERT_EQ(v.advice.size(), 1u);
  EXPECT_NE(v.advice[0].find("/dev/shm's use peaked at 155.0 MiB"), std::string::npos) << v.advice[0];
  // A few MiB left (PyTorch's segments are unlinked and freed with their
  // processes): nothing said.
  in.cgroup_shmem_left_bytes = 3ull << 20;
  v = decide_verdict(in);
  EXPECT_TRUE(std::none_of(v.evidence.begin(), v.evidence.end(),
                           [](const std::string& e) { return e.find("shared memory") != std::string::npos; }));
  ASSERT_EQ(v.advice.size(), 1u);
  EXPECT_EQ(v.advice[0].find("the job needed more than its memory cgroup's limit of 160.0 MiB"), 0u);
}

TEST(Verdict, KernelReportOfMainIsOomKilled) {
  auto in = killed_by(SIGKILL);
  in.kernel_kills.push_back(kill_of(100, "main"));
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  EXPECT_EQ(v.confidence, "high");
  EXPECT_EQ(v.victim_pid, 100);
  EXPECT_NE(v.summary.find("700.0 MiB"), std::string::npos) << v.summary;
}

TEST(Verdict, WorkerKillWinsOverMainsExitCode) {
  VerdictInput in;
  in.main_pid = 100;
  in.exited = true;
  in.exit_code = 1;
  auto k = kill_of(101, "worker");
  k.peak_pss_bytes = 300ull << 20;
  in.kernel_kills.push_back(k);
  in.stderr_tail = "RuntimeError: DataLoader worker (pid 101) is killed by signal: Killed.\n";
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "worker_oom_killed");
  EXPECT_EQ(v.victim_pid, 101);
  EXPECT_NE(v.summary.find("worker process 101"), std::string::npos) << v.summary;
  bool joined = false;
  for (auto& e : v.evidence) joined |= e.find("PyTorch reported") != std::string::npos;
  EXPECT_TRUE(joined);
}

TEST(Verdict, CounterWithoutReportIsOomKilledMedium) {
  auto in = killed_by(SIGKILL);
  in.cgroup_oom_kill_delta = 1;
  in.limit_bytes = 64ull << 20;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  EXPECT_EQ(v.confidence, "medium");
}

TEST(Verdict, SigkillWithoutOomEvidenceIsKilledAndNamesDaemons) {
  auto in = killed_by(SIGKILL);
  in.cgroup_oom_kill_delta = 0;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "killed");
  EXPECT_NE(v.summary.find("sender unknown"), std::string::npos);
  in.killer_daemons = {"earlyoom"};
  v = decide_verdict(in);
  EXPECT_NE(v.summary.find("earlyoom"), std::string::npos);
  in.kernel_log_readable = false;
  in.kernel_log_error = SystemError{EACCES, "/dev/kmsg"};
  v = decide_verdict(in);
  EXPECT_EQ(v.confidence, "medium");
}

TEST(Verdict, SignalsAndStderrPatterns) {
  EXPECT_EQ(decide_verdict(killed_by(SIGSEGV)).cause, "segfault");
  auto bus = killed_by(SIGBUS);
  bus.shm_used_bytes = 99;
  bus.shm_size_bytes = 100;
  auto v = decide_verdict(bus);
  EXPECT_EQ(v.cause, "bus_error");
  EXPECT_NE(v.summary.find("/dev/shm"), std::string::npos);
  EXPECT_EQ(decide_verdict(killed_by(SIGTERM)).cause, "signal");
  auto abrt = killed_by(SIGABRT);
  abrt.stderr_tail = "terminate called after throwing an instance of 'std::bad_alloc'\n";
  EXPECT_EQ(decide_verdict(abrt).cause, "memory_error");

  VerdictInput py;
  py.exited = true;
  py.exit_code = 1;
  py.stderr_tail = "Traceback (most recent call last):\n  File \"<string>\", line 1\nMemoryError\n";
  EXPECT_EQ(decide_verdict(py).cause, "memory_error");
  py.stderr_tail = "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n";
  EXPECT_EQ(decide_verdict(py).cause, "cuda_oom");
  py.exit_code = 0;
  EXPECT_EQ(decide_verdict(py).cause, "exited");  // exit 0: a caught error is not the cause
}

TEST(Verdict, StderrScanFindsDataLoaderPids) {
  auto f = scan_stderr("x\nERROR: DataLoader worker (pid 4242) is killed by signal: Killed.\n");
  ASSERT_EQ(f.dataloader_killed_pids.size(), 1u);
  EXPECT_EQ(f.dataloader_killed_pids[0], 4242);
  EXPECT_FALSE(scan_stderr("no MemoryErrors here").python_memory_error);
}

// Issue 13, item 9: the guard's action ended the job.
GuardStop term_stop() {
  GuardStop g;
  g.action = "term";
  g.signal = SIGTERM;
  g.t_s = 12.5;
  g.trigger = "percent";
  g.used_fraction = 0.91;
  g.working_set_bytes = 910ull << 20;
  g.effective_limit_bytes = 1000ull << 20;
  return g;
}

TEST(Verdict, GuardStopWithAndWithoutAHandler) {
  VerdictInput caught;  // caught SIGTERM, checkpointed, exited 0
  caught.main_pid = 100;
  caught.exited = true;
  caught.guard_stop = term_stop();
  auto v = decide_verdict(caught);
  EXPECT_EQ(v.cause, "stopped_by_guard");
  EXPECT_NE(v.summary.find("SIGTERM"), std::string::npos) << v.summary;
  EXPECT_NE(v.summary.find("91%"), std::string::npos) << v.summary;
  EXPECT_NE(v.summary.find("12.5 s"), std::string::npos) << v.summary;
  auto died = killed_by(SIGTERM);  // no handler: died of the signal oomlens sent
  died.guard_stop = term_stop();
  v = decide_verdict(died);
  EXPECT_EQ(v.cause, "stopped_by_guard");
  EXPECT_EQ(v.summary.find("sender unknown"), std::string::npos) << v.summary;
  // Escalation: SIGKILL to the tree after --grace.
  auto esc = killed_by(SIGKILL);
  esc.guard_stop = term_stop();
  esc.guard_stop->escalated = true;
  EXPECT_EQ(decide_verdict(esc).cause, "stopped_by_guard");
  // A kernel OOM kill despite the action is still an OOM kill.
  esc.kernel_kills.push_back(kill_of(100, "main"));
  EXPECT_EQ(decide_verdict(esc).cause, "oom_killed");
  // Another process's SIGKILL (traced) is not the guard's doing.
  auto other = killed_by(SIGKILL);
  other.guard_stop = term_stop();
  other.signal_sender = testing::sender("process", SIGKILL, 777, "kill");
  EXPECT_EQ(decide_verdict(other).cause, "killed");
}

// Issue 13, item 5: a SIGKILL from another process while someone else was
// OOM-killed is `killed`, never oom_killed from a machine-wide counter.
TEST(Verdict, MachineWideCounterIsANoteNotTheVerdict) {
  auto in = killed_by(SIGKILL);
  in.vmstat_oom_kill_delta = 2;
  in.cgroup_oom_kill_delta = 0;
  TreeKill o = kill_of(555, "unrelated");
  o.comm = "leaker";
  o.oom_memcg = "/other";
  in.other_kills.push_back(o);
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "killed");
  EXPECT_EQ(v.confidence, "high");
  EXPECT_NE(v.summary.find("sender unknown"), std::string::npos) << v.summary;
  bool noted = false;
  for (auto& e : v.evidence) noted |= e.find("elsewhere") != std::string::npos && e.find("pid 555") != std::string::npos;
  EXPECT_TRUE(noted);
  // A shared cgroup's counter (no --limit) is no better than /proc/vmstat.
  in.cgroup_oom_kill_delta = 1;
  in.cgroup_is_jobs_own = false;
  EXPECT_EQ(decide_verdict(in).cause, "killed");
  // Without the kernel log it is "possibly", still not the verdict.
  in.kernel_log_readable = false;
  v = decide_verdict(in);
  EXPECT_EQ(v.cause, "killed");
  EXPECT_EQ(v.confidence, "low");
  EXPECT_NE(std::find(v.secondary_causes.begin(), v.secondary_causes.end(), "possibly_oom_killed"),
            v.secondary_causes.end());
  // A traced userspace sender outranks even the job's own cgroup counter.
  in = killed_by(SIGKILL);
  in.cgroup_oom_kill_delta = 1;
  in.signal_sender = testing::sender("process", SIGKILL, 777, "kill");
  EXPECT_EQ(decide_verdict(in).cause, "killed");
}

// Issue 13, items 1-2.
TEST(Verdict, WorkerBusErrorNamesShmAndAdvises) {
  VerdictInput in;
  in.main_pid = 100;
  in.exited = true;
  in.exit_code = 1;
  in.stderr_tail =
      "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).\n"
      "Traceback (most recent call last):\n  File \"x.py\", line 3\n"
      "RuntimeError: DataLoader worker (pid 4321) is killed by signal: Bus error. It is possible that dataloader's "
      "workers are out of shared memory.\n";
  in.shm_size_bytes = 64ull << 20;
  in.shm_used_bytes = 0;
  in.shm_peak_used_bytes = 64ull << 20;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "bus_error");
  EXPECT_EQ(v.victim_pid, 4321);
  EXPECT_NE(v.summary.find("100% full at its peak (64.0 MiB)"), std::string::npos) << v.summary;
  ASSERT_FALSE(v.advice.empty());
  EXPECT_NE(v.advice[0].find("--shm-size"), std::string::npos);
  EXPECT_NE(v.advice[0].find("--ipc=host"), std::string::npos);
  // A main-process SIGBUS reports the peak, not the (unlinked) end.
  auto bus = killed_by(SIGBUS);
  bus.shm_size_bytes = 64ull << 20;
  bus.shm_used_bytes = 0;
  bus.shm_peak_used_bytes = 63ull << 20;
  v = decide_verdict(bus);
  EXPECT_NE(v.summary.find("at its peak (63.0 MiB)"), std::string::npos) << v.summary;
}

TEST(Verdict, MemoryErrorNamesTheRlimitAndTheSize) {
  VerdictInput in;
  in.main_pid = 100;
  in.exited = true;
  in.exit_code = 1;
  in.stderr_tail = "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n"
                   "numpy.core._exceptions._ArrayMemoryError: Unable to allocate 1.17 GiB for an array with shape "
                   "(157286400,) and data type float64\n";
  in.rlimit_as_bytes = 512ull << 20;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "memory_error");
  EXPECT_NE(v.summary.find("RLIMIT_AS 512.0 MiB"), std::string::npos) << v.summary;
  EXPECT_NE(v.summary.find("numpy"), std::string::npos) << v.summary;
  auto f = scan_stderr(in.stderr_tail);
  ASSERT_TRUE(f.requested_bytes);
  EXPECT_NEAR(static_cast<double>(*f.requested_bytes), 1.17 * (1 << 30), 1e6);
  in.rlimit_as_bytes.reset();
  in.stderr_tail = "RuntimeError: [enforce fail at alloc_cpu.cpp:75] data. DefaultCPUAllocator: can't allocate memory: "
                   "you tried to allocate 7398752256 bytes. Error code 12 (Cannot allocate memory)\n";
  v = decide_verdict(in);
  EXPECT_EQ(v.cause, "memory_error");
  EXPECT_NE(v.summary.find("7398752256 bytes"), std::string::npos) << v.summary;
  in.stderr_tail = "OSError: [Errno 12] Cannot allocate memory\n";
  EXPECT_EQ(decide_verdict(in).cause, "memory_error");
}

TEST(Verdict, ANonMemoryExceptionIsNamed) {
  VerdictInput in;
  in.main_pid = 100;
  in.exited = true;
  in.exit_code = 1;
  in.stderr_tail = "Traceback (most recent call last):\n  File \"t.py\", line 9, in <module>\n    raise "
                   "ValueError(\"bad shape\")\nValueError: bad shape\n";
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "exited");
  EXPECT_NE(v.summary.find("uncaught ValueError"), std::string::npos) << v.summary;
  bool named = false;
  for (auto& e : v.evidence) named |= e.find("ValueError: bad shape") != std::string::npos;
  EXPECT_TRUE(named);
}

TEST(Verdict, JsonHasTheSchemaFields) {
  auto j = verdict_to_json(decide_verdict(killed_by(SIGSEGV)));
  EXPECT_EQ(j["type"], "verdict");
  EXPECT_EQ(j["cause"], "segfault");
  EXPECT_TRUE(j["secondary_causes"].is_array());
  EXPECT_TRUE(j["victim_pid"].is_null());
}

}  // namespace
}  // namespace oomlens::diagnose

#include "diagnose/verdict_from_record.h"

namespace oomlens::diagnose {
namespace {

TEST(VerdictFromRecord, RebuildsFromEventsAndJoinsLiveKills) {
  auto header = nlohmann::json::parse(
      R"({"type":"header","main_pid":10,"kernel_log_readable":true,"kmsg_start_seq":100,"limits":{"limit_bytes":1000}})");
  std::vector<nlohmann::json> events = {
      nlohmann::json::parse(R"({"type":"event","kind":"process_start","pid":10,"role":"main"})"),
      nlohmann::json::parse(R"({"type":"event","kind":"process_start","pid":11,"role":"worker"})")};
  // Nothing says how the job ended.
  auto r = verdict_from_record(header, events);
  EXPECT_FALSE(r.verdict);
  EXPECT_NE(r.note.find("ends before the job"), std::string::npos);
  // A live kill of the worker before the start, and of another pid, are not joined.
  TreeKill old_kill;
  old_kill.pid = 11;
  old_kill.kmsg_seq = 99;
  TreeKill stranger;
  stranger.pid = 77;
  stranger.kmsg_seq = 150;
  TreeKill main_kill;
  main_kill.pid = 10;
  main_kill.kmsg_seq = 160;
  main_kill.comm = "python3";
  r = verdict_from_record(header, events, {old_kill, stranger, main_kill});
  ASSERT_TRUE(r.verdict);
  EXPECT_EQ(r.verdict->cause, "oom_killed");
  EXPECT_EQ(r.verdict->victim_pid, 10);
  // A recorded main_exit with a recorded worker kill.
  events.push_back(nlohmann::json::parse(R"({"type":"event","kind":"oom_kill","pid":11,"comm":"python3","role":"worker","kmsg_seq":120})"));
  events.push_back(nlohmann::json::parse(R"({"type":"event","kind":"main_exit","exited":true,"exit_code":1,"signal":null})"));
  r = verdict_from_record(header, events);
  ASSERT_TRUE(r.verdict);
  EXPECT_EQ(r.verdict->cause, "worker_oom_killed");
  // Garbage in the record never throws.
  r = verdict_from_record(nlohmann::json::parse(R"({"main_pid":"x"})"),
                          {nlohmann::json::parse(R"({"kind":"main_exit","exited":"yes","signal":[]})")});
  ASSERT_TRUE(r.verdict);
}

}  // namespace
}  // namespace oomlens::diagnose
