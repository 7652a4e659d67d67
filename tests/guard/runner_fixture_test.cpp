// The guard runner (guard/runner.h) on a fixture tree: a v2 cgroup whose
// working set is past --warn of its limit, /proc/meminfo under the
// fixture (GuardHost::proc_dir). No root needed; nothing is signalled
// (--action none).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cgroup/cgroup.h"
#include "guard/runner.h"
#include "support/fixture_tree.h"

namespace oomlens::guard {
namespace {

using nlohmann::json;
using oomlens::testing::FixtureTree;

TEST(GuardRunnerFixture, WarnsWhenTheCgroupsWorkingSetPassesWarn) {
  FixtureTree t;
  const std::string mount = t.root() + "/sys/fs/cgroup";
  t.write("sys/fs/cgroup/job/memory.max", "1073741824\n");          // 1 GiB
  t.write("sys/fs/cgroup/job/memory.current", "966367641\n");       // 90 %
  t.write("sys/fs/cgroup/job/memory.stat", "anon 966367641\ninactive_file 0\n");
  t.write("proc/meminfo", "MemTotal: 16000000 kB\nMemAvailable: 8000000 kB\n");

  GuardRunner g(GuardOptions{});
  ASSERT_TRUE(g.prepare());
  std::vector<json> lines;
  std::vector<std::string> said;
  GuardHost h;
  h.main_pid = 1 << 22;  // never signalled: --action none
  h.hierarchy = cgroup::MemoryHierarchy{cgroup::Version::v2, mount};
  h.cgroup_dir = mount + "/job";
  h.own_cgroup = true;
  h.proc_dir = t.root() + "/proc";
  h.write = [&](const json& j, bool) { lines.push_back(j); };
  h.say = [&](const std::string& m) { said.push_back(m); };
  g.start(std::move(h), 0.0);
  EXPECT_EQ(g.header_json()["effective_limit_bytes"], 1073741824u);
  g.poll(0.0);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0]["kind"], "guard_warning");
  EXPECT_EQ(lines[0]["working_set_bytes"], 966367641u);
  EXPECT_EQ(lines[0]["limit_source"], "cgroup " + mount + "/job");
  ASSERT_FALSE(said.empty());
  EXPECT_NE(said[0].find("WARNING: memory"), std::string::npos);

  // Under --warn again: no further warning.
  lines.clear();
  t.write("sys/fs/cgroup/job/memory.current", "107374182\n");  // 10 %
  t.write("sys/fs/cgroup/job/memory.stat", "anon 107374182\ninactive_file 0\n");
  g.poll(2.0);
  for (const auto& l : lines) EXPECT_NE(l["kind"], "guard_warning");
}

}  // namespace
}  // namespace oomlens::guard
