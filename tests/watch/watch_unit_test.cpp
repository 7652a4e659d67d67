// Unit tests of the watch/daemon pieces: exposition rendering and label
// bounding, counters, state file, command splitting, redaction, and the
// capture engine on a kmsg records file (quiet window, reaper update).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "diagnose/cgroup_owner.h"
#include "render/prometheus.h"
#include "support/oom_builders.h"
#include "watch/capture.h"
#include "watch/exec.h"
#include "watch/http_route.h"
#include "watch/metrics.h"
#include "watch/oom_counters.h"
#include "watch/state_file.h"

namespace oomlens::watch {
namespace {

std::filesystem::path temp_dir(const std::string& name) {
  auto p = std::filesystem::temp_directory_path() / ("oomlens-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(p);
  std::filesystem::create_directories(p);
  return p;
}

// A capture of the fixture tree `dir` reading `kmsg` from its start, without
// the kernel's oom_kill counters.
CaptureOptions fixture_capture(const std::filesystem::path& dir, const std::string& kmsg) {
  CaptureOptions o;
  o.root = dir.string();
  o.kmsg_path = kmsg;
  o.from_start = true;
  o.counters = false;
  return o;
}

TEST(Prometheus, EscapesAndFormats) {
  EXPECT_EQ(prom::escape_label_value("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
  EXPECT_EQ(prom::escape_label_value(std::string("x\xff", 2)), "x\xEF\xBF\xBD");
  EXPECT_EQ(prom::escape_label_value(std::string(300, 'a')).size(), 128u);
  // Cut on a character boundary: 127 'a' + a 2-byte character.
  EXPECT_EQ(prom::escape_label_value(std::string(127, 'a') + "\xC3\xA9").size(), 127u);
  EXPECT_EQ(prom::format_value(3), "3");
  EXPECT_EQ(prom::format_value(0.25), "0.25");
  EXPECT_EQ(prom::format_value(1796018683.404), "1796018683.404");
  EXPECT_EQ(prom::format_value(std::nan("")), "NaN");
  EXPECT_EQ(prom::render({{"x_total", "counter", "help\\me", {}}}), "");  // no samples: left out
  EXPECT_EQ(prom::render({{"x_total", "counter", "h", {{"", {{"a", "1"}, {"b", "q\""}}, 2}}}}),
            "# HELP x_total h\n# TYPE x_total counter\nx_total{a=\"1\",b=\"q\\\"\"} 2\n");
}

WatchEvent kill_event(const std::string& comm, const std::string& memcg, uint64_t anon) {
  WatchEvent w;
  w.event = testing::EventOf(EventKind::kill)
                .constraint(Constraint::memcg)
                .memcg(testing::MemcgOf().oom(memcg).owner(decode_cgroup_owner(memcg)))
                .victim(testing::VictimOf(7, comm).rss(std::nullopt, anon, std::nullopt));
  w.kills = 1;
  w.detected_unix_ms = 1700000000123;
  return w;
}

TEST(Metrics, CountsPerLabelSetAndBoundsCardinality) {
  MetricsLimits lim;
  lim.max_kill_series = 2;
  lim.max_owner_series = 2;
  MetricsState st(lim);
  st.record(kill_event("a", "/system.slice/a.service", 100));
  st.record(kill_event("a", "/system.slice/a.service", 200));
  st.record(kill_event("b", "/x", 300));
  for (int i = 0; i < 5; ++i) st.record(kill_event("c" + std::to_string(i), "/y" + std::to_string(i), 400));
  WatchEvent upd = kill_event("a", "/system.slice/a.service", 1);
  upd.type = EmitType::update;
  st.record(upd);  // updates do not count
  EXPECT_EQ(st.kills.size(), 3u);  // 2 + the _other set
  EXPECT_EQ((st.kills[{"memcg", "systemd", "a.service", "a"}]), 2u);
  EXPECT_EQ((st.kills[{"memcg", "cgroup", "/x", "b"}]), 1u);
  EXPECT_EQ((st.kills[{"memcg", "cgroup", "_other", "_other"}]), 5u);  // /y0../y4 folded
  EXPECT_EQ(st.folded, 5u);
  uint64_t total = 0;
  for (auto& [k, n] : st.kills) total += n;
  EXPECT_EQ(total, 8u);  // none lost
  EXPECT_LE(st.last_anon_rss_bytes.size(), 3u);
  EXPECT_EQ((st.last_anon_rss_bytes[{"systemd", "a.service"}]), 200u);
  EXPECT_DOUBLE_EQ(*st.last_kill_unix_s, 1700000000.123);

  WatchEvent co;
  co.evidence = Evidence::counter_only;
  co.kills = 3;
  co.event.kind = EventKind::kill;
  MetricsState st2;
  st2.record(co);
  EXPECT_EQ((st2.kills[{"unknown", "none", "", ""}]), 3u);
  EXPECT_EQ(st2.events_counter_only, 1u);
}

TEST(Metrics, ContainerLabelledByItsNameWhenLookedUp) {
  const std::string id(64, 'a');
  WatchEvent w = kill_event("leaker", "/docker/" + id, 100);
  MetricsState st;
  st.record(w);
  EXPECT_EQ((st.kills[{"memcg", "docker", id, "leaker"}]), 1u);  // not found: the id
  w.event.memcg->owner->name = "trainer";                        // owner_lookup found it
  st.record(w);
  EXPECT_EQ((st.kills[{"memcg", "docker", "trainer", "leaker"}]), 1u);
  EXPECT_EQ((st.last_anon_rss_bytes[{"docker", "trainer"}]), 100u);
}

TEST(Metrics, FamiliesHaveHelpTypeAndUnits) {
  MetricsState st;
  st.record(kill_event("java", "/kubepods/burstable/pod1234/abc", 1 << 20));
  SystemReadings sys;
  proc::Meminfo mi;
  mi.mem_total_bytes = 1000;
  mi.mem_available_bytes = 500;
  sys.meminfo = mi;
  proc::Pressure p;
  p.some = proc::PsiLine{1.5, 0, 0, 2500000};
  sys.memory_pressure = p;
  sys.vmstat_oom_kill = 9;
  sys.cgroups.push_back({"/a", 10, 20});
  std::string text = prom::render(build_families(st, sys, "0.1.0"));
  for (const char* want :
       {"# TYPE oomlens_oom_kills_total counter", "# TYPE oomlens_last_oom_kill_timestamp_seconds gauge",
        "oomlens_memory_available_bytes 500", "oomlens_memory_total_bytes 1000",
        "oomlens_memory_pressure_stall_seconds_total{kind=\"some\"} 2.5",
        "oomlens_memory_pressure_avg10_ratio{kind=\"some\"} 0.015", "oomlens_kernel_oom_kills_total 9",
        "oomlens_cgroup_memory_limit_bytes{cgroup=\"/a\"} 20", "oomlens_build_info{version=\"0.1.0\"} 1",
        "comm=\"java\"", "oomlens_oom_victim_anon_rss_bytes{cgroup_owner_kind=\"kubernetes\""})
    EXPECT_NE(text.find(want), std::string::npos) << want << "\n" << text;
  EXPECT_EQ(text.find("oomlens_swap_total_bytes"), std::string::npos);  // unknown: left out, never 0

  const std::string promtool = find_in_path("promtool");
  if (promtool.empty()) GTEST_SKIP() << "promtool missing (Debian package prometheus)";
  auto dir = temp_dir("promtool");
  std::ofstream(dir / "m.txt") << text;
  std::string cmd = promtool + " check metrics < " + (dir / "m.txt").string() + " > " + (dir / "out").string() + " 2>&1";
  int rc = std::system(cmd.c_str());
  std::ifstream out(dir / "out");
  std::string msg((std::istreambuf_iterator<char>(out)), {});
  EXPECT_EQ(rc, 0) << msg;
  std::filesystem::remove_all(dir);
}

TEST(Counters, VmstatAndUnexplained) {
  EXPECT_EQ(proc::parse_vmstat_oom_kill("pgfault 5\noom_kill 12\nfoo 1\n"), 12u);
  EXPECT_FALSE(proc::parse_vmstat_oom_kill("pgfault 5\n"));
  EXPECT_FALSE(proc::parse_vmstat_oom_kill("oom_kill x\n"));
  CgroupCounts before{{"/a", 2}, {"/b", 1}};
  CgroupCounts now{{"/a", 5}, {"/b", 1}, {"/c", 2}};
  CgroupCounts explained{{"/a", 2}, {"/c", 2}};
  auto u = unexplained_kills(before, now, explained);
  EXPECT_EQ(u, (CgroupCounts{{"/a", 1}}));
}

TEST(Counters, WalksAFixtureHierarchy) {
  auto root = temp_dir("cgwalk");
  std::filesystem::create_directories(root / "a" / "b");
  std::filesystem::create_directories(root / "c");
  std::ofstream(root / "a" / "memory.oom_control") << "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n";
  std::ofstream(root / "a" / "b" / "memory.oom_control") << "oom_kill_disable 0\nunder_oom 0\noom_kill 1\n";
  std::ofstream(root / "c" / "memory.oom_control") << "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n";
  cgroup::MemoryHierarchy h{cgroup::Version::v1, root.string()};
  EXPECT_EQ(read_cgroup_oom_kills(h), (CgroupCounts{{"/a", 3}, {"/a/b", 1}}));
  size_t n = 0;
  EXPECT_EQ(walk_memory_cgroups(h, 2, [&](const std::string&, const std::string&) { ++n; }), 2u);
  std::filesystem::remove_all(root);
}

TEST(StateFile, RoundTripAndBadInput) {
  auto dir = temp_dir("state");
  std::string path = (dir / "sub" / "state.json").string();
  auto st = write_state(path, {"abc", 42});
  ASSERT_TRUE(st) << st.error().message();
  auto s = read_state(path);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->boot_id, "abc");
  EXPECT_EQ(s->last_kmsg_seq, 42u);
  std::ofstream(path) << "{not json";
  EXPECT_FALSE(read_state(path));
  EXPECT_FALSE(read_state((dir / "missing").string()));
  // A parent that is a file: what failed, on which path, and why.
  auto bad = write_state(path + "/under-a-file", {"abc", 1});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().errnum, ENOTDIR);
  EXPECT_EQ(bad.error().what, "open " + path + "/under-a-file.tmp");
  std::filesystem::remove_all(dir);
}

TEST(Exec, SplitsWithoutShell) {
  EXPECT_EQ(split_command("  /bin/logger -t  oom "), (std::vector<std::string>{"/bin/logger", "-t", "oom"}));
  EXPECT_TRUE(split_command("  ").empty());
  EXPECT_EQ(split_command("\t/bin/echo\ta\rb "), (std::vector<std::string>{"/bin/echo", "a", "b"}));
  std::string host;
  int port = -1;
  EXPECT_TRUE(parse_listen("127.0.0.1:9177", &host, &port));
  EXPECT_EQ(host, "127.0.0.1");
  EXPECT_EQ(port, 9177);
  EXPECT_TRUE(parse_listen("[::1]:0", &host, &port));
  EXPECT_EQ(host, "::1");
  EXPECT_FALSE(parse_listen("9177", &host, &port));
  EXPECT_FALSE(parse_listen("h:99999", &host, &port));
  EXPECT_FALSE(parse_listen("[]:80", &host, &port));
  EXPECT_FALSE(parse_listen("[:80", &host, &port));
}

TEST(HttpRoute, LoopbackAddressesOnly) {
  for (const char* h : {"127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "localhost"})
    EXPECT_TRUE(is_loopback_host(h)) << h;
  for (const char* h : {"0.0.0.0", "::", "10.0.0.5", "128.0.0.1", "::ffff:10.0.0.1", "example.org", "", "127.0.0.1 "})
    EXPECT_FALSE(is_loopback_host(h)) << h;
}

TEST(HttpRoute, CountParamDigitsOnly) {
  EXPECT_EQ(parse_count_param("0"), 0u);
  EXPECT_EQ(parse_count_param("25"), 25u);
  EXPECT_EQ(parse_count_param("99999999999999999999"), SIZE_MAX);  // saturates
  for (const char* v : {"", "-1", "+1", " 1", "1x", "0x10", "123456789012345678901"})
    EXPECT_FALSE(parse_count_param(v)) << v;
}

TEST(Exec, RunsWithEventOnStdinAndInEnvironment) {
  auto dir = temp_dir("exec");
  std::string out = (dir / "out").string();
  std::ofstream(dir / "s.sh") << "#!/bin/sh\n{ echo \"$OOMLENS_COMM\"; cat; } > " << out << "\n";
  std::filesystem::permissions(dir / "s.sh", std::filesystem::perms::owner_all);
  WatchEvent w = kill_event("a b;$(rm -rf x)", "/x", 1);
  auto pid = spawn_detached({(dir / "s.sh").string()}, watch_event_env(w), "{\"k\":1}\n");
  ASSERT_TRUE(pid) << pid.error().message();
  int status = 0;
  ::waitpid(*pid, &status, 0);
  std::ifstream in(out);
  std::string all((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(all, "a b;$(rm -rf x)\n{\"k\":1}\n");
  auto missing = spawn_detached({"/nonexistent/prog"}, {}, "");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message(), "/nonexistent/prog: No such file or directory");
  std::filesystem::remove_all(dir);
}

TEST(WatchEvent, NamesOfEvidenceAndType) {
  EXPECT_STREQ(evidence_name(Evidence::log), "log");
  EXPECT_STREQ(evidence_name(Evidence::counter_only), "counter_only");
  EXPECT_STREQ(evidence_name(Evidence::tracepoint), "tracepoint");
  EXPECT_STREQ(emit_type_name(EmitType::event), "event");
  EXPECT_STREQ(emit_type_name(EmitType::update), "update");
  EXPECT_STREQ(emit_type_name(EmitType::summary), "summary");
}

TEST(Redact, DropsTasksAndCommandLines) {
  nlohmann::json j = {{"tasks", {1, 2}}, {"victims", {{{"pid", 1}, {"cmdline", "secret --token=x"}}}}};
  auto r = redact_event_json(j);
  EXPECT_FALSE(r.contains("tasks"));
  EXPECT_EQ(r["victims"][0]["cmdline"], "[redacted]");
  EXPECT_EQ(r["victims"][0]["pid"], 1);
}

// The capture engine on a records file: an event appears only after the
// quiet window, and a later reaper line yields an update.
TEST(Capture, QuietWindowThenReaperUpdate) {
  auto dir = temp_dir("capture");
  std::filesystem::create_directories(dir / "proc");
  std::string kmsg = (dir / "kmsg").string();
  std::ofstream(kmsg)
      << "4,100,50000000,-;leaker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      << "4,101,50000100,-;memory: usage 65536kB, limit 65536kB, failcnt 12\n"
      << "6,102,50000200,-;oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,"
         "oom_memcg=/t,task_memcg=/t,task=leaker,pid=4242,uid=0\n"
      << "3,103,50000300,-;Memory cgroup out of memory: Killed process 4242 (leaker) total-vm:80000kB, "
         "anon-rss:64000kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:196kB oom_score_adj:0\n";
  std::vector<WatchEvent> got;
  CaptureOptions o = fixture_capture(dir, kmsg);
  o.quiet = std::chrono::milliseconds(50);
  Capture c(o, [&](WatchEvent&& w) { got.push_back(std::move(w)); });
  auto opened = c.open();
  ASSERT_TRUE(opened) << opened.error().what;
  c.on_tick();
  ASSERT_EQ(got.size(), 1u);  // open() flushes what the ring already held
  EXPECT_EQ(got[0].type, EmitType::event);
  EXPECT_EQ(got[0].kills, 1u);
  EXPECT_EQ(got[0].event.victims.at(0).pid, 4242);
  EXPECT_EQ(c.safe_seq(), 103u);
  std::ofstream(kmsg, std::ios::app)
      << "6,104,50000900,-;oom_reaper: reaped process 4242 (leaker), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n";
  c.on_readable();
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[1].type, EmitType::update);
  ASSERT_TRUE(got[1].event.victims.at(0).reaped);
  auto j = watch_event_json(got[1]);
  EXPECT_EQ(j["type"], "update");
  EXPECT_EQ(j["evidence"], "log");
  EXPECT_NE(watch_event_line(got[1]).find("update: leaker (pid 4242)"), std::string::npos);
  std::filesystem::remove_all(dir);
}

// watch carries the cross-event check `explain` adds: the same process killed again within 600 s (the kills did
// not end it). The kills it has read are kept, bounded, in the capture (diagnose/repeat_kill.h RecentKills).
TEST(Capture, TheSameProcessKilledAgainIsNamed) {
  auto dir = temp_dir("capture-again");
  std::filesystem::create_directories(dir / "proc");
  std::string kmsg = (dir / "kmsg").string();
  std::ofstream out(kmsg);
  for (int i = 0; i < 3; ++i)
    out << "4," << 300 + 2 * i << "," << 50000000 + i * 20000000LL
        << ",-;writer invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
        << "3," << 301 + 2 * i << "," << 50000100 + i * 20000000LL
        << ",-;Memory cgroup out of memory: Killed process 4242 (stuck) total-vm:80000kB, anon-rss:64000kB, "
           "file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:196kB oom_score_adj:0\n";
  out.close();
  std::vector<WatchEvent> got;
  CaptureOptions o = fixture_capture(dir, kmsg);
  o.quiet = std::chrono::milliseconds(50);
  Capture c(o, [&](WatchEvent&& w) { got.push_back(std::move(w)); });
  auto opened = c.open();
  ASSERT_TRUE(opened) << opened.error().what;
  c.on_tick();
  ASSERT_EQ(got.size(), 3u);
  auto again = [](const WatchEvent& w) -> const Check* {
    for (const Check& k : w.explanation.checks)
      if (k.id == "victim_killed_again") return &k;
    return nullptr;
  };
  EXPECT_FALSE(again(got[0]));  // the first kill is no repeat
  const Check* second = again(got[1]);
  ASSERT_TRUE(second);
  EXPECT_NE(second->message.find("stuck (pid 4242) was killed 2 times in 20 s"), std::string::npos) << second->message;
  const Check* third = again(got[2]);
  ASSERT_TRUE(third);
  EXPECT_NE(third->message.find("killed 3 times in 40 s"), std::string::npos) << third->message;
  ASSERT_FALSE(got[2].explanation.advice.empty());
  EXPECT_NE(got[2].explanation.advice[0].find("pid 4242 did not exit"), std::string::npos);
  // In the JSON line too (the check as explain's).
  bool in_json = false;
  const nlohmann::json j = watch_event_json(got[2]);  // kept: a range over a temporary's member would dangle
  for (const auto& k : j.at("explanation").at("checks")) in_json = in_json || k.at("id") == "victim_killed_again";
  EXPECT_TRUE(in_json);
  std::filesystem::remove_all(dir);
}

// Linux 2.4's `VM: killing process NAME` prints no pid: each line is an
// event whose victim's pid is null (JSON null, `?` in the line, no
// OOMLENS_PID), and two such kills stay two.
TEST(Capture, KillsWithoutPidStayApart) {
  auto dir = temp_dir("capture-nopid");
  std::filesystem::create_directories(dir / "proc");
  std::string kmsg = (dir / "kmsg").string();
  std::ofstream(kmsg) << "3,200,50000000,-;VM: killing process gammu-smsd\n"
                      << "3,201,50000100,-;VM: killing process gammu-smsd\n";
  std::vector<WatchEvent> got;
  CaptureOptions o = fixture_capture(dir, kmsg);
  o.quiet = std::chrono::milliseconds(50);
  Capture c(o, [&](WatchEvent&& w) { got.push_back(std::move(w)); });
  auto opened = c.open();
  ASSERT_TRUE(opened) << opened.error().what;
  c.on_tick();
  ASSERT_EQ(got.size(), 2u);
  for (const WatchEvent& w : got) {
    EXPECT_EQ(w.type, EmitType::event);
    EXPECT_EQ(w.kills, 1u);
    ASSERT_EQ(w.event.victims.size(), 1u);
    EXPECT_FALSE(w.event.victims[0].pid.has_value());
    EXPECT_EQ(w.event.victims[0].comm, "gammu-smsd");
    EXPECT_TRUE(watch_event_json(w)["victims"][0]["pid"].is_null());
    bool pid_var = false, comm_var = false;
    for (const auto& [k, v] : watch_event_env(w)) {
      pid_var = pid_var || k == "OOMLENS_PID";
      comm_var = comm_var || (k == "OOMLENS_COMM" && v == "gammu-smsd");
    }
    EXPECT_FALSE(pid_var);
    EXPECT_TRUE(comm_var);
  }
  EXPECT_NE(got[0].id, got[1].id);
  std::filesystem::remove_all(dir);
}

TEST(Capture, SkipsRecordsAlreadyCountedByAnEarlierRun) {
  auto dir = temp_dir("capture-skip");
  std::string kmsg = (dir / "kmsg").string();
  std::ofstream(kmsg) << "3,7,1000,-;Memory cgroup out of memory: Killed process 1 (a) total-vm:8kB, anon-rss:4kB, "
                         "file-rss:0kB, shmem-rss:0kB\n";
  std::vector<WatchEvent> got;
  CaptureOptions o = fixture_capture(dir, kmsg);
  o.skip_through_seq = 7;
  Capture c(o, [&](WatchEvent&& w) { got.push_back(std::move(w)); });
  auto opened = c.open();
  ASSERT_TRUE(opened) << opened.error().what;
  c.finish();
  EXPECT_TRUE(got.empty());
  EXPECT_EQ(c.safe_seq(), 7u);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace oomlens::watch
