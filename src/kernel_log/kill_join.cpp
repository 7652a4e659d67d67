// Joining kill lines with their oom-kill: summary (see kill_join.h).
#include "kernel_log/kill_join.h"

#include <utility>

namespace oomlens::oomline {
namespace {

std::optional<Constraint> constraint_of(const Summary& s) {
  if (s.oom_memcg) return Constraint::memcg;
  if (!s.constraint) return s.global_oom ? std::optional(Constraint::global) : std::nullopt;
  if (*s.constraint == "CONSTRAINT_MEMCG") return Constraint::memcg;
  if (*s.constraint == "CONSTRAINT_CPUSET") return Constraint::cpuset;
  if (*s.constraint == "CONSTRAINT_MEMORY_POLICY") return Constraint::mempolicy;
  return Constraint::global;  // CONSTRAINT_NONE
}

}  // namespace

std::optional<JoinedKill> KillJoiner::feed(std::string_view record) {
  while (!record.empty() && (record.back() == '\n' || record.back() == '\r')) record.remove_suffix(1);
  Summary s;
  if (parse_summary(record, s)) {
    pending_ = std::move(s);
    return std::nullopt;
  }
  if (pending_ && parse_summary_continuation(record, *pending_)) return std::nullopt;
  auto k = parse_kill(record);
  if (!k || k->pid <= 0) return std::nullopt;
  JoinedKill j;
  j.kill = std::move(*k);
  if (pending_ && pending_->pid == j.kill.pid) {
    j.constraint = constraint_of(*pending_);
    j.summary = std::exchange(pending_, std::nullopt);
  } else if (j.kill.message && j.kill.message->find("Memory cgroup") != std::string::npos) {
    j.constraint = Constraint::memcg;
  }
  return j;
}

}  // namespace oomlens::oomline
