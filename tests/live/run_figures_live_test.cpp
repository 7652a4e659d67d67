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
#include <cstdio>

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
  const std::string cause = v.at("cause");
  ASSERT_TRUE(cause == "oom_killed" || cause == "worker_oom_killed") << v.dump(2);
  ASSERT_TRUE(v.contains("worker_memory") && v.at("worker_memory").is_object()) << v.dump(2);
  const json& w = v.at("worker_memory");
  EXPECT_EQ(w.at("cause"), "own_allocations") << w.dump();
  EXPECT_EQ(w.at("concurrent_workers"), 4) << w.dump();
  // Each worker's cache (12 MiB per item) is its own: more of it than copies.
  EXPECT_GT(w.at("own_per_worker_bytes").get<uint64_t>(), w.at("copied_per_worker_bytes").get<uint64_t>()) << w.dump();
  EXPECT_GT(w.at("own_per_worker_bytes").get<uint64_t>(), 24ull << 20) << w.dump();
  const std::string advice = v.at("advice").dump();
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
  EXPECT_EQ(v.at("cause"), "exited") << v.dump(2);
  double last_worker_start = 0;
  int workers = 0;
  for (auto& p : v.at("procs"))
    if (p.at("role") == "worker") {
      ++workers;
      last_worker_start = std::max(last_worker_start, p["first_seen_s"].get<double>());
      EXPECT_TRUE(p["peak_pss_bytes"].is_number()) << p.dump();
    }
  EXPECT_EQ(workers, 4) << v["procs"].dump(2);
  const json& pk = v["peak"];
  ASSERT_TRUE(pk.contains("tree_pss_t_s") && pk.at("tree_pss_t_s").is_number()) << pk.dump();
  EXPECT_GE(pk.at("tree_pss_t_s").get<double>(), last_worker_start) << pk.dump();
  ASSERT_TRUE(pk.contains("tree_anon_shmem_pss_bytes") && pk.at("tree_anon_shmem_pss_bytes").is_number() &&
              pk.contains("cgroup_anon_shmem_bytes") && pk.at("cgroup_anon_shmem_bytes").is_number()) << pk.dump();
  const double as = pk.at("tree_anon_shmem_pss_bytes").get<double>(), cg = pk.at("cgroup_anon_shmem_bytes").get<double>();
  EXPECT_GE(as, 0.9 * ((64 + 4 * 48) << 20)) << pk.dump();  // what the job holds at once
  EXPECT_NEAR(as / cg, 1.0, 0.15) << pk.dump();
  EXPECT_TRUE(pk.at("tree_pss_file_bytes").is_number()) << pk.dump();
  EXPECT_NE(r.err.find("file pages"), std::string::npos) << r.err;
  if (pk.at("tree_pss_bytes").get<double>() > pk.at("cgroup_usage_bytes").get<double>()) {
    EXPECT_NE(r.err.find("note: the tree's PSS exceeds the cgroup's peak"), std::string::npos) << r.err;
  }
  expect_schema_valid({tmpdir() + "/short-workers.jsonl"});
}

// Item 12, refreshed when it matters: short_workers.py (about 10 s) has 4
// workers that each fill 96 MiB at once and exit with their epoch. The peak
// tree PSS must be within 8 % of the cgroup's anon+shmem or marked stale
// (in the verdict and the summary); and the first sample after the
// workers exit must show the main process's whole anon memory again (the
// shares of its forked pages moved back to it: a pass at their exit), not
// the fifth it held while 4 workers shared it (39 MiB of 177 MiB before).
TEST(FiguresLive, ShortJobPssIsRefreshedAtThePeakAndWhenWorkersExit) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_TORCH();
  Sup sup("run-short-burst");
  ASSERT_FALSE(sup.dir.empty());
  auto r = run_oomlens("short-burst", {"/usr/bin/python3", oomlens::testing::source_path("/tests/live/short_workers.py")},
                       {"--limit", "1G"}, sup.dir);
  const json& v = r.verdict;
  ASSERT_FALSE(v.is_null()) << r.err;
  EXPECT_EQ(v.at("cause"), "exited") << v.dump(2);
  const json& pk = v.at("peak");
  ASSERT_TRUE(pk.contains("tree_pss_stale") && pk.at("tree_pss_stale").is_boolean()) << pk.dump();
  ASSERT_TRUE(pk.contains("pss_age_at_memory_peak_s") && pk.at("pss_age_at_memory_peak_s").is_number() &&
              pk.contains("memory_peak_t_s") && pk.at("memory_peak_t_s").is_number()) << pk.dump();
  const double as = pk.at("tree_anon_shmem_pss_bytes").get<double>(), cg = pk.at("cgroup_anon_shmem_bytes").get<double>();
  constexpr double kPeakAnon = 0.8 * ((64 + 4 * 96) << 20);
  // One consistent story: the peak tree PSS is no more than 8 % below the
  // cgroup's anon+shmem, or it is marked stale, and the summary says so. (A pass of
  // this tree costs 40-50 ms of CPU on a loaded machine: the 5 % budget
  // then allows one a second, and the workers' peak may fall between two.)
  const bool stale = pk.at("tree_pss_stale").get<bool>();
  std::printf("peak tree anon+shmem PSS %.0f MiB, cgroup anon+shmem peak %.0f MiB, PSS %.1f s old at the memory peak "
              "(%.1f s): %s\n",
              as / 1048576, cg / 1048576, pk.at("pss_age_at_memory_peak_s").get<double>(),
              pk.at("memory_peak_t_s").get<double>(), stale ? "stale" : "fresh");
  // Stale is said when the only pass at the peak raced with a worker's exit
  // (a racy sum is never a peak: Peaks::update) or fell between passes; the
  // peak PSS is then low, and the job's peak shows in the cgroup's usage
  // (read every tick; its anon+shmem is read at 2 Hz and may miss it).
  if (stale) {
    EXPECT_NE(r.err.find("note: the peak tree PSS is stale: the job's memory peaked at"), std::string::npos) << r.err;
    EXPECT_GE(pk.at("cgroup_usage_bytes").get<double>(), kPeakAnon) << pk.dump();
  } else {
    EXPECT_GE(as, kPeakAnon) << pk.dump();
    // Fresh: not below the cgroup's anon+shmem peak by more than 5 %. That
    // peak is read from memory.stat at 2 Hz and may fall between the
    // workers' peak (CI once saw the PSS 8.7 % above it), so the PSS's upper
    // bound is the usage, read every tick, which also counts file pages.
    // Below, 8 %: a fresh pass 0.4 s before the usage's peak was once 5.9 %
    // under that anon+shmem peak (576465920 of 612577280 bytes, CI of
    // 2026-12-07) while the usage grew by less than 5 % of the PSS: the 2 Hz
    // memory.stat read and the usage's peak need not fall on one tick.
    EXPECT_GE(as / cg, 0.92) << pk.dump();
    EXPECT_LE(as, 1.05 * pk.at("cgroup_usage_bytes").get<double>()) << pk.dump();
    EXPECT_EQ(r.err.find("is stale"), std::string::npos) << r.err;
  }
  // The first written sample after the first worker's exit.
  double exit_t = -1;
  for (auto& l : r.record)
    if (l["type"] == "event" && l["kind"] == "process_exit" && l["role"] == "worker") {
      exit_t = l["t_s"].get<double>();
      break;
    }
  ASSERT_GT(exit_t, 0) << "no worker exit in the record";
  // The samples with the main process alone after it: the first one's PSS
  // is fresh, and within them (the job sleeps 1 s) the main process holds
  // its 64 MiB block and torch's anon memory whole. The first pass may
  // still see a worker's mm sharing its pages (it read them before the
  // worker's exit was seen): that figure is true for its time.
  const json* after = nullptr;
  double alone_anon = 0;
  for (auto& l : r.record)
    if (l["type"] == "sample" && l["t_s"].get<double>() > exit_t && l["tree"]["procs"] == 1) {
      if (!after) after = &l;
      if (l["tree"]["pss_anon_bytes"].is_number())
        alone_anon = std::max(alone_anon, l["tree"]["pss_anon_bytes"].get<double>());
    }
  ASSERT_NE(after, nullptr) << "no sample with the main process alone after the workers exited";
  EXPECT_LE((*after)["tree"]["pss_age_s"].get<double>(), 1.0) << after->dump();
  EXPECT_GE(alone_anon, 100.0 * (1 << 20)) << after->dump();
  expect_schema_valid({tmpdir() + "/short-burst.jsonl"});
}

// Item 6, growth per epoch (tests/fixtures/run/epoch_growth.py, each
// OOM-killed under 720 MiB): persistent workers whose cache grows with every
// call are `growing` per fixed interval and told to cap it or restart the
// workers; non-persistent workers that rebuild the same cache each epoch
// while the main process grows are seen as epochs (worker restarts),
// `levelled`, their growth per epoch within noise, and are not told their
// cache grows.
json run_epoch_growth(const std::string& mode) {
  Sup sup("run-epoch-" + mode);
  if (sup.dir.empty()) return nullptr;
  auto r = run_oomlens("epoch-" + mode,
                       {"/usr/bin/python3", oomlens::testing::source_path("/tests/fixtures/run/epoch_growth.py"), mode},
                       {"--limit", "720M"}, sup.dir);
  EXPECT_FALSE(r.verdict.is_null()) << r.err;
  expect_schema_valid({tmpdir() + "/epoch-" + mode + ".jsonl"});
  return r.verdict;
}

TEST(WorkerGrowthLive, PersistentWorkersWithAGrowingCacheGrowPerInterval) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_TORCH();
  json v = run_epoch_growth("persistent");
  ASSERT_TRUE(v.is_object());
  const std::string cause = v["cause"];
  ASSERT_TRUE(cause == "oom_killed" || cause == "worker_oom_killed") << v.dump(2);
  const json& w = v["worker_memory"];
  ASSERT_TRUE(w.is_object()) << v.dump(2);
  std::printf("persistent: %s\n", w.dump().c_str());
  EXPECT_EQ(w.at("cause"), "own_allocations") << w.dump();
  EXPECT_EQ(w.at("epochs").size(), 0u) << w.dump();
  EXPECT_EQ(w.at("growth"), "growing") << w.dump();
  ASSERT_TRUE(w.contains("interval_s") && w.at("interval_s").is_number()) << w.dump();
  ASSERT_GE(w.at("growth_per_interval_bytes").size(), 2u) << w.dump();
  const std::string advice = v["advice"].dump();
  EXPECT_NE(advice.find("unbounded cache in long-lived workers"), std::string::npos) << advice;
  EXPECT_EQ(advice.find("numpy"), std::string::npos) << advice;
}

TEST(WorkerGrowthLive, RestartingWorkersRebuildingTheSameCacheAreLevelledPerEpoch) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_TORCH();
  json v = run_epoch_growth("restart");
  ASSERT_TRUE(v.is_object());
  const std::string cause = v["cause"];
  ASSERT_TRUE(cause == "oom_killed" || cause == "worker_oom_killed") << v.dump(2);
  const json& w = v["worker_memory"];
  ASSERT_TRUE(w.is_object()) << v.dump(2);
  std::printf("restart: %s\n", w.dump().c_str());
  ASSERT_GE(w.at("epochs").size(), 3u) << w.dump();  // killed in the 3rd epoch or later
  // Every epoch but the last (the kill may come before all its workers are measured) had 4.
  for (size_t i = 0; i + 1 < w.at("epochs").size(); ++i) EXPECT_EQ(w.at("epochs").at(i).at("workers"), 4) << w.dump();
  EXPECT_EQ(w.at("growth"), "levelled") << w.dump();
  // Each epoch's workers hold their 32 MiB cache: never more from one epoch
  // to the next by the growth floor (a pass may catch an epoch's workers
  // before their cache is full, so an epoch can read lower).
  EXPECT_LT(w.at("growth_per_epoch_bytes").get<double>(), 4.0 * (1 << 20)) << w.dump();
  const std::string advice = v["advice"].dump();
  EXPECT_EQ(advice.find("unbounded cache"), std::string::npos) << advice;
  EXPECT_EQ(advice.find("more per worker than the last"), std::string::npos) << advice;
  // The main process keeps 120 MiB more every epoch (a history list): the
  // advice is about it, with its growth and the epoch the limit is reached
  // in, instead of the workers' sizing (issue 13).
  EXPECT_TRUE(w.at("main_growing").get<bool>()) << w.dump();
  ASSERT_TRUE(w.contains("main_growth_per_epoch_bytes") && w.at("main_growth_per_epoch_bytes").is_number()) << w.dump();
  const double g = w.at("main_growth_per_epoch_bytes").get<double>() / (1 << 20);
  EXPECT_GT(g, 100.0) << w.dump();
  EXPECT_LT(g, 220.0) << w.dump();
  // Killed in the 5th epoch or so; never "epoch 1" (the first epoch ran whole).
  ASSERT_TRUE(w.contains("main_limit_epoch") && w.at("main_limit_epoch").is_number()) << w.dump();
  EXPECT_GE(w.at("main_limit_epoch").get<int>(), 3) << w.dump();
  EXPECT_NE(advice.find("the main process grew by"), std::string::npos) << advice;
  EXPECT_EQ(advice.find("num_workers"), std::string::npos) << advice;
  // The cause rests on the epoch whose workers held the most, and says which.
  ASSERT_TRUE(w.contains("cause_epoch") && w.at("cause_epoch").is_number()) << w.dump();
  EXPECT_NE(v["evidence"].dump().find("whose workers held the most)"), std::string::npos) << v["evidence"].dump();
}

// The same job with num_workers=0: no worker restarts mark the epochs, so
// the main process's growth (2 MiB kept every step, ~25 MiB/s) is told per
// minute, with when it reaches the limit (issue 13).
TEST(WorkerGrowthLive, NoWorkersMainGrowingGetsGrowthAdvicePerMinute) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_TORCH();
  json v = run_epoch_growth("main");
  ASSERT_TRUE(v.is_object());
  EXPECT_EQ(v["cause"], "oom_killed") << v.dump(2);
  EXPECT_FALSE(v.contains("worker_memory")) << v.dump(2);
  const json& g = v["main_growth"];
  ASSERT_TRUE(g.is_object()) << v.dump(2);
  std::printf("main: %s\n", g.dump().c_str());
  const double mib_per_s = g.at("growth_bytes_per_s").get<double>() / (1 << 20);
  EXPECT_GT(mib_per_s, 10.0) << g.dump();
  EXPECT_LT(mib_per_s, 40.0) << g.dump();
  // Killed when its memory reached the limit: the forecast falls near the kill.
  ASSERT_TRUE(g.contains("limit_t_s") && g.at("limit_t_s").is_number()) << g.dump();
  EXPECT_LT(g.at("limit_t_s").get<double>() - g.at("to_s").get<double>(), 20.0) << g.dump();
  ASSERT_FALSE(v["advice"].empty()) << v.dump(2);
  const std::string first = v["advice"][0];
  EXPECT_EQ(first.rfind("the main process grew by ", 0), 0u) << first;
  EXPECT_NE(first.find("per minute over"), std::string::npos) << first;
  EXPECT_NE(first.find("reaches the job's limit of 720.0 MiB"), std::string::npos) << first;
}

}  // namespace
}  // namespace oomlens::live
