#pragma once
// Text that tells of memory trouble without being a kernel OOM report, read
// when an input holds no report (pure over the text fed to it):
//  - Slurm's `slurmstepd: error: Detected N oom-kill event(s) in StepId=J.S
//    cgroup` (newer releases: `Detected N oom_kill events in StepId=J.S.`): it counted OOM kills in the step's cgroup (memory.events
//    oom_kill); the kernel's reports are in the compute node's kernel log.
//  - systemd's `<unit>: A process of this unit has been killed by the OOM
//    killer.`: the kernel killed in the unit's cgroup; its report is in the
//    kernel log.
//  - a memory.events `high N` count: memory.high throttling, which is no kill.
//  - a user-space killer's kill (diagnose/killer_daemon_log.h: earlyoom,
//    systemd-oomd and systemd's `<unit>: systemd-oomd killed N process(es) in
//    this unit.`, Android's lmkd and in-kernel lowmemorykiller, Talos' OOM
//    controller `[talos] Sending SIGKILL to cgroup`): it killed, not the
//    kernel's OOM killer, which logs no report for it.
// Never an event: what it says is a sentence for the user.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/oom_event.h"

namespace oomlens::diagnose {

struct UserspaceEvidence {
  uint64_t line = 0;    ///< 1-based line of the input
  std::string message;  ///< translated sentence
};

/// Reads lines fed in chunks (a line may span chunks), the whole input (a
/// job's output ends with slurmstepd's error); only the lines that hold
/// one of the words a sentence needs are read one by one, the rest counted.
class UserspaceEvidenceScan {
 public:
  void feed(std::string_view chunk);
  void finish();
  [[nodiscard]] const std::vector<UserspaceEvidence>& found() const { return found_; }
  /// The user-space killers' signals to a pid read so far (earlyoom, lmkd, the in-kernel lowmemorykiller; at
  /// most kMaxDaemonKills, the first ones), with their lines: what attach_userspace_kills() matches.
  [[nodiscard]] const std::vector<UserspaceKill>& daemon_kills() const { return daemon_kills_; }
  static constexpr size_t kMaxDaemonKills = 64;

 private:
  void line(std::string_view t);
  void feed_lines(std::string_view chunk);
  std::string partial_;
  uint64_t line_no_ = 0;
  bool memory_events_ = false;  // the previous line was a memory.events key (`low N`) or named the file
  std::vector<UserspaceEvidence> found_;
  std::vector<UserspaceKill> daemon_kills_;
};

/// Copies into `event.userspace_kills` the `kills` that name its victim: the same pid and, when both are known,
/// the same name (a comm of 15 bytes may be a longer name's start). Pure.
void attach_userspace_kills(OomEvent& event, const std::vector<UserspaceKill>& kills);

/// The sentence for one line, or "" (for tests: `memory_events` says the
/// line is inside a memory.events dump).
[[nodiscard]] std::string userspace_evidence_line(std::string_view line, bool memory_events = false);

}  // namespace oomlens::diagnose
