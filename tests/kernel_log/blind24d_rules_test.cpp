// Rules found by blind set 24d (issue 12: tests/corpus/901-912, how logs arrive), each on hand-written input
// shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Prefix, AProgramsStringLiteralHoldingOneLogLineIsReadAsThatLine) {
  // 909: /dev/kmsg records quoted in a C++ test's string literals, `\n` escaped, a comma after each.
  NormalizedLine n;
  normalize_line(R"(      "4,101,1001,-;micd invoked oom-killer: gfp_mask=0x6200ca\n",)", n);
  EXPECT_EQ(n.text, "micd invoked oom-killer: gfp_mask=0x6200ca");
  EXPECT_TRUE(n.has_prefix);
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_DOUBLE_EQ(*n.prefix.monotonic_s, 0.001001);
  // No stamp inside: the quote marks go, and the line has no log prefix of its own.
  normalize_line(R"(  "micd invoked oom-killer: gfp_mask=0x6200ca");)", n);
  EXPECT_EQ(n.text, "micd invoked oom-killer: gfp_mask=0x6200ca");
  EXPECT_FALSE(n.has_prefix);
  // An escaped quote inside is the value's; a dmesg line quoted in a Python list keeps its stamp.
  normalize_line(R"x(            "[  823.441022] Killed process 7 (a \"b\")",)x", n);
  EXPECT_EQ(n.text, R"x(Killed process 7 (a "b"))x");
  // Two literals on the line (a JSON field), a quote left open, or a quote inside the text are no literal.
  normalize_line(R"("raw": "<10>1 2026-08-29T11:00:00Z host02 kernel - - - Out of Memory: Killed process",)", n);
  EXPECT_NE(n.text, "<10>1 2026-08-29T11:00:00Z host02 kernel - - - Out of Memory: Killed process");
  normalize_line(R"("Out of memory: Killed process 7 (a))", n);
  EXPECT_EQ(n.text, R"("Out of memory: Killed process 7 (a))");
  normalize_line(R"("" a "")", n);
  EXPECT_EQ(n.text, R"("" a "")");
}

TEST(ReportScanner, KmsgRecordsInStringLiteralsNameTheTrigger) {
  // 909: the header's comm was read with the literal's quote (`"micd`), or not at all behind the kmsg fields.
  const auto events = parse_log_text("  const std::vector<std::string> records = {\n"
                                     "      \"6,100,1000,-;usb 1-1: new high-speed USB device\\n\",\n"
                                     "      \"4,101,1001,-;micd invoked oom-killer: gfp_mask=0x6200ca\\n\",\n"
                                     "      \"6,102,1002,-;wlan0: associated\\n\",\n"
                                     "      \"3,103,1003,-;Out of memory: Killed process 4242 (micd)\\n\",\n"
                                     "      \"6,104,1004,-;oom_reaper: reaped process 4242 (micd)\\n\",\n"
                                     "  };\n",
                                     {});
  ASSERT_EQ(events.size(), 1u);
  ASSERT_TRUE(events[0].trigger);
  EXPECT_EQ(events[0].trigger->comm, "micd");
  ASSERT_EQ(events[0].victims.size(), 1u);
  EXPECT_EQ(events[0].victims[0].pid, 4242);
}

constexpr const char* kSampleThenDmesg =
    "Out of memory: Killed process 12345 (java) total-vm:4096000kB, anon-rss:3500000kB, file-rss:0kB, shmem-rss:0kB\n"
    "\n"
    "dmesg:\n"
    "\n"
    "[12345.678901] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
    "task_memcg=/system.slice/myapp.service,task=java,pid=12345,uid=1000\n"
    "[12345.678902] Out of memory: Killed process 12345 (java) total-vm:4096000kB, anon-rss:3500000kB\n"
    "[12345.678903] oom_reaper: reaped process 12345 (java), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n";

TEST(ReportAssembler, ABareSampleKillThenItsStampedFormIsOneKill) {
  // 902: the page's unstamped sample kill line, then the same kill's dmesg form: the stamped summary is the stamped
  // kill's, not the sample's, and the two kill lines are one kill quoted twice; the sample's figures fill the cut.
  const auto events = parse_log_text(kSampleThenDmesg, {});
  ASSERT_EQ(events.size(), 1u);
  ASSERT_EQ(events[0].victims.size(), 1u);
  const Victim& v = events[0].victims[0];
  EXPECT_EQ(v.pid, 12345);
  EXPECT_EQ(v.file_rss_bytes, 0u);
  EXPECT_EQ(v.shmem_rss_bytes, 0u);
  EXPECT_TRUE(v.reaped);
  ASSERT_TRUE(events[0].memcg);
  EXPECT_EQ(events[0].memcg->task_memcg, "/system.slice/myapp.service");
  // Both stamped: the summary after the kill is still that kill's (corpus 630's order), one event.
  const auto both = parse_log_text(
      "[12345.678902] Out of memory: Killed process 12345 (java) total-vm:4096000kB, anon-rss:3500000kB\n"
      "[12345.678903] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/system.slice/myapp.service,task=java,pid=12345,uid=1000\n",
      {});
  EXPECT_EQ(both.size(), 1u);
  // Another pid's kill later, stamped: two kills, never folded.
  const auto two = parse_log_text(
      "Out of memory: Killed process 12345 (java) total-vm:4096000kB, anon-rss:3500000kB, file-rss:0kB\n"
      "[12345.678902] Out of memory: Killed process 12346 (java) total-vm:4096000kB, anon-rss:3500000kB\n",
      {});
  EXPECT_EQ(two.size(), 2u);
}

TEST(ReportAssembler, ASummaryCutBeforeItsTaskInTheKillsStampIsThatKills) {
  // 904: the kill, then its summary the writer cut with `...`, both stamped the same: one event. (With the page's
  // prose straight after it, the prose is still read as the cut summary's wrapped rest: corpus 904, pending.)
  const auto events = parse_log_text(
      "When a process is OOM-killed, the kernel logs a verbose message to dmesg:\n"
      "[123456.789] Out of memory: Killed process 4321 (python) total-vm:2048000kB\n"
      "[123456.789] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null)...\n",
      {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::kill);
  EXPECT_EQ(events[0].constraint, Constraint::global);
  // Stamped later than the kill, the cut summary is the next report's (its header lost): an event of its own.
  const auto later = parse_log_text(
      "[123456.789] Out of memory: Killed process 4321 (python) total-vm:2048000kB\n"
      "[123460.100] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null)...\n",
      {});
  EXPECT_EQ(later.size(), 2u);
}

}  // namespace
}  // namespace oomlens
