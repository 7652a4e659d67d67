// Rules found by blind set 7b (issue 12: tests/corpus/255-266), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Prefix, ADmesgStampWithoutItsFractionStillPrefixesALine) {
  // 266: a poster dropped the fraction of dmesg's stamps but kept their padding (`[   535] `, `[393060] `).
  NormalizedLine n;
  normalize_line("[   742] Out of memory: Killed process 2210  (java) anon-rss:812340kB", n);
  EXPECT_TRUE(n.has_prefix);
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_EQ(*n.prefix.monotonic_s, 742.0);
  EXPECT_EQ(n.text, "Out of memory: Killed process 2210  (java) anon-rss:812340kB");
  NormalizedLine wide;
  normalize_line("[481516] INFO: task kworker/u8:2:91 blocked for more than 120 seconds.", wide);
  EXPECT_TRUE(wide.has_prefix);
}

TEST(Prefix, TaskRowsJobsAndReferencesAreNotWholeSecondStamps) {
  for (const char* s : {"[ 1514]     0  1514     1213      743    45056        5         -1000 udevd",
                        "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
                        "[3]   Killed                  python3 big.py", "[12] https://example.org/oom",
                        "[    81]"}) {
    NormalizedLine n;
    normalize_line(s, n);
    EXPECT_FALSE(n.prefix.monotonic_s) << s;
  }
}

TEST(KillLine, WithoutAKnownTailTheCommEndsWithinTaskCommLen) {
  // 266/255: a shortened or joined kill line with more `)` after it; the comm is at most 15 bytes.
  auto k = oomline::parse_kill("Out of memory: Killed process 4711 (sort)    anon-rss:8000000kBINFO: task x blocked "
                               "for more than 120 seconds.systemd[1]: a.service: Watchdog timeout (limit 3min)!");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->comm, "sort");
  EXPECT_EQ(k->anon_rss_kb, 8000000u);
  auto twice = oomline::parse_kill("Out of Memory: Killed process 77 (httpd). May  3 01:02:03 h kernel: Out of Memory: "
                                   "Killed process 77 (httpd).");
  ASSERT_TRUE(twice);
  EXPECT_EQ(twice->comm, "httpd");
  auto paren = oomline::parse_kill("Killed process 901 ((sd-pam)) anon-rss:4kB and (more) text (here)");
  ASSERT_TRUE(paren);
  EXPECT_EQ(paren->comm, "(sd-pam)");
}

TEST(Report, ShortenedKillLinesWithWholeSecondStampsAreEachTheirOwnGlobalKill) {
  // 266: kill lines cut to pid, comm and anon-rss, one padded after its comm, then a line stamped earlier.
  auto ev = parse_log_text(
      "[  1200] Out of memory: Killed process 4100  (java) anon-rss:9000000kB\n"
      "[ 88000] Out of memory: Killed process 4711 (sort)    anon-rss:8000000kB\n"
      "[ 87990] INFO: task jbd2/sda1-8:300 blocked for more than 120 seconds.\n"
      "[ 88010] systemd[1]: cron.service: Watchdog timeout (limit 3min)!\n");
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].comm, "sort");
  EXPECT_EQ(ev[1].victims[0].anon_rss_bytes, 8000000ull * 1024);
  for (const auto& e : ev) EXPECT_EQ(e.constraint, Constraint::global);
}

}  // namespace
}  // namespace oomlens
