// The guard's rule (src/guard/guard.h) replayed on real working-set
// trajectories: tests/fixtures/guard/*.tsv, taken from bench/guard_startup.sh
// records (real PyTorch start-ups and real leaks in capped v1 cgroups; see
// tests/fixtures/guard/README.md). A healthy start-up that plateaus at about
// 65 % of its limit gets no warning and no action under the defaults with
// --action term; a leak is warned about before the kernel's kill.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "guard/guard.h"
#include "support/paths.h"

namespace oomlens::guard {
namespace {

struct Trajectory {
  std::string name;
  std::string kind;  ///< "healthy" or "leak"
  std::optional<double> kill_t_s;
  std::vector<Observation> obs;
};

// "# key: value" header lines, then "t_s working_set_bytes limit_bytes" rows.
Trajectory load(const std::filesystem::path& p) {
  Trajectory tr;
  tr.name = p.stem().string();
  std::ifstream in(p);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    if (line[0] == '#') {
      auto colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string key = line.substr(2, colon - 2), val = line.substr(colon + 2);
      if (key == "kind") tr.kind = val;
      if (key == "kill_t_s") tr.kill_t_s = std::stod(val);
      continue;
    }
    std::istringstream row(line);
    double t = 0;
    uint64_t ws = 0, limit = 0;
    if (row >> t >> ws >> limit) tr.obs.push_back({t, ws, limit, true});
  }
  return tr;
}

std::vector<Trajectory> all_trajectories() {
  std::vector<Trajectory> v;
  const std::filesystem::path dir = std::filesystem::path(oomlens::testing::source_dir()) / "tests/fixtures/guard";
  for (auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".tsv") v.push_back(load(e.path()));
  std::sort(v.begin(), v.end(), [](auto& a, auto& b) { return a.name < b.name; });
  return v;
}

GuardOptions term_defaults() {
  GuardOptions o;  // --warn 85%, --forecast 10s, --act 95%, --act-forecast 2s
  o.action.kind = Action::Kind::signal;
  o.action.signo = SIGTERM;
  return o;
}

TEST(GuardReplay, HealthyStartupsAreNeitherWarnedNorActedOn) {
  int n = 0;
  for (auto& tr : all_trajectories()) {
    if (tr.kind != "healthy") continue;
    ++n;
    ASSERT_GT(tr.obs.size(), 20u) << tr.name;
    Guard g(term_defaults());
    for (auto& o : tr.obs)
      for (auto& d : g.observe(o))
        ADD_FAILURE() << tr.name << ": " << decision_name(d.kind) << " (" << d.trigger << ") at " << d.t_s << " s, "
                      << 100 * d.used_fraction << " % of the limit";
  }
  EXPECT_GE(n, 4);
}

TEST(GuardReplay, LeaksAreWarnedBeforeTheKill) {
  int n = 0;
  for (auto& tr : all_trajectories()) {
    if (tr.kind != "leak") continue;
    ++n;
    ASSERT_TRUE(tr.kill_t_s) << tr.name;
    Guard g(GuardOptions{});
    std::optional<Decision> warn;
    for (auto& o : tr.obs)
      for (auto& d : g.observe(o))
        if (d.kind == Decision::Kind::warn && !warn) warn = d;
    ASSERT_TRUE(warn) << tr.name;
    const double lead = *tr.kill_t_s - warn->t_s;
    std::cout << tr.name << ": warned (" << warn->trigger << ") at " << warn->t_s << " s, "
              << 100 * warn->used_fraction << " %, " << lead << " s before the kill\n";
    EXPECT_GT(lead, 0.5) << tr.name;
  }
  EXPECT_GE(n, 2);
}

}  // namespace
}  // namespace oomlens::guard
