// Issue 16, live: every kill of a burst straight from the oom:mark_victim
// tracepoint. 40 kills in 40 distinct 8 MiB child cgroups of the capped
// `oomlens-tests` cgroup, back to back, while `oomlens watch --json` runs:
// each is one event (evidence tracepoint) with its pid, comm, RSS figures
// and cgroup, and its report joined later as an update that says whether
// the kernel printed it or only its kill line (rate limit: 10 headers per
// 5 s). The same burst while /dev/kmsg is flooded with junk lines, counted
// by the daemon's /metrics exactly once. Without CAP_SYS_ADMIN (setpriv),
// and as nobody where tracefs is mounted but root's, watch says once why
// tracepoints are off and still reports the kill.
// Only this test's own kills are counted: its cgroups and pids.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <map>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "live_support.h"
#include "watch/exec.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kKills = 40;

#define REQUIRE_KMSG()                                                  \
  if (!kmsg_last_seq()) {                                               \
    if (in_ci()) FAIL() << "CI=true: /dev/kmsg is not readable";        \
    GTEST_SKIP() << "/dev/kmsg is not readable (needs CAP_SYSLOG)";     \
  }

/// Reads lines until `needle` (the start-up lines); the lines read.
std::string wait_for_line(PipedChild& c, std::string_view needle) {
  std::string seen;
  while (auto l = c.line(20000)) {
    seen += *l + "\n";
    if (l->find(needle) != std::string::npos) return seen;
  }
  return seen + "(EOF or timeout)";
}

/// One kill in a fresh 8 MiB cgroup `name`; the victim's pid (0 on failure).
int kill_one(const std::string& name, std::string* dir_out) {
  auto made = make_child_cgroup(name, 8ull << 20);
  if (!made) return 0;
  std::string dir = *made;
  *dir_out = dir;
  auto r = run_command({oomlens::testing::burst_binary(), dir, "1", "--print"}, 60);
  std::istringstream in(r.out);
  std::string word;
  int pid = 0;
  while (in >> word)
    if (word == "kill") in >> pid;
  return pid;
}

/// The event's memory cgroup (task_memcg, else oom_memcg); "" when null.
std::string memcg_path(const nlohmann::json& j) {
  if (!j.contains("memcg") || !j.at("memcg").is_object()) return "";
  for (const char* k : {"task_memcg", "oom_memcg"})
    if (j["memcg"].contains(k) && j["memcg"][k].is_string()) return j["memcg"][k];
  return "";
}

bool has_source(const nlohmann::json& j, const std::string& s) {
  if (!j.contains("evidence_sources")) return false;
  for (const auto& x : j.at("evidence_sources"))
    if (x == s) return true;
  return false;
}

struct Burst {
  std::map<int, std::string> cgroup_of;  ///< pid → cgroup path as the kernel prints it
  std::vector<std::string> dirs;
};

Burst run_burst(const ParentCgroup& parent, const std::string& prefix) {
  Burst b;
  for (int i = 0; i < kKills; ++i) {
    std::string dir;
    int pid = kill_one(prefix + std::to_string(i), &dir);
    if (!dir.empty()) b.dirs.push_back(dir);
    if (pid > 0) b.cgroup_of[pid] = dir.substr(parent.hierarchy.mount_point.size());
  }
  return b;
}

void remove_all(const Burst& b) {
  for (const auto& d : b.dirs) EXPECT_TRUE(cgroup::kill_and_remove(d).ok()) << d;
}

/// Writes junk records to /dev/kmsg as fast as it can until stopped.
class KmsgFlood {
 public:
  KmsgFlood() : fd_(::open("/dev/kmsg", O_WRONLY | O_CLOEXEC)) {
    if (fd_ >= 0)
      t_ = std::thread([this] {
        uint64_t n = 0;
        while (!stop_) {
          std::string line = "oomlens-test junk line " + std::to_string(n++) + " " + std::string(180, 'x') + "\n";
          if (::write(fd_, line.data(), line.size()) < 0) break;
        }
        written_ = n;
      });
  }
  ~KmsgFlood() { stop(); }
  uint64_t stop() {
    stop_ = true;
    if (t_.joinable()) t_.join();
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    return written_;
  }
  [[nodiscard]] bool ok() const { return fd_ >= 0 || written_ > 0; }

 private:
  int fd_;
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> written_{0};
  std::thread t_;
};

TEST(WatchTraceLive, EveryKillOfABurstIsAnEventFromTheTracepoint) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_KMSG();
  PipedChild watch({oomlens::testing::oomlens_binary(), "watch", "--json", "--every-event"});
  std::string start = wait_for_line(watch, "following the kernel log");
  if (start.find("tracepoints on") == std::string::npos) {
    if (in_ci()) FAIL() << "CI=true: no tracepoints:\n" << start;
    GTEST_SKIP() << "tracepoints unavailable here:\n" << start;
  }
  Burst b = run_burst(*parent, "tp-burst-");
  ASSERT_EQ(b.cgroup_of.size(), static_cast<size_t>(kKills)) << "not every leaker was OOM-killed";
  std::map<int, nlohmann::json> events, updates;
  std::vector<double> latency_ms;
  auto deadline = Clock::now() + std::chrono::seconds(30);
  while (updates.size() < b.cgroup_of.size() && Clock::now() < deadline) {
    auto l = watch.line(2000);
    if (!l || l->empty() || (*l)[0] != '{') continue;
    auto j = nlohmann::json::parse(*l, nullptr, false);
    if (j.is_discarded() || !j.contains("victims") || j["victims"].empty()) continue;
    int pid = j["victims"][0].value("pid", 0);
    if (!b.cgroup_of.count(pid)) continue;  // someone else's kill
    if (j["type"] == "event") {
      EXPECT_FALSE(events.count(pid)) << "two events for pid " << pid;
      events[pid] = j;
      if (j.contains("killed_monotonic_s") && j.contains("detected_monotonic_s"))
        latency_ms.push_back((j["detected_monotonic_s"].get<double>() - j["killed_monotonic_s"].get<double>()) * 1e3);
    } else if (j["type"] == "update" && j.contains("report")) {
      updates[pid] = j;
    }
  }
  size_t printed = 0, suppressed = 0, late_memcg = 0, no_memcg = 0;
  for (const auto& [pid, cg] : b.cgroup_of) {
    ASSERT_TRUE(events.count(pid)) << "no event for pid " << pid << " (" << cg << ")";
    // Copies: a key the product left out reads as null and fails the
    // EXPECT with the event, where a const operator[] would be undefined.
    nlohmann::json e = events[pid];
    EXPECT_EQ(e["evidence"], "tracepoint");
    nlohmann::json v = e["victims"][0];
    EXPECT_EQ(v["comm"], "oomlens-test-bu");
    EXPECT_TRUE(v["anon_rss_bytes"].is_number()) << e.dump();
    EXPECT_TRUE(v["total_vm_bytes"].is_number());
    EXPECT_EQ(e["kills"], 1);
    ASSERT_TRUE(updates.count(pid)) << "no report update for pid " << pid;
    nlohmann::json u = updates[pid];
    EXPECT_EQ(u["event_id"], e["event_id"]);
    // The cgroup read at the kill (/proc/PID/cgroup, else the one cgroup
    // whose oom_kill counter moved); when that race was lost (v1 shows an
    // exiting task in "/"; several kills unexplained at once), the update
    // has it from the report or the counters, and its sources say which.
    if (memcg_path(e).empty()) {
      ++late_memcg;
      EXPECT_FALSE(e["capture_notes"].empty()) << "the lost race is not said: " << e.dump();
      if (memcg_path(u).empty() && parent->hierarchy.version == cgroup::Version::v1) {
        // Known limit on v1 (docs/watch.md): several kills unexplained at
        // once and no report header. Said, and counted below; v2 must have it.
        ++no_memcg;
        EXPECT_FALSE(u["capture_notes"].empty()) << "the unknown cgroup is not said: " << u.dump();
        EXPECT_EQ(u["report"], "header_suppressed") << u.dump();
        ++suppressed;
        continue;
      }
      EXPECT_EQ(memcg_path(u), cg) << u.dump();
      EXPECT_TRUE(has_source(u, "report") || has_source(u, "counters")) << u.dump();
    } else if (!e.contains("cgroup_at_kill")) {
      // The read at the kill lost its race and the counters could not
      // tell the cgroup (several kills unexplained at once), but the
      // kernel's kill line was read first: the event's memcg is its
      // oom_memcg (docs/watch.md), with no cgroup_at_kill, and says so.
      ++late_memcg;
      EXPECT_EQ(memcg_path(e), cg) << e.dump();
      EXPECT_TRUE(has_source(e, "kill_line")) << e.dump();
      EXPECT_FALSE(has_source(e, "proc") || has_source(e, "counters")) << e.dump();
      EXPECT_FALSE(e["capture_notes"].empty()) << "the lost race is not said: " << e.dump();
    } else {
      EXPECT_EQ(memcg_path(e), cg) << e.dump();
      EXPECT_EQ(e["cgroup_at_kill"]["limit_bytes"], 8ull << 20) << e.dump();
      EXPECT_TRUE(has_source(e, "proc") || has_source(e, "counters")) << e.dump();
    }
    const std::string report = u.value("report", std::string());
    if (report == "printed") ++printed;
    else if (report == "header_suppressed") ++suppressed;
    else ADD_FAILURE() << "pid " << pid << ": report " << report << ": " << u.value("report_missing_reason", "");
    if (report == "printed") {
      EXPECT_EQ(u["constraint"], "memcg");
    }
  }
  std::sort(latency_ms.begin(), latency_ms.end());
  if (!latency_ms.empty())
    std::fprintf(stderr, "watch tracepoint burst: %d kills, %zu reports printed, %zu header-suppressed; "
                         "%zu with the cgroup only in the update, %zu without it (v1); kill-to-event median %.2f ms, max %.2f ms (CLOCK_MONOTONIC)\n",
                 kKills, printed, suppressed, late_memcg, no_memcg, latency_ms[latency_ms.size() / 2], latency_ms.back());
  EXPECT_EQ(watch.stop(SIGTERM), 0);
  remove_all(b);
}

double own_kills(const std::string& exposition, const std::string& prefix) {
  double sum = 0;
  std::istringstream in(exposition);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("oomlens_oom_kills_total{", 0) == 0 && line.find(prefix) != std::string::npos)
      sum += std::stod(line.substr(line.rfind(' ') + 1));
  return sum;
}

// Kills of the burst's comm counted without a cgroup (cgroup_owner=""): on
// v1 the cgroup read at the kill can lose its race with the exit and the
// report header be suppressed (docs/watch.md; the burst test above allows it
// on v1 too). Earlier tests' kill lines, replayed at start, land here too:
// callers take the difference from a scrape before the burst.
double unlabelled_kills(const std::string& exposition) {
  double sum = 0;
  std::istringstream in(exposition);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("oomlens_oom_kills_total{", 0) == 0 && line.find("cgroup_owner=\"\"") != std::string::npos &&
        line.find("comm=\"oomlens-test-bu\"") != std::string::npos)
      sum += std::stod(line.substr(line.rfind(' ') + 1));
  return sum;
}

TEST(WatchTraceLive, AFloodedKmsgLosesNoKillAndTheMetricsCountEachOnce) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_KMSG();
  PipedChild daemon({oomlens::testing::oomlens_binary(), "daemon", "--listen", "127.0.0.1:0", "--no-state"});
  std::string start = wait_for_line(daemon, "listening on http://127.0.0.1:");
  if (start.find("tracepoints on") == std::string::npos) {
    if (in_ci()) FAIL() << "CI=true: no tracepoints:\n" << start;
    GTEST_SKIP() << "tracepoints unavailable here:\n" << start;
  }
  int port = std::atoi(start.c_str() + start.rfind("127.0.0.1:") + 10);
  ASSERT_GT(port, 0);
  httplib::Client http("127.0.0.1", port);
  http.set_read_timeout(10, 0);
  auto scrape = [&] {
    auto r = http.Get("/metrics");
    return r && r->status == 200 ? r->body : std::string();
  };
  // This run's own cgroups (a re-run's daemon replays the last run's kill lines).
  const std::string prefix = "tp-flood-" + std::to_string(::getpid()) + "-";
  const std::string needle = "/" + prefix;
  // The baseline once the daemon has replayed the kernel log's earlier records.
  const std::string before = scrape_after_replay(scrape);
  ASSERT_EQ(own_kills(before, needle), 0);
  const bool v1 = parent->hierarchy.version == cgroup::Version::v1;
  // Labelled with their cgroup, plus (v1 only) those counted without one.
  auto counted = [&](const std::string& m) {
    return own_kills(m, needle) + (v1 ? unlabelled_kills(m) - unlabelled_kills(before) : 0.0);
  };
  KmsgFlood flood;
  ASSERT_TRUE(flood.ok()) << "cannot write /dev/kmsg";
  Burst b = run_burst(*parent, prefix);
  uint64_t junk = flood.stop();
  ASSERT_EQ(b.cgroup_of.size(), static_cast<size_t>(kKills));
  double seen = 0;
  auto deadline = Clock::now() + std::chrono::seconds(10);
  std::string m;
  while (Clock::now() < deadline) {
    m = scrape();
    seen = counted(m);
    if (seen >= kKills) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(seen, kKills) << m;
  // Reports, counters and late kill lines arrive for some seconds more: still
  // once each. Wait until the daemon has drained the flooded log and then had
  // nothing new for longer than its longest hold-back (watch/capture.h: a
  // report whose kill line was lost waits incomplete_quiet, 5 s; the counters
  // counter_grace + counter_period, 3 s), at most 60 s.
  m = scrape_when_still(scrape, std::chrono::milliseconds(5500), 60);
  EXPECT_EQ(counted(m), kKills) << m;
  if (!v1) {  // v2 always knows the cgroup
    EXPECT_EQ(own_kills(m, needle), kKills) << m;
  }
  std::fprintf(stderr, "daemon tracepoint burst under a kmsg flood of %llu junk lines: %.0f of %d kills counted once "
               "(%.0f with their cgroup)\n", static_cast<unsigned long long>(junk), counted(m), kKills,
               own_kills(m, needle));
  EXPECT_EQ(daemon.stop(SIGTERM), 0);
  remove_all(b);
}

TEST(WatchTraceLive, WithoutCapSysAdminTracepointsAreOffAndSaidOnce) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_KMSG();
  // PipedChild execs without a PATH search: the full path.
  const std::string setpriv = watch::find_in_path("setpriv");
  if (setpriv.empty()) GTEST_SKIP() << "setpriv missing (util-linux)";
  PipedChild watch({setpriv, "--bounding-set=-sys_admin,-perfmon,-bpf", "--inh-caps=-sys_admin,-perfmon,-bpf",
                    "--", oomlens::testing::oomlens_binary(), "watch", "--json"});
  std::string start = wait_for_line(watch, "following the kernel log");
  EXPECT_NE(start.find("tracepoints off: "), std::string::npos) << start;
  EXPECT_NE(start.find("CAP_SYS_ADMIN"), std::string::npos) << start;
  std::string dir;
  int pid = kill_one("tp-fallback", &dir);
  ASSERT_GT(pid, 0);
  nlohmann::json found;
  auto deadline = Clock::now() + std::chrono::seconds(30);
  while (found.is_null() && Clock::now() < deadline) {
    auto l = watch.line(2000);
    if (!l || l->empty() || (*l)[0] != '{') continue;
    auto j = nlohmann::json::parse(*l, nullptr, false);
    if (!j.is_discarded() && j["type"] == "event" && j.contains("victims"))
      for (auto& v : j["victims"])
        if (v["pid"] == pid) found = j;
  }
  ASSERT_FALSE(found.is_null()) << "no event for pid " << pid;
  EXPECT_NE(found["evidence"], "tracepoint");
  EXPECT_EQ(watch.stop(SIGTERM), 0);
  EXPECT_TRUE(cgroup::kill_and_remove(dir).ok());
}

// Issue 16's "run as a user without tracefs access": watch as nobody (uid
// 65534) with CAP_SYSLOG alone (ambient, for /dev/kmsg under
// dmesg_restrict), in a mount namespace of its own where tracefs is mounted
// (mode 0700, root's): it cannot open the instances directory nor mount a
// private tracefs, says both once, and still reports the kill with its
// cgroup from the log and the oom_kill counters.
TEST(WatchTraceLive, AsAUserWithoutTracefsAccessTheFallbackIsSaidOnceAndTheKillReported) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_KMSG();
  // PipedChild execs without a PATH search: full paths.
  const std::string setpriv = watch::find_in_path("setpriv"), unshare = watch::find_in_path("unshare"),
                    mount = watch::find_in_path("mount");
  if (setpriv.empty() || unshare.empty() || mount.empty()) GTEST_SKIP() << "setpriv, unshare or mount missing (util-linux)";
  const std::string script = mount + " -t tracefs tracefs /sys/kernel/tracing && exec " + setpriv +
                             " --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all,+syslog"
                             " --ambient-caps=+syslog -- " + std::string(oomlens::testing::oomlens_binary()) + " watch --json --every-event";
  PipedChild watch({unshare, "--mount", "--propagation", "private", "/bin/sh", "-c", script});
  std::string start = wait_for_line(watch, "following the kernel log");
  if (start.find("mount: ") != std::string::npos) GTEST_SKIP() << "cannot mount tracefs here:\n" << start;
  EXPECT_NE(start.find("tracepoints off: cannot access /sys/kernel/tracing/instances: Permission denied"),
            std::string::npos) << start;
  EXPECT_NE(start.find("needs CAP_SYS_ADMIN"), std::string::npos) << start;
  std::string dir;
  int pid = kill_one("tp-nobody", &dir);
  ASSERT_GT(pid, 0);
  const std::string cg = dir.substr(parent->hierarchy.mount_point.size());
  std::string all = start, memcg;
  nlohmann::json event;
  auto deadline = Clock::now() + std::chrono::seconds(30);
  while ((event.is_null() || memcg.empty()) && Clock::now() < deadline) {
    auto l = watch.line(2000);
    if (!l) continue;
    all += *l + "\n";
    if (l->empty() || (*l)[0] != '{') continue;
    auto j = nlohmann::json::parse(*l, nullptr, false);
    if (j.is_discarded() || !j.contains("victims")) continue;
    bool ours = false;
    for (auto& v : j["victims"])
      if (v["pid"] == pid) ours = true;
    if (!ours) continue;
    if (j["type"] == "event") {
      EXPECT_TRUE(event.is_null()) << "two events for pid " << pid;
      event = j;
    }
    if (memcg.empty()) memcg = memcg_path(j);  // the event's, else an update's
  }
  ASSERT_FALSE(event.is_null()) << "no event for pid " << pid << ":\n" << all;
  EXPECT_NE(event["evidence"], "tracepoint") << event.dump();
  EXPECT_EQ(memcg, cg) << all;
  size_t said = 0;
  for (size_t at = all.find("tracepoints off"); at != std::string::npos; at = all.find("tracepoints off", at + 1)) ++said;
  EXPECT_EQ(said, 1u) << all;
  EXPECT_EQ(watch.stop(SIGTERM), 0);
  EXPECT_TRUE(cgroup::kill_and_remove(dir).ok());
}

}  // namespace
}  // namespace oomlens::live
