#pragma once
// Helpers shared by the `oomlens run` live tests (run_live_test.cpp,
// run_attach_live_test.cpp): start the oomlens binary with stdout/stderr to
// files, wait for it, read its record back, validate records against
// docs/schema/record.schema.json.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "live_support.h"
#include "proc/proc.h"
#include "support/files.h"
#include "support/fixture_tree.h"
#include "support/paths.h"

namespace oomlens::live {

/// A capped child cgroup of the tests' own (default 1.5 GiB), killed and
/// removed at scope exit; `dir` is empty when it could not be made.
struct Sup {
  std::string dir;
  explicit Sup(const std::string& name, uint64_t cap = 1536ull << 20) {
    auto made = make_child_cgroup(name, cap);
    EXPECT_TRUE(made) << made.error().message();
    if (made) dir = *made;
  }
  ~Sup() {
    if (!dir.empty()) (void)cgroup::kill_and_remove(dir);
  }
};

using nlohmann::json;

// The tests' directory, shared by them and removed when the program exits.
inline std::string tmpdir() {
  static const testing::FixtureTree dir;
  return dir.root();
}

using testing::slurp;

inline std::vector<json> lines_of(const std::string& path) {
  std::vector<json> out;
  std::istringstream in(slurp(path));
  std::string l;
  while (std::getline(in, l))
    if (!l.empty()) out.push_back(json::parse(l));
  return out;
}

// Starts `oomlens SUBCOMMAND ARGS` (optionally inside cgroup_dir) with
// stdout and stderr to files; returns its pid.
/// `in_child` runs in the forked child before the exec (e.g. to drop a
/// capability); it _exit()s itself when it fails.
inline int start_oomlens_subcommand(const std::string& subcommand, const std::vector<std::string>& args,
                                    const std::string& out, const std::string& err,
                                    const std::string& cgroup_dir = "",
                                    const std::function<void()>& in_child = {}) {
  pid_t pid = ::fork();
  if (pid != 0) return pid;
  if (!cgroup_dir.empty() && !cgroup::enter(cgroup_dir, 0).ok()) _exit(121);
  if (in_child) in_child();
  int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ::dup2(o, 1);
  ::dup2(e, 2);
  std::vector<std::string> argv = {oomlens::testing::oomlens_binary(), subcommand};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> a;
  for (auto& s : argv) a.push_back(const_cast<char*>(s.c_str()));
  a.push_back(nullptr);
  ::execv(a[0], a.data());
  _exit(127);
}

// `oomlens run ARGS`: start_oomlens_subcommand("run", …).
inline int start_oomlens(const std::vector<std::string>& args, const std::string& out, const std::string& err,
                         const std::string& cgroup_dir = "", const std::function<void()>& in_child = {}) {
  return start_oomlens_subcommand("run", args, out, err, cgroup_dir, in_child);
}

struct RunResult {
  int status = -1;  // raw wait status
  std::string out, err;
  std::vector<json> record;
  json verdict;
};

inline RunResult finish(int pid, const std::string& name, int timeout_s = 180) {
  RunResult r;
  auto st = wait_for(pid, timeout_s);
  EXPECT_TRUE(st.has_value()) << name << ": oomlens did not end within " << timeout_s << " s";
  r.status = st.value_or(-1);
  std::string base = tmpdir() + "/" + name;
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  if (::access((base + ".jsonl").c_str(), F_OK) == 0) {
    r.record = lines_of(base + ".jsonl");
    for (auto& l : r.record)
      if (l["type"] == "verdict") r.verdict = l;
  }
  return r;
}

inline RunResult run_oomlens(const std::string& name, const std::vector<std::string>& job, std::vector<std::string> opts = {},
                      const std::string& cgroup_dir = "", const std::function<void()>& in_child = {}) {
  std::string base = tmpdir() + "/" + name;
  opts.insert(opts.end(), {"--record", base + ".jsonl", "--linger", "20", "--"});
  opts.insert(opts.end(), job.begin(), job.end());
  int pid = start_oomlens(opts, base + ".out", base + ".err", cgroup_dir, in_child);
  return finish(pid, name);
}

inline void expect_schema_valid(const std::vector<std::string>& files) {
  if (::access("/usr/bin/python3", X_OK) != 0) {
    if (in_ci()) FAIL() << "CI=true: /usr/bin/python3 missing";
    return;
  }
  std::vector<std::string> argv = {"/usr/bin/python3", oomlens::testing::source_path("/tests/live/run_validate_record.py"),
                                   oomlens::testing::source_path("/docs/schema/record.schema.json")};
  argv.insert(argv.end(), files.begin(), files.end());
  auto r = run_command(argv, 120);
  EXPECT_EQ(r.status, 0) << r.out;
}

inline bool has_event(const RunResult& r, const std::string& kind) {
  for (auto& l : r.record)
    if (l["type"] == "event" && l["kind"] == kind) return true;
  return false;
}

inline int header_main_pid(const std::string& record_path, int timeout_s = 30) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  while (std::chrono::steady_clock::now() < deadline) {
    auto text = slurp(record_path);
    auto nl = text.find('\n');
    if (nl != std::string::npos) {
      auto h = json::parse(text.substr(0, nl), nullptr, false);
      if (!h.is_discarded() && h.contains("main_pid")) return h["main_pid"].get<int>();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return -1;
}

/// Waits until process `pid` runs as `comm` (/proc/PID/comm: it has
/// exec'd its command), at most `timeout_s`; false when it did not.
inline bool wait_for_comm(int pid, const std::string& comm, int timeout_s = 30) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  while (std::chrono::steady_clock::now() < deadline) {
    if (proc::read_comm(pid) == comm) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

/// Waits until the record at `record_path` holds a line of type `type` (a
/// "sample": the loop has ticked), at most `timeout_s`; false when not.
inline bool wait_for_record_line(const std::string& record_path, const std::string& type, int timeout_s = 30) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  const std::string needle = "\"type\":\"" + type + "\"";
  while (std::chrono::steady_clock::now() < deadline) {
    if (slurp(record_path).find(needle) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace oomlens::live
