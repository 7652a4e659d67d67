#pragma once
// Task exits from the kernel's taskstats interface (kernel/taskstats.c):
// a generic-netlink family "TASKSTATS" that, once a socket registers a CPU
// mask (TASKSTATS_CMD_ATTR_REGISTER_CPUMASK), sends one TASKSTATS_CMD_NEW
// message for every task that exits on those CPUs (taskstats_exit(),
// called from do_exit() before exit_mm(), so the mm's RSS high-water mark
// is still there). It sees every exit, also of a process that was born and
// gone between two /proc scans: `run` counts those (issue 21).
//
// Registering needs CAP_NET_ADMIN (GENL_ADMIN_PERM); pids are in the
// initial pid namespace (fill_stats(..., &init_pid_ns, ...)).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/fd.h"
#include "util/result.h"

namespace oomlens::proc {

/// One task's exit, from a TASKSTATS_CMD_NEW message: its
/// TASKSTATS_TYPE_AGGR_PID part (struct taskstats of the task), and whether
/// a TASKSTATS_TYPE_AGGR_TGID part came with it (the last thread of a
/// multi-threaded process: the process is gone).
struct TaskExit {
  uint32_t pid = 0;                 ///< the task (thread) id, TASKSTATS_TYPE_PID
  std::optional<uint32_t> tgid;     ///< ac_tgid (struct version 12+, kernel 6.0+); nullopt before
  uint32_t ppid = 0;                ///< ac_ppid: the parent's tgid at exit
  std::string comm;                 ///< ac_comm
  uint32_t exit_code = 0;           ///< ac_exitcode: the task's exit_code (a wait(2) status)
  std::optional<uint64_t> hiwater_rss_bytes;  ///< hiwater_rss (kB in the struct), nullopt if not sent
  bool group_dead = false;          ///< a TASKSTATS_TYPE_AGGR_TGID part came too
  uint16_t version = 0;             ///< the struct's version

  /// The exit ends a process, not just one of its threads: the last thread
  /// of a group (group_dead), or a task that is its own thread group's
  /// leader without a group (single-threaded). nullopt when the struct
  /// carries no ac_tgid (before version 12: a thread cannot be told from a
  /// process).
  [[nodiscard]] std::optional<bool> ends_process() const {
    if (group_dead) return true;
    if (!tgid) return std::nullopt;
    return *tgid == pid;
  }
};

/// Parses one datagram read from a taskstats socket: any number of netlink
/// messages (struct nlmsghdr), of which those of type `family` and
/// command TASKSTATS_CMD_NEW are task exits; others (NLMSG_ERROR, NLMSG_DONE,
/// another family) are skipped. A message cut short or with attributes
/// that overrun it ends the parse (what came before it is kept). Pure.
[[nodiscard]] std::vector<TaskExit> parse_taskstats_datagram(std::string_view datagram, uint16_t family);

/// Parses a CTRL_CMD_NEWFAMILY reply (the generic-netlink controller's
/// answer to CTRL_CMD_GETFAMILY): the family's id, nullopt when the reply
/// is an error or carries none. Pure.
[[nodiscard]] std::optional<uint16_t> parse_genl_family_id(std::string_view reply);

/// A taskstats listener for every possible CPU (/sys/devices/system/cpu/possible).
/// Move-only; deregisters and closes on destruction.
class TaskstatsListener {
 public:
  /// Opens the socket, resolves the family and registers. Errors: socket
  /// creation, no TASKSTATS family (kernel built without CONFIG_TASKSTATS),
  /// the registration refused (EPERM without CAP_NET_ADMIN), each named.
  [[nodiscard]] static Result<TaskstatsListener> open(const std::string& sys_root = "/sys");
  TaskstatsListener(TaskstatsListener&&) noexcept = default;
  TaskstatsListener& operator=(TaskstatsListener&&) noexcept = default;
  ~TaskstatsListener();

  /// Every exit queued on the socket now (non-blocking), at most
  /// `max_datagrams` datagrams read.
  [[nodiscard]] std::vector<TaskExit> drain(size_t max_datagrams = 65536);
  /// Times the socket's receive queue overflowed (ENOBUFS): exits were lost.
  [[nodiscard]] uint64_t overflows() const { return overflows_; }
  [[nodiscard]] int fd() const { return fd_.get(); }

 private:
  TaskstatsListener() = default;
  UniqueFd fd_;
  uint16_t family_ = 0;
  std::string cpumask_;
  uint64_t overflows_ = 0;
  std::string buf_;
  std::vector<TaskExit> early_;  ///< exits queued before the registration's ACK
};

}  // namespace oomlens::proc
