// Line-level cases of issue 12 classes 1-5, each a short real-shaped report.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "kernel_log/prefix.h"
#include "kernel_log/report_building.h"
#include "kernel_log/report_scanner.h"

#include <tuple>
#include "support/one_event.h"
#include "manglers.h"
#include "support/paths.h"

namespace oomlens {
namespace {

constexpr std::string_view kReport =
    "python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0\n"
    "CPU: 1 PID: 4242 Comm: python3 Not tainted 6.1.0-18-amd64 #1 Debian 6.1.76-1\n"
    "memory: usage 524288kB, limit 524288kB, failcnt 812\n"
    "Tasks state (memory values in pages):\n"
    "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n"
    "[   4242]  1000  4242   260000   131000   1105920        0             0 python3\n"
    "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/app.slice/"
    "run-u42.service,task_memcg=/app.slice/run-u42.service,task=python3,pid=4242,uid=1000\n"
    "Memory cgroup out of memory: Killed process 4242 (python3) total-vm:1040000kB, anon-rss:523000kB, "
    "file-rss:1024kB, shmem-rss:0kB, UID:1000 pgtables:1080kB oom_score_adj:0\n"
    "oom_reaper: reaped process 4242 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n";

const ScanOptions kOptions{"t", 2024};
std::vector<OomEvent> parse(std::string_view text) { return parse_log_text(text, kOptions); }
// The one event of `text`, read with the same options as parse().
OomEvent one(std::string_view text) { return testing::one_event(text, kOptions); }

void expect_whole(const std::vector<OomEvent>& ev) {
  ASSERT_EQ(ev.size(), 1u);
  const OomEvent& e = ev[0];
  ASSERT_TRUE(e.trigger);
  EXPECT_EQ(e.trigger->comm, "python3");
  EXPECT_EQ(e.trigger->gfp_mask, "0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)");
  EXPECT_EQ(e.trigger->pid, 4242);
  ASSERT_TRUE(e.memcg);
  EXPECT_EQ(e.memcg->oom_memcg, "/app.slice/run-u42.service");
  EXPECT_EQ(e.memcg->task_memcg, "/app.slice/run-u42.service");
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].comm, "python3");
  EXPECT_EQ(e.victims[0].anon_rss_bytes, 523000u * 1024);
  EXPECT_EQ(e.victims[0].pgtables_bytes, 1080u * 1024);
  ASSERT_TRUE(e.victims[0].reaped);
  ASSERT_EQ(e.tasks.size(), 1u);
  EXPECT_EQ(e.tasks[0].pgtables_bytes, 1105920u);
}

std::string each_line(std::string_view text, std::string_view before) {
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    out += before;
    out += text.substr(pos, nl - pos + 1);
    pos = nl + 1;
  }
  return out;
}

TEST(MangledLines, CleanReport) { expect_whole(parse(kReport)); }

TEST(MangledLines, IsoTimeWithDecimalComma) {
  auto ev = parse(each_line(kReport, "2024-05-07T21:43:54,678628+02:00 "));
  expect_whole(ev);
  EXPECT_EQ(ev[0].time.wall, "2024-05-07T21:43:54.678628+02:00");
}

TEST(MangledLines, BareKernelTag) {
  auto ev = parse(each_line(kReport, "kernel: "));
  expect_whole(ev);
  EXPECT_EQ(ev[0].trigger->comm, "python3");  // not "kernel: python3"
}

TEST(MangledLines, Rfc5424) {
  auto ev = parse(each_line(kReport, "<4>1 2024-05-07T21:43:54.678628+02:00 host1 kernel - - - "));
  expect_whole(ev);
  EXPECT_EQ(ev[0].host, "host1");
  EXPECT_EQ(ev[0].time.wall, "2024-05-07T21:43:54.678628+02:00");
}

TEST(MangledLines, MailQuotes) {
  expect_whole(parse(each_line(kReport, "> ")));
  expect_whole(parse(each_line(kReport, "> > ")));
}

TEST(MangledLines, HtmlEntitiesAreDecoded) {
  std::string t(kReport);
  t.insert(0, "&lt;4&gt;");  // an escaped priority on the first line
  auto ev = parse(each_line(t, "&gt; "));
  expect_whole(ev);
}

TEST(MangledLines, QuotedPrintableNeverLeaves3D) {
  std::string t;
  for (char c : kReport) t += c == '=' ? std::string("=3D") : std::string(1, c);
  auto ev = parse(t);
  expect_whole(ev);
  EXPECT_EQ(ev[0].trigger->gfp_mask, "0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)");
}

TEST(MangledLines, CutRowIsNullNotAStump) {
  std::string t(kReport);
  std::string row = "[   4242]  1000  4242   260000   131000   1105920        0             0 python3";
  t.replace(t.find(row), row.size(), "[   4242]  1000  4242   260000   131000   110...");
  const OomEvent e = one(t);
  ASSERT_EQ(e.tasks.size(), 1u);
  EXPECT_EQ(e.tasks[0].rss_bytes, 131000u * 4096);
  EXPECT_FALSE(e.tasks[0].pgtables_bytes);  // not 110 from the stump
  EXPECT_FALSE(e.tasks[0].oom_score_adj);
  bool noted = false;
  for (const auto& n : e.notes) noted = noted || n.find("cut by a viewer") != std::string::npos;
  EXPECT_TRUE(noted);
}


// Issue 12 (blind set 12b, corpus 382): the poster's own line after the records, ending in `...`
// (`So much RAM need?...`), is not a record a viewer cut: no "cut by a viewer" note; a kernel line cut so still is.
TEST(MangledLines, ProseEndingInDotsIsNoCutRecord) {
  const std::string t =
      "tail -f /var/log/kern.log\n"
      "Sep 10 18:48:16 node kernel: [  475.353998] Out of memory: Kill process 2071 (app) score 950 or sacrifice "
      "child\n"
      "Sep 10 18:48:16 node kernel: [  475.356197] Killed process 2071 (app) total-vm:4201693kB, anon-rss:2628kB, "
      "file-rss:1593535kB\n"
      "```\n"
      "Why does it need so much RAM?...\n";
  const OomEvent e = one(t);
  for (const auto& n : e.notes) EXPECT_EQ(n.find("cut by a viewer"), std::string::npos) << n;
  // A prefixed kernel line cut by a viewer is still noted.
  const OomEvent cut = one(t + "Sep 10 18:48:16 node kernel: [  475.357001] oom_reaper: reaped process 2071 (app), "
                               "now anon-rss:0kB, file-rss:15...\n");
  bool noted = false;
  for (const auto& n : cut.notes) noted = noted || n.find("cut by a viewer") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST(MangledLines, CutCgroupPathIsNeverTheMemcg) {
  std::string t(kReport);
  size_t s = t.find("oom-kill:");
  size_t e = t.find('\n', s);
  t.replace(s, e - s, "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,"
                      "oom_memcg=/app.slice/run-u…");
  const OomEvent ev = one(t);
  ASSERT_TRUE(ev.memcg);
  EXPECT_FALSE(ev.memcg->oom_memcg);
  EXPECT_EQ(ev.constraint, Constraint::memcg);  // from the memory: line
}

// gpud#70 (corpus 53): the poster elided the middle of a path (`....`): no path names the memcg.
TEST(MangledLines, ElidedCgroupPathIsNeverTheMemcg) {
  std::string t(kReport);
  size_t s = t.find("oom_memcg=/app.slice/");
  t.replace(s, std::string_view("oom_memcg=/app.slice/").size(), "oom_memcg=/lxc.payload....-lxc/app.slice/");
  const OomEvent e = one(t);
  ASSERT_TRUE(e.memcg);
  EXPECT_FALSE(e.memcg->oom_memcg);
  EXPECT_EQ(e.memcg->task_memcg, "/app.slice/run-u42.service");
  EXPECT_EQ(e.constraint, Constraint::memcg);
  bool noted = false;
  for (const auto& n : e.notes) noted = noted || n.find("cut by a viewer") != std::string::npos;
  EXPECT_TRUE(noted);
}

// A mail client's soft break (format=flowed) or a reflow before the header's
// anchor (`… v2ray invoked ` + `oom-killer: gfp_mask=…`, openmptcprouter#3887
// through flowed72): the header is whole again, also when a chunk border
// falls between its two pieces.
TEST(MangledLines, HeaderBrokenBeforeItsAnchor) {
  std::string t = each_line(kReport, "Mar 31 16:58:31 h kernel: [ 12.5] ");
  const size_t cut = t.find("oom-killer:");
  t.replace(cut - 1, 1, " \n");  // `…python3 invoked ` + `oom-killer: …`
  expect_whole(parse(t));
  std::vector<OomEvent> ev;
  ReportScanner sc(ScanOptions{"t", 2024}, [&](OomEvent&& e) { ev.push_back(std::move(e)); });
  sc.feed_text(std::string_view(t).substr(0, cut + 1));
  sc.feed_text(std::string_view(t).substr(cut + 1));
  sc.finish();
  expect_whole(ev);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].lines.first, 1u);
  std::string indented = each_line(kReport, "");
  indented.replace(indented.find(" invoked"), 1, "\n    ");  // `python3` + `    invoked oom-killer: …`
  expect_whole(parse(indented));
}

// A record the assembler keeps nothing of (`Hardware name:`) swallowed the
// unprefixed stack words after it, and the note said they were wrapped.
TEST(MangledLines, NothingIsGluedToAHardwareNameLine) {
  const OomEvent e = one("sed invoked oom-killer: gfp_mask=0x201da, order=0, oom_score_adj=0\n"
                                        "CPU: 4 PID: 29481 Comm: sed Not tainted 3.10.0-514.6.1.el7.x86_64 #1\n"
                                        "Hardware name: HP ProLiant DL385 G7, BIOS A18 12/08/2012\n"
                                        " ffff880182272f10 00000000021dcb0a ffff880418207938 ffffffff816861ac\n"
                                        "Call Trace:\n"
                                        " [<ffffffff816861ac>] dump_stack+0x19/0x1b\n");
  for (const auto& n : e.notes) EXPECT_EQ(n.find("rejoined"), std::string::npos) << n;
}

// Markdown inline code around each pasted line (openmptcprouter#3079, corpus 45).
TEST(MangledLines, MarkdownInlineCode) { expect_whole(parse(each_line(kReport, "`"))); }

TEST(MangledLines, NewestFirstGivesTheSameSingleEvent) {
  std::vector<std::string_view> lines;
  std::string_view r = kReport;
  while (!r.empty()) {
    size_t nl = r.find('\n');
    lines.push_back(r.substr(0, nl));
    r.remove_prefix(nl + 1);
  }
  std::string rev;
  for (size_t i = lines.size(); i-- > 0;) rev += std::string(lines[i]) + "\n";
  auto ev = parse(rev);
  expect_whole(ev);
  // Chunk borders anywhere must not change it.
  for (size_t chunk : {1, 5, 64}) {
    std::vector<OomEvent> got;
    ReportScanner s(ScanOptions{"t", 2024}, [&](OomEvent&& e) { got.push_back(std::move(e)); });
    for (size_t i = 0; i < rev.size(); i += chunk) s.feed_text(std::string_view(rev).substr(i, chunk));
    s.finish();
    expect_whole(got);
  }
}

TEST(MangledLines, GluedSyslogRecordsAreSplit) {
  std::string t = each_line(kReport, "May  7 21:43:54 host1 kernel: ");
  size_t nl = t.find('\n');
  t.erase(nl, 1);  // header and stack line on one line
  expect_whole(parse(t));
}

TEST(MangledLines, HardWrappedKillLineIsRejoined) {
  std::string t(kReport);
  size_t k = t.find("file-rss:1024kB");
  t.insert(k + 2, "\n");  // `fi` / `le-rss:…`
  expect_whole(parse(t));
}

// Bare text (no prefixes to tell a piece from a record) hard-wrapped at 80
// columns: a line exactly that wide continues on the next, unless the next
// is a record of its own (`N total pagecache pages` after the whole, 80 wide
// hugepages line). The Mem-Info counter `shmem:878` + `96` was read as 878.
TEST(MangledLines, BareTextHardWrappedAtItsWidthIsRejoined) {
  std::string clean(kReport);
  clean.insert(clean.find("Tasks state"),
               "Mem-Info:\n"
               "active_anon:7355653 inactive_anon:660960 isolated_anon:0 active_file:1263 inactive_file:1167 isolated_file:32 unevictable:0 dirty:4 writeback:0 unstable:0 slab_reclaimable:27412 slab_unreclaimable:13708 mapped:4818 bounce:00000000 shmem:87896 pagetables:25222 free:39513 free_pcp:2958 free_cma:0\n"
               "Node 0 hugepages_total=0 hugepages_free=0 hugepages_surp=0 hugepages_size=2048kB\n"
               "42845 total pagecache pages\n"
               "8388478 pages RAM\n");
  const std::string wrapped = mangle::hard_wrap(clean, 80);
  ASSERT_NE(wrapped.find("shmem:878\n96 "), std::string::npos);
  ASSERT_NE(wrapped.find("2048kB\n42845 total"), std::string::npos);
  auto ev = parse(wrapped);
  expect_whole(ev);
  ASSERT_TRUE(ev[0].mem_info);
  EXPECT_EQ(ev[0].mem_info->shmem_bytes, 87896u * 4096);
  EXPECT_EQ(ev[0].mem_info->pagetables_bytes, 25222u * 4096);
  EXPECT_EQ(ev[0].mem_info->ram_bytes, uint64_t{8388478} * 4096);
}

// A header-less table (a grep, a paste that began at the rows) where a
// terminal's pad split one number (`6        30466`): the row has one number
// more than the others, and which is unknown, so none of its figures is read.
TEST(MangledLines, PaddedHeaderlessRowHasNoFigures) {
  const std::string t =
      "[ 140112]  1000 140112     4881      402    57344      139             0 bash\n"
      "[ 140113]  1000 140113   939915   6        30466  5758976        0             0 simplescreenrec\n"
      "[ 140134]  1000 140134     1508      114    49152        0             0 ssh-agent\n"
      "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,"
      "task_memcg=/user.slice,task=simplescreenrec,pid=140113,uid=1000\n"
      "Out of memory: Killed process 140113 (simplescreenrec) total-vm:3759660kB, anon-rss:2511944kB, "
      "file-rss:0kB, shmem-rss:9920kB, UID:1000 pgtables:5624kB oom_score_adj:0\n";
  const OomEvent e = one(t);
  ASSERT_EQ(e.tasks.size(), 3u);
  EXPECT_EQ(e.tasks[0].pgtables_bytes, 57344u);
  EXPECT_FALSE(e.tasks[1].rss_bytes);
  EXPECT_FALSE(e.tasks[1].pgtables_bytes);
  EXPECT_EQ(e.tasks[1].comm, "simplescreenrec");
  EXPECT_EQ(e.tasks[2].rss_bytes, 114u * 4096);
  bool noted = false;
  for (const auto& n : e.notes) noted = noted || n.find("more numbers than the table's others") != std::string::npos;
  EXPECT_TRUE(noted);
}

// A kill line broken before its anchor, by a mail client (format=flowed:
// `…Memory cgroup out of ` + `memory: Killed process …`) or a terminal at its
// width (`…out of memory` + `: Killed process …`): the rest reads as a kill
// line by itself, but the kill's message (so its constraint) and its time
// are the first piece's.
TEST(MangledLines, KillLineBrokenBeforeItsAnchor) {
  const std::string pre = "May 15 23:09:27 host1 kernel: [  514.682838] ";
  for (const std::string& broken : {pre + "Memory cgroup out of \nmemory: Killed process 15617",
                                     pre + "Memory cgroup out of memory\n: Killed process 15617"}) {
    std::string t = pre + "oom_reaper: reaped process 15600 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n" +
                    broken + " (python3) total-vm:11892kB, anon-rss:4292kB, file-rss:3428kB, shmem-rss:0kB\n";
    auto ev = parse(t);
    ASSERT_EQ(ev.size(), 1u) << broken;
    ASSERT_EQ(ev[0].victims.size(), 1u) << broken;
    EXPECT_EQ(ev[0].victims[0].pid, 15617);
    EXPECT_EQ(ev[0].victims[0].message, "Memory cgroup out of memory") << broken;
    EXPECT_EQ(ev[0].constraint, Constraint::memcg) << broken;
    ASSERT_TRUE(ev[0].time.monotonic_s);
    EXPECT_DOUBLE_EQ(*ev[0].time.monotonic_s, 514.682838);
  }
}

// A terminal that padded each wrap inside the line (`f        ile-rss`, 8
// spaces every 80 columns): the pads are found on the lines with two of them
// and taken out of every line of the report, an anchor split by one too.
TEST(MangledLines, InlinePaddedWrapsAreTakenOut) {
  std::string clean = each_line(kReport, "May  7 21:43:54 host1 kernel: [ 1234.567890] ");
  for (int i = 0; i < 2; ++i) clean += clean;  // more lines with two pads
  const std::string padded = mangle::inline_pad_wrap(clean, 80);
  ASSERT_NE(padded.find("        "), std::string::npos);
  auto ev = parse(padded);
  ASSERT_EQ(ev.size(), 4u);
  for (auto& e : ev) expect_whole({e});
}

// A short excerpt (one report, no line long enough for two pads but one):
// a pad seen once holds because every long line has spaces at its place.
TEST(MangledLines, InlinePadsOfAShortExcerptAreTakenOut) {
  const std::string clean = each_line(kReport, "May  7 21:43:54 host1 kernel: [ 1234.567890] ");
  auto ev = parse(mangle::inline_pad_wrap(clean, 100));
  expect_whole(ev);
  ASSERT_EQ(ev[0].tasks.size(), 1u);
  EXPECT_EQ(ev[0].tasks[0].rss_bytes, 131000u * 4096);
}

// A clean table whose rows all have spaces at one column, under a header
// with a run there, is not taken as padded: no two numbers run together.
TEST(MangledLines, AHeaderAndBlankColumnAreNotAPad) {
  std::string t =
      "Tasks state (memory values in pages):\n"
      "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n";
  for (int i = 0; i < 4; ++i)
    t += "[   424" + std::to_string(i) + "]  1000  4243   260000      131   1105920        0             0 python3\n";
  t += "Memory cgroup out of memory: Killed process 4240 (python3) total-vm:1040000kB, anon-rss:524kB, "
       "file-rss:0kB, shmem-rss:0kB\n";
  auto ev = parse(each_line(t, "May  7 21:43:54 host1 kernel: "));  // the header's run at column 66
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 4u);
  for (auto& r : ev[0].tasks) EXPECT_EQ(r.rss_bytes, 131u * 4096);
}

// `journalctl -o json` objects broken over lines (a terminal's hard wrap,
// a mail client's soft break, a reflow): each object is joined until it
// closes, so its MESSAGE and fields are whole.
TEST(MangledLines, JournalJsonBrokenOverLines) {
  const std::string obj =
      "{\"MESSAGE\":\"b invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=500\","
      "\"_TRANSPORT\":\"kernel\",\"_SOURCE_MONOTONIC_TIMESTAMP\":\"2000000\",\"_HOSTNAME\":\"web2\"}\n"
      "{\"MESSAGE\":\"Memory cgroup out of memory: Killed process 88 (b) total-vm:8192kB, anon-rss:8000kB, "
      "file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:16kB oom_score_adj:500\",\"_TRANSPORT\":\"kernel\","
      "\"_SOURCE_MONOTONIC_TIMESTAMP\":\"2000002\"}\n";
  for (const auto& t : {mangle::hard_wrap(obj, 80), mangle::flowed(obj, 72), mangle::reflow_indent(obj)}) {
    auto ev = parse(t);
    ASSERT_EQ(ev.size(), 1u) << t;
    ASSERT_TRUE(ev[0].trigger) << t;
    EXPECT_EQ(ev[0].trigger->comm, "b");
    EXPECT_EQ(ev[0].host, "web2");
    ASSERT_EQ(ev[0].victims.size(), 1u);
    EXPECT_EQ(ev[0].victims[0].message, "Memory cgroup out of memory");
  }
}

// A report a person reflowed at spaces, each rest indented: `Task in` broken
// before its paths (an anchor the prefilter cannot see), a table header
// broken inside its padding, an ARM frame's address alone on its line.
TEST(MangledLines, ReflowedAtSpaces) {
  const std::string p = "Sep  5 11:05:35 host1 kernel: ";
  const std::string t =
      p + "Task in\n    /kubepods/pod1/c1 killed as a result of limit of /kubepods/pod1\n" + p +
      "memory: usage 1048576kB, limit\n    1048576kB, failcnt 189\n" + p +
      "[<8028f008>]\n    (oom_kill_process) from [<8028fc00>] (out_of_memory+0x134/0x34c)\n" + p +
      "[<8028fc00>]\n    (out_of_memory) from [<80295e80>]\n    (__alloc_pages_nodemask+0xcfc/0x11c8)\n" + p +
      "[ pid ]   uid  tgid\n    total_vm      rss cpu oom_adj oom_score_adj name\n" + p +
      "[ 1046]  1066  1046\n    228537    95491   3       0             0 apache2\n" + p +
      "Memory cgroup out of\n    memory: Kill process 1046 (apache2) score 1000 or sacrifice child\n";
  const OomEvent ev = one(t);
  ASSERT_TRUE(ev.memcg);
  EXPECT_EQ(ev.memcg->task_memcg, "/kubepods/pod1/c1");
  EXPECT_EQ(ev.memcg->limit_bytes, 1048576u * 1024);
  ASSERT_EQ(ev.tasks.size(), 1u);
  EXPECT_EQ(ev.tasks[0].rss_bytes, 95491u * 4096);
  EXPECT_EQ(ev.tasks[0].oom_score_adj, 0);
  // Chunk borders change nothing: the break after `Task in` may end a chunk.
  for (size_t chunk : {7, 64}) {
    size_t events = 0;
    std::optional<std::string> task_memcg;
    ReportScanner sc(ScanOptions{"t", 2024}, [&](OomEvent&& e) {
      ++events;
      if (e.memcg) task_memcg = e.memcg->task_memcg;
    });
    for (size_t i = 0; i < t.size(); i += chunk) sc.feed_text(std::string_view(t).substr(i, chunk));
    sc.finish();
    EXPECT_EQ(events, 1u) << chunk;
    EXPECT_EQ(task_memcg, "/kubepods/pod1/c1") << chunk;
  }
}

// `Killed process <child>` then `Kill process <parent> … or sacrifice child`
// alone: newest-first (a later line before them) one report; in print order
// (the later line after them) the ends of two rate-limited reports.
TEST(MangledLines, ChildKillThenSelectionTakesOrderFromTheTimes) {
  const std::string later = "May  8 14:05:34 host25 containerd: level=info msg=\"shim reaped\"\n";
  const std::string kill =
      "May  8 14:05:27 host25 kernel: Killed process 18177 (palo_be), UID 0, total-vm:70347780kB, "
      "anon-rss:45563572kB, file-rss:0kB, shmem-rss:0kB\n";
  const std::string sel =
      "May  8 14:05:27 host25 kernel: Memory cgroup out of memory: Kill process 24984 (palo_be) score 968 or "
      "sacrifice child\n";
  const OomEvent newest_first = one(later + kill + sel);
  ASSERT_EQ(newest_first.victims.size(), 1u);
  EXPECT_EQ(newest_first.victims[0].pid, 18177);
  EXPECT_EQ(newest_first.constraint, Constraint::memcg);
  EXPECT_EQ(parse(kill + sel + later).size(), 2u);
}

// Two rows of a header-less table glued on one line (a scrape artefact),
// looked back at from the kill: both rows, neither comm swallowing the other.
TEST(MangledLines, GluedRowsBeforeTheKill) {
  const std::string p = "May  7 13:38:49 host1 kernel: ";
  const std::string t =
      p + "[ 140112]  1000 140112     4881      402    57344      139             0 bash\n" + p +
      "[ 140113]  1000 140113   939915   630466  5758976        0             0 simplescreenrec" + p +
      "[ 140134]  1000 140134     1508      114    49152        0             0 ssh-agent\n" + p +
      "Out of memory: Killed process 140113 (simplescreenrec) total-vm:3759660kB, anon-rss:2511944kB, "
      "file-rss:0kB, shmem-rss:9920kB, UID:1000 pgtables:5624kB oom_score_adj:0\n";
  const OomEvent e = one(t);
  ASSERT_EQ(e.tasks.size(), 3u);
  EXPECT_EQ(e.tasks[1].comm, "simplescreenrec");
  EXPECT_EQ(e.tasks[2].comm, "ssh-agent");
  EXPECT_EQ(e.tasks[2].pid, 140134);
}

// A hard-wrapped text whose rows have one run of spaces at one column is not
// taken as padded: the rows' numbers are never run together.
TEST(MangledLines, TableColumnsAreNotPads) {
  std::string t(kReport);
  for (int i = 0; i < 4; ++i)
    t.insert(t.find("oom-kill:"), "[   424" + std::to_string(3 + i) + "]  1000  4243   260000   131000   1105920        0             0 python3\n");
  const OomEvent e = one(t);
  ASSERT_EQ(e.tasks.size(), 5u);
  for (auto& r : e.tasks) EXPECT_EQ(r.pgtables_bytes, 1105920u);
}

// `Memory cgroup stats for` alone on its line (a path cut by a viewer) is a
// header with an unknown path; a reflow's indented path after it, or a
// format=flowed soft break's, is its path.
TEST(MangledLines, StatsHeaderWithItsPathOnTheNextLine) {
  const std::string pre = "Jan  5 02:12:02 host1 kernel: ";
  for (const std::string& brk : {std::string("\n    "), std::string(" \n")}) {
    std::string t = pre + "memory: usage 1048576kB, limit 1048576kB, failcnt 189\n" + pre +
                    "Memory cgroup stats for" + brk + "/kubepods/pod1/c1: cache:0KB rss:1048576KB\n" + pre +
                    "Memory cgroup out of memory: Killed process 42 (java) total-vm:2097152kB, anon-rss:1048000kB, "
                    "file-rss:0kB, shmem-rss:0kB\n";
    auto ev = parse(t);
    ASSERT_EQ(ev.size(), 1u);
    ASSERT_TRUE(ev[0].memcg);
    EXPECT_EQ(ev[0].memcg->oom_memcg, "/kubepods/pod1/c1") << brk;
  }
}

// A second kill reflowed over indented lines right after a whole one (the
// first report still open): its message is still the two pieces'.
TEST(MangledLines, ReflowedKillAfterAnotherKill) {
  const std::string pre = "May 15 23:09:27 host1 kernel: [  514.682838] ";
  const std::string t =
      pre + "Memory cgroup out of memory: Killed process 15617 (python3) total-vm:11892kB, anon-rss:4292kB, "
            "file-rss:3428kB, shmem-rss:0kB\n" +
      pre + "oom_reaper: reaped process 15617 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB\n" + pre +
      "Memory cgroup out of\n    memory: Killed process 15674 (python3) total-vm:11892kB,\n"
      "    anon-rss:4292kB, file-rss:3424kB, shmem-rss:0kB\n";
  auto ev = parse(t);
  ASSERT_EQ(ev.size(), 2u);
  ASSERT_EQ(ev[1].victims.size(), 1u);
  EXPECT_EQ(ev[1].victims[0].pid, 15674);
  EXPECT_EQ(ev[1].victims[0].message, "Memory cgroup out of memory");
  EXPECT_EQ(ev[1].victims[0].anon_rss_bytes, 4292u * 1024);
  EXPECT_EQ(ev[1].constraint, Constraint::memcg);
}

std::string fixture(const char* name) {
  std::ifstream f(std::string(oomlens::testing::source_dir()) + "/tests/fixtures/logs/" + name);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(MangledLines, RealPasteBareKernelTag) {  // systemd#40208: was trigger "kernel: systemd"
  auto ev = parse(fixture("paste-systemd-40208-bare-kernel-tag.log"));
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].kind, EventKind::no_killable);
  ASSERT_TRUE(ev[1].trigger);
  EXPECT_EQ(ev[1].trigger->comm, "systemd");
  EXPECT_EQ(ev[1].trigger->pid, 20957);
  EXPECT_EQ(ev[1].trigger->oom_score_adj, 100);
}

TEST(MangledLines, RealPasteQuotedMailWrapped) {  // LKML 2008: was gfp_mask "0xd0," and order null
  auto ev = parse(fixture("paste-lkml-2008-quoted-mail-wrapped.log"));
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].trigger->comm, "df_inode");
  EXPECT_EQ(ev[0].trigger->gfp_mask, "0xd0");
  EXPECT_EQ(ev[0].trigger->order, 0);
  EXPECT_EQ(ev[1].trigger->gfp_mask, "0x40d0");
  EXPECT_EQ(ev[1].trigger->order, 1);
}

// A v1 `Task in` line after a stack frame (`[<ffff…>] …`, an unrecognised
// line starting with '['), padded by a terminal: its pads are taken out as
// from any line, not kept as a table row's rest's runs of spaces would be.
TEST(MangledLines, PadsInAV1TaskInPathAfterAFrameAreTakenOut) {
  const std::string path = "/docker/4f1c0a9e2b7d4c6a8e1f3b5d7c9a0e2f4b6d8c0a1e3f5b7d9c2a4e6f8b0d1c3e";
  const std::string clean =
      "[138805.608851] java invoked oom-killer: gfp_mask=0xd0, order=0, oom_score_adj=0\n"
      "[138805.608887] [<ffffffff8116d20e>] oom_kill_process+0x24e/0x3b0\n"
      "[138805.608916] Task in " + path + " killed as a result of limit of " + path + "\n"
      "[138805.608918] memory: usage 3140120kB, limit 3145728kB, failcnt 616038\n"
      "[138805.609043] Memory cgroup out of memory: Kill process 20611 (java) score 1068 or sacrifice child\n";
  const std::string padded = mangle::inline_pad_wrap(clean, 80);
  ASSERT_NE(padded.find("        "), std::string::npos);
  for (const std::string& text : {clean, padded}) {
    auto ev = parse(text);
    ASSERT_EQ(ev.size(), 1u) << text;
    ASSERT_TRUE(ev[0].memcg) << text;
    EXPECT_EQ(ev[0].memcg->oom_memcg, path) << text;
    EXPECT_EQ(ev[0].memcg->task_memcg, path) << text;
    ASSERT_EQ(ev[0].selected.size(), 1u) << text;
    EXPECT_EQ(ev[0].selected[0].score, 1068) << text;
  }
}

// A run of spaces left inside a memcg path (a pad too short to be taken out
// as one) makes the path unknown: never a path with spaces in it.
TEST(MangledLines, APathWithARunOfSpacesIsUnknown) {
  const std::string text =
      "[  514.682838] Task in /docker/4f1c0a9e  2b7d4c6a8e1f3b5d7c9a0e2f4b6d8c0a1e3f5b7d9c2a4e6f8b0d1c3e killed as a result "
      "of limit of /docker/4f1c0a9e2b7d4c6a8e1f3b5d7c9a0e2f4b6d8c0a1e3f5b7d9c2a4e6f8b0d1c3e\n"
      "[  514.682840] memory: usage 524288kB, limit 524288kB, failcnt 812\n"
      "[  514.682901] Memory cgroup out of memory: Kill process 4242 (python3) score 990 or sacrifice child\n";
  const OomEvent e = one(text);
  ASSERT_TRUE(e.memcg);
  EXPECT_FALSE(e.memcg->task_memcg);
  // (A full 64-hex id: a shorter one ending the line would be a cut path.)
  EXPECT_EQ(e.memcg->oom_memcg, "/docker/4f1c0a9e2b7d4c6a8e1f3b5d7c9a0e2f4b6d8c0a1e3f5b7d9c2a4e6f8b0d1c3e");
}

// Corpus 132 cut at 100 columns: the stats line's path ends in `...` and the
// poster's wrapped rest (`8KB rss_huge:0KB …`) follows. The path is unknown,
// never the path joined with the stats; the stats after the cut figure stay.
TEST(MangledLines, StatsPathCutByAViewerIsUnknown) {
  const std::string p = "[5193605.5067] ";
  const std::string t =
      p + "memory: usage 524288kB, limit 524288kB, failcnt 0\n" + p +
      "Memory cgroup stats for /kubepods/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/024952...\n"
      "8KB rss_huge:0KB shmem:28KB mapped_file:0KB dirty:503316KB writeback:0KB swap:0KB inactive_anon:0...\n" +
      p + "Memory cgroup out of memory: Killed process 62769 (cp) total-vm:17528kB, anon-rss:544kB, file-rss:1100kB\n";
  const OomEvent e = one(t);
  ASSERT_TRUE(e.memcg);
  EXPECT_FALSE(e.memcg->oom_memcg);
  std::map<std::string, uint64_t> stats(e.memcg->stats.begin(), e.memcg->stats.end());
  EXPECT_EQ(stats.count("8KB rss_huge"), 0u);
  EXPECT_EQ(stats.count("rss"), 0u);  // its figure was cut
  EXPECT_EQ(stats["shmem"], 28u * 1024);
  EXPECT_EQ(stats.count("inactive_anon"), 0u);  // cut: `0...`
}

// Corpus 132 through `tac`: the line cut in its comm (`Killed process 62769 (...`)
// opens the newest-first report, and `Task in … of /kubepo` gets its wrapped
// rest (`ds/pod…`, before it in the text) back: one event, as forward.
TEST(MangledLines, NewestFirstRejoinsAWrappedPathAndOpensOnACutKill) {
  const std::string p = "[5193605.5067] ";
  const std::string id = "024952d653ef1cd852f875a61bd27cf45cb1fd6cab3659ca7e5f12f037d99aa9";
  const std::string path = "/kubepods/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/" + id;
  const std::string forward =
      p + "Task in " + path + " killed as a result of limit of /kubepo\nds/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/" +
      id + "\n" + p + "memory: usage 524288kB, limit 524288kB, failcnt 0\n" + p +
      "Tasks state (memory values in pages):\n" + p +
      "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n" + p +
      "[  62685]     0 62685     2925      679    65536        0          -998 bash\n" + p +
      "[  62769]     0 62769     4382      411    77824        0          -998 cp\n" + p +
      "Memory cgroup out of memory: Kill process 62685 (bash) score 0 or sacrifice child\n" + p +
      "Killed process 62769 (...\n";
  for (const std::string& t : {forward, mangle::reverse_lines(forward)}) {
    auto ev = parse(t);
    ASSERT_EQ(ev.size(), 1u) << t;
    ASSERT_TRUE(ev[0].memcg);
    EXPECT_EQ(ev[0].memcg->oom_memcg, path) << t;
    EXPECT_EQ(ev[0].memcg->task_memcg, path) << t;
    ASSERT_EQ(ev[0].victims.size(), 1u);
    EXPECT_EQ(ev[0].victims[0].pid, 62769);
  }
}

// Corpus 121: a translator put spaces inside the docker id on the oom-kill:
// line. The pieces make one 64-hex id: rejoined; pieces of another length:
// unknown; a space between words (not an id's hex) is kept.
TEST(MangledLines, SpacesInsideAContainerIdOnTheSummaryLine) {
  auto memcg_of = [](const std::string& task_memcg) {
    auto ev = parse("oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=" +
                    task_memcg + ",task=python,pid=2953,uid=999\n");
    if (ev.size() != 1) return std::optional<std::string>("no event");
    return ev[0].memcg ? ev[0].memcg->task_memcg : std::nullopt;
  };
  const std::string id = "e9d912458f1530f0d9f586ab3bdca1015f45cbb5cd59cddde5a33d7714fda280";
  EXPECT_EQ(memcg_of("/docker/e9d912458f1530f0d9f586ab3bdca1015f45cbb5cd59cddde 5 a33d7714fda280"), "/docker/" + id);
  EXPECT_EQ(memcg_of("/system.slice/docker-e9d912458f1530f0d9f586ab3bd ca1015f45cbb5cd59cddde5a33d7714fda280.scope"),
            "/system.slice/docker-" + id + ".scope");
  EXPECT_EQ(memcg_of("/docker/e9d912458f1530f0d9f586ab3bdca1015f45cbb5cd59cddde 5 a33d7714fda28"), std::nullopt);
  EXPECT_EQ(memcg_of("/user.slice/my app.scope"), "/user.slice/my app.scope");
}

// Corpus 132 without its prefixes (or reflowed, the rest indented): nothing
// tells the wrapped rest of `…limit of /kubepo` from a record but its shape,
// one word with a '/' after a line ending in a path. Joined without a space
// (a path has none), never the stump `/kubepo` as the path.
TEST(MangledLines, TaskInPathWrappedWithoutPrefixesIsRejoined) {
  const std::string id = "024952d653ef1cd852f875a61bd27cf45cb1fd6cab3659ca7e5f12f037d99aa9";
  const std::string path = "/kubepods/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/" + id;
  for (const char* indent : {"", "    "}) {
    const std::string t = "Task in " + path + " killed as a result of limit of /kubepo\n" + indent +
                          "ds/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/" + id +
                          "\nmemory: usage 524288kB, limit 524288kB, failcnt 0\n"
                          "Memory cgroup out of memory: Killed process 62769 (cp) total-vm:17528kB, anon-rss:544kB, "
                          "file-rss:1100kB\n";
    auto ev = parse(t);
    ASSERT_EQ(ev.size(), 1u) << t;
    ASSERT_TRUE(ev[0].memcg);
    EXPECT_EQ(ev[0].memcg->oom_memcg, path) << t;
    EXPECT_EQ(ev[0].memcg->task_memcg, path) << t;
  }
  // A line with a space is no path's rest: the path stays as printed.
  const OomEvent e = one("Task in /a killed as a result of limit of /a\nsome other text\n"
                                        "Memory cgroup out of memory: Killed process 7 (cp) total-vm:1kB, anon-rss:1kB, file-rss:0kB\n");
  ASSERT_TRUE(e.memcg);
  EXPECT_EQ(e.memcg->oom_memcg, "/a");
}

// Corpus 132 cut at 120 columns: the `Task in` line ends in the viewer's
// `...` inside its first path, and the poster's wrap of the uncut line comes
// after it (joined to it as a prefixed line's rest). The line still opens the
// report (its time is that line's); both paths are unknown, never a stump.
TEST(MangledLines, TaskInCutInsideItsFirstPathOpensTheReport) {
  const std::string t =
      "[5193605.506728] Task in /kubepods/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/024952d653ef1cd852f875a61bd27cf45...\n"
      "ds/pod951f6bc5-c5a5-11ea-8707-80e455f266a2/024952d653ef1cd852f875a61bd27cf45cb1fd6cab3659ca7e5f12f037d99aa9\n"
      "[5193605.506735] memory: usage 524288kB, limit 524288kB, failcnt 0\n"
      "[5193605.506956] Memory cgroup out of memory: Killed process 62769 (cp) total-vm:17528kB, anon-rss:544kB, "
      "file-rss:1100kB\n";
  const OomEvent e = one(t);
  EXPECT_EQ(e.lines.first, 1u);
  EXPECT_EQ(e.time.monotonic_s, 5193605.506728);
  ASSERT_TRUE(e.memcg);
  EXPECT_FALSE(e.memcg->oom_memcg);
  EXPECT_FALSE(e.memcg->task_memcg);
}

// A poster's prose line right after the task table's last row, no blank
// line between, then the kill line: the prose is no rest of the row (glued,
// the comm would be `pythonhello world`, 17 bytes; a comm is at most 15,
// TASK_COMM_LEN 16 with its NUL). A row wrapped inside its comm still rejoins.
TEST(MangledLines, ProseAfterTheLastRowIsNoRestOfItsComm) {
  const std::string head =
      "[  100.000001] python invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0\n"
      "[  100.000002] Tasks state (memory values in pages):\n"
      "[  100.000003] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n";
  const std::string kill =
      "[  100.000005] Out of memory: Killed process 123 (python) total-vm:2000000kB, anon-rss:1600000kB, "
      "file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:2928kB oom_score_adj:0\n";
  const OomEvent e = testing::one_event(
      head + "[  100.000004] [    123]  1000   123   500000   400000  3000000        0             0 python\n"
      "hello world\n" + kill);
  ASSERT_EQ(e.tasks.size(), 1u);
  EXPECT_EQ(e.tasks[0].comm, "python");
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].comm, "python");
  const OomEvent wrapped = testing::one_event(
      head + "[  100.000004] [    123]  1000   123   500000   400000  3000000        0             0 pyth\non\n" + kill);
  ASSERT_EQ(wrapped.tasks.size(), 1u);
  EXPECT_EQ(wrapped.tasks[0].comm, "python");
}

// Short prose after the last row (≤ 15 bytes once joined: `pythonhi all`, `pythonThanks!`) is no rest of its comm
// either: a piece joined to a comm the row already shows, when the row was not cut at the wrap width, must read as a
// comm's rest (one word, no sentence's end). A cut comm's one-word rest (`pyth` + `on`, `rpc` + `.statd`) still
// rejoins; a row wrapped before its comm takes the comm whole, spaces and all.
TEST(MangledLines, ShortProseAfterTheLastRowIsNoRestOfItsComm) {
  const std::string head =
      "[  100.000001] python invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0\n"
      "[  100.000002] Tasks state (memory values in pages):\n"
      "[  100.000003] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n";
  const std::string row = "[  100.000004] [    123]  1000   123   500000   400000  3000000        0             0 ";
  const std::string kill =
      "[  100.000005] Out of memory: Killed process 123 (python) total-vm:2000000kB, anon-rss:1600000kB, "
      "file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:2928kB oom_score_adj:0\n";
  for (const char* prose : {"hi all", "Thanks!", "see:", "any ideas?", "help?"}) {
    const OomEvent e = testing::one_event(head + row + "python\n" + prose + "\n" + kill);
    ASSERT_EQ(e.tasks.size(), 1u) << prose;
    EXPECT_EQ(e.tasks[0].comm, "python") << prose;
    EXPECT_EQ(e.lines.last, 6u) << prose;
  }
  for (const auto& [cut, rest, comm] : {std::tuple{"pyth", "on", "python"}, std::tuple{"rpc", ".statd", "rpc.statd"},
                                        std::tuple{"networkd", "-dispat", "networkd-dispat"}}) {
    const OomEvent e = testing::one_event(head + row + cut + "\n" + rest + "\n" + kill);
    ASSERT_EQ(e.tasks.size(), 1u) << comm;
    EXPECT_EQ(e.tasks[0].comm, comm);
  }
  EXPECT_TRUE(looks_like_comm_rest("on"));
  EXPECT_TRUE(looks_like_comm_rest("-dispat"));
  EXPECT_FALSE(looks_like_comm_rest("hi all"));
  EXPECT_FALSE(looks_like_comm_rest("Thanks!"));
  EXPECT_FALSE(looks_like_comm_rest("why?"));
  EXPECT_FALSE(looks_like_comm_rest("---[ end"));
  EXPECT_FALSE(looks_like_comm_rest("..."));
  EXPECT_FALSE(looks_like_comm_rest(""));
}

}  // namespace
}  // namespace oomlens
