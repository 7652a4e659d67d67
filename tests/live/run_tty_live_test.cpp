// `oomlens run --capture-tty` on a real pseudo-terminal (python3's pty
// module plays the user's terminal): the job's terminal output passes
// through, the verdict sees a MemoryError printed to the terminal, and the
// terminal's settings are restored.
#include <gtest/gtest.h>

#include "run_live_support.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

TEST(RunTtyLive, MemoryErrorPrintedToTheTerminalIsFound) {
  if (::access("/usr/bin/python3", X_OK) != 0) {
    if (in_ci()) FAIL() << "CI=true: /usr/bin/python3 missing";
    GTEST_SKIP() << "/usr/bin/python3 missing";
  }
  std::string base = tmpdir() + "/tty";
  // Inside the terminal: note its settings, run oomlens, note them again.
  std::string job = "/usr/bin/python3 -c 'import sys, resource; print(\"stderr-is-tty\", sys.stderr.isatty(), "
                    "file=sys.stderr); resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20)); "
                    "x = bytearray(2 << 30)'";
  std::string script = "stty -g > " + base + ".before; " + std::string(oomlens::testing::oomlens_binary()) +
                       " run --capture-tty --record " + base + ".jsonl -- " + job + "; echo oomlens-status=$?; stty -g > " +
                       base + ".after";
  auto r = run_command({"/usr/bin/python3", oomlens::testing::source_path("/tests/fixtures/run/on_pty.py"), "sh", "-c", script}, 120);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("stderr-is-tty True"), std::string::npos) << r.out;  // the job's stderr is a terminal
  EXPECT_NE(r.out.find("MemoryError"), std::string::npos) << r.out;       // passed through
  EXPECT_NE(r.out.find("oomlens-status=1"), std::string::npos) << r.out;  // the job's exit code
  auto lines = lines_of(base + ".jsonl");
  json verdict;
  for (auto& l : lines)
    if (l["type"] == "verdict") verdict = l;
  EXPECT_EQ(verdict["cause"], "memory_error") << verdict.dump(2) << r.out;
  std::string before = slurp(base + ".before"), after = slurp(base + ".after");
  EXPECT_FALSE(before.empty());
  EXPECT_EQ(before, after) << "the terminal was left in another mode";
  expect_schema_valid({base + ".jsonl"});
}

}  // namespace
}  // namespace oomlens::live
