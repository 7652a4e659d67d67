// oom:mark_victim's victims joined to a run's kills (run/traced_kills.h):
// the trace's figures, and the kill of a process the job started that no
// /proc pass saw. Pure.
#include "run/traced_kills.h"

#include <gtest/gtest.h>

#include "util/units.h"

namespace oomlens::run {
namespace {

trace::MarkVictim victim(int64_t pid) {
  trace::MarkVictim v;
  v.pid = pid;
  v.comm = "python3";
  v.total_vm_kb = 900 * 1024;
  v.anon_rss_kb = 400 * 1024;
  v.file_rss_kb = 20 * 1024;
  v.shmem_rss_kb = 0;
  v.pgtables_kb = 1024;
  v.oom_score_adj = 0;
  v.signal = trace::KillSignal::seen;
  return v;
}

TEST(TracedKills, TheTracesFiguresJoinAKillAndTheLogsAnonRssStays) {
  diagnose::TreeKill k;
  k.pid = 42;
  k.anon_rss_bytes = 401 * kMiB;  // the kernel log's Killed process line
  add_traced_figures(k, victim(42));
  EXPECT_TRUE(k.traced);
  EXPECT_EQ(k.anon_rss_bytes, 401 * kMiB);
  EXPECT_EQ(k.file_rss_bytes, 20 * kMiB);
  EXPECT_EQ(k.shmem_rss_bytes, 0u);
  EXPECT_EQ(k.total_vm_bytes, 900 * kMiB);
  EXPECT_EQ(k.pgtables_bytes, kMiB);
  EXPECT_EQ(k.oom_score_adj, 0);
  // A pre-6.14 format prints the pid only: the figures stay null, never 0.
  diagnose::TreeKill bare;
  trace::MarkVictim pid_only;
  pid_only.pid = 43;
  add_traced_figures(bare, pid_only);
  EXPECT_TRUE(bare.traced);
  EXPECT_FALSE(bare.anon_rss_bytes);
  EXPECT_FALSE(bare.file_rss_bytes);
  EXPECT_FALSE(bare.oom_score_adj);
}

TEST(TracedKills, AnUnseenChildsKillIsKeptAsOtherWithNothingMeasured) {
  // Only the trace named it: its pid and comm, the trace's figures, role
  // "other"; what only a /proc pass measures is null.
  const diagnose::TreeKill k = unseen_traced_kill(victim(200), std::nullopt);
  EXPECT_EQ(k.pid, 200);
  EXPECT_EQ(k.comm, "python3");
  EXPECT_EQ(k.role, "other");
  EXPECT_TRUE(k.traced);
  EXPECT_EQ(k.anon_rss_bytes, 400 * kMiB);
  EXPECT_FALSE(k.peak_pss_bytes);
  EXPECT_FALSE(k.pss_age_s);
  EXPECT_FALSE(k.rank);
  EXPECT_FALSE(k.kmsg_seq);
  EXPECT_FALSE(k.constraint);
  EXPECT_FALSE(k.limit_bytes);
}

TEST(TracedKills, AnUnseenChildsKillTheLogCalledUnrelatedKeepsTheLogsLine) {
  diagnose::TreeKill logged;
  logged.pid = 200;
  logged.comm = "python3";
  logged.role = "unrelated";
  logged.kmsg_seq = 5412;
  logged.constraint = "global";
  logged.anon_rss_bytes = 399 * kMiB;
  const diagnose::TreeKill k = unseen_traced_kill(victim(200), logged);
  EXPECT_EQ(k.role, "other");
  EXPECT_EQ(k.kmsg_seq, 5412u);
  EXPECT_EQ(k.constraint, "global");
  EXPECT_EQ(k.anon_rss_bytes, 399 * kMiB);  // the log's, as for every kill
  EXPECT_EQ(k.file_rss_bytes, 20 * kMiB);
  EXPECT_FALSE(k.peak_pss_bytes);
}

}  // namespace
}  // namespace oomlens::run
