// Rules found moving mangler-pending reports up (issue 12, h-mang10: tests/corpus/654, 630), each on hand-written input
// shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "kernel_log/report_scanner.h"
#include "util/text.h"

namespace oomlens {
namespace {

TEST(Utf8CodePoints, CountsCharactersNotBytes) {
  EXPECT_EQ(text::utf8_code_points(""), 0u);
  EXPECT_EQ(text::utf8_code_points("kernel: "), 8u);
  EXPECT_EQ(text::utf8_code_points("\xE6\x97\xA5\xE5\xBF\x97 OOM"), 6u);  // two CJK characters, six bytes
  EXPECT_EQ(text::utf8_code_points("\xE2\x80\xA6"), 1u);                     // U+2026
}

// 654: a Chinese write-up re-wrapped at 80 characters (not bytes: each CJK character is three bytes), the header
// broken inside `invoked` and the kill line inside its figures. The text is hard-wrapped by characters, so the
// pieces are rejoined without a space: the header opens the report, at its own time.
const char* const kWrappedByCharacters =
    "日志显示`Xwayland`虚拟内存占用达到约14.7GB，`peony-qt-desktop`（Kylin文件管理器）占用约3GB，二者先后被内核OOM终止。\n"
    "触发源头是`glmark2-es2-way`（GPU基准测试工具），说明在长时间S4循环过程中，图形栈相关进程存在内存泄漏。\n"
    "```text\n"
    "Apr  8 11:28:56 host03 kernel: [34536.806115][ 3] [T96407] glmark2-es2-way invok\n"
    "ed oom-killer: gfp_mask=0x440dc0, order=0, oom_score_adj=0\n"
    "Apr  8 11:28:56 host03 kernel: [34536.809608][ 4] [T96407] Out of memory: Killed\n"
    " process 3282 (peony-qt-deskto) total-vm:3023860kB, anon-rss:1024kB, file-rss:0k\n"
    "B, shmem-rss:0kB, UID:1000 pgtables:512kB oom_score_adj:0\n"
    "```\n"
    "在最终中止的那个周期，系统从S4正常唤醒并完成网络重连后，多个不相关的核心服务在同一秒内被终止，这些打印不代表内存不足，属于正常的S4流程日志，与上面的事件无关\n"
    "。\n";

TEST(HardWrap, TextWrappedByCharactersRejoinsARecordBrokenInsideAWord) {
  const auto events = parse_log_text(kWrappedByCharacters, {});
  ASSERT_EQ(events.size(), 1u);
  const OomEvent& e = events[0];
  ASSERT_TRUE(e.time.monotonic_s.has_value());
  EXPECT_DOUBLE_EQ(*e.time.monotonic_s, 34536.806115);
  ASSERT_TRUE(e.trigger.has_value());
  EXPECT_EQ(e.trigger->comm, "glmark2-es2-way");
  EXPECT_EQ(e.trigger->gfp_mask, "0x440dc0");
  ASSERT_EQ(e.victims.size(), 1u);
  EXPECT_EQ(e.victims[0].pid, 3282);
  EXPECT_EQ(e.victims[0].uid, 1000u);
  EXPECT_EQ(e.victims[0].file_rss_bytes, 0u);
}

// 630 re-flowed: the poster's condensed summary written after the kill, broken before its `task=`. The piece names no
// task yet; its rest names the victim, so it is that kill's summary: one event, the chosen task known.
TEST(SummaryAfterKill, PieceBrokenBeforeTaskIsTheKillsWhenItsRestNamesTheVictim) {
  const auto events = parse_log_text(
      "    Out of memory: Killed process 18349 (VLLM::EngineCor)\n"
      "      total-vm:384577048kB   anon-rss:995216kB   shmem-rss:134238912kB\n"
      "    oom-kill:constraint=CONSTRAINT_NONE, global_oom, \n"
      "task=VLLM::EngineCor\n",
      {});
  ASSERT_EQ(events.size(), 1u);
  ASSERT_EQ(events[0].victims.size(), 1u);
  EXPECT_EQ(events[0].victims[0].pid, 18349);
  ASSERT_TRUE(events[0].chosen.has_value());
  EXPECT_EQ(events[0].chosen->comm, "VLLM::EngineCor");
}

// The same piece whose rest names another task: whose summary it is is unknown, so the kill's event has none (no
// chosen task, never the other one).
TEST(SummaryAfterKill, PieceBrokenBeforeTaskNamingAnotherTaskIsNoones) {
  const auto events = parse_log_text(
      "    Out of memory: Killed process 18349 (VLLM::EngineCor)\n"
      "      total-vm:384577048kB   anon-rss:995216kB   shmem-rss:134238912kB\n"
      "    oom-kill:constraint=CONSTRAINT_NONE, global_oom, \n"
      "task=python3,pid=18400,uid=0\n",
      {});
  ASSERT_GE(events.size(), 1u);
  ASSERT_EQ(events[0].victims.size(), 1u);
  EXPECT_EQ(events[0].victims[0].pid, 18349);
  EXPECT_FALSE(events[0].chosen.has_value());
}

}  // namespace
}  // namespace oomlens
