// The task-table helpers the checks share (diagnose/explain_detail.h):
// row_of_pid, the one lookup of a process's row, and tasks_rss_bytes, the one
// sum of the rows' RSS.
#include <gtest/gtest.h>

#include "diagnose/explain_detail.h"

namespace oomlens {
namespace {

using detail::row_of_pid;
using detail::tasks_rss_bytes;

TaskRow row(int64_t pid, std::optional<int64_t> tgid, uint64_t rss_bytes) {
  TaskRow r;
  r.pid = pid;
  r.tgid = tgid;
  r.rss_bytes = rss_bytes;
  return r;
}

// dump_task() prints a process under the pid of the thread that holds its mm
// (find_lock_task_mm()), its tgid beside it: either names the process.
TEST(TaskRows, RowOfPidMatchesPidOrTgidFirstShown) {
  OomEvent e;
  e.tasks = {row(100, 100, 1), row(205, 200, 2), row(300, std::nullopt, 3), row(100, 100, 4)};
  ASSERT_NE(row_of_pid(e, 100), nullptr);
  EXPECT_EQ(row_of_pid(e, 100)->rss_bytes, 1u);  // the first of two rows
  ASSERT_NE(row_of_pid(e, 200), nullptr);        // by its tgid
  EXPECT_EQ(row_of_pid(e, 200)->pid, 205);
  ASSERT_NE(row_of_pid(e, 205), nullptr);  // by the thread's pid
  EXPECT_EQ(row_of_pid(e, 300)->rss_bytes, 3u);
  EXPECT_EQ(row_of_pid(e, 400), nullptr);
  EXPECT_EQ(row_of_pid(e, std::nullopt), nullptr);  // an unknown pid names no row
  EXPECT_EQ(row_of_pid(OomEvent{}, 100), nullptr);
}

// The rows' RSS together, a 6.8+ row's rss_anon + rss_file + rss_shmem
// counted as its rss; a row that prints none leaves the sum unknown (null),
// never one too small. No rows: 0.
TEST(TaskRows, TasksRssBytesSumsEveryRowOrIsUnknown) {
  OomEvent e;
  EXPECT_EQ(tasks_rss_bytes(e), std::optional<uint64_t>(0));
  e.tasks = {row(1, 1, 4096), row(2, 2, 8192)};
  EXPECT_EQ(tasks_rss_bytes(e), std::optional<uint64_t>(12288));
  TaskRow split;  // 6.8+: no rss column, its three parts
  split.pid = 3;
  split.rss_anon_bytes = 1000;
  split.rss_file_bytes = 200;
  split.rss_shmem_bytes = 30;
  e.tasks.push_back(split);
  EXPECT_EQ(tasks_rss_bytes(e), std::optional<uint64_t>(13518));
  TaskRow none;  // rss not printed (a cut row)
  none.pid = 4;
  e.tasks.push_back(none);
  EXPECT_EQ(tasks_rss_bytes(e), std::nullopt);
}

}  // namespace
}  // namespace oomlens
