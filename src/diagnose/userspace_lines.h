#pragma once
// Private to diagnose/userspace_evidence*.cpp: the readers of user-space lines that live outside
// userspace_evidence.cpp, and the sentence pieces they share with it. Each reader is a pure function of one line:
// its sentence (translated), or "" for a line it does not read.
#include <string>
#include <string_view>

namespace oomlens::diagnose {

/// What every sentence of a user-space kill ends with: the kernel's OOM killer did not act, so no kernel report.
[[nodiscard]] std::string not_the_kernel();

// userspace_job_limits.cpp: job runners' and batch schedulers' own memory limits.
/// The Dask nanny's `Worker … exceeded 95% memory budget. Restarting`.
[[nodiscard]] std::string dask_nanny(std::string_view t);
/// YARN's NodeManager (`… is running beyond physical memory limits. … Killing container.`), Spark's report of it,
/// and `Container killed on request. Exit code is 137|143`.
[[nodiscard]] std::string yarn(std::string_view t);
/// PBS's MoM, Torque's job mail, Moab, LSF, HTCondor and Flux's job shell.
[[nodiscard]] std::string batch_scheduler(std::string_view t);

}  // namespace oomlens::diagnose
