// Points of `oomlens sweep` (diagnose/sweep_plan.h) and a point's figures
// from its record (diagnose/sweep_point.h).
#include "diagnose/sweep_plan.h"

#include <gtest/gtest.h>

#include "diagnose/sweep_point.h"

namespace oomlens::diagnose {
namespace {

SweepParam param(const std::string& text) {
  auto p = parse_sweep_param(text);
  EXPECT_TRUE(p) << (p ? "" : p.error().what);
  return p.value_or(SweepParam{});
}

TEST(SweepPlan, ParsesValuesAndKnowsNumbers) {
  auto w = param("num_workers=0,1,2");
  EXPECT_EQ(w.values, (std::vector<std::string>{"0", "1", "2"}));
  EXPECT_TRUE(w.numeric);
  EXPECT_TRUE(w.integer);
  auto lr = param("lr=0.1,1e-3");
  EXPECT_TRUE(lr.numeric);
  EXPECT_FALSE(lr.integer);
  auto mode = param("mode=fast,2");
  EXPECT_FALSE(mode.numeric);
  for (const char* bad : {"w", "w=", "=1", "w=1,,2", "1w=1", "w x=1"}) {
    auto p = parse_sweep_param(bad);
    ASSERT_FALSE(p) << bad;
    EXPECT_NE(p.error().what.find("--param"), std::string::npos) << p.error().what;
  }
}

TEST(SweepPlan, EveryCombinationWithTheFirstParameterSlowest) {
  auto pts = plan_sweep({param("a=1,2"), param("b=x,y,z")}, {"job", "--a={a}", "{b}{b}"});
  ASSERT_TRUE(pts) << pts.error().what;
  ASSERT_EQ(pts->size(), 6u);
  EXPECT_EQ((*pts)[0].argv, (std::vector<std::string>{"job", "--a=1", "xx"}));
  EXPECT_EQ((*pts)[1].argv, (std::vector<std::string>{"job", "--a=1", "yy"}));
  EXPECT_EQ((*pts)[5].argv, (std::vector<std::string>{"job", "--a=2", "zz"}));
  EXPECT_EQ((*pts)[5].params.at("b"), "z");
}

TEST(SweepPlan, BadInput) {
  auto missing = plan_sweep({param("a=1")}, {"job", "--x"});
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().what.find("{a} is not in the command"), std::string::npos) << missing.error().what;
  auto twice = plan_sweep({param("a=1"), param("a=2")}, {"job", "{a}"});
  ASSERT_FALSE(twice);
  EXPECT_NE(twice.error().what.find("given twice"), std::string::npos) << twice.error().what;
  EXPECT_FALSE(plan_sweep({}, {"job"}));
  EXPECT_FALSE(plan_sweep({param("a=1")}, {}));
}

TEST(SweepPoint, FiguresFromARecord) {
  const char* text =
      R"({"type":"header","schema_version":1}
{"type":"sample","t_s":0.5,"cgroup":{"anon_bytes":1048576,"shmem_bytes":0}}
{"type":"verdict","cause":"oom_killed","summary":"s","limit_bytes":67108864,)"
      R"("peak":{"tree_pss_bytes":60000000,"tree_pss_t_s":0.7,"tree_anon_shmem_pss_bytes":55000000,)"
      R"("cgroup_usage_bytes":66000000,"cgroup_anon_shmem_bytes":64000000},"exit":{"shell_status":137},)"
      R"("procs":[{"role":"main","peak_pss_bytes":30000000},{"role":"worker","peak_pss_bytes":10000000},)"
      R"({"role":"worker","peak_pss_bytes":20000000},{"role":"worker","peak_pss_bytes":null}]}
)";
  auto f = point_figures(monitor::parse_record(text));
  EXPECT_EQ(f.cause, "oom_killed");
  EXPECT_TRUE(f.oom_killed);
  EXPECT_EQ(f.peak_anon_shmem_bytes, 64000000u);
  EXPECT_EQ(f.peak_pss_bytes, 60000000u);
  EXPECT_EQ(f.cgroup_peak_bytes, 66000000u);
  EXPECT_DOUBLE_EQ(*f.t_peak_s, 0.7);
  EXPECT_EQ(f.main_peak_pss_bytes, 30000000u);
  EXPECT_EQ(f.worker_peak_pss_bytes, 20000000u);
  EXPECT_EQ(f.workers, 3);
  EXPECT_EQ(f.shell_status, 137);
  EXPECT_EQ(f.limit_bytes, 67108864u);
  EXPECT_FALSE(f.still_rising);
  auto none = point_figures(monitor::parse_record(R"({"type":"header"})"
                                                  "\n"));
  EXPECT_TRUE(none.cause.empty());
  EXPECT_FALSE(none.peak_pss_bytes);
}

}  // namespace
}  // namespace oomlens::diagnose
