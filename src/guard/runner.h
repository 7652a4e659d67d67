#pragma once
// The guard inside `oomlens run`: the glue between the pure decisions
// (guard.h), the job's cgroup (headroom.h), the wake-up sources (wakeup.h),
// the Python hooks (python.h) and the session. The session calls, in order:
//
//   prepare()            before spawning (the Python hooks' environment)
//   start(host, t)       after spawning (wake-ups; the first limit walk)
//   attach(tree, flush)  once the loop's tree and sample ring exist
//   header_json()        into the record header as "guard"
//   wakeup_fds(), due_s(), on_wakeup(fd, t), poll(t)   from its poll loop
//   on_tick(sample)      every tick (the tree figure without an own cgroup)
//   on_reaped(pid, st)   for every reaped pid (the exec helper's end)
//   verdict_json()       into the verdict as "guard"
//
// What it does to processes, all through the ProcessControl it is given
// (supervise/process_control.h; a test's records instead of sending): the
// action signals the job's main process only (through its pidfd, else
// kill(2) while it is an unreaped child, so the pid cannot have been
// reused); escalation SIGKILLs the job's tree (the job's own cgroup's
// members, all the job's, or each tracked process after checking its start
// time under GuardHost::proc_dir, through a pidfd). Never a process the job
// did not start. A process that has exited meanwhile (ESRCH) is reported in
// the event, never fatal.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cgroup/cgroup.h"
#include "guard/guard.h"
#include "guard/headroom.h"
#include "guard/options.h"
#include "guard/python.h"
#include "guard/wakeup.h"
#include "monitor/sample.h"
#include "monitor/tree.h"
#include "supervise/process_control.h"

namespace oomlens::guard {

struct GuardHost {
  int main_pid = -1;
  int main_pidfd = -1;
  std::optional<cgroup::MemoryHierarchy> hierarchy;
  std::string cgroup_dir;   ///< the job's cgroup, or oomlens's own without --limit
  bool own_cgroup = false;  ///< --limit: the cgroup holds the job alone
  /// Where /proc is read (meminfo, PSI, the job's processes): a fixture
  /// tree's in tests.
  std::string proc_dir = "/proc";
  std::string record_path;
  monitor::ProcessTree* tree = nullptr;
  /// Writes one record line; the session's writer (sync = fdatasync).
  std::function<void(const nlohmann::json&, bool)> write;
  /// Writes the buffered samples first (before warnings and actions).
  std::function<void()> flush_ring;
  /// One line on stderr, prefixed "oomlens: ".
  std::function<void(const std::string&)> say;
};

class GuardRunner {
 public:
  explicit GuardRunner(GuardOptions o, supervise::ProcessControl& control = supervise::system_process_control());
  [[nodiscard]] Status prepare();
  void start(GuardHost host, double t_s);
  /// The parts of the host made after the header is written.
  void attach(monitor::ProcessTree* tree, std::function<void()> flush_ring) {
    host_.tree = tree;
    host_.flush_ring = std::move(flush_ring);
  }
  [[nodiscard]] nlohmann::json header_json() const;
  [[nodiscard]] std::vector<WakeupSources::Fd> wakeup_fds() const { return wake_.fds(); }
  [[nodiscard]] double due_s() const { return due_s_; }
  void on_wakeup(int fd, double t_s);
  void poll(double t_s);
  void on_tick(const monitor::Sample& s);
  /// True when `pid` was the guard's helper (then the session ignores it).
  bool on_reaped(int pid, int wait_status, double t_s);
  /// The main process ended: a snapshot still pending is collected or
  /// recorded as never finished.
  void main_exited();
  [[nodiscard]] nlohmann::json verdict_json() const;
  [[nodiscard]] const GuardOptions& options() const { return o_; }

 private:
  void refresh_levels(double t_s);
  void handle(const Decision& d);
  nlohmann::json event(const Decision& d) const;
  nlohmann::json do_action(const Decision& d);
  nlohmann::json kill_tree();
  std::optional<uint64_t> read_ws();

  [[nodiscard]] HookTarget hook_target() const;

  GuardOptions o_;
  supervise::ProcessControl& control_;
  Guard guard_;
  GuardHost host_;
  WakeupSources wake_;
  PythonHooks py_;
  bool started_ = false, main_alive_ = true;
  double due_s_ = 0, levels_t_s_ = -1;
  std::optional<uint64_t> effective_limit_, high_;
  std::string limit_source_;
  std::optional<uint64_t> tree_ws_;  ///< anon+shmem RSS of the tree (without an own cgroup)
  std::vector<int> helpers_;
  nlohmann::json decisions_ = nlohmann::json::array();
  /// A py_tracemalloc event for `snap` (null: `reason`), with what the
  /// snapshot could see beside the main process's RssAnon at the request.
  void write_tracemalloc(double t_s, const nlohmann::json& snap, const std::string& reason = "");
  bool tracemalloc_pending_ = false;
  double tracemalloc_deadline_ = 0, tracemalloc_sent_s_ = 0;
  std::optional<uint64_t> tracemalloc_main_anon_;  ///< the main process's RssAnon when asked
  uint64_t polls_ = 0, wakeups_ = 0;
  double t_s_ = 0;
};

}  // namespace oomlens::guard
