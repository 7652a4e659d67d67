// Rules found by blind set 18d (issue 12: tests/corpus/613-624, mailing-list replies), each on hand-written input
// shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/newest_first.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

// 620: a reply quoting console lines with `: ` before their printk time.
TEST(Prefix, ColonQuoteBeforeAPrintkTimeGoes) {
  NormalizedLine n;
  normalize_line(": [   65.920355] Task in /ile0 killed as a result of limit of /ile0", n, std::nullopt);
  EXPECT_EQ(n.text, "Task in /ile0 killed as a result of limit of /ile0");
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_DOUBLE_EQ(*n.prefix.monotonic_s, 65.920355);
  // Without a time after it, a colon line is left as it is (prose, `: ` in a poster's text).
  normalize_line(": see above", n, std::nullopt);
  EXPECT_EQ(n.text, ": see above");
}

// 614/618/622/624 re-prefixed: a log prefix before a mail's quote marks.
TEST(Prefix, MailQuotesAfterALogPrefixGo) {
  NormalizedLine n;
  normalize_line("Jun 29 23:14:18 host01 kernel: > > msgctl11 invoked oom-killer: gfp_mask=0x200da, order=0, oom_adj=0",
                 n, 2009);
  EXPECT_EQ(n.text, "msgctl11 invoked oom-killer: gfp_mask=0x200da, order=0, oom_adj=0");
  EXPECT_TRUE(n.has_prefix);
}

// 621: 2.6.18's comm-less header with a poster's note after it, spaced with non-breaking spaces.
TEST(OomLines, CommLessHeaderWithAPostersNote) {
  auto h = oomline::parse_header("oom-killer: gfp_mask=0x201d2, order=0 \xC2\xA0 \xC2\xA0 (==> __GFP_HIGHMEM,");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->gfp_mask, "0x201d2");
  EXPECT_EQ(h->order, std::optional<int>(0));
  // A wrapped modern header (its fields go on after the order) is no comm-less header.
  EXPECT_FALSE(oomline::parse_header("oom-killer: gfp_mask=0x201da, order=0, oom_score_adj=0"));
  // Text glued after the order without a blank is not a note either.
  EXPECT_FALSE(oomline::parse_header("oom-killer: gfp_mask=0x201d2, order=0(x)"));
}

// 616: a selection and its child's kill, then an oops whose CPU line is the oops's own.
TEST(NewestFirst, AnOopsAfterTheKillSaysPrintOrder) {
  const std::string text =
      "Out of memory: Kill process 1650 (trinity-main) score 90 or sacrifice child\n"
      "Killed process 1724 (trinity-c14) total-vm:37280kB, anon-rss:236kB, file-rss:112kB, shmem-rss:112kB\n"
      "BUG: unable to handle kernel NULL pointer dereference at 00000000000001e8\n"
      "Oops: 0002 [#1] PREEMPT SMP KASAN\n"
      "CPU: 28 PID: 1650 Comm: trinity-main Not tainted 4.9.0-rc6+ #317\n";
  const auto events = parse_log_text(text, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::kill);
  ASSERT_EQ(events[0].victims.size(), 1u);
  EXPECT_EQ(events[0].victims[0].pid, std::optional<int64_t>(1724));
  ASSERT_EQ(events[0].selected.size(), 1u);
  EXPECT_EQ(events[0].selected[0].pid, 1650);
}

// 618: cgroup v2 memory.stat lines whose `Memory cgroup stats for` line the poster elided.
TEST(Report, V2StatLinesWithoutTheirHeaderAfterTheSwapCounter) {
  const std::string text =
      "dd invoked oom-killer: gfp_mask=0x101cca(GFP_HIGHUSER_MOVABLE|__GFP_WRITE), order=0, oom_score_adj=0\n"
      "memory: usage 308224kB, limit 308224kB, failcnt 2589\n"
      "swap: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
      "...\n"
      "file_dirty 303247360\n"
      "file_writeback 0\n"
      "...\n"
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=test,mems_allowed=0,oom_memcg=/test,"
      "task_memcg=/test,task=dd,pid=4404,uid=0\n"
      "Memory cgroup out of memory: Killed process 4404 (dd) total-vm:10512kB, anon-rss:1152kB, file-rss:1824kB, "
      "shmem-rss:0kB, UID:0 pgtables:76kB oom_score_adj:0\n";
  const auto events = parse_log_text(text, {});
  ASSERT_EQ(events.size(), 1u);
  ASSERT_TRUE(events[0].memcg);
  const auto& stats = events[0].memcg->stats;
  bool dirty = false;
  for (const auto& [k, v] : stats) dirty = dirty || (k == "file_dirty" && v == 303247360u);
  EXPECT_TRUE(dirty);
  // A v1 report (`memory+swap:`, no `swap:` counter) takes no such line without its stats header.
  const std::string v1 =
      "foo invoked oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0\n"
      "memory: usage 10240kB, limit 10240kB, failcnt 13073\n"
      "memory+swap: usage 10240kB, limit 9007199254740988kB, failcnt 0\n"
      "file_dirty 303247360\n";
  const auto e1 = parse_log_text(v1, {});
  ASSERT_EQ(e1.size(), 1u);
  ASSERT_TRUE(e1[0].memcg);
  EXPECT_TRUE(e1[0].memcg->stats.empty());
}

}  // namespace
}  // namespace oomlens
