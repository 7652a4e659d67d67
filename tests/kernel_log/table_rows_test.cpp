// A paste of Tasks-table rows alone (issue 12: corpus 221, 222, 432, 434): no
// header, no table header, no kill line. A row (`[%7d] %5d %5d …` since 4.19,
// `[%5d] %5d %5d …` before, mm/oom_kill.c dump_tasks()) is an anchor
// (anchor_search.h); a report opens
// there only when no report is open, another row follows and no other anchor
// does. Everything else that looks like a row must open nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kernel_log/anchor_search.h"
#include "kernel_log/report_scanner.h"
#include "support/one_event.h"

namespace oomlens {
namespace {

std::vector<OomEvent> parse(std::string_view text) { return parse_log_text(text); }

using testing::parse_chunked;

// 6.8+ rows (rss_anon rss_file rss_shmem), the last cut after a few columns.
constexpr std::string_view kRows68 =
    "[  962.892220] [    559]     0   559     9029      427        0      427         0    90112     1088         -1000 systemd-udevd\n"
    "[  962.892223] [    851]   978   851     3711      427       64      363         0    69632      128          -900 systemd-oomd\n"
    "[  962.892225] [  21978]  1000 21978 297329570     4556      854     3637        65   950272     8604           300 browser\n"
    "[  962.892239] [    874]     0   874     5408     2202     1781\n";

size_t anchor_in(std::string_view line) {
  const std::string text = std::string(40, 'x') + "\n" + std::string(line) + "\n" + std::string(40, 'x');
  const size_t a = find_anchor_or_row(text.data(), text.size());
  EXPECT_EQ(find_anchor(text.data(), text.size()), text.size());  // only when the probe saw a row
  EXPECT_EQ(holds_table_row(text.data(), text.size()), a != text.size());
  return a == text.size() ? std::string::npos : a - 41;
}

TEST(TableRows, A419RowIsAnAnchorAtItsBracket) {
  EXPECT_EQ(anchor_in("[    559]     0   559     9029      427    90112     1088         -1000 systemd-udevd"), 0u);
  EXPECT_EQ(anchor_in("[ 1.0] [1234567]  1000 1234567  8617811     2302   598016     5152   200 a"), 7u);
  EXPECT_EQ(anchor_in("[    559]    -2   559"), 0u);  // a uid printed negative
  for (std::string_view other : {
           "[  962.892220] usb 1-1: new high-speed USB device",  // a stamp: `]` 13 bytes on
           "Nov 3 10:00:00 host systemd-journald[1234567]: Journal started",  // a syslog tag: no spaces
           "[  962.892220] [ T12345] some caller id",   // CONFIG_PRINTK_CALLER: `]` 7 bytes on
           "[  pid  ]   uid  tgid",                     // the header is anchored at its `otal_vm` only
           "[   12a4]     0  1234 x",                   // not a number
           "[     ]     0 x",                           // no pid
           "[   1234]abc 0",                            // nothing after the bracket
           "[   1234]     x",                           // no uid
           "[  1234] 0 1234 12 12 12 12 x",             // `]` 7 bytes on: neither width
           "[ 1234]abc 0",                              // ≤4.18 width, nothing after the bracket
           "[ 1234]     x",                             // ≤4.18 width, no uid
           "host foo[12345]: 0 started",                // a syslog tag: `:` after the bracket
           "[  962.8] 0 x",                             // a stamp cut short: not a number
       })
    EXPECT_EQ(anchor_in(other), std::string::npos) << other;
}

// Blind set 14b (corpus 432, 434): rows of ≤4.18 (`[%5d]`: `nr_ptes nr_pmds swapents`) pasted alone are
// anchors too, at their bracket, a pid of five digits filling the width.
TEST(TableRows, APre419RowIsAnAnchorAtItsBracket) {
  EXPECT_EQ(anchor_in("[ 3942]     0  3942     2227     1354       9       5        0          -999 docker-containe"),
            0u);
  EXPECT_EQ(anchor_in("[ 8869.866313] [73467] 690824 73467    69349    38156     134       3        0             0 ruby"),
            15u);
  EXPECT_EQ(anchor_in("Aug 13 09:35:36 host01 kernel: [678517.179056] [ 3942]     0  3942     2227     1354       9       5"),
            47u);
}

TEST(TableRows, Pre419RowsAloneGiveAnIncompleteEventWithTheRows) {
  constexpr std::string_view kRows44 =
      "Aug 13 09:35:36 host01 kernel: [678517.179056] [ 3942]     0  3942     2227     1354       9       5        0          -999 docker-containe\n"
      "\n"
      "Aug 13 09:35:36 host01 kernel: [678517.179058] [ 3943]     0  3943     2243      910       9       5        0          -999 docker-containe\n"
      "Aug 13 09:35:36 host01 kernel: [678517.179081] [ 4532]     0  4532     1891      650       8       5        0          -999 docker-containe\n";
  auto ev = parse(kRows44);
  ASSERT_EQ(ev.size(), 1u);
  const OomEvent& e = ev[0];
  EXPECT_EQ(e.kind, EventKind::incomplete);
  EXPECT_FALSE(e.constraint);
  EXPECT_TRUE(e.victims.empty());
  ASSERT_EQ(e.tasks.size(), 3u);
  EXPECT_EQ(e.tasks[0].pid, 3942);
  EXPECT_EQ(e.tasks[0].comm, "docker-containe");
  EXPECT_EQ(e.tasks[0].oom_score_adj, -999);
  EXPECT_EQ(e.tasks[0].rss_bytes, 1354ull * 4096);
  EXPECT_EQ(e.tasks[2].pid, 4532);
  // One such row alone is no paste of rows: it opens nothing.
  EXPECT_TRUE(parse("[ 3942]     0  3942     2227     1354       9       5        0          -999 x\n").empty());
}

TEST(TableRows, RowsAloneGiveAnIncompleteEventWithTheRows) {
  auto ev = parse(kRows68);
  ASSERT_EQ(ev.size(), 1u);
  const OomEvent& e = ev[0];
  EXPECT_EQ(e.kind, EventKind::incomplete);
  EXPECT_FALSE(e.constraint);  // rows alone cannot tell what ran out
  EXPECT_FALSE(e.mem_info);
  EXPECT_FALSE(e.trigger);
  EXPECT_TRUE(e.victims.empty());
  ASSERT_GE(e.tasks.size(), 3u);
  EXPECT_EQ(e.tasks[0].pid, 559);
  EXPECT_EQ(e.tasks[0].comm, "systemd-udevd");
  EXPECT_EQ(e.tasks[0].oom_score_adj, -1000);
  EXPECT_EQ(e.tasks[0].rss_anon_bytes, 0u);
  // Rows alone are given in pid order (no line tells their order; dump_tasks() goes by pid, mostly).
  ASSERT_EQ(e.tasks.size(), 4u);
  EXPECT_EQ(e.tasks[2].pid, 874);  // the row cut before its name: what it printed, no name
  EXPECT_EQ(e.tasks[2].comm, "");
  EXPECT_EQ(e.tasks[3].comm, "browser");
  EXPECT_EQ(e.tasks[3].total_vm_bytes, 297329570ull * 4096);
  EXPECT_EQ(e.tasks[3].oom_score_adj, 300);
  EXPECT_EQ(e.lines.first, 1u);
  ASSERT_TRUE(e.time.monotonic_s);
  EXPECT_NEAR(*e.time.monotonic_s, 962.892220, 1e-6);
  for (size_t size : {1u, 7u, 100u}) {
    auto c = parse_chunked(kRows68, size);
    ASSERT_EQ(c.size(), 1u) << size;
    EXPECT_EQ(c[0].tasks.size(), e.tasks.size()) << size;
  }
}

TEST(TableRows, NewestFirstRowsGiveTheSameEventAtTheEarliestRowsTime) {
  std::vector<std::string> lines;
  std::string l;
  for (char c : kRows68) {
    if (c == '\n') lines.push_back(l + "\n"), l.clear();
    else l += c;
  }
  std::string reversed;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) reversed += *it;
  auto ev = parse(reversed);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::incomplete);
  ASSERT_TRUE(ev[0].time.monotonic_s);
  EXPECT_NEAR(*ev[0].time.monotonic_s, 962.892220, 1e-6);
  std::vector<int64_t> pids;
  for (const auto& t : ev[0].tasks) pids.push_back(t.pid);
  for (int64_t pid : {559, 851, 21978}) EXPECT_NE(std::find(pids.begin(), pids.end(), pid), pids.end()) << pid;
}

TEST(TableRows, RowsBeforeAnotherAnchorAreThatReportsLookBack) {
  // The header was cut off: the kill line's look-back keeps the rows, as before; no second event.
  auto ev = parse(std::string(kRows68.substr(0, kRows68.find("[  962.892239]"))) +
                  "[  962.892500] Out of memory: Killed process 21978 (browser) total-vm:1189318280kB, "
                  "anon-rss:3416kB, file-rss:14548kB, shmem-rss:260kB, UID:1000 pgtables:928kB oom_score_adj:300\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  EXPECT_EQ(ev[0].tasks.size(), 3u);
  EXPECT_EQ(ev[0].lines.first, 1u);
}

TEST(TableRows, AWholeReportsTableOpensNothingMore) {
  const std::string report =
      "[  100.000001] bash invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, "
      "oom_score_adj=0\n"
      "[  100.000002] Tasks state (memory values in pages):\n"
      "[  100.000003] [  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem pgtables_bytes swapents "
      "oom_score_adj name\n" +
      std::string(kRows68.substr(0, kRows68.find("[  962.892239]"))) +
      "[  100.000004] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/,task=browser,pid=21978,uid=1000\n"
      "[  100.000005] Out of memory: Killed process 21978 (browser) total-vm:1189318280kB, anon-rss:3416kB, "
      "file-rss:14548kB, shmem-rss:260kB, UID:1000 pgtables:928kB oom_score_adj:300\n";
  auto ev = parse(report + std::string(50, '\n') + "[  200.0] eth0: link up\n");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, EventKind::kill);
  EXPECT_EQ(ev[0].tasks.size(), 3u);
}

TEST(TableRows, WhatOnlyLooksLikeRowsOpensNoReport) {
  const std::string_view negatives[] = {
      // One row alone: too little to call it a table.
      "[  962.892220] [    559]     0   559     9029      427        0      427         0    90112     1088  -1000 a\n"
      "[  962.892221] usb 1-1: new high-speed USB device number 2 using xhci_hcd\n",
      // Rows of a thread listing whose pid is not its tgid, and rows with too few numbers.
      "[   1201]  1000  1200     9029      427    90112     1088         0 worker\n"
      "[   1202]  1000  1200     9029      427    90112     1088         0 worker\n"
      "[   1203]     0  1203   12 x\n"
      "[   1204]     0  1204   12 x\n",
      // A program's own numbered list (`[%7d]` ids, a name, no counters).
      "[      1]   0 init\n[      2]   0 kthreadd\n[      3]   0 rcu_gp\n",
      // The same list with ids in five columns, as ≤4.18 rows (`[%5d]`) print their pids.
      "[    1]   0 init\n[    2]   0 kthreadd\n[    3]   0 rcu_gp\n",
      // Rows of ≤4.18 width whose pid is not their tgid.
      "[ 1201]  1000  1200     9029      427       20        3         0 worker\n"
      "[ 1202]  1000  1200     9029      427       20        3         0 worker\n",
      // CONFIG_PRINTK_CALLER ids and stamps.
      "[   10.000000] [    T1] Run /sbin/init as init process\n"
      "[   10.000001] [  T123] systemd[1]: Started Journal Service.\n",
  };
  for (std::string_view text : negatives) EXPECT_TRUE(parse(text).empty()) << text;
}

}  // namespace
}  // namespace oomlens
