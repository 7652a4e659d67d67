#pragma once
// `oomlens run`: the accounting of the job's processes under fork churn
// (issue 21), the session's fourth part (run/session_state.h). No I/O:
// the session writes the lines it returns and hands it taskstats' exits.
//
// * Every process found gets a process_start and, once gone, a
//   process_exit event, within a rate bound: a token bucket of kEventBurst
//   events, refilled at kEventsPerS a second (the main process always). A
//   process found past the bound is counted instead, with its exit, in a
//   `process_churn` event written once a second: its start is never
//   without its exit, and the record grows by at most ~300 MB a day
//   however fast the job forks (docs/run.md).
// * Processes born and gone between two ticks are never found in /proc.
//   Their exits are counted from taskstats (proc/taskstats.h): an exit
//   whose parent is in the tree (or is an exit counted so; not oomlens
//   itself) and that was never tracked is `unseen`. Without taskstats the
//   count is unknown: null, with the reason.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "monitor/tree.h"
#include "proc/taskstats.h"

namespace oomlens::run {

class ProcessAccounting {
 public:
  /// The record's rate bound: process events through a token bucket, the
  /// rest counted in process_churn events once a second.
  static constexpr double kEventBurst = 200, kEventsPerS = 10;
  /// The last unseen exits kept (their own unseen children are the tree's too).
  static constexpr size_t kUnseenRecent = 256;

  /// Whether taskstats counts the exits /proc never shows, and its status
  /// for the verdict ("on", "off", "unavailable: <reason>").
  void set_taskstats(bool on, std::string status) {
    taskstats_on_ = on;
    taskstats_status_ = std::move(status);
  }
  [[nodiscard]] bool counts_unseen() const { return taskstats_on_; }

  /// The rate bound at the tick at `t` (s): past it (three quarters of the
  /// burst spent), new processes are tracked from their second sighting
  /// (ProcessTree::set_second_sighting), until the bucket is full again.
  bool update_churn_mode(double t);
  [[nodiscard]] bool churn_mode() const { return churn_mode_; }

  /// A process found at `t`: true when its process_start event is written
  /// (the main process always, the others while tokens last); false when it
  /// is counted in the next process_churn event instead.
  [[nodiscard]] bool start(bool is_main, double t);
  /// A process seen gone at `t`: true when its process_exit event is
  /// written (its start was), false when it is counted in process_churn.
  [[nodiscard]] bool exit(uint32_t pid, bool start_recorded, double t);

  /// This tick's taskstats exits at `t`: those ending a process never
  /// tracked (alive in `procs`, gone within the last second, or the main
  /// process `main_pid` until it is reaped) whose parent is tracked or an
  /// unseen exit itself are counted unseen.
  void count_unseen(const std::vector<proc::TaskExit>& exits, const std::vector<monitor::TrackedProc>& procs,
                    std::optional<uint32_t> main_pid, double t);
  /// The processes this tick's refresh found: one whose exit was counted
  /// unseen this tick (read while /proc still showed it) is counted once,
  /// as seen.
  void settle_unseen(const std::vector<int>& added);
  /// Whether process `pid` ended as an unseen exit (count_unseen: never
  /// tracked, its parent the tree's) killed by SIGKILL, among the last
  /// kUnseenRecent such exits, with `comm` as its comm when `comm` is
  /// given: a process the job started that no /proc pass saw, ended as an
  /// OOM kill ends it. False without taskstats.
  [[nodiscard]] bool unseen_sigkilled(uint32_t pid, const std::optional<std::string>& comm) const;

  /// The `process_churn` event due at `t` (every second, or the `last`
  /// one) when its window counted anything, else null; a due window
  /// restarts at `t`.
  [[nodiscard]] nlohmann::json churn_event(double t, bool last);
  /// The verdict's `process_accounting`: `listed_untracked` from the tree,
  /// `taskstats_overflows` from the listener (exits lost).
  [[nodiscard]] nlohmann::json to_json(uint64_t listed_untracked, uint64_t taskstats_overflows) const;

 private:
  void refill(double t);

  double tokens_ = kEventBurst, tokens_t_ = 0;
  bool churn_mode_ = false;
  // The current process_churn window.
  uint64_t churn_started_ = 0, churn_exited_ = 0, churn_unseen_ = 0;
  double churn_from_t_ = 0, next_churn_t_ = 1.0;
  // The run's totals.
  uint64_t found_ = 0, aggregated_ = 0, unseen_ = 0;
  std::optional<uint64_t> unseen_peak_rss_bytes_;
  bool taskstats_on_ = false;
  std::string taskstats_status_ = "off";
  /// The last unseen exits, and those of this tick (settle_unseen).
  std::vector<uint32_t> unseen_recent_, unseen_now_;
  /// The last kUnseenRecent unseen exits by SIGKILL (pid, comm): unseen_sigkilled().
  std::deque<std::pair<uint32_t, std::string>> unseen_sigkilled_;
  /// Processes gone in the last second (pid, t): their exits are seen ones.
  std::deque<std::pair<uint32_t, double>> recent_gone_;
};

}  // namespace oomlens::run
