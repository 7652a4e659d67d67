// Issue 13 item 12: a PSS that lags a ramp is stale (monitor::pss_stale),
// the run's peaks say so (run::Peaks), and the summary, the plot and a
// worker's kill say what their PSS figures are worth.
#include <gtest/gtest.h>

#include "diagnose/verdict.h"
#include "monitor/record.h"
#include "monitor/sample.h"
#include "render/record_text.h"
#include "render/run_data.h"
#include "run/tick_snapshot.h"

namespace oomlens::run {
namespace {

constexpr uint64_t MiB = 1 << 20;

monitor::Sample sample(double t, uint64_t rss, uint64_t rss_at_pss, double age, uint64_t pss, uint64_t cg_anon) {
  monitor::Sample s;
  s.t_s = t;
  s.tree.rss_bytes = rss;
  s.tree.rss_at_pss_bytes = rss_at_pss;
  s.tree.pss_age_s = age;
  s.tree.pss_bytes = pss;
  s.tree.pss_anon_bytes = pss;
  s.tree.pss_shmem_bytes = 0;
  s.tree.pss_file_bytes = 0;
  s.cgroup.anon_bytes = cg_anon;
  s.cgroup.shmem_bytes = 0;
  s.cgroup.usage_bytes = cg_anon;
  return s;
}

TEST(PssStale, AfterGrowthOnlyNeverAPlateau) {
  monitor::TreeTotals t;
  t.pss_bytes = 100 * MiB;
  t.rss_bytes = 300 * MiB;
  t.rss_at_pss_bytes = 300 * MiB;
  t.pss_age_s = 30;  // a plateau: however old, it describes the tree
  EXPECT_FALSE(monitor::pss_stale(t));
  t.rss_bytes = 320 * MiB;  // +6.7 % since the pass
  EXPECT_TRUE(monitor::pss_stale(t));
  t.pss_age_s = 0.6;  // young, but the job grew: no fixed age excuses it
  EXPECT_TRUE(monitor::pss_stale(t));
  t.pss_age_s = 0.0;  // read at this sample
  EXPECT_FALSE(monitor::pss_stale(t));
  t.pss_age_s = 1.5;
  t.rss_bytes = 314 * MiB;  // +4.7 %: within the sampler's own re-read rule
  EXPECT_FALSE(monitor::pss_stale(t));
  t.rss_at_pss_bytes = 0;  // unknown
  t.rss_bytes = 900 * MiB;
  EXPECT_FALSE(monitor::pss_stale(t));
  t.rss_at_pss_bytes = 300 * MiB;
  t.pss_bytes.reset();  // no PSS at all
  EXPECT_FALSE(monitor::pss_stale(t));
}

// The bash -c / torchrun case: the RSS sum barely moved since the pass 0.7 s
// before the kill, but the cgroup's anon+shmem grew 7 % of the tree's
// anon+shmem PSS: stale. The cgroup below the tree at the pass (pages
// charged elsewhere) or growing by less than 5 % is not.
TEST(PssStale, CgroupGrowthSinceThePassMarksItStale) {
  monitor::TreeTotals t;
  t.pss_bytes = 610 * MiB;
  t.pss_anon_bytes = 560 * MiB;
  t.pss_shmem_bytes = 40 * MiB;
  t.rss_bytes = 900 * MiB;
  t.rss_at_pss_bytes = 890 * MiB;  // +1.1 %
  t.pss_age_s = 0.7;
  t.cgroup_anon_shmem_at_pss_bytes = 598 * MiB;
  monitor::CgroupSample c;
  c.anon_bytes = 600 * MiB;
  c.shmem_bytes = 40 * MiB;  // 640: +42 MiB, 7 % of 600
  EXPECT_TRUE(monitor::pss_stale(t, &c));
  EXPECT_FALSE(monitor::pss_stale(t));  // without the cgroup: the RSS rule alone
  c.anon_bytes = 580 * MiB;             // 620: +22 MiB, 3.7 %
  EXPECT_FALSE(monitor::pss_stale(t, &c));
  c.anon_bytes = 500 * MiB;  // shrank
  EXPECT_FALSE(monitor::pss_stale(t, &c));
  c.anon_bytes = 600 * MiB;
  t.cgroup_anon_shmem_at_pss_bytes.reset();  // unknown at the pass
  EXPECT_FALSE(monitor::pss_stale(t, &c));
  t.cgroup_anon_shmem_at_pss_bytes = 598 * MiB;
  c.shmem_bytes.reset();  // memory.stat unread
  EXPECT_FALSE(monitor::pss_stale(t, &c));
  c.shmem_bytes = 40 * MiB;
  t.pss_age_s = 0.0;  // read at this sample: current by definition
  EXPECT_FALSE(monitor::pss_stale(t, &c));
}

TEST(Peaks, MemoryPeakBetweenPassesMarksThePeakPssStale) {
  Peaks p;
  p.update(sample(1.0, 300 * MiB, 300 * MiB, 0.0, 250 * MiB, 250 * MiB));  // a fresh pass
  p.update(sample(1.5, 310 * MiB, 300 * MiB, 0.5, 250 * MiB, 255 * MiB));  // +3 %, PSS current
  EXPECT_FALSE(p.tree_pss_stale());
  p.update(sample(2.4, 420 * MiB, 300 * MiB, 1.4, 250 * MiB, 350 * MiB));  // the peak, PSS 1.4 s behind
  EXPECT_TRUE(p.tree_pss_stale());
  EXPECT_DOUBLE_EQ(*p.memory_peak_t_s, 2.4);
  EXPECT_DOUBLE_EQ(*p.pss_age_at_memory_peak_s, 1.4);
  EXPECT_EQ(*p.tree_pss_bytes(), 250 * MiB);
  EXPECT_DOUBLE_EQ(p.tree_pss_t_s, 1.0);

  Peaks q;  // the same ramp with a pass at its peak (what the sampler does near the limit)
  q.update(sample(1.0, 300 * MiB, 300 * MiB, 0.0, 250 * MiB, 250 * MiB));
  q.update(sample(2.4, 420 * MiB, 420 * MiB, 0.0, 350 * MiB, 350 * MiB));
  EXPECT_FALSE(q.tree_pss_stale());
  EXPECT_EQ(*q.tree_pss_bytes(), 350 * MiB);

  Peaks r;  // a racy PSS pass is never a PSS peak; the cgroup's figures, read apart, still count
  auto s = sample(1.0, 300 * MiB, 100 * MiB, 5, 250 * MiB, 900 * MiB);
  s.racy = true;
  r.update(s);
  EXPECT_FALSE(r.tree_pss_bytes().has_value());
  EXPECT_FALSE(r.tree_anon_shmem_pss_bytes.has_value());
  EXPECT_DOUBLE_EQ(r.memory_peak_t_s.value_or(-1), 1.0);

  // A racy pass at the memory peak (a worker exiting under it) is no PSS of
  // that peak: the PSS in hand is the last clean pass, 0.5 s old, after the
  // fourth worker filled 100 MiB (the CI run of 2026-12-03: "fresh" at 0.0 s
  // beside a peak tree PSS 20 % below the cgroup's).
  Peaks w;
  w.update(sample(2.9, 460 * MiB, 460 * MiB, 0.0, 460 * MiB, 460 * MiB));
  auto peak = sample(3.4, 580 * MiB, 580 * MiB, 0.0, 600 * MiB, 580 * MiB);
  peak.racy = true;
  w.update(peak);
  EXPECT_EQ(*w.tree_pss_bytes(), 460 * MiB);
  EXPECT_DOUBLE_EQ(*w.memory_peak_t_s, 3.4);
  EXPECT_NEAR(*w.pss_age_at_memory_peak_s, 0.5, 1e-9);
  EXPECT_TRUE(w.tree_pss_stale());

  // A clean sample without a pass at the memory peak: the RSS sum and the
  // cached anon+shmem show no growth, the cgroup's usage (read every tick)
  // grew 100 MiB since the pass: stale. 10 MiB (2 %) more is not.
  for (const uint64_t more : {100 * MiB, 10 * MiB}) {
    Peaks u;
    auto pass = sample(2.9, 900 * MiB, 900 * MiB, 0.0, 430 * MiB, 460 * MiB);
    pass.pss_fresh = true;
    pass.tree.cgroup_usage_at_pss_bytes = 460 * MiB;
    u.update(pass);
    auto later = sample(3.3, 900 * MiB, 900 * MiB, 0.4, 430 * MiB, 460 * MiB);
    later.tree.cgroup_usage_at_pss_bytes = 460 * MiB;  // the pass's, carried
    later.cgroup.usage_bytes = 460 * MiB + more;
    u.update(later);
    EXPECT_DOUBLE_EQ(*u.memory_peak_t_s, 3.3);
    EXPECT_EQ(u.tree_pss_stale(), more == 100 * MiB) << more;
    // A later clean pass that saw the cgroup within 5 % of its peak
    // measured that peak: not stale, however the memory peak's PSS was.
    auto again = sample(3.5, 900 * MiB, 900 * MiB, 0.0, 540 * MiB, 550 * MiB);
    again.cgroup.usage_bytes = 460 * MiB + more - 8 * MiB;
    again.tree.cgroup_usage_at_pss_bytes = again.cgroup.usage_bytes;
    again.tree.cgroup_anon_shmem_at_pss_bytes = 550 * MiB;
    again.pss_fresh = true;
    Peaks lagging = u;  // the same pass, had it seen the anon+shmem 50 MiB below its peak: no lift
    u.update(again);
    EXPECT_FALSE(u.tree_pss_stale()) << more;
    again.tree.cgroup_anon_shmem_at_pss_bytes = 500 * MiB;
    lagging.update(again);
    EXPECT_EQ(lagging.tree_pss_stale(), more == 100 * MiB) << more;  // a lift needs both
  }
}

nlohmann::json peak_json(bool stale, double pss_mib, double file_mib, double cg_mib, double cg_as_mib) {
  return {{"tree_pss_bytes", pss_mib * MiB}, {"tree_pss_t_s", 2.0},
          {"tree_anon_shmem_pss_bytes", (pss_mib - file_mib) * MiB}, {"tree_pss_file_bytes", file_mib * MiB},
          {"tree_pss_age_s", 0.0}, {"cgroup_usage_bytes", cg_mib * MiB}, {"cgroup_anon_shmem_bytes", cg_as_mib * MiB},
          {"tree_pss_stale", stale}, {"memory_peak_t_s", 3.2}, {"pss_age_at_memory_peak_s", 1.4}};
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (auto& l : v) s += l + "\n";
  return s;
}

TEST(PeakLines, StaleIsSaidAndPssAboveTheCgroupPeakIsAlwaysExplained) {
  std::string t = joined(render::peak_lines(peak_json(true, 300, 50, 400, 330)));
  EXPECT_NE(t.find("note: the peak tree PSS is stale: the job's memory peaked at 3.2 s, when the last PSS pass was "
                   "1.4 s old"),
            std::string::npos)
      << t;
  EXPECT_EQ(t.find("exceeds the cgroup's peak"), std::string::npos) << t;
  t = joined(render::peak_lines(peak_json(false, 300, 50, 400, 330)));
  EXPECT_EQ(t.find("stale"), std::string::npos) << t;
  // Above the cgroup's peak by less than its file pages: the file pages say why.
  t = joined(render::peak_lines(peak_json(false, 900, 110, 800, 790)));
  EXPECT_NE(t.find("because it counts file pages (110.0 MiB: shared libraries"), std::string::npos) << t;
  // By more than its file pages: pages charged to another cgroup.
  t = joined(render::peak_lines(peak_json(false, 900, 50, 800, 790)));
  EXPECT_NE(t.find("the tree's PSS exceeds the cgroup's peak by more than its file pages (50.0 MiB): some of its "
                   "pages are charged to another cgroup"),
            std::string::npos)
      << t;
  // File pages unknown (kernel before 5.3).
  auto pk = peak_json(false, 900, 0, 800, 790);
  pk["tree_pss_file_bytes"] = nullptr;
  t = joined(render::peak_lines(pk));
  EXPECT_NE(t.find("(its file pages are unknown: kernel before 5.3)"), std::string::npos) << t;
}

TEST(RunData, StalePeakIsMarkedAtTheMemoryPeak) {
  monitor::Record rec;
  rec.header = nlohmann::json{{"type", "header"}, {"command", {"job"}}};
  rec.samples.push_back({{"type", "sample"}, {"t_s", 1.0}, {"tree", {{"procs", 1}}}});
  rec.verdict = nlohmann::json{{"type", "verdict"}, {"cause", "exited"}, {"peak", peak_json(true, 300, 50, 400, 330)}};
  auto d = render::run_plot_data(rec);
  bool marked = false;
  for (auto& m : d.markers)
    if (m.kind == "pss_stale") {
      marked = true;
      EXPECT_DOUBLE_EQ(m.t_s, 3.2);
      EXPECT_EQ(m.label, "PSS stale: 1.4 s");
    }
  EXPECT_TRUE(marked);
  rec.verdict = nlohmann::json{{"type", "verdict"}, {"cause", "exited"}, {"peak", peak_json(false, 300, 50, 400, 330)}};
  for (auto& m : render::run_plot_data(rec).markers) EXPECT_NE(m.kind, "pss_stale");
}

TEST(VerdictPss, AWorkerKilledLongAfterItsLastPassSaysHowOldItsPssIs) {
  diagnose::VerdictInput in;
  in.main_pid = 10;
  in.main_comm = "python3";
  in.exited = true;
  in.exit_code = 1;
  diagnose::TreeKill k;
  k.pid = 12;
  k.comm = "python3";
  k.role = "worker";
  k.constraint = "memcg";
  k.peak_pss_bytes = 194 * MiB;
  k.anon_rss_bytes = 293 * MiB;
  k.pss_age_s = 1.8;
  in.kernel_kills = {k};
  auto v = diagnose::decide_verdict(in);
  EXPECT_EQ(v.cause, "worker_oom_killed");
  EXPECT_NE(v.summary.find("worker process 12 (python3) at 194.0 MiB PSS, last read 1.8 s before the kill;"),
            std::string::npos)
      << v.summary;
  in.kernel_kills[0].pss_age_s = 0.3;  // fresh: no clause
  v = diagnose::decide_verdict(in);
  EXPECT_NE(v.summary.find("at 194.0 MiB PSS;"), std::string::npos) << v.summary;
}

}  // namespace
}  // namespace oomlens::run
