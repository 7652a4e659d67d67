// Rules of issue 12's leftovers (helper left8), each on hand-written input shaped like the real report named per
// test.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "diagnose/explain.h"
#include "diagnose/userspace_evidence.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// 539: gunicorn's arbiter reaps a worker SIGKILL ended (`Worker (pid:N) was sent SIGKILL! Perhaps out of
// memory?`). After its own `WORKER TIMEOUT (pid:N)` the SIGKILL is most likely its own; without one, the sentence
// names the other senders and where the kernel's report would be. Other signals say nothing.
TEST(SupervisorSigkill, GunicornWorkerSentSigkillAfterItsTimeoutIsGunicornsOwn) {
  const std::string text =
      "[2024-01-19 00:48:01 +0000] [2977] [INFO] Booting worker with pid: 2977\n"
      "[2024-01-19 00:48:31 +0000] [2973] [CRITICAL] WORKER TIMEOUT (pid:2977)\n"
      "Error: 1-19 00:48:32 +0000] [2973] [ERROR] Worker (pid:2977) was sent SIGKILL! Perhaps out of memory?\n"
      "[2024-01-19 00:48:40 +0000] [2973] [ERROR] Worker (pid:3004) was sent SIGKILL! Perhaps out of memory?\n"
      "Error: 1-19 00:49:02 +0000] [2973] [ERROR] Worker (pid:3005) was sent code 134!\n"
      "[2024-01-19 00:49:03 +0000] [2973] [ERROR] Worker (pid:3006) was sent SIGTERM!\n";
  diagnose::UserspaceEvidenceScan scan;
  ReportScanner scanner({}, [](OomEvent&&) {});
  scanner.set_watch(&scan);  // as explain reads: the scanner's sweep finds `(pid:`
  scanner.feed_text(text);
  scanner.finish();
  scan.finish();
  ASSERT_EQ(scan.found().size(), 2u);
  const auto& own = scan.found()[0];
  EXPECT_EQ(own.line, 3u);
  EXPECT_FALSE(own.kill);
  EXPECT_THAT(own.message, HasSubstr("gunicorn says its worker (pid 2977) was ended by SIGKILL"));
  EXPECT_THAT(own.message, HasSubstr("It timed this worker out first (`WORKER TIMEOUT`, line 2)"));
  EXPECT_THAT(own.message, HasSubstr("most likely gunicorn's own, no OOM kill"));
  const auto& other = scan.found()[1];
  EXPECT_EQ(other.line, 4u);
  EXPECT_THAT(other.message, HasSubstr("worker (pid 3004) was ended by SIGKILL"));
  EXPECT_THAT(other.message, HasSubstr("`Killed process 3004`"));
  EXPECT_THAT(other.message, HasSubstr("journalctl -k"));
  EXPECT_THAT(other.message, Not(HasSubstr("timed this worker out")));
  // The line alone (no timeout read): never called an OOM kill.
  const std::string alone =
      diagnose::userspace_evidence_line("[ERROR] Worker (pid:2976) was sent SIGKILL! Perhaps out of memory?");
  EXPECT_THAT(alone, HasSubstr("(pid 2976)"));
  EXPECT_THAT(alone, HasSubstr("no such line there means another sender"));
  EXPECT_EQ(diagnose::userspace_evidence_line("[CRITICAL] WORKER TIMEOUT (pid:2976)"), "");
}

// 540: torchrun's `failed (exitcode: -9) local_rank: 0 (pid: 102) of binary: …` and its summary's `exitcode  : -9
// (pid: 102)`: one sentence for the pid, with the rank; other exit codes say nothing.
TEST(SupervisorSigkill, TorchrunExitcodeMinus9IsASigkillOfUnknownSender) {
  const std::string text =
      "W1214 08:06:54.772000 100 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 103 closing "
      "signal SIGTERM\n"
      "E1214 08:06:55.807000 100 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -9) "
      "local_rank: 0 (pid: 102) of binary: /usr/bin/python3\n"
      "Traceback (most recent call last):\n"
      "  rank      : 0 (local_rank: 0)\n"
      "  exitcode  : -9 (pid: 102)\n"
      "  exitcode  : -9 (pid: 104)\n"
      "  exitcode  : 1 (pid: 105)\n"
      "failed (exitcode: -90) local_rank: 1 (pid: 106) of binary: x\n";
  diagnose::UserspaceEvidenceScan scan;
  scan.feed(text);
  scan.finish();
  ASSERT_EQ(scan.found().size(), 2u);
  EXPECT_EQ(scan.found()[0].line, 2u);
  EXPECT_THAT(scan.found()[0].message,
              HasSubstr("torchrun says the process of local rank 0 (pid 102) was ended by SIGKILL (`exitcode: -9`"));
  EXPECT_THAT(scan.found()[0].message, HasSubstr("`Killed process 102`"));
  EXPECT_THAT(scan.found()[0].message, Not(HasSubstr("was an OOM kill")));
  EXPECT_EQ(scan.found()[1].line, 6u);
  EXPECT_THAT(scan.found()[1].message, HasSubstr("torchrun says a rank's process (pid 104) was ended by SIGKILL"));
}

// 574: a quoted dmesg whose first line lost its `[` (`> 391524.805414] Memory cgroup out of memory: …`): the rest
// of the stamp is whole, so its time is read; a number and `]` without a fraction, or with no text after it, is none.
TEST(CutStamp, APrintkStampThatLostItsBracketKeepsItsTime) {
  NormalizedLine n;
  normalize_line("> 391524.805414] Memory cgroup out of memory: Kill process 3685518 (ruby2.3) score 1792 or "
                 "sacrifice child",
                 n);
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_DOUBLE_EQ(*n.prefix.monotonic_s, 391524.805414);
  EXPECT_EQ(n.text, "Memory cgroup out of memory: Kill process 3685518 (ruby2.3) score 1792 or sacrifice child");
  normalize_line("  1234.567890][ T9185] a.out invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0", n);
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_DOUBLE_EQ(*n.prefix.monotonic_s, 1234.56789);
  EXPECT_EQ(n.prefix.caller_id, 9185u);
  EXPECT_EQ(n.text, "a.out invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0");
  for (const char* raw : {"535] Out of memory: Killed process 1 (a)", "12.5]", "12.5]x y", "1.2.3] x"}) {
    normalize_line(raw, n);
    EXPECT_FALSE(n.prefix.monotonic_s) << raw;
  }
  // The event takes the time: the selection opens its report at that line.
  const auto ev = parse_log_text(
      "> 391524.805414] Memory cgroup out of memory: Kill process 3685518 (ruby2.3) score 1792 or sacrifice child\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].time.monotonic_s);
  EXPECT_DOUBLE_EQ(*ev[0].time.monotonic_s, 391524.805414);
}

// 545: a memory.oom.group kill took pid 1 (systemd); init's exit panics the machine in its own context, so with
// printk caller ids the panic is T1's, not the report's printer's: it is still this report's (a victim's own
// panic). Another task's panic, or a CPU context's, is not.
TEST(VictimsPanic, InitKilledByAGroupKillPanicsInItsOwnContextAndIsTheReports) {
  const std::string report =
      "[   37.052923][ T9185] a.out invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "[   37.056169][ T9185] CPU: 4 PID: 9185 Comm: a.out Kdump: loaded Not tainted 5.0.0-rc4-next-20190131 #280\n"
      "[   37.110840][ T9185] memory: usage 51200kB, limit 51200kB, failcnt 125\n"
      "[   37.123371][ T9185] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,"
      "oom_memcg=/test1,task_memcg=/test1,task=a.out,pid=9188,uid=0\n"
      "[   37.128158][ T9185] Memory cgroup out of memory: Killed process 9188 (a.out) total-vm:14456kB, "
      "anon-rss:10324kB, file-rss:504kB, shmem-rss:0kB\n"
      "[   37.132710][ T9185] Tasks in /test1 are going to be killed due to memory.oom.group set\n"
      "[   37.135498][ T9185] Memory cgroup out of memory: Killed process 1 (systemd) total-vm:43400kB, "
      "anon-rss:1228kB, file-rss:3992kB, shmem-rss:0kB\n"
      "[   37.292323][ T9193] abrt-hook-ccpp (9193) used greatest stack depth: 10480 bytes left\n";
  for (const char* quote : {"", "> "}) {
    std::string text;
    for (std::string_view rest = report; !rest.empty();) {
      const size_t eol = rest.find('\n');
      text += quote + std::string(rest.substr(0, eol + 1));
      rest.remove_prefix(eol + 1);
    }
    auto ev = parse_log_text(text + quote +
                             "[   37.351843][    T1] Kernel panic - not syncing: Attempted to kill init! "
                             "exitcode=0x0000008b\n");
    ASSERT_EQ(ev.size(), 1u) << quote;
    EXPECT_EQ(ev[0].kind, EventKind::kill);
    EXPECT_EQ(ev[0].victims.size(), 2u);
    ASSERT_TRUE(ev[0].panic_message) << quote;
    EXPECT_EQ(*ev[0].panic_message, "Attempted to kill init! exitcode=0x0000008b");
    {
      const Explanation x = explain(ev[0]);
      bool said = false;
      for (const auto& c : x.checks)
        if (c.id == "init_killed") said = c.message.find("The log shows that panic after the kills.") != std::string::npos;
      EXPECT_TRUE(said) << quote;
    }
    // Another task's panic (no victim's pid), or a CPU context's, is not the report's.
    for (const char* caller : {"[ T4242]", "[    C1]"}) {
      ev = parse_log_text(text + quote + "[   37.351843]" + caller +
                          " Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000008b\n");
      ASSERT_FALSE(ev.empty()) << caller;
      EXPECT_FALSE(ev[0].panic_message) << caller;
    }
  }
}

// 534's theme: the raylet's RSS counts the Ray object store's shared pages (plasma, /dev/shm). Said only from parsed
// facts: a Ray victim whose kill line prints a large shmem-rss (534 itself, 4.19 rows with one rss column, has none).
TEST(RayObjectStore, ARayVictimsLargeShmemRssIsTheObjectStore) {
  const auto shmem_check = [](const std::string& line) {
    const auto ev = parse_log_text(line);
    EXPECT_EQ(ev.size(), 1u);
    if (ev.empty()) return std::string("no event");
    const Explanation x = explain(ev[0]);
    for (const auto& c : x.checks)
      if (c.id == "shmem_dominant") return c.message;
    return std::string();
  };
  std::string s = shmem_check("[26100.905900] Out of memory: Killed process 8717 (raylet) total-vm:124916892kB, "
                              "anon-rss:2000000kB, file-rss:100000kB, shmem-rss:40000000kB, UID:1000 "
                              "pgtables:159112kB oom_score_adj:0\n");
  EXPECT_THAT(s, HasSubstr("raylet is Ray's: its 38.1 GiB of shmem-rss are most likely Ray's object store"));
  s = shmem_check("[26100.905900] Out of memory: Killed process 9000 (ray::IDLE) total-vm:24916892kB, "
                  "anon-rss:200000kB, file-rss:10000kB, shmem-rss:8000000kB, UID:1000 pgtables:15112kB "
                  "oom_score_adj:0\n");
  EXPECT_THAT(s, HasSubstr("ray::IDLE is Ray's"));
  // Not Ray's: the shmem sentence without it.
  s = shmem_check("[26100.905900] Out of memory: Killed process 9001 (postgres) total-vm:24916892kB, "
                  "anon-rss:200000kB, file-rss:10000kB, shmem-rss:8000000kB, UID:1000 pgtables:15112kB "
                  "oom_score_adj:0\n");
  EXPECT_THAT(s, HasSubstr("postgres held"));
  EXPECT_THAT(s, Not(HasSubstr("Ray")));
  // A raylet with little shmem-rss: nothing of the store.
  EXPECT_EQ(shmem_check("[26100.905900] Out of memory: Killed process 8717 (raylet) total-vm:124916892kB, "
                        "anon-rss:43278732kB, file-rss:0kB, shmem-rss:64kB, UID:1000 pgtables:159112kB "
                        "oom_score_adj:0\n"),
            "");
}

}  // namespace
}  // namespace oomlens
