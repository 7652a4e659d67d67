// Blind set 18d (issue 12): corpus 623 (busybox init's vfork()ed child killed, init with it: `Attempted to kill
// init!`), 620 (syzbot's memcg with `limit 0kB`), 618 and 624 (dirty page cache filling a memcg).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "diagnose/explain.h"
#include "event_fixtures.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

TEST(Blind18d, InitKilledThroughASharedMmPanics) {
  const OomEvent e = only_event(
      "Out of memory: Kill process 9134 (init) score 3 or sacrifice child\n"
      "Killed process 9134 (init) total-vm:1868kB, anon-rss:84kB, file-rss:572kB\n"
      "Kill process 1 (init) sharing same memory\n"
      "...\n"
      "Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000009\n");
  const Explanation x = explain(e);
  const Check* c = find(x, "init_killed");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("after the kill of init (pid 9134): init (pid 1) died with it"));
  EXPECT_THAT(advice(x), HasSubstr("spare init among the processes that share a victim's memory"));
  EXPECT_THAT(advice(x), Not(HasSubstr("memory.oom.group")));
}

TEST(Blind18d, MemcgLimitZero) {
  const OomEvent e = only_event(
      "[   65.920355] Task in /ile0 killed as a result of limit of /ile0\n"
      "[   65.926389] memory: usage 0kB, limit 0kB, failcnt 20\n"
      "[   65.931518] memory+swap: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
      "[   65.986647] Memory cgroup out of memory: Kill process 6410 (syz-executor5) score 547000 or sacrifice "
      "child\n"
      "[   65.996474] Killed process 6410 (syz-executor5) total-vm:37708kB, anon-rss:2128kB, file-rss:0kB, "
      "shmem-rss:0kB\n");
  const Explanation x = explain(e);
  const Check* c = find(x, "memcg_limit_zero");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("The memory limit of cgroup /ile0 is 0 B"));
  EXPECT_EQ(find(x, "victim_share_unknown"), nullptr);  // no share of a limit of 0
  EXPECT_THAT(everything(x), Not(HasSubstr("prints no limit")));
}

TEST(Blind18d, DirtyPageCacheFillsAV1Memcg) {
  const OomEvent e = only_event(
      "foo.sh invoked oom-killer: gfp_mask=0x14000c0(GFP_KERNEL), nodemask=(null), order=0, oom_score_adj=0\n"
      "Task in /dirty-test killed as a result of limit of /dirty-test\n"
      "memory: usage 10240kB, limit 10240kB, failcnt 13073\n"
      "memory+swap: usage 10240kB, limit 9007199254740988kB, failcnt 0\n"
      "Memory cgroup stats for /dirty-test: cache:8848KB rss:180KB rss_huge:0KB shmem:0KB mapped_file:0KB "
      "dirty:8580KB writeback:0KB swap:0KB inactive_anon:0KB active_anon:200KB inactive_file:4364KB "
      "active_file:4364KB unevictable:0KB\n"
      "[ pid ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[18160]     0 18160     3468      652    73728        0             0 foo.sh\n"
      "[18415]     0 18415     3468      118    61440        0             0 foo.sh\n"
      "Memory cgroup out of memory: Kill process 18160 (foo.sh) score 261 or sacrifice child\n"
      "Killed process 18415 (foo.sh) total-vm:13872kB, anon-rss:472kB, file-rss:0kB, shmem-rss:0kB\n");
  const Explanation x = explain(e);
  const Check* c = find(x, "processes_hold_little");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->message,
            "The cgroup's page cache held 8.4 MiB of dirty pages (not yet written back): 83.8 % of its 10.0 MiB "
            "limit. Reclaim cannot drop dirty pages before they are written, the limit counts them, and a kill frees "
            "almost nothing.");
  EXPECT_THAT(advice(x), HasSubstr("cgroup v1 does not"));
}

}  // namespace
}  // namespace oomlens
