// `oomlens run`: the record as the loop writes it (run/run_record.h).
#include "run/run_record.h"

namespace oomlens::run {

Status RunRecord::open(const std::string& path, bool is_default) {
  return is_default ? writer_.create_new(path) : writer_.open(path);
}

void RunRecord::write_event(const nlohmann::json& ev, bool sync) {
  flush();
  writer_.write(ev, sync);
}

void RunRecord::flush() {
  for (auto& [s, fresh] : ring_) writer_.write(monitor::sample_json(s, tree_->procs(), fresh));
  ring_.clear();
}

bool RunRecord::add_sample(const monitor::Sample& s, double t, std::optional<uint64_t> oom_kill_before) {
  if (s.cgroup.oom_kill && oom_kill_before && *s.cgroup.oom_kill > *oom_kill_before) {
    ring_.emplace_back(s, pss_since_write_);
    flush();
    writer_.write({{"type", "event"}, {"t_s", t}, {"kind", "cgroup_oom_kill"}, {"oom_kill", *s.cgroup.oom_kill},
                   {"increase", *s.cgroup.oom_kill - *oom_kill_before}}, true);
    pss_since_write_ = false;
    return false;
  }
  ring_.emplace_back(s, false);
  if (ring_.size() > kRingSamples) ring_.pop_front();
  if (t < next_write_) return false;
  ring_.back().second = pss_since_write_;
  writer_.write(monitor::sample_json(ring_.back().first, tree_->procs(), pss_since_write_));
  ring_.clear();
  pss_since_write_ = false;
  next_write_ = t + write_s_;
  return true;
}

}  // namespace oomlens::run
