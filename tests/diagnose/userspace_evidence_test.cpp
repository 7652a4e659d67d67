// Userspace text of an input without a kernel report (h-causes; corpus 226, 228).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "diagnose/userspace_evidence.h"
#include "kernel_log/evidence_words.h"
#include "kernel_log/report_scanner.h"

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
  // systemd-oomd's own kills are not the kernel's: said to be a user-space killer's (issue 12 leftovers).
  const std::string oomd =
      userspace_evidence_line("systemd[1]: user@1000.service: systemd-oomd killed 12 process(es) in this unit.");
  EXPECT_THAT(oomd, HasSubstr("systemd-oomd, a user-space OOM killer, killed 12 process(es)"));
  EXPECT_THAT(oomd, HasSubstr("This is no kernel OOM kill"));
  EXPECT_THAT(oomd, Not(HasSubstr("saw the kernel's OOM killer")));
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
  // (`Killed` alone is strsignal(SIGKILL) as a shell prints it: LoneKilledIsAShellsSigkillOfUnknownSender.)
  EXPECT_EQ(userspace_evidence_line("Killed the old session"), "");
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

// Issue 12 leftovers (corpus 429, 65, 333, 114, 128, 75, 64, 193, 238, 80): a user-space killer's kill is said to be
// one, never a kernel OOM kill, with what its line names; a line cut before systemd-oomd's reason names no path as
// whole.
TEST(UserspaceEvidence, UserSpaceKillersAreNamedAndAreNoKernelOomKill) {
  std::string s = userspace_evidence_line(
      "Sep 10 14:59:49 host01 systemd-oomd[34]: Killed /testsuite.slice/testsuite-55.slice/testsuite-55-workload.slice/"
      "testsuite-55-testbloat.service due to memory pressure for /testsuite.slice/testsuite-55.slice/"
      "testsuite-55-workload.slice be>");
  EXPECT_THAT(s, HasSubstr("systemd-oomd, a user-space OOM killer, killed cgroup /testsuite.slice/testsuite-55.slice/"
                           "testsuite-55-workload.slice/testsuite-55-testbloat.service"));
  EXPECT_THAT(s, HasSubstr("memory pressure"));
  EXPECT_THAT(s, HasSubstr("This is no kernel OOM kill"));
  EXPECT_THAT(userspace_evidence_line("Dec 18 19:34:56 host01 systemd-oomd[840]: Killed /a.slice/b.scope due to swap "
                                      "used (2000000) / total (2097148) being more than 90.00%"),
              HasSubstr("for swap use over its limit"));
  s = userspace_evidence_line(
      "Sep 10 14:59:49 host01 systemd[1]: testsuite-55-testbloat.service: systemd-oomd killed 2 process(es) in this "
      "unit.");
  EXPECT_THAT(s, HasSubstr("killed 2 process(es) of systemd unit testsuite-55-testbloat.service"));
  EXPECT_THAT(s, HasSubstr("This is no kernel OOM kill"));
  s = userspace_evidence_line("avril 16 21:08:50 systemd-oomd[93234]: Killed /user.slice/app.slice/tmux");
  EXPECT_THAT(s, HasSubstr("killed a cgroup (the line is cut before its reason; its path starts `/user.slice/app.slice/tmux`)"));
  s = userspace_evidence_line(
      "Jul 27 19:13:10 host02 earlyoom[1012]: sending SIGTERM to process 18581 uid 1000 \"steamwebhelper\": badness "
      "302, VmRSS 10 MiB");
  EXPECT_THAT(s, HasSubstr("earlyoom, a user-space OOM killer, sent SIGTERM to steamwebhelper (pid 18581)"));
  EXPECT_THAT(userspace_evidence_line("killing process 28367 \"python3\" with signal 15: badness 698, VmRSS 11793 MiB"),
              HasSubstr("sent SIGTERM to python3 (pid 28367)"));
  s = userspace_evidence_line(
      "10-24 14:24:26.342   710   710 I lowmemorykiller: Kill 'com.google.android.gms.unstable' (17933), uid 10446, "
      "oom_score_adj 0 to free 140528kB rss, 37404kB swap; reason: device is not responding");
  EXPECT_THAT(s, HasSubstr("Android's lmkd, a user-space low-memory killer, killed com.google.android.gms.unstable (pid "
                           "17933, oom_score_adj 0) to free 137.2 MiB of RSS"));
  s = userspace_evidence_line("<6>[ 5521.350286] lowmemorykiller: Killing '.networkupgrade' (6924), adj 705,");
  EXPECT_THAT(s, HasSubstr("in-kernel lowmemorykiller killed .networkupgrade (pid 6924, adj 705)"));
  EXPECT_THAT(s, HasSubstr("no kernel OOM kill"));
  s = userspace_evidence_line(
      "user: warning: [2026-01-12T20:27:31.913975631Z]: [talos] Sending SIGKILL to cgroup {\"component\": "
      "\"controller-runtime\", \"controller\": \"runtime.OOMController\", \"cgroup\": \"/sys/fs/cgroup/kubepods/pod7\"}");
  EXPECT_THAT(s, HasSubstr("Talos' OOM controller, a user-space OOM killer, sent SIGKILL to cgroup /sys/fs/cgroup/kubepods/pod7"));
  // nohang: the action line, in both releases' wordings (corpus 498, 504); its victim is named in the lines before.
  s = userspace_evidence_line(
      "Feb 11 20:13:40 host02 nohang-desktop[24588]:   Send SIGKILL to the victim; total response time: 31 ms");
  EXPECT_THAT(s, HasSubstr("nohang, a user-space OOM killer, sent SIGKILL to the process it chose"));
  EXPECT_THAT(s, HasSubstr("This is no kernel OOM kill"));
  EXPECT_THAT(userspace_evidence_line("  Sending SIGTERM to the victim"), HasSubstr("nohang, a user-space OOM killer, "
                                                                                   "sent SIGTERM"));
  EXPECT_EQ(userspace_evidence_line("Send SIGHUP to the victim"), "");
  EXPECT_EQ(userspace_evidence_line("Sending SIGTERM to the victims' parents later"), "");
  // Words alone are no kill: the kernel's own `Kill process` selection, prose.
  EXPECT_EQ(userspace_evidence_line("Out of memory: Kill process 28367 (python3) score 714 or sacrifice child"), "");
  EXPECT_EQ(userspace_evidence_line("sending SIGTERM would be better"), "");
  EXPECT_EQ(userspace_evidence_line("Killed /tmp/x"), "");
  // Found by the scan between other lines (its prefilter holds the killers' words).
  UserspaceEvidenceScan scan;
  std::string text;
  for (int i = 0; i < 40; ++i) text += "Jul 27 19:13:10 host02 earlyoom[1012]: mem avail:   380 of 13923 MiB ( 2.73%)\n";
  text += "Jul 27 19:13:10 host02 earlyoom[1012]: sending SIGKILL to process 7 uid 0 \"x\": badness 1, VmRSS 1 MiB\n";
  scan.feed(text);
  scan.finish();
  ASSERT_EQ(scan.found().size(), 1u);
  EXPECT_EQ(scan.found()[0].line, 41u);
}

// As a ReportScanner's LineWatch (`oomlens explain`: one pass, the scanner's anchor sweep finds the words), the
// scan finds what it finds fed the text itself, at the same lines, whatever the chunks: lines with a word before,
// inside and after a report, on the anchor's own line, a memory.events dump across chunk borders, a last line
// without its newline.
// systemd-oomd's `Killed /PATH` whose ` due to …` reason a paste wrapped onto the next line (corpus 486): the
// scanner's watch hands on the line after a word's line (LineWatch::kLinesAfter), so the reason is read there too.
TEST(UserspaceEvidence, AsTheScannersWatchItReadsAnOomdReasonWrappedOntoTheNextLine) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "[ 12.345678] eth0: link up\n";
  text += "Sep 10 14:59:49 host01 systemd-oomd[567]: Killed /user.slice/user-1000.slice/app.scope\n"
          "due to memory pressure for /user.slice being 91.2% > 50.0% for > 20s with reclaim activity\n";
  for (int i = 0; i < 40; ++i) text += "[ 13.5] filler\n";
  UserspaceEvidenceScan alone;
  alone.feed(text);
  alone.finish();
  ASSERT_EQ(alone.found().size(), 1u);
  EXPECT_NE(alone.found()[0].message.find("memory pressure"), std::string::npos) << alone.found()[0].message;
  for (const size_t chunk : {size_t{1}, size_t{7}, size_t{64}, text.size()}) {
    UserspaceEvidenceScan watch;
    ReportScanner scanner({}, [](OomEvent&&) {});
    scanner.set_watch(&watch);
    for (size_t at = 0; at < text.size(); at += chunk) scanner.feed_text(std::string_view(text).substr(at, chunk));
    scanner.finish();
    watch.finish();
    ASSERT_EQ(watch.found().size(), 1u) << chunk;
    EXPECT_EQ(watch.found()[0].message, alone.found()[0].message) << chunk;
  }
}

TEST(UserspaceEvidence, AsTheScannersWatchItFindsWhatItFindsAlone) {
  std::string text;
  for (int i = 0; i < 120; ++i) text += "[ 12.345678] eth0: link up; Sending cookies; killed its child\n";
  text += "Jul 27 19:13:10 host02 earlyoom[1012]: sending SIGTERM to process 18581 uid 1000 \"x\": badness 302, "
          "VmRSS 10 MiB\n";
  text += "$ cat memory.events\nlow 0\n";
  for (int i = 0; i < 5; ++i) text += "[ 12.5] filler\n";
  text += "high 7\n";
  // A report: its lines are the scanner's; a word inside it and on its anchor's line.
  text += "[ 100.000001] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
          "[ 100.000002] b.service: A process of this unit has been killed by the OOM killer.\n"
          "[ 100.000003] Out of memory: Killed process 4242 (python3) total-vm:100kB, anon-rss:50kB, file-rss:0kB, "
          "shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0\n";
  for (int i = 0; i < 60; ++i) text += "[ 101.5] eth0: link up\n";
  text += "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=3.0 cgroup.\n";
  for (int i = 0; i < 60; ++i) text += "[ 102.5] usb 1-1: new high-speed USB device number 2\n";
  text += "low 0\nmax 0\n";
  for (int i = 0; i < 9; ++i) text += "high " + std::to_string(i) + "\n";
  text += "Sep 10 14:59:49 host01 systemd[1]: b.service: systemd-oomd killed 2 process(es) in this unit.";
  UserspaceEvidenceScan alone;
  alone.feed(text);
  alone.finish();
  // The first eight sentences of no kill (kMaxEvidence) and both kills' (as many again of their own).
  ASSERT_EQ(alone.found().size(), 10u);
  EXPECT_EQ(std::count_if(alone.found().begin(), alone.found().end(), [](const auto& x) { return x.kill; }), 2);
  for (const size_t chunk : {size_t{1}, size_t{3}, size_t{64}, size_t{1000}, text.size()}) {
    UserspaceEvidenceScan watch;
    ReportScanner scanner({}, [](OomEvent&&) {});
    scanner.set_watch(&watch);
    for (size_t at = 0; at < text.size(); at += chunk) scanner.feed_text(std::string_view(text).substr(at, chunk));
    scanner.finish();
    watch.finish();
    ASSERT_EQ(watch.found().size(), alone.found().size()) << chunk;
    for (size_t i = 0; i < alone.found().size(); ++i) {
      EXPECT_EQ(watch.found()[i].line, alone.found()[i].line) << chunk << ' ' << i;
      EXPECT_EQ(watch.found()[i].message, alone.found()[i].message) << chunk << ' ' << i;
    }
  }
  // Watching the kill words alone (what explain does after an input's first report): the kills are found, the
  // lines of the other words far from a report are not handed on.
  {
    UserspaceEvidenceScan kills;
    ReportScanner scanner({}, [](OomEvent&&) {});
    scanner.set_watch(&kills, evidence_words::Watched::kills);
    scanner.feed_text(text);
    scanner.finish();
    kills.finish();
    std::vector<uint64_t> kill_lines;
    for (const auto& x : kills.found())
      if (x.kill) kill_lines.push_back(x.line);
    std::vector<uint64_t> want;
    for (const auto& x : alone.found())
      if (x.kill) want.push_back(x.line);
    EXPECT_EQ(kill_lines, want);
    for (const auto& x : kills.found())
      EXPECT_TRUE(x.kill || x.line >= 121 + 3 + 5 + 1) << x.line << ' ' << x.message;  // no `high 7` before the report
  }
  // Not watched any more: nothing is handed on.
  UserspaceEvidenceScan stopped;
  ReportScanner scanner({}, [](OomEvent&&) {});
  scanner.set_watch(&stopped);
  scanner.set_watch(nullptr);
  scanner.feed_text(text);
  scanner.finish();
  EXPECT_TRUE(stopped.found().empty());
}

// The scan's prefilter (kernel_log/anchor_search.h find_evidence_word(): a letter's two cases one compare,
// AVX2's 32 positions a block where the CPU has it) finds each sentence's line after lines of the kernel's own
// `killed`, `Killed process`, `Sending cookies`, at every offset in a block.
TEST(UserspaceEvidence, TheScanFindsEveryKindOfLineAtEveryOffset) {
  const std::string lines[] = {
      "Sep 10 14:59:49 host01 systemd-oomd[34]: Killed /a.slice/b.service due to memory pressure for /a.slice being "
      "75.00% > 50.00% for > 20s with reclaim activity",
      "Sep 10 14:59:49 host01 systemd[1]: b.service: systemd-oomd killed 2 process(es) in this unit.",
      "Jul 27 19:13:10 host02 earlyoom[1012]: sending SIGTERM to process 18581 uid 1000 \"x\": badness 302, VmRSS 10 MiB",
      "killing process 28367 \"python3\" with signal 15: badness 698, VmRSS 11793 MiB",
      "10-24 14:24:26.342   710   710 I lowmemorykiller: Kill 'com.a' (17933), uid 10446, oom_score_adj 0 to free "
      "140528kB rss, 37404kB swap; reason: device is not responding",
      "<6>[ 5521.350286] lowmemorykiller: Killing '.networkupgrade' (6924), adj 705,",
      "user: warning: [2026-01-12T20:27:31.913975631Z]: [talos] Sending SIGKILL to cgroup {\"cgroup\": \"/k/pod7\"}",
      "Feb 11 20:13:40 host02 nohang-desktop[24588]:   Send SIGKILL to the victim; total response time: 31 ms",
      "Jun 12 01:11:35 host01 nohang[447]:   Sending SIGTERM to the victim",
      "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=191.batch cgroup.",
      "b.service: A process of this unit has been killed by the OOM killer.",
      "(raylet) [2025-12-07 09:57:19,206 E 393463 393463] (raylet) node_manager.cc:3277: 2 Workers (tasks / actors) "
      "killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: 8289, IP: 10.0.0.1)",
      "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.",
      "(raylet, ip=10.0.3.179) [2022-09-22 17:46:53,692 E 134 134] (raylet) node_manager.cc:2966: System memory low at "
      "node with IP 10.0.3.179. Used memory (216.78GB) / total capacity (219.60GB) (0.98715) exceeds threshold 0.95, "
      "killing latest task with name f and task ID NIL_ID to avoid running out of memory.",
      "(raylet) Refer to the documentation on how to address the out of memory issue: "
      "https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html.",
      "RuntimeError: DataLoader worker (pid 19597) is killed by signal: Killed.",
      "/var/spool/slurmd/job00191/slurm_script: line 28:  8156 Killed                  python3 main.py --prop hform",
      "python-kernel: detected potentially oom-killed process:",
      "distributed.nanny.memory - WARNING - Worker tls://10.0.46.23:33455 (pid=52) exceeded 95% memory budget. "
      "Restarting...",
      "Container [pid=8788,containerID=container_1_0094_01_000010] is running beyond physical memory limits. Current "
      "usage: 9.8 GB of 9.8 GB physical memory used; 43.0 GB of 47.6 TB virtual memory used. Killing container.",
      "ERROR YarnClusterScheduler: Lost executor 9 on host01: Container killed by YARN for exceeding memory limits. 7.2 "
      "GB of 4.2 GB virtual memory used.",
      "[2021-07-15 19:41:35.679]Container killed on request. Exit code is 137",
  };
  const std::string filler = "[ 5.4] process 'python3' (pid 41450) killed its child with SIGTERM; Sending cookies.\n";
  for (const std::string& line : lines) {
    for (size_t pad = 0; pad < 40; ++pad) {
      std::string text;
      for (int i = 0; i < 40; ++i) text += filler;
      text += std::string(pad, ' ') + line + "\n" + filler;
      UserspaceEvidenceScan scan;
      scan.feed(text);
      scan.finish();
      ASSERT_EQ(scan.found().size(), 1u) << pad << ": " << line;
      EXPECT_EQ(scan.found()[0].line, 41u) << line;
    }
  }
}

}  // namespace
}  // namespace oomlens::diagnose

namespace oomlens::diagnose {
namespace {

// Blind set 16a (corpus 492): systemd's `<unit>: Failed with result 'oom-kill'.` alone: an OOM kill ended the
// unit, the kernel's or systemd-oomd's; the line does not tell which.
TEST(UserspaceEvidence, SystemdUnitFailedWithResultOomKillNamesBothKillers) {
  const std::string s = userspace_evidence_line(
      "Jul 30 04:02:12 host03 systemd[1892]: overdeck-tmux-server.service: Failed with result 'oom-kill'.");
  EXPECT_THAT(s, HasSubstr("systemd unit overdeck-tmux-server.service failed because an OOM kill"));
  EXPECT_THAT(s, HasSubstr("the kernel's OOM killer or systemd-oomd"));
  EXPECT_THAT(s, HasSubstr("journalctl -k"));
  EXPECT_EQ(userspace_evidence_line("x.service: Failed with result 'exit-code'."), "");
  UserspaceEvidenceScan scan;
  std::string text;
  for (int i = 0; i < 200; ++i) text += "Jul 30 04:02:11 host03 tmux[7]: pane 3 exited\n";
  text += "Jul 30 04:02:12 host03 systemd[1892]: a.service: Failed with result 'oom-kill'.\n";
  scan.feed(text);
  scan.finish();
  ASSERT_EQ(scan.found().size(), 1u);
  EXPECT_EQ(scan.found()[0].line, 201u);
}

// Blind set 16a (corpus 486): a paste wrapped systemd-oomd's kill line before ` due to …`; the next line, indented,
// holds the reason: the two are read as one, at the first line's number, wherever the chunks split them.
TEST(UserspaceEvidence, SystemdOomdReasonWrappedOntoTheNextLineIsReadWithIt) {
  const std::string kill =
      "Jul 05 17:33:19 systemd-oomd[1599]: Killed /user.slice/user-1000.slice/user@1000.service/app.slice/t.service\n";
  const std::string reason =
      "  due to memory pressure for /user.slice/user-1000.slice/user@1000.service being 56.11% > 50.00% for > 20s "
      "with reclaim activity\n";
  std::string text;
  for (int i = 0; i < 100; ++i) text += "Jul 05 17:33:18 host03 kernel: eth0: link up\n";
  text += kill + reason + "Jul 05 17:33:19 host03 bash[9]: ok\n";
  for (size_t split : {size_t{0}, text.size() / 2, text.find(reason), text.find(reason) + 5, text.size() - 3}) {
    UserspaceEvidenceScan scan;
    scan.feed(text.substr(0, split));
    scan.feed(text.substr(split));
    scan.finish();
    ASSERT_EQ(scan.found().size(), 1u) << split;
    EXPECT_EQ(scan.found()[0].line, 101u);
    EXPECT_THAT(scan.found()[0].message,
                HasSubstr("killed cgroup /user.slice/user-1000.slice/user@1000.service/app.slice/t.service"));
    EXPECT_THAT(scan.found()[0].message, HasSubstr("memory pressure over its limit"));
    EXPECT_THAT(scan.found()[0].message, Not(HasSubstr("cut before its reason")));
  }
  // A next line that is no reason leaves the cut line's sentence as it was.
  UserspaceEvidenceScan cut;
  cut.feed("Jul 05 17:33:19 systemd-oomd[1599]: Killed /a.slice/b.service\nJul 05 17:33:20 host03 bash[9]: ok\n");
  cut.finish();
  ASSERT_EQ(cut.found().size(), 1u);
  EXPECT_THAT(cut.found()[0].message, HasSubstr("cut before its reason"));
}

}  // namespace
}  // namespace oomlens::diagnose

namespace oomlens::diagnose {
namespace {

// Blind set 17a (corpus 535, 536, 537; 250, 252 before): Ray's memory monitor, a user-space killer in the raylet,
// in each of its wordings: named with what it killed and the node, never a kernel kill; one message said once.
TEST(UserspaceEvidence, RaysMemoryMonitorIsAUserSpaceKillerNotTheKernel) {
  // The raylet's count, its number and the node's address on the line.
  std::string s = userspace_evidence_line(
      "(raylet) [2025-12-07 09:57:19,206 E 393463 393463] (raylet) node_manager.cc:3277: 2 Workers (tasks / actors) "
      "killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: 8289f87b, IP: "
      "172.24.0.226) over the last time period.");
  EXPECT_THAT(s, HasSubstr("Ray's memory monitor (in the raylet), a user-space OOM killer, killed 2 worker(s) (tasks "
                           "or actors) on node 172.24.0.226 because the node's memory use passed its threshold."));
  EXPECT_THAT(s, HasSubstr("This is no kernel OOM kill"));
  EXPECT_THAT(s, HasSubstr("`RAY_memory_usage_threshold`"));
  // Wrapped by a paste before `actors)`: the count is on the line before, so none is said.
  s = userspace_evidence_line(" actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons");
  EXPECT_THAT(s, HasSubstr("killed workers (tasks or actors) because"));
  // The task's exception, and its detail line with the node.
  EXPECT_THAT(userspace_evidence_line("ray.exceptions.OutOfMemoryError: Task was killed due to the node running low "
                                      "on memory."),
              HasSubstr("killed a task's worker because"));
  EXPECT_THAT(userspace_evidence_line("Memory on the node (IP: 10.0.3.220, ID: d8d8) where the task (task ID: b909, "
                                      "name=f, pid=548, memory used=12.18GB) was running was 21.91GB / 33.28GB"),
              HasSubstr("killed a task's worker on node 10.0.3.220 because"));
  // Ray 2.0's wording: the address after `with IP`, without the sentence's full stop.
  EXPECT_THAT(userspace_evidence_line("System memory low at node with IP 10.0.3.179. Used memory (216.78GB) / total "
                                      "capacity (219.60GB) (0.98715) exceeds threshold 0.95, killing latest task with "
                                      "name f and task ID NIL_ID to avoid running out of memory."),
              HasSubstr("killed the worker of the latest task on node 10.0.3.179 because"));
  // Its link alone is the advice it gives after such a kill.
  EXPECT_THAT(userspace_evidence_line("Refer to the documentation: https://docs.ray.io/en/latest/ray-core/scheduling/"
                                      "ray-oom-prevention.html."),
              HasSubstr("killed a worker (this line is the advice Ray gives after such a kill)"));
  // Other lines with the same words are none of Ray's.
  EXPECT_EQ(userspace_evidence_line("Pod was killed due to the node being drained"), "");
  EXPECT_EQ(userspace_evidence_line("killing latest task"), "");
  // One message over several lines (the count, `(raylet)`, the link wrapped at 188 columns) is said once; a
  // later message, more than 16 lines on, again.
  std::string text =
      "(raylet) [2025-12-07 09:57:19,206 E 393463 393463] (raylet) node_manager.cc:3277: 2 Workers (tasks / actors) "
      "killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at \n"
      "node (ID: 8289, IP: 172.24.0.226) over the last time period.\n"
      "(raylet)\n"
      "(raylet) Refer to the documentation on how to address the out of memory issue: https://docs.ray.io/en/latest/"
      "ray-core/scheduling/ray-oom-prevention.html.\n";
  for (int i = 0; i < 20; ++i) text += "Epoch 1: loss 0.5\n";
  text += "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\n";
  UserspaceEvidenceScan scan;
  scan.feed(text);
  scan.finish();
  ASSERT_EQ(scan.found().size(), 2u);
  EXPECT_EQ(scan.found()[0].line, 1u);
  EXPECT_EQ(scan.found()[1].line, 25u);
  EXPECT_THAT(scan.found()[1].message, HasSubstr("killed a task's worker"));
}

}  // namespace
}  // namespace oomlens::diagnose

namespace oomlens::diagnose {
namespace {

// PyTorch's DataLoader worker killed by a signal (blind set 17a's theme; the message of torch/csrc/DataLoader.cpp):
// SIGKILL points at the kernel log for the OOM killer's report, SIGBUS at a full /dev/shm; other signals say nothing.
TEST(UserspaceEvidence, DataLoaderWorkerKilledBySignalPointsAtTheKernelLogOrAtShm) {
  std::string s = userspace_evidence_line("RuntimeError: DataLoader worker (pid 19597) is killed by signal: Killed.");
  EXPECT_THAT(s, HasSubstr("PyTorch's DataLoader worker (pid 19597) was killed by SIGKILL."));
  EXPECT_THAT(s, HasSubstr("`Killed process 19597` and what filled the memory, is in the host's kernel log"));
  EXPECT_THAT(s, HasSubstr("`num_workers`"));
  s = userspace_evidence_line("RuntimeError: DataLoader worker (pid 125) is killed by signal: Bus error. ");
  EXPECT_THAT(s, HasSubstr("PyTorch's DataLoader worker (pid 125) died of SIGBUS (`Bus error`)"));
  EXPECT_THAT(s, HasSubstr("which is no OOM kill"));
  EXPECT_EQ(userspace_evidence_line("RuntimeError: DataLoader worker (pid 25902) is killed by signal: Segmentation "
                                    "fault."),
            "");
  // `exited unexpectedly` names no signal (h-left10 item 2): said as an exit the line does not explain, never a
  // SIGKILL.
  s = userspace_evidence_line("RuntimeError: DataLoader worker (pid(s) 123, 456) exited unexpectedly");
  EXPECT_THAT(s, HasSubstr("this line does not say how"));
  EXPECT_THAT(s, Not(HasSubstr("was killed by SIGKILL")));
  EXPECT_EQ(userspace_evidence_line("the child was killed by signal: Killed"), "");
}

}  // namespace
}  // namespace oomlens::diagnose

namespace oomlens::diagnose {
namespace {

// A shell's `Killed` job status (corpus 226's slurm script; a job's `[1]+`): SIGKILL, its sender unknown, the
// kernel's report to be looked for; other `Killed  ` text says nothing.
TEST(UserspaceEvidence, ShellKilledJobStatusIsASigkillOfUnknownSender) {
  std::string s = userspace_evidence_line(
      "/var/spool/slurmd/job00191/slurm_script: line 28:  8156 Killed                  python3 main.py --epochs 400");
  EXPECT_THAT(s, HasSubstr("The shell says `python3 main.py --epochs 400` (pid 8156) was killed by SIGKILL (`Killed`); "
                           "it does not know the sender."));
  EXPECT_THAT(s, HasSubstr("`Killed process 8156` and what filled the memory"));  // the pid the line gives
  EXPECT_THAT(userspace_evidence_line("[1]+  Killed                  python train.py"),
              HasSubstr("The shell says `python train.py` was killed by SIGKILL"));
  EXPECT_THAT(userspace_evidence_line("[1]+  Killed                  python train.py"),
              HasSubstr("`Killed process` with that pid"));
  // A long command is shown cut.
  EXPECT_THAT(userspace_evidence_line("webui.sh: line 255: 34389 Killed                  \"${python_cmd}\" -u "
                                      "\"${LAUNCH_SCRIPT}\" \"$@\" --listen --port 7860 --api --xformers --medvram "
                                      "--no-half-vae --skip-torch-cuda-test"),
              HasSubstr("--api --xformers…` (pid 34389)"));
  EXPECT_EQ(userspace_evidence_line("Killed  "), "");
  EXPECT_EQ(userspace_evidence_line("Status: Killed  by the user"), "");
  EXPECT_EQ(userspace_evidence_line("[ 100.1] Killed process 42 (python3) total-vm:1kB"), "");
}

// `Killed` alone on its line (corpus 647: npm's run-script, `sh -c` printing strsignal(SIGKILL) before `npm ERR!
// errno 137`): a SIGKILL whose sender the shell does not know; `Killed` with text after it is not this line.
TEST(UserspaceEvidence, LoneKilledIsAShellsSigkillOfUnknownSender) {
  const std::string s = userspace_evidence_line("Killed");
  EXPECT_THAT(s, HasSubstr("A shell says the command it ran was killed by SIGKILL (`Killed`"));
  EXPECT_THAT(s, HasSubstr("137, 128 + 9"));
  EXPECT_THAT(s, HasSubstr("`Killed process` with that pid"));
  EXPECT_EQ(userspace_evidence_line("  Killed\r"), s);
  EXPECT_EQ(userspace_evidence_line("Killed by the user"), "");
  EXPECT_EQ(userspace_evidence_line("The process was Killed"), "");
  // The scan finds it between npm's lines (the word is `Killed` at a line's end).
  UserspaceEvidenceScan scan;
  scan.feed("Build completed in 52.122s\n\nKilled\nnpm ERR! code ELIFECYCLE\nnpm ERR! errno 137\n");
  scan.finish();
  ASSERT_EQ(scan.found().size(), 1u);
  EXPECT_EQ(scan.found()[0].line, 3u);
  EXPECT_EQ(scan.found()[0].message, s);
}

// PostgreSQL's postmaster (corpus 644 under docker compose's prefix, padded; 646 quoted): a process ended by
// signal 9, by its kind and pid; other signals, and a line without its pid, say nothing.
TEST(UserspaceEvidence, PostgresProcessTerminatedBySignal9IsASigkillOfUnknownSender) {
  const std::string s = userspace_evidence_line(
      "postgres_1  | 2021-01-18 21:19:30.017 UTC [1] LOG:  server process (PID 315) was terminated by signal 9: "
      "Killed                                       ");
  EXPECT_THAT(s, HasSubstr("PostgreSQL's postmaster says its server process (pid 315) was ended by signal 9 (SIGKILL)"));
  EXPECT_THAT(s, HasSubstr("`Killed process 315` and what filled the memory"));
  EXPECT_THAT(s, HasSubstr("shared_buffers"));
  EXPECT_THAT(s, HasSubstr("work_mem"));
  EXPECT_THAT(userspace_evidence_line("> 2022-06-22 18:20:59.883 UTC [18282] LOG:  autovacuum worker (PID 7916) was "
                                      "terminated by signal 9: Killed"),
              HasSubstr("its autovacuum worker (pid 7916) was ended by signal 9 (SIGKILL)"));
  EXPECT_EQ(userspace_evidence_line("LOG:  server process (PID 315) was terminated by signal 11: Segmentation fault"),
            "");
  EXPECT_EQ(userspace_evidence_line("LOG:  server process (PID x) was terminated by signal 9: Killed"), "");
}

}  // namespace
}  // namespace oomlens::diagnose

namespace oomlens::diagnose {
namespace {

// Blind set 17a (corpus 538): Backend.AI's kernel runner says an OOM kill happened; the report is on the host.
TEST(UserspaceEvidence, ContainerRuntimesOomWatcherPointsAtTheHostsKernelLog) {
  UserspaceEvidenceScan scan;
  scan.feed("python-kernel: Out-of-memory detected!\n"
            "[I 2023-07-05 07:30:38.660 ServerApp] AsyncIOLoopKernelRestarter: restarting kernel (1/5), new random "
            "ports\n"
            "python-kernel: detected potentially oom-killed process:\n"
            "89 (running for 9.25s, vm: 799m, rss: 93m): /usr/bin/python3.10 -m ipykernel_launcher -f k.json\n");
  scan.finish();
  ASSERT_EQ(scan.found().size(), 1u);
  EXPECT_EQ(scan.found()[0].line, 3u);
  EXPECT_THAT(scan.found()[0].message, HasSubstr("says an out-of-memory kill happened in its container"));
  EXPECT_THAT(scan.found()[0].message, HasSubstr("is in the host's kernel log"));
  EXPECT_EQ(userspace_evidence_line("the pod was oom-killed process by process"), "");
}

}  // namespace
}  // namespace oomlens::diagnose

namespace oomlens::diagnose {
namespace {

// Blind set 18a (corpus 582-585, 588): a job runner's own memory limit on its workers, a user-space kill that
// leaves no kernel report: the Dask nanny, YARN's NodeManager (and Spark's report of it), and YARN's wording for any
// exit by a signal.
TEST(UserspaceEvidence, DaskNannyRestartIsItsOwnKillNotTheKernels) {
  // distributed 2022+: the worker's address and pid on the line.
  const std::string s = userspace_evidence_line(
      "(10.0.46.23)    2023-05-04 15:01:25.668000 distributed.nanny.memory - WARNING - Worker tls://10.0.46.23:33455 "
      "(pid=52) exceeded 95% memory budget. Restarting...");
  EXPECT_THAT(s, HasSubstr("The Dask nanny, a user-space memory monitor, killed and restarted worker "
                           "tls://10.0.46.23:33455 (pid 52) because its memory passed 95% of the worker's memory limit"));
  EXPECT_THAT(s, HasSubstr("This is no kernel OOM kill"));
  // The older wording: no address, no pid.
  EXPECT_THAT(userspace_evidence_line("distributed.nanny - WARNING - Worker exceeded 95% memory budget.  Restarting"),
              HasSubstr("killed and restarted a worker because its memory passed 95%"));
  // The same words without the restart, or without a percentage after `exceeded`, are none of the nanny's.
  EXPECT_EQ(userspace_evidence_line("Worker exceeded 95% memory budget."), "");
  EXPECT_EQ(userspace_evidence_line("the memory budget: Restarting now"), "");
  // Six restarts whose lines name no worker are one sentence; the scan finds the word `y budget` among them.
  std::string text;
  for (int i = 0; i < 6; ++i)
    text += "distributed.nanny - WARNING - Worker exceeded 95% memory budget.  Restarting\n"
            "distributed.nanny - WARNING - Worker process 2220" + std::to_string(i) + " was killed by unknown signal\n";
  UserspaceEvidenceScan scan;
  scan.feed(text);
  scan.finish();
  ASSERT_EQ(scan.found().size(), 1u);
  EXPECT_EQ(scan.found()[0].line, 1u);
}

TEST(UserspaceEvidence, YarnsMemoryCheckIsItsOwnKillNotTheKernels) {
  const std::string pmem = userspace_evidence_line(
      "2020-09-04 11:43:51,536 INFO  [AMRM Callback Handler Thread] master.RMCommunicator "
      "(RMCommunicator.java:onContainersCompleted(40)) - got container status for "
      "containerID=container_1598507699008_0094_01_000010, state=COMPLETE, exitStatus=-104, diagnostics=Container "
      "[pid=8788,containerID=container_1598507699008_0094_01_000010] is running beyond physical memory limits. "
      "Current usage: 9.8 GB of 9.8 GB physical memory used; 43.0 GB of 47.6 TB virtual memory used. Killing "
      "container.");
  EXPECT_THAT(pmem, HasSubstr("YARN's NodeManager, a user-space memory monitor, killed container "
                              "container_1598507699008_0094_01_000010 (pid 8788) because its processes' physical "
                              "memory (`9.8 GB of 9.8 GB`) reached the container's limit"));
  EXPECT_THAT(pmem, HasSubstr("This is no kernel OOM kill"));
  // Hadoop 3's wording, its virtual memory over the limit.
  EXPECT_THAT(userspace_evidence_line("Container [pid=4242,containerID=container_e08_1_0002_01_000001] is running "
                                      "12B beyond the 'VIRTUAL' memory limit. Current usage: 300 MB of 1 GB physical "
                                      "memory used; 2.2 GB of 2.1 GB virtual memory used. Killing container."),
              HasSubstr("virtual memory (`2.2 GB of 2.1 GB`) passed the container's virtual-memory limit"));
  // Spark's report of the NodeManager's kill.
  EXPECT_THAT(userspace_evidence_line("17/11/25 18:23:24 ERROR YarnClusterScheduler: Lost executor 9 on host01: "
                                      "Container killed by YARN for exceeding memory limits. 7.2 GB of 4.2 GB virtual "
                                      "memory used. Consider boosting spark.yarn.executor.memoryOverhead."),
              HasSubstr("Spark says YARN's NodeManager, a user-space memory monitor, killed an executor's container "
                        "because its processes' virtual memory (`7.2 GB of 4.2 GB`)"));
  EXPECT_THAT(userspace_evidence_line("Reason: Container killed by YARN for exceeding memory limits. 10.4 GB of 10.4 "
                                      "GB physical memory used."),
              HasSubstr("physical memory (`10.4 GB of 10.4 GB`) reached the container's limit"));
  // Kubelet's `Killing container with id …` is no memory check of YARN's.
  EXPECT_EQ(userspace_evidence_line("Killing container with id docker://notebook:Need to kill Pod"), "");
}

TEST(UserspaceEvidence, YarnsKilledOnRequestNamesTheSignalNotTheSender) {
  const std::string k = userspace_evidence_line(
      "Diagnostics: [2021-07-15 19:41:35.679]Container killed on request. Exit code is 137");
  EXPECT_THAT(k, HasSubstr("ended by SIGKILL (exit code 137, 128 + 9)"));
  EXPECT_THAT(k, HasSubstr("or the kernel's OOM killer, whose report"));
  EXPECT_THAT(userspace_evidence_line("[2020-04-04 22:56:04.519]Container killed on request. Exit code is 143"),
              HasSubstr("The kernel's OOM killer sends SIGKILL, never SIGTERM"));
  EXPECT_EQ(userspace_evidence_line("Container killed on request. Exit code is 1"), "");
}

// Blind set 19d (corpus 662-665, 670, 82): a container runtime's or the kubelet's notice of an OOM in a container's
// memory cgroup is said as such, with where the kernel's report is.
TEST(UserspaceEvidence, ContainerRuntimeAndKubeletOomNoticesAreSaidAsSuch) {
  const std::string docker = userspace_evidence_line(
      R"({"status":"oom","id":"36eb96d6c134895854e77f65ac47955b6ee08eb62bceee37cc605157f1c9482b","from":"9e0d5e071a2b",)"
      R"("time":1449497871,"timeNano":1449497871593721048})");
  EXPECT_THAT(docker, HasSubstr("Docker says the memory cgroup of container 36eb96d6c134 had an OOM"));
  EXPECT_THAT(docker, HasSubstr("host's kernel log"));
  EXPECT_EQ(userspace_evidence_line(R"({"status":"start","id":"36eb96d6c134"})"), "");
  EXPECT_THAT(userspace_evidence_line("level=debug msg=\"event published\" ns=moby topic=/tasks/oom "
                                      "type=containerd.events.TaskOOM"),
              HasSubstr("containerd says a container's memory cgroup had an OOM"));
  EXPECT_THAT(userspace_evidence_line(R"(        "OOMKilled": false,)"), HasSubstr("Docker saw no OOM"));
  EXPECT_THAT(userspace_evidence_line(R"(        "OOMKilled": true,)"), HasSubstr("Docker saw an OOM"));
  EXPECT_THAT(userspace_evidence_line("      Reason:       OOMKilled"), HasSubstr("Kubernetes says the container was "
                                                                                   "OOMKilled"));
  EXPECT_THAT(userspace_evidence_line(R"(   "reason": "OOMKilled",)"), HasSubstr("Kubernetes says"));
  EXPECT_EQ(userspace_evidence_line("see the OOMKilled docs"), "");
  EXPECT_THAT(userspace_evidence_line("  Warning  CgroupOOM  28s   kubelet   Cgroup OOM encountered, victim process: "
                                      "stress, pid: 470521"),
              HasSubstr("killed stress (pid 470521) in a container's memory cgroup"));
  EXPECT_THAT(userspace_evidence_line("  Warning  SystemOOM  17m   kubelet, node4  System OOM encountered"),
              HasSubstr("names no victim"));
  // Found by the scan's word sweep in a longer text, and said once however often it repeats.
  UserspaceEvidenceScan scan;
  std::string text;
  for (int i = 0; i < 100; ++i) text += "  Normal   Pulled     28s   kubelet   Successfully pulled image\n";
  for (int i = 0; i < 3; ++i) text += "  Warning  SystemOOM  17m   kubelet, node4  System OOM encountered\n";
  scan.feed(text);
  scan.finish();
  ASSERT_EQ(scan.found().size(), 1u);
  EXPECT_EQ(scan.found()[0].line, 101u);
}

}  // namespace
}  // namespace oomlens::diagnose
