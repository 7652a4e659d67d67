// run --sites for real: a native program (tools/oomlens-test-sites.cpp)
// with known sites, run under `oomlens run --sites`; its parent and its
// forked child each have their table, with the sites' sizes and their
// file:line. No cgroup, no OOM kill: nothing to lock.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include "support/paths.h"

namespace {

using nlohmann::json;

// The line of tools/oomlens-test-sites.cpp that carries `marker`.
int marker_line(const std::string& marker) {
  std::ifstream in(oomlens::testing::source_path("/tools/oomlens-test-sites.cpp"));
  std::string l;
  for (int n = 1; std::getline(in, l); ++n)
    if (l.find("// " + marker) != std::string::npos) return n;
  return -1;
}

json last_line(const std::string& path) {
  std::ifstream in(path);
  std::string l, last;
  while (std::getline(in, l))
    if (!l.empty()) last = l;
  return json::parse(last, nullptr, false);
}

// The peak site of `pid` whose innermost frame is at `line` of the tool.
const json* site_at(const json& v, int pid, int line) {
  for (auto& s : v["peak_sites"])
    if (s["pid"] == pid && !s["frames"].empty() && s["frames"][0]["line"] == line &&
        s["frames"][0]["file"].is_string() &&
        s["frames"][0]["file"].get<std::string>().find("oomlens-test-sites.cpp") != std::string::npos)
      return &s;
  return nullptr;
}

TEST(SitesRun, NativeSitesOfParentAndForkedChild) {
#ifdef OOMLENS_SANITIZED
  // The job (oomlens-test-sites) is ASan-instrumented here, and ASan refuses
  // to start when another library is preloaded before its runtime.
  GTEST_SKIP() << "the sites preload cannot sit under an ASan-instrumented job (the RelWithDebInfo stage runs this)";
#endif
  if (::access("/usr/bin/addr2line", X_OK) != 0) GTEST_SKIP() << "addr2line (binutils) is not installed";
  char tmpl[] = "/tmp/oomlens-sites-run-XXXXXX";
  ASSERT_TRUE(::mkdtemp(tmpl));
  const std::string dir = tmpl, rec = dir + "/r.jsonl";
  // A short mean interval makes the sampled site's estimate tight (384 samples).
  std::string cmd = std::string("OOMLENS_SITES_INTERVAL=65536 LD_PRELOAD=/nonexistent-user-preload.so '") +
                    oomlens::testing::oomlens_binary() + "' run --sites --no-sparkline --record '" + rec + "' -- '" + oomlens::testing::test_sites_binary() +
                    "' --fork > '" + dir + "/out' 2> '" + dir + "/err'";
  int st = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(st));
  EXPECT_EQ(WEXITSTATUS(st), 0);
  json v = last_line(rec);
  ASSERT_TRUE(v.is_object());
  ASSERT_TRUE(v.contains("peak_sites")) << v.dump();
  const int main_pid = v["main_pid"];
  const json* s1 = site_at(v, main_pid, marker_line("SITE-1"));
  const json* s2 = site_at(v, main_pid, marker_line("SITE-2"));
  ASSERT_TRUE(s1) << v["peak_sites"].dump();
  ASSERT_TRUE(s2) << v["peak_sites"].dump();
  EXPECT_EQ((*s1)["role"], "main");
  EXPECT_EQ((*s1)["bytes"], 48 << 20);  // at least kExactBytes: recorded at its size
  EXPECT_NE((*s1)["frames"][0]["function"].get<std::string>().find("site1()"), std::string::npos);
  const double b2 = (*s2)["bytes"].get<double>();
  EXPECT_GT(b2, 0.8 * (24 << 20));
  EXPECT_LT(b2, 1.2 * (24 << 20));
  // Site 3 was freed before the peak: not live there.
  EXPECT_FALSE(site_at(v, main_pid, marker_line("SITE-3")));
  // The forked child has its own table and its own site.
  bool child = false;
  for (auto& s : v["peak_sites"])
    if (s["pid"] != main_pid && !s["frames"].empty() && s["frames"][0]["line"] == marker_line("SITE-4")) {
      child = true;
      EXPECT_EQ(s["bytes"], 32 << 20);
    }
  EXPECT_TRUE(child) << v["peak_sites"].dump();
  // The summary names the sites; the user's LD_PRELOAD was kept (ld.so
  // complains about the missing file, the job still ran).
  std::ifstream err(dir + "/err");
  std::stringstream es;
  es << err.rdbuf();
  EXPECT_NE(es.str().find("main pid " + std::to_string(main_pid) + ": 48.0 MiB at "), std::string::npos) << es.str();
  EXPECT_NE(es.str().find("nonexistent-user-preload.so"), std::string::npos);
  std::system(("rm -rf '" + dir + "'").c_str());
}

}  // namespace
