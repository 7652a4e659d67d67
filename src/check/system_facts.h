#pragma once
// What `oomlens check` looks at, read once from a root ("/" on the live
// system, a fixture tree in tests). Every field is nullopt when it could not
// be read: the audit then says "unknown", never guesses.
//
// Sources (all relative to the root):
//   proc/sys/vm/{overcommit_memory,overcommit_ratio,overcommit_kbytes,swappiness,
//                panic_on_oom,oom_kill_allocating_task,oom_dump_tasks}  (kernel/sysctl.c, mm/)
//   proc/sys/kernel/dmesg_restrict, dev/kmsg (opened O_RDONLY|O_NONBLOCK, then closed)
//   proc/meminfo, proc/swaps (sizes in KiB), sys/block/zram*/disksize (bytes)
//   proc/pressure/memory (PSI), proc/self/{mountinfo,cgroup} + the memory cgroup files
//   dev/shm (statvfs), proc/*/{comm,cmdline,oom_score_adj,status}
//   getrlimit(RLIMIT_AS) of this process (`ulimit -v` of the calling shell)
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "proc/proc.h"
#include "diagnose/killer_daemon.h"
#include "util/result.h"

namespace oomlens::check {

struct SwapDevice {
  std::string name;  ///< e.g. /dev/zram0, /swapfile
  std::string type;  ///< "partition" or "file"
  uint64_t size_bytes = 0;
  uint64_t used_bytes = 0;
};

struct ZramDevice {
  std::string name;             ///< zram0
  uint64_t disksize_bytes = 0;  ///< 0 = configured but not initialised
};

/// A process of interest (oom_score_adj -1000, or a userspace OOM killer).
struct ProcessFact {
  int pid = 0;
  std::string comm;
  std::string cmdline;                  ///< NUL separators turned into spaces
  std::optional<uint64_t> rss_bytes;    ///< VmRSS
};

struct SystemFacts {
  // vm sysctls
  std::optional<int> overcommit_memory, overcommit_ratio, swappiness;
  std::optional<uint64_t> overcommit_kbytes;
  std::optional<int> panic_on_oom, oom_kill_allocating_task, oom_dump_tasks;
  // memory
  std::optional<proc::Meminfo> meminfo;
  std::optional<std::vector<SwapDevice>> swaps;  ///< nullopt: /proc/swaps unreadable
  std::vector<ZramDevice> zram;
  // kernel log
  std::optional<int> dmesg_restrict;
  bool kmsg_readable = false;
  std::optional<SystemError> kmsg_error;  ///< the failed open and its errno; nullopt when readable
  // PSI
  std::optional<proc::Pressure> memory_pressure;  ///< nullopt: no /proc/pressure/memory
  // the caller's own memory cgroup
  bool memory_controller = false;
  std::string cgroup_version;                   ///< "v1"/"v2", empty when none
  std::optional<std::string> cgroup_path;       ///< relative to the hierarchy root
  std::optional<uint64_t> cgroup_limit_bytes;   ///< tightest limit up the hierarchy; nullopt: none
  std::optional<std::string> cgroup_limit_path; ///< where that limit is set
  std::optional<uint64_t> cgroup_usage_bytes;   ///< memory.usage_in_bytes / memory.current of own cgroup
  // /dev/shm
  bool shm_present = false;
  std::optional<uint64_t> shm_size_bytes, shm_used_bytes;
  // processes
  std::vector<ProcessFact> unkillable;   ///< oom_score_adj == -1000 (kernel threads excluded)
  std::vector<ProcessFact> oom_daemons;  ///< earlyoom, systemd-oomd, nohang
  // ulimit -v
  bool ulimit_v_unlimited = true;
  std::optional<uint64_t> ulimit_v_bytes;
  // who asked (fix commands get `sudo` when not root)
  bool as_root = false;
};

/// Reads everything under `root`. Never throws; unreadable parts stay nullopt.
[[nodiscard]] SystemFacts read_system_facts(const std::string& root = "/");

/// Pure parser of /proc/swaps (mm/swapfile.c: swap_show(); sizes in KiB).
[[nodiscard]] std::vector<SwapDevice> parse_swaps(std::string_view text);

/// Which userspace OOM killer a process is: diagnose/killer_daemon.h.
using diagnose::oom_daemon_kind;

}  // namespace oomlens::check
