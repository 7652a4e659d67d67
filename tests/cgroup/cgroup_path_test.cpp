// The one test of "is this memcg path the job's own cgroup or below it?"
// (cgroup::cgroup_within), which run's unseen_kill_owner() and
// Session::in_own_memcg() both make, and the job's cgroup as the kernel
// names it (path_in_hierarchy).
#include "cgroup/cgroup_path.h"

#include <gtest/gtest.h>

namespace oomlens::cgroup {
namespace {

constexpr std::optional<bool> kWithin = true, kOutside = false, kUnknown = std::nullopt;

TEST(CgroupWithin, TheCgroupItselfAndItsChildrenAreWithinIt) {
  EXPECT_EQ(cgroup_within("/job", "/job"), kWithin);
  EXPECT_EQ(cgroup_within("/job", "/job/child"), kWithin);
  EXPECT_EQ(cgroup_within("/job", "/job/child/grandchild"), kWithin);
  // The kernel prints no trailing slash; one there (a cut after it) is still the cgroup or below it.
  EXPECT_EQ(cgroup_within("/job", "/job/"), kWithin);
  EXPECT_EQ(cgroup_within("/job/", "/job"), kWithin);  // `own` given with one
  EXPECT_EQ(cgroup_within("/oomlens.slice/run-17.scope", "/oomlens.slice/run-17.scope/a/b"), kWithin);
}

TEST(CgroupWithin, ANameThatOnlyStartsOrEndsLikeItIsOutside) {
  EXPECT_EQ(cgroup_within("/job", "/job2"), kOutside);
  EXPECT_EQ(cgroup_within("/job", "/job2/child"), kOutside);
  EXPECT_EQ(cgroup_within("/job", "/xjob"), kOutside);
  EXPECT_EQ(cgroup_within("/oomlens.slice/run-17.scope", "/oomlens.slice/xrun-17.scope"), kOutside);
  EXPECT_EQ(cgroup_within("/oomlens.slice/run-17.scope", "/oomlens.slice"), kOutside);  // its parent
  // The same leaf name elsewhere: a shorter path is never the job's (the kernel prints from the real root).
  EXPECT_EQ(cgroup_within("/oomlens.slice/run-17.scope", "/run-17.scope"), kOutside);
  EXPECT_EQ(cgroup_within("/job", "/user.slice/user-1000.slice/session-2.scope"), kOutside);
}

TEST(CgroupWithin, TheRootIsEveryCgroupsAncestorNeverWithinOne) {
  EXPECT_EQ(cgroup_within("/job", "/"), kOutside);
  EXPECT_EQ(cgroup_within("/", "/job"), kUnknown);  // no own cgroup to be within
}

TEST(CgroupWithin, InsideACgroupNamespaceTheKernelPrintsTheLongerPath) {
  EXPECT_EQ(cgroup_within("/oomlens.slice/run-17.scope", "/lxc.payload.c1/oomlens.slice/run-17.scope"), kWithin);
  EXPECT_EQ(cgroup_within("/job", "/docker/3f2a/job/child"), kWithin);
  EXPECT_EQ(cgroup_within("/job", "/docker/3f2a/job2"), kOutside);
}

TEST(CgroupWithin, EmptyOrNotAPathIsUnknown) {
  EXPECT_EQ(cgroup_within("/job", ""), kUnknown);
  EXPECT_EQ(cgroup_within("", "/job"), kUnknown);
  EXPECT_EQ(cgroup_within("/job", "job"), kUnknown);
}

TEST(CgroupWithin, ACutPathIsUnknownUnlessItsWholeComponentsNameTheCgroup) {
  EXPECT_EQ(cgroup_within("/job", "/jo..."), kUnknown);
  EXPECT_EQ(cgroup_within("/job", "/job..."), kUnknown);  // `/job` or `/job2`
  EXPECT_EQ(cgroup_within("/job", "/job\xE2\x80\xA6"), kUnknown);
  EXPECT_EQ(cgroup_within("/job", "/user.slice/us..."), kUnknown);  // a namespace's prefix may still lead to it
  EXPECT_EQ(cgroup_within("/job", "/job/ch..."), kWithin);
  EXPECT_EQ(cgroup_within("/job", "/job/ch\xE2\x80\xA6"), kWithin);
  EXPECT_EQ(cgroup_within("/job", "/ns/job/..."), kWithin);
}

TEST(PathInHierarchy, TheDirectoryBelowTheMountAsTheKernelNamesIt) {
  // v1: the memory hierarchy's own mount.
  EXPECT_EQ(path_in_hierarchy("/sys/fs/cgroup/memory/oomlens/job", "/sys/fs/cgroup/memory"), "/oomlens/job");
  EXPECT_EQ(path_in_hierarchy("/sys/fs/cgroup/memory/oomlens/job", "/sys/fs/cgroup/memory/"), "/oomlens/job");
  // v2.
  EXPECT_EQ(path_in_hierarchy("/sys/fs/cgroup/oomlens.slice/run-17.scope", "/sys/fs/cgroup"),
            "/oomlens.slice/run-17.scope");
  // Not below the mount (or the mount itself): the directory as it is.
  EXPECT_EQ(path_in_hierarchy("/sys/fs/cgroup/memoryx/job", "/sys/fs/cgroup/memory"), "/sys/fs/cgroup/memoryx/job");
  EXPECT_EQ(path_in_hierarchy("/sys/fs/cgroup/memory", "/sys/fs/cgroup/memory"), "/sys/fs/cgroup/memory");
  EXPECT_EQ(path_in_hierarchy("", "/sys/fs/cgroup"), "");
}

TEST(PathInHierarchy, AV1DirectoryWithItsHierarchyPrefixIsWithinAsTheKernelPrintsIt) {
  // `run --limit` on a v1 machine: the job's directory under /sys/fs/cgroup/memory, the kill line's oom_memcg
  // relative to the hierarchy's root.
  const std::string own = path_in_hierarchy("/sys/fs/cgroup/memory/oomlens-tests/oomlens-run-42", "/sys/fs/cgroup/memory");
  EXPECT_EQ(cgroup_within(own, "/oomlens-tests/oomlens-run-42"), kWithin);
  EXPECT_EQ(cgroup_within(own, "/oomlens-tests/oomlens-run-42/sub"), kWithin);
  EXPECT_EQ(cgroup_within(own, "/oomlens-tests/oomlens-run-420"), kOutside);
  // The full directory is no kernel path: compared as one, it names nothing the kernel prints.
  EXPECT_EQ(cgroup_within("/sys/fs/cgroup/memory/oomlens-tests/oomlens-run-42", "/oomlens-tests/oomlens-run-42"),
            kOutside);
}

}  // namespace
}  // namespace oomlens::cgroup
