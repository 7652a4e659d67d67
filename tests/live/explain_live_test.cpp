// A real memcg OOM kill, found and explained from the live kernel log.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "live_support.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

TEST(ExplainLive, FindsOwnMemcgKillInLiveLog) {
  OOMLENS_REQUIRE_CGROUP(parent);
  auto start_seq = kmsg_last_seq();
  if (!start_seq) {
    if (in_ci()) FAIL() << "CI=true: /dev/kmsg is not readable";
    GTEST_SKIP() << "/dev/kmsg is not readable (needs CAP_SYSLOG)";
  }
  constexpr uint64_t kLimit = 64ull << 20;
  auto dir_cg = make_child_cgroup("explain-live", kLimit);
  ASSERT_TRUE(dir_cg) << dir_cg.error().message();
  std::string dir = *dir_cg;

  int pid = spawn_in_cgroup(dir, {oomlens::testing::leaker_binary()});
  auto status = wait_for(pid, 120);
  ASSERT_TRUE(status.has_value()) << "leaker did not die within 120 s";
  ASSERT_TRUE(WIFSIGNALED(*status) && WTERMSIG(*status) == SIGKILL)
      << "leaker was expected to be OOM-killed, wait status " << *status;
  ASSERT_TRUE(cgroup::kill_and_remove(dir).ok());

  // The kill line is printed after the signal is sent; give the log a moment.
  nlohmann::json found;
  for (int attempt = 0; attempt < 50 && found.is_null(); ++attempt) {
    auto r = run_command({oomlens::testing::oomlens_binary(), "explain", "--json"});
    ASSERT_TRUE(r.status == 0 || r.status == 1) << "explain exited " << r.status << "\n" << r.out;
    auto doc = nlohmann::json::parse(r.out);
    for (auto& ev : doc["events"]) {
      if (!ev["kmsg_seq"].is_number() || ev["kmsg_seq"].get<uint64_t>() <= *start_seq) continue;
      for (auto& v : ev["victims"])
        if (v["pid"] == pid) found = ev;
    }
    if (found.is_null()) usleep(100 * 1000);
  }
  ASSERT_FALSE(found.is_null()) << "no event for pid " << pid << " after seq " << *start_seq;
  EXPECT_EQ(found["kind"], "kill");
  EXPECT_EQ(found["constraint"], "memcg");
  EXPECT_EQ(found["memcg"]["limit_bytes"], kLimit);
  EXPECT_EQ(found["memcg"]["limit_state"], "limited");
  std::string oom_memcg = found["memcg"]["oom_memcg"];
  EXPECT_TRUE(oom_memcg.ends_with("/oomlens-tests/explain-live")) << oom_memcg;
  EXPECT_EQ(found["trigger"]["comm"], "oomlens-test-le");
  auto& victim = found["victims"][0];
  EXPECT_EQ(victim["comm"], "oomlens-test-le");
  EXPECT_GT(victim["anon_rss_bytes"].get<uint64_t>(), kLimit / 2);
  EXPECT_LE(victim["anon_rss_bytes"].get<uint64_t>(), kLimit);
}

}  // namespace
}  // namespace oomlens::live
