// The sweep runner's argv for each point (supervise/sweep.h, pure).
#include <gtest/gtest.h>

#include "supervise/sweep.h"

namespace oomlens::supervise {
namespace {

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
