#pragma once
// The kill lines of a live kernel log, one record at a time, for `run`'s
// kill events and `report`'s rebuilt verdict. mm/oom_kill.c prints the 5.0+
// `oom-kill:constraint=…,pid=N` summary just before `…: Killed process N
// (comm) …` (__oom_kill_process()); neither is rate-limited, unlike the
// report header (kernel_oom_formats.md §6, §8). The lines are parsed by
// oom_lines.h's parse_summary() and parse_kill() (the fuzzed parsers that
// the report assembler uses); this only joins the two by pid.
#include <optional>
#include <string_view>

#include "kernel_log/oom_event.h"
#include "kernel_log/oom_lines.h"

namespace oomlens::oomline {

/// `constraint_name` (kernel_log/oom_event.h), as `run`'s record and
/// verdict carry it.
using oomlens::constraint_name;

/// A `Killed process` line with the `oom-kill:` summary of the same pid,
/// when one came just before it.
struct JoinedKill {
  KillLine kill;                  ///< figures in kB, as printed
  std::optional<Summary> summary;  ///< the same pid's `oom-kill:` line
  /// From the summary (oom_memcg → memcg; CONSTRAINT_CPUSET → cpuset;
  /// CONSTRAINT_MEMORY_POLICY → mempolicy; otherwise global), else memcg
  /// when the message says `Memory cgroup`; nullopt when neither tells.
  std::optional<Constraint> constraint;
};

/// Feeds records (bare kernel text, prefix stripped) in order; returns a kill
/// when the record is a `Killed process` line. Pure apart from remembering the
/// last summary; never throws.
class KillJoiner {
 public:
  [[nodiscard]] std::optional<JoinedKill> feed(std::string_view record);

 private:
  std::optional<Summary> pending_;
};

}  // namespace oomlens::oomline
