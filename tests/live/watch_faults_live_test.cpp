// Faults and bursts, live (issue 5): a burst of 1,000 real OOM kills counted
// exactly by the daemon while its event log summarises; a kill whose log
// lines oomlens never sees reported as counter_only; a /dev/kmsg overflow
// (EPIPE) noted and survived; /events redacting command lines.
// Every kill happens inside a small child of the capped `oomlens-tests`
// cgroup; run under `flock /tmp/oomlens-oom.lock` like every OOM test.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "live_support.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

using Clock = std::chrono::steady_clock;

#define REQUIRE_KMSG()                                                              \
  if (!kmsg_last_seq()) {                                                           \
    if (in_ci()) FAIL() << "CI=true: /dev/kmsg is not readable";                    \
    GTEST_SKIP() << "/dev/kmsg is not readable (needs CAP_SYSLOG)";                 \
  }

std::filesystem::path temp(const std::string& name) {
  auto p = std::filesystem::temp_directory_path() / ("oomlens-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(p);
  std::filesystem::create_directories(p);
  return p;
}

/// Waits for the line that says watch/daemon is ready; the daemon's port (or 1 for watch).
int wait_ready(PipedChild& c) {
  constexpr std::string_view kListening = "listening on http://127.0.0.1:";
  while (auto l = c.line(20000)) {
    if (size_t at = l->find(kListening); at != std::string::npos) return std::atoi(l->c_str() + at + kListening.size());
    if (l->find("following the kernel log") != std::string::npos) return 1;
  }
  return 0;
}

/// Sum of the samples of `family` (no labels or any) whose line contains `needle`.
double metric_sum(const std::string& exposition, const std::string& family, const std::string& needle = "") {
  double sum = 0;
  std::istringstream in(exposition);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(family, 0) != 0) continue;
    char next = line.size() > family.size() ? line[family.size()] : '\0';
    if (next != '{' && next != ' ') continue;
    if (!needle.empty() && line.find(needle) == std::string::npos) continue;
    sum += std::stod(line.substr(line.rfind(' ') + 1));
  }
  return sum;
}

/// Runs the leaker (extra args) in cgroup `dir` until OOM-killed; its pid.
int kill_one(const std::string& dir, std::vector<std::string> args = {}) {
  args.insert(args.begin(), oomlens::testing::leaker_binary());
  int pid = spawn_in_cgroup(dir, args);
  auto st = wait_for(pid, 120);
  EXPECT_TRUE(st && WIFSIGNALED(*st) && WTERMSIG(*st) == SIGKILL) << "leaker not OOM-killed";
  return pid;
}

/// The next JSON object line from watch satisfying `pred`, within `timeout_s`.
template <class Pred>
nlohmann::json next_json(PipedChild& w, int timeout_s, Pred pred) {
  auto deadline = Clock::now() + std::chrono::seconds(timeout_s);
  while (Clock::now() < deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    auto l = w.line(static_cast<int>(std::max<int64_t>(left, 1)));
    if (!l) break;
    if (l->empty() || (*l)[0] != '{') continue;
    auto j = nlohmann::json::parse(*l, nullptr, false);
    if (!j.is_discarded() && pred(j)) return j;
  }
  return nullptr;
}

bool has_victim(const nlohmann::json& j, int pid) {
  if (!j.contains("victims")) return false;
  for (const auto& v : j.at("victims"))
    if (v.value("pid", -1) == pid) return true;
  return false;
}

/// The burst's victims' comm: oomlens-test-burst forks (no exec) its
/// leakers, and the kernel keeps 15 bytes of a comm (TASK_COMM_LEN 16).
constexpr const char* kBurstComm = "oomlens-test-bu";

struct LogCount {
  uint64_t full = 0, summaries = 0;
  uint64_t events = 0;     ///< events the log accounts for: full ones plus those summaries fold
  uint64_t own_kills = 0;  ///< kills of victims named kBurstComm (full events' victims + summaries' kills_by_comm)
  bool summary_says_so = true;
};

/// Events, summaries and the burst's own kills in a daemon --log file
/// (`rel`: the burst cgroup, for counter_only events, which name no victim).
LogCount count_log(const std::filesystem::path& path, const std::string& rel) {
  LogCount c;
  std::ifstream log(path);
  std::string line;
  while (std::getline(log, line)) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << line;
    if (j.is_discarded()) continue;
    if (j["type"] == "summary") {
      ++c.summaries;
      c.events += j.value("events", uint64_t{0});
      if (j["summary"].get<std::string>().find("summarised") == std::string::npos) c.summary_says_so = false;
      c.own_kills += j["kills_by_comm"].value(kBurstComm, uint64_t{0});
    } else if (j["type"] == "event") {
      ++c.full;
      ++c.events;
      if (j.value("evidence", "") == "counter_only") {
        if (j["memcg"].is_object() && j["memcg"].value("task_memcg", "") == rel) c.own_kills += j["kills"].get<uint64_t>();
        continue;
      }
      for (const auto& v : j.value("victims", nlohmann::json::array()))
        if (v.value("comm", "") == kBurstComm) ++c.own_kills;
    }
  }
  return c;
}

/// /proc/vmstat oom_kill: machine-wide, only to tell whether others' kills
/// happened during the burst (never what the test counts).
uint64_t vmstat_oom_kill() {
  std::ifstream in("/proc/vmstat");
  std::string k;
  uint64_t v = 0;
  while (in >> k >> v)
    if (k == "oom_kill") return v;
  return 0;
}

// Counts only what is the test's own: its cgroup's oom_kill counter, the
// daemon's kills of its victims (comm kBurstComm) and those labelled with
// its cgroup, and its victims in the event log. Other processes on the
// machine may be OOM-killed meanwhile (seen: 2 during a burst); they are
// reported, never counted.
TEST(DaemonLive, BurstOfAThousandKillsIsCountedExactlyAndSummarised) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_KMSG();
  constexpr int kKills = 1000;
  auto dir_cg = make_child_cgroup("burst", 8ull << 20);
  ASSERT_TRUE(dir_cg) << dir_cg.error().message();
  const std::string dir = *dir_cg;
  const std::string rel = dir.substr(parent->hierarchy.mount_point.size());
  const auto version = parent->hierarchy.version;
  auto tmp = temp("burst");
  PipedChild daemon({oomlens::testing::oomlens_binary(), "daemon", "--listen", "127.0.0.1:0", "--no-state", "--log",
                     (tmp / "events.jsonl").string()});
  int port = wait_ready(daemon);
  ASSERT_GT(port, 1) << "daemon did not start";
  httplib::Client http("127.0.0.1", port);
  http.set_read_timeout(10, 0);
  auto scrape = [&] {
    auto r = http.Get("/metrics");
    return r && r->status == 200 ? r->body : std::string();
  };
  const std::string owner = "cgroup_owner=\"" + rel + "\"";
  const std::string comm = std::string("comm=\"") + kBurstComm + "\"";
  // The baselines once the daemon has replayed the ring's old reports.
  const std::string before = scrape_after_replay(scrape);
  ASSERT_FALSE(before.empty());
  const double base_cgroup = metric_sum(before, "oomlens_oom_kills_total", owner);
  const double base_own = metric_sum(before, "oomlens_oom_kills_total", comm);
  const uint64_t cg_base = cgroup::oom_kill_count(version, dir).value_or(0);
  const uint64_t vm_base = vmstat_oom_kill();

  // What the log holds before the burst (the ring's old reports, replayed
  // at start): once their summary, due after 1 s of quiet (docs/watch.md),
  // is written, the log accounts for every event the daemon counted (the
  // log first: an event is counted before it is written), 30 s at the most.
  LogCount logged0;
  auto log_caught_up = [&] {
    logged0 = count_log(tmp / "events.jsonl", rel);
    const std::string m = scrape();
    return !m.empty() && double(logged0.events) >= metric_sum(m, "oomlens_oom_events_total");
  };
  for (auto until = Clock::now() + std::chrono::seconds(30); !log_caught_up() && Clock::now() < until;)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));

  const auto t0 = Clock::now();
  auto r = run_command({oomlens::testing::burst_binary(), dir, std::to_string(kKills), "--parallel", "8"}, 600, true);
  const double burst_s = std::chrono::duration<double>(Clock::now() - t0).count();
  ASSERT_EQ(r.status, 0) << r.out;
  const uint64_t own_cg = cgroup::oom_kill_count(version, dir).value_or(0) - cg_base;
  EXPECT_EQ(own_cg, static_cast<uint64_t>(kKills)) << "the burst cgroup's own oom_kill counter";

  std::string after;
  auto deadline = Clock::now() + std::chrono::seconds(60);
  while (Clock::now() < deadline) {
    after = scrape();
    if (metric_sum(after, "oomlens_oom_kills_total", comm) >= base_own + kKills) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  const double counted_s = std::chrono::duration<double>(Clock::now() - t0).count();
  const uint64_t others = vmstat_oom_kill() - vm_base - own_cg;  // the machine's other kills meanwhile
  const double own = metric_sum(after, "oomlens_oom_kills_total", comm) - base_own;
  EXPECT_EQ(own, kKills) << "the daemon's count of the burst's victims (" << comm << ")";
  // Most kill lines come without their rate-limited header: the cgroup is
  // taken from its oom_kill counter (Capture::attribute_headerless).
  const double in_cgroup = metric_sum(after, "oomlens_oom_kills_total", owner) - base_cgroup;
  if (others == 0) {
    EXPECT_EQ(in_cgroup, kKills) << "kills not attributed to the burst cgroup";
  } else {
    // Headerless kills of two cgroups at once cannot all be told apart by
    // counters alone (the kernel-events issue): never more than ours.
    EXPECT_LE(in_cgroup, kKills) << "other cgroups' kills attributed to the burst cgroup";
    std::fprintf(stderr, "burst: %llu other OOM kill(s) on the machine during the burst: attribution to the "
                         "burst cgroup (%.0f of %d) not asserted exactly\n",
                 static_cast<unsigned long long>(others), in_cgroup, kKills);
  }
  const double counter_only = metric_sum(after, "oomlens_oom_events_total", "evidence=\"counter_only\"");
  const double gaps = metric_sum(after, "oomlens_kmsg_gaps_total");

  // The event log: full events, then summaries that say how many they fold.
  // A summary falls due after 1 s of quiet: wait until the log holds every
  // victim of the burst (in full events or summaries), 60 s at the most.
  LogCount logged = count_log(tmp / "events.jsonl", rel);
  for (deadline = Clock::now() + std::chrono::seconds(60);
       logged.own_kills - logged0.own_kills < static_cast<uint64_t>(kKills) && Clock::now() < deadline;
       logged = count_log(tmp / "events.jsonl", rel))
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  int status = daemon.stop(SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "wait status " << status;
  logged = count_log(tmp / "events.jsonl", rel);
  const uint64_t full = logged.full - logged0.full, summaries = logged.summaries - logged0.summaries;
  const uint64_t logged_own = logged.own_kills - logged0.own_kills;
  EXPECT_TRUE(logged.summary_says_so);
  EXPECT_GE(summaries, 1u) << "a burst of " << kKills << " kills was printed one by one";
  EXPECT_LE(full, 200u);
  EXPECT_EQ(logged_own, static_cast<uint64_t>(kKills)) << "the event log lost the burst's kills instead of summarising";
  std::fprintf(stderr,
               "burst: %d kills in %.1f s, all counted %.1f s after the start (%.0f labelled with the cgroup); "
               "%.0f counter_only events, %.0f kmsg gaps; event log: %llu full events + %llu summaries; "
               "%llu other kill(s) on the machine meanwhile (not counted)\n",
               kKills, burst_s, counted_s, in_cgroup, counter_only, gaps, static_cast<unsigned long long>(full),
               static_cast<unsigned long long>(summaries), static_cast<unsigned long long>(others));
  EXPECT_TRUE(cgroup::kill_and_remove(dir).ok());
  std::filesystem::remove_all(tmp);
  // Let the kernel's report rate limit (10 headers per 5 s) recover for the next tests.
  wait_for_oom_report_room();
}

TEST(WatchLive, KillWithoutLogLinesIsCounterOnly) {
  OOMLENS_REQUIRE_CGROUP(parent);
  // The capture reads an empty records file instead of /dev/kmsg: the kill's
  // log lines are never seen, only the kernel's counters move.
  auto tmp = temp("counter-only");
  std::ofstream(tmp / "kmsg").flush();
  auto dir_cg = make_child_cgroup("counter-only", 32ull << 20);
  ASSERT_TRUE(dir_cg) << dir_cg.error().message();
  const std::string dir = *dir_cg;
  const std::string rel = dir.substr(parent->hierarchy.mount_point.size());
  // The log and the counters alone (the tracepoint would see the kill:
  // KillWithoutLogLinesIsATracepointEventWithTheReportMissing).
  PipedChild watch({oomlens::testing::oomlens_binary(), "watch", "--json", "--no-tracepoints", "--kmsg", (tmp / "kmsg").string()});
  ASSERT_EQ(wait_ready(watch), 1) << "watch did not start";
  int pid = kill_one(dir);
  ASSERT_GT(pid, 0);
  auto j = next_json(watch, 30, [](const nlohmann::json& e) { return e.value("evidence", "") == "counter_only"; });
  ASSERT_FALSE(j.is_null()) << "no counter_only event within 30 s";
  EXPECT_EQ(j["type"], "event");
  EXPECT_EQ(j["kills"], 1);
  ASSERT_TRUE(j["memcg"].is_object()) << j.dump();
  EXPECT_EQ(j["memcg"].value("task_memcg", ""), rel) << j.dump();
  EXPECT_NE(j["explanation"]["summary"].get<std::string>().find("not in the log"), std::string::npos);
  int status = watch.stop(SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_TRUE(cgroup::kill_and_remove(dir).ok());
  std::filesystem::remove_all(tmp);
}

TEST(WatchLive, KillWithoutLogLinesIsATracepointEventWithTheReportMissing) {
  OOMLENS_REQUIRE_CGROUP(parent);
  // As above, but with the tracepoint source: the kill is one event from
  // the tracepoint, its update says the report is missing and why, and the
  // counters do not count it a second time (no counter_only event).
  auto tmp = temp("tp-no-log");
  std::ofstream(tmp / "kmsg").flush();
  auto dir_cg = make_child_cgroup("tp-no-log", 32ull << 20);
  ASSERT_TRUE(dir_cg) << dir_cg.error().message();
  const std::string dir = *dir_cg;
  const std::string rel = dir.substr(parent->hierarchy.mount_point.size());
  PipedChild watch({oomlens::testing::oomlens_binary(), "watch", "--json", "--kmsg", (tmp / "kmsg").string()});
  std::string start;
  while (auto l = watch.line(20000)) {
    start += *l + "\n";
    if (l->find("following the kernel log") != std::string::npos) break;
  }
  if (start.find("tracepoints on") == std::string::npos) {
    if (in_ci()) FAIL() << "CI=true: no tracepoints:\n" << start;
    GTEST_SKIP() << "tracepoints unavailable here:\n" << start;
  }
  int pid = kill_one(dir);
  ASSERT_GT(pid, 0);
  auto e = next_json(watch, 30, [&](const nlohmann::json& j) { return j.at("type") == "event" && has_victim(j, pid); });
  ASSERT_FALSE(e.is_null()) << "no event for pid " << pid << " within 30 s";
  EXPECT_EQ(e["evidence"], "tracepoint");
  EXPECT_EQ(e["kills"], 1);
  EXPECT_EQ(e["memcg"].value("task_memcg", ""), rel) << e.dump();
  // Missing after the quiet windows (5.3 s); the counter check runs meanwhile.
  bool counted_again = false;
  auto u = next_json(watch, 30, [&](const nlohmann::json& j) {
    if (j.value("evidence", "") == "counter_only") counted_again = true;
    return j.at("type") == "update" && j.value("event_id", "") == e.value("event_id", "?") && j.contains("report");
  });
  ASSERT_FALSE(u.is_null()) << "no report update for pid " << pid;
  EXPECT_EQ(u["report"], "missing") << u.dump();
  EXPECT_NE(u.value("report_missing_reason", "").find("no kill line"), std::string::npos) << u.dump();
  EXPECT_FALSE(counted_again) << "the kill was counted again from the counters";
  int status = watch.stop(SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_TRUE(cgroup::kill_and_remove(dir).ok());
  std::filesystem::remove_all(tmp);
}

/// Writes `n` records of ~900 bytes into /dev/kmsg (userspace facility,
/// debug level), reopening every 8 writes: the device rate-limits each open
/// file to 10 writes per 5 s.
bool flood_kmsg(int n) {
  const std::string body(880, 'x');
  for (int i = 0; i < n;) {
    int fd = ::open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    for (int k = 0; k < 8 && i < n; ++k, ++i) {
      std::string rec = "<15>oomlens-test kmsg overflow filler " + std::to_string(i) + " " + body;
      if (::write(fd, rec.data(), rec.size()) < 0) {
        ::close(fd);
        return false;
      }
    }
    ::close(fd);
  }
  return true;
}

TEST(WatchLive, KmsgOverflowIsNotedAndWatchContinues) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_KMSG();
  auto dir_cg = make_child_cgroup("overflow", 32ull << 20);
  ASSERT_TRUE(dir_cg) << dir_cg.error().message();
  const std::string dir = *dir_cg;
  PipedChild watch({oomlens::testing::oomlens_binary(), "watch", "--json"});
  ASSERT_EQ(wait_ready(watch), 1) << "watch did not start";
  ::kill(watch.pid(), SIGSTOP);  // our own child: it cannot read while the ring wraps
  const bool flooded = flood_kmsg(600);  // ~540 KB, several times the ring (128 KiB here)
  ::kill(watch.pid(), SIGCONT);
  ASSERT_TRUE(flooded) << "cannot write to /dev/kmsg";
  int pid = kill_one(dir);
  auto j = next_json(watch, 30, [&](const nlohmann::json& e) { return has_victim(e, pid); });
  ASSERT_FALSE(j.is_null()) << "watch did not continue after the overflow (no event for pid " << pid << ")";
  bool gap_noted = false;
  for (const auto& n : j["capture_notes"])
    if (n.get<std::string>().find("gap") != std::string::npos) gap_noted = true;
  EXPECT_TRUE(gap_noted) << "the EPIPE gap is not noted in the next event: " << j["capture_notes"].dump();
  int status = watch.stop(SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_TRUE(cgroup::kill_and_remove(dir).ok());
}

/// False when any cmdline-like key holds something else than "[redacted]".
bool redacted(const nlohmann::json& j, std::string* where) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      if ((it.key() == "cmdline" || it.key() == "command_line" || it.key() == "argv") && it.value() != "[redacted]") {
        *where = it.key();
        return false;
      }
      if (!redacted(it.value(), where)) return false;
    }
  } else if (j.is_array()) {
    for (const auto& x : j)
      if (!redacted(x, where)) return false;
  }
  return true;
}

TEST(DaemonLive, EventsRedactCommandLines) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_KMSG();
  auto dir_cg = make_child_cgroup("redact", 32ull << 20);
  ASSERT_TRUE(dir_cg) << dir_cg.error().message();
  const std::string dir = *dir_cg;
  PipedChild daemon({oomlens::testing::oomlens_binary(), "daemon", "--listen", "127.0.0.1:0", "--no-state"});
  int port = wait_ready(daemon);
  ASSERT_GT(port, 1);
  const std::string secret = "s3cr3t-token-" + std::to_string(::getpid());
  int pid = kill_one(dir, {"--tag", "--password=" + secret});
  httplib::Client http("127.0.0.1", port);
  http.set_read_timeout(10, 0);
  nlohmann::json event;
  std::string body;
  auto deadline = Clock::now() + std::chrono::seconds(30);
  while (event.is_null() && Clock::now() < deadline) {
    auto r = http.Get("/events");
    if (r && r->status == 200) {
      body = r->body;
      auto j = nlohmann::json::parse(body, nullptr, false);
      if (!j.is_discarded())
        for (const auto& e : j["events"])
          if (has_victim(e, pid)) event = e;
    }
    if (event.is_null()) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  ASSERT_FALSE(event.is_null()) << "no event for pid " << pid << " on /events";
  EXPECT_FALSE(event.contains("tasks")) << "the task table is served";
  std::string where;
  EXPECT_TRUE(redacted(event, &where)) << "field " << where << " is not redacted";
  EXPECT_EQ(body.find(secret), std::string::npos) << "the victim's command line leaked into /events";
  EXPECT_EQ(event["victims"][0].value("comm", ""), "oomlens-test-le");
  int status = daemon.stop(SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_TRUE(cgroup::kill_and_remove(dir).ok());
}

}  // namespace
}  // namespace oomlens::live
