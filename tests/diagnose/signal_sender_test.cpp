// Who sent the job's death signal (diagnose/signal_sender.h) and how the
// verdict names it (diagnose/verdict.h).
#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <string>
#include <utility>

#include "diagnose/signal_sender.h"
#include "diagnose/verdict.h"
#include "diagnose/verdict_json.h"
#include "support/verdict_builders.h"

namespace oomlens::diagnose {
namespace {

trace::SignalGenerate ev(std::string sender, int64_t tid, double ts, int sig, int64_t target, int code = 0,
                         std::optional<int> res = 0) {
  trace::SignalGenerate e;
  e.sender_comm = std::move(sender);
  e.sender_tid = tid;
  e.ts_s = ts;
  e.sig = sig;
  e.code = code;
  e.target_comm = "job";
  e.target_pid = target;
  e.group = true;
  e.result = res;
  return e;
}

SenderQuery query(int sig) {
  SenderQuery q;
  q.main_pid = 500;
  q.sig = sig;
  q.from_s = 100;
  q.to_s = 200;
  q.oomlens_pid = 400;
  q.oomlens_tids = {400};
  return q;
}

TEST(SignalSender, KillFromAnotherProcess) {
  std::vector<trace::SignalGenerate> evs = {
      ev("kill", 900, 150, SIGKILL, 501),  // another process of the machine
      ev("kill", 901, 150.5, SIGKILL, 500),
      ev("kill", 902, 150.6, SIGKILL, 500, 0, 2),  // already pending: not the killer
  };
  auto s = choose_signal_sender(evs, query(SIGKILL));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, "process");
  EXPECT_EQ(s->pid, 901);
  EXPECT_EQ(s->comm, "kill");
  EXPECT_EQ(describe_sender(*s), "signal trace: SIGKILL sent by pid 901 (kill)");
  // The wrong signal, outside the window (the pid was someone else's), or
  // ignored: nobody.
  EXPECT_FALSE(choose_signal_sender(evs, query(SIGTERM)));
  EXPECT_FALSE(choose_signal_sender({ev("kill", 9, 99, SIGKILL, 500), ev("kill", 9, 201, SIGKILL, 500)}, query(SIGKILL)));
  EXPECT_FALSE(choose_signal_sender({ev("kill", 9, 150, SIGKILL, 500, 0, 1)}, query(SIGKILL)));
  // Only an already-pending repeat left in the ring: it still names a sender.
  auto rep = choose_signal_sender({ev("kill", 9, 150, SIGKILL, 500, 0, 2)}, query(SIGKILL));
  ASSERT_TRUE(rep);
  EXPECT_EQ(rep->pid, 9);
  // No mono clock: no window, every timestamp accepted.
  auto q = query(SIGKILL);
  q.from_s.reset();
  q.to_s.reset();
  EXPECT_TRUE(choose_signal_sender({ev("kill", 9, 5, SIGKILL, 500)}, q));
}

TEST(SignalSender, SigkillFirstOtherSignalsLast) {
  std::vector<trace::SignalGenerate> kills = {ev("a", 1, 110, SIGKILL, 500), ev("b", 2, 120, SIGKILL, 500)};
  EXPECT_EQ(choose_signal_sender(kills, query(SIGKILL))->pid, 1);
  std::vector<trace::SignalGenerate> terms = {ev("a", 1, 110, SIGTERM, 500), ev("b", 2, 120, SIGTERM, 500)};
  EXPECT_EQ(choose_signal_sender(terms, query(SIGTERM))->pid, 2);
}

TEST(SignalSender, KernelOomKillerContext) {
  // mm/oom_kill.c __oom_kill_process(): do_send_sig_info(SIGKILL, SEND_SIG_PRIV)
  // in the allocating task's context (here oomlens's own thread).
  auto s = choose_signal_sender({ev("oomlens", 400, 150, SIGKILL, 500, trace::kSiKernel)}, query(SIGKILL));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, "kernel");
  EXPECT_NE(sender_who(*s).find("the kernel (si_code SI_KERNEL, in the context of pid 400 (oomlens))"), std::string::npos);
}

TEST(SignalSender, OomlensForwardAndGuard) {
  auto q = query(SIGTERM);
  q.forwarded = {{SIGTERM, 777}};
  std::vector<trace::SignalGenerate> evs = {ev("bash", 777, 140, SIGTERM, 400), ev("oomlens", 400, 140.001, SIGTERM, 500)};
  auto s = choose_signal_sender(evs, q);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, "oomlens_forward");
  EXPECT_EQ(s->origin_pid, std::optional<int64_t>(777));
  EXPECT_EQ(s->origin_comm, std::optional<std::string>("bash"));
  EXPECT_EQ(sender_who(*s), "oomlens (pid 400), forwarding the SIGTERM it received from pid 777 (bash)");
  // The trace missed the signal to oomlens: the signalfd's sender pid.
  auto s2 = choose_signal_sender({evs[1]}, q);
  ASSERT_TRUE(s2);
  EXPECT_EQ(s2->origin_pid, std::optional<int64_t>(777));
  EXPECT_FALSE(s2->origin_comm);
  // Not forwarded: the guard's action.
  auto g = choose_signal_sender({evs[1]}, query(SIGTERM));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->kind, "oomlens_guard");
}

TEST(SignalSender, SelfRaisedKeepsTheEarlierSender) {
  std::vector<trace::SignalGenerate> evs = {ev("systemd", 1, 130, SIGTERM, 500), ev("job", 500, 131, SIGTERM, 500)};
  auto s = choose_signal_sender(evs, query(SIGTERM));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, "self");
  EXPECT_EQ(s->origin_pid, std::optional<int64_t>(1));
  EXPECT_EQ(sender_who(*s), "the job itself (pid 500 (job)), re-raising what pid 1 (systemd) sent");
  auto abrt = choose_signal_sender({ev("job", 500, 131, SIGABRT, 500, -6)}, query(SIGABRT));
  ASSERT_TRUE(abrt);
  EXPECT_EQ(abrt->kind, "self");
  EXPECT_FALSE(abrt->origin_pid);
}

TEST(SignalSender, JsonRoundTrip) {
  SignalSender s = testing::sender("process", SIGKILL, 42, "kill");
  s.cmdline = "kill -9 500";
  s.result = 0;
  s.ts_s = 1.5;
  auto j = signal_sender_to_json(s);
  EXPECT_EQ(j["signal_name"], "SIGKILL");
  EXPECT_EQ(j["result"], "delivered");
  auto back = signal_sender_from_json(j);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->pid, 42);
  EXPECT_EQ(back->cmdline, s.cmdline);
  EXPECT_EQ(back->result, std::optional<int>(0));
  EXPECT_FALSE(signal_sender_from_json(nullptr));
  EXPECT_FALSE(signal_sender_from_json({{"kind", "process"}}));
}

VerdictInput killed_input(int sig) {
  VerdictInput in;
  in.main_pid = 500;
  in.exited = false;
  in.term_signal = sig;
  in.cgroup_oom_kill_delta = 0;
  in.vmstat_oom_kill_delta = 0;
  return in;
}

TEST(SignalSenderVerdict, KilledNamesTheSender) {
  auto in = killed_input(SIGKILL);
  in.signal_trace = "on";
  in.signal_sender = testing::sender("process", SIGKILL, 4242, "kill");
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "killed");
  EXPECT_EQ(v.confidence, "high");
  EXPECT_EQ(v.summary, "The job was SIGKILLed by pid 4242 (kill), not by the kernel OOM killer.");
  ASSERT_FALSE(v.evidence.empty());
  EXPECT_EQ(v.evidence.front(), "signal trace: SIGKILL sent by pid 4242 (kill)");
  ASSERT_TRUE(v.signal_sender);
  EXPECT_EQ(verdict_to_json(v)["signal_sender"]["pid"], 4242);
  // Kernel log unreadable: a traced userspace sender keeps the confidence high.
  in.kernel_log_readable = false;
  in.kernel_log_error = SystemError{EACCES, "/dev/kmsg"};
  EXPECT_EQ(decide_verdict(in).confidence, "high");
}

// Issue 16: a kill the oom:mark_victim tracepoint saw is the OOM killer's
// for certain, even with the kernel log unreadable: the confidence stays
// high and the evidence names the tracepoint and the victim's figures.
TEST(SignalSenderVerdict, ATracedVictimKeepsConfidenceWithoutTheKernelLog) {
  auto in = killed_input(SIGKILL);
  in.kernel_log_readable = false;
  in.kernel_log_error = SystemError{EACCES, "/dev/kmsg"};
  TreeKill k = testing::tree_kill(in.main_pid, "python3", "main");
  k.traced = true;
  k.anon_rss_bytes = 64ull << 20;
  k.file_rss_bytes = 3ull << 20;
  k.shmem_rss_bytes = 0;
  in.kernel_kills = {k};
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  EXPECT_EQ(v.confidence, "high");
  ASSERT_GE(v.evidence.size(), 2u);
  EXPECT_NE(v.evidence[0].find("anon-rss 64.0 MiB, file-rss 3.0 MiB, shmem-rss 0 B (oom:mark_victim tracepoint)"),
            std::string::npos) << v.evidence[0];
  EXPECT_NE(v.evidence[1].find("known from the oom:mark_victim tracepoint"), std::string::npos) << v.evidence[1];
  // Not traced: the same kill from the kill line alone lowers it.
  in.kernel_kills[0].traced = false;
  EXPECT_EQ(decide_verdict(in).confidence, "medium");
}

TEST(SignalSenderVerdict, KernelOomEvidenceWins) {
  auto in = killed_input(SIGKILL);
  in.kernel_kills = {testing::tree_kill(500, "job", "main")};
  SignalSender s = testing::sender("kernel", SIGKILL, 500);
  s.code = trace::kSiKernel;
  in.signal_sender = s;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "oom_killed");
  EXPECT_FALSE(v.signal_sender);
  // The trace ranks above a counter (issue 13, item 5): a userspace sender
  // makes it `killed` even when the job's own cgroup counter rose.
  auto c = killed_input(SIGKILL);
  c.cgroup_oom_kill_delta = 1;
  s.kind = "process";
  c.signal_sender = s;
  EXPECT_EQ(decide_verdict(c).cause, "killed");
  // A kernel-sent SIGKILL (no report seen) with the counter up is still oom_killed.
  s.kind = "kernel";
  c.signal_sender = s;
  EXPECT_EQ(decide_verdict(c).cause, "oom_killed");
}

TEST(SignalSenderVerdict, SignalNamesTheSenderOrSaysWhyNot) {
  auto in = killed_input(SIGTERM);
  SignalSender s = testing::sender("oomlens_forward", SIGTERM, 400, "oomlens");
  s.origin_pid = 777;
  s.origin_comm = "bash";
  in.signal_sender = s;
  auto v = decide_verdict(in);
  EXPECT_EQ(v.cause, "signal");
  EXPECT_EQ(v.confidence, "high");
  EXPECT_EQ(v.summary, "The job was killed by SIGTERM (sent by oomlens (pid 400), forwarding the SIGTERM it received "
                       "from pid 777 (bash)).");

  auto unk = killed_input(SIGTERM);
  unk.signal_trace = "unavailable: mkdir /sys/kernel/tracing/instances/oomlens-1: Permission denied";
  auto u = decide_verdict(unk);
  EXPECT_EQ(u.confidence, "medium");
  EXPECT_NE(u.summary.find("sender unknown"), std::string::npos);
  EXPECT_NE(u.summary.find("signal trace unavailable: mkdir"), std::string::npos) << u.summary;
  auto on = killed_input(SIGKILL);
  on.signal_trace = "on";
  EXPECT_NE(decide_verdict(on).summary.find("the signal trace saw no SIGKILL sent to pid 500"), std::string::npos);
}

// A userspace OOM killer's journal line about the job (pid 500), SIGTERM.
DaemonKill daemon_sigterm(std::string daemon, std::string message) {
  DaemonKill d;
  d.daemon = std::move(daemon);
  d.pid = 500;
  d.signal = "SIGTERM";
  d.message = std::move(message);
  return d;
}

TEST(SignalSenderVerdict, TracedDaemonIsNamedAsTheKiller) {
  auto in = killed_input(SIGTERM);
  in.signal_sender = testing::sender("process", SIGTERM, 321, "earlyoom");
  in.daemon_kill = daemon_sigterm("earlyoom", "sending SIGTERM to process 500 uid 0 \"job\": badness 900, VmRSS 10 MiB");
  auto v = decide_verdict(in);
  EXPECT_EQ(v.summary, "The job was killed by SIGTERM (sent by earlyoom (pid 321), a userspace OOM killer).");
  EXPECT_EQ(v.evidence.size(), 3u);
}

// nohang runs as `python3 /usr/sbin/nohang …`: the traced sender's comm is
// python3, its cmdline names nohang (the detector `oomlens check` uses).
TEST(SignalSenderVerdict, TracedNohangUnderPython3IsNamedAsTheKiller) {
  auto in = killed_input(SIGTERM);
  in.signal_sender = testing::sender("process", SIGTERM, 654, "python3");
  in.signal_sender->cmdline = "python3 /usr/sbin/nohang --monitor --config /etc/nohang/nohang.conf";
  in.daemon_kill = daemon_sigterm("nohang", "Implementing a corrective action: sending SIGTERM to the victim");
  EXPECT_EQ(decide_verdict(in).summary,
            "The job was killed by SIGTERM (sent by nohang (pid 654), a userspace OOM killer).");
  in.signal_sender->cmdline = "python3 train.py";  // another python3: not the daemon
  EXPECT_EQ(decide_verdict(in).summary.find("nohang (pid 654)"), std::string::npos);
}

}  // namespace
}  // namespace oomlens::diagnose
