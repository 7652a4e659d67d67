// `oomlens top` on the live system: --once --json ranks first the process
// with the highest /proc/*/oom_score, and the ncurses view starts, groups,
// and quits in a real terminal (tmux), or refuses a terminal too small.
#include <dirent.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "live_support.h"
#include "support/paths.h"

namespace oomlens::live {
namespace {

// The highest oom_score now, and one pid holding it.
std::pair<int, int> max_oom_score() {
  int best = -1, best_pid = 0;
  DIR* d = ::opendir("/proc");
  while (dirent* e = d ? ::readdir(d) : nullptr) {
    int pid = std::atoi(e->d_name);
    if (pid <= 0) continue;
    std::ifstream in(std::string("/proc/") + e->d_name + "/oom_score");
    int s = 0;
    if (in >> s && s > best) best = s, best_pid = pid;
  }
  if (d) ::closedir(d);
  return {best, best_pid};
}

TEST(TopLive, OnceJsonRanksFirstTheHighestOomScore) {
  // Processes come and go and grow (other builds share this machine): a
  // snapshot and a scan a few ms apart can disagree, so retry a few times.
  std::string last;
  for (int attempt = 0; attempt < 8; ++attempt) {
    auto r = run_command({oomlens::testing::oomlens_binary(), "top", "--once", "--json", "--limit", "5", "--no-gpu"});
    ASSERT_EQ(r.status, 0);
    auto doc = nlohmann::json::parse(r.out);
    ASSERT_FALSE(doc["processes"].empty());
    auto [max_score, max_pid] = max_oom_score();
    const auto& first = doc["processes"][0];
    const int score = first["oom_score"].get<int>();
    EXPECT_GE(score, doc["processes"][1]["oom_score"].get<int>());
    if (score == max_score || first["pid"].get<int>() == max_pid) {
      EXPECT_FALSE(first["pss_bytes"].is_null()) << "root reads smaps_rollup: PSS of shown rows is known";
      EXPECT_EQ(doc["gpu_available"], false);
      return;
    }
    last = "top ranked pid " + std::to_string(first["pid"].get<int>()) + " score " + std::to_string(score) +
           ", scan found pid " + std::to_string(max_pid) + " score " + std::to_string(max_score);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }
  FAIL() << "8 attempts disagreed; last: " << last;
}

TEST(TopLive, OnceJsonFollowsAnAdjustedChild) {
  // A child raised to oom_score_adj 1000 must be ranked first (score ≥ 1000).
  pid_t pid = ::fork();
  if (pid == 0) {
    std::ofstream("/proc/self/oom_score_adj") << "1000";
    ::execl("/bin/sleep", "sleep", "30", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Wait until the child has set its adj and exec'd sleep (5 s at the most).
  const std::string proc = "/proc/" + std::to_string(pid);
  for (auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
       std::chrono::steady_clock::now() < deadline;) {
    std::string adj, comm;
    std::ifstream(proc + "/oom_score_adj") >> adj;
    std::ifstream(proc + "/comm") >> comm;
    if (adj == "1000" && comm == "sleep") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  auto r = run_command({oomlens::testing::oomlens_binary(), "top", "--json", "--limit", "3", "--no-gpu"});
  ::kill(pid, SIGKILL);
  (void)wait_for(pid, 10);
  ASSERT_EQ(r.status, 0);
  auto doc = nlohmann::json::parse(r.out);
  int top_score = doc["processes"][0]["oom_score"].get<int>();
  EXPECT_GE(top_score, 1000);
  bool found = false;
  for (const auto& p : doc["processes"])
    if (p["pid"].get<int>() == pid) {
      found = true;
      EXPECT_EQ(p["oom_score_adj"], 1000);
      EXPECT_EQ(p["comm"], "sleep");
    }
  EXPECT_TRUE(found) << r.out;
}

bool have_tmux() { return ::access("/usr/bin/tmux", X_OK) == 0 || ::access("/bin/tmux", X_OK) == 0; }

std::string tmux(const std::string& socket, const std::string& args) {
  auto r = run_command({"/bin/sh", "-c", "tmux -L " + socket + " " + args + " 2>/dev/null"});
  return r.out;
}

TEST(TopLive, NcursesViewInTmux) {
  if (!have_tmux()) {
    if (in_ci()) FAIL() << "CI=true: tmux is not installed";
    GTEST_SKIP() << "tmux is not installed: the ncurses view is not exercised";
  }
  const std::string sock = "oomlens-top-test-" + std::to_string(::getpid());
  tmux(sock, "new-session -d -s t -x 150 -y 30 '" + std::string(oomlens::testing::oomlens_binary()) + " top --no-gpu; sleep 30'");
  std::string screen;
  for (int i = 0; i < 50 && screen.find("SCORE") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    screen = tmux(sock, "capture-pane -p -t t");
  }
  EXPECT_NE(screen.find("SCORE"), std::string::npos) << screen;
  EXPECT_NE(screen.find("Mem avail"), std::string::npos) << screen;
  EXPECT_NE(screen.find("q quit"), std::string::npos) << screen;
  tmux(sock, "send-keys -t t g");
  for (int i = 0; i < 30 && screen.find("APPLICATION") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    screen = tmux(sock, "capture-pane -p -t t");
  }
  EXPECT_NE(screen.find("APPLICATION"), std::string::npos) << screen;
  tmux(sock, "send-keys -t t q");
  // After q the view ends and the shell's `sleep` runs: no table on screen.
  bool quit = false;
  for (int i = 0; i < 50 && !quit; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    quit = tmux(sock, "capture-pane -p -t t").find("SCORE") == std::string::npos;
  }
  EXPECT_TRUE(quit) << "top did not quit on q";

  // Too small: a clear message and status 2.
  tmux(sock, "new-session -d -s small -x 40 -y 8 '" + std::string(oomlens::testing::oomlens_binary()) +
                 " top --no-gpu; echo status=$?; sleep 30'");
  for (int i = 0; i < 50 && screen.find("status=") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    screen = tmux(sock, "capture-pane -p -J -t small");
  }
  EXPECT_NE(screen.find("status=2"), std::string::npos) << screen;
  EXPECT_NE(screen.find("needs at least"), std::string::npos) << screen;
  tmux(sock, "kill-server");
}

}  // namespace
}  // namespace oomlens::live
