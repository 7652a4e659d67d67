#pragma once
// What launchers and frameworks print about a process they lost (pure):
// torchrun's (torch.distributed.elastic) failure summary and Ray's memory
// monitor. Used by the verdict (verdict.h) as evidence beside the kernel's.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oomlens::diagnose {

/// torchrun's `traceback : Signal 9 (SIGKILL) received by PID 4242`, with
/// the `rank      : 1 (local_rank: 1)` line of the same failure block
/// (torch/distributed/elastic/multiprocessing/errors: ProcessFailure).
struct RankSignal {
  int64_t pid = 0;
  int sig = 0;
  std::optional<int> rank, local_rank;  ///< null when the block did not say
};

struct LauncherFindings {
  std::vector<RankSignal> rank_signals;  ///< one per PID, in the order printed
  /// Ray's `OutOfMemoryError: Task was killed due to the node running low
  /// on memory` (Ray's memory monitor, a userspace OOM killer): the line,
  /// at most 200 bytes; empty when absent.
  std::string ray_oom;
};
[[nodiscard]] LauncherFindings scan_launcher_stderr(std::string_view tail);

/// " rank 1 (local_rank 1)", " rank 1", "" (for the verdict's sentences).
[[nodiscard]] std::string rank_clause(std::optional<int> rank, std::optional<int> local_rank);

}  // namespace oomlens::diagnose
