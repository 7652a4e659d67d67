#pragma once
// Internal to the line parsers of the OOM report (oom_lines*.cpp): the helpers
// more than one of their files uses. Not installed; included only from
// src/kernel_log/oom_lines*.cpp.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace oomlens::oomline {

/// A number read from a line as an int when it is within ±1,000,000 (an
/// order, an oom_adj, an oom_score_adj); nullopt when absent or out of range.
inline std::optional<int> to_int(std::optional<int64_t> v) {
  if (!v || *v < -1000000 || *v > 1000000) return std::nullopt;
  return static_cast<int>(*v);
}

/// `…<anchor>N (`, a line that names a process by pid then comm (the reaper's, OpenVZ's kill line): the pid N,
/// with `comm` left at what follows the ` (` and `anchor_at` (when given) set to where `anchor` starts; nullopt
/// without the anchor, a pid or the ` (` (oom_lines_kill.cpp).
std::optional<int64_t> pid_then_comm(std::string_view s, std::string_view anchor, std::string_view& comm,
                                     size_t* anchor_at = nullptr);

}  // namespace oomlens::oomline
