#pragma once
// Earlier wake-ups for the guard, in addition to its adaptive polling
// (cgroup v2 has no usage-threshold notification, so polling is primary).
// Each source is decided by trying; what worked and why the rest did not
// goes into the record's header (`guard.wakeups`).
//
// * v1 usage thresholds: an eventfd registered through the cgroup's
//   `cgroup.event_control` as "<eventfd> <fd of memory.usage_in_bytes>
//   <bytes>" (mm/memcontrol-v1.c memcg_write_event_control); the kernel
//   signals the eventfd when usage crosses a threshold either way. Usage
//   includes page cache, so it crosses no later than the working set does:
//   a wake-up, never a decision. Deprecated, but silent in the kernel log
//   (unlike `memory.oom_control` and `memory.pressure_level`, which print
//   "... is deprecated and will be removed" once per boot). Not registered
//   on oom_control: the kernel log watch already sees every kill.
// * PSI triggers: "some <stall us> <window us>" written to the cgroup's
//   `memory.pressure` (v2) or `/proc/pressure/memory`, then POLLPRI. Without
//   CAP_SYS_RESOURCE, 6.5+ kernels accept only windows that are multiples
//   of 2 s (EINVAL otherwise): a 1 s window is tried first, then 2 s.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cgroup/cgroup.h"
#include "util/fd.h"

namespace oomlens::guard {

class WakeupSources {
 public:
  WakeupSources() = default;
  WakeupSources(const WakeupSources&) = delete;
  WakeupSources& operator=(const WakeupSources&) = delete;

  /// v1 only: thresholds (bytes) on DIR's memory.usage_in_bytes.
  void try_v1_thresholds(const std::string& dir, const std::vector<uint64_t>& thresholds_bytes);
  /// PSI: `path` is DIR/memory.pressure (v2) or /proc/pressure/memory.
  /// `stall_fraction` of the window (e.g. 0.10).
  void try_psi(const std::string& path, double stall_fraction = 0.10);

  /// The descriptors to poll, with the events to wait for.
  struct Fd {
    int fd;
    short events;
    const char* name;
  };
  [[nodiscard]] std::vector<Fd> fds() const;
  /// Clears a ready descriptor (reads the eventfd counter; PSI needs none).
  void drain(int fd) const;
  /// {"v1_usage_threshold": {...}, "psi_trigger": {...}} for the header.
  [[nodiscard]] nlohmann::json describe() const { return desc_; }

 private:
  UniqueFd threshold_efd_, usage_fd_, psi_fd_;
  nlohmann::json desc_ = nlohmann::json::object();
};

/// The PSI trigger line for a window: "some <stall_us> <window_us>".
[[nodiscard]] std::string psi_trigger_line(double stall_fraction, uint64_t window_us);

}  // namespace oomlens::guard
