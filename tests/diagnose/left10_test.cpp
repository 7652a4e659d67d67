// h-left10: issue 12's user-space and runtime lines and wording items (each test names its item and corpus file).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "diagnose/explain.h"
#include "diagnose/explain_detail.h"
#include "diagnose/userspace_evidence.h"
#include "event_fixtures.h"
#include "kernel_log/anchor_search.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using diagnose::userspace_evidence_line;
using diagnose::UserspaceEvidenceScan;

// The lines a scan of `text` says something of (line number, sentence), read as the scanner's watch sees them.
std::vector<diagnose::UserspaceEvidence> scan(const std::string& text) {
  UserspaceEvidenceScan watch;
  ReportScanner scanner({}, [](OomEvent&&) {});
  scanner.set_watch(&watch);
  scanner.feed_text(text);
  scanner.finish();
  watch.finish();
  return watch.found();
}

// Item 1 (corpus 663): `docker events`' text line `container oom <id> (…)` is Docker's OOM event, read as its JSON
// stream is, with the container's short id and its Kubernetes pod and container (or its name); `container die <id>
// (exitCode=137, …)` is its end by SIGKILL, whose sender Docker does not know.
TEST(Left10, DockerEventsTextLinesAreDockersOomAndDieEvents) {
  const std::string oom =
      "2019-05-04T18:05:44.998251824-05:00 container oom "
      "29d72966e0beb17d9b0b9fbcbfc734e2df2eb5428690115f9b24430357de08e5 (annotation.io.kubernetes.container.hash="
      "cad60de0, annotation.io.kubernetes.container.ports=[{\"name\":\"notebook-port\",\"containerPort\":8888}], "
      "image=sha256:abb4, io.kubernetes.container.name=notebook, io.kubernetes.pod.name=jupyter-x, "
      "io.kubernetes.pod.namespace=jhub-prod, io.kubernetes.sandbox.id=67102bbdc496";
  const std::string said = userspace_evidence_line(oom);
  EXPECT_THAT(said, HasSubstr("Docker says the memory cgroup of container 29d72966e0be (Kubernetes pod "
                              "jhub-prod/jupyter-x, container notebook) had an OOM"));
  EXPECT_THAT(said, HasSubstr("host's kernel log"));
  EXPECT_THAT(userspace_evidence_line("2023-03-01T10:00:00.000000000Z container oom "
                                      "36eb96d6c134895854e77f65ac47955b6ee08eb62bceee37cc605157f1c9482b "
                                      "(image=busybox, name=web)"),
              HasSubstr("container 36eb96d6c134 (name web) had an OOM"));
  const std::string die = userspace_evidence_line(
      "2023-03-01T10:00:00.100000000Z container die 36eb96d6c134895854e77f65ac47955b6ee08eb62bceee37cc605157f1c9482b "
      "(exitCode=137, image=busybox, name=web)");
  EXPECT_THAT(die, HasSubstr("container 36eb96d6c134 (name web) exited with code 137"));
  EXPECT_THAT(die, HasSubstr("does not know the sender"));
  EXPECT_THAT(die, Not(HasSubstr("was killed by the OOM killer")));
  // Another exit code, another event, prose: nothing.
  EXPECT_EQ(userspace_evidence_line("2023-03-01T10:00:00Z container die 36eb96d6c134895854e7 (exitCode=1, name=web)"),
            "");
  EXPECT_EQ(userspace_evidence_line("2023-03-01T10:00:00Z container start 36eb96d6c134895854e7 (name=web)"), "");
  EXPECT_EQ(userspace_evidence_line("the container oom event is sent when"), "");
  // Found by the word sweep among other lines.
  std::string text;
  for (int i = 0; i < 50; ++i) text += "2019-05-04T18:05:40.0-05:00 container exec_start: sh 29d72966e0be (name=x)\n";
  text += oom + "\n";
  const auto found = scan(text);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].line, 51u);
}

// Item 2: the exit code 137 lines of real logs (corpus 385; GitHub Actions' `Process completed with exit code 137.`,
// CircleCI, Docker Compose) say SIGKILL, maybe but not surely the OOM killer; YARN's `non-zero exit code 137` and
// prose are not read as these.
TEST(Left10, ExitCode137LinesAreASigkillOfUnknownSender) {
  const std::string gha = userspace_evidence_line("Error: Process completed with exit code 137.");
  EXPECT_THAT(gha, HasSubstr("GitHub Actions says the process of a step ended with exit code 137"));
  EXPECT_THAT(gha, HasSubstr("It may be the kernel's OOM killer, but not surely"));
  EXPECT_THAT(userspace_evidence_line("2024-04-14T22:05:47.7630307Z ##[error]The process '/usr/bin/bash' failed with "
                                      "exit code 137"),
              HasSubstr("the process `/usr/bin/bash` failed with exit code 137"));
  EXPECT_THAT(userspace_evidence_line("CircleCI received exit code 137"), HasSubstr("CircleCI says"));
  EXPECT_THAT(userspace_evidence_line("server-1 exited with code 137"),
              HasSubstr("Docker Compose says container server-1 exited with code 137"));
  EXPECT_EQ(userspace_evidence_line("server-1 exited with code 1370"), "");
  EXPECT_EQ(userspace_evidence_line("[2021-07-15 19:41:35.680]Container exited with a non-zero exit code 137."), "");
  EXPECT_EQ(userspace_evidence_line("GitHub actions has sporadically failed with exit code 137 issues"), "");
  // GitHub Actions' raw log stamps each line: its `Killed` is the shell's.
  EXPECT_THAT(userspace_evidence_line("2024-04-14T22:05:23.8605906Z Killed"), HasSubstr("killed by SIGKILL"));
  EXPECT_EQ(userspace_evidence_line("2024-04-14T22:05:23.8605906Z Killed it"), "");
}

// Item 2: joblib's loky `{SIGKILL(-9)}` and the DataLoader's `(pid(s) …) exited unexpectedly` (real issue text):
// SIGKILL of unknown sender, and an exit the line does not explain; the latter said once after the worker's own
// `is killed by signal` line.
TEST(Left10, LokySigkillAndDataLoaderExitedUnexpectedly) {
  const std::string loky = userspace_evidence_line(
      "joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed by the executor was "
      "unexpectedly terminated. This could be caused by a segmentation fault while calling the function or by an "
      "excessive memory usage causing the Operating System to kill the worker. The exit codes of the workers are "
      "{SIGKILL(-9)}");
  EXPECT_THAT(loky, HasSubstr("joblib's loky executor says 1 of its worker processes ended by SIGKILL"));
  EXPECT_THAT(loky, HasSubstr("does not know the sender"));
  EXPECT_EQ(userspace_evidence_line("The exit codes of the workers are {EXIT(1), EXIT(1)}"), "");
  EXPECT_THAT(userspace_evidence_line("RuntimeError: DataLoader worker (pid(s) 1448, 8988) exited unexpectedly"),
              HasSubstr("DataLoader worker(s) (pid(s) 1448, 8988) exited unexpectedly; this line does not say how"));
  std::string text;
  for (int i = 0; i < 30; ++i) text += "  File \"/usr/lib/python3/site-packages/torch/utils/data/dataloader.py\"\n";
  text += "RuntimeError: DataLoader worker (pid 629) is killed by signal: Killed.\n";
  text += "The above exception was the direct cause of the following exception:\n";
  text += "RuntimeError: DataLoader worker (pid(s) 629) exited unexpectedly\n";
  const auto found = scan(text);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_THAT(found[0].message, HasSubstr("(pid 629) was killed by SIGKILL"));
}

// The new words are found at every offset of a SIMD block, at both widths (anchor_search.h find_evidence_word()).
TEST(Left10, NewWordsAreFoundAtEveryOffset) {
  for (const std::string line : {"x container oom 36eb96d6c134895854e7 (name=web)",
                                  "x container die 36eb96d6c134895854e7 (exitCode=137, name=web)",
                                  "Error: Process completed with exit code 137.",
                                  "The exit codes of the workers are {SIGKILL(-9)}",
                                  "RuntimeError: DataLoader worker (pid(s) 12, 13) exited unexpectedly"}) {
    for (size_t pad = 0; pad < 40; ++pad) {
      std::string text;
      for (int i = 0; i < 20; ++i) text += "[ 5.4] process 'python3' (pid 41450) killed its child; error 13.\n";
      text += std::string(pad, ' ') + line + "\n";
      UserspaceEvidenceScan s;
      s.feed(text);
      s.finish();
      ASSERT_EQ(s.found().size(), 1u) << pad << ": " << line;
      EXPECT_EQ(s.found()[0].line, 21u);
    }
  }
}

}  // namespace
}  // namespace oomlens

namespace oomlens {
namespace {

using diagnose::KillSeen;
using diagnose::systemd_beside_kills;
using diagnose::UserspaceEvidence;

// Item 3 (corpus 637, 506, 560, 272, 204): systemd's `status=9/KILL` of a unit's main process and its `oom-kill`
// result beside the kernel's kills are tied to the kill in the unit's cgroup (task_memcg names the unit), or, when
// no report prints a cgroup, to the kill just before the line by nearness only; else said untied.
TEST(Left10, SystemdUnitLinesAreTiedToTheKillInTheUnitsCgroup) {
  const std::string sigkill_line = "Jun  1 01:38:13 host01 systemd: sidekiq-4.service: main process exited, "
                                   "code=killed, status=9/KILL";
  const std::string said = userspace_evidence_line(sigkill_line);
  EXPECT_THAT(said, HasSubstr("systemd says the main process of systemd unit sidekiq-4.service ended by SIGKILL"));
  EXPECT_THAT(said, HasSubstr("does not know the sender"));
  EXPECT_EQ(userspace_evidence_line("x.service: Main process exited, code=killed, status=15/TERM"), "");
  // The scan keeps the unit and the kind (and reads it after a report: a kill's word).
  std::string text = "Jun  1 01:38:12 host01 kernel: Out of memory: Kill process 26778 (ruby) score 392 or sacrifice "
                     "child\nJun  1 01:38:12 host01 kernel: Killed process 26778 (ruby), UID 503, total-vm:11024172kB, "
                     "anon-rss:10420820kB, file-rss:0kB, shmem-rss:0kB\n" + sigkill_line + "\n";
  UserspaceEvidenceScan watch;
  ReportScanner scanner({}, [](OomEvent&&) {});
  scanner.set_watch(&watch, evidence_words::Watched::kills);
  scanner.feed_text(text);
  scanner.finish();
  watch.finish();
  ASSERT_EQ(watch.found().size(), 1u);
  const UserspaceEvidence& x = watch.found()[0];
  EXPECT_EQ(x.line, 3u);
  EXPECT_EQ(x.systemd, UserspaceEvidence::Systemd::main_sigkill);
  EXPECT_EQ(x.unit, "sidekiq-4.service");
  // No report prints a cgroup: the kill that ends just before the line, by nearness only.
  KillSeen ruby{{1, 2}, 26778, "ruby", "", false};
  std::string tied = systemd_beside_kills(x, {ruby});
  EXPECT_THAT(tied, HasSubstr("main process of systemd unit sidekiq-4.service ended by SIGKILL"));
  EXPECT_THAT(tied, HasSubstr("right after the kernel's OOM killer killed ruby (pid 26778) (lines 1-2)"));
  EXPECT_THAT(tied, HasSubstr("nearness only"));
  // The kill in the unit's cgroup (task_memcg=/system.slice/sidekiq-4.service), even with another kill between.
  KillSeen in_unit{{1, 2}, 26778, "ruby", "sidekiq-4.service", true};
  KillSeen other{{2, 2}, 99, "java", "other.service", true};
  tied = systemd_beside_kills(x, {in_unit, other});
  EXPECT_THAT(tied, HasSubstr("killed ruby (pid 26778) in that unit's cgroup (lines 1-2)"));
  // Reports that print cgroups, none the unit's: untied, even just before the line.
  tied = systemd_beside_kills(x, {other});
  EXPECT_THAT(tied, HasSubstr("no kernel OOM kill in this text is tied to it"));
  // Too far after the kill, or before it: untied.
  UserspaceEvidence far = x;
  far.line = 2 + diagnose::kNearLines + 1;
  EXPECT_THAT(systemd_beside_kills(far, {ruby}), HasSubstr("is tied to it"));
  UserspaceEvidence before = x;
  before.line = 1;
  KillSeen later{{3, 4}, 401, "systemd-journal", "", false};
  EXPECT_THAT(systemd_beside_kills(before, {later}), HasSubstr("is tied to it"));
  // The `oom-kill` result, tied by the unit.
  UserspaceEvidence result{10, "…", true, UserspaceEvidence::Systemd::oom_kill_result, "cosmic-greeter.scope"};
  EXPECT_THAT(systemd_beside_kills(result, {KillSeen{{2, 9}, 3093, "cosmic-greeter", "cosmic-greeter.scope", true}}),
              HasSubstr("failed with result `oom-kill` (line 10): the kernel's OOM killer killed cosmic-greeter (pid "
                        "3093) in that unit's cgroup (lines 2-9)"));
  // Other lines say nothing more.
  UserspaceEvidence plain{5, "…", true};
  EXPECT_EQ(systemd_beside_kills(plain, {ruby}), "");
}

// kill_seen() names the unit of the victim's cgroup (task_memcg, else oom_memcg) and whether one was printed.
TEST(Left10, KillSeenNamesTheUnitOfTheVictimsCgroup) {
  OomEvent e;
  e.lines = {4, 9};
  Victim v;
  v.pid = 17251;
  v.comm = "maddy";
  e.victims.push_back(v);
  EXPECT_FALSE(diagnose::kill_seen(e).cgroup_printed);
  e.memcg = MemcgInfo{};
  e.memcg->task_memcg = "/system.slice/maddy.service";
  e.memcg->oom_memcg = "/";
  const KillSeen k = diagnose::kill_seen(e);
  EXPECT_EQ(k.unit, "maddy.service");
  EXPECT_TRUE(k.cgroup_printed);
  EXPECT_EQ(k.pid, 17251);
  EXPECT_EQ(k.lines.last, 9u);
}

}  // namespace
}  // namespace oomlens

namespace oomlens {
namespace {

using detail::find_figure;
using fixtures::advice;
using fixtures::find;
using fixtures::only_event;

std::string shmem_kill(const std::string& comm) {
  return "Out of memory: Killed process 5807 (" + comm + ") total-vm:33137296kB, anon-rss:1117832kB, file-rss:0kB, "
         "shmem-rss:2928008kB, UID:0 pgtables:100kB oom_score_adj:0\n";
}

// Item 5 (corpus 628, 629): a shmem-dominant kill of a PyTorch job (its processes' names) says where that shared
// memory sits: /dev/shm, with Docker's --shm-size and Kubernetes' memory-backed emptyDir counted against the limit;
// a python victim alone, only as a possibility; another victim, not at all. Without Mem-Info the check says that
// the machine's share is not known (629: only the victim's own figures).
TEST(Left10, ShmemOfAPyTorchJobIsDevShm) {
  const Explanation torch = explain(only_event(shmem_kill("pt_main_thread")));
  const Check* c = find(torch, "shmem_dominant");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(find_figure(*c, "pytorch"), 1);
  EXPECT_THAT(c->message, HasSubstr("how much of the machine's memory was shared memory is not known"));
  EXPECT_THAT(advice(torch), HasSubstr("PyTorch's DataLoader workers hand each batch to the main process through "
                                       "shared memory (files in /dev/shm)"));
  EXPECT_THAT(advice(torch), HasSubstr("`--shm-size`"));
  EXPECT_THAT(advice(torch), HasSubstr("charged to the container's memory limit"));
  EXPECT_THAT(advice(torch), Not(HasSubstr("Kubernetes")));  // no pod's cgroup in the report
  EXPECT_THAT(advice(torch), Not(HasSubstr("PostgreSQL's shared_buffers")));
  const Explanation python = explain(only_event(shmem_kill("python3")));
  const Check* p = find(python, "shmem_dominant");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(find_figure(*p, "pytorch"), 2);
  EXPECT_THAT(advice(python), HasSubstr("If this is a PyTorch job: PyTorch's DataLoader workers"));
  EXPECT_THAT(advice(python), HasSubstr("PostgreSQL's shared_buffers"));
  const Explanation vllm = explain(only_event(shmem_kill("VLLM::Worker_TP")));
  const Check* v = find(vllm, "shmem_dominant");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(find_figure(*v, "pytorch"), std::nullopt);
  EXPECT_THAT(advice(vllm), Not(HasSubstr("PyTorch")));
  // In a Kubernetes pod's cgroup: the memory-backed emptyDir, counted against the limit.
  const std::string pod = "/kubepods/burstable/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/"
                          "024952d653ef1cd852f875a61bd27cf45cb1fd6cab3659ca7e5f12f037d99aa9";
  const Explanation k8s = explain(only_event(
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=x,mems_allowed=0,oom_memcg=" + pod +
      ",task_memcg=" + pod + ",task=pt_main_thread,pid=5807,uid=0\n" +
      "Memory cgroup out of memory: Killed process 5807 (pt_main_thread) total-vm:33137296kB, anon-rss:1117832kB, "
      "file-rss:0kB, shmem-rss:2928008kB, UID:0 pgtables:100kB oom_score_adj:0\n"));
  EXPECT_THAT(advice(k8s), HasSubstr("In a Kubernetes pod /dev/shm is an emptyDir with `medium: Memory`"));
}

}  // namespace
}  // namespace oomlens

namespace oomlens {
namespace {

// Item 6 (h-left7-item3-wip re-applied; corpus mangler-pending/508, linux-nfs 2024, arm 6.8): nfsd's allocation found
// no task to kill on a 1.0 GiB machine whose processes held a few MiB and whose Mem-Info counters account for about
// 112 MiB of the RAM less its reserved pages: the rest was held by the kernel outside slab (nfsd's leak). Its
// figures, in pages of 4 KiB.
TEST(Left10, MemoryInNoMemInfoCounterIsTheKernels) {
  MemInfo mi;
  mi.ram_bytes = 262144ull * 4096;
  mi.reserved_bytes = 9147ull * 4096;
  mi.free_bytes = 7279ull * 4096;
  mi.active_anon_bytes = 101ull * 4096;
  mi.inactive_anon_bytes = 127ull * 4096;
  mi.active_file_bytes = 1200ull * 4096;
  mi.inactive_file_bytes = 1204ull * 4096;
  mi.unevictable_bytes = 394ull * 4096;
  mi.slab_reclaimable_bytes = 13680ull * 4096;
  mi.slab_unreclaimable_bytes = 4350ull * 4096;
  mi.pagetables_bytes = 414ull * 4096;
  mi.shmem_bytes = 4ull * 4096;
  OomEvent e;
  e.kind = EventKind::no_killable;
  e.constraint = Constraint::global;
  e.panic_message = "System is deadlocked on memory";
  Trigger t;
  t.comm = "nfsd";
  t.pid = 537;
  t.gfp_mask = "0xcc0(GFP_KERNEL)";
  t.order = 0;
  t.oom_score_adj = 0;
  e.trigger = t;
  e.mem_info = mi;
  for (const auto& [pid, comm, adj] : {std::tuple<int64_t, const char*, int>{1, "systemd", 0},
                                       {230, "systemd-udevd", -1000},
                                       {526, "sshd", -1000}}) {
    TaskRow row;
    row.pid = pid;
    row.comm = comm;
    row.rss_bytes = 1200 * 1024;
    row.oom_score_adj = adj;
    e.tasks.push_back(row);
  }
  const uint64_t counted = (7279ull + 101 + 127 + 1200 + 1204 + 394 + 13680 + 4350 + 414) * 4096;
  const auto gap = detail::kernel_unaccounted(mi);
  ASSERT_TRUE(gap);
  EXPECT_EQ(gap->counted_bytes, counted);
  EXPECT_EQ(gap->rest_bytes, (262144ull - 9147) * 4096 - counted);
  EXPECT_FALSE(gap->hugetlb_printed);
  const Explanation x = explain(e);
  const Check* c = find(x, "processes_hold_little");
  ASSERT_NE(c, nullptr);
  EXPECT_THAT(c->message, HasSubstr("The 3 processes of the task table hold 3.5 MiB RSS in all, 0 % of RAM (1.0 GiB)"));
  EXPECT_THAT(c->message, HasSubstr("account for 112.3 MiB; the other 876.0 MiB"));
  EXPECT_THAT(c->message, HasSubstr("is in none of them: the kernel held it, a driver or a kernel subsystem"));
  EXPECT_THAT(c->message, HasSubstr("or hugetlb pages, which this report does not print"));
  EXPECT_THAT(advice(x), HasSubstr("The kernel held 876.0 MiB that no Mem-Info counter accounts for"));
  EXPECT_THAT(advice(x), Not(HasSubstr("limit on")));
  // Hugetlb pages printed are counted: 800 MiB of them leave no gap of half the RAM, and the rows' small share
  // alone says nothing beside the protected rows.
  e.mem_info->hugepages = {HugePages{0, 400, 400, 2 * 1024 * 1024}};
  EXPECT_EQ(find(explain(e), "processes_hold_little"), nullptr);
  // A counter not printed, or the reserved pages, is unknown: no gap is reckoned without it.
  e.mem_info->hugepages.clear();
  MemInfo no_reserved = *e.mem_info;
  no_reserved.reserved_bytes.reset();
  EXPECT_FALSE(detail::kernel_unaccounted(no_reserved));
  e.mem_info->unevictable_bytes.reset();
  EXPECT_FALSE(detail::kernel_unaccounted(*e.mem_info));
  EXPECT_EQ(find(explain(e), "processes_hold_little"), nullptr);
}

}  // namespace
}  // namespace oomlens
