// diagnose_workers(): own allocations, copy-on-read and shared data told
// apart by their figures, and the sizing numbers (issue 13 item 6).
#include "diagnose/worker_memory.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "diagnose/verdict.h"
#include "support/verdict_builders.h"
#include "util/units.h"

namespace oomlens::diagnose {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;


WorkerMemory worker(uint64_t first_uss, uint64_t first_anon, uint64_t peak_uss, uint64_t peak_anon, double t0 = 1) {
  return {first_uss * kMiB, first_anon * kMiB, peak_uss * kMiB, peak_anon * kMiB, t0, std::nullopt};
}

/// n workers of the same figures.
std::vector<WorkerMemory> times(int n, const WorkerMemory& w) { return std::vector<WorkerMemory>(n, w); }

/// `pid` (its role in the job) OOM-killed in a memcg, its whole report read; main pid 10, SIGKILLed.
VerdictInput oom_killed(int64_t pid, const std::string& role) {
  VerdictInput in;
  in.main_pid = 10;
  in.term_signal = 9;
  TreeKill k = testing::tree_kill(pid, "python3", role);
  k.constraint = "memcg";
  k.full_report = true;
  in.kernel_kills.push_back(k);
  return in;
}

WorkerPool pool_of(std::vector<WorkerMemory> ws, uint64_t parent_mib, std::optional<uint64_t> limit_mib) {
  WorkerPool p;
  p.workers = std::move(ws);
  p.parent_rss_anon_bytes = parent_mib * kMiB;
  p.start_method = "fork";
  if (limit_mib) p.limit_bytes = *limit_mib * kMiB;
  return p;
}

// The case: the main process held 110 MiB; each worker held 293 MiB
// it had allocated itself (its RssAnon grew by as much).
TEST(WorkerMemory, CacheBuiltInGetitemIsOwnAllocationsNotCopyOnRead) {
  auto d = diagnose_workers(pool_of(times(4, worker(2, 110, 293, 401)), 110, 800));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, WorkerCause::own_allocations);
  EXPECT_EQ(d->concurrent, 4u);
  EXPECT_EQ(d->private_per_worker_bytes, 293 * kMiB);
  EXPECT_EQ(d->need_bytes, (110 + 4 * 293) * kMiB);
  ASSERT_TRUE(d->fitting_workers);
  EXPECT_EQ(*d->fitting_workers, 2u);  // (720 - 110) / 293
  EXPECT_THAT(d->advice, AllOf(HasSubstr("needs at least 1.3 GiB"), HasSubstr("num_workers ≤ 2 fits"),
                               Not(HasSubstr("numpy")), Not(HasSubstr("persistent_workers"))));
}

// CI's case: the last smaps_rollup pass came before the cache filled (USS
// 16 MiB), but RssAnon, read every tick, grew by 100 MiB before the kill.
// That growth is the worker's own and private: not "shared", not numpy.
TEST(WorkerMemory, RssAnonGrowthAfterTheLastPassCountsAsOwnAndPrivate) {
  auto d = diagnose_workers(pool_of(times(4, worker(1, 177, 16, 277)), 177, 640));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, WorkerCause::own_allocations);
  EXPECT_EQ(d->own_per_worker_bytes, 100 * kMiB);
  EXPECT_EQ(d->private_per_worker_bytes, 100 * kMiB);
  EXPECT_EQ(d->copied_per_worker_bytes, 0u);
  EXPECT_THAT(d->advice, Not(HasSubstr("numpy")));
}

// Pages shared with the parent turn private: USS grows, RssAnon does not.
TEST(WorkerMemory, SharedPagesTurningPrivateIsCopyOnRead) {
  auto d = diagnose_workers(pool_of(times(3, worker(3, 420, 300, 424)), 420, 1024));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, WorkerCause::copy_on_read);
  EXPECT_GE(d->copied_per_worker_bytes, 290 * kMiB);
  EXPECT_THAT(d->advice, AllOf(HasSubstr("numpy arrays"), HasSubstr("`persistent_workers=True` does not help")));
  ASSERT_TRUE(d->fitting_workers);
  EXPECT_EQ(*d->fitting_workers, 1u);  // (921 - 420) / 300
}

// A first pass taken after the worker had already copied most of it: still
// copies, since a forked worker starts with next to no USS of its own.
TEST(WorkerMemory, LateFirstPassStillCountsCopies) {
  auto d = diagnose_workers(pool_of(times(2, worker(250, 420, 300, 424)), 420, std::nullopt));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, WorkerCause::copy_on_read);
  EXPECT_FALSE(d->fitting_workers);  // no limit
  ASSERT_TRUE(d->fitting_limit_bytes);
  EXPECT_EQ(*d->fitting_limit_bytes % (64 * kMiB), 0u);
  EXPECT_GE(*d->fitting_limit_bytes, d->need_bytes);
}

// A Dataset holding a numpy array: workers read it without writing, and
// stay shared. Neither numpy advice nor fewer workers fits.
TEST(WorkerMemory, WorkersThatStayedSharedPointAtTheMainProcess) {
  auto d = diagnose_workers(pool_of(times(4, worker(4, 600, 9, 603)), 600, 700));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, WorkerCause::shared);
  EXPECT_THAT(d->advice, AllOf(HasSubstr("the memory is in the main process"), HasSubstr("will not free it")));
}

// CI's copy-on-read run: killed while the workers were still copying, at 33
// MiB each of a 420 MiB parent (under a tenth of it). Still copy-on-read,
// not "the memory is in the main process".
TEST(WorkerMemory, WorkersKilledWhileStillCopyingAreCopyOnRead) {
  auto copying = worker(1, 420, 33, 420);
  copying.growing_at_last_pass = true;
  auto ws = times(2, copying);
  auto d = diagnose_workers(pool_of(ws, 420, 512));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, WorkerCause::copy_on_read);
  EXPECT_THAT(d->advice, HasSubstr("does not help"));
  // The same figures, but not growing at the last pass: shared.
  for (auto& w : ws) w.growing_at_last_pass = false;
  EXPECT_EQ(diagnose_workers(pool_of(ws, 420, 512))->cause, WorkerCause::shared);
}

// Workers re-created each epoch: the pool's size is how many lived at once.
TEST(WorkerMemory, ConcurrencyCountsWorkersAliveAtOnce) {
  std::vector<WorkerMemory> ws;
  for (int epoch = 0; epoch < 3; ++epoch)
    for (int i = 0; i < 2; ++i) {
      auto w = worker(1, 100, 200, 300, epoch * 10.0 + i * 0.1);
      w.gone_s = epoch * 10.0 + 9;
      ws.push_back(w);
    }
  auto d = diagnose_workers(pool_of(ws, 100, std::nullopt));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->concurrent, 2u);
  EXPECT_EQ(d->need_bytes, (100 + 2 * 200) * kMiB);
}

TEST(WorkerMemory, SpawnedWorkersHoldPickledCopies) {
  auto p = pool_of({worker(200, 200, 210, 210)}, 300, std::nullopt);
  p.start_method = "spawn";
  auto d = diagnose_workers(p);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, WorkerCause::own_allocations);
  EXPECT_THAT(d->advice, HasSubstr("unpickles a full copy"));
}

TEST(WorkerMemory, UnmeasuredParentOrNoWorkersGiveNothing) {
  EXPECT_FALSE(diagnose_workers(WorkerPool{}));
  auto p = pool_of({worker(1, 1, 2, 2)}, 100, std::nullopt);
  p.parent_rss_anon_bytes.reset();
  EXPECT_FALSE(diagnose_workers(p));
}

// The verdict takes the advice from the figures, for a memory cause only.
TEST(WorkerMemory, VerdictAdviceRestsOnTheFigures) {
  VerdictInput in = oom_killed(11, "worker");
  in.worker_count = 4;
  in.workers_pss = std::vector<WorkerPss>(4, {250 * kMiB, 1.0, std::nullopt});
  in.worker_start_method = "fork";
  in.worker_pool = pool_of(times(4, worker(2, 110, 293, 401)), 110, 800);
  auto v = decide_verdict(in);
  ASSERT_TRUE(v.worker_memory) << v.cause;
  EXPECT_EQ(v.worker_memory->cause, WorkerCause::own_allocations);
  bool numpy = false, sized = false;
  for (auto& a : v.advice) {
    numpy |= a.find("numpy") != std::string::npos;
    sized |= a.find("needs at least") != std::string::npos;
  }
  EXPECT_FALSE(numpy);
  EXPECT_TRUE(sized);
}

}  // namespace
}  // namespace oomlens::diagnose

namespace oomlens::diagnose {
namespace {

/// A worker seen from 2 s whose USS, sampled every 0.5 s (points 0..last),
/// grows 20 MiB a sample from 1 MiB up to peak_mib (its RssAnon 110 MiB more).
WorkerMemory sampled(uint64_t peak_mib, int last) {
  auto w = worker(1, 110, peak_mib, 110 + peak_mib, 2.0);
  for (int k = 0; k <= last; ++k)
    w.private_series.push_back({2.0 + 0.5 * k, std::min<uint64_t>(peak_mib, 1 + 20 * k) * kMiB});
  return w;
}

// Issue 13 item 6: growth over time. One generation of 4 persistent workers
// whose USS grows 40 MiB a second (an unbounded cache in `__getitem__`).
TEST(WorkerGrowth, PersistentWorkersGrowingPerIntervalGetTheCapAdvice) {
  auto d = diagnose_workers(pool_of(times(4, sampled(161, 8)), 110, 720));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, WorkerCause::own_allocations);
  EXPECT_TRUE(d->epochs.empty());
  EXPECT_DOUBLE_EQ(d->interval_s, 1.0);  // a 4 s life over 4
  ASSERT_EQ(d->growth_per_interval_bytes.size(), 4u);
  for (auto g : d->growth_per_interval_bytes) EXPECT_EQ(g, static_cast<int64_t>(40 * kMiB));
  EXPECT_EQ(d->growth, WorkerGrowth::growing);
  EXPECT_NE(d->growth_evidence.find("private memory per worker every 1 s: +40.0 MiB, +40.0 MiB, +40.0 MiB, +40.0 MiB: "
                                    "still growing"),
            std::string::npos)
      << d->growth_evidence;
  EXPECT_THAT(d->growth_advice, AllOf(HasSubstr("grew 40.0 MiB every 1 s"), HasSubstr("`persistent_workers=False`")));
}

// The same workers once their cache is full: levelled off, no cap advice.
TEST(WorkerGrowth, LevelledOffIsAFixedCost) {
  auto d = diagnose_workers(pool_of(times(4, sampled(81, 16)), 110, 720));
  ASSERT_TRUE(d);
  EXPECT_DOUBLE_EQ(d->interval_s, 2.0);
  EXPECT_EQ(d->growth, WorkerGrowth::levelled);
  EXPECT_THAT(d->growth_evidence, HasSubstr(": levelled off"));
  EXPECT_TRUE(d->growth_advice.empty()) << d->growth_advice;
}

/// One generation of `per` workers an epoch, each with that epoch's
/// figures: epoch e's seen at 2 + 3e s and gone 2.5 s later.
std::vector<WorkerMemory> epochs_of(const std::vector<WorkerMemory>& epochs, int per) {
  std::vector<WorkerMemory> ws;
  double t = 2;
  for (WorkerMemory w : epochs) {
    w.first_seen_s = t;
    w.gone_s = t + 2.5;
    ws.insert(ws.end(), per, w);
    t += 3;
  }
  return ws;
}

/// Four workers an epoch, each holding private_mib[epoch] of its own.
std::vector<WorkerMemory> generations(const std::vector<uint64_t>& private_mib) {
  std::vector<WorkerMemory> epochs;
  for (auto p : private_mib) epochs.push_back(worker(1, 110, p, 110 + p));
  return epochs_of(epochs, 4);
}

// Non-persistent workers: each epoch's generation rebuilds the same cache
// (the last epoch, cut short by the kill, is left out of the growth).
TEST(WorkerGrowth, RestartingWorkersAreEpochsRebuiltTheSame) {
  auto d = diagnose_workers(pool_of(generations({64, 62, 66, 30}), 400, 720));
  ASSERT_TRUE(d);
  ASSERT_EQ(d->epochs.size(), 4u);
  EXPECT_EQ(d->epochs[1].workers, 4u);
  EXPECT_DOUBLE_EQ(d->epochs[1].start_s, 5.0);
  EXPECT_EQ(d->epochs[2].private_per_worker_bytes, 66 * kMiB);
  EXPECT_EQ(*d->growth_per_epoch_bytes, static_cast<int64_t>(kMiB));
  EXPECT_EQ(d->growth, WorkerGrowth::levelled);
  EXPECT_NE(d->growth_evidence.find("per epoch (the workers restarted 3 times), private memory per worker: 64.0 MiB, "
                                    "62.0 MiB, 66.0 MiB, 30.0 MiB: rebuilt each epoch, not growing across epochs"),
            std::string::npos)
      << d->growth_evidence;
  EXPECT_THAT(d->growth_advice, HasSubstr("rebuild the same"));
}

// ... and a cache that grows with the epoch: more in each generation.
TEST(WorkerGrowth, RestartingWorkersHoldingMoreEachEpochAreGrowing) {
  auto d = diagnose_workers(pool_of(generations({40, 80, 120, 20}), 200, 1024));
  ASSERT_TRUE(d);
  EXPECT_EQ(*d->growth_per_epoch_bytes, static_cast<int64_t>(40 * kMiB));
  EXPECT_EQ(d->growth, WorkerGrowth::growing);
  EXPECT_THAT(d->growth_evidence, HasSubstr(": +40.0 MiB per epoch"));
  EXPECT_THAT(d->growth_advice, HasSubstr("each epoch's workers held 40.0 MiB more per worker than the last"));
}

// Issue 13: the cause rests on the epoch that matters, not a mean over all.
// Three epochs whose workers copied 100 MiB each from a 420 MiB parent, then
// an epoch whose workers built a 250 MiB cache of their own: the mean over
// all (own 62, copied 75 MiB) says copy-on-read; the epoch at the peak says
// own allocations, and the evidence names it.
TEST(WorkerMemory, CauseRestsOnTheEpochAtThePeakNotAMeanOverEpochs) {
  const auto copied = worker(1, 420, 100, 420), own = worker(1, 420, 250, 670);
  auto d = diagnose_workers(pool_of(epochs_of({copied, copied, copied, own}, 2), 420, 1024));
  ASSERT_TRUE(d);
  ASSERT_EQ(d->epochs.size(), 4u);
  ASSERT_TRUE(d->cause_epoch);
  EXPECT_EQ(*d->cause_epoch, 4u);
  EXPECT_EQ(d->cause, WorkerCause::own_allocations);
  EXPECT_EQ(d->private_per_worker_bytes, 250 * kMiB);
  EXPECT_EQ(d->need_bytes, (420 + 2 * 250) * kMiB);
  EXPECT_THAT(d->evidence, HasSubstr("(from epoch 4 of 4, whose workers held the most)"));
  EXPECT_THAT(d->advice, Not(HasSubstr("numpy")));
  // The same epochs in the other order: the copying epoch is the peak.
  const auto copying = worker(1, 420, 300, 424), owning = worker(1, 420, 60, 480);
  d = diagnose_workers(pool_of(epochs_of({owning, copying, owning}, 2), 420, 1024));
  ASSERT_TRUE(d);
  EXPECT_EQ(*d->cause_epoch, 2u);
  EXPECT_EQ(d->cause, WorkerCause::copy_on_read);
  // One generation: all workers count, no epoch named.
  d = diagnose_workers(pool_of(times(2, worker(2, 110, 293, 401)), 110, 800));
  ASSERT_TRUE(d);
  EXPECT_FALSE(d->cause_epoch);
  EXPECT_THAT(d->evidence, Not(HasSubstr("from epoch")));
}

// Issue 13: a main process that grows each epoch (a list of tensors
// appended in the training loop) while its workers rebuild the same: the
// advice is about the main process, with its growth and the epoch at which
// the limit is reached, not worker or batch advice.
TEST(MainGrowth, MainGrowingPerEpochGetsGrowthAdviceInsteadOfWorkerAdvice) {
  auto pool = pool_of(generations({60, 61, 60, 30}), 350, 1024);  // epochs at 2, 5, 8, 11 s
  for (int e = 0; e < 4; ++e)
    for (int k = 0; k < 3; ++k)
      pool.parent_anon_series.push_back({2.0 + 3 * e + k, static_cast<uint64_t>(200 + 100 * e + 20 * k) * kMiB});
  auto d = diagnose_workers(pool);
  ASSERT_TRUE(d);
  ASSERT_EQ(d->main_anon_per_epoch_bytes.size(), 4u);
  EXPECT_EQ(d->main_anon_per_epoch_bytes[0], 240 * kMiB);
  EXPECT_EQ(d->main_anon_per_epoch_bytes[2], 440 * kMiB);
  ASSERT_TRUE(d->main_growth_per_epoch_bytes);
  EXPECT_EQ(*d->main_growth_per_epoch_bytes, static_cast<int64_t>(100 * kMiB));
  EXPECT_TRUE(d->main_growing);
  // The workers' part as in epoch 1: 4 x 60 MiB; from 240 MiB at epoch 1,
  // +100 MiB each epoch: 240 + 240 + 100 (k - 1) >= 1024 at k = 7.
  ASSERT_TRUE(d->main_limit_epoch);
  EXPECT_EQ(*d->main_limit_epoch, 7u);
  EXPECT_NE(d->advice.find("the main process grew by 100.0 MiB per epoch over 3 epochs (its anonymous memory: 240.0 MiB, "
                           "340.0 MiB, 440.0 MiB); at this rate the job reaches its limit of 1.0 GiB in epoch 7"),
            std::string::npos)
      << d->advice;
  EXPECT_THAT(d->advice, Not(HasSubstr("num_workers")));
  EXPECT_TRUE(d->growth_advice.empty()) << d->growth_advice;  // the workers' "rebuild the same" is not the story

  // A main process that holds the same each epoch: the workers' advice stays.
  pool.parent_anon_series.clear();
  for (int e = 0; e < 4; ++e) pool.parent_anon_series.push_back({2.5 + 3 * e, 350 * kMiB});
  d = diagnose_workers(pool);
  ASSERT_TRUE(d);
  EXPECT_FALSE(d->main_growing);
  EXPECT_EQ(*d->main_growth_per_epoch_bytes, 0);
  EXPECT_FALSE(d->main_limit_epoch);
  EXPECT_THAT(d->advice, Not(HasSubstr("the main process grew")));
}

}  // namespace
}  // namespace oomlens::diagnose

namespace oomlens::diagnose {
namespace {

// Orphaned workers idle on after the main process was killed: their flat
// points after it are not "levelled off".
TEST(WorkerGrowth, PointsAfterTheMainProcessEndedAreLeftOut) {
  auto w = sampled(161, 8);
  for (int k = 1; k <= 8; ++k) w.private_series.push_back({6.0 + k, 161 * kMiB});  // orphaned, idle
  auto pool = pool_of(times(4, w), 110, 720);
  auto d = diagnose_workers(pool);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->growth, WorkerGrowth::levelled);  // without the main's end: the idle tail looks levelled
  pool.main_end_s = 6.05;
  d = diagnose_workers(pool);
  ASSERT_TRUE(d);
  EXPECT_DOUBLE_EQ(d->interval_s, 1.0);
  EXPECT_EQ(d->growth, WorkerGrowth::growing);
}

}  // namespace
}  // namespace oomlens::diagnose

namespace oomlens::diagnose {
namespace {

VerdictInput oom_killed_main() {
  VerdictInput in = oom_killed(10, "main");
  in.limit_bytes = 720 * kMiB;
  return in;
}

bool has(const std::vector<std::string>& v, std::string_view s) {
  return std::any_of(v.begin(), v.end(), [&](const std::string& x) { return x.find(s) != std::string::npos; });
}

// Issue 13: num_workers=4 over 4 epochs is 16 worker processes, 4 alive at a
// time. The sum of all 16 peaks (2080 MiB here, above the 720 MiB limit) is
// PSS no instant ever held; the figure is the most the workers alive at once
// held: epoch 3's four.
TEST(WorkerPss, SumsOnlyWorkersAliveAtOnceNotPeaksOverEpochs) {
  std::vector<WorkerPss> ws;
  const uint64_t per_epoch_mib[] = {100, 120, 160, 140};
  for (int e = 0; e < 4; ++e)
    for (int i = 0; i < 4; ++i)
      ws.push_back({per_epoch_mib[e] * kMiB, 2.0 + 3 * e + 0.1 * i, 4.5 + 3 * e});
  const auto at = workers_pss_at_once(ws);
  ASSERT_TRUE(at);
  EXPECT_EQ(at->workers, 4u);
  EXPECT_EQ(at->peak_pss_bytes, 4 * 160 * kMiB);
  ASSERT_TRUE(at->epoch);
  EXPECT_EQ(*at->epoch, 3u);
  EXPECT_EQ(at->epochs, 4u);

  auto in = oom_killed_main();
  in.worker_count = 16;
  in.workers_pss = ws;
  in.worker_start_method = "fork";
  const auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  EXPECT_TRUE(has(v.evidence, "4 worker processes of epoch 3 of 4 (16 in all), alive at once, held 640.0 MiB of PSS at "
                              "their peaks (fork start)"))
      << ::testing::PrintToString(v.evidence);
  EXPECT_FALSE(has(v.evidence, "2080 MiB"));
  ASSERT_TRUE(v.workers_pss);
  EXPECT_EQ(v.workers_pss->peak_pss_bytes, 640 * kMiB);
}

// One generation whose workers overlap only in part (one replaced by a
// later one): the two that never lived together are not added up.
TEST(WorkerPss, OneGenerationCountsOnlyTheOverlap) {
  std::vector<WorkerPss> ws = {{200 * kMiB, 1.0, std::nullopt}, {150 * kMiB, 1.0, 5.0}, {180 * kMiB, 6.0, std::nullopt}};
  const auto at = workers_pss_at_once(ws);
  ASSERT_TRUE(at);
  EXPECT_EQ(at->workers, 2u);
  EXPECT_EQ(at->peak_pss_bytes, 380 * kMiB);
  EXPECT_FALSE(at->epoch);
  auto in = oom_killed_main();
  in.worker_count = 3;
  in.workers_pss = ws;
  const auto v = decide_verdict(in);
  EXPECT_TRUE(has(v.evidence, "2 worker processes alive at once (3 in all) held 380.0 MiB of PSS at their peaks"))
      << ::testing::PrintToString(v.evidence);
  EXPECT_FALSE(workers_pss_at_once({}));
}

MainCurve curve(double t0, double t1, double step, double (*mib_at)(double)) {
  MainCurve c;
  for (double t = t0; t <= t1 + 1e-9; t += step)
    c.series.push_back({t, static_cast<uint64_t>(mib_at(t) * static_cast<double>(kMiB))});
  c.limit_bytes = 720 * kMiB;
  return c;
}

// Issue 13: num_workers=0, a list that grows each step: 5 MiB/s from the
// start. No epochs, so the growth is told per minute.
TEST(MainGrowthOverTime, SteadyGrowthGetsTheAdvicePerMinute) {
  const auto c = curve(0, 60, 2, [](double t) { return 100 + 5 * t; });
  const auto g = diagnose_main_growth_over_time(c);
  ASSERT_TRUE(g);
  EXPECT_DOUBLE_EQ(g->from_s, 20);  // the first third is start-up
  EXPECT_DOUBLE_EQ(g->to_s, 60);
  EXPECT_NEAR(g->growth_bytes_per_s, 5.0 * kMiB, 0.01 * kMiB);
  ASSERT_TRUE(g->limit_t_s);
  EXPECT_NEAR(*g->limit_t_s, 124, 0.1);  // 400 MiB at 60 s, 320 MiB to go at 5 MiB/s
  EXPECT_EQ(g->advice.rfind("the main process grew by 300.0 MiB per minute over 0.7 min (its anonymous memory: 200.0 "
                            "MiB at 20 s, 400.0 MiB at 60 s); at this rate it reaches the job's limit of 720.0 MiB "
                            "2.1 min after the start: ",
                            0),
            0u)
      << g->advice;

  // In the verdict: first among the advice, for the OOM kill.
  auto in = oom_killed_main();
  in.main_curve = c;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  ASSERT_TRUE(v.main_growth);
  ASSERT_FALSE(v.advice.empty());
  EXPECT_EQ(v.advice.front(), g->advice);
  // Not for a job that exited on its own.
  VerdictInput ok;
  ok.main_pid = 10;
  ok.exited = true;
  ok.main_curve = c;
  v = decide_verdict(ok);
  EXPECT_EQ(v.cause, "exited");
  EXPECT_FALSE(v.main_growth);
  EXPECT_FALSE(has(v.advice, "the main process grew"));
}

// A start-up ramp (torch import, a dataset built once) then a leak: the
// ramp is left out, the leak's rate is told.
TEST(MainGrowthOverTime, RampThenLeakTellsTheLeaksRate) {
  const auto c = curve(0, 90, 1.5, [](double t) { return t < 10 ? 30 * t : 300 + 2 * (t - 10); });
  const auto g = diagnose_main_growth_over_time(c);
  ASSERT_TRUE(g);
  EXPECT_NEAR(g->growth_bytes_per_s, 2.0 * kMiB, 0.01 * kMiB);
}

// A start-up ramp that plateaus must NOT get the advice: a job that loads
// its dataset and then holds it is not growing.
TEST(MainGrowthOverTime, PlateauingRampGetsNoAdvice) {
  // Linear to 30 s, then flat to 60 s.
  EXPECT_FALSE(diagnose_main_growth_over_time(curve(0, 60, 2, [](double t) { return t < 30 ? 20 * t : 600.0; })));
  // Levelling off smoothly (600 MiB (1 - e^(-t/8))).
  EXPECT_FALSE(diagnose_main_growth_over_time(curve(0, 60, 2, [](double t) { return 600 * (1 - std::exp(-t / 8)); })));
  // Flat with page-level noise.
  EXPECT_FALSE(diagnose_main_growth_over_time(
      curve(0, 60, 2, [](double t) { return 400 + (static_cast<int>(t) % 4 == 0 ? 1.0 : 0.0); })));
  // Too little growth: 2 MiB over the window of a 400 MiB process.
  EXPECT_FALSE(diagnose_main_growth_over_time(curve(0, 60, 2, [](double t) { return 400 + 0.05 * t; })));
  // Too short a life to tell.
  EXPECT_FALSE(diagnose_main_growth_over_time(curve(0, 12, 1, [](double t) { return 100 + 20 * t; })));
  // A plateauing ramp in the verdict: the usual advice only.
  auto in = oom_killed_main();
  in.main_curve = curve(0, 60, 2, [](double t) { return t < 30 ? 20 * t : 600.0; });
  const auto v = decide_verdict(in);
  EXPECT_FALSE(v.main_growth);
  EXPECT_FALSE(has(v.advice, "the main process grew"));
}

// Leftover of the last trial: a slow start-up (a dataset built over the
// first tens of seconds) that then stays flat is no leak, also when the
// flat part is short beside the ramp (the job stopped or killed soon after)
// and the halves' slopes alone would call it growth.
TEST(MainGrowthOverTime, SlowStartupThenFlatIsNoGrowth) {
  // 40 s of start-up at 10 MiB/s, then flat for 12 s until the end.
  EXPECT_FALSE(diagnose_main_growth_over_time(
      curve(0, 52, 1, [](double t) { return 50 + 10 * std::min(t, 40.0); })));
  // 30 s at 20 MiB/s, flat for the last 6 s (a quarter of the window).
  EXPECT_FALSE(diagnose_main_growth_over_time(
      curve(0, 36, 0.5, [](double t) { return 20 * std::min(t, 30.0); })));
  // The same with PSS passes every 2 s and a last point that rose by 1 MiB.
  EXPECT_FALSE(diagnose_main_growth_over_time(
      curve(0, 36, 2, [](double t) { return 20 * std::min(t, 30.0) + (t > 35 ? 1.0 : 0.0); })));
  // The live run: 10 MiB/s for 25 s, flat for 6 s, then one 400 MiB batch
  // filled over a second (killed at the limit): a steep end, no leak.
  EXPECT_FALSE(diagnose_main_growth_over_time(curve(0, 34, 0.5, [](double t) {
    return 10 + 8.8 * std::min(t, 25.0) + (t > 32.5 ? 200 * (t - 32.5) : 0.0);
  })));
  // A steady leak held at its limit before the kill (a real one: 9 MiB/s,
  // then seconds at 596 MiB of 600 MiB, with passes every 0.2 s there; here
  // 5 s, a flat stretch of a fifth of the window with the last 40 MiB) is
  // growth: the wall is no plateau.
  auto wall = curve(0, 66, 0.2, [](double t) { return std::min(6 + 9.7 * t, 596.0); });
  wall.limit_bytes = 600 * kMiB;
  const auto g = diagnose_main_growth_over_time(wall);
  ASSERT_TRUE(g);
  EXPECT_NEAR(g->growth_bytes_per_s, 9.7 * kMiB, 0.1 * kMiB);
  // A staircase leak (20 MiB every 5 s) over 90 s is growth.
  EXPECT_TRUE(diagnose_main_growth_over_time(
      curve(0, 90, 1, [](double t) { return 100 + 20 * std::floor(t / 5); })));
}

// Points after the main process's end (a kill) are not its growth.
TEST(MainGrowthOverTime, PointsAfterTheEndAreLeftOut) {
  auto c = curve(0, 60, 2, [](double t) { return 100 + 5 * t; });
  c.end_s = 30;
  const auto g = diagnose_main_growth_over_time(c);
  ASSERT_TRUE(g);
  EXPECT_DOUBLE_EQ(g->to_s, 30);
}

}  // namespace
}  // namespace oomlens::diagnose
