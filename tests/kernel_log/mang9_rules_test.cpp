// Rules found moving mangler-pending reports up (issue 12, h-mang9: tests/corpus/578, 581, 587), each on
// hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kernel_log/newest_first.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

std::vector<int64_t> task_pids(const OomEvent& e) {
  std::vector<int64_t> out;
  for (const auto& t : e.tasks) out.push_back(t.pid);
  return out;
}

TEST(NewestFirst, StampsFallOnlyWhenAllKnownAndNeverRising) {
  EXPECT_TRUE(stamps_fall({3.0, 2.0, 2.0, 1.0}));
  EXPECT_FALSE(stamps_fall({3.0}));
  EXPECT_FALSE(stamps_fall({2.0, 2.0}));
  EXPECT_FALSE(stamps_fall({3.0, 1.0, 2.0}));
  EXPECT_FALSE(stamps_fall({3.0, std::nullopt, 1.0}));
}

// 578: the kill line first, a sentence, then the rows stamped before it, in print order.
const char* const kKillThenRows =
    "[  215.109804] Out of memory: Killed process 2299 ([celeryd: celer) total-vm:5338544kB, anon-rss:2947024kB, "
    "file-rss:0kB, shmem-rss:0kB, UID:1004 pgtables:6764kB oom_score_adj:0\n"
    "\n"
    "As far as I understand, these processes are noticeable.\n"
    "[  215.109763] [   2118]  1004  2118   354105     3044   667648    27696             0 gunicorn: maste\n"
    "[  215.109765] [   2119]  1004  2119   556442     4011   774144    29185             0 [celeryd: celer\n"
    "[  215.109775] [   2299]  1004  2299  1334636   736756  6926336    74251             0 [celeryd: celer\n";

TEST(NewestFirst, RowsStampedInPrintOrderBelowTheKillKeepTheirOrder) {
  const auto events = parse_log_text(kKillThenRows, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(task_pids(events[0]), (std::vector<int64_t>{2118, 2119, 2299}));
}

TEST(NewestFirst, UnstampedRowsBelowAPostersLineKeepTheirOrder) {
  std::string text = kKillThenRows;
  for (size_t p; (p = text.find("[  215.1097")) != std::string::npos;) text.erase(p, 15);
  for (size_t p; (p = text.find("[  215.1098")) != std::string::npos;) text.erase(p, 15);
  const auto events = parse_log_text(text, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(task_pids(events[0]), (std::vector<int64_t>{2118, 2119, 2299}));
}

TEST(Rows, TheSameTextReversedGivesTheRowsInStampOrderWithoutTheSentence) {
  std::string text = kKillThenRows;
  std::vector<std::string> lines;
  for (size_t p = 0, e; p < text.size(); p = e + 1) lines.push_back(text.substr(p, (e = text.find('\n', p)) - p));
  std::reverse(lines.begin(), lines.end());
  std::string reversed;
  for (const auto& l : lines) reversed += l + "\n";
  const auto events = parse_log_text(reversed, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(task_pids(events[0]), (std::vector<int64_t>{2118, 2119, 2299}));
  for (const auto& t : events[0].tasks) EXPECT_LE(t.comm.size(), 15u) << t.comm;
}

// 587: a row a viewer cut inside a name with a space keeps no first word of it.
TEST(Rows, ARowCutInsideItsNameHasNoName) {
  const std::string text =
      "[  215.109763] [   2118]  1004  2118   354105     3044   667648    27696             0 gunicorn: ...\n"
      "[  215.109765] [   2119]  1004  2119   556442     4011   774144    29185             0 celery\n"
      "[  215.109804] Out of memory: Killed process 2119 (celery) total-vm:2225768kB, anon-rss:16044kB, "
      "file-rss:0kB, shmem-rss:0kB, UID:1004 pgtables:756kB oom_score_adj:0\n";
  const auto events = parse_log_text(text, {});
  ASSERT_EQ(events.size(), 1u);
  ASSERT_EQ(events[0].tasks.size(), 2u);
  EXPECT_EQ(events[0].tasks[0].comm, "");
  EXPECT_EQ(events[0].tasks[0].tgid, std::optional<int64_t>(2118));
  EXPECT_EQ(events[0].tasks[1].comm, "celery");
}

// 581 reversed: a shell prompt and a sentence ending in `:` after rows read newest-first are no Mem-Info.
TEST(NewestFirst, AShellPromptAfterTheRowsIsNoMemInfo) {
  const std::string text =
      "Nov 23 07:34:28 host01 kernel: [ 4220.466523] [ 3831]  1000  3831  4399152  3911263 33304576    87522"
      "             0 generate_trie\n"
      "Nov 23 07:34:28 host01 kernel: [ 4220.466514] [ 2184]     0  2184   156211      141   516096     1333"
      "             0 fwupd\n"
      "user@host01:~/wiki_corpora$ tail  /var/log/kern.log\n"
      "\n"
      "I looked into the kernel log, and it was indeed an OOM error:\n";
  const auto events = parse_log_text(text, {});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_FALSE(events[0].mem_info);
  EXPECT_FALSE(events[0].constraint);
}

// 616 reversed: newest-first, the child's kill line, its mail-wrapped rest before it, then the parent's selection.
TEST(NewestFirst, AKillWhoseWrappedRestLiesBeforeItThenASelectionIsOneReport) {
  const std::string text =
      ">>>> file-rss:112kB, shmem-rss:112kB\n"
      ">>>> Killed process 1724 (trinity-c14) total-vm:37280kB, anon-rss:236kB,\n"
      ">>>> Out of memory: Kill process 1650 (trinity-main) score 90 or sacrifice child\n";
  const auto events = parse_log_text(text, {});
  ASSERT_EQ(events.size(), 1u);
  ASSERT_EQ(events[0].victims.size(), 1u);
  EXPECT_EQ(events[0].victims[0].pid, std::optional<int64_t>(1724));
  EXPECT_EQ(events[0].victims[0].file_rss_bytes, std::optional<uint64_t>(112 * 1024));
  ASSERT_EQ(events[0].selected.size(), 1u);
  EXPECT_EQ(events[0].selected[0].pid, 1650);
}

// 618 through wrap72: a quoted-printable `pid=3D4=` a re-wrap split leaves `,pid3D4=404` after the comm.
TEST(OomLines, ASummaryTaskBeforeABrokenPidKeyIsUnknown) {
  oomline::Summary sum;
  ASSERT_TRUE(oomline::parse_summary(
      "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=test,mems_allowed=0,oom_memcg=/test,"
      "task_memcg=/test,task=dd,pid3D4=404",
      sum));
  EXPECT_FALSE(sum.task);
  EXPECT_FALSE(sum.pid);
  EXPECT_EQ(sum.oom_memcg, std::optional<std::string>("/test"));
  // Whole, the same summary names its task.
  oomline::Summary whole;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=test,"
                                     "mems_allowed=0,oom_memcg=/test,task_memcg=/test,task=dd,pid=4404,uid=0",
                                     whole));
  EXPECT_EQ(whole.task, std::optional<std::string>("dd"));
}

// 518 cut at 100 columns: the kill line that gives ppc64le's 64 KiB page size cut before its total-vm.
TEST(PageSize, AKillLineCutBeforeItsTotalVmLeavesThePageSizeUnknown) {
  const std::string row =
      "[271641.879555] [ 177372]     0 177372      571        0        0        0         0    51200       96"
      "             0 test_zswap\n";
  const std::string header =
      "[271641.879550] [  pid  ]   uid  tgid total_vm      rss rss_anon rss_file rss_shmem pgtables_bytes swapents"
      " oom_score_adj name\n";
  const auto cut = parse_log_text(
      header + row + "[271641.879578] Memory cgroup out of memory: Killed process 177372 (test_zswap) total-vm:36...\n",
      {});
  ASSERT_EQ(cut.size(), 1u);
  EXPECT_FALSE(cut[0].page_size_bytes);
  ASSERT_EQ(cut[0].tasks.size(), 1u);
  EXPECT_FALSE(cut[0].tasks[0].total_vm_bytes);
  // Whole, the kill line gives 36544 kB for 571 pages: 64 KiB pages.
  const auto whole = parse_log_text(header + row +
                                        "[271641.879578] Memory cgroup out of memory: Killed process 177372 "
                                        "(test_zswap) total-vm:36544kB, anon-rss:0kB, file-rss:0kB, shmem-rss:0kB, "
                                        "UID:0 pgtables:50kB oom_score_adj:0\n",
                                    {});
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_EQ(whole[0].page_size_bytes, std::optional<uint64_t>(65536));
}

}  // namespace
}  // namespace oomlens
