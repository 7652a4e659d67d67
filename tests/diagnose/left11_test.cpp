// h-left11: issue 12's misses that needed new evidence words (Torque's and Moab's memory limits, a `docker events`
// format's `Status=oom`, Samsung's lmkd `Reclaim '`) and kubectl's exit code 137; each test names its corpus file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "diagnose/killer_daemon_log.h"
#include "diagnose/userspace_evidence.h"
#include "kernel_log/report_scanner.h"
#include "support/files.h"
#include "support/paths.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using diagnose::userspace_evidence_line;
using diagnose::UserspaceEvidenceScan;

struct Scanned {
  std::vector<diagnose::UserspaceEvidence> found;
  std::vector<UserspaceKill> daemon_kills;
  size_t events = 0;
};
// What a scan of `text` says (the lines the scanner's watch hands on), and how many kernel events it read.
Scanned scan(const std::string& text) {
  UserspaceEvidenceScan watch;
  Scanned out;
  ReportScanner scanner({}, [&](OomEvent&&) { ++out.events; });
  scanner.set_watch(&watch);
  scanner.feed_text(text);
  scanner.finish();
  watch.finish();
  out.found = watch.found();
  out.daemon_kills = watch.daemon_kills();
  return out;
}

std::string corpus(const std::string& name) { return testing::slurp(testing::source_path("/tests/corpus/" + name)); }

// Corpus 675: Torque's job mail `Job exceeded a memory resource limit (vmem, pvmem, etc.). Job was aborted` is the
// batch system's own enforcement (its MoM), no kernel OOM report.
TEST(Left11, TorqueJobMailOfAMemoryResourceLimit) {
  const std::string said =
      userspace_evidence_line("Job exceeded a memory resource limit (vmem, pvmem, etc.). Job was aborted");
  EXPECT_THAT(said, HasSubstr("Torque aborted the job because its MoM found the job over a memory limit"));
  EXPECT_THAT(said, HasSubstr("not a kernel OOM report"));
  // Other resource limits and prose: nothing.
  EXPECT_EQ(userspace_evidence_line("setrlimit: resource limit reached for open files"), "");
  EXPECT_EQ(userspace_evidence_line("Job exceeded a walltime limit"), "");
  const Scanned s = scan(corpus(
      "675-sarek-541-torque-job-exceeded-memory-resource-limit-vmem-aborted-by-pbs-server-exit-status-minus-10-"
      "resources-used-kb-userspace-negative.log"));
  ASSERT_EQ(s.found.size(), 1u);
  EXPECT_EQ(s.found[0].line, 5u);
  EXPECT_THAT(s.found[0].message, HasSubstr("Torque aborted the job"));
  EXPECT_EQ(s.events, 0u);
}

// Corpus 676: Moab's `job N exceeded MEM usage hard limit (A > B)` (MB) is the scheduler's measure, not a kill by
// the kernel; another resource is no memory limit.
TEST(Left11, MoabMemUsageHardLimit) {
  const std::string said = userspace_evidence_line("job 3132467 exceeded MEM usage hard limit (2528 > 1126)");
  EXPECT_THAT(said, HasSubstr("Moab says job 3132467 went over its `MEM` hard limit (it used 2528 MB; the limit is "
                              "1126 MB)"));
  EXPECT_THAT(said, HasSubstr("not the kernel's OOM killer"));
  EXPECT_THAT(userspace_evidence_line("job 77 exceeded SWAP usage hard limit (9000 > 4096"),
              HasSubstr("job 77 went over its `SWAP` hard limit: "));  // figures cut: none said
  EXPECT_EQ(userspace_evidence_line("job 3132467 exceeded WALLTIME usage hard limit (7300 > 7200)"), "");
  EXPECT_EQ(userspace_evidence_line("the page hard limit (2528 > 1126)"), "");
  const Scanned s = scan(corpus(
      "676-cbio-cluster-251-torque-moab-job-deleted-by-root-exceeded-mem-usage-hard-limit-mb-userspace-negative.log"));
  ASSERT_EQ(s.found.size(), 1u);
  EXPECT_EQ(s.found[0].line, 6u);
  EXPECT_THAT(s.found[0].message, HasSubstr("Moab says job 3132467"));
}

// Corpus 680: `docker events --format 'Type={{.Type}}  Status={{.Status}}  ID={{.ID}}'` prints Docker's oom event as
// `Status=oom`: said as its JSON stream's is, with the container's short id; its `Status=die` line (no exit code
// printed) and a `--filter event=oom` say nothing.
TEST(Left11, DockerEventsFormatStatusOom) {
  const std::string line =
      "Type=container  Status=oom  ID=2dc13c49a71342b0826940f6a9247e8120dba06f97a98d96117117226bf754c8";
  EXPECT_THAT(userspace_evidence_line(line), HasSubstr("Docker says the memory cgroup of container 2dc13c49a713 had "
                                                       "an OOM (its `oom` event)"));
  EXPECT_THAT(userspace_evidence_line("action=oom id=2dc13c49a71342b0826940f6a9"), HasSubstr("container 2dc13c49a713"));
  EXPECT_THAT(userspace_evidence_line("Status=oom"), HasSubstr("Docker says a container's memory cgroup had an OOM"));
  EXPECT_EQ(userspace_evidence_line("Type=container  Status=die  ID=2dc13c49a71342b0826940f6a9247e81"), "");
  EXPECT_EQ(userspace_evidence_line("$ docker events --filter event=oom"), "");
  EXPECT_EQ(userspace_evidence_line("status=oom_score_adj changed"), "");
  const std::string text = corpus("680-openpai-1658-docker-events-format-type-container-status-oom-then-die-id-"
                                  "userspace-negative.log");
  Scanned s = scan(text);
  ASSERT_EQ(s.found.size(), 1u);
  EXPECT_EQ(s.found[0].line, 3u);
  // Reversed (newest first) and with a foreign line inside: still the one event, at its line.
  s = scan("Type=container  Status=die  ID=2dc13c49a71342b0826940f6a9247e8120dba06f97a98d96117117226bf754c8\n"
           "Dec  1 10:00:00 node-a dockerd[812]: time=\"…\" level=info msg=\"ignoring event\"\n" +
           line + "\nType=container  Status=exec_start: cat /jobstatus/jobok  ID=edf6b4b172edb0b46f36\n");
  ASSERT_EQ(s.found.size(), 1u);
  EXPECT_EQ(s.found[0].line, 3u);
}

// Corpus 706: Samsung's lmkd words its kill `Reclaim 'NAME' (PID), …` where AOSP's says `Kill '`: read as lmkd's
// kill (its victim, oom_score_adj and the RSS freed), a user-space kill, and kept for the kernel events it may name.
TEST(Left11, SamsungLmkdReclaimIsLmkdsKill) {
  const std::string line =
      "01-01 15:11:14.049   879   879 I lmkd    : Reclaim 'com.samsung.android.scpm' (31960), uid 5009, "
      "oom_score_adj 915, state 19 to free 18184kB rss, 52268kB swap; reason: low watermark is breached and swap is "
      "low (5818388kB < 838860kB)";
  const std::string said = userspace_evidence_line(line);
  EXPECT_THAT(said, HasSubstr("Android's lmkd, a user-space low-memory killer, killed com.samsung.android.scpm (pid "
                              "31960, oom_score_adj 915) to free 17.8 MiB of RSS (Samsung's lmkd words its kill "
                              "`Reclaim`"));
  EXPECT_THAT(said, HasSubstr("This is no kernel OOM kill"));
  const auto k = diagnose::parse_lmkd_line(line);
  ASSERT_TRUE(k);
  EXPECT_EQ(k->daemon, "lmkd");
  EXPECT_TRUE(k->reclaim_wording);
  EXPECT_EQ(k->pid.value_or(0), 31960);
  EXPECT_EQ(k->reason, "low watermark is breached and swap is low (5818388kB < 838860kB)");
  // A `Reclaim` that is no lmkd kill line (no `'NAME' (PID),`): nothing.
  EXPECT_EQ(userspace_evidence_line("kswapd: Reclaim 'file' pages first"), "");
  EXPECT_FALSE(diagnose::parse_lmkd_line("I lmkd    : Reclaim 'x' started"));
  const Scanned s = scan(corpus(
      "706-flutter-161070-samsung-android-logcat-activitymanager-process-died-and-lmkd-reclaim-low-watermark-swap-is-"
      "low-lines-userspace-no-kernel-report-negative.log"));
  ASSERT_EQ(s.found.size(), 2u);
  EXPECT_EQ(s.found[0].line, 4u);
  EXPECT_EQ(s.found[1].line, 6u);
  EXPECT_TRUE(s.found[0].kill);
  EXPECT_THAT(s.found[1].message, HasSubstr("com.google.android.googlequicksearchbox:search (pid 31464"));
  ASSERT_EQ(s.daemon_kills.size(), 2u);
  EXPECT_EQ(s.daemon_kills[1].pid, 31464);
}

// A Reclaim line, then a kernel report: the report is read whole, the lmkd kill before it said.
TEST(Left11, ReclaimLineThenAKernelReport) {
  const std::string text =
      "01-01 15:11:14.049   879   879 I lmkd    : Reclaim 'com.x' (31960), uid 5009, oom_score_adj 915, state 19 to "
      "free 18184kB rss, 52268kB swap; reason: low watermark\n"
      "[ 100.000000] Out of memory: Killed process 4653 (python3) total-vm:1000kB, anon-rss:900kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:0 pgtables:40kB oom_score_adj:0\n";
  const Scanned s = scan(text);
  EXPECT_EQ(s.events, 1u);
  ASSERT_EQ(s.found.size(), 1u);
  EXPECT_EQ(s.found[0].line, 1u);
}

// kubectl's `command terminated with exit code 137` (kubectl exec, kubectl run -it): a SIGKILL whose sender it does
// not know, maybe but not surely the OOM killer.
TEST(Left11, KubectlCommandTerminatedWithExitCode137) {
  const std::string said = userspace_evidence_line("command terminated with exit code 137");
  EXPECT_THAT(said, HasSubstr("kubectl says the command it ran in the container ended with exit code 137"));
  EXPECT_THAT(said, HasSubstr("kubectl does not know the sender"));
  EXPECT_THAT(said, HasSubstr("but not surely"));
  EXPECT_THAT(said, Not(HasSubstr("was killed by the OOM killer")));
  EXPECT_EQ(userspace_evidence_line("command terminated with exit code 1"), "");
  EXPECT_EQ(userspace_evidence_line("command terminated with exit code 1370"), "");
}

}  // namespace
}  // namespace oomlens
