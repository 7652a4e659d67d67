// Issue 13's figures on real PyTorch jobs. Item 6: 4 forked DataLoader
// workers that each build a cache in `__getitem__` are told apart from
// copy-on-read by their figures (their RssAnon grew by what they hold
// privately), and the advice is not the numpy one; the copy-on-read half of
// the pair is RunLive.PyTorchDataLoaderCopyOnReadIsOomKilled
// (run_live_test.cpp). Item 12: a short job with 4 workers has its peak PSS
// taken after the workers started, and the summary says what each figure
// counts. OOM kills happen inside a capped cgroup of the test's own; run
// under flock /tmp/oomlens-live.lock.
#include <gtest/gtest.h>

#include <algorithm>

#include "run_live_support.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

#define REQUIRE_TORCH()                                                                        \
  if (run_command({"/usr/bin/python3", "-c", "import torch"}, 120).status != 0) {              \
    if (in_ci()) FAIL() << "CI=true: python3-torch is not installed for /usr/bin/python3";    \
    GTEST_SKIP() << "python3-torch is not installed for /usr/bin/python3";                     \
  }

TEST(WorkerMemoryLive, PerWorkerCacheIsOwnAllocationsNotCopyOnRead) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_TORCH();
  Sup sup("run-worker-cache");
  ASSERT_FALSE(sup.dir.empty());
  auto r = run_oomlens("worker-cache",
                       {"/usr/bin/python3", oomlens::testing::source_path("/tests/fixtures/run/worker_cache.py"), "3"},
                       {"--limit", "640M"}, sup.dir);
  const json& v = r.verdict;
  ASSERT_FALSE(v.is_null()) << r.err;
  const std::string cause = v["cause"];
  ASSERT_TRUE(cause == "oom_killed" || cause == "worker_oom_killed") << v.dump(2);
  ASSERT_TRUE(v["worker_memory"].is_object()) << v.dump(2);
  const json& w = v["worker_memory"];
  EXPECT_EQ(w["cause"], "own_allocations") << w.dump();
  EXPECT_EQ(w["concurrent_workers"], 4) << w.dump();
  // Each worker's cache (12 MiB per item) is its own: more of it than copies.
  EXPECT_GT(w["own_per_worker_bytes"].get<uint64_t>(), w["copied_per_worker_bytes"].get<uint64_t>()) << w.dump();
  EXPECT_GT(w["own_per_worker_bytes"].get<uint64_t>(), 24ull << 20) << w.dump();
  const std::string advice = v["advice"].dump();
  EXPECT_EQ(advice.find("numpy"), std::string::npos) << advice;
  EXPECT_NE(advice.find("`__getitem__`"), std::string::npos) << advice;
  EXPECT_NE(advice.find("needs at least"), std::string::npos) << advice;
  expect_schema_valid({tmpdir() + "/worker-cache.jsonl"});
}

// Item 12: loader_workers.py with 4 workers lasts a few seconds; each worker
// holds 48 MiB of its own at once, the main process 64 MiB. The peak must
// come after the last worker started (each is measured when it joins), the
// tree's anon+shmem PSS must track the cgroup's anon+shmem, and the summary
// says what the figures count.
TEST(FiguresLive, ShortJobWithFourWorkersPeaksAfterTheWorkersStarted) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_TORCH();
  Sup sup("run-short-workers");
  ASSERT_FALSE(sup.dir.empty());
  auto r = run_oomlens("short-workers", {"/usr/bin/python3", oomlens::testing::source_path("/tests/live/loader_workers.py"), "4"},
                       {"--limit", "1G"}, sup.dir);
  const json& v = r.verdict;
  ASSERT_FALSE(v.is_null()) << r.err;
  EXPECT_EQ(v["cause"], "exited") << v.dump(2);
  double last_worker_start = 0;
  int workers = 0;
  for (auto& p : v["procs"])
    if (p["role"] == "worker") {
      ++workers;
      last_worker_start = std::max(last_worker_start, p["first_seen_s"].get<double>());
      EXPECT_TRUE(p["peak_pss_bytes"].is_number()) << p.dump();
    }
  EXPECT_EQ(workers, 4) << v["procs"].dump(2);
  const json& pk = v["peak"];
  ASSERT_TRUE(pk["tree_pss_t_s"].is_number()) << pk.dump();
  EXPECT_GE(pk["tree_pss_t_s"].get<double>(), last_worker_start) << pk.dump();
  ASSERT_TRUE(pk["tree_anon_shmem_pss_bytes"].is_number() && pk["cgroup_anon_shmem_bytes"].is_number()) << pk.dump();
  const double as = pk["tree_anon_shmem_pss_bytes"].get<double>(), cg = pk["cgroup_anon_shmem_bytes"].get<double>();
  EXPECT_GE(as, 0.9 * ((64 + 4 * 48) << 20)) << pk.dump();  // what the job holds at once
  EXPECT_NEAR(as / cg, 1.0, 0.15) << pk.dump();
  EXPECT_TRUE(pk["tree_pss_file_bytes"].is_number()) << pk.dump();
  EXPECT_NE(r.err.find("file pages"), std::string::npos) << r.err;
  if (pk["tree_pss_bytes"].get<double>() > pk["cgroup_usage_bytes"].get<double>()) {
    EXPECT_NE(r.err.find("note: the tree's PSS exceeds the cgroup's peak"), std::string::npos) << r.err;
  }
  expect_schema_valid({tmpdir() + "/short-workers.jsonl"});
}

}  // namespace
}  // namespace oomlens::live
