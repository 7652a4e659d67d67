#pragma once
// `oomlens protect`: set /proc/PID/oom_score_adj and show oom_score and
// oom_score_adj before and after.
//
// Kernel rules (fs/proc/base.c: oom_score_adj_write(), __set_oom_adj()):
//  - the value must be in [-1000, 1000] (OOM_SCORE_ADJ_MIN..MAX), else EINVAL;
//  - a value below the task's oom_score_adj_min (0 unless a writer holding
//    CAP_SYS_RESOURCE set a lower one; inherited over fork) needs
//    CAP_SYS_RESOURCE, else EACCES at write(). Root without that capability
//    (containers, this build machine) gets EACCES too: decide by trying;
//  - the file is mode 0644 owned by the process's uid: someone else's
//    process fails at open() with EACCES (unless CAP_DAC_OVERRIDE).
//
// Side effects sit behind AdjIo so the decisions and messages are testable.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/exit_status.h"
#include "util/fd.h"
namespace oomlens::protect {

inline constexpr int kAdjMin = -1000;
inline constexpr int kAdjMax = 1000;

/// Exit statuses (docs/protect.md). PID mode: 0 all changed, 1 at least one
/// PID could not be changed, 2 usage. CMD mode: the command's own status
/// (128+N when killed by signal N), 125 when oom_score_adj could not be set
/// (the command is not run), 126 command found but not executable, 127 not found.
/// (All from util/exit_status.h.)
using oomlens::kExitSomeFailed;
inline constexpr int kExitSetupFailed = kExitOwnFailure;
using oomlens::kExitCannotExec;
using oomlens::kExitNotFound;

/// An integer in [-1000, 1000] written in full ("500", "-17", "+3");
/// nullopt for anything else (out of range, trailing junk, empty).
[[nodiscard]] std::optional<int> parse_adj(std::string_view text);
/// A positive pid written in full; nullopt otherwise.
[[nodiscard]] std::optional<int> parse_pid(std::string_view text);

/// The errors of a write of oom_score_adj, by what failed (the `what`
/// explain_write_error reads): opening the file, "open /proc/PID/oom_score_adj"
/// (permission on the file: not your process); writing it, "write
/// /proc/PID/oom_score_adj" (range or capability); or the pid names another
/// process than the one first read (its start time changed), ESRCH with
/// "start time of /proc/PID changed": nothing written. (The launcher's
/// "open|write /proc/self/oom_score_adj" read the same.)
[[nodiscard]] SystemError adj_open_error(int pid, int err);
[[nodiscard]] SystemError adj_write_error(int pid, int err);
[[nodiscard]] SystemError adj_reused_error(int pid);

/// The seam: reading and writing /proc/PID files.
class AdjIo {
 public:
  virtual ~AdjIo() = default;
  /// An integer file of /proc/PID ("oom_score", "oom_score_adj"); nullopt when gone/unreadable.
  virtual std::optional<int> read_int(int pid, std::string_view file) = 0;
  virtual std::optional<std::string> comm(int pid) = 0;
  /// Owner uid of /proc/PID (for the "someone else's process" message).
  virtual std::optional<unsigned> owner_uid(int pid) = 0;
  virtual Status write_adj(int pid, int adj) = 0;
  /// Whether the caller's CapEff has CAP_SYS_RESOURCE (for the message only).
  virtual std::optional<bool> has_cap_sys_resource() = 0;
  virtual unsigned euid() = 0;
};

/// The real /proc (proc_root "/proc" by default), by handle: the first
/// access to a pid opens /proc/PID once as a directory descriptor and reads
/// its start time (stat field 22); every later read and the write go
/// through that descriptor (openat). On the real /proc the descriptor stays
/// bound to that one process: after it exits, openat fails (no such
/// process) even when its pid has been reused. write_adj also reads the
/// start time again after opening oom_score_adj and writes nothing when it
/// differs (adj_reused_error), which holds on fixture trees too.
class ProcAdjIo final : public AdjIo {
 public:
  explicit ProcAdjIo(std::string proc_root = "/proc") : root_(std::move(proc_root)) {}
  ~ProcAdjIo() override = default;
  ProcAdjIo(const ProcAdjIo&) = delete;
  ProcAdjIo& operator=(const ProcAdjIo&) = delete;
  std::optional<int> read_int(int pid, std::string_view file) override;
  std::optional<std::string> comm(int pid) override;
  std::optional<unsigned> owner_uid(int pid) override;
  Status write_adj(int pid, int adj) override;
  std::optional<bool> has_cap_sys_resource() override;
  unsigned euid() override;

 private:
  struct Handle {
    UniqueFd dirfd;
    std::optional<uint64_t> start_time_ticks;  ///< as first read; nullopt when stat was unreadable
  };
  /// The pid's handle, opened on first use; nullptr (errno set) when /proc/PID cannot be opened.
  const Handle* handle(int pid);
  std::string root_;
  std::map<int, Handle> handles_;
};

struct Outcome {
  int pid = 0;
  std::string comm;
  std::optional<int> score_before, adj_before, score_after, adj_after;
  bool ok = false;
  std::string error;  ///< why it failed and what would work; empty when ok
};

/// Reads before, writes, reads after. Never throws.
[[nodiscard]] Outcome protect_pid(AdjIo& io, int pid, int adj);

/// The message for a failed write (pure; used by protect_pid and CMD mode).
/// `self` means the process is oomlens's own child before exec.
[[nodiscard]] std::string explain_write_error(const SystemError& w, int pid, int adj, std::optional<int> adj_before,
                                              std::optional<unsigned> owner, unsigned euid,
                                              std::optional<bool> cap_sys_resource);

/// "PID comm: oom_score_adj A → B, oom_score S → T" or "PID: error".
[[nodiscard]] std::string render_outcome(const Outcome& o);

/// CMD mode: the launcher's child (util/launch.h) sets its own
/// oom_score_adj (inherited over exec) and execvp()s argv; the parent waits and returns the exit status as
/// documented above. Messages go to stderr. SIGINT/SIGQUIT are ignored in
/// the parent while it waits (as system() does); SIGTERM/SIGHUP are forwarded.
/// `quiet` drops the before/after line (errors are still printed).
[[nodiscard]] int run_with_adj(AdjIo& io, int adj, const std::vector<std::string>& argv, bool quiet = false);

}  // namespace oomlens::protect
