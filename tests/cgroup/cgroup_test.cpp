#include "cgroup/cgroup.h"
#include "cgroup/memcg_files.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <vector>

#include "support/files.h"
#include "support/fixture_tree.h"

namespace oomlens::cgroup {
namespace {

using oomlens::testing::slurp;

// /proc/self/cgroup and mountinfo of a hybrid machine (v1 memory beside a
// v2 hierarchy without it), and of a pure v2 machine.
constexpr const char* kHybridCgroup =
    "9:name=systemd:/\n4:memory:/process_api/e0e6\n3:cpuset:/\n0::/\n";
constexpr const char* kHybridMountinfo =
    "30 25 0:26 / /sys/fs/cgroup ro,nosuid - tmpfs tmpfs ro,mode=755\n"
    "35 30 0:31 / /sys/fs/cgroup/unified rw,nosuid shared:10 - cgroup2 cgroup2 rw\n"
    "38 30 0:34 / /sys/fs/cgroup/memory rw,nosuid shared:14 - cgroup cgroup rw,memory\n"
    "39 30 0:35 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n";
constexpr const char* kV2Mountinfo =
    "31 25 0:27 / /sys/fs/cgroup rw,nosuid,nodev shared:9 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot\n";

TEST(ProcCgroup, ParsesV1AndV2Lines) {
  auto lines = parse_proc_cgroup(kHybridCgroup);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[1].controllers, std::vector<std::string>{"memory"});
  EXPECT_EQ(lines[1].path, "/process_api/e0e6");
  EXPECT_TRUE(lines[3].controllers.empty());
  EXPECT_EQ(lines[3].hierarchy_id, 0);
  EXPECT_TRUE(parse_proc_cgroup("garbage\n::\n").empty());
}

TEST(ProcCgroup, MemoryCgroupPerHierarchy) {
  EXPECT_EQ(memory_cgroup_in(Version::v1, kHybridCgroup), "/process_api/e0e6");
  EXPECT_EQ(memory_cgroup_in(Version::v2, kHybridCgroup), "/");
  EXPECT_EQ(memory_cgroup_in(Version::v2, "0::/user.slice/job\n"), "/user.slice/job");
  EXPECT_EQ(memory_cgroup_in(Version::v1, "0::/user.slice/job\n"), std::nullopt);
  EXPECT_EQ(memory_cgroup_in(Version::v2, "4:memory:/a\n"), std::nullopt);
  EXPECT_EQ(memory_cgroup_in(Version::v1, "5:cpu,memory:/b\n"), "/b");
  EXPECT_EQ(memory_cgroup_in(Version::v1, ""), std::nullopt);
}

TEST(MountCandidates, V1MemoryBeforeV2) {
  auto c = memory_mount_candidates(kHybridMountinfo);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].version, Version::v1);
  EXPECT_EQ(c[0].mount_point, "/sys/fs/cgroup/memory");
  EXPECT_EQ(c[1].version, Version::v2);
  auto v2 = memory_mount_candidates(kV2Mountinfo);
  ASSERT_EQ(v2.size(), 1u);
  EXPECT_EQ(v2[0].mount_point, "/sys/fs/cgroup");
}

TEST(Limit, UnlimitedValues) {
  EXPECT_TRUE(parse_limit("max\n").unlimited);
  EXPECT_TRUE(parse_limit("9223372036854771712\n").unlimited);
  EXPECT_EQ(parse_limit("67108864\n").bytes, 67108864u);
  EXPECT_FALSE(parse_limit("junk").bytes.has_value());
  EXPECT_FALSE(parse_limit("junk").unlimited);
}

// A fixture root for a pure cgroup v2 machine.
TEST(FixtureTree, V2HierarchyLimitsAndCounters) {
  oomlens::testing::FixtureTree t;
  const std::string root = t.root();
  t.write("proc/self/mountinfo", kV2Mountinfo);
  t.write("proc/42/cgroup", "0::/job.slice/leaf\n");
  t.write("sys/fs/cgroup/cgroup.controllers", "cpuset cpu io memory pids\n");
  t.write("sys/fs/cgroup/job.slice/memory.max", "1073741824\n");
  t.write("sys/fs/cgroup/job.slice/leaf/memory.max", "max\n");
  t.write("sys/fs/cgroup/job.slice/leaf/memory.events.local", "low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\noom_group_kill 0\n");
  auto h = find_memory_hierarchy(root);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->version, Version::v2);
  auto dir = memory_cgroup_dir(*h, 42, root);
  ASSERT_TRUE(dir);
  EXPECT_EQ(*dir, root + "/sys/fs/cgroup/job.slice/leaf");
  // The mount as the machine names it; under_root puts it under ROOT as the
  // directory is, so the walk up stops at the mount inside the tree.
  EXPECT_EQ(h->mount_point, "/sys/fs/cgroup");
  const MemoryHierarchy abs = under_root(*h, root);
  EXPECT_EQ(abs.mount_point, root + "/sys/fs/cgroup");
  EXPECT_EQ(under_root(*h, "/").mount_point, "/sys/fs/cgroup");
  EXPECT_EQ(under_root(*h, root + "/").mount_point, root + "/sys/fs/cgroup");
  t.write("sys/fs/memory.max", "1\n");  // above the mount: never read
  EXPECT_EQ(tightest_limit(abs, *dir).bytes, 1073741824u);
  EXPECT_EQ(oom_kill_count(Version::v2, *dir), 1u);
  // A cgroup this mount does not show (a v1 container's own, named by
  // /proc/self/cgroup but mounted at the root): the limits above it count.
  EXPECT_EQ(tightest_limit(abs, root + "/sys/fs/cgroup/job.slice/elsewhere").bytes, 1073741824u);
}

// A fresh cgroup2 mount (a VM, a private cgroup namespace) enables no
// controller for children: create_limited writes `+memory` to the parent's
// cgroup.subtree_control first, and leaves it alone when memory is listed.
// (On cgroupfs a read gives the enabled set; here the file just keeps what
// was written. tests/vm runs the real thing.)
TEST(FixtureTree, V2EnablesTheMemoryControllerInTheParent) {
  oomlens::testing::FixtureTree t;
  const std::string root = t.root();
  t.write("a/cgroup.subtree_control", "cpu io\n");
  EXPECT_TRUE(enable_memory_controller(root + "/a").ok());
  EXPECT_EQ(slurp(root + "/a/cgroup.subtree_control"), "+memory");
  t.write("b/cgroup.subtree_control", "cpu memory\n");
  EXPECT_TRUE(enable_memory_controller(root + "/b").ok());
  EXPECT_EQ(slurp(root + "/b/cgroup.subtree_control"), "cpu memory\n");
  auto r = enable_memory_controller(root + "/missing");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error().message().find("missing/cgroup.subtree_control"), std::string::npos) << r.error().message();
  // create_limited stops at the parent and creates nothing.
  r = create_limited(Version::v2, root + "/missing/job", 64 << 20);
  EXPECT_FALSE(r.ok());
  EXPECT_FALSE(std::filesystem::exists(root + "/missing/job"));
}

// Without cgroup.kill, kill_and_remove() SIGKILLs each listed pid once and
// then waits before it looks again: never the same pids twice at once. (A
// fixture directory is never emptied: rmdir fails ENOTEMPTY, which ends
// the wait at once with the error.)
TEST(KillAndRemove, SignalsEachMemberOnceBeforeWaiting) {
  oomlens::testing::FixtureTree t;
  t.write("job/cgroup.procs", "101\n102\n");
  std::vector<int> sent;
  const Status r = kill_and_remove(t.root() + "/job", 1000, [&sent](int pid) {
    sent.push_back(pid);
    return Status(kOk);
  });
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.error().errnum, ENOTEMPTY);
  EXPECT_EQ(sent, (std::vector<int>{101, 102}));
}

}  // namespace
}  // namespace oomlens::cgroup
