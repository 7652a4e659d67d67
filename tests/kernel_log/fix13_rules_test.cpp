// h-fix13: reading rules for issue 12's known misses, each on hand-written input shaped like the real report named.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

std::string kill_line(const std::string& stamp, int pid, const std::string& comm) {
  return stamp + " host01 kernel: Memory cgroup out of memory: Killed process " + std::to_string(pid) + " (" + comm +
         ") total-vm:2568kB, anon-rss:0kB, file-rss:1024kB, shmem-rss:0kB, UID:10001 pgtables:48kB oom_score_adj:934\n";
}

TEST(GroupKill, TasksKilledAfterTheVictimsSecondLineJoinTheGroup) {
  // 812's shape, one member more: the cgroup's scan kills tini, the victim again, then sh: one OOM, three victims.
  const std::string head =
      "2026-09-02T09:08:50.880492+00:00 host01 kernel: MainThread invoked oom-killer: "
      "gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=934\n"
      "2026-09-02T09:08:50.903135+00:00 host01 kernel: oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),"
      "cpuset=cri-containerd-cabbede.scope,mems_allowed=0,oom_memcg=/kubepods.slice/pod1.slice,"
      "task_memcg=/kubepods.slice/pod1.slice/cri-containerd-cabbede.scope,task=MainThread,pid=268654,uid=10001\n";
  const std::string victim1 = kill_line("2026-09-02T09:08:50.903136+00:00", 268654, "MainThread");
  const std::string tini = kill_line("2026-09-02T09:08:50.903138+00:00", 235173, "tini");
  const std::string victim2 = kill_line("2026-09-02T09:08:50.903139+00:00", 268654, "MainThread");
  const std::string sh = kill_line("2026-09-02T09:08:50.903140+00:00", 235180, "sh");
  const auto ev = parse_log_text(head + victim1 + tini + victim2 + sh);
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 3u);
  EXPECT_EQ(ev[0].victims[0].printed_twice, true);
  EXPECT_EQ(ev[0].victims[1].pid, 235173);
  EXPECT_EQ(ev[0].victims[2].pid, 235180);
  bool noted = false;
  for (const auto& n : ev[0].notes) noted = noted || n.starts_with("after the victim's kill line, 2 other task(s)");
  EXPECT_TRUE(noted);
  // A kill a second later (another OOM of the cgroup, its report cut) stays its own event.
  const auto later = parse_log_text(head + victim1 + tini + victim2 + kill_line("2026-09-02T09:08:52.100000+00:00", 235180, "sh"));
  ASSERT_EQ(later.size(), 2u);
  EXPECT_EQ(later[0].victims.size(), 2u);
  // A kill stamped before the report's (a quote), or of the victim again, is no member.
  const auto before = parse_log_text(head + victim1 + tini + victim2 + kill_line("2026-09-02T09:08:50.903000+00:00", 235180, "sh"));
  EXPECT_EQ(before.size(), 2u);
}

}  // namespace
}  // namespace oomlens
