// Blind set 19a (issue 12): corpus 625-636, ML/AI and data jobs OOM-killed as engineers' notes quote them: condensed
// lines with a poster's `...` (626, 627, 628, 632), a kill line quoted in inline code (634, 636), the kill written
// before its summary (630), a victim holding mostly shared memory whose kill line prints no file-rss (628, 630), and
// DeepSpeed's launcher killing its ranks itself (633). Each rule on hand-written input shaped like the report named.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "diagnose/explain.h"
#include "diagnose/userspace_evidence.h"
#include "event_fixtures.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

TEST(Blind19a, KillMessageRightAfterAnInlineCodeMark) {
  // 634: a bullet quoting `dmesg` in inline code; 636: prose, then the quote.
  auto k = oomline::parse_kill(
      "- `dmesg`: `Memory cgroup out of memory: Killed process 972 (python) total-vm:10901024kB, "
      "anon-rss:10176028kB` (~10 GB),");
  ASSERT_TRUE(k.has_value());
  EXPECT_EQ(k->message, std::optional<std::string>("Memory cgroup out of memory"));
  k = oomline::parse_kill("(98.9%); kernel record captured live: `Out of memory: Killed process 3565 (python) "
                          "total-vm:3678772kB, anon-rss:3592016kB`. The pre-registered linear");
  ASSERT_TRUE(k.has_value());
  EXPECT_EQ(k->message, std::optional<std::string>("Out of memory"));
  // A word glued before the message is still no message the kernel prints.
  k = oomline::parse_kill("xMemory cgroup out of memory: Killed process 1 (a) total-vm:1kB, anon-rss:1kB");
  ASSERT_TRUE(k.has_value());
  EXPECT_FALSE(k->message.has_value());
}

TEST(Blind19a, SummaryFieldsAcrossAPostersElisions) {
  // 626: the first fields elided, and an elision glued after the pid before the uid.
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:... task=pt_data_worker,pid=61138... uid=1001", s));
  EXPECT_EQ(s.task, std::optional<std::string>("pt_data_worker"));
  EXPECT_EQ(s.pid, std::optional<int64_t>(61138));
  EXPECT_EQ(s.uid, std::optional<uint32_t>(1001));
  // 632: an elision between commas.
  oomline::Summary t;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE,...,task=python,pid=7677,uid=0", t));
  EXPECT_EQ(t.constraint, std::optional<std::string>("CONSTRAINT_NONE"));
  EXPECT_EQ(t.pid, std::optional<int64_t>(7677));
  // An elision inside a path still leaves no path to name.
  oomline::Summary u;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_MEMCG,oom_memcg=/a/.../b,task=x,pid=5,uid=0", u));
  EXPECT_FALSE(u.oom_memcg.has_value());
  EXPECT_TRUE(u.elided);
  EXPECT_EQ(u.pid, std::optional<int64_t>(5));
  // Prose after `oom-kill:` is no summary.
  oomline::Summary v;
  EXPECT_FALSE(oomline::parse_summary("oom-kill:... and then it died", v));
}

TEST(Blind19a, CondensedHeaderWithTheSummarysFieldsGlued) {
  // 627: the header's fields elided without its colon, the summary's oom_memcg after the elision.
  auto h = oomline::parse_header("pt_data_worker invoked oom-killer ... oom_memcg=/jupyter-children");
  ASSERT_TRUE(h.has_value());
  EXPECT_EQ(h->comm, "pt_data_worker");
  EXPECT_FALSE(h->gfp_mask.has_value());
  EXPECT_EQ(h->summary_fields, std::optional<std::string>("oom_memcg=/jupyter-children"));
  // 628: with the colon, the elision running to `global_oom`.
  h = oomline::parse_header("pt_data_worker invoked oom-killer: ... global_oom");
  ASSERT_TRUE(h.has_value());
  EXPECT_EQ(h->summary_fields, std::optional<std::string>("global_oom"));
  // A whole header has none.
  h = oomline::parse_header("python invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0");
  ASSERT_TRUE(h.has_value());
  EXPECT_FALSE(h->summary_fields.has_value());
  // A sentence that goes on in words after `invoked oom-killer...` is no header.
  EXPECT_FALSE(oomline::parse_header("the job invoked oom-killer... and died").has_value());

  const OomEvent e = only_event(
      "pt_data_worker invoked oom-killer ... oom_memcg=/jupyter-children\n"
      "memory: usage 182414336kB, limit 182414336kB\n"
      "Killed process 477651 (pt_data_worker) anon-rss:35834132kB\n");
  ASSERT_TRUE(e.trigger.has_value());
  EXPECT_EQ(e.trigger->comm, "pt_data_worker");
  EXPECT_EQ(e.constraint, std::optional<Constraint>(Constraint::memcg));
  ASSERT_TRUE(e.memcg.has_value());
  EXPECT_EQ(e.memcg->oom_memcg, std::optional<std::string>("/jupyter-children"));

  const OomEvent g = only_event(
      "pt_data_worker invoked oom-killer: ... global_oom\n"
      "Out of memory: Killed process 5807 (python)\n"
      "  total-vm:33137296kB  anon-rss:1117832kB  shmem-rss:2928008kB\n");
  EXPECT_EQ(g.constraint, std::optional<Constraint>(Constraint::global));
  // `global_oom` alone says no memcg: a cpuset's or a memory policy's OOM prints it too (no constraint quoted).
  const Explanation x = explain(g);
  EXPECT_THAT(x.summary, HasSubstr("does not tell which"));
}

TEST(Blind19a, SummaryWrittenAfterItsKillIsThatKillsReport) {
  // 630: the poster put the kill first; the summary names the victim's comm and no pid.
  const OomEvent e = only_event(
      "    Out of memory: Killed process 18349 (VLLM::EngineCor)\n"
      "      total-vm:384577048kB   anon-rss:995216kB   shmem-rss:134238912kB\n"
      "    oom-kill:constraint=CONSTRAINT_NONE, global_oom, task=VLLM::EngineCor\n");
  EXPECT_EQ(e.kind, EventKind::kill);
  EXPECT_EQ(e.constraint, std::optional<Constraint>(Constraint::global));
  EXPECT_THAT(explain(e).summary, HasSubstr("the machine ran out of memory"));
  // A summary naming another pid opens the next report, whose kill follows.
  const auto two = parse_log_text(
      "Out of memory: Killed process 100 (java) total-vm:1000kB, anon-rss:900kB, file-rss:0kB, shmem-rss:0kB\n"
      "oom-kill:constraint=CONSTRAINT_NONE,global_oom,task=java,pid=200,uid=0\n"
      "Out of memory: Killed process 200 (java) total-vm:1000kB, anon-rss:900kB, file-rss:0kB, shmem-rss:0kB\n",
      {});
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[1].victims.at(0).pid, std::optional<int64_t>(200));
}

TEST(Blind19a, VictimOfMostlySharedMemoryWithoutFileRss) {
  // 630: 128 GiB of shmem-rss, under 1 GiB anonymous, file-rss not quoted.
  const OomEvent e = only_event(
      "Out of memory: Killed process 18349 (VLLM::EngineCor)\n"
      "  total-vm:384577048kB   anon-rss:995216kB   shmem-rss:134238912kB\n");
  const Explanation x = explain(e);
  const Check* c = find(x, "shmem_dominant");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("128.0 GiB of shared memory"));
  // A victim whose anonymous memory is the larger part: no such check.
  const OomEvent f = only_event(
      "Out of memory: Killed process 7 (python)\n"
      "  total-vm:33137296kB  anon-rss:3117832kB  shmem-rss:928008kB\n");
  const Explanation y = explain(f);
  EXPECT_EQ(find(y, "shmem_dominant"), nullptr);
}

TEST(Blind19a, DataLoaderWorkerVictimGetsNoModelPrecisionAdvice) {
  // 626: a DataLoader worker of 41 GiB: its dataset and batches, not the model's weights.
  const OomEvent e = only_event(
      "Out of memory: Killed process 61138 (pt_data_worker)\n"
      "  total-vm:79272196kB, anon-rss:43230644kB\n");
  const Explanation x = explain(e);
  EXPECT_THAT(advice(x), HasSubstr("DataLoader workers"));
  EXPECT_THAT(advice(x), Not(HasSubstr("bf16")));
  // The training process itself still gets it.
  const OomEvent f = only_event(
      "Out of memory: Killed process 61000 (pt_main_thread) total-vm:79272196kB, anon-rss:43230644kB, "
      "file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:90000kB oom_score_adj:0\n");
  EXPECT_THAT(advice(explain(f)), HasSubstr("bf16"));
}

TEST(Blind19a, DeepSpeedLauncherKillsItsRanksItself) {
  const std::string said = diagnose::userspace_evidence_line(
      "[2023-11-13 16:59:54,760] [INFO] [launch.py:314:sigkill_handler] Killing subprocess 9439");
  EXPECT_THAT(said, HasSubstr("DeepSpeed's launcher killed its rank processes itself"));
  EXPECT_THAT(said, Not(HasSubstr("9439")));  // said once for every rank
  EXPECT_EQ(diagnose::userspace_evidence_line("Killing subprocess 9439 because it hung"), "");
}

}  // namespace
}  // namespace oomlens
