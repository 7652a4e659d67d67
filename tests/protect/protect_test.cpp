// `oomlens protect`: parsing, and the decisions and messages behind the
// AdjIo seam (a fake /proc). The real writes are in tests/live/protect_*.
#include "protect/protect.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>

#include "support/fixture_tree.h"

namespace oomlens::protect {
namespace {

TEST(ParseAdj, RangeAndJunk) {
  EXPECT_EQ(parse_adj("500"), 500);
  EXPECT_EQ(parse_adj("-1000"), -1000);
  EXPECT_EQ(parse_adj("+1000"), 1000);
  EXPECT_EQ(parse_adj("0"), 0);
  EXPECT_FALSE(parse_adj("1001"));
  EXPECT_FALSE(parse_adj("-1001"));
  EXPECT_FALSE(parse_adj("5x"));
  EXPECT_FALSE(parse_adj(""));
  EXPECT_FALSE(parse_adj("99999999999999999999"));
  EXPECT_EQ(parse_pid("42"), 42);
  EXPECT_FALSE(parse_pid("0"));
  EXPECT_FALSE(parse_pid("-3"));
  EXPECT_FALSE(parse_pid("sleep"));
}

class FakeIo final : public AdjIo {
 public:
  std::map<int, int> adj, score;
  std::optional<SystemError> next_write;  ///< the next write fails with it
  std::optional<bool> cap = false;
  unsigned uid = 0;
  std::optional<int> read_int(int pid, std::string_view file) override {
    auto& m = file == "oom_score" ? score : adj;
    auto it = m.find(pid);
    return it == m.end() ? std::nullopt : std::optional<int>(it->second);
  }
  std::optional<std::string> comm(int pid) override {
    return adj.count(pid) ? std::optional<std::string>("python3") : std::nullopt;
  }
  std::optional<unsigned> owner_uid(int) override { return 1000u; }
  Status write_adj(int pid, int value) override {
    if (next_write) return *next_write;
    adj[pid] = value;
    score[pid] += value;
    return kOk;
  }
  std::optional<bool> has_cap_sys_resource() override { return cap; }
  unsigned euid() override { return uid; }
};

TEST(ProtectPid, ShowsBeforeAndAfter) {
  FakeIo io;
  io.adj[7] = 0;
  io.score[7] = 666;
  auto o = protect_pid(io, 7, 500);
  ASSERT_TRUE(o.ok) << o.error;
  EXPECT_EQ(o.adj_before, 0);
  EXPECT_EQ(o.adj_after, 500);
  EXPECT_EQ(o.score_before, 666);
  EXPECT_EQ(o.score_after, 1166);
  EXPECT_EQ(render_outcome(o), "7 python3: oom_score_adj 0 → 500, oom_score 666 → 1166");
}

TEST(ProtectPid, MissingPid) {
  FakeIo io;
  auto o = protect_pid(io, 99, 5);
  EXPECT_FALSE(o.ok);
  EXPECT_NE(o.error.find("no process 99"), std::string::npos);
}

TEST(ProtectPid, LoweringWithoutCapSysResourceExplainsIt) {
  FakeIo io;
  io.adj[7] = 0;
  io.score[7] = 666;
  io.next_write = adj_write_error(7, EACCES);
  auto o = protect_pid(io, 7, -500);
  EXPECT_FALSE(o.ok);
  EXPECT_NE(o.error.find("CAP_SYS_RESOURCE"), std::string::npos);
  EXPECT_NE(o.error.find("although it runs as root"), std::string::npos);
  EXPECT_NE(o.error.find("(now 0)"), std::string::npos);
  io.uid = 1000;
  EXPECT_EQ(protect_pid(io, 7, -500).error.find("although it runs as root"), std::string::npos);
}

TEST(ProtectPid, SomeoneElsesProcess) {
  FakeIo io;
  io.adj[7] = 0;
  io.uid = 1001;
  io.next_write = adj_open_error(7, EACCES);
  auto o = protect_pid(io, 7, 100);
  EXPECT_FALSE(o.ok);
  EXPECT_NE(o.error.find("belongs to uid 1000 and you are uid 1001"), std::string::npos);
}

TEST(ProtectPid, ExitedBetweenReadAndWrite) {
  FakeIo io;
  io.adj[7] = 0;
  io.next_write = adj_write_error(7, ESRCH);
  EXPECT_NE(protect_pid(io, 7, 1).error.find("no process 7"), std::string::npos);
  io.next_write = adj_write_error(7, EIO);
  EXPECT_NE(protect_pid(io, 7, 1).error.find("cannot write /proc/7/oom_score_adj"), std::string::npos);
}

// Protect by handle (issue 21, item 6), on a fixture /proc: a stat line
// whose field 22 (start time) is `start`.
void fixture_pid(const testing::FixtureTree& t, int pid, unsigned long start, int adj) {
  t.write(std::to_string(pid) + "/stat", std::to_string(pid) + " (sleep) S 1 1 1 0 -1 4194560 100 0 0 0 0 0 0 0 20 0 1 0 " +
                                             std::to_string(start) + " 1000 100\n");
  t.write(std::to_string(pid) + "/oom_score_adj", std::to_string(adj) + "\n");
  t.write(std::to_string(pid) + "/oom_score", "666\n");
  t.write(std::to_string(pid) + "/comm", "sleep\n");
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(ProtectByHandle, StartTimeChangedBetweenReadAndWriteWritesNothing) {
  testing::FixtureTree t;
  fixture_pid(t, 42, 1000, 0);
  ProcAdjIo io(t.root());
  EXPECT_EQ(io.read_int(42, "oom_score_adj"), 0);  // first read: the handle and its start time
  fixture_pid(t, 42, 2000, 0);                      // the same pid, another process
  Status w = io.write_adj(42, 500);
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().errnum, ESRCH);
  EXPECT_EQ(slurp(t.root() + "/42/oom_score_adj"), "0\n");
  EXPECT_NE(explain_write_error(w.error(), 42, 500, 0, 0, 0, false).find("now names another process"), std::string::npos);
}

TEST(ProtectByHandle, ReplacedDirectoryIsNeverWritten) {
  // The directory the handle holds is gone from the tree (renamed away) and
  // a new one holds the pid: reads and the write stay with the first.
  testing::FixtureTree t;
  fixture_pid(t, 42, 1000, 0);
  ProcAdjIo io(t.root());
  EXPECT_EQ(io.read_int(42, "oom_score_adj"), 0);
  std::filesystem::rename(t.root() + "/42", t.root() + "/gone");
  fixture_pid(t, 42, 1000, 7);
  EXPECT_EQ(io.read_int(42, "oom_score_adj"), 0);
  EXPECT_TRUE(io.write_adj(42, 500));
  EXPECT_EQ(slurp(t.root() + "/42/oom_score_adj"), "7\n");
  EXPECT_EQ(slurp(t.root() + "/gone/oom_score_adj"), "500");
}

// comm through the held /proc/PID, parsed by proc::parse_comm: spaces and
// `)` kept, the newline dropped.
TEST(ProtectByHandle, CommThroughTheHandle) {
  testing::FixtureTree t;
  fixture_pid(t, 42, 1000, 0);
  t.write("42/comm", "foo) Z \n");
  ProcAdjIo io(t.root());
  EXPECT_EQ(io.comm(42), "foo) Z ");
  EXPECT_FALSE(io.comm(43));
}

TEST(ProtectByHandle, UnchangedProcessIsWritten) {
  testing::FixtureTree t;
  fixture_pid(t, 42, 1000, 0);
  ProcAdjIo io(t.root());
  Outcome o = protect_pid(io, 42, 300);
  EXPECT_TRUE(o.ok) << o.error;
  EXPECT_EQ(slurp(t.root() + "/42/oom_score_adj"), "300");
}

TEST(ProtectByHandle, RealChildThatExitedIsNotWrittenThroughItsHandle) {
  // A real child: read (the handle is opened), then the child exits and is
  // reaped, so its pid is free for reuse. The write goes through the
  // handle of the dead process and fails; it never reaches a new owner.
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::pause();
    ::_exit(0);
  }
  ProcAdjIo io;
  auto before = io.read_int(child, "oom_score_adj");
  ASSERT_TRUE(before);
  ::kill(child, SIGKILL);
  int st = 0;
  ASSERT_EQ(::waitpid(child, &st, 0), child);
  Status w = io.write_adj(child, 500);
  ASSERT_FALSE(w);
  EXPECT_TRUE(w.error().errnum == ENOENT || w.error().errnum == ESRCH) << w.error().message();
  EXPECT_FALSE(io.read_int(child, "oom_score_adj"));
}

TEST(ProtectByHandle, RealChildIsWritten) {
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::pause();
    ::_exit(0);
  }
  Outcome o;
  {
    ProcAdjIo io;
    o = protect_pid(io, child, 400);  // raising needs no privilege
  }
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
  EXPECT_TRUE(o.ok) << o.error;
  EXPECT_EQ(o.adj_after, 400);
}

}  // namespace
}  // namespace oomlens::protect
