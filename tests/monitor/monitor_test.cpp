// Process tree, samples, kmsg records and kill lines, records, render.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "diagnose/verdict_json.h"
#include "monitor/kernel_watch.h"
#include "monitor/record.h"
#include "monitor/sample.h"
#include "monitor/tree.h"
#include "render/plot.h"
#include "render/run_page.h"
#include "render/record_text.h"
#include "support/fixture_tree.h"
#include "support/paths.h"

namespace oomlens::monitor {
namespace {

using nlohmann::json;

const std::string kFix = oomlens::testing::source_path("/tests/fixtures/run");

TEST(Tree, FollowsDescendantsSkipsZombiesAndSumsPss) {
  ProcessTree tree(kFix + "/proc", 50, 100);
  auto added = tree.refresh(0.1);
  // 102 is a zombie: not followed.
  ASSERT_EQ(added.size(), 3u);
  EXPECT_EQ(tree.live_count(), 3u);
  auto* main = tree.find(100);
  ASSERT_NE(main, nullptr);
  EXPECT_EQ(main->role, Role::main);
  EXPECT_EQ(main->start_time_ticks, 200u);
  EXPECT_EQ(main->cmdline, "/usr/bin/python3 -u train.py");
  EXPECT_EQ(tree.find(101)->role, Role::worker);
  EXPECT_EQ(tree.find(103)->role, Role::other);
  EXPECT_EQ(tree.find(101)->status->rss_anon_bytes, 400000ull * 1024);
  EXPECT_TRUE(tree.refresh_smaps(0.2));
  EXPECT_EQ(tree.find(101)->oom_score, 600);
  auto t = tree_totals(tree.procs(), 0.3);
  EXPECT_EQ(t.procs, 3u);
  EXPECT_EQ(*t.pss_bytes, (300000ull + 120000 + 400) * 1024);  // PSS, not RSS
  EXPECT_EQ(t.rss_bytes, (401000ull * 2 + 1500) * 1024);
  EXPECT_EQ(*t.pss_file_bytes, 300ull * 1024);
  EXPECT_NEAR(*t.pss_age_s, 0.1, 1e-9);
}

// Issue 13 item 12: a process of the tree that exits under the PSS walk
// leaves the survivors read after it with a larger share of the pages it
// shared, so the sum over-counts by up to its share (PSS minus its private
// pages). The pass is racy (never a PSS peak) when that share is over 2 %
// of the sum; a tiny child's exit (a fork-heavy job) is not.
TEST(Tree, PassRacingAnExitIsRacyOnlyWhenItsSharedPagesCount) {
  for (bool big_share : {false, true}) {
    oomlens::testing::FixtureTree t;
    std::filesystem::copy(kFix + "/proc", t.root() + "/proc", std::filesystem::copy_options::recursive);
    if (big_share)  // 101 shares 300 MB with the main process: PSS 300000 kB, no private pages
      t.write("proc/101/smaps_rollup", "Rss: 401000 kB\nPss: 300000 kB\nPss_Anon: 300000 kB\nPss_File: 0 kB\n"
                                       "Pss_Shmem: 0 kB\nPrivate_Clean: 0 kB\nPrivate_Dirty: 0 kB\nSwapPss: 0 kB\n");
    ProcessTree tree(t.root() + "/proc", 50, 100);
    tree.refresh(0.1);
    ASSERT_TRUE(tree.refresh_smaps(0.2)) << big_share;
    // 101 exits: a zombie at its next read, its pages re-split among the others.
    std::ifstream in(kFix + "/proc/101/status");
    std::string status((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    status.replace(status.find("S (sleeping)"), 12, "Z (zombie)");
    t.write("proc/101/status", status);
    EXPECT_EQ(tree.refresh_smaps(0.3), !big_share) << (big_share ? "300 MB shared: racy" : "100 kB shared: not racy");
    EXPECT_FALSE(tree.find(101)->gone_s.has_value());  // the next refresh() marks it (and writes its exit)
  }
}

// Issue 21: under fork churn a new process is tracked from its second
// listing; one listed once and gone is counted, never opened.
TEST(Tree, SecondSightingAddsOnlyProcessesListedTwice) {
  oomlens::testing::FixtureTree t;
  std::filesystem::copy(kFix + "/proc", t.root() + "/proc", std::filesystem::copy_options::recursive);
  ProcessTree tree(t.root() + "/proc", 50, 100);
  tree.set_second_sighting(true);
  EXPECT_TRUE(tree.refresh(0.1).empty());  // 100 listed once
  EXPECT_EQ(tree.refresh(0.2), (std::vector<int>{100}));  // listed again: added, its children listed
  auto added = tree.refresh(0.3);
  std::sort(added.begin(), added.end());
  EXPECT_EQ(added, (std::vector<int>{101, 103}));  // 102 is a zombie: never added
  EXPECT_EQ(tree.listed_untracked(), 1u);
}

TEST(Tree, GoneProcessIsMarkedOnce) {
  ProcessTree tree(kFix + "/proc", 50, 100);
  tree.refresh(0.1, {999});  // an extra pid that does not exist is ignored
  EXPECT_EQ(tree.find(999), nullptr);
  EXPECT_EQ(read_children(kFix + "/proc", 100), (std::vector<int>{101, 102, 103}));
}

TEST(Cgroup, MemoryStatV1AndV2) {
  cgroup::MemoryHierarchy v1{cgroup::Version::v1, kFix + "/cgroup-v1"};
  auto c = read_cgroup_sample(v1, kFix + "/cgroup-v1/job");
  EXPECT_EQ(c.anon_bytes, 62914560u);  // total_rss, not rss
  EXPECT_EQ(c.shmem_bytes, 8192u);
  EXPECT_EQ(c.usage_bytes, 67108864u);
  EXPECT_EQ(c.peak_bytes, 67100000u);
  EXPECT_EQ(c.limit_bytes, 67108864u);
  EXPECT_EQ(c.limit_state, "limited");
  EXPECT_EQ(c.oom_kill, 2u);
  cgroup::MemoryHierarchy v2{cgroup::Version::v2, kFix + "/cgroup-v2"};
  c = read_cgroup_sample(v2, kFix + "/cgroup-v2/job");
  EXPECT_EQ(c.anon_bytes, 734003200u);
  EXPECT_EQ(c.shmem_bytes, 2097152u);
  EXPECT_EQ(c.usage_bytes, 740000000u);
  EXPECT_EQ(c.peak_bytes, 733999999u);
  EXPECT_EQ(c.oom_kill, 1u);
  EXPECT_EQ(c.psi_some_total_us, 1834567u);  // the cgroup's own memory.pressure
  EXPECT_EQ(c.psi_full_total_us, 1200345u);
  EXPECT_DOUBLE_EQ(c.psi_some_avg10.value_or(-1), 12.5);
  EXPECT_DOUBLE_EQ(c.psi_full_avg10.value_or(-1), 9.25);
  Sample with_psi;
  with_psi.cgroup = c;
  auto j = sample_json(with_psi, {}, false);
  EXPECT_EQ(j["cgroup"]["psi_some_total_us"], 1834567u);
  c = read_cgroup_sample(v2, kFix + "/cgroup-v2");  // unlimited root
  EXPECT_FALSE(c.psi_some_total_us.has_value());  // no memory.pressure there: null, never 0
  EXPECT_FALSE(c.limit_bytes.has_value());
  EXPECT_EQ(c.limit_state, "unlimited");
}

// The held-open fast path reads the same files (cgroup/memcg_files.h's
// names) and gives what the one-shot reader gives.
TEST(Cgroup, HeldReaderMatchesTheOneShotReader) {
  for (const auto& [v, dir] : {std::pair{cgroup::Version::v1, std::string("/cgroup-v1")},
                               std::pair{cgroup::Version::v2, std::string("/cgroup-v2")}}) {
    const cgroup::MemoryHierarchy h{v, kFix + dir};
    const CgroupSample once = read_cgroup_sample(h, kFix + dir + "/job");
    CgroupReader held(h, kFix + dir + "/job");
    const CgroupSample c = held.read(/*with_limit=*/true, /*with_stat=*/true);
    EXPECT_EQ(c.usage_bytes, once.usage_bytes) << dir;
    EXPECT_EQ(c.peak_bytes, once.peak_bytes) << dir;
    EXPECT_EQ(c.anon_bytes, once.anon_bytes) << dir;
    EXPECT_EQ(c.shmem_bytes, once.shmem_bytes) << dir;
    EXPECT_EQ(c.file_bytes, once.file_bytes) << dir;
    EXPECT_EQ(c.oom_kill, once.oom_kill) << dir;
    EXPECT_EQ(c.limit_bytes, once.limit_bytes) << dir;
    EXPECT_EQ(c.psi_some_total_us, once.psi_some_total_us) << dir;
    EXPECT_EQ(c.psi_full_total_us, once.psi_full_total_us) << dir;
    EXPECT_TRUE(c.usage_bytes) << dir;
  }
}

// The record path of a live kill: /dev/kmsg (a fixture file standing in
// for the device) → KernelWatch → the run record → `report`'s text. The
// hostile comm `foo) Z ` (earlyoom's test name) must survive every step.
TEST(KernelWatch, HostileCommSurvivesTheRecordAndReport) {
  oomlens::testing::FixtureTree t;
  t.write("proc/sys/kernel/random/boot_id", "0e5a1c2d-0000-4000-8000-000000000001\n");
  t.write("dev/kmsg", "6,100,1000,-;an earlier record\n");
  KernelWatch w;
  ASSERT_TRUE(w.open(t.root())) << (w.error() ? w.error()->message() : "");
  EXPECT_EQ(w.start_seq(), 100u);
  {
    std::ofstream k(t.root() + "/dev/kmsg", std::ios::app);
    k << "6,101,2000,-;oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,"
         "oom_memcg=/job,task_memcg=/job,task=foo) Z ,pid=4242,uid=0\n"
         "3,102,2001,-;Memory cgroup out of memory: Killed process 4242 (foo) Z ) total-vm:69924kB, "
         "anon-rss:65280kB, file-rss:1536kB, shmem-rss:0kB, UID:0 pgtables:176kB oom_score_adj:0\n";
  }
  auto kills = w.poll();
  ASSERT_EQ(kills.size(), 1u);
  const KernelKill& k = kills[0];
  EXPECT_EQ(k.pid, 4242);
  EXPECT_EQ(k.comm, "foo) Z ");
  EXPECT_EQ(k.kmsg_seq, 102u);
  EXPECT_EQ(k.constraint, "memcg");
  EXPECT_EQ(k.oom_memcg, "/job");
  EXPECT_EQ(k.anon_rss_bytes, 65280ull * 1024);
  EXPECT_EQ(k.message, "Memory cgroup out of memory");

  // As Session::handle_kills writes it, and `report` prints it back.
  diagnose::TreeKill tk;
  tk.pid = k.pid;
  tk.comm = k.comm;
  tk.role = "main";
  tk.kmsg_seq = k.kmsg_seq;
  tk.constraint = k.constraint;
  json ev = diagnose::tree_kill_to_json(tk);
  ev["type"] = "event";
  ev["kind"] = "oom_kill";
  const std::string path = t.root() + "/run.jsonl";
  {
    RecordWriter rw;
    ASSERT_TRUE(rw.open(path));
    rw.write({{"type", "header"}, {"schema_version", kRecordSchemaVersion}});
    rw.write(ev, true);
    rw.write({{"type", "verdict"}, {"cause", "oom_killed"}, {"kernel_kills", json::array({ev})}}, true);
  }
  auto rec = read_record(path);
  ASSERT_TRUE(rec) << rec.error().message();
  ASSERT_EQ(rec->events.size(), 1u);
  EXPECT_EQ(rec->events[0]["comm"], "foo) Z ");
  EXPECT_NE(render::record_summary(*rec, false).find("kernel killed pid 4242 (foo) Z ), main process"), std::string::npos)
      << render::record_summary(*rec, false);
}

// No /dev/kmsg under the root: the error is the device's open, with its
// errno, and says so in the words run prints and the verdict keeps.
TEST(KernelWatch, AnUnreadableKernelLogIsTheErrorWithItsErrno) {
  oomlens::testing::FixtureTree t;
  KernelWatch w;
  ASSERT_FALSE(w.open(t.root()));
  ASSERT_TRUE(w.error());
  EXPECT_EQ(w.error()->errnum, ENOENT);
  EXPECT_EQ(w.error()->what, "/dev/kmsg");
  EXPECT_EQ(w.error()->message(), "/dev/kmsg: No such file or directory");
}

// A write that fails (a FIFO whose reader went away: EPIPE) is remembered
// with its errno, the first one only, and the job is not stopped.
TEST(Record, AFailedWriteIsTheErrorWithItsErrno) {
  oomlens::testing::FixtureTree t;
  const std::string fifo = t.root() + "/r.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  ASSERT_GE(reader, 0);
  RecordWriter rw;
  ASSERT_TRUE(rw.open(fifo));
  EXPECT_FALSE(rw.regular());
  ::close(reader);
  struct sigaction ignore {}, old {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old);
  rw.write({{"type", "header"}});
  rw.write({{"type", "verdict"}}, true);
  ::sigaction(SIGPIPE, &old, nullptr);
  ASSERT_TRUE(rw.error());
  EXPECT_EQ(rw.error()->errnum, EPIPE);
  EXPECT_EQ(rw.error()->message(), "record write failed: Broken pipe");
}

TEST(Record, ToleratesCorruptAndTruncatedLines) {
  auto r = parse_record(
      "{\"type\":\"header\",\"schema_version\":1}\n"
      "not json\n"
      "{\"type\":\"sample\",\"t_s\":1,\"tree\":{\"pss_bytes\":10}}\n"
      "{\"type\":\"sample\"}\n"
      "{\"type\":\"event\",\"t_s\":1.5,\"kind\":\"main_exit\"}\n"
      "{\"type\":\"sample\",\"t_s\":2,\"tr");
  EXPECT_TRUE(r.header);
  EXPECT_EQ(r.samples.size(), 1u);
  EXPECT_EQ(r.events.size(), 1u);
  EXPECT_FALSE(r.verdict);
  ASSERT_EQ(r.notes.size(), 3u);
  EXPECT_NE(r.notes.back().find("truncated"), std::string::npos);
  EXPECT_NE(render::record_summary(r).find("no verdict"), std::string::npos);
  EXPECT_NE(render::record_summary(parse_record("\x01\xff{[")).find("no header"), std::string::npos);
}

TEST(Record, SummaryRepeatsTheGuardAndTheBudget) {
  auto r = parse_record(
      "{\"type\":\"header\",\"schema_version\":1}\n"
      "{\"type\":\"verdict\",\"cause\":\"exited\",\"confidence\":\"high\","
      "\"guard\":{\"stage\":\"acted\",\"warning\":{\"t_s\":3.25,\"trigger\":\"forecast\",\"used_fraction\":0.5,"
      "\"time_to_limit_s\":9.5},\"action\":{\"t_s\":4,\"trigger\":\"threshold\",\"used_fraction\":0.95,"
      "\"time_to_limit_s\":null,\"action\":{\"message\":\"sent SIGTERM to the job's main process 42\"}}},"
      "\"budget\":{\"budget_bytes\":1048576,\"peak_tree_pss_bytes\":3145728,\"exceeded\":true,\"over_bytes\":2097152}}\n");
  std::string text = render::record_summary(r, false);
  EXPECT_NE(text.find("guard warning at 3.2 s (forecast): working set 50% of the limit, 9.5 s from it"), std::string::npos) << text;
  EXPECT_NE(text.find("guard action at 4.0 s (threshold): working set 95% of the limit\n"), std::string::npos) << text;
  EXPECT_NE(text.find("sent SIGTERM to the job's main process 42"), std::string::npos) << text;
  EXPECT_NE(text.find("budget 1.0 MiB: peak tree PSS 3.0 MiB, over by 2.0 MiB"), std::string::npos) << text;
}

// A healthy job whose libraries' page cache filled the cgroup to its limit
// (a real torch job: cgroup peak 400 MiB, anon+shmem 290 MiB) is not told
// "headroom at peak 0 B" alone: how far its anon+shmem peak was is said.
TEST(Record, HeadroomBesideTheAnonShmemPeakWhenPageCacheFilledTheLimit) {
  auto r = parse_record(
      "{\"type\":\"header\",\"schema_version\":1}\n"
      "{\"type\":\"verdict\",\"cause\":\"exited\",\"confidence\":\"high\",\"limit_bytes\":419430400,"
      "\"headroom_bytes\":0,\"peak\":{\"cgroup_usage_bytes\":419430400,\"cgroup_anon_shmem_bytes\":304087040}}\n");
  std::string text = render::record_summary(r, false);
  EXPECT_NE(text.find("cgroup limit 400.0 MiB, headroom at peak 0 B with page cache, 110.0 MiB above the anon+shmem peak "
                      "(page cache is reclaimed before an OOM kill)"),
            std::string::npos)
      << text;
  // A job whose anon+shmem filled the limit: the headroom alone.
  r = parse_record(
      "{\"type\":\"header\",\"schema_version\":1}\n"
      "{\"type\":\"verdict\",\"cause\":\"oom_killed\",\"confidence\":\"high\",\"limit_bytes\":67108864,"
      "\"headroom_bytes\":5242880,\"peak\":{\"cgroup_usage_bytes\":61865984,\"cgroup_anon_shmem_bytes\":61865984}}\n");
  text = render::record_summary(r, false);
  EXPECT_NE(text.find("cgroup limit 64.0 MiB, headroom at peak 5.0 MiB\n"), std::string::npos) << text;
}

// Issue 13: the sparkline's max agrees with the peak: a racy sample (a
// read that raced with an exit) is left out of it, as the peaks leave it.
TEST(Record, SparklineLeavesOutRacySamples) {
  auto r = parse_record(
      "{\"type\":\"header\",\"schema_version\":1}\n"
      "{\"type\":\"sample\",\"t_s\":1,\"tree\":{\"pss_bytes\":1048576}}\n"
      "{\"type\":\"sample\",\"t_s\":2,\"tree\":{\"pss_bytes\":2097152}}\n"
      "{\"type\":\"sample\",\"t_s\":3,\"racy\":true,\"tree\":{\"pss_bytes\":9437184}}\n");
  const std::string text = render::record_summary(r, true);
  EXPECT_NE(text.find(" max 2.0 MiB"), std::string::npos) << text;
  EXPECT_EQ(text.find("9.0 MiB"), std::string::npos) << text;
}

// Issue 13 items 11-12: the summary shows the Python findings, and says what
// the peaks count, with a note when the tree's PSS exceeds the cgroup's peak.
TEST(Record, SummaryShowsPythonFindingsAndWhatThePeaksCount) {
  auto r = parse_record(
      "{\"type\":\"header\",\"schema_version\":1}\n"
      "{\"type\":\"event\",\"t_s\":7.5,\"kind\":\"py_tracemalloc\",\"main_rss_anon_bytes\":443547648,"
      "\"note\":\"tracemalloc saw 88 MiB of 423 MiB (the main process's anonymous memory); torch\",\"snapshot\":"
      "{\"traced_bytes\":92274688,\"top\":[{\"size_bytes\":41943040,\"count\":10,\"where\":\"train.py:41\"}]}}\n"
      "{\"type\":\"event\",\"t_s\":9,\"kind\":\"py_tracemalloc\",\"snapshot\":null,"
      "\"reason\":\"the snapshot never finished: the main process ended 0.4 s after it was asked for\"}\n"
      "{\"type\":\"verdict\",\"cause\":\"exited\",\"confidence\":\"high\",\"peak\":{\"tree_pss_bytes\":951058432,"
      "\"tree_pss_t_s\":3,\"tree_anon_shmem_pss_bytes\":786432000,\"tree_pss_file_bytes\":164626432,"
      "\"tree_pss_age_s\":1.5,\"cgroup_usage_bytes\":835715072,\"cgroup_anon_shmem_bytes\":790626304},"
      "\"procs\":[{\"pid\":5,\"role\":\"worker\",\"comm\":\"python3\",\"peak_pss_bytes\":203423744,"
      "\"peak_uss_bytes\":150994944}]}\n");
  std::string text = render::record_summary(r, false);
  EXPECT_NE(text.find("python tracemalloc at 7.5 s: tracemalloc saw 88 MiB of 423 MiB"), std::string::npos) << text;
  EXPECT_NE(text.find("40.0 MiB in 10 blocks at train.py:41"), std::string::npos) << text;
  EXPECT_NE(text.find("python tracemalloc at 9.0 s: the snapshot never finished"), std::string::npos) << text;
  EXPECT_NE(text.find("(anon+shmem 750.0 MiB, file pages 157.0 MiB), from PSS up to 1.5 s old"), std::string::npos) << text;
  EXPECT_NE(text.find("note: the tree's PSS exceeds the cgroup's peak because it counts file pages"), std::string::npos)
      << text;
  EXPECT_NE(text.find("peak PSS 194.0 MiB, private 144.0 MiB"), std::string::npos) << text;
  EXPECT_NE(text.find("the kernel's anon-rss counts them whole"), std::string::npos) << text;
}

TEST(Render, SparklineAndPlot) {
  EXPECT_EQ(render::sparkline({0, 1, 2, 3, 4, 5, 6, 7}, 8), "▁▂▃▄▅▆▇█");
  EXPECT_EQ(render::sparkline({}, 8), "");
  EXPECT_EQ(render::human_bytes(64.0 * 1024 * 1024), "64.0 MiB");
  auto r = parse_record(
      "{\"type\":\"header\",\"command\":[\"a<b\"],\"proc_columns\":[\"pid\",\"x\",\"x\",\"x\",\"x\",\"pss_bytes\"]}\n"
      "{\"type\":\"event\",\"t_s\":0,\"kind\":\"process_start\",\"pid\":7,\"role\":\"main\"}\n"
      "{\"type\":\"sample\",\"t_s\":0,\"tree\":{\"pss_bytes\":10},\"cgroup\":{\"usage_bytes\":20,\"limit_bytes\":100},"
      "\"procs\":[[7,null,null,null,null,10]]}\n"
      "{\"type\":\"sample\",\"t_s\":1,\"tree\":{\"pss_bytes\":90},\"cgroup\":{\"usage_bytes\":95,\"limit_bytes\":100},"
      "\"procs\":[[7,null,null,null,null,90]]}\n"
      "{\"type\":\"event\",\"t_s\":1.2,\"kind\":\"oom_kill\",\"pid\":7}\n");
  auto svg = render::plot_svg(r);
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find(">OOM kill 7</text>"), std::string::npos);
  EXPECT_NE(svg.find("a&lt;b"), std::string::npos);
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  auto html = render::run_page_html(render::run_plot_data(r));
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // no fetched resources
}

TEST(Sample, JsonCarriesUnitsAndNulls) {
  Sample s;
  s.t_s = 1.23456;
  auto j = sample_json(s, {}, true);
  EXPECT_EQ(j["type"], "sample");
  EXPECT_DOUBLE_EQ(j["t_s"].get<double>(), 1.235);
  EXPECT_TRUE(j["tree"]["pss_bytes"].is_null());
  EXPECT_TRUE(j["cgroup"]["limit_bytes"].is_null());
  EXPECT_EQ(j["cgroup"]["limit_state"], "unknown");
  EXPECT_TRUE(j["procs"].is_array());
  EXPECT_FALSE(sample_json(s, {}, false).contains("procs"));
}

}  // namespace
}  // namespace oomlens::monitor
