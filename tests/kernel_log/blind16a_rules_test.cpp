// Rules found by blind set 16a (issue 12: tests/corpus/481-492), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

const std::string kId = "37a209c3c5f0070c118aa65fd9ca14ebb82c28b13a3fc702fb4e4cb5614da3cf";

TEST(Summary, APidEndingTheTextWithoutItsUidMayBeAStump) {
  // dump_oom_summary() prints `,uid=` after the pid: 618 re-prefixed ends its summary at `pid=4` (the rest `404,uid=0`
  // a split quoted-printable soft break left on the next line); a poster's shortened `task=kvrocks,pid=405448` (270)
  // ends there too. The flag lets finalize_event() drop the pid when a kill line of the task prints another.
  oomline::Summary cut, whole, translated;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_MEMCG,task_memcg=/test,task=dd,pid=4", cut));
  EXPECT_EQ(cut.pid, 4);
  EXPECT_TRUE(cut.pid_ends_text);
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_MEMCG,task_memcg=/test,task=dd,pid=4404,uid=0",
                                     whole));
  EXPECT_EQ(whole.pid, 4404);
  EXPECT_FALSE(whole.pid_ends_text);
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE,task=python,pid= 2953 , liquid=999",
                                     translated));
  EXPECT_EQ(translated.pid, 2953);
  EXPECT_FALSE(translated.pid_ends_text);
}

TEST(Summary, TaskMemcgEndingTheLineOutsideItsOomMemcgIsCut) {
  // 482: `dmesg -T | tail` cut by the index inside task_memcg: `…,oom_memcg=/docker/ID,task_memcg=/docke`.
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=" + kId +
                                         ",mems_allowed=0-1,oom_memcg=/docker/" + kId + ",task_memcg=/docke",
                                     s));
  EXPECT_EQ(s.oom_memcg, "/docker/" + kId);
  EXPECT_FALSE(s.task_memcg);
  EXPECT_TRUE(s.task_memcg_outside);
  // The OOM memcg itself, or a cgroup below it, ending the line is kept (the `,task=` part may come on a
  // continuation record).
  for (const std::string& task : {"/docker/" + kId, "/kubepods/burstable/pod1/" + kId}) {
    oomline::Summary w;
    const std::string oom = task == "/docker/" + kId ? task : "/kubepods/burstable/pod1";
    ASSERT_TRUE(oomline::parse_summary(
        "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=x,mems_allowed=0,oom_memcg=" + oom +
            ",task_memcg=" + task,
        w));
    EXPECT_EQ(w.task_memcg, task);
    EXPECT_FALSE(w.task_memcg_outside);
  }
  // A name that only starts like the OOM memcg's is no cgroup below it.
  oomline::Summary p;
  ASSERT_TRUE(oomline::parse_summary(
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=x,mems_allowed=0,oom_memcg=/jobs/a,"
      "task_memcg=/jobs/ab",
      p));
  EXPECT_FALSE(p.task_memcg);
  EXPECT_TRUE(p.task_memcg_outside);
  // Not at the line's end (`,task=…` follows): the line is whole, what it prints stands.
  oomline::Summary whole;
  ASSERT_TRUE(oomline::parse_summary(
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=x,mems_allowed=0,oom_memcg=/jobs/a,"
      "task_memcg=/jobs/b,task=x,pid=1,uid=0",
      whole));
  EXPECT_EQ(whole.task_memcg, "/jobs/b");
  EXPECT_FALSE(whole.task_memcg_outside);
  // A global OOM has no OOM memcg to be under.
  oomline::Summary g;
  ASSERT_TRUE(oomline::parse_summary(
      "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/user.slice",
      g));
  EXPECT_EQ(g.task_memcg, "/user.slice");
}

TEST(Report, TaskMemcgCutOutsideItsOomMemcgNamesNoVictimCgroup) {
  // 482: the event keeps the OOM memcg, names no task memcg, and says why.
  auto ev = parse_log_text(
      "[Fri Sep 16 10:37:38 2022] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=" + kId +
      ",mems_allowed=0-1,oom_memcg=/docker/" + kId + ",task_memcg=/docke\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].memcg);
  EXPECT_EQ(ev[0].memcg->oom_memcg, "/docker/" + kId);
  EXPECT_FALSE(ev[0].memcg->task_memcg);
  bool said = false;
  for (const auto& n : ev[0].notes) said = said || n.find("neither its oom_memcg nor a cgroup below it") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(Report, VictimUidFromTheSummaryWhenTheKillLineIsCutBeforeIt) {
  // 489: the kill line cut by the index inside `shmem-rss`; the `oom-kill:` summary prints the same task's uid.
  auto ev = parse_log_text(
      "[264974.823372] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=gv,mems_allowed=0,"
      "oom_memcg=/cloudchamber/hackme/gv,task_memcg=/cloudchamber/hackme/gv,task=exe,pid=12729,uid=65534\n"
      "[264974.823440] Memory cgroup out of memory: Killed process 12729 (exe) total-vm:858156kB, anon-rss:6212kB, "
      "file-rss:19764kB, shmem-rs\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].uid, 65534u);
  EXPECT_FALSE(ev[0].victims[0].shmem_rss_bytes);
  // The summary of another task lends nothing.
  auto other = parse_log_text(
      "[264974.823372] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=gv,mems_allowed=0,"
      "oom_memcg=/gv,task_memcg=/gv,task=exe,pid=12729,uid=65534\n"
      "[264974.823440] Memory cgroup out of memory: Killed process 12730 (exe) total-vm:858156kB, anon-rss:6212kB, "
      "file-rss:19764kB, shmem-rs\n");
  ASSERT_EQ(other.size(), 1u);
  ASSERT_EQ(other[0].victims.size(), 1u);
  EXPECT_FALSE(other[0].victims[0].uid);
}

}  // namespace
}  // namespace oomlens

namespace oomlens {
namespace {

TEST(KillLine, AFieldCutByAViewerMarksTheLineCut) {
  // 489 (`shmem-rs`), 198 (`total-`): the fields after the cut are unknown.
  auto k = oomline::parse_kill("Memory cgroup out of memory: Killed process 12729 (exe) total-vm:858156kB, "
                               "anon-rss:6212kB, file-rss:19764kB, shmem-rs");
  ASSERT_TRUE(k);
  EXPECT_TRUE(k->cut);
  EXPECT_EQ(k->file_rss_kb, 19764u);
  k = oomline::parse_kill("Memory cgroup out of memory: Killed process 32550 (uvicorn) total-");
  ASSERT_TRUE(k);
  EXPECT_TRUE(k->cut);
  // Whole lines of every era end in a `kB` figure, `UID:` or `oom_score_adj:`.
  for (const char* whole :
       {"Killed process 23793 (leaker) total-vm:2623712kB, anon-rss:506500kB, file-rss:1268kB, shmem-rss:0kB",
        "Out of memory: Killed process 7 (a) total-vm:10kB, anon-rss:5kB, file-rss:0kB, shmem-rss:0kB, UID:0 "
        "pgtables:44kB oom_score_adj:-998",
        "Killed process 3679, UID 0, (ssdb-server) total-vm:2061740kB, anon-rss:1375068kB, file-rss:1116kB",
        "Killed process 7986 (apache)"}) {
    auto w = oomline::parse_kill(whole);
    ASSERT_TRUE(w) << whole;
    EXPECT_FALSE(w->cut) << whole;
  }
}

TEST(Report, WholeKillLineWithoutUidTakesNoneFromTheSummary) {
  // 180 (5.2): the kill line prints no UID; the summary's uid is not the kill line's.
  auto ev = parse_log_text(
      "[337533.314400] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/leak,"
      "task_memcg=/leak,task=leaker,pid=23793,uid=0\n"
      "[337533.314412] Memory cgroup out of memory: Killed process 23793 (leaker) total-vm:2623712kB, "
      "anon-rss:506500kB, file-rss:1268kB, shmem-rss:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_FALSE(ev[0].victims[0].uid);
}

}  // namespace
}  // namespace oomlens
