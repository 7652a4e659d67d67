// `oomlens protect`: parsing, and the decisions and messages behind the
// AdjIo seam (a fake /proc). The real writes are in tests/live/protect_*.
#include "protect/protect.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <map>

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
  WriteResult next_write;
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
  WriteResult write_adj(int pid, int value) override {
    if (next_write.err) return next_write;
    adj[pid] = value;
    score[pid] += value;
    return {};
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
  io.next_write = {EACCES, false};
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
  io.next_write = {EACCES, true};
  auto o = protect_pid(io, 7, 100);
  EXPECT_FALSE(o.ok);
  EXPECT_NE(o.error.find("belongs to uid 1000 and you are uid 1001"), std::string::npos);
}

TEST(ProtectPid, ExitedBetweenReadAndWrite) {
  FakeIo io;
  io.adj[7] = 0;
  io.next_write = {ESRCH, false};
  EXPECT_NE(protect_pid(io, 7, 1).error.find("no process 7"), std::string::npos);
  io.next_write = {EIO, false};
  EXPECT_NE(protect_pid(io, 7, 1).error.find("cannot write /proc/7/oom_score_adj"), std::string::npos);
}

}  // namespace
}  // namespace oomlens::protect
