#pragma once
// `oomlens run`: the record as the loop writes it (run/session_state.h).
// Samples are taken at 10 Hz and kept in a ring of unwritten ones; one is
// written every write_s, and the ring is flushed before any event that
// explains them (an exit, a kill, a guard event) so the record keeps the
// samples leading up to it. Lines go through monitor::RecordWriter (one
// write(2) each, fdatasync after events).
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "monitor/record.h"
#include "monitor/sample.h"
#include "monitor/tree.h"

namespace oomlens::run {

class RunRecord {
 public:
  /// Opens `path` (created new under a `-N` suffix when `is_default`);
  /// error text on failure.
  [[nodiscard]] Status open(const std::string& path, bool is_default);
  /// The sample lines list the processes of `tree` (set when the loop
  /// starts; it outlives the record's writes).
  void follow(const monitor::ProcessTree* tree) { tree_ = tree; }
  void set_write_interval(double write_s) { write_s_ = write_s; }
  [[nodiscard]] const std::string& path() const { return writer_.path(); }
  [[nodiscard]] bool regular() const { return writer_.regular(); }
  [[nodiscard]] const std::optional<SystemError>& error() const { return writer_.error(); }

  /// One line as it is (header, event, verdict); `sync` adds fdatasync.
  void write(const nlohmann::json& line, bool sync = false) { writer_.write(line, sync); }
  /// Writes the ring of unwritten samples, then the event (its "type",
  /// "t_s" and "kind" are the caller's).
  void write_event(const nlohmann::json& ev, bool sync = true);
  /// Writes the ring of unwritten samples.
  void flush();
  /// A PSS pass was made: the next sample written says its PSS is fresh.
  void pss_passed() { pss_since_write_ = true; }
  /// This tick's sample into the ring (10 Hz), written every write_s. A
  /// rise of the cgroup's oom_kill over `oom_kill_before` flushes the ring
  /// and writes a `cgroup_oom_kill` event at once. True when the sample was
  /// written on the write_s schedule.
  bool add_sample(const monitor::Sample& s, double t, std::optional<uint64_t> oom_kill_before);

 private:
  monitor::RecordWriter writer_;
  const monitor::ProcessTree* tree_ = nullptr;
  double write_s_ = 1.0;
  double next_write_ = 0;
  /// Unwritten samples, with "has fresh PSS".
  std::deque<std::pair<monitor::Sample, bool>> ring_;
  bool pss_since_write_ = false;
  static constexpr size_t kRingSamples = 20;
};

}  // namespace oomlens::run
