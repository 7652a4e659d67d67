// Rules found by blind set 11b (issue 12: tests/corpus/351-362), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Report, StackFramesBrokenAfterTheirOpeningBracket) {
  // 353: a git web view broke each frame after `[<`; the frames on the next lines still say who called
  // out_of_memory (the page allocator: a global OOM).
  auto ev = parse_log_text(
      "bash invoked oom-killer: gfp_mask=0xd0, order=0, oomkilladj=0\n"
      "[<\n"
      "c015059f>] out_of_memory+0x17f/0x1c0\n"
      "[<\n"
      "c0151f3c>] __alloc_pages+0x37c/0x3a0\n"
      "[<\n"
      "c0168cd7>] do_fork+0x37/0x50\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::incomplete);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  // The same frames whole say so too (the rule only skips the lone bracket).
  auto whole = parse_log_text(
      "bash invoked oom-killer: gfp_mask=0xd0, order=0, oomkilladj=0\n"
      "[<c015059f>] out_of_memory+0x17f/0x1c0\n"
      "[<c0151f3c>] __alloc_pages+0x37c/0x3a0\n");
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_EQ(whole[0].constraint, Constraint::global);
}

TEST(HeaderLine, CommAfterTheKernelTagOfAnUnknownPrefix) {
  // 358: the poster masked the time (`Jun 1 XX:XX:XX`), so no prefix is read; the `kernel: ` tag still ends it.
  auto h = oomline::parse_header(
      "Jun 1 XX:XX:XX hostname kernel: httpd invoked oom-killer: gfp_mask=XXXXXX, order=X, oomkilladj=X");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->comm, "httpd");
  EXPECT_FALSE(h->gfp_mask);  // masked: unknown, never a value
  EXPECT_FALSE(h->order);
  // A comm with spaces after the tag; a text before the anchor with no tag stays unknown.
  auto spaced = oomline::parse_header("?? kernel: Web Content invoked oom-killer: gfp_mask=0xd0, order=0");
  ASSERT_TRUE(spaced);
  EXPECT_EQ(spaced->comm, "Web Content");
  auto none = oomline::parse_header("some long text without a tag invoked oom-killer: gfp_mask=0xd0, order=0");
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->comm.empty());
}

TEST(Report, RecordsRunIntoOneUnprefixedLine) {
  // 355: a blog ran a RHEL6 selection, its kill, the next report's header and its `Pid:` line into one paragraph.
  auto ev = parse_log_text(
      "... Out of memory: Kill process 700 (mysqld) score 9 or sacrifice child Killed process 700, UID 27, (mysqld) "
      "total-vm:40000kB, anon-rss:3000kB, file-rss:80kB httpd invoked oom-killer: gfp_mask=0x201da, order=0, "
      "oom_adj=0, oom_score_adj=0 httpd cpuset=/ mems_allowed=0 Pid: 8000, comm: httpd Not tainted "
      "2.6.32-279.el6.i686 #1 ... 100 total pagecache pages\n");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 700);
  EXPECT_EQ(ev[0].victims[0].comm, "mysqld");
  EXPECT_EQ(ev[0].victims[0].file_rss_bytes, std::optional<uint64_t>(80u * 1024));
  EXPECT_EQ(ev[1].kind, EventKind::incomplete);
  ASSERT_TRUE(ev[1].trigger);
  EXPECT_EQ(ev[1].trigger->comm, "httpd");
  EXPECT_EQ(ev[1].trigger->pid, std::optional<int64_t>(8000));
  EXPECT_EQ(ev[1].trigger->gfp_mask, std::optional<std::string>("0x201da"));
  // A 5.x kill line ends in `oom_score_adj:N`: a header glued after it is cut there too.
  auto v5 = parse_log_text(
      "Out of memory: Killed process 42 (java) total-vm:1000kB, anon-rss:900kB, file-rss:0kB, shmem-rss:0kB, "
      "UID:0 pgtables:40kB oom_score_adj:0 cron invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, "
      "oom_score_adj=0\n");
  ASSERT_EQ(v5.size(), 2u);
  ASSERT_EQ(v5[0].victims.size(), 1u);
  EXPECT_EQ(v5[0].victims[0].comm, "java");
  ASSERT_TRUE(v5[1].trigger);
  EXPECT_EQ(v5[1].trigger->comm, "cron");
}


TEST(Report, GluedSyslogRecordKeepsItsOwnCpuLine) {
  // A prefixed record with the next syslog record glued after it (join_records on corpus 24): the split is at the
  // second record's prefix, not at the `CPU: N PID:` line after its `kernel: ` tag.
  auto ev = parse_log_text(
      "May  7 22:47:53 host1 kernel: Out of memory and no killable processes...\n"
      "May  7 22:47:53 host1 kernel: Kernel panic - not syncing: System is deadlocked on memory"
      "May  7 22:47:53 host1 kernel: CPU: 3 PID: 724 Comm: systemd-userdbd Not tainted 5.10.35 #1\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].panic_message, std::optional<std::string>("System is deadlocked on memory"));
}

TEST(KillLine, OpenVzBeancounterKill) {
  // 351: OpenVZ 2.6.32 names the victim's container (UB) and prints vm, rss (anon + file together) and its score.
  auto k = oomline::parse_kill("Out of memory in UB 1234: OOM killed process 2100 (php-cgi) score 0 vm:281988kB, "
                               "rss:17004kB, swap:0kB");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->pid, 2100);
  EXPECT_EQ(k->comm, "php-cgi");
  EXPECT_EQ(k->total_vm_kb, std::optional<uint64_t>(281988));
  EXPECT_FALSE(k->anon_rss_kb);  // rss is anon + file: neither is known
  EXPECT_FALSE(k->file_rss_kb);
  EXPECT_EQ(k->score, std::optional<uint64_t>(0));
  // out_of_memory_in_ub()'s message, the beancounter's id kept: container 1234's own limits ran out.
  EXPECT_EQ(k->message, std::optional<std::string>("Out of memory in UB 1234"));
  // The message is kept only when printed whole: a cut id or another word before `OOM` gives none.
  auto cut = oomline::parse_kill("Out of memory in UB : OOM killed process 2100 (php-cgi) score 0 vm:281988kB, "
                                 "rss:17004kB, swap:0kB");
  ASSERT_TRUE(cut);
  EXPECT_FALSE(cut->message);
  auto other = oomline::parse_kill("Out of memory in UB 12x: OOM killed process 2100 (php-cgi) score 0 vm:1kB");
  ASSERT_TRUE(other);
  EXPECT_FALSE(other->message);
  auto bare = oomline::parse_kill("OOM killed process 2100 (php-cgi) score 0 vm:1kB, rss:1kB, swap:0kB");
  ASSERT_TRUE(bare);
  EXPECT_FALSE(bare->message);
  // Prose that says a process was killed is no record: the `score N vm:` tail is required.
  EXPECT_FALSE(oomline::parse_kill("then the kernel killed process 2592 (mysql) and the site went down"));
}

TEST(Report, OpenVzKillWrappedAfterOom) {
  // 351: the node's syslog wrapped each record after `OOM `; two kills of container 1234's own OOM: no
  // CONSTRAINT_* names a beancounter (null), the message keeps the container's id.
  auto ev = parse_log_text(
      "Nov 24 12:17:04 hwnode kernel: [758955.653217] OOM killer in rage, 16 tasks killed in ub 1234\n"
      "Nov 24 12:17:04 hwnode kernel: [758955.653313] Out of memory in UB 1234: OOM \n"
      "killed process 2100 (php-cgi) score 0 vm:281988kB, rss:17004kB, swap:0kB\n"
      "Nov 24 12:17:07 hwnode kernel: [758957.803617] Out of memory in UB 1234: OOM \n"
      "killed process 2200 (php-cgi) score 3 vm:281988kB, rss:17008kB, swap:0kB\n");
  ASSERT_EQ(ev.size(), 2u);
  for (const auto& e : ev) {
    EXPECT_EQ(e.kind, EventKind::kill);
    EXPECT_FALSE(e.constraint);
    ASSERT_EQ(e.victims.size(), 1u);
    EXPECT_EQ(e.victims[0].comm, "php-cgi");
    EXPECT_EQ(e.victims[0].message, std::optional<std::string>("Out of memory in UB 1234"));
  }
  EXPECT_EQ(ev[0].victims[0].pid, 2100);
  EXPECT_EQ(ev[1].victims[0].pid, 2200);
  EXPECT_EQ(ev[1].victims[0].selected_score, std::optional<uint64_t>(3));
  EXPECT_EQ(ev[1].victims[0].total_vm_bytes, std::optional<uint64_t>(281988u * 1024));
}

TEST(Report, OpenVzKillWithoutAScore) {
  // OpenVZ before its 042stab kernels (mm/oom_kill.c oom_kill_process(), oom_kill_task()): a selection and a kill
  // line without a score; the kill line's vm: is the victim's total-vm, its rss anon + file together (unknown each).
  auto ev = parse_log_text(
      "[  100.100000] 2100 (php-cgi) invoked glob oom-killer: gfp 0x201da order 0 oomkilladj=0\n"
      "[  100.200000] Out of memory: kill process 2100 (php-cgi) or a child\n"
      "[  100.200100] OOM killed process 2100 (php-cgi) vm:281988kB, rss:17004kB, swap:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 2100);
  EXPECT_EQ(ev[0].victims[0].comm, "php-cgi");
  EXPECT_EQ(ev[0].victims[0].total_vm_bytes, std::optional<uint64_t>(281988ull * 1024));
  EXPECT_FALSE(ev[0].victims[0].anon_rss_bytes);
  EXPECT_FALSE(ev[0].victims[0].selected_score);
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 2100);
}

TEST(HeaderLine, OpenVzInvocationNamesPidCommGfpOrderAndAdj) {
  // OpenVZ/Virtuozzo's oom_report_invocation() (kernel/bc/oom_kill.c `loc`, mm/oom_kill.c `glob` and `PF`):
  // `%d (%s) invoked %s oom-killer: gfp 0x%x order %d oomkilladj=%d`, words where mainline has `key=`.
  auto h = oomline::parse_header("21738 (php-cgi) invoked loc oom-killer: gfp 0x200da order 0 oomkilladj=-17");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->comm, "php-cgi");
  EXPECT_EQ(h->pid, std::optional<int64_t>(21738));
  EXPECT_EQ(h->gfp_mask, std::optional<std::string>("0x200da"));
  EXPECT_EQ(h->order, std::optional<int>(0));
  EXPECT_EQ(h->oom_adj, std::optional<int>(-17));
  EXPECT_FALSE(h->oom_score_adj);
  // A comm with spaces and a `)` is taken up to the last `) invoked`; `glob` and an order of 2.
  auto g = oomline::parse_header("812 (Web Content) invoked glob oom-killer: gfp 0xd0 order 2 oomkilladj=0");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->comm, "Web Content");
  EXPECT_EQ(g->pid, std::optional<int64_t>(812));
  EXPECT_EQ(g->order, std::optional<int>(2));
  // A line cut after the mask: the order and adj are unknown, never 0.
  auto cut = oomline::parse_header("812 (java) invoked loc oom-killer: gfp 0x200da");
  ASSERT_TRUE(cut);
  EXPECT_EQ(cut->gfp_mask, std::optional<std::string>("0x200da"));
  EXPECT_FALSE(cut->order);
  EXPECT_FALSE(cut->oom_adj);
  // A pid the text lost: no pid and no comm read from a stump.
  auto nopid = oomline::parse_header("(java) invoked loc oom-killer: gfp 0x200da order 0 oomkilladj=0");
  ASSERT_TRUE(nopid);
  EXPECT_FALSE(nopid->pid);
  EXPECT_EQ(nopid->comm, "");
  // Not an invocation: prose, or a type that is no word.
  EXPECT_FALSE(oomline::parse_header("the oom-killer: gfp 0x200da order 0"));
  EXPECT_FALSE(oomline::parse_header("812 (java) invoked 1oc oom-killer: gfp 0x200da order 0 oomkilladj=0"));
  // Mainline ≤2.6.31 prints the same legacy adj as `oomkilladj=`.
  auto old = oomline::parse_header("httpd invoked oom-killer: gfp_mask=0x201d2, order=0, oomkilladj=-16");
  ASSERT_TRUE(old);
  EXPECT_EQ(old->oom_adj, std::optional<int>(-16));
  EXPECT_FALSE(old->pid);
}

TEST(Report, OpenVzHeaderThenItsContainerKill) {
  // An OpenVZ node's syslog: the rate-limited invocation header, then the kill in container 1234's beancounter
  // (the shape of 351 with the header the kernel prints when printk_ratelimit() lets it). One event: the trigger
  // from the header (pid included), the kill still the container's (message kept, no CONSTRAINT_*), and no note
  // that the header is missing.
  auto ev = parse_log_text(
      "Nov 24 12:17:04 hwnode kernel: [758955.653001] 21740 (php-cgi) invoked loc oom-killer: gfp 0x200da order 0 "
      "oomkilladj=0\n"
      "Nov 24 12:17:04 hwnode kernel: [758955.653313] Out of memory in UB 1234: OOM killed process 21738 (php-cgi) "
      "score 0 vm:281988kB, rss:17004kB, swap:0kB\n");
  ASSERT_EQ(ev.size(), 1u);
  const OomEvent& e = ev[0];
  EXPECT_EQ(e.kind, EventKind::kill);
  EXPECT_FALSE(e.constraint);
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->comm, "php-cgi");
  EXPECT_EQ(e.trigger->pid, std::optional<int64_t>(21740));
  EXPECT_EQ(e.trigger->gfp_mask, std::optional<std::string>("0x200da"));
  EXPECT_EQ(e.trigger->order, std::optional<int>(0));
  EXPECT_EQ(e.trigger->oom_adj, std::optional<int>(0));
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].pid, 21738);
  EXPECT_EQ(e.victims[0].message, std::optional<std::string>("Out of memory in UB 1234"));
  for (const auto& n : e.notes) EXPECT_EQ(n.find("no `invoked oom-killer` header"), std::string::npos) << n;
}

}  // namespace
}  // namespace oomlens
