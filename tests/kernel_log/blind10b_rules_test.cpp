// Rules found by blind set 10b (issue 12: tests/corpus/327-338), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(SelectLine, QuoteMarkerOfAJoinedWrapInside) {
  // 332: a mail wrapped the quoted syslog line before `(comm)`; the archive joined the pieces with a space, so the
  // next piece's `> ` sits inside the record.
  auto sel = oomline::parse_select("Out of memory: Kill process 7963 > (sge_qmaster) score 948 or sacrifice child");
  ASSERT_TRUE(sel);
  EXPECT_EQ(sel->pid, 7963);
  EXPECT_EQ(sel->comm, "sge_qmaster");
  EXPECT_EQ(sel->score, 948u);
  // A deeper quote (`> > `) and a kill line broken after its pid the same way.
  auto deep = oomline::parse_select("Out of memory: Kill process 12 > > (java) score 5 or sacrifice child");
  ASSERT_TRUE(deep);
  EXPECT_EQ(deep->comm, "java");
  auto k = oomline::parse_kill("Killed process 12 > (java) total-vm:100kB, anon-rss:50kB, file-rss:0kB");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->pid, 12);
  EXPECT_EQ(k->comm, "java");
  EXPECT_EQ(k->anon_rss_kb, 50u);
  // A `>` glued to a word is no quote marker: the comm keeps it.
  auto arrow = oomline::parse_select("Out of memory: Kill process 7 (a->b) score 1 or sacrifice child");
  ASSERT_TRUE(arrow);
  EXPECT_EQ(arrow->comm, "a->b");
}

TEST(Report, QuotedSelectionLineJoinedWithItsWrapAndProse) {
  // 332: the whole quoted reply flattened onto one line, the reply's prose after the record.
  auto ev = parse_log_text(
      "> Dec 1 15:01:07 node7 kernel: Out of memory: Kill process 7963 > (sge_qmaster) score 948 or sacrifice child "
      "it's also worth pointing out that you can tell the OOM killer to lay off a process (/proc/$pid/oom_*).\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::selected_no_kill);
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 7963);
  EXPECT_EQ(ev[0].selected[0].comm, "sge_qmaster");
  EXPECT_EQ(ev[0].constraint, Constraint::global);
}

}  // namespace
}  // namespace oomlens
