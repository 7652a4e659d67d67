// run --sites for real: jobs with known sites (tools/oomlens-test-sites.cpp,
// small Python jobs) under `oomlens run --sites`; each process's table,
// the sites' sizes and file:line, and the issue's bad input (children that
// drop LD_PRELOAD, a job that closes every fd, a user's LD_PRELOAD and
// allocator, a Python the preload cannot walk, a full disk). No cgroup, no
// OOM kill: nothing to lock.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include "support/files.h"
#include "support/fixture_tree.h"
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

using oomlens::testing::slurp;

// One `oomlens run --sites` of `command` (shell words) in a fresh directory,
// with `env` (shell assignments) before oomlens; `wrap` (a shell prefix,
// @DIR@ for the directory) runs oomlens itself. The record's last line is
// the verdict.
struct Job {
  oomlens::testing::FixtureTree tree;  // removed with the job
  std::string dir = tree.root();
  int status = -1;
  json verdict;
  std::string out, err;
};

void run_sites(Job& j, const std::string& env, const std::string& command, std::string wrap = "") {
  ASSERT_FALSE(j.dir.empty());
  const std::string rec = j.dir + "/r.jsonl";
  for (size_t at; (at = wrap.find("@DIR@")) != std::string::npos;) wrap.replace(at, 5, j.dir);
  std::string cmd = env + " " + wrap + " '" + oomlens::testing::oomlens_binary() + "' run --sites --no-sparkline --record '" +
                    rec + "' -- " + command + " > '" + j.dir + "/out' 2> '" + j.dir + "/err'";
  int st = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(st));
  j.status = WEXITSTATUS(st);
  j.out = slurp(j.dir + "/out");
  j.err = slurp(j.dir + "/err");
  std::ifstream in(rec);
  std::string l, last;
  while (std::getline(in, l))
    if (!l.empty()) last = l;
  j.verdict = json::parse(last, nullptr, false);
  ASSERT_TRUE(j.verdict.is_object()) << j.err;
}

// The peak site of `pid` whose innermost frame is at `line` of the tool.
const json* site_at(const json& v, int pid, int line) {
  for (auto& s : v.at("peak_sites"))
    if (s.at("pid") == pid && !s.at("frames").empty() && s.at("frames").at(0).at("line") == line &&
        s["frames"][0]["file"].is_string() &&
        s["frames"][0]["file"].get<std::string>().find("oomlens-test-sites.cpp") != std::string::npos)
      return &s;
  return nullptr;
}

// The peak site of a process other than `not_pid` of `bytes` whose innermost frame is `function`.
const json* site_of(const json& v, int not_pid, int64_t bytes, const std::string& function) {
  for (auto& s : v.at("peak_sites"))
    if (s.at("pid") != not_pid && s.at("bytes") == bytes && !s.at("frames").empty() && s.at("frames").at(0).at("function") == function)
      return &s;
  return nullptr;
}

std::string sites_notes(const json& v) { return v.contains("sites") ? v.at("sites").value("notes", json::array()).dump() : ""; }

#ifdef OOMLENS_SANITIZED
// The job (oomlens-test-sites) is ASan-instrumented here, and ASan refuses
// to start when another library is preloaded before its runtime.
#define SKIP_IF_SANITIZED() \
  GTEST_SKIP() << "the sites preload cannot sit under an ASan-instrumented job (the RelWithDebInfo stage runs this)"
#else
#define SKIP_IF_SANITIZED() (void)0
#endif

TEST(SitesRun, NativeSitesOfParentAndForkedChild) {
  SKIP_IF_SANITIZED();
  if (::access("/usr/bin/addr2line", X_OK) != 0) GTEST_SKIP() << "addr2line (binutils) is not installed";
  // A short mean interval makes the sampled site's estimate tight (384 samples).
  Job j;
  run_sites(j, "OOMLENS_SITES_INTERVAL=65536 LD_PRELOAD=/nonexistent-user-preload.so",
            std::string("'") + oomlens::testing::test_sites_binary() + "' --fork");
  EXPECT_EQ(j.status, 0);
  const json& v = j.verdict;
  ASSERT_TRUE(v.contains("peak_sites")) << v.dump();
  const int main_pid = v.at("main_pid");
  const json* s1 = site_at(v, main_pid, marker_line("SITE-1"));
  const json* s2 = site_at(v, main_pid, marker_line("SITE-2"));
  ASSERT_TRUE(s1) << v.at("peak_sites").dump();
  ASSERT_TRUE(s2) << v.at("peak_sites").dump();
  EXPECT_EQ((*s1)["role"], "main");
  EXPECT_EQ((*s1)["bytes"], 48 << 20);  // at least kExactBytes: recorded at its size
  // The preload records no names (addr2line gives them after the run).
  EXPECT_NE((*s1)["frames"][0]["function"].get<std::string>().find("site1()"), std::string::npos);
  const double b2 = (*s2)["bytes"].get<double>();
  EXPECT_GT(b2, 0.8 * (24 << 20));
  EXPECT_LT(b2, 1.2 * (24 << 20));
  // Site 3 was freed before the peak: not live there.
  EXPECT_FALSE(site_at(v, main_pid, marker_line("SITE-3")));
  // The forked child has its own table and its own site.
  bool child = false;
  for (auto& s : v.at("peak_sites"))
    if (s.at("pid") != main_pid && !s.at("frames").empty() && s.at("frames").at(0).at("line") == marker_line("SITE-4")) {
      child = true;
      EXPECT_EQ(s["bytes"], 32 << 20);
    }
  EXPECT_TRUE(child) << v["peak_sites"].dump();
  // The summary names the sites; the user's LD_PRELOAD was kept (ld.so
  // complains about the missing file, the job still ran).
  EXPECT_NE(j.err.find("main pid " + std::to_string(main_pid) + ": 48.0 MiB at "), std::string::npos) << j.err;
  EXPECT_NE(j.err.find("nonexistent-user-preload.so"), std::string::npos);
}

// Children started with an environment that lacks the preload (issue 14,
// item 1): subprocess with env={}, subprocess with only the user's own
// LD_PRELOAD, os.posix_spawn with an empty environment. Each gets
// LD_PRELOAD and OOMLENS_SITES_DIR back (the user's preload kept, first)
// and leaves its own table with its site. The main process first closes
// every descriptor above 2 and opens /dev/null over them (the preload
// keeps none open). The sizes are at least kExactBytes, so each is recorded
// at its size (in KiB: bytearray's extra byte rounds away).
TEST(SitesRun, ChildrenWithAnEmptyEnvironmentKeepTheirSites) {
  SKIP_IF_SANITIZED();
  if (::access("/usr/bin/python3", X_OK) != 0) GTEST_SKIP() << "no /usr/bin/python3";
  const std::string script = R"(import os, subprocess, sys
os.closerange(3, 1 << 16)
for fd in range(3, 12):
    os.dup2(os.open("/dev/null", os.O_RDWR), fd)
CHILD = """
import os
print("child LD_PRELOAD=" + os.environ.get("LD_PRELOAD", ""), flush=True)
def held(n):
    return bytearray(n << 20)
x = held(%d)
"""
def kept(n):
    return bytearray(n << 20)
y = kept(24)
subprocess.run([sys.executable, "-c", CHILD % 48], env={}, check=True)
subprocess.run([sys.executable, "-c", CHILD % 40], env={"LD_PRELOAD": "/nonexistent-user-preload.so"}, check=True)
pid = os.posix_spawn(sys.executable, [sys.executable, "-c", CHILD % 32], {})
os.waitpid(pid, 0)
)";
  Job j;
  run_sites(j, "", "/usr/bin/python3 -c '" + script + "'");
  EXPECT_EQ(j.status, 0) << j.err;
  const json& v = j.verdict;
  ASSERT_TRUE(v.contains("peak_sites")) << v.dump();
  const int main_pid = v.at("main_pid");
  for (int mib : {48, 40, 32}) EXPECT_TRUE(site_of(v, main_pid, int64_t{mib} << 20, "held")) << mib << " MiB child: " << v.at("peak_sites").dump();
  EXPECT_TRUE(site_of(v, -1, int64_t{24} << 20, "kept")) << v["peak_sites"].dump();
  EXPECT_NE(j.out.find("child LD_PRELOAD=/nonexistent-user-preload.so /"), std::string::npos) << j.out;
  size_t lines = 0;
  for (size_t at = 0; (at = j.out.find("liboomlens-sites.so\n", at)) != std::string::npos; ++at) ++lines;
  EXPECT_EQ(lines, 3u) << j.out;
}

// A Python whose version the frame reader does not support (the tool
// answers Py_GetVersion with 3.13): native stacks, no crash, and one note
// for both processes.
TEST(SitesRun, UnsupportedPythonGetsNativeStacksSaidOnce) {
  SKIP_IF_SANITIZED();
  Job j;
  run_sites(j, "OOMLENS_TEST_FAKE_PYTHON='3.13.0 (main, Oct  7 2024)'",
            std::string("'") + oomlens::testing::test_sites_binary() + "' --fork");
  EXPECT_EQ(j.status, 0);
  const json& v = j.verdict;
  const int main_pid = v.at("main_pid");
  EXPECT_TRUE(site_at(v, main_pid, marker_line("SITE-1"))) << v.at("peak_sites").dump();
  const std::string notes = sites_notes(v);
  const std::string note = "Python 3.13.0 is not a version whose frames the preload can walk";
  const size_t at = notes.find(note);
  EXPECT_NE(at, std::string::npos) << notes;
  EXPECT_EQ(notes.find(note, at + 1), std::string::npos) << notes;  // once for both processes
  EXPECT_TRUE(std::regex_search(notes, std::regex(note + R"([^"]*\(pid [0-9]+, [0-9]+\))"))) << notes;
  EXPECT_NE(notes.find(std::to_string(main_pid)), std::string::npos) << notes;
}

// The tables on a full file system: a 1 MiB tmpfs (each table reserves
// 1.5 MiB), in a mount namespace of its own. The job runs as it would, and the notes
// say which processes had no table.
TEST(SitesRun, FullDiskRunsWithoutSitesAndSaysSo) {
  SKIP_IF_SANITIZED();
  if (std::system("unshare -m true 2>/dev/null") != 0) GTEST_SKIP() << "no mount namespace here (unshare -m)";
  Job j;
  // The tables' directory (RECORD.sites) is the full file system; the record is not.
  run_sites(j, "", std::string("'") + oomlens::testing::test_sites_binary() + "' --fork",
            "unshare -m sh -c 'mkdir @DIR@/r.jsonl.sites && mount -t tmpfs -o size=1m tmpfs @DIR@/r.jsonl.sites && "
            "exec \"$0\" \"$@\"'");
  EXPECT_EQ(j.status, 0) << j.err;
  EXPECT_NE(j.out.find("done "), std::string::npos) << j.out;  // the job ran to its end
  const json& v = j.verdict;
  EXPECT_TRUE(v.at("peak_sites").empty()) << v.dump();
  const std::string notes = sites_notes(v);
  EXPECT_NE(notes.find("sites." + std::to_string(v.at("main_pid").get<int>()) + ": empty"), std::string::npos) << notes;
}

// jemalloc preloaded by the user, before the sites library (docs/run.md):
// its malloc serves the job, so the preload's malloc is never called; what
// it sees are jemalloc's own anonymous mappings, with the job's frames
// further down their native stacks.
TEST(SitesRun, UsersJemallocComesFirst) {
  SKIP_IF_SANITIZED();
  const char* je = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2";
  if (::access(je, R_OK) != 0) GTEST_SKIP() << "libjemalloc2 is not installed";
  Job j;
  run_sites(j, std::string("LD_PRELOAD=") + je, std::string("'") + oomlens::testing::test_sites_binary() + "' --fork");
  EXPECT_EQ(j.status, 0) << j.err;
  EXPECT_NE(j.out.find("done "), std::string::npos) << j.out;
  const json& v = j.verdict;
  ASSERT_TRUE(v.contains("peak_sites")) << v.dump();
  const int main_pid = v.at("main_pid");
  // Site 1 (48 MiB) is one jemalloc mapping made under site1().
  bool site1 = false;
  for (auto& s : v.at("peak_sites"))
    if (s.at("pid") == main_pid && s.at("bytes").get<int64_t>() >= (int64_t{48} << 20))
      for (auto& f : s["frames"])
        if (f["function"].is_string() && f["function"].get<std::string>().find("site1()") != std::string::npos) site1 = true;
  EXPECT_TRUE(site1) << v["peak_sites"].dump();
}

}  // namespace
