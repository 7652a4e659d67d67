#pragma once
// A verdict for a record that has none (oomlens was killed, or the machine
// went down, before the job ended): rebuilt from the record's own events
// (main_exit, oom_kill, cgroup_oom_kill, process_start), and, when the
// caller passes them, kernel kills read now from the live log, joined by
// boot id, pid and sequence number after the record's kmsg_start_seq.
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "diagnose/verdict.h"

namespace oomlens::diagnose {

struct RecordVerdict {
  std::optional<Verdict> verdict;  ///< nullopt when the job's end is unknown
  std::string note;                ///< what the verdict rests on, or why there is none
};

/// `header`, `events`: the record's lines. `live_kills`: kills from the
/// kernel log now (pid, comm, kmsg_seq, constraint, oom_memcg), already
/// filtered to the record's boot id; those after kmsg_start_seq whose pid
/// the record saw start are joined.
[[nodiscard]] RecordVerdict verdict_from_record(const nlohmann::json& header,
                                                const std::vector<nlohmann::json>& events,
                                                const std::vector<TreeKill>& live_kills = {});

}  // namespace oomlens::diagnose
