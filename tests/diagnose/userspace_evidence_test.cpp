// Userspace text of an input without a kernel report (h-causes; corpus 226, 228).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "diagnose/userspace_evidence.h"

#include <string>
#include <utility>
#include <vector>

namespace oomlens::diagnose {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(UserspaceEvidence, SlurmOomKillCountPointsAtTheNodesKernelLog) {
  const std::string s = userspace_evidence_line(
      "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=191.batch cgroup. Some of your processes may have "
      "been killed by the cgroup out-of-memory handler.");
  EXPECT_THAT(s, HasSubstr("counted 1 OOM kill(s) in the cgroup of step 191.batch"));
  EXPECT_THAT(s, HasSubstr("journalctl -k"));
  EXPECT_THAT(userspace_evidence_line("slurmstepd: error: Detected 3 oom-kill event(s) in step 42.0 cgroup."),
              HasSubstr("3 OOM kill(s) in the cgroup of step 42.0"));
}

// Blind set 14b (corpus 427): newer slurmstepd words the count `Detected 2 oom_kill events in StepId=13.0. Some of
// the step tasks have been OOM Killed.` (one event: `oom_kill event`).
TEST(UserspaceEvidence, SlurmNewerOomKillEventsWordingPointsAtTheNodesKernelLog) {
  const std::string s = userspace_evidence_line(
      "slurmstepd: error: Detected 2 oom_kill events in StepId=JOBID.13. Some of the step tasks have been OOM Killed.");
  EXPECT_THAT(s, HasSubstr("counted 2 OOM kill(s) in the cgroup of step JOBID.13"));
  EXPECT_THAT(s, HasSubstr("journalctl -k"));
  EXPECT_THAT(userspace_evidence_line("slurmstepd: error: Detected 1 oom_kill event in StepId=11300781.0. Some of the "
                                      "step tasks have been OOM Killed."),
              HasSubstr("1 OOM kill(s) in the cgroup of step 11300781.0"));
  // Neither wording without its count is a sentence.
  EXPECT_EQ(userspace_evidence_line("the step reported oom_kill events"), "");
  UserspaceEvidenceScan scan;
  std::string text;
  for (int i = 0; i < 200; ++i) text += "Epoch 3: loss 0.25\n";
  text += "slurmstepd: error: Detected 2 oom_kill events in StepId=7.batch. Some of the step tasks have been OOM Killed.\n";
  scan.feed(text);
  scan.finish();
  ASSERT_EQ(scan.found().size(), 1u);
  EXPECT_EQ(scan.found()[0].line, 201u);
}

// Blind set 8a (corpus 278, 162): systemd's unit line says the kernel killed in the unit's cgroup.
TEST(UserspaceEvidence, SystemdUnitKilledByTheOomKillerPointsAtTheKernelLog) {
  const std::string s = userspace_evidence_line(
      "Mar 02 10:11:12 host01 systemd[1]: worker.service: A process of this unit has been killed by the OOM killer.");
  EXPECT_THAT(s, HasSubstr("a process of systemd unit worker.service"));
  EXPECT_THAT(s, HasSubstr("journalctl -k"));
  EXPECT_THAT(userspace_evidence_line("systemd[2898]: app-x.scope: A process of this unit has been killed by the OOM "
                                      "killer."),
              HasSubstr("systemd unit app-x.scope"));
  // The bare sentence, as a poster copied it out of `systemctl status`.
  EXPECT_THAT(userspace_evidence_line("A process of this unit has been killed by the OOM killer."),
              HasSubstr("a process of a systemd unit"));
  // systemd-oomd's own kills are not the kernel's.
  EXPECT_EQ(userspace_evidence_line("systemd[1]: user@1000.service: systemd-oomd killed 12 process(es) in this unit."),
            "");
  UserspaceEvidenceScan scan;
  std::string text;
  for (int i = 0; i < 200; ++i) text += "[ 12.345678] eth0: link up\n";
  text += "x.service: A process of this unit has been killed by the OOM killer.\n";
  scan.feed(text);
  scan.finish();
  ASSERT_EQ(scan.found().size(), 1u);
  EXPECT_EQ(scan.found()[0].line, 201u);
}

// Blind set 11a (corpus 343): newer systemd words the unit line `The kernel OOM killer killed some processes in
// this unit.`
TEST(UserspaceEvidence, SystemdUnitNewerWordingPointsAtTheKernelLog) {
  const std::string s = userspace_evidence_line(
      "Aug 07 01:00:57 systemd[1]: relay.service: The kernel OOM killer killed some processes in this unit.");
  EXPECT_THAT(s, HasSubstr("a process of systemd unit relay.service"));
  EXPECT_THAT(s, HasSubstr("journalctl -k"));
  EXPECT_THAT(userspace_evidence_line("vte-spawn-1f2e...scope: The kernel OOM killer killed some processes in this unit."),
              HasSubstr("systemd unit vte-spawn-1f2e...scope"));
  UserspaceEvidenceScan scan;
  std::string text;
  for (int i = 0; i < 200; ++i) text += "Allocating and wiping 3.9GB of memory.\n";
  text += "app.slice: The kernel OOM killer killed some processes in this unit.\n";
  scan.feed(text);
  scan.finish();
  ASSERT_EQ(scan.found().size(), 1u);
  EXPECT_EQ(scan.found()[0].line, 201u);
}

TEST(UserspaceEvidence, MemoryHighIsThrottlingNotAKill) {
  const std::string s = userspace_evidence_line("memory.events:    high 556267      <- throttled 556k");
  EXPECT_THAT(s, HasSubstr("556267 memory.high event(s)"));
  EXPECT_THAT(s, HasSubstr("no kill"));
  EXPECT_EQ(userspace_evidence_line("high 12"), "");        // not known to be memory.events
  EXPECT_NE(userspace_evidence_line("high 12", true), "");  // inside a memory.events dump
  EXPECT_EQ(userspace_evidence_line("memory.events: high 0"), "");
}

TEST(UserspaceEvidence, ScanReadsLinesAcrossChunksAndDumps) {
  UserspaceEvidenceScan scan;
  scan.feed("Epoch 1\nslurmstepd: error: Detected 2 oom-");
  scan.feed("kill event(s) in StepId=7.batch cgroup.\n$ cat memory.events\nlow 0\nhigh 9\nmax 0\noom 0\n");
  scan.finish();
  ASSERT_EQ(scan.found().size(), 2u);
  EXPECT_EQ(scan.found()[0].line, 2u);
  EXPECT_THAT(scan.found()[0].message, HasSubstr("2 OOM kill(s)"));
  EXPECT_EQ(scan.found()[1].line, 5u);
  EXPECT_THAT(scan.found()[1].message, HasSubstr("9 memory.high"));
}

// Chunks whose lines cannot hold evidence are only counted: the line numbers and the memory.events state
// across chunk borders stay those of a line-by-line read, whatever the chunk size.
TEST(UserspaceEvidence, SkippedLinesKeepLineNumbersAndDumpState) {
  std::string text;
  for (int i = 0; i < 300; ++i) text += "[ 12.345678] eth0: link up, 1000 Mbps, full duplex\n";
  text += "$ cat /sys/fs/cgroup/job/memory.events\nlow 0\n";
  for (int i = 0; i < 40; ++i) text += "filler line without the words\n";
  text += "low 0\nmax 0\nhigh 7\n";
  text += "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=3.0 cgroup.\n";
  // Lines with a word but no sentence, between filler: each is read with the lines before it.
  for (int i = 0; i < 30; ++i) text += i % 7 == 0 ? "usb 1-1: new high speed device; high 3 of them\n" : "filler\n";
  text += "low 0\n";
  for (int i = 0; i < 20; ++i) text += "filler\n";
  text += "high 5\nhigh 6\n\n\nhigh 8\n";
  std::vector<std::pair<uint64_t, std::string>> want;
  {
    UserspaceEvidenceScan one;
    for (size_t at = 0; at < text.size();) {  // a line per feed: no skipping
      const size_t eol = text.find('\n', at);
      one.feed(std::string_view(text).substr(at, eol + 1 - at));
      at = eol + 1;
    }
    one.finish();
    for (const auto& f : one.found()) want.emplace_back(f.line, f.message);
  }
  ASSERT_EQ(want.size(), 2u);
  EXPECT_EQ(want[0].first, 345u);
  EXPECT_EQ(want[1].first, 346u);
  for (size_t chunk : {7u, 64u, 101u, 333u, 4096u, 100000u}) {
    UserspaceEvidenceScan scan;
    for (size_t at = 0; at < text.size(); at += chunk) scan.feed(std::string_view(text).substr(at, chunk));
    scan.finish();
    std::vector<std::pair<uint64_t, std::string>> got;
    for (const auto& f : scan.found()) got.emplace_back(f.line, f.message);
    EXPECT_EQ(got, want) << "chunk " << chunk;
  }
}

TEST(UserspaceEvidence, OrdinaryLinesSayNothing) {
  EXPECT_EQ(userspace_evidence_line("Killed"), "");
  EXPECT_EQ(userspace_evidence_line("the high 5 of the day"), "");
  EXPECT_THAT(userspace_evidence_line("Detected 1 oom-kill event(s)"), HasSubstr("the job step's cgroup"));
}

// A job's output ends with slurmstepd's error: it is found after any amount of text (no first-MiBs limit).
TEST(UserspaceEvidence, SlurmErrorAtTheEndOfALongOutputIsFound) {
  std::string line = "epoch 17: loss 0.4211, lr 3e-4, step time 0.97 s, tokens/s 81234, mem 71.2 GiB\n";
  std::string text;
  while (text.size() < (size_t{9} << 20)) text += line;
  const uint64_t lines = text.size() / line.size();
  text += "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=4242.0. Some of the step tasks have been "
          "OOM Killed.\n";
  UserspaceEvidenceScan scan;
  for (size_t at = 0; at < text.size(); at += 65536) scan.feed(std::string_view(text).substr(at, 65536));
  scan.finish();
  ASSERT_EQ(scan.found().size(), 1u);
  EXPECT_EQ(scan.found()[0].line, lines + 1);
  EXPECT_THAT(scan.found()[0].message, HasSubstr("step 4242.0"));
}

}  // namespace
}  // namespace oomlens::diagnose
