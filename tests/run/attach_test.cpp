// --pid pieces that are pure: the zombie's wait status from /proc/PID/stat,
// and the verdict when the exit status is unknown or the job still runs;
// the pid's handle taken through the session's ProcessControl.
#include <gtest/gtest.h>

#include <csignal>
#include <string>

#include <fmt/core.h>

#include <unistd.h>

#include "diagnose/verdict.h"
#include "run/session_state.h"
#include "support/fixture_tree.h"
#include "support/recording_control.h"
#include "util/exit_status.h"

namespace oomlens {
namespace {

std::string stat_line(char state, int exit_code, const std::string& comm = "a b) c") {
  // pid (comm) state, then fields 4..52; field 52 is exit_code.
  std::string s = "4242 (" + comm + ") ";
  s += state;
  for (int f = 4; f <= 51; ++f) s += " " + std::to_string(f);
  return s + " " + std::to_string(exit_code) + "\n";
}

TEST(Attach, ExitCodeOnlyFromAZombie) {
  EXPECT_EQ(run::attach_exit_code_from_stat(stat_line('Z', 7 << 8)), 7 << 8);
  EXPECT_EQ(run::attach_exit_code_from_stat(stat_line('Z', 9)), 9);
  EXPECT_EQ(run::attach_exit_code_from_stat(stat_line('S', 0)), std::nullopt);
  EXPECT_EQ(run::attach_exit_code_from_stat("4242 (x) Z 1 2 3"), std::nullopt);  // pre-3.5: no field 52
  EXPECT_EQ(run::attach_exit_code_from_stat("garbage"), std::nullopt);
  // earlyoom's hostile comm holds ") Z ": a running process, not a zombie.
  EXPECT_EQ(run::attach_exit_code_from_stat(stat_line('S', 0, "foo) Z ")), std::nullopt);
  EXPECT_EQ(run::attach_exit_code_from_stat(stat_line('Z', 9, "foo) Z ")), 9);
}

// --pid opens its handle through the session's ProcessControl: a pid the
// control answers ESRCH for is "no such process", before any record or
// cgroup is made (the fixture /proc is never reached).
TEST(Attach, PidfdComesFromTheProcessControl) {
  testing::FixtureTree t;
  testing::RecordingControl pc;
  const int parent = static_cast<int>(::getppid());  // exists, and is not oomlens itself
  pc.gone = {parent};
  run::RunOptions o;
  o.attach_pid = parent;
  o.proc_root = t.root();
  o.record_path = t.root() + "/never.jsonl";
  run::Session s(o, pc);
  ::testing::internal::CaptureStderr();
  const int status = s.run();
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, kExitOwnFailure);
  EXPECT_NE(err.find(fmt::format("--pid {}: no such process\n", parent)), std::string::npos) << err;
  EXPECT_TRUE(pc.sent.empty());
}

TEST(Attach, VerdictWithUnknownExitStatus) {
  diagnose::VerdictInput in;
  in.main_pid = 42;
  in.exit_status_known = false;
  in.kernel_log_readable = true;
  auto v = diagnose::decide_verdict(in);
  EXPECT_EQ(v.cause, "exit_unknown");
  EXPECT_NE(v.summary.find("cannot be known"), std::string::npos);

  diagnose::TreeKill k;
  k.pid = 42;
  k.comm = "leaker";
  k.role = "main";
  k.constraint = "memcg";
  in.kernel_kills.push_back(k);
  v = diagnose::decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  EXPECT_EQ(v.confidence, "high");

  in.kernel_kills.clear();
  in.kernel_log_readable = false;
  in.cgroup_oom_kill_delta = 1;
  v = diagnose::decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  EXPECT_EQ(v.confidence, "low");

  in.cgroup_oom_kill_delta = 0;
  v = diagnose::decide_verdict(in);
  EXPECT_EQ(v.cause, "exit_unknown");
  EXPECT_EQ(v.confidence, "low");

  in.still_running = true;
  in.detach_signal = SIGINT;
  v = diagnose::decide_verdict(in);
  EXPECT_EQ(v.cause, "still_running");
}

}  // namespace
}  // namespace oomlens
