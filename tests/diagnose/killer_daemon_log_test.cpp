// Userspace OOM killers' log lines, in the exact formats of their sources:
// earlyoom kill.c (warn("sending %s to process %d uid %d \"%s\": ...")),
// systemd src/oom/oomd-manager.c (log_notice("Killed %s due to ...")),
// nohang src/nohang (find_victim_info() and implement_corrective_action()).
#include <gtest/gtest.h>

#include "diagnose/killer_daemon_log.h"
#include "diagnose/verdict.h"

#include <csignal>

namespace oomlens::diagnose {
namespace {

TEST(KillerDaemonLog, EarlyoomVersions) {
  // v1.7 (badness), v1.8 (oom_score, cmdline), 1.8.x (oom_score_adj, ordering).
  for (const char* line : {
           "sending SIGTERM to process 4242 uid 1000 \"python3\": badness 812, VmRSS 5012 MiB",
           "sending SIGTERM to process 4242 uid 1000 \"python3\": oom_score 812, VmRSS 5012 MiB, cmdline \"python3 train.py\"",
           "sending SIGTERM to process 4242 uid 1000 \"python3\": oom_score 812, oom_score_adj 0, VmRSS 5012 MiB, cmdline \"python3 train.py\"",
       }) {
    auto k = parse_earlyoom_line(line);
    ASSERT_TRUE(k) << line;
    EXPECT_EQ(k->daemon, "earlyoom");
    EXPECT_EQ(k->pid, 4242);
    EXPECT_EQ(k->signal, "SIGTERM");
    EXPECT_EQ(k->name, "python3");
    EXPECT_EQ(k->message, line);
  }
  auto kill = parse_earlyoom_line("sending SIGKILL to process 77 uid 0 \"a \"q\" b\": badness 900, VmRSS 10 MiB");
  ASSERT_TRUE(kill);
  EXPECT_EQ(kill->signal, "SIGKILL");
  EXPECT_EQ(kill->name, "a \"q\" b");  // quotes in the comm: ends at the last `": `
}

TEST(KillerDaemonLog, Earlyoom1_3NamesTheVictimWithoutAUid) {
  // 792: earlyoom 1.3 printed the name in quotes straight after the pid, no `uid N` before it.
  auto k = parse_earlyoom_line("sending SIGTERM to process 12006 \"python3\": badness 209, VmRSS 2891 MiB");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->pid, 12006);
  EXPECT_EQ(k->signal, "SIGTERM");
  EXPECT_EQ(k->name, "python3");
  // A line cut after the pid names nobody.
  auto cut = parse_earlyoom_line("sending SIGTERM to process 12006");
  ASSERT_TRUE(cut);
  EXPECT_TRUE(cut->name.empty());
}

TEST(KillerDaemonLog, EarlyoomNotKills) {
  EXPECT_FALSE(parse_earlyoom_line("sending 0 (no-op signal) to process 1 uid 0 \"systemd\": badness 0, VmRSS 9 MiB"));
  EXPECT_FALSE(parse_earlyoom_line("mem avail:  1234 of  7890 MiB (15.64%), swap free:    0 of    0 MiB ( 0.00%)"));
  EXPECT_FALSE(parse_earlyoom_line("process 4242 cmdline \"python3 train.py\""));
  EXPECT_FALSE(parse_earlyoom_line("sending SIGTERM to process x uid 0 \"y\": badness 1"));
  EXPECT_FALSE(parse_earlyoom_line(""));
}

TEST(KillerDaemonLog, SystemdOomd) {
  auto p = parse_oomd_line(
      "Killed /user.slice/user-1000.slice/user@1000.service/app.slice/app-train.scope due to memory pressure for "
      "/user.slice/user-1000.slice/user@1000.service being 67.81% > 50.00% for > 20s with reclaim activity");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->daemon, "systemd-oomd");
  EXPECT_EQ(p->cgroup, "/user.slice/user-1000.slice/user@1000.service/app.slice/app-train.scope");
  EXPECT_EQ(p->reason, "memory pressure");
  EXPECT_EQ(p->signal, "SIGKILL");
  EXPECT_FALSE(p->pid);
  auto s = parse_oomd_line("Killed /user.slice/app.slice/leaky.service due to swap used (2000000) / total (2097148) "
                           "being more than 90.00%");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->reason, "swap used");
  EXPECT_FALSE(parse_oomd_line("Killed process 12 (foo) due to whatever"));
  EXPECT_FALSE(parse_oomd_line("oomd dry-run: Would have tried to kill /a.slice and all its descendants"));
}

TEST(KillerDaemonLog, NohangJoinsVictimStatusAndAction) {
  std::vector<std::string> lines = {
      ">>>>>>>>>>>>>>>>>>>>>>>>",
      "Memory status that requires corrective actions:",
      "  MemAvailable [100 MiB, 1.2 %] <= soft_threshold_min_mem [800 MiB, 10.0 %]",
      "Victim status (found in 12ms):",
      "  PID:       5151, name: python3, state: R, EUID: 1000, SID: 900 (bash), lifetime: 1m 2s",
      "  badness:   850, oom_score:  850, oom_score_adj:  0",
      "Implementing a corrective action:",
      "  Sending SIGTERM to the victim",
      "OK; total response time: 15ms",
      // Second action with print_victim_status off: no pid, skipped.
      "Implementing a corrective action:",
      "  Sending SIGKILL to the victim",
      // A soft action (command) is not a signal.
      "  PID:       6000, name: firefox, state: S, EUID: 1000, SID: 1 (systemd), lifetime: 1h",
      "Implementing a corrective action:",
      "  Executing the command: systemctl restart foo",
      // Overlapping prefix and suffix: not an action.
      "  PID:       7000, name: x, state: S, EUID: 0, SID: 1 (systemd), lifetime: 1s",
      "Sending to the victim",
  };
  auto ks = parse_nohang_lines(lines);
  ASSERT_EQ(ks.size(), 1u);
  EXPECT_EQ(ks[0].daemon, "nohang");
  EXPECT_EQ(ks[0].pid, 5151);
  EXPECT_EQ(ks[0].name, "python3");
  EXPECT_EQ(ks[0].signal, "SIGTERM");
}

// nohang's releases of 2019 to early 2020: the status one field a line (`Name:` before `PID:`) and the action as
// `Send SIG… to the victim; total response time: …` (corpus 498, 504).
TEST(KillerDaemonLog, NohangOlderWordingsNameTheVictim) {
  EXPECT_EQ(parse_nohang_action("  Send SIGKILL to the victim; total response time: 31 ms"), "SIGKILL");
  EXPECT_EQ(parse_nohang_action("nohang[530]:   Send SIGTERM to the victim; total response time: 13246 ms"), "SIGTERM");
  EXPECT_EQ(parse_nohang_action("  Sending SIGTERM to the victim; total response time: 20 ms"), "SIGTERM");
  EXPECT_EQ(parse_nohang_action("  Sending SIGKILL to the victim"), "SIGKILL");
  EXPECT_FALSE(parse_nohang_action("Sending to the victim"));
  EXPECT_FALSE(parse_nohang_action("Send SIGSTOP to the victim"));
  EXPECT_FALSE(parse_nohang_action("Sending SIGKILL to cgroup {}"));
  EXPECT_FALSE(parse_nohang_action("Send SIGTERM to the victims later"));
  const std::vector<std::string> lines = {
      "Victim status (found in 1 ms):",
      "  Name:      python3",
      "  State:     D (disk sleep)",
      "  PID:       32706",
      "  Ancestry:  PID 31921 (bash) <= PID 31915 (konsole)",
      "Implement a corrective action:",
      "  Send SIGKILL to the victim; total response time: 31 ms",
  };
  auto ks = parse_nohang_lines(lines);
  ASSERT_EQ(ks.size(), 1u);
  EXPECT_EQ(ks[0].pid, 32706);
  EXPECT_EQ(ks[0].name, "python3");
  EXPECT_EQ(ks[0].signal, "SIGKILL");
}

TEST(KillerDaemonLog, KillOfJobByPidOrCgroup) {
  auto e = *parse_earlyoom_line("sending SIGTERM to process 10 uid 0 \"x\": badness 1, VmRSS 1 MiB");
  auto o = *parse_oomd_line("Killed /user.slice/app.slice due to memory pressure for /user.slice being 9% > 5% for > 1s with reclaim activity");
  EXPECT_FALSE(kill_of_job({e}, {11, 12}, {}));
  EXPECT_EQ(kill_of_job({e}, {12, 10}, {})->daemon, "earlyoom");
  // oomd names a cgroup: the job's own or an ancestor, aligned on components.
  EXPECT_TRUE(kill_of_job({o}, {}, {"/sys/fs/cgroup/user.slice/app.slice/run-1.scope"}));
  EXPECT_TRUE(kill_of_job({o}, {}, {"/sys/fs/cgroup/user.slice/app.slice"}));
  EXPECT_FALSE(kill_of_job({o}, {}, {"/sys/fs/cgroup/user.slice/app.slice2/x"}));
  EXPECT_FALSE(kill_of_job({o}, {}, {"/sys/fs/cgroup/system.slice"}));
  EXPECT_FALSE(kill_of_job({}, {1}, {"/"}));
}

TEST(KillerDaemonLog, VerdictNamesTheSender) {
  VerdictInput in;
  in.main_pid = 10;
  in.term_signal = SIGTERM;
  in.killer_daemons = {"earlyoom"};
  in.daemon_kill = parse_earlyoom_line("sending SIGTERM to process 10 uid 0 \"x\": badness 1, VmRSS 1 MiB");
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "signal");
  EXPECT_NE(v.summary.find("earlyoom, a userspace OOM killer"), std::string::npos) << v.summary;
  ASSERT_FALSE(v.evidence.empty());
  EXPECT_NE(v.evidence.back().find("earlyoom sent SIGTERM to pid 10 (x)"), std::string::npos) << v.evidence.back();
  in.term_signal = SIGKILL;
  in.daemon_kill = parse_oomd_line("Killed /a.slice due to swap used (9) / total (10) being more than 80.00%");
  v = decide_verdict(in);
  EXPECT_EQ(v.cause, "killed");
  EXPECT_NE(v.summary.find("systemd-oomd"), std::string::npos) << v.summary;
  in.daemon_kill.reset();  // the running-daemon fallback stays
  v = decide_verdict(in);
  EXPECT_NE(v.summary.find("running killer daemon(s): earlyoom"), std::string::npos) << v.summary;
}

TEST(KillerDaemonLog, EarlyoomBefore1_2AndAndroidLmkd) {
  auto k = parse_earlyoom_line("killing process 28367 \"python3\" with signal 15: badness 698, VmRSS 11793 MiB");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->pid, 28367);
  EXPECT_EQ(k->name, "python3");
  EXPECT_EQ(k->signal, "SIGTERM");
  EXPECT_EQ(parse_earlyoom_line("killing process 9 \"a\" with signal 9: badness 1")->signal, "SIGKILL");
  EXPECT_FALSE(parse_earlyoom_line("killing process 9 \"a\" with signal 0: badness 1"));  // its self-test
  auto l = parse_lmkd_line("I lowmemorykiller: Kill 'com.x' (17933), uid 10446, oom_score_adj 905 to free 140528kB rss, "
                           "37404kB swap; reason: low watermark is breached");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->daemon, "lmkd");
  EXPECT_EQ(l->pid, 17933);
  EXPECT_EQ(l->name, "com.x");
  EXPECT_EQ(l->oom_score_adj, 905);
  EXPECT_EQ(l->rss_freed_bytes, uint64_t{140528} * 1024);
  EXPECT_EQ(l->reason, "low watermark is breached");
  auto old = parse_lmkd_line("lowmemorykiller: Killing 'com.a' (12), adj -17,");
  ASSERT_TRUE(old);
  EXPECT_EQ(old->daemon, "lowmemorykiller");
  EXPECT_EQ(old->oom_score_adj, -17);
  EXPECT_FALSE(old->rss_freed_bytes);  // on the next line: unknown, never 0
  EXPECT_FALSE(parse_lmkd_line("Out of memory: Kill process 1 (a) score 1 or sacrifice child"));
  EXPECT_FALSE(parse_lmkd_line("Kill 'x' now"));
  // 2^54 kB is 2^64 bytes: too large for bytes, unknown (kb_to_bytes), never wrapped to 0.
  auto huge = parse_lmkd_line("Kill 'com.x' (12), uid 1, oom_score_adj 0 to free 18014398509481984kB rss");
  ASSERT_TRUE(huge);
  EXPECT_FALSE(huge->rss_freed_bytes);
  EXPECT_EQ(parse_lmkd_line("Kill 'com.x' (12), uid 1, oom_score_adj 0 to free 18014398509481983kB rss")->rss_freed_bytes,
            uint64_t{18014398509481983} * 1024);
}

}  // namespace
}  // namespace oomlens::diagnose
