// `oomlens top` snapshot building on a fixture /proc tree, the pure sort and
// grouping, and the JSON shape.
#include "top/snapshot.h"

#include <algorithm>
#include <fmt/core.h>
#include <gtest/gtest.h>

#include "top/gpu.h"
#include "top/render.h"
#include "support/fixture_tree.h"

namespace oomlens::top {
namespace {

using oomlens::testing::FixtureTree;

// A /proc/PID/stat line: flags (field 9), start time (22), rss pages (24).
std::string stat_line(int pid, const std::string& comm, char state, int ppid, uint64_t start, uint64_t rss_pages,
                      uint32_t flags = 4194560) {
  return fmt::format("{} ({}) {} {} {} {} 0 -1 {} 100 0 0 0 7 3 0 0 20 0 1 0 {} 123456789 {} 18446744073709551615\n",
                     pid, comm, state, ppid, pid, pid, flags, start, rss_pages);
}

void add_process(const FixtureTree& t, int pid, const std::string& comm, int ppid, int score, uint64_t rss_pages,
                 const std::string& cgroup = "/", uint64_t start = 1000, char state = 'S') {
  const std::string d = "proc/" + std::to_string(pid) + "/";
  t.write(d + "stat", stat_line(pid, comm, state, ppid, start, rss_pages));
  t.write(d + "oom_score", std::to_string(score) + "\n");
  t.write(d + "oom_score_adj", "0\n");
  t.write(d + "status", fmt::format("Name:\t{}\nPPid:\t{}\nUid:\t0\t0\t0\t0\nVmRSS:\t{} kB\nVmSwap:\t12 kB\n", comm, ppid,
                                    rss_pages * 4));
  t.write(d + "cgroup", "12:memory:" + cgroup + "\n0::/\n");
  t.write(d + "cmdline", comm + std::string("\0--flag\0", 8));
  t.write(d + "smaps_rollup", fmt::format("Rss: {} kB\nPss: {} kB\n", rss_pages * 4, rss_pages * 2));
}

void base_tree(const FixtureTree& t) {
  t.write("proc/meminfo", "MemTotal: 8000000 kB\nMemFree: 1000 kB\nMemAvailable: 4000000 kB\nSwapTotal: 0 kB\n"
                          "SwapFree: 0 kB\nCommitLimit: 4000000 kB\nCommitted_AS: 2000000 kB\n");
  t.write("proc/pressure/memory", "some avg10=1.50 avg60=0.00 avg300=0.00 total=1\nfull avg10=0.25 avg60=0 avg300=0 total=1\n");
  t.write("proc/self/mountinfo", "34 30 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n");
  t.write("proc/self/cgroup", "12:memory:/job\n0::/\n");
  t.write("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
  t.write("sys/fs/cgroup/memory/job/memory.limit_in_bytes", "1073741824\n");
  add_process(t, 1, "init", 0, 0, 100);
  add_process(t, 100, "python3", 1, 700, 50000, "/docker/0123456789abcdef0123", 2000);
  add_process(t, 101, "python3", 100, 650, 40000, "/docker/0123456789abcdef0123", 2100);
  add_process(t, 102, "python3", 100, 640, 30000, "/docker/0123456789abcdef0123", 2200);
  add_process(t, 200, "bash", 1, 300, 1000);
  add_process(t, 300, "weird (name) x", 1, 800, 10);
  // A kernel thread (PF_KTHREAD) and a zombie: never OOM victims.
  t.write("proc/2/stat", stat_line(2, "kthreadd", 'S', 0, 1, 0, 0x00208040));
  t.write("proc/2/oom_score", "0\n");
  add_process(t, 400, "defunct", 200, 0, 0, "/", 3000, 'Z');
  t.write("proc/self/stat", "not a pid dir\n");  // "self" is skipped by name
}

TEST(TickStat, FlagsAndRss) {
  auto t = parse_tick_stat(stat_line(42, "a b) (c", 'R', 7, 99, 1234, 0x00208040));
  ASSERT_TRUE(t);
  EXPECT_EQ(t->stat.comm, "a b) (c");
  EXPECT_EQ(t->stat.ppid, 7);
  EXPECT_EQ(t->stat.start_time_ticks, 99u);
  EXPECT_EQ(t->rss_pages, 1234u);
  EXPECT_TRUE(t->flags & kPfKthread);
  EXPECT_FALSE(parse_tick_stat("42 (x) S 1 2 3\n"));  // truncated: no rss field
  EXPECT_FALSE(parse_tick_stat(""));
  EXPECT_FALSE(parse_tick_stat("garbage"));
}

TEST(Snapshot, RanksByOomScoreAndSkipsKernelThreadsAndZombies) {
  FixtureTree t;
  base_tree(t);
  SnapshotBuilder b({t.root(), 3, false});
  auto s = b.tick();
  ASSERT_EQ(s.rows.size(), 6u);
  EXPECT_EQ(s.rows[0].pid, 300);
  EXPECT_EQ(s.rows[0].comm, "weird (name) x");
  EXPECT_EQ(s.rows[1].pid, 100);
  EXPECT_EQ(s.rows[1].oom_score, 700);
  EXPECT_EQ(s.rows[1].rss_bytes, 50000u * static_cast<uint64_t>(::sysconf(_SC_PAGESIZE)));
  EXPECT_EQ(s.rows.back().pid, 1);
  for (const auto& r : s.rows) EXPECT_NE(r.pid, 2) << "kernel thread listed";
  for (const auto& r : s.rows) EXPECT_NE(r.pid, 400) << "zombie listed";
  // Static info: cgroup from the v1 memory line, owner decoded, cmdline.
  ASSERT_TRUE(s.rows[1].info);
  EXPECT_EQ(s.rows[1].info->cgroup_path, "/docker/0123456789abcdef0123");
  ASSERT_TRUE(s.rows[1].info->owner);
  EXPECT_EQ(s.rows[1].info->owner->kind, "docker");
  EXPECT_EQ(s.rows[1].info->cmdline, "python3 --flag");
  EXPECT_EQ(s.rows[1].info->user, "root");
  // Header.
  ASSERT_TRUE(s.header.meminfo);
  EXPECT_EQ(s.header.meminfo->mem_available_bytes, 4000000ull * 1024);
  ASSERT_TRUE(s.header.memory_pressure && s.header.memory_pressure->some);
  EXPECT_DOUBLE_EQ(s.header.memory_pressure->some->avg10, 1.5);
  EXPECT_EQ(s.header.cgroup_limit_bytes, 1073741824u);
  EXPECT_EQ(s.header.cgroup_path, "/job");
  // Details are unknown until asked for.
  EXPECT_FALSE(s.rows[0].pss_bytes);
  EXPECT_FALSE(s.rows[0].oom_score_adj);
}

TEST(Snapshot, DetailsOnlyForRequestedRows) {
  FixtureTree t;
  base_tree(t);
  SnapshotBuilder b({t.root(), 3, false});
  auto s = b.tick();
  b.details(s, 0, 2, 100.0, true);
  EXPECT_EQ(s.rows[0].pss_bytes, 20u * 1024);
  EXPECT_EQ(s.rows[1].pss_bytes, 100000u * 1024);
  EXPECT_EQ(s.rows[1].swap_bytes, 12u * 1024);
  EXPECT_EQ(s.rows[1].oom_score_adj, 0);
  EXPECT_FALSE(s.rows[2].pss_bytes);
  // Cached: a changed file is not re-read before the interval...
  t.write("proc/100/smaps_rollup", "Pss: 7 kB\n");
  auto s2 = b.tick();
  EXPECT_EQ(s2.rows[1].pss_bytes, 100000u * 1024);  // carried from the cache
  b.details(s2, 0, 2, 101.0);
  EXPECT_EQ(s2.rows[1].pss_bytes, 100000u * 1024);
  // ...and is after it.
  b.details(s2, 0, 2, 104.0);
  EXPECT_EQ(s2.rows[1].pss_bytes, 7u * 1024);
}

TEST(Snapshot, RecycledPidGetsFreshStaticInfo) {
  FixtureTree t;
  base_tree(t);
  SnapshotBuilder b({t.root(), 3, false});
  auto s = b.tick();
  t.write("proc/200/cmdline", std::string("changed\0", 8));  // same process: cache kept
  s = b.tick();
  auto find = [](const Snapshot& s, int pid) {
    for (const auto& r : s.rows)
      if (r.pid == pid) return r;
    return ProcessRow{};
  };
  EXPECT_EQ(find(s, 200).info->cmdline, "bash --flag");
  add_process(t, 200, "vim", 1, 300, 1000, "/", 9999);  // new start time: a new process
  s = b.tick();
  EXPECT_EQ(find(s, 200).info->cmdline, "vim --flag");
  t.remove("proc/300");  // gone between ticks
  s = b.tick();
  EXPECT_EQ(s.rows.size(), 5u);
}

TEST(Snapshot, MissingProcGivesEmptySnapshot) {
  FixtureTree t;
  SnapshotBuilder b({t.root() + "/nowhere", 3, false});
  auto s = b.tick();
  EXPECT_TRUE(s.rows.empty());
  EXPECT_FALSE(s.header.meminfo);
  EXPECT_FALSE(render_text(s, 0, false).empty());
}

TEST(Groups, SameCommJoinedByParentSiblingOrCgroup) {
  auto info = [](std::string cg) {
    auto i = std::make_shared<StaticInfo>();
    i->cgroup_path = std::move(cg);
    return std::shared_ptr<const StaticInfo>(i);
  };
  std::vector<ProcessRow> rows;
  auto row = [&](int pid, int ppid, std::string comm, int score, uint64_t start, std::string cg) {
    ProcessRow r;
    r.pid = pid;
    r.ppid = ppid;
    r.comm = std::move(comm);
    r.oom_score = score;
    r.rss_bytes = 100;
    r.pss_bytes = 10;
    r.start_time_ticks = start;
    r.info = info(std::move(cg));
    rows.push_back(r);
  };
  row(11, 10, "python3", 900, 5, "/");         // worker of 10
  row(10, 1, "python3", 800, 1, "/");          // main
  row(12, 10, "python3", 700, 6, "/");         // worker
  row(20, 1, "python3", 600, 2, "/");          // unrelated python3 under init: own group
  row(30, 5, "node", 500, 3, "/user.slice/a"); // same cgroup, different parents
  row(31, 6, "node", 400, 4, "/user.slice/a");
  row(40, 1, "bash", 300, 7, "/");
  rows.back().pss_bytes.reset();
  sort_rows(rows);
  auto g = group_rows(rows);
  ASSERT_EQ(g.size(), 4u);
  EXPECT_EQ(g[0].comm, "python3");
  EXPECT_EQ(g[0].leader_pid, 10);
  EXPECT_EQ(g[0].pids, (std::vector<int>{11, 10, 12}));
  EXPECT_EQ(g[0].max_oom_score, 900);
  EXPECT_EQ(g[0].rss_bytes, 300u);
  EXPECT_EQ(g[0].pss_bytes, 30u);
  EXPECT_EQ(g[1].pids, (std::vector<int>{20}));
  EXPECT_EQ(g[2].pids, (std::vector<int>{30, 31}));
  EXPECT_FALSE(g[3].pss_bytes);  // unknown PSS is not summed as 0
}

TEST(TopRender, JsonShapeAndNulls) {
  FixtureTree t;
  base_tree(t);
  SnapshotBuilder b({t.root(), 3, false});
  auto s = b.tick();
  b.details(s, 0, 1, 0, true);
  auto j = render_json(s, 3, true);
  ASSERT_EQ(j["processes"].size(), 3u);
  EXPECT_EQ(j["processes"][0]["pid"], 300);
  EXPECT_EQ(j["processes"][0]["pss_bytes"], 20 * 1024);
  EXPECT_TRUE(j["processes"][1]["pss_bytes"].is_null());
  EXPECT_TRUE(j["processes"][1]["gpu_bytes"].is_null());
  EXPECT_EQ(j["processes"][1]["cgroup_owner"]["kind"], "docker");
  EXPECT_EQ(j["header"]["cgroup_limit_bytes"], 1073741824);
  EXPECT_EQ(j["gpu_available"], false);
  ASSERT_TRUE(j.contains("groups"));
  EXPECT_EQ(j["groups"][1]["comm"], "python3");
  EXPECT_EQ(j["groups"][1]["pids"].size(), 3u);
  auto text = render_text(s, 0, false, 0);
  EXPECT_NE(text.find("PSI mem some 1.50%"), std::string::npos);
  EXPECT_NE(text.find("docker:0123456789abcdef0"), std::string::npos);
}

TEST(TopRender, HostileCommIsEscaped) {
  ProcessRow r;
  r.pid = 5;
  r.comm = "a\x1b[2Jb";
  auto info = std::make_shared<StaticInfo>();
  info->cmdline = "evil\x1b[31m\xff";
  info->user = "root";
  r.info = info;
  auto line = format_row(r, false, 0);
  EXPECT_EQ(line.find('\x1b'), std::string::npos);
  EXPECT_NE(line.find("\\x1b"), std::string::npos);
}

TEST(Gpu, MissingLibraryMeansNoColumn) {
  EXPECT_EQ(GpuMemory::load("libdoes-not-exist-oomlens.so.1"), nullptr);
  // On this machine (no NVIDIA driver) the real name does not load either;
  // where it does, load() must at least not crash.
  auto g = GpuMemory::load();
  if (g) (void)g->per_pid();
}

TEST(TopRender, LongCgroupPathShowsItsEnd) {
  // Two Slurm tasks of one job differ only at the end of their paths.
  StaticInfo a, b;
  a.cgroup_path = "/slurm_node7/uid_1000/job_4242/step_0/task_0";
  b.cgroup_path = "/slurm_node7/uid_1000/job_4242/step_0/task_1";
  EXPECT_EQ(cgroup_label(a), "…/job_4242/step_0/task_0");
  EXPECT_NE(cgroup_label(a), cgroup_label(b));
  StaticInfo s;
  s.cgroup_path = "/a/b";
  EXPECT_EQ(cgroup_label(s), "/a/b");  // short: whole
  EXPECT_EQ(cut_front("/é/ü/x", 4), "…ü/x");  // by code point, never inside one
  EXPECT_EQ(cut_front("abc", 1), "…");
  ProcessRow r;
  r.pid = 9;
  r.comm = "python3";
  r.info = std::make_shared<StaticInfo>(a);
  EXPECT_NE(format_row(r, false, 0).find("…/job_4242/step_0/task_0 "), std::string::npos) << format_row(r, false, 0);
}

TEST(Snapshot, EachProcessHasItsShareOfItsCgroupsLimit) {
  FixtureTree t;
  base_tree(t);
  // The docker cgroup's own limit is 400 MiB; /docker above it has 1 GiB: the tightest counts.
  t.write("sys/fs/cgroup/memory/docker/memory.limit_in_bytes", "1073741824\n");
  t.write("sys/fs/cgroup/memory/docker/0123456789abcdef0123/memory.limit_in_bytes", "419430400\n");
  add_process(t, 500, "worker", 1, 10, 256, "/docker/unlimited-child", 4000);
  t.write("sys/fs/cgroup/memory/docker/unlimited-child/memory.limit_in_bytes", "9223372036854771712\n");
  SnapshotBuilder b({t.root(), 3, false});
  auto s = b.tick();
  const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  for (const auto& r : s.rows) {
    if (r.pid == 100) {
      EXPECT_EQ(r.cgroup_limit_bytes, 419430400u);
      ASSERT_TRUE(limit_share_pct(r));
      EXPECT_DOUBLE_EQ(*limit_share_pct(r), 100.0 * double(50000 * page) / 419430400.0);
    } else if (r.pid == 500) {
      EXPECT_EQ(r.cgroup_limit_bytes, 1073741824u) << "an unlimited cgroup meets its parent's limit";
    } else if (r.pid == 200) {
      EXPECT_FALSE(r.cgroup_limit_bytes) << "the root cgroup has no limit";
      EXPECT_FALSE(limit_share_pct(r));
    }
  }
  auto j = render_json(s, 0, false);
  for (const auto& p : j["processes"]) {
    if (p["pid"] == 100) {
      EXPECT_EQ(p["cgroup_limit_bytes"], 419430400);
      EXPECT_TRUE(p["cgroup_limit_share_pct"].is_number());
    }
    if (p["pid"] == 200) {
      EXPECT_TRUE(p["cgroup_limit_bytes"].is_null());
      EXPECT_TRUE(p["cgroup_limit_share_pct"].is_null());
    }
  }
  std::string text = render_text(s, 0, false, 0);
  EXPECT_NE(text.find("%LIM"), std::string::npos) << text;
  const std::string pct = fmt::format(" {:.0f}% ", 100.0 * double(50000 * page) / 419430400.0);
  EXPECT_NE(text.find(pct), std::string::npos) << pct << "\n" << text;
}

TEST(Snapshot, FilterMatchesCommPidUserCgroupOrCommandLine) {
  FixtureTree t;
  base_tree(t);
  SnapshotBuilder b({t.root(), 3, false});
  auto s = b.tick();
  auto pids = [](const std::vector<ProcessRow>& rows) {
    std::vector<int> v;
    for (const auto& r : rows) v.push_back(r.pid);
    std::sort(v.begin(), v.end());
    return v;
  };
  auto f = s.rows;
  filter_rows(f, "PYTHON");  // case-insensitive
  EXPECT_EQ(pids(f), (std::vector<int>{100, 101, 102}));
  f = s.rows;
  filter_rows(f, "abcdef0123");  // the cgroup path
  EXPECT_EQ(pids(f), (std::vector<int>{100, 101, 102}));
  f = s.rows;
  filter_rows(f, "200");
  EXPECT_EQ(pids(f), (std::vector<int>{200}));
  f = s.rows;
  filter_rows(f, "--flag");  // the command line: every fixture process has it
  EXPECT_EQ(f.size(), s.rows.size());
  f = s.rows;
  filter_rows(f, "");
  EXPECT_EQ(f.size(), s.rows.size());
  f = s.rows;
  filter_rows(f, "no such thing");
  EXPECT_TRUE(f.empty());
  f = s.rows;
  filter_rows(f, "python3", 100);  // oomlens's own pid never matches (its command line holds the filter)
  EXPECT_EQ(pids(f), (std::vector<int>{101, 102}));
}

TEST(Snapshot, TreePutsWorkersUnderTheirParent) {
  FixtureTree t;
  base_tree(t);
  add_process(t, 103, "pt_data_worker", 100, 10, 500, "/docker/0123456789abcdef0123", 2300);
  add_process(t, 600, "sh", 101, 5, 10, "/docker/0123456789abcdef0123", 2400);
  SnapshotBuilder b({t.root(), 3, false});
  auto s = b.tick();
  const size_t n = s.rows.size();
  tree_order(s.rows);
  ASSERT_EQ(s.rows.size(), n) << "every row exactly once";
  std::vector<std::pair<int, int>> got;  // (pid, depth)
  for (const auto& r : s.rows) got.emplace_back(r.pid, r.depth);
  // 300 (score 800) first; then 100's tree (its best is 100 itself, 700),
  // children by score: 101 (with its own child 600), 102, 103; bash; init.
  // Children of pid 1 are roots, not under init.
  const std::vector<std::pair<int, int>> want = {{300, 0}, {100, 0}, {101, 1}, {600, 2}, {102, 1},
                                                 {103, 1}, {200, 0}, {1, 0}};
  EXPECT_EQ(got, want);
  std::string text = render_text(s, 0, false, 0);
  EXPECT_NE(text.find("  └ sh"), std::string::npos) << text;
  auto j = render_json(s, 0, false);
  EXPECT_EQ(j["processes"][3]["pid"], 600);
  EXPECT_EQ(j["processes"][3]["depth"], 2);
}

TEST(Snapshot, TreeSurvivesAParentLoopAndAMissingParent) {
  std::vector<ProcessRow> rows(3);
  rows[0].pid = 10; rows[0].ppid = 11;  // 10 and 11 each other's parent: a torn read
  rows[1].pid = 11; rows[1].ppid = 10;
  rows[2].pid = 12; rows[2].ppid = 999;  // parent gone (or filtered out)
  tree_order(rows);
  ASSERT_EQ(rows.size(), 3u);
  std::vector<int> seen;
  for (const auto& r : rows) seen.push_back(r.pid);
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<int>{10, 11, 12}));
  EXPECT_EQ(rows.back().pid, 12);
  EXPECT_EQ(rows.back().depth, 0);
}

}  // namespace
}  // namespace oomlens::top
