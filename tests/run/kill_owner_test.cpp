// h-left5 item 3: a kill of a process no /proc pass saw is the job's when its
// cgroup proves it, "unrelated" only when its cgroup proves that, else "unknown".
#include <gtest/gtest.h>

#include "run/kill_owner.h"

namespace oomlens::run {
namespace {

monitor::KernelKill kill(std::optional<std::string> constraint, std::optional<std::string> oom_memcg,
                         std::optional<std::string> task_memcg) {
  monitor::KernelKill k;
  k.pid = 4242;
  k.comm = "python3";
  k.constraint = std::move(constraint);
  k.oom_memcg = std::move(oom_memcg);
  k.task_memcg = std::move(task_memcg);
  return k;
}

constexpr std::string_view kOwn = "/oomlens.slice/run-17.scope";  // relative to the hierarchy's mount

TEST(KillOwner, AGlobalKillIsTheJobsWhenItsTaskMemcgIsTheJobsCgroup) {
  // 5.0+ `oom-kill:constraint=CONSTRAINT_NONE,…,global_oom,task_memcg=/oomlens.slice/run-17.scope/sub,…`
  EXPECT_EQ(unseen_kill_owner(kill("global", std::nullopt, "/oomlens.slice/run-17.scope"), kOwn), KillOwner::job);
  EXPECT_EQ(unseen_kill_owner(kill("global", std::nullopt, "/oomlens.slice/run-17.scope/sub"), kOwn), KillOwner::job);
  // A neighbour's cgroup: proven not the job's.
  EXPECT_EQ(unseen_kill_owner(kill("global", std::nullopt, "/user.slice/user-1000.slice/session-2.scope"), kOwn),
            KillOwner::unrelated);
  // A name that only ends like it is no cgroup of the job's.
  EXPECT_EQ(unseen_kill_owner(kill("global", std::nullopt, "/oomlens.slice/xrun-17.scope"), kOwn),
            KillOwner::unrelated);
}

TEST(KillOwner, NothingPrintedOrNoOwnCgroupIsUnknownNotUnrelated) {
  EXPECT_EQ(unseen_kill_owner(kill("global", std::nullopt, std::nullopt), kOwn), KillOwner::unknown);
  EXPECT_EQ(unseen_kill_owner(kill(std::nullopt, std::nullopt, std::nullopt), kOwn), KillOwner::unknown);
  EXPECT_EQ(unseen_kill_owner(kill("global", std::nullopt, "/user.slice"), ""), KillOwner::unknown);
  EXPECT_STREQ(kill_owner_name(KillOwner::unknown), "unknown");
  EXPECT_STREQ(kill_owner_name(KillOwner::unrelated), "unrelated");
}

TEST(KillOwner, AMemcgKillWithoutTaskMemcgGoesByItsOomMemcg) {
  EXPECT_EQ(unseen_kill_owner(kill("memcg", "/oomlens.slice/run-17.scope", std::nullopt), kOwn), KillOwner::job);
  // An ancestor's OOM: the victim may be the job's or a sibling's; another oom_memcg alone proves nothing.
  EXPECT_EQ(unseen_kill_owner(kill("memcg", "/oomlens.slice", std::nullopt), kOwn), KillOwner::unknown);
  EXPECT_EQ(unseen_kill_owner(kill("memcg", "/docker/3f2a9c11aa22", std::nullopt), kOwn), KillOwner::unknown);
  // Inside a cgroup namespace the kernel prints the path from the real root: still the job's.
  EXPECT_EQ(unseen_kill_owner(kill("global", std::nullopt, "/lxc.payload.c1/oomlens.slice/run-17.scope"), kOwn),
            KillOwner::job);
}

TEST(KillOwner, ACutTaskMemcgIsUnknownThenTheOomMemcgDecides) {
  // A viewer cut the task_memcg before the job's cgroup shows: it proves neither the job's nor a neighbour's.
  EXPECT_EQ(unseen_kill_owner(kill("global", std::nullopt, "/oomlens.slice/run-1..."), kOwn), KillOwner::unknown);
  EXPECT_EQ(unseen_kill_owner(kill("memcg", "/oomlens.slice/run-17.scope", "/oomlens.slice/run\xE2\x80\xA6"), kOwn),
            KillOwner::job);
  // Cut after the job's cgroup: still the job's.
  EXPECT_EQ(unseen_kill_owner(kill("global", std::nullopt, "/oomlens.slice/run-17.scope/wo..."), kOwn), KillOwner::job);
}

TEST(KillOwner, AMemcgKillOfACgroupBelowTheJobsIsTheJobs) {
  EXPECT_EQ(unseen_kill_owner(kill("memcg", "/oomlens.slice/run-17.scope/workers", std::nullopt), kOwn),
            KillOwner::job);
  // The same leaf name elsewhere is not the job's cgroup.
  EXPECT_EQ(unseen_kill_owner(kill("memcg", "/run-17.scope", std::nullopt), kOwn), KillOwner::unknown);
}

}  // namespace
}  // namespace oomlens::run
