// The HTML/SVG renderers: ticks, label layout, escaping, and the run data
// taken from real records (tests/fixtures/records).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "monitor/record.h"
#include "render/axis.h"
#include "render/html.h"
#include "render/log_page.h"
#include "render/plot.h"
#include "render/run_data.h"
#include "render/run_page.h"
#include "support/oom_builders.h"
#include "support/paths.h"

namespace oomlens::render {
namespace {

monitor::Record fixture(const std::string& name) {
  std::ifstream f(std::string(oomlens::testing::source_dir()) + "/tests/fixtures/records/" + name);
  std::stringstream ss;
  ss << f.rdbuf();
  return monitor::parse_record(ss.str());
}

TEST(Axis, TimeTicksAreRoundAndAtTheirValues) {
  // Issue 13: "0 s, 1 s, 1 s, 2 s, 3 s, 3 s" with "3 s" drawn at 3.6 s.
  Axis a = time_axis(3.6, 6);
  ASSERT_GE(a.ticks.size(), 4u);
  for (size_t i = 0; i < a.ticks.size(); ++i) {
    EXPECT_DOUBLE_EQ(a.ticks[i].value, static_cast<double>(i));
    EXPECT_EQ(a.ticks[i].label, std::to_string(i) + " s");
  }
  EXPECT_GE(a.max, 3.6);
  Axis m = time_axis(600, 6);
  EXPECT_EQ(m.ticks[1].label, "2 min");
  EXPECT_DOUBLE_EQ(m.ticks[1].value, 120);
  EXPECT_EQ(time_axis(4 * 3600, 4).ticks[1].label, "1 h");
  EXPECT_EQ(time_axis(0.4, 4).ticks[1].label, "0.1 s");
}

TEST(Axis, ByteTicksUseOneTwoFiveStepsOfMiBAndGiB) {
  // Issue 13: 163/325/488 MiB before.
  Axis a = bytes_axis(650.0 * (1 << 20), 5);
  ASSERT_GE(a.ticks.size(), 2u);
  EXPECT_EQ(a.ticks[1].label, "200 MiB");
  EXPECT_DOUBLE_EQ(a.ticks[1].value, 200.0 * (1 << 20));
  EXPECT_DOUBLE_EQ(a.max, 800.0 * (1 << 20));
  Axis g = bytes_axis(3.2 * (1 << 30), 6);
  EXPECT_EQ(g.ticks[1].label, "1 GiB");
  EXPECT_EQ(bytes_axis(0, 4).ticks.back().label, "1.0 KiB");  // nothing known: one step, no NaN
}

TEST(LabelLayout, CloseLabelsTakeRowsAndNoneLeavesTheBox) {
  std::vector<Label> ls = {{100, 80}, {104, 60}, {108, 90}, {300, 50}, {955, 70}};
  int rows = layout_labels(ls, 0, 960);
  EXPECT_EQ(rows, 3);
  EXPECT_EQ(ls[0].row, 0);
  EXPECT_EQ(ls[1].row, 1);
  EXPECT_EQ(ls[2].row, 2);
  EXPECT_EQ(ls[3].row, 0);  // far apart: back on the first row
  EXPECT_TRUE(ls[4].anchor_end);
  for (auto& l : ls) {
    EXPECT_GE(l.left, 0);
    EXPECT_LE(l.left + l.width, 960);
  }
  for (size_t i = 0; i < ls.size(); ++i)
    for (size_t j = i + 1; j < ls.size(); ++j)
      if (ls[i].row == ls[j].row) {
        EXPECT_TRUE(ls[i].left + ls[i].width <= ls[j].left || ls[j].left + ls[j].width <= ls[i].left) << i << " " << j;
      }
}

TEST(HtmlEscape, MarkupAndControlBytesNeverReachThePage) {
  std::string s = html_escape("<script>\"a\" & 'b'\x1b[31m\xff");
  EXPECT_EQ(s.find('<'), std::string::npos);
  EXPECT_EQ(s.find('\x1b'), std::string::npos);
  EXPECT_NE(s.find("&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;\\x1b[31m\xef\xbf\xbd"), std::string::npos) << s;
  EXPECT_EQ(html_escape_lines("a<\nb"), "a&lt;\nb");
}

TEST(RunData, RealOomKillStacksAnonShmemPerProcessUpToTheKill) {
  auto d = run_plot_data(fixture("torch-oom-killed.jsonl"));
  EXPECT_EQ(d.cause, "oom_killed");
  ASSERT_EQ(d.victim_pids, std::vector<int64_t>{10677});
  // main and its two workers, one band each.
  ASSERT_EQ(d.series.size(), 3u) << d.series.back().name;
  EXPECT_EQ(d.series[0].name, "main 10677");
  EXPECT_EQ(d.series[1].name, "worker 10679");
  EXPECT_TRUE(d.scaled_to_cgroup);
  // At every sample the stack is the cgroup's anon+shmem of that sample.
  auto rec = fixture("torch-oom-killed.jsonl");
  for (size_t i = 0; i < d.t_s.size(); ++i) {
    double top = 0;
    for (auto& s : d.series) top += s.bytes[i];
    const auto& cg = rec.samples[i]["cgroup"];
    double want = cg["anon_bytes"].get<double>() + cg["shmem_bytes"].get<double>();
    EXPECT_NEAR(top, want, 1) << "sample " << i;
  }
  // The guard's warning and action are marked, as are the kill and the exit.
  std::vector<std::string> kinds;
  for (auto& m : d.markers) kinds.push_back(m.kind);
  for (const char* k : {"guard_warning", "guard_action", "oom_kill", "main_exit", "cgroup_oom_kill"})
    EXPECT_NE(std::find(kinds.begin(), kinds.end(), k), kinds.end()) << k;
  EXPECT_EQ(d.guard.size(), 2u);
  std::string svg = plot_svg(d);
  EXPECT_NE(svg.find("OOM kill 10677 (python3)"), std::string::npos);
  EXPECT_NE(svg.find("warning 34 %"), std::string::npos);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
}

TEST(RunData, ManyWorkersAreOneBand) {
  monitor::Record rec;
  rec.header = nlohmann::json{{"type", "header"}, {"command", {"job"}}};
  nlohmann::json rows = nlohmann::json::array();
  for (int i = 0; i < 12; ++i) {
    rec.events.push_back({{"type", "event"}, {"kind", "process_start"}, {"t_s", 0}, {"pid", 100 + i},
                          {"role", i == 0 ? "main" : "worker"}});
    rows.push_back({100 + i, 0, 0, 0, 0, 1 << 20, 1 << 20, 0, 0, 0, 0});
  }
  rec.samples.push_back({{"type", "sample"}, {"t_s", 1.0}, {"tree", {{"procs", 12}}}, {"procs", rows}});
  auto d = run_plot_data(rec);
  ASSERT_EQ(d.series.size(), 2u);
  EXPECT_EQ(d.series[1].name, "11 workers");
  EXPECT_DOUBLE_EQ(d.series[1].bytes[0], 11.0 * (1 << 20));  // held PSS: no cgroup figures
  EXPECT_FALSE(d.scaled_to_cgroup);
}

TEST(RunPage, SitesAndSweepAreDrawn) {
  auto d = run_plot_data(fixture("sites-peak.jsonl"));
  ASSERT_EQ(d.sites.size(), 5u);
  EXPECT_EQ(d.sites[0].frames.front(), "<module> (dataloader_train.py:70)");  // outermost first
  std::string page = run_page_html(d);
  EXPECT_NE(page.find("&lt;listcomp&gt; (dataloader_train.py:31)"), std::string::npos);
  EXPECT_NE(page.find("PyList_Append (libpython3.11.so.1.0)"), std::string::npos);
  std::ifstream f(std::string(oomlens::testing::source_dir()) + "/tests/fixtures/records/sweep-num-workers.json");
  auto doc = nlohmann::json::parse(f);
  ASSERT_TRUE(is_sweep_document(doc));
  auto s = sweep_data(doc);
  EXPECT_EQ(s.points.size(), 4u);
  EXPECT_TRUE(s.points.back().predicted);
  std::string sp = sweep_page_html(s);
  EXPECT_NE(sp.find("250.0 MiB + 86.0 MiB per num_workers"), std::string::npos);
  EXPECT_NE(sp.find("based on 3 points"), std::string::npos);
}

TEST(LogPage, HostileNamesAreEscapedAndAHundredEventsStayUnderAMegabyte) {
  std::vector<OomEvent> ev(100);
  std::vector<RawLines> raw(100);
  for (size_t i = 0; i < ev.size(); ++i) {
    testing::EventOf e;
    e.at(100.0 + static_cast<double>(i))
        .constraint(Constraint::memcg)
        .memcg(testing::MemcgOf().oom("/kubepods/pod" + std::to_string(i % 7) + "/<b>").usage_and_limit(1 << 30, 1 << 30))
        .victim(testing::VictimOf(5000 + static_cast<int64_t>(i), "<img src=x>\x1b"));
    for (int t = 0; t < 400; ++t) {
      e.task(testing::TaskOf(t, "proc" + std::to_string(t % 30)).rss(4096u * static_cast<uint64_t>(t)));
      raw[i].lines.push_back({static_cast<uint64_t>(t + 1), std::string(90, 'x')});
    }
    ev[i] = e.lines(1, 400);
  }
  std::vector<Explanation> ex(ev.size());
  std::string page = log_page_html(ev, ex, raw);
  EXPECT_LT(page.size(), 1000000u);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_EQ(page.find("<b>"), std::string::npos);
  EXPECT_EQ(page.find('\x1b'), std::string::npos);
  for (auto& e : ev) EXPECT_NE(page.find("pid " + std::to_string(e.victims[0].pid.value()) + " "), std::string::npos);
  EXPECT_NE(page.find("lines not shown"), std::string::npos);
}

}  // namespace
}  // namespace oomlens::render
