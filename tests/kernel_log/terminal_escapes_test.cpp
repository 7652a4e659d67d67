// Logs a terminal tool coloured before they were saved or pasted (issue 12,
// class 4): `dmesg --color=always`, `grep --color=always`, and the same
// sequences as `cat -v` and `less` show them (`^[[33m`). The colours are
// taken out; the facts are those of the plain text.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

constexpr const char* kKill =
    "Memory cgroup out of memory: Killed process 5987 (python3) total-vm:13940kB, anon-rss:8192kB, "
    "file-rss:888kB, shmem-rss:0kB, UID:0 pgtables:64kB oom_score_adj:0";

TEST(TerminalEscapes, StripsCsiSequencesRawOrShown) {
  std::string plain;
  ASSERT_TRUE(strip_terminal_escapes("\x1b[32m[ 1.5] \x1b[0m\x1b[33mfoo: \x1b[0mbar", plain));
  EXPECT_EQ(plain, "[ 1.5] foo: bar");
  ASSERT_TRUE(strip_terminal_escapes("invoked ^[[01;31m^[[Koom^[[m^[[K-killer", plain));
  EXPECT_EQ(plain, "invoked oom-killer");
  ASSERT_TRUE(strip_terminal_escapes("a\x1b(Bb", plain));  // tput sgr0's charset reset
  EXPECT_EQ(plain, "ab");
  plain = "untouched";
  EXPECT_FALSE(strip_terminal_escapes("mems_allowed=0 ^ x [y]", plain));
  EXPECT_FALSE(strip_terminal_escapes("a lone \x1b byte", plain));
  EXPECT_EQ(plain, "untouched");
}

// dmesg --color=always: the stamp green and the "subsystem" (the text up to
// the first `: `) yellow, so the kill's message and time sit in spans.
TEST(TerminalEscapes, DmesgColourKeepsTimeAndMessage) {
  const std::string line = std::string("\x1b[32m[44639.303908] \x1b[0m\x1b[33mMemory cgroup out of memory: \x1b[0m") +
                           "\x1b[31m" + (kKill + 29) + "\x1b[0m\n";
  OomEvent ev = testing::one_event(line);
  EXPECT_EQ(ev.time.monotonic_s, 44639.303908);
  EXPECT_EQ(ev.constraint, Constraint::memcg);
  ASSERT_EQ(ev.victims.size(), 1u);
  EXPECT_EQ(ev.victims[0].pid, 5987);
  EXPECT_EQ(ev.victims[0].comm, "python3");
  EXPECT_EQ(ev.victims[0].anon_rss_bytes, 8192u * 1024);
}

// grep --color=always: a match inside an anchor hides it from the
// prefilter (`Killed`, `oom`), raw or as `cat -v` shows it.
TEST(TerminalEscapes, GrepColourInsideTheAnchorsIsFound) {
  for (std::string_view esc : {"\x1b", "^["}) {
    const std::string on = std::string(esc) + "[01;31m" + std::string(esc) + "[K";
    const std::string off = std::string(esc) + "[m" + std::string(esc) + "[K";
    std::string text = "noise line one\n[ 12.000001] python3 invoked " + on + "oom" + off +
                       "-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n" +
                       "[ 12.000100] Memory cgroup out of memory: " + on + "Killed" + off + (kKill + 35) + "\n";
    OomEvent ev = testing::one_event(text);
    ASSERT_TRUE(ev.trigger.has_value()) << esc;
    EXPECT_EQ(ev.trigger->comm, "python3");
    ASSERT_EQ(ev.victims.size(), 1u);
    EXPECT_EQ(ev.victims[0].pid, 5987);
    // Every chunk border gives the same.
    size_t events = 0;
    ReportScanner sc(ScanOptions{}, [&](OomEvent&&) { ++events; });
    for (size_t i = 0; i < text.size(); i += 5) sc.feed_text(std::string_view(text).substr(i, 5));
    sc.finish();
    EXPECT_EQ(events, 1u) << esc;
  }
}

// An editor's retab (`unexpand -a`) puts tabs where the kernel printed
// spaces, also between a header's fields: each tab reads as a space.
TEST(RetabbedText, TabsBetweenFieldsAreSpaces) {
  OomEvent ev = testing::one_event(
      "[ 12.000001] corerun invoked oom-killer: gfp_mask=0x24201ca(GFP_HIGHUSER_MOVABLE|__GFP_COLD), nodemask=(null),\t"
      "order=0, oom_score_adj=0\n"
      "[ 12.000100] Out of memory: Killed process 31490 (corerun)\ttotal-vm:2007864kB, anon-rss:1032kB, "
      "file-rss:0kB, shmem-rss:0kB\n");
  ASSERT_TRUE(ev.trigger.has_value());
  EXPECT_EQ(ev.trigger->nodemask, "(null)");
  EXPECT_EQ(ev.trigger->order, 0);
  ASSERT_EQ(ev.victims.size(), 1u);
  EXPECT_EQ(ev.victims[0].total_vm_bytes, 2007864u * 1024);
}

}  // namespace
}  // namespace oomlens
