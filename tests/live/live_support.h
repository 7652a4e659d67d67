#pragma once
// Support for live tests: one capped parent memory cgroup per test run
// (`oomlens-tests`, 2 GiB hard cap, removed at the end and cleaned up at the
// start if a dead run left one), child cgroups with small limits, spawning
// the test leaker inside one, and running the oomlens binary.
//
// Skip rule: where a memory cgroup cannot be created (not root, no memory
// controller), tests skip with the reason, except under CI=true where they fail.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cgroup/cgroup.h"
#include "support/ci.h"
#include "util/result.h"

namespace oomlens::live {

inline constexpr uint64_t kParentCapBytes = uint64_t{2} << 30;

/// True under CI=true: privileges or tools missing is then a failure
/// (support/ci.h under_ci(), the one check).
inline bool in_ci() { return testing::under_ci(); }

/// The run's parent cgroup; created on first use. `reason` says why not.
struct ParentCgroup {
  cgroup::MemoryHierarchy hierarchy;
  std::string dir;
};
const ParentCgroup* parent_cgroup(std::string* reason);
void remove_parent_cgroup();

/// Creates PARENT/name with `limit_bytes` (swap capped): its directory, or
/// why not (no parent cgroup: errnum 0 and parent_cgroup()'s reason).
Result<std::string> make_child_cgroup(const std::string& name, uint64_t limit_bytes);

/// Forks a child that enters `cgroup_dir` and execs argv. Returns its pid.
int spawn_in_cgroup(const std::string& cgroup_dir, const std::vector<std::string>& argv);

/// waitpid with a timeout; returns the wait status, or nullopt on timeout
/// (the child is then SIGKILLed and reaped).
std::optional<int> wait_for(int pid, int timeout_s);

/// Forks and execs argv with its stdout (and with `merge_stderr` its stderr
/// too) on a pipe; *read_fd gets the read end (O_CLOEXEC). Returns the pid, or -1.
int spawn_piped(const std::vector<std::string>& argv, bool merge_stderr, int* read_fd);

/// Runs a command, returns {exit status, stdout}. stderr is passed through,
/// or with `capture_stderr` interleaved into `out`.
struct CommandResult {
  int status = -1;  ///< exit code, or 128+signal
  std::string out;
};
CommandResult run_command(const std::vector<std::string>& argv, int timeout_s = 120, bool capture_stderr = false);

/// A long-running child (oomlens watch/daemon, prometheus) whose stdout and
/// stderr are read line by line; SIGKILLed and reaped on destruction.
class PipedChild {
 public:
  explicit PipedChild(const std::vector<std::string>& argv);
  ~PipedChild();
  PipedChild(const PipedChild&) = delete;
  PipedChild& operator=(const PipedChild&) = delete;
  /// Next line within `timeout_ms`; nullopt on timeout or EOF.
  std::optional<std::string> line(int timeout_ms);
  /// Sends `sig` (our own child), waits up to 20 s; the wait status or -1.
  int stop(int sig);
  [[nodiscard]] int pid() const { return pid_; }

 private:
  int pid_ = -1;
  int fd_ = -1;
  std::string buf_;
};

/// The highest /dev/kmsg sequence number now (nullopt if unreadable).
std::optional<uint64_t> kmsg_last_seq();

/// Waits (at most `timeout_s`) until the kernel's next OOM report prints
/// its header: it prints at most 10 per 5 s (mm/oom_kill.c oom_rs,
/// DEFAULT_RATELIMIT_BURST per DEFAULT_RATELIMIT_INTERVAL), a window that
/// opens at a printed header, so there is room when fewer than 10 headers
/// (`invoked oom-killer`) in /dev/kmsg are under 5 s old. Tests that read a
/// kill's full report call it before the kill, instead of a fixed sleep.
void wait_for_oom_report_room(int timeout_s = 30);

/// A daemon's `oomlens_kmsg_records_total` in its /metrics text; -1 when absent.
double kmsg_records(const std::string& exposition);
/// Scrapes `scrape` (a daemon's /metrics) until it is still: its
/// `oomlens_kmsg_records_total` and its `oomlens_oom_*` counters unchanged
/// for `still` (at most `timeout_s`); the last scrape.
std::string scrape_when_still(const std::function<std::string()>& scrape, std::chrono::milliseconds still,
                              int timeout_s);
/// scrape_when_still() for 300 ms: the kernel log records a daemon replayed
/// at start have stopped coming.
std::string scrape_after_replay(const std::function<std::string()>& scrape, int timeout_s = 10);

/// After an `oomlens run`: says on stderr which tracefs its signal trace
/// used (the header's `signal_trace` and `signal_trace_tracefs`: a host
/// mount or oomlens's private mount), and EXPECTs that its instance
/// `oomlens-<oomlens_pid>` is gone, looked up the way oomlens finds tracefs
/// (a host mount, else a private one: the same single tracefs superblock).
/// `what` names the test in the message.
void note_signal_trace(const std::string& what, const std::string& status, const std::string& tracefs,
                       int oomlens_pid);

/// GTEST_SKIP (or FAIL under CI) when the parent cgroup cannot be made.
#define OOMLENS_REQUIRE_CGROUP(parent_var)                                   \
  std::string oomlens_reason_;                                               \
  const auto* parent_var = ::oomlens::live::parent_cgroup(&oomlens_reason_); \
  if (!parent_var) OOMLENS_SKIP_UNLESS_CI(oomlens_reason_)

/// GTEST_SKIP (or FAIL under CI) when /dev/kmsg cannot be read: the test
/// finds the kernel's kill lines there.
#define OOMLENS_REQUIRE_KMSG()                                                      \
  if (!::oomlens::live::kmsg_last_seq()) {                                          \
    if (::oomlens::live::in_ci()) FAIL() << "CI=true: /dev/kmsg is not readable";   \
    GTEST_SKIP() << "/dev/kmsg is not readable (needs CAP_SYSLOG)";                 \
  }

}  // namespace oomlens::live
