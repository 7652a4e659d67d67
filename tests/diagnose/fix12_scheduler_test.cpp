// fix12 (review D8): Torque's and LSF's own memory limit lines share one sentence, the scheduler passed to it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "diagnose/userspace_evidence.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using diagnose::userspace_evidence_line;

TEST(SchedulerLimits, TorqueAndLsfShareTheNotAKernelReportSentence) {
  const std::string torque = userspace_evidence_line("Job exceeded a memory resource limit (vmem, pvmem, etc.). Job "
                                                     "was aborted");
  const std::string lsf = userspace_evidence_line("TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.");
  EXPECT_THAT(torque, HasSubstr("Torque aborted the job because its MoM found the job over a memory limit"));
  EXPECT_THAT(torque, HasSubstr("This line is Torque's, the batch system's own enforcement, not a kernel OOM report. "
                                "If the cluster enforces that limit through the job's memory cgroup"));
  EXPECT_THAT(torque, HasSubstr("resources_used.vmem"));
  EXPECT_THAT(lsf, HasSubstr("LSF says it ended the job after the job reached its memory usage limit"));
  EXPECT_THAT(lsf, HasSubstr("This line is LSF's, the batch system's own enforcement, not a kernel OOM report. "
                             "If the cluster enforces that limit through the job's memory cgroup"));
  EXPECT_THAT(lsf, HasSubstr("bsub -M"));
}

}  // namespace
}  // namespace oomlens
