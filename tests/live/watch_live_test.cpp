// Real OOM kills seen live: by `oomlens watch --json` (right pid, within
// generous timeouts), as an increment of the daemon's /metrics (which passes
// `promtool check metrics`), and scraped by a real Prometheus server.
// Kills are matched by pid, never as "the last event".
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "live_support.h"
#include "watch/exec.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

using Clock = std::chrono::steady_clock;
constexpr uint64_t kLimit = 64ull << 20;

/// `oomlens watch`/`daemon`/`prometheus` children, stdout+stderr read line by line.
class Piped : public PipedChild {
 public:
  using PipedChild::PipedChild;
  std::optional<std::string> line(std::chrono::milliseconds timeout) {
    return PipedChild::line(static_cast<int>(timeout.count()));
  }
};

/// A leaker's child cgroup, removed when the test is done with it: only
/// after oomlens has read it (its limit and counters at the kill), or the
/// test races oomlens's read of the cgroup with its removal.
struct LeakerCgroup {
  std::string dir;
  LeakerCgroup() = default;
  LeakerCgroup(const LeakerCgroup&) = delete;
  LeakerCgroup& operator=(const LeakerCgroup&) = delete;
  ~LeakerCgroup() {
    if (!dir.empty()) {
      EXPECT_TRUE(cgroup::kill_and_remove(dir).ok()) << dir;
    }
  }
};

/// Runs the leaker in a fresh child cgroup (kept in `cg`) until the kernel
/// OOM-kills it; its pid.
int oom_kill_leaker(const std::string& name, LeakerCgroup* cg) {
  auto dir = make_child_cgroup(name, kLimit);
  EXPECT_TRUE(dir) << dir.error().message();
  if (!dir) return -1;
  cg->dir = *dir;
  int pid = spawn_in_cgroup(cg->dir, {oomlens::testing::leaker_binary()});
  auto status = wait_for(pid, 120);
  EXPECT_TRUE(status && WIFSIGNALED(*status) && WTERMSIG(*status) == SIGKILL) << "leaker not OOM-killed";
  return pid;
}

#define REQUIRE_KMSG()                                                              \
  if (!kmsg_last_seq()) {                                                           \
    if (in_ci()) FAIL() << "CI=true: /dev/kmsg is not readable";                    \
    GTEST_SKIP() << "/dev/kmsg is not readable (needs CAP_SYSLOG)";                 \
  }

TEST(WatchLive, JsonEventHasTheKilledPid) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_KMSG();
  Piped watch({oomlens::testing::oomlens_binary(), "watch", "--json"});
  bool ready = false;
  while (auto l = watch.line(std::chrono::seconds(20)))
    if (l->find("following the kernel log") != std::string::npos) {
      ready = true;
      break;
    }
  ASSERT_TRUE(ready) << "oomlens watch did not start";
  const auto start = Clock::now();
  LeakerCgroup cg;
  int pid = oom_kill_leaker("watch-live", &cg);
  ASSERT_GT(pid, 0);
  // With the tracepoint source (docs/watch.md) the kill is first an event
  // with evidence "tracepoint", and the kernel's report follows as an update
  // with the same event_id; from the log alone the report is the event.
  nlohmann::json found, report;
  while (report.is_null()) {
    auto l = watch.line(std::chrono::seconds(30));
    ASSERT_TRUE(l) << "no event (and report update) for pid " << pid << " from oomlens watch within 30 s";
    if (l->empty() || (*l)[0] != '{') continue;
    auto j = nlohmann::json::parse(*l);
    bool ours = false;
    for (auto& v : j["victims"])
      if (v["pid"] == pid) ours = true;
    if (!ours) continue;
    if (j["type"] == "event") {
      EXPECT_TRUE(found.is_null()) << "two events for pid " << pid;
      found = j;
      if (j["evidence"] == "log") report = j;
    } else if (j["type"] == "update" && j.contains("report") && !found.is_null()) {
      EXPECT_EQ(j["event_id"], found["event_id"]);
      EXPECT_EQ(j["report"], "printed") << j.dump();
      report = j;
    }
  }
  auto latency = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  EXPECT_TRUE(found["evidence"] == "log" || found["evidence"] == "tracepoint") << found.dump();
  if (found["evidence"] == "tracepoint") {
    EXPECT_EQ(found["cgroup_at_kill"]["limit_bytes"], kLimit) << found.dump();
    EXPECT_EQ(found["victims"][0]["comm"], report["victims"][0]["comm"]);
  }
  EXPECT_EQ(report["constraint"], "memcg");
  EXPECT_EQ(report["memcg"]["limit_bytes"], kLimit);
  EXPECT_TRUE(found["host"].is_string());
  EXPECT_TRUE(found["boot_id"].is_string());
  EXPECT_EQ(found["kills"], 1);
  EXPECT_TRUE(found["explanation"]["summary"].is_string());
  const nlohmann::json& oom_memcg = report["memcg"]["oom_memcg"];
  const std::string memcg = oom_memcg.is_string() ? oom_memcg.get<std::string>() : "";
  EXPECT_TRUE(memcg.ends_with("/oomlens-tests/watch-live")) << report.dump();
  // SIGTERM: clean exit.
  int status = watch.stop(SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "wait status " << status;
  std::fprintf(stderr, "watch: event for pid %d printed %lld ms after the leaker started\n", pid,
               static_cast<long long>(latency));
}

/// Sum of oomlens_oom_kills_total samples whose labels contain `needle`.
double kills_matching(const std::string& exposition, const std::string& needle) {
  double sum = 0;
  std::istringstream in(exposition);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("oomlens_oom_kills_total{", 0) == 0 && line.find(needle) != std::string::npos)
      sum += std::stod(line.substr(line.rfind(' ') + 1));
  return sum;
}

std::string percent_encode(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '_' || c == '-' || c == '.') out += static_cast<char>(c);
    else out += fmt::format("%{:02X}", c);
  }
  return out;
}

int free_port() {
  int s = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(s);
  return ntohs(a.sin_port);
}

TEST(DaemonLive, MetricsIncrementAndPrometheusScrapesIt) {
  OOMLENS_REQUIRE_CGROUP(parent);
  REQUIRE_KMSG();
  auto tmp = std::filesystem::temp_directory_path() / ("oomlens-daemon-live-" + std::to_string(::getpid()));
  std::filesystem::create_directories(tmp);
  Piped daemon({oomlens::testing::oomlens_binary(), "daemon", "--listen", "127.0.0.1:0", "--state", (tmp / "state.json").string(),
                "--log", (tmp / "events.jsonl").string()});
  int port = 0;
  while (auto l = daemon.line(std::chrono::seconds(20))) {
    // No std::regex: GCC 12 warns falsely on it under the sanitizers (-Werror).
    constexpr std::string_view kListening = "listening on http://127.0.0.1:";
    if (size_t at = l->find(kListening); at != std::string::npos) {
      port = std::atoi(l->c_str() + at + kListening.size());
      break;
    }
  }
  ASSERT_GT(port, 0) << "daemon did not print its port";
  httplib::Client http("127.0.0.1", port);
  http.set_read_timeout(10, 0);
  auto scrape = [&]() -> std::string {
    auto r = http.Get("/metrics");
    return r && r->status == 200 ? r->body : std::string();
  };
  const std::string needle = "cgroup_owner=\"" + parent->dir.substr(parent->hierarchy.mount_point.size()) +
                             "/daemon-live\",comm=\"oomlens-test-le\"";
  std::string before = scrape();
  ASSERT_FALSE(before.empty());
  double base = kills_matching(before, needle);

  // A real Prometheus server scraping the daemon every second, when installed.
  std::unique_ptr<Piped> prom;
  int prom_port = 0;
  const std::string promtool = watch::find_in_path("promtool");
  const std::string prometheus = watch::find_in_path("prometheus");
  if (!prometheus.empty()) {
    prom_port = free_port();
    std::ofstream(tmp / "prometheus.yml") << "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                                          << "scrape_configs:\n  - job_name: oomlens\n    static_configs:\n"
                                          << "      - targets: ['127.0.0.1:" << port << "']\n";
    prom = std::make_unique<Piped>(std::vector<std::string>{
        prometheus, "--config.file=" + (tmp / "prometheus.yml").string(),
        "--storage.tsdb.path=" + (tmp / "data").string(), "--web.listen-address=127.0.0.1:" + std::to_string(prom_port),
        "--log.level=warn"});
    // A scrape before the kill, so the increase is visible: Prometheus's
    // `up` of the target is 1 once it has scraped it.
    httplib::Client pc("127.0.0.1", prom_port);
    pc.set_read_timeout(10, 0);
    bool scraped = false;
    for (auto until = Clock::now() + std::chrono::seconds(60); !scraped && Clock::now() < until;) {
      auto r = pc.Get("/api/v1/query?query=" + percent_encode("up{job=\"oomlens\"}"));
      auto j = r && r->status == 200 ? nlohmann::json::parse(r->body, nullptr, false) : nlohmann::json();
      if (j.is_object() && j["data"]["result"].is_array())
        for (auto& s : j["data"]["result"]) scraped |= s["value"].is_array() && s["value"][1] == "1";
      if (!scraped) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    EXPECT_TRUE(scraped) << "Prometheus did not scrape the daemon within 60 s";
  }

  LeakerCgroup cg;  // removed at the end: the daemon reads its owner at the kill
  int pid = oom_kill_leaker("daemon-live", &cg);
  ASSERT_GT(pid, 0);
  std::string after;
  auto deadline = Clock::now() + std::chrono::seconds(30);
  while (Clock::now() < deadline) {
    after = scrape();
    if (kills_matching(after, needle) >= base + 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(kills_matching(after, needle), base + 1) << "no increment for " << needle << "\n" << after;
  auto events = http.Get("/events");
  ASSERT_TRUE(events && events->status == 200);
  EXPECT_NE(events->body.find("\"pid\":" + std::to_string(pid)), std::string::npos);

  // promtool check metrics on the real exposition.
  if (promtool.empty()) {
    if (in_ci()) ADD_FAILURE() << "CI=true: promtool missing (Debian package prometheus)";
    else std::fprintf(stderr, "promtool missing: `promtool check metrics` skipped\n");
  } else {
    std::ofstream(tmp / "metrics.txt") << after;
    auto r = run_command({"/bin/sh", "-c", promtool + " check metrics < '" + (tmp / "metrics.txt").string() + "' 2>&1"});
    EXPECT_EQ(r.status, 0) << r.out;
  }

  if (prom) {
    httplib::Client pc("127.0.0.1", prom_port);
    pc.set_read_timeout(10, 0);
    bool seen = false;
    std::string last;
    auto pdeadline = Clock::now() + std::chrono::seconds(60);
    while (!seen && Clock::now() < pdeadline) {
      auto r = pc.Get("/api/v1/query?query=" +
                      percent_encode("oomlens_oom_kills_total{comm=\"oomlens-test-le\"}"));
      if (r && r->status == 200) {
        last = r->body;
        auto j = nlohmann::json::parse(r->body, nullptr, false);
        if (!j.is_discarded())
          for (auto& s : j["data"]["result"]) {
            std::string owner = s["metric"].value("cgroup_owner", "");
            if (owner.ends_with("/oomlens-tests/daemon-live") && s["metric"]["cgroup_owner_kind"] == "cgroup")
              seen = true;
          }
      }
      if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    EXPECT_TRUE(seen) << "Prometheus never returned the victim's series; last answer: " << last;
    prom->stop(SIGTERM);
  } else if (in_ci()) {
    ADD_FAILURE() << "CI=true: prometheus missing (Debian package prometheus)";
  } else {
    std::fprintf(stderr, "prometheus missing: the Prometheus scrape check skipped\n");
  }

  int status = daemon.stop(SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "wait status " << status;
  std::ifstream log(tmp / "events.jsonl");
  std::string all((std::istreambuf_iterator<char>(log)), {});
  EXPECT_NE(all.find("\"pid\":" + std::to_string(pid)), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(tmp / "state.json"));
  std::filesystem::remove_all(tmp);
}

}  // namespace
}  // namespace oomlens::live
