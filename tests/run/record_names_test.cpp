// The run's record names (pure): the default one (run/session.h) and each
// attempt's of `run --restart-on-oom` (run/restart.h).
#include <gtest/gtest.h>

#include "run/restart.h"
#include "run/session.h"

namespace oomlens::run {
namespace {

TEST(RestartRecords, AttemptKWritesItsOwnRecordBesideTheFirst) {
  EXPECT_EQ(attempt_record_path("/t/job.jsonl", 1), "/t/job.jsonl");
  EXPECT_EQ(attempt_record_path("/t/job.jsonl", 2), "/t/job.attempt2.jsonl");
  EXPECT_EQ(attempt_record_path("job", 3), "job.attempt3");
}

TEST(RecordName, SanitisedCommandAndTime) {
  auto n = default_record_name("/usr/bin/py thon;rm", 0);
  EXPECT_EQ(n.rfind("oomlens-pythonrm-", 0), 0u) << n;
  EXPECT_TRUE(n.ends_with(".jsonl"));
  EXPECT_EQ(default_record_name("///", 0).rfind("oomlens-job-", 0), 0u);
}

}  // namespace
}  // namespace oomlens::run
