// Rules found by blind set 23d (issue 12: tests/corpus/853-864, how logs arrive), each on hand-written input
// shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/event_fixtures.h"
#include "diagnose/explain.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

using fixtures::everything;  // the summary, checks and advice as one text (diagnose/event_fixtures.h)

using fixtures::find;
using namespace fixtures;

TEST(OomLines, AKmsgRecordInASourceCommentKeepsItsMessage) {
  // 853: a /dev/kmsg sample in a C++ comment, wrapped there: `// 3,1362,97646497541,-;Out of memory: Kill process …`.
  auto sel = oomline::parse_select("// 3,1362,97646497541,-;Out of memory: Kill process 29582 (android.vending) score "
                                   "961 or sacrifice child.");
  ASSERT_TRUE(sel);
  EXPECT_EQ(sel->message, "Out of memory");
  // Other text glued before the message is no kmsg record's fields: no message.
  sel = oomline::parse_select("foo;Out of memory: Kill process 29582 (android.vending) score 961 or sacrifice child");
  ASSERT_TRUE(sel);
  EXPECT_FALSE(sel->message);
  auto ev = parse_log_text("  // Sample OOM log line:\n"
                           "  // 3,1362,97646497541,-;Out of memory: Kill process 29582 (android.vending)\n"
                           "  // score 961 or sacrifice child.\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::selected_no_kill);
  EXPECT_EQ(ev[0].constraint, Constraint::global);
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 29582);
}

TEST(Prefix, ASyslogReceiversWordsBeforeAnRfc3164PacketGo) {
  // 854: a receiver printed each packet after its own words: `Received message  <6>Jun  8 … host kernel: [ts] …`.
  NormalizedLine n;
  normalize_line("Received message  <6>Jun  8 11:15:26 host01 kernel: [  350.003515] [  939]     0   939      335 "
                 "      26       4       0        0             0 logread ",
                 n, 2017);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_FALSE(n.foreign);
  EXPECT_EQ(n.text, "[  939]     0   939      335       26       4       0        0             0 logread");
  ASSERT_TRUE(n.prefix.monotonic_s);
  EXPECT_DOUBLE_EQ(*n.prefix.monotonic_s, 350.003515);
  ASSERT_TRUE(n.prefix.host);
  EXPECT_EQ(*n.prefix.host, "host01");
  EXPECT_EQ(n.prefix.level, 6);
  // The packet alone (a netcat listener's output) reads the same.
  normalize_line("<3>Jun  8 11:15:26 host01 kernel: [  350.072170] Killed process 2588 (opkg) total-vm:1620kB", n, 2017);
  EXPECT_TRUE(n.has_prefix);
  EXPECT_EQ(n.text, "Killed process 2588 (opkg) total-vm:1620kB");
  EXPECT_EQ(n.prefix.level, 3);
  // Another program's packet is foreign.
  normalize_line("Received message  <30>Jun  8 11:15:27 host01 dnsmasq[1059]: query[A] example.org", n, 2017);
  EXPECT_TRUE(n.foreign);
  // No stamp after the `<N>`: the words stay (kernel text, or prose, is never moved).
  normalize_line("Received message  <6> something else", n, 2017);
  EXPECT_FALSE(n.has_prefix);
  normalize_line("sh invoked oom-killer: gfp_mask=0x0 <6>Jun  8 11:15:26", n, 2017);
  EXPECT_EQ(n.text, "sh invoked oom-killer: gfp_mask=0x0 <6>Jun  8 11:15:26");
}

constexpr const char* kReceived =
    "Received message  <6>Jun  8 11:15:26 host01 kernel: [  350.039206] [  983]     0   983      427      147       4 "
    "      0        0             0 opkg \n"
    "Received message  <6>Jun  8 11:15:26 host01 kernel: [  350.056470] [ 2588]     0  2588      405      146       4 "
    "      0        0             0 opkg \n"
    "Received message  <3>Jun  8 11:15:26 host01 kernel: [  350.064961] Out of memory: Kill process 983 (opkg) score "
    "20 or sacrifice child \n"
    "Received message  <3>Jun  8 11:15:26 host01 kernel: [  350.072170] Killed process 2588 (opkg) total-vm:1620kB, "
    "anon-rss:584kB, file-rss:0kB \n";

TEST(Prefix, ReceivedPacketsGiveTheRowsOfTheirReport) {
  auto ev = parse_log_text(kReceived);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  EXPECT_EQ(ev[0].tasks.size(), 2u);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 2588);
  // The parent's row is read, so the child's share of it is known: no "the parent's row is not printed".
  EXPECT_EQ(find(explain(ev[0]), "sacrificed_child_share_unknown"), nullptr);
  // A foreign packet after the kill, then a second report: one event each, nothing lost.
  std::string two = kReceived;
  two += "Received message  <30>Jun  8 11:15:26 host01 dnsmasq[1059]: query[A] example.org\n";
  two += "Received message  <3>Jun  8 11:16:02 host01 kernel: [  386.100000] Out of memory: Kill process 990 (opkg) "
         "score 21 or sacrifice child\n"
         "Received message  <3>Jun  8 11:16:02 host01 kernel: [  386.100100] Killed process 990 (opkg) "
         "total-vm:1700kB, anon-rss:600kB, file-rss:0kB\n";
  ev = parse_log_text(two);
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].tasks.size(), 2u);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].pid, 990);
}

TEST(OomLines, ASelectionRetypedWithoutTheSpaceBeforeItsCommIsRead) {
  // 855: `Out of memory: Kill process 22667(mongod) score 238 or sacrifice child`, as a blog retyped it.
  auto s = oomline::parse_select("Out of memory: Kill process 22667(mongod) score 238 or sacrifice child");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->pid, 22667);
  EXPECT_EQ(s->comm, "mongod");
  EXPECT_EQ(s->score, 238u);
  // A pid not followed by `(` is no selection.
  EXPECT_FALSE(oomline::parse_select("Out of memory: Kill process 22667 mongod score 238 or sacrifice child"));
  // The post's translation after it (the same pid, no kernel words) adds no event.
  auto ev = parse_log_text(
      "# cat /var/log/messages\n"
      "Out of memory: Kill process 22667(mongod) score 238 or sacrifice child\n"
      "\xE2\x80\x9C\xE5\x86\x85\xE5\xAD\x98\xE4\xB8\x8D\xE8\xB6\xB3:\xE7\xBB\x88\xE6\xAD\xA2\xE8\xBF\x9B\xE7\xA8\x8B "
      "22667(mongod),\xE5\xBE\x97\xE5\x88\x86 238\xE3\x80\x82\xE2\x80\x9D\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::selected_no_kill);
  ASSERT_EQ(ev[0].selected.size(), 1u);
  EXPECT_EQ(ev[0].selected[0].pid, 22667);
}

TEST(Explain, FileRssWithoutShmemRssMayBeSharedMemory) {
  // 856: RHEL6's `Killed process 9267, UID 500, (gmaster) … anon-rss:75280kB, file-rss:68979468kB`: no shmem-rss
  // (before 4.5), so file-rss counts the shared memory the victim mapped.
  OomEvent e = EventOf(EventKind::kill)
                   .constraint(Constraint::global)
                   .victim(VictimOf(9267, "gmaster").rss(86877900 * KiB, 75280 * KiB, 68979468 * KiB, 0));
  e.victims[0].shmem_rss_bytes.reset();
  Explanation x = explain(e);
  EXPECT_NE(find(x, "victim_file_backed"), nullptr);
  EXPECT_NE(x.summary.find("mapped file pages or shared memory"), std::string::npos) << x.summary;
  EXPECT_NE(everything(x).find("ipcs -m"), std::string::npos);
  // With shmem-rss printed (4.5+), file-rss is file pages only: nothing of shared memory is said for it.
  e.victims[0].shmem_rss_bytes = 0;
  x = explain(e);
  EXPECT_NE(find(x, "victim_file_backed"), nullptr);
  EXPECT_EQ(x.summary.find("shared memory"), std::string::npos) << x.summary;
  EXPECT_EQ(everything(x).find("ipcs -m"), std::string::npos);
}

}  // namespace
}  // namespace oomlens
