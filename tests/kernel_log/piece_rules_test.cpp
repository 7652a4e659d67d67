// Pieces of broken records put back together (issue 12): a row over three
// widths whose middle piece starts in its padding, a quoted header escaped
// for a web page, a record glued after an empty one.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"
#include "support/one_event.h"
#include "manglers.h"

namespace oomlens {
namespace {

const ScanOptions kOptions{"t", 2024};
std::vector<OomEvent> parse(std::string_view text) { return parse_log_text(text, kOptions); }
// The one event of `text`, read with the same options as parse().
OomEvent one(std::string_view text) { return testing::one_event(text, kOptions); }

// An excerpt that starts inside a 6.8+ table (no header), wrapped at 72: the
// second row's middle piece is indented (the wrap fell in its padding) and
// its name goes on on a third line (`Isolated Se` + `rvic`). Looked back at
// from the summary, every row is whole.
TEST(PieceRules, ARowOverThreeWidthsWithAnIndentedMiddlePiece) {
  const std::string clean =
      "Aug 20 13:44:01 host01 kernel: [2210041]     0 2210041  1280029  1262242  1262089      153         0 "
      "10272768        0           200 builder\n"
      "Aug 20 13:44:01 host01 kernel: [2210128]  1000 2210128   628194     4225     3950      185        90   "
      "618496        0           100 Isolated Servic\n"
      "Aug 20 13:44:01 host01 kernel: [2210244]  1000 2210244     6269     3479     3281      198         0    "
      "90112        0             0 top\n"
      "Aug 20 13:44:01 host01 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,"
      "mems_allowed=0,global_oom,task_memcg=/user.slice,task=builder,pid=2210041,uid=0\n"
      "Aug 20 13:44:01 host01 kernel: Out of memory: Killed process 2210041 (builder) total-vm:5120116kB, "
      "anon-rss:5048356kB, file-rss:612kB, shmem-rss:0kB, UID:0 pgtables:10032kB oom_score_adj:200\n";
  const std::string wrapped = mangle::hard_wrap(clean, 72);
  ASSERT_NE(wrapped.find("\nrvic\n"), std::string::npos);
  for (const std::string& text : {clean, wrapped}) {
    auto ev = parse(text);
    ASSERT_EQ(ev.size(), 1u) << text;
    ASSERT_EQ(ev[0].tasks.size(), 3u) << text;
    EXPECT_EQ(ev[0].tasks[1].comm, "Isolated Servic") << text;
    EXPECT_EQ(ev[0].tasks[1].oom_score_adj, 100) << text;
    EXPECT_FALSE(ev[0].page_size_assumed) << text;
  }
}

// A mail-quoted header wrapped inside its gfp_mask (`> …GFP_KE` + `> RNEL_…`),
// then HTML-escaped by a web page: the rest's `&gt; ` is quoting too.
TEST(PieceRules, AnEscapedQuoteBeforeAWrappedRestIsQuoting) {
  const std::string clean =
      "> Mar 26 12:32:37 host01 kernel: [126764.421946] python3 invoked oom-killer: gfp_mask=0x15080c0(GFP_KE\n"
      "> RNEL_ACCOUNT|__GFP_ZERO), nodemask=(null),  order=1, oom_score_adj=0\n"
      "> Mar 26 12:32:37 host01 kernel: [126764.421959] python3 cpuset=/ mems_allowed=0\n"
      "> Mar 26 12:32:37 host01 kernel: [126764.421975] CPU: 3 PID: 530 Comm: python3 Not tainted 4.14.79-v7+ #1\n";
  for (const std::string& text : {clean, mangle::html_escape(clean)}) {
    auto ev = parse(text);
    ASSERT_EQ(ev.size(), 1u) << text;
    ASSERT_TRUE(ev[0].trigger) << text;
    EXPECT_EQ(ev[0].trigger->gfp_mask, "0x15080c0(GFP_KERNEL_ACCOUNT|__GFP_ZERO)") << text;
    EXPECT_EQ(ev[0].trigger->order, 1) << text;
  }
}

// A blank line's prefix with the next record glued after it: the record is
// split off, so its message (and the constraint it gives) is read.
TEST(PieceRules, ARecordGluedAfterAnEmptyOneIsSplitOff) {
  const std::string text =
      "May  7 21:44:40 host1 kernel: May  7 21:44:40 host1 kernel: Memory cgroup out of memory: Killed process 629 "
      "(trainer) total-vm:14119556kB, anon-rss:6538204kB, file-rss:80652kB, shmem-rss:16kB, UID:0 pgtables:13432kB "
      "oom_score_adj:0\n";
  const OomEvent e = one(text);
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].message, "Memory cgroup out of memory");
  EXPECT_EQ(e.constraint, Constraint::memcg);
  EXPECT_EQ(e.victims[0].anon_rss_bytes, uint64_t{6538204} * 1024);
}

// 357: the kill line of 2.4 to 2.6.9 ends with a period after the comm; the
// prose after it (on its line or the next) is no wrapped rest of it.
TEST(PieceRules, AnOldKillLineEndedByAPeriodHasNoWrappedRest) {
  for (const std::string text : {
           "host kernel: Out of Memory: Killed process 2592 (mysql).\nHow To Avoid The OOM Killer\n",
           "host kernel: Out of Memory: Killed process 2592 (mysql).In this instance it was mysql.\n"
           "How To Avoid The OOM Killer\n",
       }) {
    const OomEvent e = one(text);
    ASSERT_EQ(e.victims.size(), 1u) << text;
    EXPECT_EQ(e.victims[0].pid, 2592);
    EXPECT_EQ(e.victims[0].comm, "mysql");
    for (const std::string& note : e.notes) EXPECT_EQ(note.find("rejoined"), std::string::npos) << note;
  }
}

}  // namespace
}  // namespace oomlens
