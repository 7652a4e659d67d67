// Rules found by blind set 17b (issue 12: tests/corpus/541-552, orchestrators and container runtimes), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::find;  // the one check lookup of the tests (diagnose/event_fixtures.h)

TEST(Report, AMemoryOomGroupKillIsSaidWithItsCgroupAndInit) {
  // 545: `Tasks in /test1 are going to be killed due to memory.oom.group set`, then the group's other kills,
  // init (pid 1) among them.
  auto ev = parse_log_text(
      "[   37.123371] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/test1,"
      "task_memcg=/test1,task=a.out,pid=9188,uid=0\n"
      "[   37.128158] Memory cgroup out of memory: Killed process 9188 (a.out) total-vm:14456kB, anon-rss:10324kB, "
      "file-rss:504kB, shmem-rss:0kB\n"
      "[   37.132710] Tasks in /test1 are going to be killed due to memory.oom.group set\n"
      "[   37.135498] Memory cgroup out of memory: Killed process 1 (systemd) total-vm:43400kB, anon-rss:1228kB, "
      "file-rss:3992kB, shmem-rss:0kB\n"
      "[   37.143434] Memory cgroup out of memory: Killed process 9182 (a.out) total-vm:14456kB, anon-rss:76kB, "
      "file-rss:588kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 3u);
  EXPECT_EQ(ev[0].oom_group_memcg, std::optional<std::string>("/test1"));
  const Explanation x = explain(ev[0]);
  const Check* multi = find(x, "multi_kill");
  ASSERT_TRUE(multi);
  EXPECT_NE(multi->message.find("memory.oom.group is set on /test1"), std::string::npos);
  EXPECT_EQ(multi->message.find("memory stayed short after"), std::string::npos);
  EXPECT_TRUE(find(x, "init_killed"));
  // One victim's share of the limit says nothing of a group kill.
  EXPECT_FALSE(find(x, "victim_anon_vs_limit"));
}

TEST(Checks, ShmemIsMostOfTheV1StatsPagesWithoutAUsageLine) {
  // 543: the excerpt starts at `memory+swap:`: no usage, but the stats' cache (shmem in it) and rss.
  auto ev = parse_log_text(
      "[  100.000001] memory+swap: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
      "[  100.000002] Memory cgroup stats for /nomad/de25a563: cache:35124KB rss:4944KB rss_huge:0KB shmem:35124KB "
      "mapped_file:25060KB\n"
      "[  100.000003] Memory cgroup out of memory: Kill process 28042 (runc:[2:INIT]) score 788 or sacrifice child\n"
      "[  100.000004] Killed process 28042 (runc:[2:INIT]) total-vm:227632kB, anon-rss:4872kB, file-rss:1068kB, "
      "shmem-rss:27132kB\n");
  ASSERT_EQ(ev.size(), 1u);
  const Explanation x = explain(ev[0]);
  const Check* c = find(x, "shmem_dominant");
  ASSERT_TRUE(c);
  EXPECT_NE(c->message.find("(87 %)"), std::string::npos) << c->message;
}

}  // namespace
}  // namespace oomlens
