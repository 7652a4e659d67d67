// Rules found by blind set 23b (issue 12: tests/corpus/829-840, the common server and desktop case), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(OomLines, ASummaryUidGluedToTheNextLinesWordsKeepsItsDigits) {
  // 831: the summary, the paste's last kernel line, then the poster's shell prompt (`user@ip-`): taken as the
  // summary's wrapped rest, it is glued to the uid.
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,"
                                     "global_oom,task_memcg=/system.slice/bitnami.service,task=mysqld,pid=3774,"
                                     "uid=1001user@ip-",
                                     s));
  EXPECT_EQ(s.uid, 1001u);
  EXPECT_EQ(s.pid, 3774);
  // A wrap inside the number stays the number's: `uid=10` + `01`.
  oomline::Summary w;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE,global_oom,task=mysqld,pid=3774,uid=1001",
                                     w));
  EXPECT_EQ(w.uid, 1001u);
  // A translator's spaces inside the number give no uid (never its first digits).
  oomline::Summary t;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE,global_oom,task=mysqld,pid=3774,uid=10 01",
                                     t));
  EXPECT_FALSE(t.uid);
}

TEST(ReportScanner, ASummaryFollowedByAPromptLineKeepsItsUid) {
  // 831 whole: the prompt line after the summary; the same with a prefixed line after it.
  const std::string summary =
      "May 19 12:19:38 host03 kernel: [230461.584459] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,"
      "mems_allowed=0,global_oom,task_memcg=/system.slice/bitnami.service,task=mysqld,pid=3774,uid=1001\n";
  for (const std::string after : {"user@ip-\n", "May 19 12:19:39 host03 sshd[1]: hello\n", ""}) {
    const auto ev = fixtures::only_event(summary + after);
    ASSERT_TRUE(ev.chosen) << after;
    EXPECT_EQ(ev.chosen->uid, 1001u) << after;
    EXPECT_EQ(ev.chosen->pid, 3774) << after;
  }
}

TEST(Prefix, AConsolePromptBeforeAPrintkStampGoes) {
  // 839: Home Assistant's CLI prompt (`ha › `) before the kill line's printk stamp.
  NormalizedLine n;
  normalize_line("ha \xE2\x80\xBA [3905.333959] Out of memory: Killed process 5555 (node) total-vm:140620kB", n,
                 std::nullopt);
  EXPECT_TRUE(n.has_prefix);
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_DOUBLE_EQ(*n.prefix.monotonic_s, 3905.333959);
  EXPECT_EQ(n.text, "Out of memory: Killed process 5555 (node) total-vm:140620kB");
  EXPECT_FALSE(n.prefix.host);  // a program's prompt, not a machine's name
  // Words then a sign with no stamp after it stay text; so do kernel words before a `[`.
  normalize_line("ha \xE2\x80\xBA core info", n, std::nullopt);
  EXPECT_FALSE(n.prefix.monotonic_s);
  normalize_line("Node 0 DMA: 1*4kB (U) = 4kB", n, std::nullopt);
  EXPECT_FALSE(n.prefix.monotonic_s);
}

TEST(ReportScanner, AKillAfterAPromptKeepsItsTimeNewestFirst) {
  // 839 reversed: the kill after its prompt, last in newest-first text, takes its own printk time, not the time of
  // the line before it in the text (printed after it).
  const std::string kill =
      "ha \xE2\x80\xBA [3905.333959] Out of memory: Killed process 5555 (node) total-vm: 140620kB, anon-rss:13656kB, "
      "file-rss:31936kB, shmem-rss:0kB, UID:0 pgtables:412kB oom_score_adj:200\n";
  const std::string later =
      "[ 3970.818218] systemd[1]: systemd-resolved.service: Watchdog timeout (limit 3min)!\n"
      "[ 3906.567629] systemd[1]: systemd-logind.service: Watchdog timeout (limit 3min)!\n";
  for (const std::string& text : {kill + later, later + kill}) {
    const auto ev = fixtures::only_event(text);
    ASSERT_TRUE(ev.time.monotonic_s);
    EXPECT_DOUBLE_EQ(*ev.time.monotonic_s, 3905.333959);
    ASSERT_EQ(ev.victims.size(), 1u);
    EXPECT_EQ(ev.victims[0].oom_score_adj, 200);
  }
}

}  // namespace
}  // namespace oomlens
