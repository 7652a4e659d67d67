// `oomlens check --json` on this machine reports this machine's real
// settings: each fact compared with the /proc/sys file read here.
#include <fcntl.h>
#include <sys/wait.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>
#include "support/paths.h"

namespace {

std::optional<long long> read_ll(const std::string& path) {
  std::ifstream in(path);
  long long v = 0;
  if (!(in >> v)) return std::nullopt;
  return v;
}

std::pair<int, std::string> run(const std::string& cmd) {
  std::string out;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return {-1, out};
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int st = ::pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

TEST(CheckLive, JsonReportsThisMachinesSettings) {
  auto [status, out] = run(std::string(oomlens::testing::oomlens_binary()) + " check --json");
  ASSERT_TRUE(status == 0 || status == 1) << "exit " << status;
  auto doc = nlohmann::json::parse(out);
  const auto& f = doc["facts"];
  for (const char* key : {"overcommit_memory", "overcommit_ratio", "swappiness", "panic_on_oom",
                          "oom_kill_allocating_task", "oom_dump_tasks"}) {
    auto v = read_ll(std::string("/proc/sys/vm/") + key);
    if (!v) {
      EXPECT_TRUE(f[key].is_null()) << key;
      continue;
    }
    EXPECT_EQ(f[key].get<long long>(), *v) << key;
  }
  auto dr = read_ll("/proc/sys/kernel/dmesg_restrict");
  if (dr) {
    EXPECT_EQ(f["dmesg_restrict"].get<long long>(), *dr);
  }
  int fd = ::open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  EXPECT_EQ(f["kmsg_readable"].get<bool>(), fd >= 0);
  if (fd >= 0) ::close(fd);
  EXPECT_EQ(f["psi_available"].get<bool>(), ::access("/proc/pressure/memory", R_OK) == 0);
  EXPECT_EQ(f["shm_present"].get<bool>(), ::access("/dev/shm", F_OK) == 0);
  // MemTotal never changes; swap size rarely.
  std::ifstream mi("/proc/meminfo");
  std::string key;
  long long kb = 0;
  std::string unit;
  while (mi >> key >> kb) {
    std::getline(mi, unit);
    if (key == "MemTotal:") {
      EXPECT_EQ(f["mem_total_bytes"].get<long long>(), kb * 1024);
    }
    if (key == "SwapTotal:") {
      EXPECT_EQ(f["swap_total_bytes"].get<long long>(), kb * 1024);
    }
  }
  // The exit status follows the findings.
  bool any_fail = doc["summary"]["fail"].get<int>() > 0;
  EXPECT_EQ(status, any_fail ? 1 : 0);
  EXPECT_EQ(doc["findings"].size(), 13u);
}

}  // namespace
