// Rules found on the reports tests/corpus/mangler-pending held back (issue
// 12: a mangle of theirs gave a different value), each on hand-written input
// shaped like the mangled report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(PendingMangles, AnElisionLineAfterAReflowedRowIsNotItsRest) {
  // 280 through reflow_indent: a row broken by a reflow, its indented rest,
  // then the poster's `# [...]` elision line: the row is whole before it.
  auto ev = parse_log_text(
      "[ 100.0] kworker/3:1 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=-1, oom_score_adj=0\n"
      "[ 100.1] Tasks state (memory values in pages):\n"
      "[ 100.1] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[ 100.2] [    563]     0   563    27629      590   110592\n"
      "     57             0 irqbalance\n"
      "[ 100.3] [    566]     0   566   125896     1149   352256\n"
      "     318             0 udisksd\n"
      "[...]\n"
      "[ 100.4] Out of memory: Killed process 566 (udisksd) total-vm:503584kB, anon-rss:4596kB, file-rss:0kB, "
      "shmem-rss:0kB, UID:0 pgtables:344kB oom_score_adj:0\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 2u);
  EXPECT_EQ(ev[0].tasks[1].comm, "udisksd");
  EXPECT_EQ(ev[0].tasks[1].swap_bytes.value_or(0), 318u * 4096);
  EXPECT_EQ(ev[0].tasks[1].pgtables_bytes.value_or(0), 352256u);
  EXPECT_EQ(ev[0].tasks[1].oom_score_adj.value_or(-1), 0);
}

TEST(PendingMangles, ColourEscapesMakeNoLineAQuotedPrintableSoftBreak) {
  // 281 through dmesg_color: 2.6.24's `=======================` line after the
  // stack ends in `=`; its colour escapes made it long enough to read as a
  // soft break, joining the `Mem-info:` line to it (and a host from it).
  const std::string g = "\x1b[32m", z = "\x1b[0m";
  auto ev = parse_log_text(g + "... kernel: [430837.193448] " + z + g + "Xorg invoked oom-killer: " + z +
                           "gfp_mask=0x2d0, order=0, oomkilladj=0\n" + g + "... kernel: [430837.196256] " + z +
                           " =======================\n" + g + "... kernel: [430837.196260] " + z + "Mem-info:\n" + g +
                           "... kernel: [430837.196295] " + z + "Free swap  = 9844180kB\n" + g +
                           "... kernel: [430837.196296] " + z + "Total swap = 9863440kB\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_FALSE(ev[0].host);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->total_swap_bytes.value_or(0), 9863440ull * 1024);
}

TEST(PendingMangles, ALineEndingInTwoEqualsSignsIsNoSoftBreak) {
  // 281 and 237 through rfc5424: behind a long prefix, 2.6.24's
  // `=======================` line is 60 columns or more; quoted-printable
  // writes a '=' of the text as `=3D`, so it is the text's, not a soft break.
  const std::string p = "<4>1 2024-05-07T21:43:10.196256+00:00 host01 kernel - - - [430837.1962";
  auto ev = parse_log_text(p + "48] Xorg invoked oom-killer: gfp_mask=0x2d0, order=0, oomkilladj=0\n" + p +
                           "56]  =======================\n" + p + "60] Mem-info:\n" + p +
                           "95] Free swap  = 9844180kB\n" + p + "96] Total swap = 9863440kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->total_swap_bytes.value_or(0), 9863440ull * 1024);
}

TEST(PendingMangles, ASummaryCutAfterTheConstraintsCommaKeepsTheConstraintsName) {
  // 243 through flowed72: the poster's wrapped `oom-kill:` summary, soft-broken
  // again, ends `…constraint=CONSTRAINT_MEMCG,` where its rest is lost.
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_MEMCG,", s));
  EXPECT_EQ(s.constraint.value_or(""), "CONSTRAINT_MEMCG");
}

TEST(PendingMangles, ARowCutBeforeItsNumbersIsNoWrappedRestOfTheRowBefore) {
  // 221 through strip_prefix: rows alone, as wide as a hard wrap would make
  // them (a 15-byte comm ends each), then a row a viewer cut after its tgid.
  // That row starts a row of its own: it is not the rest of the one before
  // (comm `gvfs-udisks2-vo[  24463]  1000 24463`).
  const std::string row = "  1000 24455   144880     1132        0     1132         0   196608      608           200 ";
  std::string text;
  for (int pid = 24451; pid <= 24458; ++pid) text += "[  " + std::to_string(pid) + "]" + row + "gvfs-udisks2-vo\n";
  auto ev = parse_log_text(text + "[  24463]  1000 24463\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_GE(ev[0].tasks.size(), 8u);
  for (const auto& t : ev[0].tasks) {
    if (t.pid == 24463) continue;
    EXPECT_EQ(t.comm, "gvfs-udisks2-vo") << t.pid;
  }
}

TEST(PendingMangles, AJoinedRowsNameIsNoLongerThanTaskCommLen) {
  // 199 through quoted_printable: newest-first, the row soft-broken before
  // its last columns lies under the kill line, whose last piece (` UID:1000
  // pgtables:41196kB oom_score_adj:0`) was taken as the row's name. A name
  // is at most 15 bytes (TASK_COMM_LEN): those pieces are not one row.
  auto ev = parse_log_text(
      "Jan 09 14:15:16 kernel: Out of memory: Killed process 569725 (uvicorn) tota=\n"
      "l-vm:44099472kB, anon-rss:19645212kB, file-rss:200140kB, shmem-rss:16384kB,=\n"
      " UID:1000 pgtables:41196kB oom_score_adj:0\n"
      "Jan 09 14:15:16 kernel: oom-kill:constraint=3DCONSTRAINT_NONE,nodemask=3D(n=\n"
      "ull),cpuset=3Duser.slice,mems_allowed=3D0,global_oom,task_memcg=3D/user.sli=\n"
      "ce/user-1000.slice/session-1.scope,task=3Duvicorn,pid=3D569725,uid=3D1000\n"
      "Jan 09 14:15:16 kernel: [ 569725]  1000 569725 11024868  4965434 42184704  =\n"
      "   1332             0 uvicorn\n");
  ASSERT_EQ(ev.size(), 1u);
  for (const auto& t : ev[0].tasks) EXPECT_LE(t.comm.size(), 15u) << t.comm;
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "uvicorn");
}


TEST(PendingMangles, NewestFirstAHeaderWithItsBracketCutTakesNoTimeOfALineFedBeforeIt) {
  // 213 through reverse: newest-first, the report's `out_of_memory+` frame
  // is read (and fed) before its header, whose `[` a paste cut: the header
  // (a continuation line, its comm unknown) took that frame's time. Its
  // stamp, cut before its `[` but whole after it, is now read (left8): the
  // header has its own time, 1257.892709, newest-first as forward.
  const std::string text =
      "[ 1257.892727]  out_of_memory+0x1cf/0x500\n"
      "[ 1257.892724]  oom_kill_process.cold+0xb/0x10\n"
      "[ 1257.892722]  dump_header+0x4f/0x1eb\n"
      "[ 1257.892719]  dump_stack+0x6d/0x8b\n"
      "[ 1257.892713] Call Trace:\n"
      "[ 1257.892712] CPU: 0 PID: 16473 Comm: sudo Tainted: P           OE     5.4.0-1097-aws #105\n"
      " 1257.892709] sudo invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0\n";
  auto ev = parse_log_text(text);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].time.monotonic_s.value_or(0), 1257.892709);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "sudo");
  EXPECT_EQ(ev[0].trigger->pid.value_or(0), 16473);
}


TEST(PendingMangles, AHeadersCpusetLineGluedAfterItIsRead) {
  // 355: a page ran a kill, the next header, its ≤4.18 cpuset line and its
  // `Pid:` line into one unprefixed line. The cpuset line glued after the
  // header is read as its own record (as a wrap that breaks before it is).
  auto ev = parse_log_text(
      "Killed process 9682, UID 27, (mysqld) total-vm:47388kB, anon-rss:3744kB, file-rss:80kB httpd invoked "
      "oom-killer: gfp_mask=0x201da, order=0, oom_adj=0, oom_score_adj=0 httpd cpuset=/ mems_allowed=0 Pid: 8911, "
      "comm: httpd Not tainted 2.6.32-279.1.1.el6.i686 #1\n");
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_TRUE(ev[1].trigger);
  EXPECT_EQ(ev[1].trigger->comm, "httpd");
  EXPECT_EQ(ev[1].trigger->oom_score_adj.value_or(-1), 0);
  EXPECT_EQ(ev[1].trigger->cpuset.value_or(""), "/");
  EXPECT_EQ(ev[1].trigger->mems_allowed.value_or(""), "0");
  EXPECT_EQ(ev[1].trigger->pid.value_or(0), 8911);
}


// 346: a paste that starts at a ≤4.18 report's cpuset line (its header not
// copied), a container id in it; the report opens at that line, at its time.
const std::string kHeaderlessStart = "[149865.197435] mongodb-mms-aut cpuset=";
const std::string kContainerId = "66afcc3252c3d29953630b65a51410f972c1b9a2a324f8effe1da6378934a4d8";
const std::string kHeaderlessStack =
    "[149865.197439] CPU: 2 PID: 22101 Comm: mongodb-mms-aut Tainted: G  T 3.10.0-957.10.1.el7.x86_64 #1\n"
    "[149865.197442] Call Trace:\n"
    "[149865.197475]  [<ffffffff8b362e41>] dump_stack+0x19/0x1b\n"
    "[149865.197478]  [<ffffffff8b35d86a>] dump_header+0x90/0x229\n"
    "[149865.197488]  [<ffffffff8adba604>] oom_kill_process+0x254/0x3d0\n"
    "[149865.197509]  [<ffffffff8adbae46>] out_of_memory+0x4b6/0x4f0\n"
    "[149865.197511]  [<ffffffff8b35e36e>] __alloc_pages_slowpath+0x5d6/0x724\n";

TEST(PendingMangles, AHeaderlessReportsCpusetLineWrappedInsideItsIdOpensIt) {
  // Through wrap72: the cpuset line is broken inside the id; rejoined, it is read.
  auto ev = parse_log_text(kHeaderlessStart + kContainerId.substr(0, 30) + "\n" + kContainerId.substr(30) +
                           " mems_allowed=0\n" + kHeaderlessStack);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].time.monotonic_s.value_or(0), 149865.197435);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->cpuset.value_or(""), kContainerId);
  EXPECT_EQ(ev[0].trigger->mems_allowed.value_or(""), "0");
}

TEST(PendingMangles, AHeaderlessReportsCpusetLineAViewerCutOpensItAtItsTime) {
  // Through truncate100_dots: the cut cpuset line gives the report its time, no values.
  auto ev = parse_log_text(kHeaderlessStart + kContainerId.substr(0, 40) + "...\n" + kHeaderlessStack);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].time.monotonic_s.value_or(0), 149865.197435);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_FALSE(ev[0].trigger->cpuset);
  EXPECT_FALSE(ev[0].trigger->mems_allowed);
  EXPECT_EQ(ev[0].trigger->pid.value_or(0), 22101);
}


TEST(PendingMangles, AKillGluedAfterItsSelectionAndWrappedAtASpaceIsRejoined) {
  // 355 through wrap80: `… or sacrifice child Killed ` (the page ran the kill
  // after its selection), then the kill's rest on the next line.
  auto ev = parse_log_text(
      "... Out of memory: Kill process 9682 (mysqld) score 9 or sacrifice child Killed \n"
      "process 9682, UID 27, (mysqld) total-vm:47388kB, anon-rss:3744kB, file-rss:80kB \n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 9682);
  EXPECT_EQ(ev[0].victims[0].total_vm_bytes.value_or(0), 47388u * 1024);
}


TEST(PendingMangles, AKillWithATerminalPadAtItsSpaceIsCutFromTheHeaderGluedAfterIt) {
  // 355 through wrap80_inline_pad: the pad fell after `Killed`; the header
  // glued after the kill's figures is still split from it.
  auto ev = parse_log_text(
      "... Out of memory: Kill process 9682 (mysqld) score 9 or sacrifice child Killed         process 9682, UID 27, "
      "(mysqld) total-vm:47388kB, anon-rss:3744kB, file-rss:80kB httpd invoked oom-killer: gfp_mask=0x201da, "
      "order=0, oom_adj=0, oom_score_adj=0\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].file_rss_bytes.value_or(0), 80u * 1024);
  ASSERT_TRUE(ev[1].trigger);
  EXPECT_EQ(ev[1].trigger->comm, "httpd");
}

TEST(PendingMangles, NewestFirstAPrefixedHeaderCutAfterInvokedOomKillerEndsTheReport) {
  // 216 through reverse: a patch's shortened example read newest-first; its
  // header, cut after `invoked oom-killer`, is read (as forward) as the
  // report's first line, not as a report of its own.
  auto ev = parse_log_text(
      "[  396.264068] Out of memory: Killed process 2614 (mem_on_node0)\n"
      "[  396.252655] oom-kill:constraint=CONSTRAINT_CPUSET,nodemask=(null),cpuset=test,mems_allowed=0\n"
      "[  396.246128] [   2614]     0  2614  1311294  1144192  9224192        0             0 mem_on_node0\n"
      "[  396.239777] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[  395.922444] mem_on_node0 invoked oom-killer\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].time.monotonic_s.value_or(0), 395.922444);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "mem_on_node0");
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 2614);
  EXPECT_EQ(ev[0].tasks.size(), 1u);
}

TEST(PendingMangles, ARowAfterTheKillWithNoTableHeaderSinceIsTheNextReports) {
  // 371 through strip_prefix (and every mangler that drops the printk
  // stamps): rows, the selection, kill and reaper of one report, then the
  // next report's rows (its header not pasted) and selection. dump_tasks()
  // prints before the outcome: those rows are the next report's.
  const std::string p = "Apr 30 16:34:37 host01 kernel: ", q = "Apr 30 17:51:44 host01 kernel: ";
  auto ev = parse_log_text(
      p + "[15889]     0 15889  1279984  1257390 10313728        0             0 ytmdl\n" + p +
      "[18946]     0 18946  1099410  1071958  8814592        0             0 ytmdl\n" + p +
      "Out of memory: Kill process 15889 (ytmdl) score 279 or sacrifice child\n" + p +
      "Killed process 15889 (ytmdl) total-vm:5119936kB, anon-rss:5029560kB, file-rss:0kB, shmem-rss:0kB\n" + p +
      "oom_reaper: reaped process 15889 (ytmdl), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n" + q +
      "[18946]     0 18946  1941759  1787844 15519744   119762             0 ytmdl\n" + q +
      "[22516]     0 22516  1715730  1681366 13705216        0             0 ytmdl\n" + q +
      "Out of memory: Kill process 18946 (ytmdl) score 424 or sacrifice child\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].tasks.size(), 2u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 15889);
  ASSERT_EQ(ev[1].tasks.size(), 2u);
  EXPECT_EQ(ev[1].tasks[0].pid, 18946);
  EXPECT_EQ(ev[1].tasks[0].rss_bytes.value_or(0), 1787844ull * 4096);
}

TEST(PendingMangles, NewestFirstALoneRowAfterProseTellsNoOrder) {
  // 377 through reverse: a kill line, the poster's prose, then a lone
  // pre-4.19 row (no table header). Read forward the row, prose between it
  // and the kill, is not the kill's (look_back()); newest-first neither.
  const std::string p = "Aug 18 03:19:11 host01 kernel: ";
  auto ev = parse_log_text(p + "Killed process 7748 (python) total-vm:12907828kB, anon-rss:11500204kB, file-rss:0kB\n"
                               "\n"
                               "and this:\n"
                               "\n" +
                           p + "[ 7747]     0  7748  3226957  2875051    5692        0             0 python\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].tasks.empty());
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_FALSE(ev[0].victims[0].oom_score_adj);
}

TEST(PendingMangles, ASelectionLineWrappedBeforeItsPidIsNotAnotherReport) {
  // 371 through wrap72: the selection wrapped inside `Kill process` (or its
  // pid) is read whole when the order is decided, so its kill is its own
  // (print order), not an older report's read newest-first with the next
  // report's rows after the reaper.
  const std::string p = "Apr 30 16:34:37 host01 kernel: [17323087.56118", q = "Apr 30 17:51:44 host01 kernel: [17327712.61579";
  auto ev = parse_log_text(
      p + "3] [15889]     0 15889  1279984  1257390 10313728        0             0 ytmdl\n" + p +
      "5] [18946]     0 18946  1099410  1071958  8814592        0             0 ytmdl\n" + p +
      "8] Out of memory: Kill pro\n"
      "cess 15889 (ytmdl) score 279 or sacrifice child\n" +
      p + "9] Killed process 15889 (ytmdl) total-vm:5119936kB, anon-rss:5029560kB, file-rss:0kB, shmem-rss:0kB\n" + p +
      "9] oom_reaper: reaped process 15889 (ytmdl), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n" + q +
      "2] [18946]     0 18946  1941759  1787844 15519744   119762             0 ytmdl\n" + q +
      "4] [22516]     0 22516  1715730  1681366 13705216        0             0 ytmdl\n" + q +
      "6] Out of memory: Kill process 18946 (ytmdl) score 424 or sacrifice child\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  EXPECT_EQ(ev[0].tasks.size(), 2u);
  EXPECT_EQ(ev[0].time.monotonic_s.value_or(0), 17323087.561188);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 15889);
  EXPECT_EQ(ev[1].tasks.size(), 2u);
}

TEST(PendingMangles, NewestFirstAKillThenItsHeaderBeforeAnOlderReportIsOneReport) {
  // 304 through reverse: an excerpt of two memcg OOMs three days apart
  // (header and kill each, `...` between), reversed. The newest kill, then
  // its header, not stamped later, with no body of its own after it: one
  // report newest-first, not a kill alone and a header read with the older
  // report's kill.
  auto ev = parse_log_text(
      "Mar 20 03:00:55 xxx kernel: Memory cgroup out of memory: Killed process 37685 (qemu-system-x86) "
      "total-vm:19403216kB, anon-rss:16439716kB, file-rss:24368kB, shmem-rss:4kB, UID:107 pgtables:33732kB "
      "oom_score_adj:990\n"
      "Mar 20 03:00:55 xxx kernel: virt-launcher invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, "
      "oom_score_adj=990\n"
      "...\n"
      "Mar 17 13:06:36 xxx kernel: Memory cgroup out of memory: Killed process 15621 (qemu-system-x86) "
      "total-vm:17962836kB, anon-rss:15698676kB, file-rss:24744kB, shmem-rss:4kB, UID:107 pgtables:31552kB "
      "oom_score_adj:990\n"
      "Mar 17 13:06:36 xxx kernel: CPU 1/KVM invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, "
      "oom_score_adj=990\n",
      ScanOptions{"304", 2024});  // classic syslog stamps give a wall time only with a year
  ASSERT_EQ(ev.size(), 2u);
  for (const auto& e : ev) {
    ASSERT_TRUE(e.trigger);
    ASSERT_EQ(e.victims.size(), 1u);
    EXPECT_EQ(e.victims[0].pid == 37685 ? "virt-launcher" : "CPU 1/KVM", e.trigger->comm);
  }
}

TEST(PendingMangles, AKillThenTheNextHeaderAndItsKillWithoutStampsIsPrintOrder) {
  // 304 through strip_prefix: the same excerpt in print order, no stamps.
  // After the first kill, a header straight followed by a kill is a report
  // cut to those two lines: only stamps running back from the header to that
  // kill would say newest-first.
  auto ev = parse_log_text(
      "CPU 1/KVM invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=990\n"
      "Memory cgroup out of memory: Killed process 15621 (qemu-system-x86) total-vm:17962836kB, "
      "anon-rss:15698676kB, file-rss:24744kB, shmem-rss:4kB, UID:107 pgtables:31552kB oom_score_adj:990\n"
      "...\n"
      "virt-launcher invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=990\n"
      "Memory cgroup out of memory: Killed process 37685 (qemu-system-x86) total-vm:19403216kB, "
      "anon-rss:16439716kB, file-rss:24368kB, shmem-rss:4kB, UID:107 pgtables:33732kB oom_score_adj:990\n");
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 15621);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "CPU 1/KVM");
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].pid, 37685);
  ASSERT_TRUE(ev[1].trigger);
  EXPECT_EQ(ev[1].trigger->comm, "virt-launcher");
}

TEST(PendingMangles, NewestFirstAKillThenAHeaderCutAfterInvokedIsOneReport) {
  // 227 through reverse: time-only stamps, a header cut after `invoked
  // oom-killer`, then its kill, reversed: the kill, then the header with
  // nothing after it. One report, the header its trigger.
  auto ev = parse_log_text(
      "04:36:00 kernel: Out of memory: Killed process 231848 (containarium)\n"
      "04:35:56 kernel: sshpiperd invoked oom-killer\n"
      "```\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "sshpiperd");
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 231848);
}

TEST(PendingMangles, AFrameAfterAHeaderIsItsBody) {
  // 269 through strip_prefix: a kill, then the next report's header and one
  // frame its poster kept (` oom_kill_process.cold+0x8/0x87`): the frame is
  // the header's body, so print order: the kill is not that header's.
  auto ev = parse_log_text(
      "Memory cgroup out of memory: Killed process 3777481 (pulse) total-vm:15395264kB, anon-rss:10461592kB, "
      "file-rss:10236kB, shmem-rss:0kB, UID:100999 pgtables:22784kB oom_score_adj:0\n"
      "pulse invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      " oom_kill_process.cold+0x8/0x87\n");
  ASSERT_GE(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 3777481);
  EXPECT_FALSE(ev[0].trigger);
}

TEST(PendingMangles, NewestFirstMemcgLinesThenTheirHeaderAreOneReportWithoutAnOutcome) {
  // 310 through reverse: three excerpts of header, `Task in` and `memory:`
  // (or a zone line) between a page's prose, reversed. No outcome tells the
  // order and no line before each excerpt does: the lines after it do,
  // `Task in` after `memory:` (print order puts it before), or the header
  // after `Task in`, not stamped later, with no body of its own after it.
  auto ev = parse_log_text(
      "[Sat Sep 11 12:24:42 2021] Node 0 DMA32 free:155160kB min:152412kB low:190512kB high:228612kB\n"
      "[Sat Sep 11 12:24:42 2021] Task in /user.slice killed as a result of limit of host\n"
      "[Sat Sep 11 12:24:42 2021] test invoked oom-killer: gfp_mask=0x62****(GFP_HIGHUSER_MOVABLE|__GFP_ZERO), "
      "nodemask=(null), order=0,\n"
      "An instance does not have sufficient memory.\n"
      "\n"
      "[Fri Sep 10 16:15:14 2021] memory: usage 204800kB, limit 204800kB, failcnt 1607\n"
      "[Fri Sep 10 16:15:14 2021] Task in /mm_test/2 killed as a result of limit of /mm_test\n"
      "[Fri Sep 10 16:15:14 2021] test invoked oom-killer: gfp_mask=0x240****(GFP_KERNEL), nodemask=0, order=0, "
      "oom_score_adj=0\n"
      "A parent cgroup does not have sufficient memory.\n");
  ASSERT_EQ(ev.size(), 2u);
  for (const auto& e : ev) {
    ASSERT_TRUE(e.trigger);
    EXPECT_EQ(e.trigger->comm, "test");
  }
  // Each excerpt's memcg facts stay with its own header: the Fri one's failcnt, none for Sat's.
  const auto& fri = ev[0].time.wall.value_or("") < ev[1].time.wall.value_or("") ? ev[0] : ev[1];
  const auto& sat = &fri == &ev[0] ? ev[1] : ev[0];
  EXPECT_EQ(fri.time.wall.value_or("").substr(0, 10), "2021-09-10");
  ASSERT_TRUE(fri.memcg);
  EXPECT_EQ(fri.memcg->failcnt.value_or(0), 1607u);
  EXPECT_TRUE(!sat.memcg || !sat.memcg->failcnt);
}

TEST(PendingMangles, TaskInThenTheNextReportsHeaderWithItsBodyIsPrintOrder) {
  // The rule above needs the header bodiless: here the header after `Task
  // in` is followed by its own `Task in`, so print order (the first report's
  // tail, then the next report).
  auto ev = parse_log_text(
      "[Fri Sep 10 16:15:14 2021] Task in /mm_test/2 killed as a result of limit of /mm_test\n"
      "[Fri Sep 10 16:15:14 2021] memory: usage 204800kB, limit 204800kB, failcnt 1607\n"
      "[Fri Sep 10 16:15:14 2021] test invoked oom-killer: gfp_mask=0x240****(GFP_KERNEL), nodemask=0, order=0, "
      "oom_score_adj=0\n"
      "[Fri Sep 10 16:15:14 2021] Task in /mm_test killed as a result of limit of /mm_test\n"
      "[Fri Sep 10 16:15:14 2021] memory: usage 204800kB, limit 204800kB, failcnt 26\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_FALSE(ev[0].trigger);
  ASSERT_TRUE(ev[0].memcg);
  EXPECT_EQ(ev[0].memcg->failcnt.value_or(0), 1607u);
  ASSERT_TRUE(ev[1].trigger);
  ASSERT_TRUE(ev[1].memcg);
  EXPECT_EQ(ev[1].memcg->failcnt.value_or(0), 26u);
}

TEST(PendingMangles, AnUnprefixedHeaderCutAfterTheOutcomeEndsTheReport) {
  // 216 through strip_prefix: two examples, each a header cut after
  // `invoked oom-killer`, its table, summary and kill, prose between. The
  // unprefixed stump opens no report, but after the first kill it ends it:
  // the second table is not the first report's.
  auto ev = parse_log_text(
      "mem_on_node0 invoked oom-killer\n"
      "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[  13432]     0 13432   787016   786745  6344704        0             0 mem_on_node1\n"
      "[  13457]     0 13457   787002   785504  6340608        0             0 mem_on_node0\n"
      "oom-kill:constraint=CONSTRAINT_CPUSET,nodemask=(null),cpuset=test,mems_allowed=0\n"
      "Out of memory: Killed process 13432 (mem_on_node1)\n"
      "```\n"
      "\n"
      "After this patch:\n"
      "\n"
      "```\n"
      "mem_on_node0 invoked oom-killer\n"
      "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
      "[   2614]     0  2614  1311294  1144192  9224192        0             0 mem_on_node0\n"
      "oom-kill:constraint=CONSTRAINT_CPUSET,nodemask=(null),cpuset=test,mems_allowed=0\n"
      "Out of memory: Killed process 2614 (mem_on_node0)\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].tasks.size(), 2u);
  ASSERT_EQ(ev[1].tasks.size(), 1u);
  EXPECT_EQ(ev[1].tasks[0].pid, 2614);
}

TEST(PendingMangles, AJoinedRecordSplitsAfterACommWithADot) {
  // 414 through join_records: a row whose 15-byte comm holds a dot and a
  // capital (`qubes.SetMonito`) with the next syslog record glued after it.
  // `SetMonitoMay` is no month word (`set`, Portuguese September), so the
  // record is split at `May`, and the comm keeps its whole name.
  auto ev = parse_log_text(
      "May  7 21:43:21 host1 kernel: Tasks state (memory values in pages):\n"
      "May  7 21:43:21 host1 kernel: [  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem "
      "pgtables_bytes swapents oom_score_adj name\n"
      "May  7 21:43:21 host1 kernel: [    979]  1000   979     1138      531       64      467         0    "
      "49152        0             0 qubes.SetMonitoMay  7 21:43:21 host1 kernel: [   1026]  1000  1026     "
      "6132     2459      480     1979         0    90112        0             0 Xorg\n"
      "May  7 21:43:21 host1 kernel: Out of memory: Killed process 1026 (Xorg) total-vm:24528kB, "
      "anon-rss:1920kB, file-rss:7916kB, shmem-rss:0kB, UID:1000 pgtables:88kB oom_score_adj:0\n",
      {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 2u);
  EXPECT_EQ(ev[0].tasks[0].comm, "qubes.SetMonito");
  EXPECT_EQ(ev[0].tasks[1].comm, "Xorg");
}

TEST(PendingMangles, AKillRecordGluedAfterTheFirstAndBrokenByAPadLeavesPrintedTwiceUnknown) {
  // 255 through wrap80_inline_pad: a page joined both copies of a 2.6 kill line into one line; a pad broke
  // the second copy's stamp, so it is not split off: whether the line was printed twice is unknown (null).
  auto ev = parse_log_text(
      "Jul 19 05:19:24 host01 kernel: Out of Memory: Killed process 2368 (jserver). Jul         19 05:19:24 "
      "host01 kernel: Out of Memory: Killed process 2368 (jserver).\n",
      {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "jserver");
  EXPECT_FALSE(ev[0].victims[0].printed_twice.has_value());
  // Both copies split and read: printed twice.
  ev = parse_log_text(
      "Jul 19 05:19:24 host01 kernel: Out of Memory: Killed process 2368 (jserver). Jul 19 05:19:24 "
      "host01 kernel: Out of Memory: Killed process 2368 (jserver).\n",
      {});
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].printed_twice, true);
  // A kill line read whole with another record after it: printed once.
  ev = parse_log_text(
      "Jul 19 05:19:24 host01 kernel: Out of Memory: Killed process 2368 (jserver).\n"
      "Jul 19 05:19:24 host01 kernel: OOM kill occurred on an x86_64 NUMA system!\n",
      {});
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].printed_twice, false);
}

TEST(PendingMangles, AKillLineCutAfterItsRecordLeavesPrintedTwiceUnknown) {
  // 255 through truncate100_dots: the viewer cut the line inside the glued second copy's prefix.
  auto ev = parse_log_text(
      "Jul 19 05:19:24 host01 kernel: Out of Memory: Killed process 2368 (jserver). Jul 19 05:19:24 host...\n", {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_FALSE(ev[0].victims[0].printed_twice.has_value());
  // Through truncate120_ellipsis: the glued record is split off, cut inside its message.
  ev = parse_log_text(
      "Jul 19 05:19:24 host01 kernel: Out of Memory: Killed process 2368 (jserver). Jul 19 05:19:24 host01 kernel: "
      "Out of Memo…\n",
      {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_FALSE(ev[0].victims[0].printed_twice.has_value());
  // A cut line after the kill's own (its copy would be whole there, or cut at its figures): printed once.
  ev = parse_log_text(
      "Jul 19 05:19:24 host01 kernel: Out of Memory: Killed process 2368 (jserver).\n"
      "Jul 19 05:19:24 host01 kernel: OOM kill occurred on an x86_64 NUMA sy...\n",
      {});
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].printed_twice, false);
}

TEST(PendingMangles, RecordsRunTogetherRejoinAWrappedCommWithoutASpace) {
  // 255 through wrap72 and flowed72: records glued on one line, then hard-wrapped at 72 columns inside the
  // comm (`(jserv` + `er).`) or format=flowed-broken after `process ` (its trailing space kept): rejoined,
  // the comm is whole and the second copy reads as a kill again.
  const std::string wrapped =
      "When running memory intensive application(s), the kernel reports the fol\n"
      "lowing error messages in /var/log/messages:\n"
      "Jul 19 05:19:24 host01 kernel: Out of Memory: Killed process 2368 (jserv\n"
      "er). Jul 19 05:19:24 host01 kernel: Out of Memory: Killed process 2368 (\n"
      "jserver). Jul 19 05:19:24 host01 kernel: OOM kill occurred on an x86_64 \n"
      "NUMA system! Jul 19 05:19:24 host01 kernel: The numa=off boot option mig\n"
      "ht help avoid this.\n";
  auto ev = parse_log_text(wrapped, {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "jserver");
  EXPECT_EQ(ev[0].victims[0].printed_twice, true);
  const std::string flowed =
      "When running memory intensive application(s), the kernel reports the \n"
      "following error messages in /var/log/messages:\n"
      "Jul 19 05:19:24 host01 kernel: Out of Memory: Killed process 2368 \n"
      "(jserver). Jul 19 05:19:24 host01 kernel: Out of Memory: Killed process \n"
      "2368 (jserver). Jul 19 05:19:24 host01 kernel: OOM kill occurred on an \n"
      "x86_64 NUMA system! Jul 19 05:19:24 host01 kernel: The numa=off boot \n"
      "option might help avoid this.\n";
  ev = parse_log_text(flowed, {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].comm, "jserver");
  EXPECT_EQ(ev[0].victims[0].printed_twice, true);
}

TEST(PendingMangles, AHeaderlessRowWithAPadInsideANumberIsNoNrPtesRow) {
  // 222 through wrap80_inline_pad: 4.19+ rows alone (no header), each with a terminal's pad inside its
  // swapents, so eight numbers, the count of a pre-4.19 nr_ptes/nr_pmds row. A pgtables_bytes figure
  // (a multiple of 4096, more than total_vm / 256 page tables) is no nr_ptes: past rss, no figure is read.
  auto ev = parse_log_text(
      "[  100.1] [   2665]     0  2665    55756      339    77824       6        8             0 crond\n"
      "[  100.1] [   3132]     0  3132    54792        0    57344       3        3             0 agetty\n"
      "[  100.1] [  86682]     0 86682   893460     3496   516096     643        1          -999 containerd\n",
      {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 3u);
  for (const auto& t : ev[0].tasks) {
    EXPECT_FALSE(t.pgtables_bytes) << t.comm;
    EXPECT_FALSE(t.swap_bytes) << t.comm;
    EXPECT_FALSE(t.oom_score_adj) << t.comm;
  }
  EXPECT_EQ(ev[0].tasks[0].total_vm_bytes.value_or(0), 55756u * 4096);
  EXPECT_EQ(ev[0].tasks[2].rss_bytes.value_or(0), 3496u * 4096);
  // A pre-4.19 row's own nr_ptes (a few pages of page tables) still reads as nr_ptes.
  ev = parse_log_text(
      "[  100.1] [  563]     0   563    27629      590      53        3       57             0 irqbalance\n"
      "[  100.1] [  566]     0   566   125896     1149      86        4      318             0 udisksd\n"
      "[  100.1] [  570]     0   570    31595      151      18        3      100             0 crond\n",
      {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 3u);
  EXPECT_EQ(ev[0].tasks[0].swap_bytes.value_or(0), 57u * 4096);
  EXPECT_EQ(ev[0].tasks[0].oom_score_adj.value_or(-1), 0);
}

TEST(PendingMangles, ANamelessRowShorterThanItsTableKeepsItsFirstFourFiguresOnly) {
  // 253 through wrap80_inline_pad: each row has a terminal's pad inside its pgtables_bytes (one number more
  // than the header names); the last row, cut before its name, has as many numbers as the header names
  // (`327        680       86`: one split, one cut). Fewer than the table's other rows: where it was cut is
  // unknown, and its swapents is never read as its oom_score_adj.
  const std::string p = "May 16 21:02:24 localhost kernel: ";
  auto ev = parse_log_text(
      p + "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n" +
      p + "[ 912894]     0 912894       52        0   393        216       14         -1000 oom02\n" +
      p + "[ 912895]     0 912895       52        0   393        216       17         -1000 oom02\n" +
      p + "[ 913199]     0 913199     4465       38   393        216      122             0 sssd_be\n" +
      p + "[ 913201]   997 913201    39822       84   786        432       78             0 polkitd\n" +
      p + "[ 913203]     0 913203     4982        0   327        680       86\n",
      {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 5u);
  const auto& cut = ev[0].tasks[4];
  EXPECT_EQ(cut.pid, 913203);
  EXPECT_EQ(cut.total_vm_bytes.value_or(0), 4982u * 4096);
  EXPECT_FALSE(cut.oom_score_adj);
  EXPECT_FALSE(cut.pgtables_bytes);
  EXPECT_FALSE(cut.swap_bytes);
  // Without pads, a row cut before its name with fewer numbers than the header keeps its first four too.
  ev = parse_log_text(p + "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n" +
                          p + "[ 913201]   997 913201    39822       84   786432       78             0 polkitd\n" +
                          p + "[ 913203]     0 913203     4982        0   327680       86\n",
                      {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 2u);
  EXPECT_EQ(ev[0].tasks[1].rss_bytes.value_or(1), 0u);
  EXPECT_FALSE(ev[0].tasks[1].pgtables_bytes);
  EXPECT_FALSE(ev[0].tasks[1].oom_score_adj);
}

TEST(PendingMangles, ATableHeaderGluedAfterAnEmptyRecordOpensTheRowsReport) {
  // 253 through join_records: a blank line's prefix with the table header's record glued after it; the rows
  // (an elision between) open the report at the header and keep the order they were printed in, not by pid.
  const std::string p = "May  7 21:44:40 host1 kernel: ";
  auto ev = parse_log_text(
      p + p + "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n" +
      p + "[   1211]     0  1211      544        6   327680      107         -1000 systemd-udevd\n" +
      p + "[2343580]     0 2343580     1014      124   393216       78          -250 systemd-journal\n" +
      p + "[ 912894]     0 912894       52        0   393216       14         -1000 oom02\n",
      {});
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 3u);
  EXPECT_EQ(ev[0].tasks[1].pid, 2343580);
  EXPECT_EQ(ev[0].tasks[2].pid, 912894);
  EXPECT_EQ(ev[0].tasks[1].oom_score_adj.value_or(0), -250);
}

TEST(PendingMangles, AHeaderThenAPosterParagraphIsAHeaderOnlyExcerpt) {
  // 358 through reverse: a header with masked values, the poster's prose
  // (a paragraph after a blank line), then kill lines of another excerpt.
  // Nothing of the header's report follows it: the kills are not its, and
  // each is read alone (newest-first they are older; forward unknown).
  const std::string p = "Jun 1XX:XX:XX hostname kernel: ";
  auto ev = parse_log_text("Jun 1 XX:XX:XX hostname kernel: httpd invoked oom-killer: gfp_mask=XXXXXX, order=X, oomkilladj=X\n"
                           "# log\n"
                           "\n"
                           "grep 'invoked oom-killer' /var/log/messages\n"
                           "\n" +
                           p + "Out of memory: Killed process 15646, UID 26, (httpd).\n" + p +
                           "Out of memory: Killed process 15645, UID 26, (postmaster).\n");
  ASSERT_EQ(ev.size(), 3u);
  EXPECT_EQ(ev[0].kind, EventKind::incomplete);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "httpd");
  EXPECT_FALSE(ev[1].trigger);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].pid, 15646);
}

TEST(PendingMangles, AHeaderCutBeforeItsFieldsKeepsItsRestAfterABlankLine) {
  // 235 through short_monotonic: a header cut after `invoked oom-killer:`
  // has its rest to come (`gfp_mask=0xd0, order=0, oom_adj=0`, quoted and
  // re-flowed): a blank line before that rest ends no excerpt.
  auto ev = parse_log_text("[78748.106803] X invoked oom-killer:\n"
                           "\n"
                           "gfp_mask=0xd0, order=0, oom_adj=0\n"
                           "[78748.121334] Killed process 2385 (mysqld)\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].trigger);
  EXPECT_EQ(ev[0].trigger->comm, "X");
  ASSERT_EQ(ev[0].victims.size(), 1u);
}

TEST(PendingMangles, AHeaderThenItsUnprefixedTraceAfterABlankLineKeepsItsBody) {
  // 308: the header, a blank `kernel: ` line, `kernel: Call Trace:`, then
  // unprefixed frames: its body, not a poster's paragraph.
  auto ev = parse_log_text("kernel: httpd invoked oom-killer: gfp_mask=0x201d2, order=0, oomkilladj=0\n"
                           "kernel: \n"
                           "kernel: Call Trace:\n"
                           "[<ffffffff800c3a6a>] out_of_memory+0x8e/0x2f5\n"
                           "[<ffffffff8000f2eb>] __alloc_pages+0x245/0x2ce\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_TRUE(ev[0].trigger);
  EXPECT_TRUE(ev[0].constraint);
}

TEST(PendingMangles, NewestFirstAKillBrokenAtASpaceHasItsRestBeforeIt) {
  // 215 through reverse: a format=flowed kill line broken after `Killed `
  // and inside its sizes, read newest-first: its two pieces lie before it,
  // the `oom-kill:` summary (no line's rest: it starts its record) and that
  // summary's prefix alone after it.
  auto ev = parse_log_text(
      "file-rss:1024kB, shmem-rss:0kB, UID:0 pgtables:3904kB oom_score_adj:0\n"
      "process 1968 (memkiller) total-vm:2099436kB, anon-rss:1971712kB, \n"
      "Apr  4 09:08:53 host04 kernel: [   65.481992] Out of memory: Killed \n"
      "oom-kill:constraint=CONSTRAINT_CPUSET,nodemask=(null),cpuset=test,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice/user-0.slice/session-4.scope,task=memkiller,pid=1968,uid=0\n"
      "[   65.470256] \n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  EXPECT_EQ(ev[0].time.monotonic_s.value_or(0), 65.470256);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 1968);
  EXPECT_EQ(ev[0].victims[0].comm, "memkiller");
}

TEST(PendingMangles, NewestFirstTheStampsTellWhichSideAnOpenVzKillsRestLies) {
  // 351 through reverse: OpenVZ records wrapped after `OOM `, each rest a
  // `killed process …` line by itself, read newest-first: a stump's rest
  // lies before it, and the line after it is the older record's. The next
  // prefixed line stamped earlier says so; each kill keeps its own time.
  const std::string p = "Nov 24 12:17:07 hwnode kernel: [758957.803617] ", q = "Nov 24 12:17:04 hwnode kernel: [758955.653313] ";
  auto ev = parse_log_text("killed process 21747 (php-cgi) score 0 vm:281988kB, rss:17008kB, swap:0kB\n" + p +
                           "Out of memory in UB 1234: OOM \n"
                           "killed process 21738 (php-cgi) score 0 vm:281988kB, rss:17004kB, swap:0kB\n" +
                           q + "Out of memory in UB 1234: OOM \n");
  ASSERT_EQ(ev.size(), 2u);
  for (const auto& e : ev) {
    ASSERT_EQ(e.victims.size(), 1u);
    const double want = e.victims[0].pid == 21747 ? 758957.803617 : 758955.653313;
    EXPECT_EQ(e.time.monotonic_s.value_or(0), want) << e.victims[0].pid.value_or(0);
    EXPECT_EQ(e.victims[0].message.value_or(""), "Out of memory in UB 1234");
  }
}

TEST(PendingMangles, ForwardTheSameRecordsKeepTheirRestAfterThem) {
  // 351 as printed: the stamps run forward, so each rest is the line after.
  const std::string p = "Nov 24 12:17:04 hwnode kernel: [758955.653313] ", q = "Nov 24 12:17:07 hwnode kernel: [758957.803617] ";
  auto ev = parse_log_text(p + "Out of memory in UB 1234: OOM \n"
                               "killed process 21738 (php-cgi) score 0 vm:281988kB, rss:17004kB, swap:0kB\n" +
                           q + "Out of memory in UB 1234: OOM \n"
                               "killed process 21747 (php-cgi) score 0 vm:281988kB, rss:17008kB, swap:0kB\n");
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 21738);
  EXPECT_EQ(ev[0].time.monotonic_s.value_or(0), 758955.653313);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].pid, 21747);
}

TEST(PendingMangles, ABareStumpTakesAKillThatPrintsNoMessageAsItsRest) {
  // 351 through strip_prefix (and 387, 314 through wraps): a line that is no
  // record, then a kill or selection that prints no message of its own: the
  // two give it the kernel's message.
  auto ev = parse_log_text("Out of memory in UB 1234: OOM \n"
                           "killed process 21738 (php-cgi) score 0 vm:281988kB, rss:17004kB, swap:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].message.value_or(""), "Out of memory in UB 1234");
}

TEST(PendingMangles, NewestFirstAKillCutByAWrapTakesTheRestBeforeItNotTheOlderRecordsAfterIt) {
  // 542 through reverse: the kill line, a record by itself but wrapped inside
  // `oom_scor` + `e_adj:0`, and the `oom-kill:` summary wrapped inside its
  // oom_memcg path, read newest-first: each rest lies before its line. The
  // kill's rest is `e_adj:0` (not the summary's rest after it, nor a show_mem
  // piece), so the summary and the kill are one report.
  auto ev = parse_log_text(
      "e_adj:0\n"
      "[ 7096.161121] Memory cgroup out of memory: Killed process 79699 (php-fpm) total-vm:568056kB, "
      "anon-rss:107940kB, file-rss:11516kB, shmem-rss:6280kB, UID:1000 pgtables:524kB oom_scor\n"
      "92f9,task_memcg=/docker/fd92d65e92f9,task=php-fpm,pid=79699,uid=1000\n"
      "[ 7096.161113] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=fd92d65e92f9,mems_allowed=0,"
      "oom_memcg=/docker/fd92d65e\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 79699);
  EXPECT_EQ(ev[0].victims[0].oom_score_adj.value_or(-1), 0);
  ASSERT_TRUE(ev[0].memcg.has_value());
  EXPECT_EQ(ev[0].memcg->oom_memcg.value_or(""), "/docker/fd92d65e92f9");
  EXPECT_EQ(ev[0].time.monotonic_s.value_or(0), 7096.161113);
}

TEST(PendingMangles, InitsPanicAfterTheKillsIsTheReportsOutcome) {
  // 545 re-prefixed (its printk caller ids gone): `Attempted to kill init!`
  // after a group kill that took pid 1 is do_exit()'s panic, init dying of
  // this kill: the report's, with caller ids or not (another panic ends it).
  auto ev = parse_log_text(
      "[   37.123371] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/test1,"
      "task_memcg=/test1,task=a.out,pid=9188,uid=0\n"
      "[   37.128158] Memory cgroup out of memory: Killed process 9188 (a.out) total-vm:14456kB, anon-rss:10324kB, "
      "file-rss:504kB, shmem-rss:0kB\n"
      "[   37.132710] Tasks in /test1 are going to be killed due to memory.oom.group set\n"
      "[   37.135498] Memory cgroup out of memory: Killed process 1 (systemd) total-vm:43400kB, anon-rss:1228kB, "
      "file-rss:3992kB, shmem-rss:0kB\n"
      "[   37.351843] Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000008b\n"
      "[   37.354833] CPU: 7 PID: 1 Comm: systemd Kdump: loaded Not tainted 5.0.0-rc4-next-20190131 #280\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].victims.size(), 2u);
  EXPECT_EQ(ev[0].panic_message.value_or(""), "Attempted to kill init! exitcode=0x0000008b");
}

TEST(PendingMangles, NewestFirstAGroupKillsOtherKillsAndReapersAreOneReport) {
  // 545 through reverse: the memory.oom.group kills and the reaper's lines
  // come before the `Tasks in … memory.oom.group set` line, then the chosen
  // victim's kill and its summary: one report, not one per reaped kill.
  auto ev = parse_log_text(
      "[   37.227667] oom_reaper: reaped process 9192 (a.out), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n"
      "[   37.218860] Memory cgroup out of memory: Killed process 9192 (a.out) total-vm:14456kB, anon-rss:1080kB, "
      "file-rss:512kB, shmem-rss:0kB\n"
      "[   37.212317] oom_reaper: reaped process 9190 (a.out), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n"
      "[   37.158733] Memory cgroup out of memory: Killed process 9190 (a.out) total-vm:14456kB, anon-rss:552kB, "
      "file-rss:512kB, shmem-rss:0kB\n"
      "[   37.132710] Tasks in /test1 are going to be killed due to memory.oom.group set\n"
      "[   37.128158] Memory cgroup out of memory: Killed process 9188 (a.out) total-vm:14456kB, anon-rss:10324kB, "
      "file-rss:504kB, shmem-rss:0kB\n"
      "[   37.123371] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/test1,"
      "task_memcg=/test1,task=a.out,pid=9188,uid=0\n"
      "[   37.110840] memory: usage 51200kB, limit 51200kB, failcnt 125\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].victims.size(), 3u);
  EXPECT_EQ(ev[0].victims[0].pid, 9188);
  EXPECT_EQ(ev[0].oom_group_memcg.value_or(""), "/test1");
}

TEST(PendingMangles, AWrappedCountersRestBeforeAStatsHeaderIsNoSignOfNewestFirst) {
  // 543 through wrap80 (and quoted_printable): `kmem: … fail` + `cnt 0`, then
  // the stats header: `cnt 0` reads as a v2 `name value` stat, which print
  // order puts after the header, but it is the counter's rest. Forward order:
  // the stats path whole, not `…843f` + `cnt 0`.
  auto ev = parse_log_text(
      "Apr 18 09:58:36 host01 kernel: kmem: usage 892kB, limit 9007199254740988kB, fail\n"
      "cnt 0\n"
      "Apr 18 09:58:36 host01 kernel: Memory cgroup stats for /nomad/de25a563-2409-843f\n"
      "-08ad-5bc6053df174: cache:35124KB rss:4944KB rss_huge:0KB shmem:35124KB mapped_f\n"
      "ile:25060KB dirty:0KB writeback:0KB inactive_anon:20160KB active_anon:19908KB in\n"
      "active_file:0KB active_file:0KB unevictable:0KB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].memcg.has_value());
  EXPECT_EQ(ev[0].memcg->oom_memcg.value_or(""), "/nomad/de25a563-2409-843f-08ad-5bc6053df174");
}

TEST(PendingMangles, NewestFirstAStatsHeaderThenItsCountersOpensAtTaskIn) {
  // 544 through reverse: the stats header, then `kmem:`, `memory+swap:`,
  // `memory:` and `Task in`: print order puts each counter before the stats
  // header, so the text is newest-first and the report's time is `Task in`'s.
  auto ev = parse_log_text(
      "[41107.803920] Memory cgroup stats for /lxc/c1: cache:8792KB rss:17956KB rss_huge:0KB mapped_file:1256KB\n"
      "[41107.803919] kmem: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
      "[41107.803918] memory+swap: usage 0kB, limit 9007199254740988kB, failcnt 0\n"
      "[41107.803917] memory: usage 62500kB, limit 62500kB, failcnt 81249407\n"
      "[41107.803910] Task in /lxc/c1/lxd.service killed as a result of limit of /lxc/c1\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].time.monotonic_s.value_or(0), 41107.803910);
  ASSERT_TRUE(ev[0].memcg.has_value());
  EXPECT_EQ(ev[0].memcg->task_memcg.value_or(""), "/lxc/c1/lxd.service");
}

TEST(PendingMangles, ATaskInLineCutOrPaddedBetweenItsWordsKeepsItsFirstPath) {
  // 544 through truncate100_dots: cut inside `limit of` (prefix.cpp drops the
  // cut word), the first path whole, the OOM memcg unknown.
  auto cut = oomline::parse_task_in("Task in /lxc/c1/lxd.service killed as a result of", true);
  ASSERT_TRUE(cut.has_value());
  EXPECT_EQ(cut->task_memcg, "/lxc/c1/lxd.service");
  EXPECT_EQ(cut->oom_memcg, "");
  // Not cut by a viewer, the same text may be a wrap whose rest follows: no `Task in` line yet.
  EXPECT_FALSE(oomline::parse_task_in("Task in /lxc/c1/lxd.service killed as a result of").has_value());
  // 544 through wrap80_inline_pad: a terminal's pad at the space after `killed`.
  auto ev = parse_log_text(
      "[41107.803910] Task in /lxc.payload/tryit-select/system.slice/lxd.service killed         as a result of "
      "limit of /lxc.payload/tryit-select\n"
      "[41107.803917] memory: usage 62500kB, limit 62500kB, failcnt 81249407\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].time.monotonic_s.value_or(0), 41107.803910);
  ASSERT_TRUE(ev[0].memcg.has_value());
  EXPECT_EQ(ev[0].memcg->task_memcg.value_or(""), "/lxc.payload/tryit-select/system.slice/lxd.service");
  EXPECT_EQ(ev[0].memcg->oom_memcg.value_or(""), "/lxc.payload/tryit-select");
}

}  // namespace
}  // namespace oomlens
