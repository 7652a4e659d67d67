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
#include <utility>

#include "util/result.h"
#include "watch/capture.h"

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

/// A running capture's state file: read once to resume, saved after a
/// wakeup that brought events and at exit.
class StateKeeper {
 public:
  /// PATH "": no state is kept (`daemon --no-state`).
  explicit StateKeeper(std::string path) : path_(std::move(path)) {}
  /// Where a restarted daemon resumes (CaptureOptions::skip_through_seq):
  /// the file's last sequence number when it was saved in this boot (ROOT's
  /// /proc/sys/kernel/random/boot_id), else nullopt.
  [[nodiscard]] std::optional<uint64_t> resume_seq(const std::string& root) const;
  /// An event came: the next save_if_changed() writes.
  void note_event() { changed_ = true; }
  /// Saves when events came since the last save and the capture knows where
  /// it is (Capture::safe_seq()); kOk when there was nothing to save.
  [[nodiscard]] Status save_if_changed(const Capture& capture);
  /// Saves the capture's boot id and safe_seq() when it has both (at exit).
  [[nodiscard]] Status save(const Capture& capture);

 private:
  std::string path_;
  bool changed_ = false;
};

}  // namespace oomlens::watch
