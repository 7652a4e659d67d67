// Pure helpers of `run --restart-on-oom` (supervise/restart.h) and of the
// sweep runner (supervise/sweep.h).
#include <gtest/gtest.h>

#include "supervise/restart.h"
#include "supervise/sweep.h"

namespace oomlens::supervise {
namespace {

TEST(RestartRecords, AttemptKWritesItsOwnRecordBesideTheFirst) {
  EXPECT_EQ(attempt_record_path("/t/job.jsonl", 1), "/t/job.jsonl");
  EXPECT_EQ(attempt_record_path("/t/job.jsonl", 2), "/t/job.attempt2.jsonl");
  EXPECT_EQ(attempt_record_path("job", 3), "job.attempt3");
}

TEST(SweepPointArgv, EachPointIsAWholeRunInItsOwnCgroup) {
  SweepRunOptions o;
  o.limit = "2G";
  auto a = sweep_point_argv("/bin/oomlens", "/d/point-1.jsonl", o, {"python3", "t.py", "--w", "2"});
  std::vector<std::string> want = {"/bin/oomlens", "run", "--record", "/d/point-1.jsonl", "--limit", "2G",
                                   "--linger", "10", "--", "python3", "t.py", "--w", "2"};
  EXPECT_EQ(a, want);
}

}  // namespace
}  // namespace oomlens::supervise
