#pragma once
// The daemon's state file: the boot id and the last /dev/kmsg sequence
// number whose reports were all counted, so a restarted daemon does not
// count the ring's old reports twice. Sequence numbers restart at every
// boot, so the number is only used when the boot id matches.
//
// Format: one JSON object `{"boot_id": "…", "last_kmsg_seq": N}`, written
// to FILE.tmp then renamed over FILE (a crash leaves the old or the new file).
#include <cstdint>
#include <optional>
#include <string>

#include "util/result.h"

namespace oomlens::watch {

struct DaemonState {
  std::string boot_id;
  uint64_t last_kmsg_seq = 0;
};

/// nullopt when the file is missing or malformed (then everything in the
/// ring is new to this daemon).
[[nodiscard]] std::optional<DaemonState> read_state(const std::string& path);
/// Writes atomically (PATH.tmp, then rename(2)), creating the parent
/// directory. Errors: the call that failed and its object ("open
/// PATH.tmp", "write PATH.tmp", "rename to PATH") with its errno.
[[nodiscard]] Status write_state(const std::string& path, const DaemonState& state);

}  // namespace oomlens::watch
