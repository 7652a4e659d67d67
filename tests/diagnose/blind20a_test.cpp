// Blind set 20a (issue 12): corpus 673-684, HPC batch schedulers and ML jobs: the schedulers' own memory enforcement
// (PBS's MoM, LSF, HTCondor) and a job shell's report of the kernel's kill in its cgroup (Flux) said as what they are
// (673, 674, 677, 679); a command that greps for systemd's result is no systemd line (682); a poster's condensed
// `oom-kill:` summary wrapped above the `memory:` line printed before it keeps its `task=`/`pid=` rest (681); a Slurm
// job's cgroup limit is the job's memory request (681, 683). Each rule on hand-written input shaped like the report
// named.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "diagnose/cgroup_owner.h"
#include "diagnose/explain.h"
#include "diagnose/userspace_evidence.h"
#include "event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;
using diagnose::userspace_evidence_line;
using diagnose::UserspaceEvidenceScan;

TEST(Blind20a, PbsMomKillOverTheJobsMemLimitIsTheSchedulersOwn) {
  const std::string pro = userspace_evidence_line("=>> PBS: job killed: mem 38427376kb exceeded limit 33554432kb");
  EXPECT_THAT(pro, HasSubstr("PBS's MoM"));
  EXPECT_THAT(pro, HasSubstr("its `mem` use passed the job's limit (it used 36.6 GiB; the limit is 32.0 GiB)"));
  EXPECT_THAT(pro, HasSubstr("This is no kernel OOM kill"));
  EXPECT_THAT(pro, HasSubstr("qsub -l mem="));
  // Torque's wording: `job total`, a space before `kb`; a vmem limit.
  const std::string torque =
      userspace_evidence_line("=>> PBS: job killed: vmem job total 7339132 kb exceeded limit 6291456 kb");
  EXPECT_THAT(torque, HasSubstr("its `vmem` use passed the job's limit (it used 7.0 GiB; the limit is 6.0 GiB)"));
  // Another limit (walltime) is no memory enforcement.
  EXPECT_EQ(userspace_evidence_line("=>> PBS: job killed: walltime 3630 exceeded limit 3600"), "");
}

TEST(Blind20a, LsfHtcondorAndFluxLinesAreSaidAsSuch) {
  const std::string lsf = userspace_evidence_line("TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.");
  EXPECT_THAT(lsf, HasSubstr("LSF says it ended the job after the job reached its memory usage limit"));
  EXPECT_THAT(lsf, HasSubstr("not a kernel OOM report"));
  const std::string condor = userspace_evidence_line(
      "1050981.0   user01         11/7  23:48 Job in status 2 put on hold by SYSTEM_PERIODIC_HOLD due to memory usage "
      "3000000.");
  EXPECT_THAT(condor, HasSubstr("HTCondor put job 1050981.0 on hold"));
  EXPECT_THAT(condor, HasSubstr("(3000000, as the hold reason prints it)"));
  EXPECT_THAT(condor, HasSubstr("request_memory"));
  const std::string flux =
      userspace_evidence_line("29.475s: flux-shell[0]: ERROR: oom: Memory cgroup out of memory: killed 1 task on host07.");
  EXPECT_THAT(flux, HasSubstr("the kernel's OOM killer killed 1 task(s) of the job on host07"));
  EXPECT_THAT(flux, HasSubstr("its report is not in this text"));
  EXPECT_THAT(flux, Not(HasSubstr("no kernel OOM kill")));
  EXPECT_EQ(userspace_evidence_line("oom: Memory cgroup out of memory: killed 1 task on host07."), "");
}

// The scanner finds these lines among others (their words are in the anchor sweep's; Flux's line by its `Memory`,
// an anchor).
TEST(Blind20a, SchedulerLinesAreFoundAmongOtherLines) {
  for (const std::string& line : {std::string("=>> PBS: job killed: mem 38427376kb exceeded limit 33554432kb"),
                                 std::string("TERM_MEMLIMIT: job killed after reaching LSF memory usage limit."),
                                 std::string("1.0 u 11/7 23:48 Job in status 2 put on hold by SYSTEM_PERIODIC_HOLD "
                                             "due to memory usage 3000000."),
                                 std::string("29.4s: flux-shell[0]: ERROR: oom: Memory cgroup out of memory: killed 2 "
                                             "tasks on n1.")}) {
    std::string text;
    for (int i = 0; i < 100; ++i) text += "step 17 loss 0.25 lr 0.001\n";
    text += line + "\n";
    UserspaceEvidenceScan scan;
    scan.feed(text);
    scan.finish();
    ASSERT_EQ(scan.found().size(), 1u) << line;
    EXPECT_EQ(scan.found()[0].line, 101u);
  }
}

TEST(Blind20a, CommandGreppingForSystemdsResultIsNoSystemdLine) {
  EXPECT_EQ(userspace_evidence_line(
                "journalctl -u aver-worker --since '1 day ago' | grep \"Failed with result 'oom-kill'\""),
            "");
  EXPECT_THAT(userspace_evidence_line("aver-worker.service: Failed with result 'oom-kill'."),
              HasSubstr("systemd unit aver-worker.service failed because an OOM kill"));
}

TEST(Blind20a, CondensedSummaryAboveItsMemoryLineKeepsItsWrappedTaskAndPid) {
  const OomEvent e = only_event(
      "oom-kill:constraint=CONSTRAINT_MEMCG, oom_memcg=/slurm_node01/uid_1609111/job_59120608,\n"
      "         task=python, pid=567337\n"
      "memory: usage 203161592kB, limit 203161592kB, failcnt 340170\n");
  ASSERT_TRUE(e.chosen.has_value());
  EXPECT_EQ(e.chosen->comm, "python");
  EXPECT_EQ(e.chosen->pid, std::optional<int64_t>(567337));
  ASSERT_TRUE(e.memcg.has_value());
  EXPECT_EQ(e.memcg->limit_bytes, std::optional<uint64_t>(203161592ull * 1024));
}

TEST(Blind20a, SlurmJobsCgroupLimitIsTheJobsMemoryRequest) {
  OomEvent e = only_event(
      "oom-kill:constraint=CONSTRAINT_MEMCG,...,oom_memcg=/slurm/uid_2107/job_2457196,\n"
      "  task=python3,pid=...,anon-rss:13396112kB\n");
  ASSERT_TRUE(e.memcg.has_value());
  e.memcg->owner = decode_memcg_owner(*e.memcg);  // as the pipeline decodes it
  ASSERT_TRUE(e.memcg->owner.has_value());
  const Explanation x = explain(e);
  EXPECT_THAT(advice(x), HasSubstr("`--mem` or `--mem-per-cpu` of sbatch or srun"));
  EXPECT_THAT(advice(x), Not(HasSubstr("Raise the cgroup's memory limit")));
}

}  // namespace
}  // namespace oomlens
