// Issue 12: newest-first order, a report quoted twice, and a kill glued after
// its selection, each on a short report written for the rule it tests.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

const ScanOptions kOptions{"t", 2024};
std::vector<OomEvent> parse(std::string_view text) { return parse_log_text(text, kOptions); }
// The one event of `text`, read with the same options as parse().
OomEvent one(std::string_view text) { return testing::one_event(text, kOptions); }

// Chunk borders never change the events (the fuzzer's invariant).
void expect_same_in_chunks(std::string_view text, size_t events) {
  for (size_t chunk : {1, 7, 64}) {
    size_t n = 0;
    ReportScanner sc(ScanOptions{"t", 2024}, [&](OomEvent&&) { ++n; });
    for (size_t i = 0; i < text.size(); i += chunk) sc.feed_text(text.substr(i, chunk));
    sc.finish();
    EXPECT_EQ(n, events) << "chunks of " << chunk;
  }
}

TEST(OrderAndRepeats, GluedKillWrappedInsideItsFirstWord) {
  for (std::string_view t : {
           "Out of memory: Kill process 2157 (java) score 788 or sacrifice child Kil\n"
           "led process 2157 (java) total-vm:16692532kB, anon-rss:1440940kB\n",
           "Out of memory: Kill process 2157 (java) score 788 or sacrifice child Killed proc\n"
           "ess 2157 (java) total-vm:16692532kB, anon-rss:1440940kB\n"}) {
    auto ev = parse(t);
    ASSERT_EQ(ev.size(), 1u) << t;
    EXPECT_EQ(ev[0].kind, EventKind::kill);
    ASSERT_EQ(ev[0].victims.size(), 1u);
    EXPECT_EQ(ev[0].victims[0].pid, 2157);
    EXPECT_EQ(ev[0].victims[0].selected_score, 788);
    EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, 1440940u * 1024);
    expect_same_in_chunks(t, 1);
  }
}

// A short piece is joined only when the two make a kill line.
TEST(OrderAndRepeats, ShortPieceBeforeOtherTextStaysApart) {
  const OomEvent e = one(
      "Out of memory: Kill process 2157 (java) score 788 or sacrifice child Kil\n"
      "led to believe\n");
  EXPECT_EQ(e.kind, EventKind::selected_no_kill);
}

// Newest-first, a selection and then straight its header (a report cut to
// these two lines): one report, as in print order.
constexpr std::string_view kSelectionThenHeader =
    "Oct  8 11:12:20 host02 kernel: Out of memory: Kill process 27364 (java) score 933 or sacrifice child\n"
    "\n"
    "Oct  8 11:12:20 host02 kernel: splunkd invoked oom-killer: gfp_mask=0x201da, order=0, oom_adj=0\n";

TEST(OrderAndRepeats, NewestFirstSelectionThenItsHeaderIsOneReport) {
  const OomEvent e = one(kSelectionThenHeader);
  EXPECT_EQ(e.kind, EventKind::selected_no_kill);
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->comm, "splunkd");
  ASSERT_EQ(e.selected.size(), 1u);
  EXPECT_EQ(e.selected[0].pid, 27364);
  expect_same_in_chunks(kSelectionThenHeader, 1);
}

// Forward, a header after a selection is the next report's when its body
// follows it, or when it was stamped later.
TEST(OrderAndRepeats, SelectionThenTheNextReportsHeaderStaysTwo) {
  const std::string with_body = std::string(kSelectionThenHeader) +
                                "Oct  8 11:12:20 host02 kernel: splunkd cpuset=/ mems_allowed=0\n"
                                "Oct  8 11:12:20 host02 kernel: Pid: 2210, comm: splunkd Not tainted 2.6.32-431.el6.x86_64 #1\n";
  EXPECT_EQ(parse(with_body).size(), 2u);
  expect_same_in_chunks(with_body, 2);
  const std::string later =
      "Oct  8 11:12:20 host02 kernel: Out of memory: Kill process 27364 (java) score 933 or sacrifice child\n"
      "Oct  8 11:12:25 host02 kernel: splunkd invoked oom-killer: gfp_mask=0x201da, order=0, oom_adj=0\n";
  EXPECT_EQ(parse(later).size(), 2u);
}

// Newest-first, an `oom-kill:` summary and then straight its header, both
// stamped the same second (a `journalctl -r` paste without the kill line):
// one report, as in print order. Forward, a header after a summary is the
// next report's when its body follows it or it was stamped later.
constexpr std::string_view kSummaryThenHeader =
    "Mar 02 07:15:09 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,"
    "global_oom,task_memcg=/user.slice/user-1000.slice/session-4.scope,task=ffmpeg,pid=48211,uid=1000\n"
    "Mar 02 07:15:09 kernel: gnome-shell invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), "
    "order=0, oom_score_adj=0\n";

TEST(OrderAndRepeats, NewestFirstSummaryThenItsHeaderIsOneReport) {
  const OomEvent e = one(kSummaryThenHeader);
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->comm, "gnome-shell");
  ASSERT_TRUE(e.memcg);
  EXPECT_EQ(e.memcg->task_memcg, "/user.slice/user-1000.slice/session-4.scope");
  EXPECT_EQ(e.lines.first, 1u);
  EXPECT_EQ(e.lines.last, 2u);
  expect_same_in_chunks(kSummaryThenHeader, 1);
  const std::string with_body = std::string(kSummaryThenHeader) +
                                "Mar 02 07:15:09 kernel: CPU: 3 PID: 2210 Comm: gnome-shell Not tainted 6.1.0-18-amd64 "
                                "#1 Debian 6.1.76-1\n";
  EXPECT_EQ(parse(with_body).size(), 2u);
  expect_same_in_chunks(with_body, 2);
  const std::string later =
      "Mar 02 07:15:09 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,"
      "global_oom,task_memcg=/,task=ffmpeg,pid=48211,uid=1000\n"
      "Mar 02 07:15:14 kernel: gnome-shell invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), "
      "order=0, oom_score_adj=0\n";
  EXPECT_EQ(parse(later).size(), 2u);
}

// `journalctl -r` output (reaper, kill, summary, the victim's task row,
// all one second) that a terminal or a mail client wrapped afterwards: each
// record's rest follows its own line, as in print order. One report, read
// whole, the same as the unwrapped text.
constexpr std::string_view kNewestFirstOneSecond =
    "Feb 11 03:40:22 host07 kernel: oom_reaper: reaped process 91307 (celery), now anon-rss:0kB, file-rss:0kB, "
    "shmem-rss:0kB\n"
    "Feb 11 03:40:22 host07 kernel: Out of memory: Killed process 91307 (celery) total-vm:8123400kB, "
    "anon-rss:6021884kB, file-rss:1024kB, shmem-rss:0kB, UID:998 pgtables:12480kB oom_score_adj:0\n"
    "Feb 11 03:40:22 host07 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,"
    "global_oom,task_memcg=/celery.service,task=celery,pid=91307,uid=998\n"
    "Feb 11 03:40:22 host07 kernel: [  91307]   998 91307  2030850  1505727 12779520    88612             0 celery\n";

// `text` hard-wrapped at `width` columns, as a terminal or a mailer does:
// a break inside a word, the rest on its own unindented line; with `flowed`,
// a break after the last space before the width, the space kept (format=flowed).
std::string wrapped(std::string_view text, size_t width, bool flowed = false) {
  std::string out;
  for (size_t p = 0; p < text.size();) {
    size_t e = text.find('\n', p);
    std::string_view l = text.substr(p, e - p);
    while (l.size() > width) {
      size_t cut = width;
      if (flowed) {
        size_t sp = l.rfind(' ', width - 1);
        if (sp != std::string_view::npos && sp > 0) cut = sp + 1;
      }
      out.append(l.substr(0, cut)).push_back('\n');
      l.remove_prefix(cut);
    }
    out.append(l).push_back('\n');
    p = e + 1;
  }
  return out;
}

void expect_one_second_report(std::string_view text) {
  const OomEvent e = one(text);
  EXPECT_EQ(e.kind, EventKind::kill);
  ASSERT_EQ(e.victims.size(), 1u);
  const auto& v = e.victims[0];
  EXPECT_EQ(v.pid, 91307);
  EXPECT_EQ(v.comm, "celery");
  EXPECT_EQ(v.anon_rss_bytes, uint64_t{6021884} * 1024);
  EXPECT_EQ(v.oom_score_adj, 0);
  EXPECT_EQ(v.uid, 998);
  EXPECT_TRUE(v.reaped);
  ASSERT_TRUE(e.memcg);
  EXPECT_EQ(e.memcg->task_memcg, "/celery.service");
  ASSERT_EQ(e.tasks.size(), 1u);
  EXPECT_EQ(e.tasks[0].pid, 91307);
  EXPECT_EQ(e.tasks[0].swap_bytes, uint64_t{88612} * 4096);
  expect_same_in_chunks(text, 1);
}

TEST(OrderAndRepeats, NewestFirstOneSecondIsOneReport) { expect_one_second_report(kNewestFirstOneSecond); }

TEST(OrderAndRepeats, NewestFirstWrappedAfterwardsIsOneReport) {
  for (size_t width : {72, 80}) {
    SCOPED_TRACE(width);
    expect_one_second_report(wrapped(kNewestFirstOneSecond, width));
  }
  SCOPED_TRACE("flowed");
  expect_one_second_report(wrapped(kNewestFirstOneSecond, 72, true));
}

// The same lines wrapped by a terminal that padded each break inside the
// line (`pid=91        307`): the pads are taken out before the order is decided.
TEST(OrderAndRepeats, NewestFirstPaddedByATerminalIsOneReport) {
  std::string padded;
  for (size_t p = 0; p < kNewestFirstOneSecond.size();) {
    size_t e = kNewestFirstOneSecond.find('\n', p);
    std::string_view l = kNewestFirstOneSecond.substr(p, e - p);
    while (l.size() > 80) padded.append(l.substr(0, 80)).append(8, ' '), l.remove_prefix(80);
    padded.append(l).push_back('\n');
    p = e + 1;
  }
  expect_one_second_report(padded);
}

// Newest-first, the wrapped rests of the `oom-kill:` line and of the kill
// line lie before them: one report, the pid of the summary read from its rest.
TEST(OrderAndRepeats, NewestFirstWrappedSummaryAndKillAreOneReport) {
  constexpr std::string_view t =
      "total-vm:2007864kB, anon-rss:518828kB\n"
      "Memory cgroup out of memory: Killed process 90057 (java)\n"
      "task=java,pid=90057,uid=0\n"
      "2026-03-22T15:00:03 host03 kernel: oom-kill:constraint=CONSTRAINT_MEMCG\n";
  const OomEvent e = one(t);
  EXPECT_EQ(e.kind, EventKind::kill);
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].pid, 90057);
  EXPECT_EQ(e.victims[0].anon_rss_bytes, 518828u * 1024);
  EXPECT_EQ(e.lines.first, 1u);
  EXPECT_EQ(e.lines.last, 4u);
  expect_same_in_chunks(t, 1);
}

// A paste that quotes the selection and kill a second time, stamps and all:
// one report, read once, in either order.
constexpr std::string_view kQuotedAgain =
    "[511250.459172] [ pid ]   uid  tgid total_vm      rss nr_ptes swapents oom_score_adj name\n"
    "[511250.459178] [  444]     0   444    30482      118      63        0             0 systemd-journal\n"
    "[511250.459180] [  476]     0   476    14365      114      28        0         -1000 auditd\n"
    "[511250.459581] Out of memory: Kill process 17982 (java) score 77 or sacrifice child\n"
    "[511250.459642] Killed process 17982 (java) total-vm:19803312kB, anon-rss:2540308kB, file-rss:0kB\n"
    "\n"
    "[511250.459581] Out of memory: Kill process 17982 (java) score 77 or sacrifice child\n"
    "[511250.459642] Killed process 17982 (java) total-vm:19803312kB, anon-rss:2540308kB, file-rss:0kB\n";

std::string reversed_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (size_t p = 0; p < text.size();) {
    size_t e = text.find('\n', p);
    lines.push_back(text.substr(p, e - p));
    p = e + 1;
  }
  std::string out;
  for (size_t i = lines.size(); i-- > 0;) out.append(lines[i]).push_back('\n');
  return out;
}

void expect_one_quoted_kill(std::string_view text) {
  auto ev = parse(text);
  ASSERT_EQ(ev.size(), 1u) << text;
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  ASSERT_EQ(ev[0].victims.size(), 1u);
  EXPECT_EQ(ev[0].victims[0].pid, 17982);
  EXPECT_EQ(ev[0].victims[0].selected_score, 77);
  EXPECT_EQ(ev[0].victims[0].printed_twice, false);
  EXPECT_EQ(ev[0].victims[0].anon_rss_bytes, 2540308u * 1024);
  EXPECT_EQ(ev[0].tasks.size(), 2u);
  expect_same_in_chunks(text, 1);
}

TEST(OrderAndRepeats, QuotedAgainIsReadOnce) { expect_one_quoted_kill(kQuotedAgain); }

TEST(OrderAndRepeats, QuotedAgainNewestFirstIsReadOnce) { expect_one_quoted_kill(reversed_lines(kQuotedAgain)); }

// Without stamps too: a selection repeats once its pid was killed.
TEST(OrderAndRepeats, QuotedAgainWithoutStampsIsReadOnce) {
  std::string bare;
  for (size_t p = 0; p < kQuotedAgain.size();) {
    size_t e = kQuotedAgain.find('\n', p);
    std::string_view l = kQuotedAgain.substr(p, e - p);
    if (size_t b = l.find("] "); b != std::string_view::npos && l[0] == '[' && l[1] == '5') l.remove_prefix(b + 2);
    bare.append(l).push_back('\n');
    p = e + 1;
  }
  expect_one_quoted_kill(bare);
}

// A parent selected again after a child was sacrificed in its place is a new
// selection, not a repeat.
TEST(OrderAndRepeats, ASecondSelectionOfAParentIsNoRepeat) {
  constexpr std::string_view t =
      "Out of memory: Kill process 1000 (sh) score 900 or sacrifice child\n"
      "Killed process 1001 (worker) total-vm:1000kB, anon-rss:900kB, file-rss:0kB\n"
      "Out of memory: Kill process 1000 (sh) score 900 or sacrifice child\n"
      "Killed process 1002 (worker) total-vm:1000kB, anon-rss:900kB, file-rss:0kB\n";
  auto ev = parse(t);
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].victims.at(0).pid, 1001);
  EXPECT_EQ(ev[1].victims.at(0).pid, 1002);
}

// Two records glued on one line, a task row then the selection: the row is
// the report's, as if on its own line.
TEST(OrderAndRepeats, RowGluedBeforeTheSelectionStaysInTheTable) {
  constexpr std::string_view t =
      "May 12 19:43:50 host1 kernel: [ pid ]   uid  tgid total_vm      rss nr_ptes swapents oom_score_adj name\n"
      "May 12 19:43:50 host1 kernel: [  444]     0   444    30482      118      63        0             0 "
      "systemd-journal\n"
      "May 12 19:43:50 host1 kernel: [  476]     0   476    14365      114      28        0         -1000 auditd"
      "May 12 19:43:50 host1 kernel: Out of memory: Kill process 17982 (java) score 77 or sacrifice child\n"
      "May 12 19:43:50 host1 kernel: Killed process 17982 (java) total-vm:19803312kB, anon-rss:2540308kB\n";
  const OomEvent e = one(t);
  ASSERT_EQ(e.tasks.size(), 2u);
  EXPECT_EQ(e.tasks[1].pid, 476);
  EXPECT_EQ(e.tasks[1].oom_score_adj, -1000);
}

}  // namespace
}  // namespace oomlens
