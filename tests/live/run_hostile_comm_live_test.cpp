// A real memcg OOM kill of a process whose comm is earlyoom's hostile name
// `foo) Z `: `oomlens run`'s record and `oomlens report` keep it whole
// (issue 18: the kill line goes through kernel_log's parser).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <string>

#include "run_live_support.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

using nlohmann::json;

TEST(RunLive, HostileCommSurvivesTheRecordAndReport) {
  OOMLENS_REQUIRE_CGROUP(parent);
  OOMLENS_REQUIRE_KMSG();
  // exec(2) sets the comm from the file name: a symlink named `foo) Z `.
  const std::string comm = "foo) Z ";
  const std::string link = tmpdir() + "/" + comm;
  ::unlink(link.c_str());
  ASSERT_EQ(::symlink(oomlens::testing::leaker_binary(), link.c_str()), 0);
  auto sup_cg = make_child_cgroup("run-hostile", 1ull << 30);
  ASSERT_TRUE(sup_cg) << sup_cg.error().message();
  std::string sup = *sup_cg;
  auto r = run_oomlens("hostile", {link, "--mib-per-s", "50"}, {"--limit", "64M"}, sup);
  ASSERT_TRUE(WIFSIGNALED(r.status)) << r.err;
  const json& v = r.verdict;
  ASSERT_FALSE(v.is_null()) << r.err;
  EXPECT_EQ(v.at("cause"), "oom_killed") << v.dump(2);
  ASSERT_EQ(v.at("kernel_kills").size(), 1u) << v.dump(2);
  EXPECT_EQ(v.at("kernel_kills").at(0).at("comm"), comm);
  bool event_seen = false;
  for (auto& l : r.record)
    if (l.value("type", "") == "event" && l.value("kind", "") == "oom_kill") {
      EXPECT_EQ(l["comm"], comm) << l.dump();
      event_seen = true;
    }
  EXPECT_TRUE(event_seen);
  EXPECT_TRUE(cgroup::kill_and_remove(sup).ok());
  auto rep = run_command({oomlens::testing::oomlens_binary(), "report", tmpdir() + "/hostile.jsonl"});
  EXPECT_EQ(rep.status, 0);
  EXPECT_NE(rep.out.find("(" + comm + ")"), std::string::npos) << rep.out;
  ::unlink(link.c_str());
}

}  // namespace
}  // namespace oomlens::live
