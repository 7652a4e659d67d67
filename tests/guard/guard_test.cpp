// Headroom on fixture cgroup trees (v1 and v2), the robust slope, the state
// machine and the poll interval (src/guard/).
#include <gtest/gtest.h>

#include <cmath>
#include <csignal>

#include "support/fixture_tree.h"
#include "cgroup/memcg_files.h"
#include "util/file.h"
#include "guard/forecast.h"
#include "guard/guard.h"
#include "guard/headroom.h"
#include "guard/python.h"
#include "guard/wakeup.h"
#include "support/paths.h"

namespace oomlens::guard {
namespace {

constexpr uint64_t MiB = 1 << 20;
constexpr uint64_t GiB = uint64_t{1} << 30;

TEST(Headroom, WorkingSetSubtractsInactiveFile) {
  EXPECT_EQ(*working_set_bytes(100, 30), 70u);
  EXPECT_EQ(*working_set_bytes(100, 300), 0u);
  EXPECT_EQ(*working_set_bytes(100, std::nullopt), 100u);
  EXPECT_FALSE(working_set_bytes(std::nullopt, 5));
}

TEST(Headroom, ParseStatV1AndV2) {
  auto v1 = cgroup::parse_memory_stat(cgroup::Version::v1,
                                      "cache 10\nrss 20\nshmem 3\ninactive_file 7\ntotal_cache 100\ntotal_rss 200\n"
                                      "total_shmem 30\ntotal_inactive_file 70\n");
  EXPECT_EQ(*v1.inactive_file_bytes, 70u);  // hierarchical figures first
  EXPECT_EQ(*v1.anon_bytes, 200u);
  EXPECT_EQ(*v1.shmem_bytes, 30u);
  EXPECT_EQ(*v1.file_bytes, 100u);
  auto v2 = cgroup::parse_memory_stat(cgroup::Version::v2, "anon 5\nfile 9\nshmem 1\ninactive_file 4\nactive_file 5\n");
  EXPECT_EQ(*v2.inactive_file_bytes, 4u);
  EXPECT_EQ(*v2.anon_bytes, 5u);
  EXPECT_EQ(*v2.file_bytes, 9u);
  auto none = cgroup::parse_memory_stat(cgroup::Version::v2, "garbage\n\n");
  EXPECT_FALSE(none.inactive_file_bytes);
}

TEST(Headroom, TightestOfLevelsAndMachine) {
  HeadroomInput in;
  in.job_working_set_bytes = 600 * MiB;
  in.levels = {{"/job", 1 * GiB, 600 * MiB, std::nullopt},
               // the parent holds 1.5 GiB of 2 GiB: it can give 512 MiB more, so 1.1 GiB for the job
               {"/parent", 2 * GiB, 1536 * MiB, 800 * MiB},
               {"/", std::nullopt, std::nullopt, std::nullopt}};
  in.mem_available_bytes = 8 * GiB;
  auto h = compute_headroom(in);
  EXPECT_EQ(*h.effective_limit_bytes, 1 * GiB);
  EXPECT_EQ(h.limit_source, "cgroup /job");
  EXPECT_EQ(*h.headroom_bytes, 424 * MiB);
  EXPECT_EQ(*h.high_bytes, 800 * MiB);
  in.levels[1].working_set_bytes = 1900 * MiB;  // the siblings grew: 148 MiB left up there
  h = compute_headroom(in);
  EXPECT_EQ(*h.effective_limit_bytes, 748 * MiB);
  EXPECT_EQ(h.limit_source, "cgroup /parent");
  in.mem_available_bytes = 100 * MiB;  // the machine itself is nearly out
  h = compute_headroom(in);
  EXPECT_EQ(*h.effective_limit_bytes, 700 * MiB);
  EXPECT_EQ(h.limit_source, "machine (MemAvailable)");
  EXPECT_NEAR(*h.used_fraction, 600.0 / 700.0, 1e-9);
}

TEST(Headroom, NothingKnown) {
  auto h = compute_headroom({});
  EXPECT_FALSE(h.effective_limit_bytes);
  EXPECT_FALSE(h.used_fraction);
}

TEST(Headroom, ReadLevelsV1Fixture) {
  testing::FixtureTree t;
  const std::string m = t.root() + "/sys/fs/cgroup/memory";
  t.write_files("sys/fs/cgroup/memory", {{"memory.limit_in_bytes", "9223372036854771712\n"},
                                         {"memory.usage_in_bytes", "5000000000\n"},
                                         {"a/memory.limit_in_bytes", "2147483648\n"},
                                         {"a/memory.usage_in_bytes", "1610612736\n"},
                                         {"a/memory.stat", "total_inactive_file 536870912\n"},
                                         {"a/job/memory.limit_in_bytes", "1073741824\n"},
                                         {"a/job/memory.usage_in_bytes", "734003200\n"},
                                         {"a/job/memory.stat", "rss 1\ntotal_rss 600\ntotal_inactive_file 104857600\n"}});
  cgroup::MemoryHierarchy h{cgroup::Version::v1, m};
  auto lv = read_levels(h, m + "/a/job");
  ASSERT_EQ(lv.size(), 3u);
  EXPECT_EQ(*lv[0].limit_bytes, 1 * GiB);
  EXPECT_EQ(*lv[0].working_set_bytes, 600 * MiB);
  EXPECT_EQ(*lv[1].working_set_bytes, 1 * GiB);
  EXPECT_FALSE(lv[2].limit_bytes);  // unlimited root
  EXPECT_FALSE(lv[2].working_set_bytes);  // not read: no limit
  EXPECT_EQ(*read_working_set(h, m + "/a/job"), 600 * MiB);
  HeadroomInput in{600 * MiB, lv, 64 * GiB};
  EXPECT_EQ(*compute_headroom(in).effective_limit_bytes, 1 * GiB);
}

TEST(Headroom, ReadLevelsV2Fixture) {
  testing::FixtureTree t;
  const std::string m = t.root() + "/sys/fs/cgroup";
  t.write_files("sys/fs/cgroup/user.slice", {{"memory.max", "max\n"},
                                             {"memory.high", "1073741824\n"},
                                             {"job/memory.max", "max\n"},
                                             {"job/memory.high", "max\n"},
                                             {"job/memory.current", "314572800\n"},
                                             {"job/memory.stat", "anon 200\nfile 100\ninactive_file 104857600\n"}});
  cgroup::MemoryHierarchy h{cgroup::Version::v2, m};
  auto lv = read_levels(h, m + "/user.slice/job");
  ASSERT_GE(lv.size(), 2u);
  EXPECT_FALSE(lv[0].limit_bytes);
  EXPECT_EQ(*lv[0].working_set_bytes, 200 * MiB);
  HeadroomInput in{200 * MiB, lv, 3 * GiB};
  auto hr = compute_headroom(in);
  EXPECT_EQ(*hr.effective_limit_bytes, 200 * MiB + 3 * GiB);
  EXPECT_EQ(hr.limit_source, "machine (MemAvailable)");
  EXPECT_EQ(*hr.high_bytes, 1 * GiB);  // memory.high is reported, never the limit
  EXPECT_FALSE(read_working_set(h, m + "/user.slice/missing"));
}

// The hierarchy and the job's directory as the session finds them on a
// fixture root (find_memory_hierarchy and memory_cgroup_path under ROOT,
// the mount put under ROOT by cgroup::under_root): the levels run from the
// job up to the mount point inside the tree and no further.
TEST(Headroom, ReadLevelsStopAtTheMountUnderAFixtureRoot) {
  testing::FixtureTree t;
  const std::string root = t.root();
  t.write("proc/self/mountinfo", "31 25 0:27 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n");
  t.write("proc/self/cgroup", "0::/user.slice/job\n");
  t.write("sys/fs/cgroup/cgroup.controllers", "cpu memory pids\n");
  t.write_files("sys/fs/cgroup", {{"memory.stat", "anon 1\n"},
                                  {"user.slice/memory.max", "2147483648\n"},
                                  {"user.slice/memory.current", "1073741824\n"},
                                  {"user.slice/job/memory.max", "max\n"},
                                  {"user.slice/job/memory.current", "314572800\n"},
                                  {"user.slice/job/memory.stat", "inactive_file 104857600\n"}});
  t.write("sys/fs/memory.max", "1\n");  // above the mount: never a level
  auto found = cgroup::find_memory_hierarchy(root);
  ASSERT_TRUE(found);
  const cgroup::MemoryHierarchy h = cgroup::under_root(*found, root);
  auto path = cgroup::memory_cgroup_path(h, 0, root);
  ASSERT_TRUE(path);
  const std::string job = join_root(h.mount_point, *path);
  EXPECT_EQ(job, cgroup::memory_cgroup_dir(*found, 0, root));
  auto lv = read_levels(h, job);
  ASSERT_EQ(lv.size(), 3u);
  EXPECT_EQ(lv[0].dir, root + "/sys/fs/cgroup/user.slice/job");
  EXPECT_EQ(*lv[0].working_set_bytes, 200 * MiB);
  EXPECT_EQ(lv[1].dir, root + "/sys/fs/cgroup/user.slice");
  EXPECT_EQ(*lv[1].limit_bytes, 2 * GiB);
  EXPECT_EQ(lv[2].dir, root + "/sys/fs/cgroup");
  EXPECT_EQ(*read_working_set(h, job), 200 * MiB);
  EXPECT_EQ(cgroup::tightest_limit(h, job).bytes, 2 * GiB);
}

TEST(Forecast, TheilSenIgnoresAnOutlier) {
  std::deque<std::pair<double, uint64_t>> pts;
  for (int i = 0; i < 10; ++i) pts.emplace_back(i * 0.1, static_cast<uint64_t>(i) * 10 * MiB);
  pts[5].second = 900 * MiB;  // a transient spike
  EXPECT_NEAR(*theil_sen_slope(pts), 100.0 * MiB, 1.0 * MiB);
  EXPECT_FALSE(theil_sen_slope({}));
  EXPECT_FALSE(theil_sen_slope({{1.0, 5}, {1.0, 9}}));
}

TEST(Forecast, TimeToLimit) {
  EXPECT_DOUBLE_EQ(*time_to_limit_s(100, 1100, 100), 10);
  EXPECT_DOUBLE_EQ(*time_to_limit_s(1200, 1100, 100), 0);
  EXPECT_FALSE(time_to_limit_s(100, 1100, 0));
  EXPECT_FALSE(time_to_limit_s(100, 1100, -5));
}

TEST(Forecast, WindowNeedsSpanAndRise) {
  SlopeWindow w;
  w.push(0.0, 10 * MiB);
  w.push(0.05, 30 * MiB);  // an interpreter starting up
  w.push(0.1, 40 * MiB);
  EXPECT_FALSE(w.slope());  // too few points, too short
  for (int i = 0; i < 10; ++i) w.push(0.2 + i * 0.1, 40 * MiB);
  EXPECT_DOUBLE_EQ(*w.slope(), 0.0);  // flat afterwards: no trend
  w.push(1.0, 1 * MiB);  // time going backwards is ignored
  SlopeWindow r;
  for (int i = 0; i <= 40; ++i) r.push(i * 0.1, static_cast<uint64_t>(i) * 50 * MiB / 10);
  EXPECT_NEAR(*r.slope(), 50.0 * MiB, 0.5 * MiB);  // window: the last 3 s only
  EXPECT_LE(r.size(), 31u);
}

TEST(PollInterval, AdaptsAndClamps) {
  EXPECT_DOUBLE_EQ(poll_interval_s(std::nullopt, std::nullopt, false), 0.2);  // collecting points
  EXPECT_DOUBLE_EQ(poll_interval_s(500 * MiB, 0.0, false), 1.0);              // flat
  EXPECT_DOUBLE_EQ(poll_interval_s(std::nullopt, 1.0 * MiB, false), 1.0);     // no limit known
  EXPECT_DOUBLE_EQ(poll_interval_s(200 * MiB, 100.0 * MiB, false), 0.2);
  EXPECT_DOUBLE_EQ(poll_interval_s(900 * MiB, 100.0 * MiB, false), 0.5);     // capped while growing
  EXPECT_NEAR(poll_interval_s(500 * MiB, 1.0 * GiB, false), 0.0488, 1e-3);
  EXPECT_DOUBLE_EQ(poll_interval_s(1 * MiB, 1.0 * GiB, false), 0.01);
  EXPECT_DOUBLE_EQ(poll_interval_s(100 * GiB, 1.0 * MiB, true), 0.1);
}

TEST(PollInterval, GuardLooksAgainSoonAfterAJump) {
  Guard g(GuardOptions{});
  for (int i = 0; i < 10; ++i) (void)g.observe({i * 1.0, 100 * MiB, 1 * GiB, true});
  EXPECT_DOUBLE_EQ(g.next_interval_s(), 1.0);
  (void)g.observe({10.0, 300 * MiB, 1 * GiB, true});
  EXPECT_LE(g.next_interval_s(), 0.1);
}

// A ramp observed at the guard's own adaptive interval warns on the
// forecast once its growth has persisted (kGrowthMinS, and 2.5 times as
// long as the time to the limit it forecasts), still ahead of the limit and of
// the 85 % crossing (the live ramp's case: 100 MiB/s into 1 GiB).
TEST(GuardMachine, AdaptivePollingForecastsInTime) {
  Guard g(GuardOptions{});
  std::optional<Decision> warn;
  for (double t = 0; t < 12 && !warn; t += g.next_interval_s()) {
    uint64_t ws = 20 * MiB + static_cast<uint64_t>(100.0 * MiB * t);
    for (auto& d : g.observe({t, ws, 1 * GiB, true}))
      if (d.kind == Decision::Kind::warn) warn = d;
  }
  ASSERT_TRUE(warn);
  EXPECT_EQ(warn->trigger, "forecast");
  // The limit is 10 s away at the start: the growth must last 2.5 times
  // the time left (7.3 s in, 2.8 s from the limit); 85 % comes at 8.5 s.
  EXPECT_GT(warn->t_s, 6.5);
  EXPECT_LT(warn->t_s, 8.0);
  ASSERT_TRUE(warn->time_to_limit_s);
  EXPECT_GT(*warn->time_to_limit_s, 2.0);
}

TEST(GuardMachine, GrowthPersisted) {
  // A steady 100 MiB/s for `secs`, observed every 0.1 s.
  auto steady = [](double secs) {
    std::deque<std::pair<double, uint64_t>> run;
    for (double t = 0; t <= secs + 1e-9; t += 0.1) run.emplace_back(t, static_cast<uint64_t>(100.0 * MiB * t));
    return run;
  };
  const double slope = 100.0 * MiB;
  EXPECT_FALSE(growth_persisted(steady(1.9), 19, 1.9, 0.1, slope));  // under kGrowthMinS: a burst
  EXPECT_FALSE(growth_persisted(steady(5.0), 4, 5.0, 0.1, slope));   // too few new highs
  EXPECT_TRUE(growth_persisted(steady(2.0), 20, 2.0, 0.5, slope));
  EXPECT_FALSE(growth_persisted(steady(3.0), 30, 3.0, 1.6, slope));  // seen for 3 s, the limit 1.6 s ahead: not yet
  EXPECT_TRUE(growth_persisted(steady(4.0), 40, 4.0, 1.6, slope));
  EXPECT_FALSE(growth_persisted(steady(4.0), 40, 1.0, 1.6, slope));  // no new high since 1 s
  EXPECT_TRUE(growth_persisted(steady(25.0), 250, 25.0, 10.0, slope));
  EXPECT_FALSE(growth_persisted({}, 0, 0, 1, slope));
  // It crept at 10 MiB/s for 8 s, then rose at 100 MiB/s for 2 s (workers
  // starting): 10 s of growth, but not at the slope the forecast uses.
  std::deque<std::pair<double, uint64_t>> sped_up;
  for (double t = 0; t <= 10 + 1e-9; t += 0.1)
    sped_up.emplace_back(t, static_cast<uint64_t>(10.0 * MiB * std::min(t, 8.0) + 100.0 * MiB * std::max(0.0, t - 8)));
  EXPECT_FALSE(growth_persisted(sped_up, 100, 10.0, 2.0, slope));
  EXPECT_TRUE(growth_persisted(sped_up, 100, 10.0, 2.0, 10.0 * MiB));  // at its long-run slope it would be trusted
}

GuardOptions act_opts(std::optional<double> act_forecast = std::nullopt) {
  GuardOptions o;
  o.act_fraction = 0.90;
  o.act_forecast_s = act_forecast;
  o.action.kind = Action::Kind::signal;
  o.action.signo = SIGTERM;
  o.grace_s = 2;
  return o;
}

// A linear ramp at `rate` bytes/s from `start`, observed every `dt`.
std::vector<Decision> ramp(Guard& g, double rate, double dt, double until_s, uint64_t limit, uint64_t start = 0,
                           double t0 = 0) {
  std::vector<Decision> all;
  for (double t = t0; t <= until_s + 1e-9; t += dt) {
    uint64_t ws = std::min<uint64_t>(limit, start + static_cast<uint64_t>(rate * (t - t0)));
    for (auto& d : g.observe({t, ws, limit, true})) all.push_back(d);
  }
  return all;
}

TEST(GuardMachine, PercentWarnThenAct) {
  GuardOptions o = act_opts();
  o.forecast_s.reset();
  Guard g(o);
  auto ds = ramp(g, 100.0 * MiB, 0.05, 9.5, 1 * GiB);
  ASSERT_EQ(ds.size(), 2u);
  EXPECT_EQ(ds[0].kind, Decision::Kind::warn);
  EXPECT_EQ(ds[0].trigger, "percent");
  EXPECT_GE(ds[0].used_fraction, 0.85);
  EXPECT_LT(ds[0].used_fraction, 0.86);
  EXPECT_EQ(ds[1].kind, Decision::Kind::act);
  EXPECT_GE(ds[1].used_fraction, 0.90);
  EXPECT_EQ(g.stage(), Stage::acted);
}

// A leak at 200 MiB/s into 1 GiB (the limit 5.1 s away) is warned on the
// forecast before the 85 % crossing (4.35 s), over a second before the
// limit; a ramp at 500 MiB/s reaches the limit before any growth of 2 s
// is seen: it is warned no earlier than the forecast action's floor (75 %).
TEST(GuardMachine, ForecastWarnsBeforeThePercentOnALeak) {
  Guard g(GuardOptions{});  // defaults: warn 85 % or 10 s; act-forecast 5 s but action none
  auto ds = ramp(g, 200.0 * MiB, 0.1, 5.2, 1 * GiB);
  ASSERT_FALSE(ds.empty());
  EXPECT_EQ(ds[0].kind, Decision::Kind::warn);
  EXPECT_EQ(ds[0].trigger, "forecast");
  EXPECT_LT(ds[0].t_s, 4.0);
  ASSERT_NE(ds[0].time_to_limit_s, std::nullopt);
  EXPECT_GT(*ds[0].time_to_limit_s, 1.0);
  EXPECT_NEAR(*ds[0].time_to_limit_s, 5.12 - ds[0].t_s, 0.15);

  Guard fast(GuardOptions{});
  auto fs = ramp(fast, 500.0 * MiB, 0.02, 2.0, 1 * GiB);
  ASSERT_FALSE(fs.empty());
  EXPECT_EQ(fs[0].kind, Decision::Kind::warn);
  EXPECT_GE(fs[0].used_fraction, kForecastActFloor);
  EXPECT_LT(fs[0].t_s, 2.048);
}

// Issue 13, item 8: a dataset build at 200 MiB/s that stops at 64 % of the
// limit (bench/guard_startup.sh's build-plateau, 600 MiB of 933 MiB) is
// indistinguishable from that leak for 3 s, and gets no warning: its
// growth never lasted 2.5 times its forecast time.
TEST(GuardMachine, ABuildThatPlateausIsNotWarned) {
  const uint64_t limit = 933 * MiB;
  Guard g(GuardOptions{});
  std::vector<Decision> all;
  for (double t = 0; t < 10; t += 0.1) {
    uint64_t ws = 20 * MiB + static_cast<uint64_t>(200.0 * MiB * std::min(t, 3.0));
    for (auto& d : g.observe({t, ws, limit, true})) all.push_back(d);
  }
  EXPECT_TRUE(all.empty()) << all.front().t_s << " " << all.front().trigger;
}

// A job that hovers at the warning threshold (84-87 %, tick after tick) is
// warned once, not on every crossing: the re-arm level is 10 points lower.
TEST(GuardMachine, HoveringAtTheThresholdWarnsOnce) {
  Guard g(GuardOptions{});
  int warns = 0;
  for (int i = 0; i < 600; ++i) {
    double frac = 0.84 + 0.01 * (i % 4);  // 84, 85, 86, 87 %
    for (auto& d : g.observe({i * 0.1, static_cast<uint64_t>(frac * GiB), 1 * GiB, true}))
      warns += d.kind == Decision::Kind::warn;
  }
  EXPECT_EQ(warns, 1);
}

// A loader reading its data at 400 MiB/s into a 2 GiB limit, then a plateau
// at 30 %: no warning (1.5 s of growth is not a trend), no action; the same
// ramp carried on is warned about on the forecast, and acted on from
// kForecastActFloor.
TEST(GuardMachine, ForecastActsOnlyFromALargeShareOfTheLimit) {
  Guard plateau(act_opts(5.0));
  std::vector<Decision> ds = ramp(plateau, 400.0 * MiB, 0.02, 1.5, 2 * GiB);
  for (double t = 1.52; t < 8; t += 0.1)
    for (auto& d : plateau.observe({t, 600 * MiB, 2 * GiB, true})) ds.push_back(d);
  EXPECT_TRUE(ds.empty()) << ds.front().t_s;
  EXPECT_EQ(plateau.stage(), Stage::watching);

  Guard on(act_opts(5.0));
  auto all = ramp(on, 400.0 * MiB, 0.02, 5.0, 2 * GiB);
  ASSERT_GE(all.size(), 2u);
  EXPECT_EQ(all[0].kind, Decision::Kind::warn);
  EXPECT_EQ(all[0].trigger, "forecast");
  EXPECT_EQ(all[1].kind, Decision::Kind::act);
  EXPECT_EQ(all[1].trigger, "forecast");
  EXPECT_GE(all[1].used_fraction, kForecastActFloor);
  EXPECT_LT(all[1].used_fraction, 0.85);  // acted from 75 % of the limit, over a second before it
}

// Leftover of the last trial: a job ramping at 5 % of its limit per second
// (51 MiB/s into 1 GiB, from 10 %) that stops at 90 % and holds: under the
// defaults with --action term it is never acted on (the limit is 2 s away
// only from 90 %, where it stops); the former 5 s forecast acted at ~80 %.
// A leak at the same rate still gets the action before the limit.
TEST(GuardMachine, ARampStoppingAt90PercentIsNotActedOnByDefault) {
  const uint64_t limit = 1 * GiB;
  const double rate = 0.05 * static_cast<double>(limit);
  auto run = [&](GuardOptions o, bool leak) {
    o.action.kind = Action::Kind::signal;
    o.action.signo = SIGTERM;
    Guard g(o);
    std::vector<Decision> all;
    for (double t = 0; t < 30; t += 0.05) {
      double ws = 0.10 * static_cast<double>(limit) + rate * t;
      if (!leak) ws = std::min(ws, 0.90 * static_cast<double>(limit));
      const auto w = std::min<uint64_t>(limit, static_cast<uint64_t>(ws));
      for (auto& d : g.observe({t, w, limit, true})) all.push_back(d);
      if (w >= limit) break;
    }
    return all;
  };
  auto acts = [](const std::vector<Decision>& ds) {
    std::vector<Decision> out;
    for (auto& d : ds)
      if (d.kind == Decision::Kind::act) out.push_back(d);
    return out;
  };
  EXPECT_TRUE(acts(run(GuardOptions{}, false)).empty());
  GuardOptions five;
  five.act_forecast_s = 5.0;  // the former default
  const auto old = acts(run(five, false));
  ASSERT_EQ(old.size(), 1u);
  EXPECT_LT(old[0].used_fraction, 0.85);  // measured 80.25 %: well before the plateau
  const auto leak = acts(run(GuardOptions{}, true));
  ASSERT_EQ(leak.size(), 1u);
  EXPECT_EQ(leak[0].trigger, "forecast");
  ASSERT_TRUE(leak[0].time_to_limit_s);
  EXPECT_GT(*leak[0].time_to_limit_s, 1.0);  // over a second before the limit
}

TEST(GuardMachine, ALevellingRampIsNeverActedOn) {
  GuardOptions o = act_opts(5.0);
  o.act_fraction = 0.85;
  o.warn_fraction = 0.75;
  Guard g(o);
  std::vector<Decision> all;
  const double limit = 1024.0 * MiB;
  for (double t = 0; t < 30; t += 0.05) {
    // 0.65 * limit * (1 - exp(-t / 2)): 330 MiB/s at the start, flat by 10 s.
    double ws = 0.65 * limit * (1 - std::exp(-t / 2));
    for (auto& d : g.observe({t, static_cast<uint64_t>(ws), 1 * GiB, true})) all.push_back(d);
  }
  for (auto& d : all) EXPECT_NE(d.kind, Decision::Kind::act) << d.t_s << " " << d.used_fraction;
  EXPECT_NE(g.stage(), Stage::acted);
}

TEST(Forecast, LevellingOff) {
  SlopeWindow lin, lev;
  for (double t = 0; t <= 3.0; t += 0.1) {
    lin.push(t, static_cast<uint64_t>(100.0 * MiB * t));
    lev.push(t, static_cast<uint64_t>(300.0 * MiB * (1 - std::exp(-t))));
  }
  EXPECT_FALSE(lin.levelling_off());
  EXPECT_TRUE(lev.levelling_off());
}

// Issue 13, item 8: a warning re-arms once the working set stayed below
// the re-arm level for kRearmHoldS; a job nearing the limit twice is warned
// twice; a short dip does not re-arm.
TEST(GuardMachine, WarningsReArmWithHysteresis) {
  GuardOptions o;  // warn 85 %, act 95 %, action none
  o.forecast_s.reset();
  o.act_forecast_s.reset();
  Guard g(o);
  std::vector<Decision> all;
  auto at = [&](double t, double frac) {
    for (auto& d : g.observe({t, static_cast<uint64_t>(frac * GiB), 1 * GiB, true})) all.push_back(d);
  };
  double t = 0;
  for (; t < 2; t += 0.1) at(t, 0.87);  // near the limit: one warning
  for (; t < 2.5; t += 0.1) at(t, 0.70);  // a short dip: not re-armed
  for (; t < 3; t += 0.1) at(t, 0.87);
  ASSERT_EQ(all.size(), 1u);
  for (; t < 8; t += 0.1) at(t, 0.50);  // well below for seconds: re-armed
  for (; t < 10; t += 0.1) at(t, 0.88);  // near again: a second warning
  int warns = 0, rearms = 0;
  for (auto& d : all) {
    warns += d.kind == Decision::Kind::warn;
    rearms += d.kind == Decision::Kind::rearm;
  }
  EXPECT_EQ(warns, 2);
  EXPECT_EQ(rearms, 1);
  EXPECT_DOUBLE_EQ(rearm_fraction(0.85), 0.75);
  EXPECT_DOUBLE_EQ(rearm_fraction(0.10), 0.05);
}

// With --action none an act crossing did nothing: it re-arms with the
// warning (the default guard records a second approach too).
TEST(GuardMachine, RecordOnlyActReArms) {
  GuardOptions o;
  o.forecast_s.reset();
  o.act_forecast_s.reset();
  Guard g(o);
  int warns = 0, acts = 0;
  auto at = [&](double t, double frac) {
    for (auto& d : g.observe({t, static_cast<uint64_t>(frac * GiB), 1 * GiB, true})) {
      warns += d.kind == Decision::Kind::warn;
      acts += d.kind == Decision::Kind::act;
    }
  };
  double t = 0;
  for (; t < 1; t += 0.1) at(t, 0.96);
  for (; t < 5; t += 0.1) at(t, 0.40);
  for (; t < 6; t += 0.1) at(t, 0.96);
  EXPECT_EQ(warns, 2);
  EXPECT_EQ(acts, 2);
  // A real action fires once.
  GuardOptions sig = o;
  sig.action.kind = Action::Kind::signal;
  sig.action.signo = SIGTERM;
  Guard h(sig);
  int hacts = 0;
  for (double u = 0; u < 6; u += 0.1)
    for (auto& d : h.observe({u, static_cast<uint64_t>((u < 1 || u >= 5 ? 0.96 : 0.40) * GiB), 1 * GiB, true}))
      hacts += d.kind == Decision::Kind::act;
  EXPECT_EQ(hacts, 1);
}

// A forecast warning needs the growth to persist: a one-second burst at a
// few % (an interpreter importing torch) does not warn.
TEST(GuardMachine, AShortBurstDoesNotWarn) {
  Guard g(GuardOptions{});
  std::vector<Decision> all;
  double t = 0;
  for (; t < 0.6; t += 0.05)
    for (auto& d : g.observe({t, static_cast<uint64_t>(200.0 * MiB * t), 1 * GiB, true})) all.push_back(d);
  for (; t < 10; t += 0.1)
    for (auto& d : g.observe({t, 120 * MiB, 1 * GiB, true})) all.push_back(d);
  EXPECT_TRUE(all.empty()) << all.front().t_s << " " << all.front().trigger;
}

TEST(GuardMachine, SimultaneousCrossingWarnsFirst) {
  Guard g(act_opts());
  auto ds = g.observe({0.0, 950 * MiB, 1 * GiB, true});
  ASSERT_EQ(ds.size(), 2u);
  EXPECT_EQ(ds[0].kind, Decision::Kind::warn);
  EXPECT_EQ(ds[1].kind, Decision::Kind::act);
  EXPECT_TRUE(g.observe({0.1, 960 * MiB, 1 * GiB, true}).empty());  // once each
}

TEST(GuardMachine, EscalatesOnlyWhenStillRising) {
  Guard g(act_opts());
  (void)g.observe({0.0, 950 * MiB, 1 * GiB, true});
  EXPECT_TRUE(g.observe({1.0, 980 * MiB, 1 * GiB, true}).empty());
  auto ds = g.observe({2.1, 1000 * MiB, 1 * GiB, true});
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].kind, Decision::Kind::escalate);
  EXPECT_EQ(g.stage(), Stage::escalated);

  Guard calm(act_opts());
  (void)calm.observe({0.0, 950 * MiB, 1 * GiB, true});
  auto c = calm.observe({2.1, 940 * MiB, 1 * GiB, true});  // it stopped and freed: no kill
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].kind, Decision::Kind::grace_passed);
  EXPECT_TRUE(calm.observe({10.0, 990 * MiB, 1 * GiB, true}).empty());
}

TEST(GuardMachine, NoEscalationWithoutAnAction) {
  GuardOptions o = act_opts();
  o.action = {};
  Guard g(o);
  EXPECT_EQ(g.observe({0.0, 950 * MiB, 1 * GiB, true}).size(), 2u);
  EXPECT_TRUE(g.observe({5.0, 1000 * MiB, 1 * GiB, true}).empty());
}

TEST(GuardMachine, NothingAfterTheMainProcessEndsOrWithoutALimit) {
  Guard g(act_opts());
  EXPECT_TRUE(g.observe({0.0, 950 * MiB, 1 * GiB, false}).empty());
  EXPECT_TRUE(g.observe({0.1, 950 * MiB, std::nullopt, true}).empty());
  EXPECT_TRUE(g.observe({0.2, std::nullopt, 1 * GiB, true}).empty());
  EXPECT_EQ(g.stage(), Stage::watching);
}

TEST(GuardMachine, SteadyJobNeverWarns) {
  Guard g(act_opts(5.0));
  std::vector<Decision> all;
  for (int i = 0; i < 600; ++i) {
    uint64_t ws = 500 * MiB + static_cast<uint64_t>((i * 7919) % 13) * MiB;  // noise, no trend
    for (auto& d : g.observe({i * 0.1, ws, 1 * GiB, true})) all.push_back(d);
  }
  EXPECT_TRUE(all.empty());
  EXPECT_GE(g.next_interval_s(), 0.5);  // flat or barely growing: slow polls
}

TEST(Python, SignalCaughtMask) {
  // SigCgt bit n-1 is signal n. 0x...4000 = bit 14 = SIGTERM (15).
  std::string st = "Name:\tpython3\nSigBlk:\t0000000000000000\nSigCgt:\t0000000000004002\n";
  EXPECT_TRUE(signal_caught(st, SIGTERM));
  EXPECT_TRUE(signal_caught(st, SIGINT));
  EXPECT_FALSE(signal_caught(st, SIGUSR1));
  EXPECT_TRUE(signal_caught("SigCgt:\t0000004000000000\n", 39));
  EXPECT_FALSE(signal_caught("SigCgt:\tzz\n", 1));
  EXPECT_FALSE(signal_caught("no such line", 15));
  EXPECT_FALSE(signal_caught(st, 0));
  EXPECT_FALSE(signal_caught(st, 65));
}

TEST(Python, FindsTheHookDirFromBuildAndInstallLayouts) {
  testing::FixtureTree t;
  t.write("build/share/oomlens/python/sitecustomize.py", "#\n");
  t.write("prefix/share/oomlens/python/sitecustomize.py", "#\n");
  t.mkdir("prefix/bin");
  EXPECT_EQ(*find_python_hook_dir(t.root() + "/build/oomlens"), t.root() + "/build/share/oomlens/python");
  EXPECT_EQ(*find_python_hook_dir(t.root() + "/prefix/bin/oomlens"), t.root() + "/prefix/share/oomlens/python");
  EXPECT_FALSE(find_python_hook_dir(t.root() + "/elsewhere/oomlens"));
  // The real build tree: CMake copies the hook next to the binary.
  EXPECT_TRUE(find_python_hook_dir(oomlens::testing::oomlens_binary()).has_value());
}

TEST(Python, TracemallocText) {
  auto j = parse_tracemalloc_text("traced_bytes 1000 peak_bytes 2000\n800 3 /x/ramp.py:12\n100 1 <frozen x>:1\nend\n");
  EXPECT_EQ(j["traced_bytes"], 1000);
  EXPECT_EQ(j["peak_bytes"], 2000);
  ASSERT_EQ(j["top"].size(), 2u);
  EXPECT_EQ(j["top"][0]["where"], "/x/ramp.py:12");
  // The hook's bounds: no snapshot over the memory bound, a partial grouping at the deadline.
  auto skipped = parse_tracemalloc_text("traced_bytes 5 peak_bytes 6\nskipped estimated_bytes 90 max_bytes 64\nend\n");
  EXPECT_EQ(skipped["skipped"]["estimated_bytes"], 90);
  EXPECT_EQ(skipped["skipped"]["max_bytes"], 64);
  EXPECT_TRUE(skipped["top"].empty());
  auto partial = parse_tracemalloc_text("traced_bytes 5 peak_bytes 6\ngrouped 4096 of 300000 elapsed_s 5.139 partial\n"
                                        "800 3 /x/ramp.py:12\nend\n");
  EXPECT_EQ(partial["traces"], 300000);
  EXPECT_EQ(partial["traces_grouped"], 4096);
  EXPECT_EQ(partial["partial"], true);
  EXPECT_NEAR(partial["elapsed_s"].get<double>(), 5.139, 1e-9);
  ASSERT_EQ(partial["top"].size(), 1u);
  EXPECT_FALSE(parse_tracemalloc_text("traced_bytes 5 peak_bytes 6\ngrouped 3 of 3 elapsed_s 0.1\nend\n")["partial"]);
  auto bad = parse_tracemalloc_text("garbage\n\x01\x02");
  EXPECT_TRUE(bad["traced_bytes"].is_null());
  EXPECT_TRUE(bad["top"].empty());
}

TEST(Wakeup, PsiTriggerLine) {
  EXPECT_EQ(psi_trigger_line(0.10, 1000000), "some 100000 1000000");
  EXPECT_EQ(psi_trigger_line(0.10, 2000000), "some 200000 2000000");
}

TEST(Wakeup, MissingFilesFallBackToPolling) {
  WakeupSources w;
  w.try_v1_thresholds("/nonexistent/cgroup", {100});
  w.try_psi("/nonexistent/memory.pressure");
  EXPECT_TRUE(w.fds().empty());
  auto d = w.describe();
  EXPECT_FALSE(d["v1_usage_threshold"]["active"].get<bool>());
  EXPECT_EQ(d["psi_trigger"]["fallback"], "polling only");
}

}  // namespace
}  // namespace oomlens::guard
