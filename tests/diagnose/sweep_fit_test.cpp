// Fits, predictions and the largest fitting value of `oomlens sweep` (diagnose/sweep_fit.h).
#include "diagnose/sweep_fit.h"

#include <gtest/gtest.h>

#include "util/units.h"

namespace oomlens::diagnose {
namespace {

FitPoint pt(double w, double mib, bool bound = false) {
  FitPoint p;
  p.x["num_workers"] = w;
  p.y = mib * kMiB;
  p.lower_bound = bound;
  return p;
}

TEST(SweepFit, LinearPerWorkerTermWithUnits) {
  auto f = fit_figure("peak_anon_shmem_bytes", {"num_workers"}, {pt(0, 300), pt(1, 386), pt(2, 472), pt(3, 558)});
  ASSERT_TRUE(f) << f.error().what;
  EXPECT_NEAR(f->intercept_bytes / kMiB, 300, 1e-6);
  EXPECT_NEAR(f->slope_bytes.at("num_workers") / kMiB, 86, 1e-6);
  EXPECT_FALSE(f->quadratic_bytes);
  EXPECT_EQ(describe_slope(f->slope_bytes.at("num_workers"), "num_workers"), "+86.0 MiB per worker");
  EXPECT_NEAR(f->predict({{"num_workers", 4}}) / kMiB, 644, 1e-6);
  ASSERT_TRUE(f->residual_rms_bytes);
  EXPECT_LT(*f->residual_rms_bytes, 1.0);
}

TEST(SweepFit, ThreePointsAreFittedButTwoAreWarnedAbout) {
  auto three = fit_figure("y", {"num_workers"}, {pt(0, 100), pt(1, 150), pt(2, 201)});
  ASSERT_TRUE(three);
  EXPECT_FALSE(three->warnings.empty());  // 3 points: "only 3 points"
  auto two = fit_figure("y", {"num_workers"}, {pt(0, 100), pt(2, 200)});
  ASSERT_TRUE(two);
  ASSERT_FALSE(two->warnings.empty());
  EXPECT_NE(two->warnings[0].find("exactly"), std::string::npos) << two->warnings[0];
  auto one = fit_figure("y", {"num_workers"}, {pt(1, 100)});
  ASSERT_FALSE(one);
  EXPECT_NE(one.error().what.find("at least 2"), std::string::npos) << one.error().what;
  EXPECT_FALSE(fit_figure("y", {}, {pt(1, 100)}));
}

TEST(SweepFit, PoorFitIsSaid) {
  auto f = fit_figure("y", {"num_workers"}, {pt(0, 100), pt(1, 400), pt(2, 120), pt(3, 420), pt(4, 110)});
  ASSERT_TRUE(f);
  bool poor = false;
  for (auto& w : f->warnings) poor |= w.find("poor fit") != std::string::npos;
  EXPECT_TRUE(poor);
}

TEST(SweepFit, QuadraticOnlyWhereItFitsMuchBetter) {
  std::vector<FitPoint> pts;
  for (int b : {1, 2, 4, 8, 16}) pts.push_back(pt(b, 50 + 2.0 * b * b));
  auto f = fit_figure("y", {"num_workers"}, pts);
  ASSERT_TRUE(f);
  ASSERT_TRUE(f->quadratic_bytes);
  EXPECT_NEAR(*f->quadratic_bytes / kMiB, 2.0, 1e-6);
}

TEST(SweepFit, OomKilledPointIsALowerBoundNotFitted) {
  auto f = fit_figure("y", {"num_workers"}, {pt(0, 100), pt(1, 200), pt(2, 300), pt(3, 600, true)});
  ASSERT_TRUE(f);
  EXPECT_EQ(f->points, 3u);
  EXPECT_NEAR(f->slope_bytes.at("num_workers") / kMiB, 100, 1e-6);
  bool under = false;
  for (auto& w : f->warnings) under |= w.find("underestimates") != std::string::npos;
  EXPECT_TRUE(under);
}

TEST(SweepFit, TwoParametersGetOneTermEach) {
  std::vector<FitPoint> pts;
  for (double w : {0, 1, 2})
    for (double b : {16, 32}) {
      FitPoint p;
      p.x = {{"num_workers", w}, {"batch_size", b}};
      p.y = (200 + 80 * w + 3 * b) * kMiB;
      pts.push_back(p);
    }
  auto f = fit_figure("y", {"num_workers", "batch_size"}, pts);
  ASSERT_TRUE(f) << f.error().what;
  EXPECT_NEAR(f->slope_bytes.at("num_workers") / kMiB, 80, 1e-6);
  EXPECT_NEAR(f->slope_bytes.at("batch_size") / kMiB, 3, 1e-6);
  EXPECT_EQ(describe_slope(f->slope_bytes.at("batch_size"), "batch_size"), "+3.0 MiB per sample");
}

TEST(SweepFit, LargestValueWithinABudgetAndMargin) {
  auto f = fit_figure("y", {"num_workers"}, {pt(0, 300), pt(1, 386), pt(2, 472)});
  ASSERT_TRUE(f);
  // 1000 MiB less 10 % = 900 MiB: 300 + 86 w <= 900 -> w <= 6.97.
  auto l = largest_fitting(*f, "num_workers", {}, 1000 * kMiB, 0.10, true, std::nullopt);
  ASSERT_TRUE(l.value) << l.note;
  EXPECT_EQ(*l.value, 6);
  auto capped = largest_fitting(*f, "num_workers", {}, 1000 * kMiB, 0.10, true, 5.0);
  EXPECT_EQ(*capped.value, 4);
  auto none = largest_fitting(*f, "num_workers", {}, 200 * kMiB, 0.10, true, std::nullopt);
  EXPECT_FALSE(none.value);
  auto flat = fit_figure("y", {"num_workers"}, {pt(0, 300), pt(1, 300), pt(2, 300)});
  EXPECT_TRUE(largest_fitting(*flat, "num_workers", {}, 1000 * kMiB, 0.1, true, std::nullopt).unbounded);
}

TEST(SweepFit, StillRising) {
  std::vector<double> t, rising, flat;
  for (int i = 0; i <= 40; ++i) {
    t.push_back(i * 0.25);
    rising.push_back((100 + 10.0 * i) * kMiB);
    flat.push_back((i < 10 ? 100 + 30.0 * i : 400.0) * kMiB);
  }
  EXPECT_TRUE(still_rising(t, rising));
  EXPECT_FALSE(still_rising(t, flat));
  EXPECT_FALSE(still_rising({0, 1}, {1, 2}));
}

}  // namespace
}  // namespace oomlens::diagnose
