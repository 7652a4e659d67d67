// Burst summaries (see burst.h).
#include "watch/burst.h"

#include <algorithm>

namespace oomlens::watch {
namespace {

void add(std::map<std::string, uint64_t>& m, const std::string& key, uint64_t n) {
  auto it = m.find(key);
  if (it == m.end() && m.size() >= BurstSummary::kMaxKeys) it = m.find("_other");
  if (it == m.end()) it = m.emplace(m.size() >= BurstSummary::kMaxKeys ? "_other" : key, 0).first;
  it->second += n;
}

std::string owner_key(const OomEvent& e) {
  if (!e.memcg) return "none:";
  if (const auto& o = e.memcg->owner) return o->kind + ":" + o->name.value_or(o->id);
  const auto& p = e.memcg->oom_memcg ? e.memcg->oom_memcg : e.memcg->task_memcg;
  return "cgroup:" + p.value_or("");
}

}  // namespace

void BurstLimiter::refill(Clock::time_point now) {
  if (!last_refill_) {
    last_refill_ = now;
    return;
  }
  auto dt = std::chrono::duration<double, std::milli>(now - *last_refill_).count();
  tokens_ = std::min(opt_.full_events, tokens_ + dt / static_cast<double>(opt_.refill.count()));
  last_refill_ = now;
}

bool BurstLimiter::admit(const WatchEvent& w, Clock::time_point now) {
  refill(now);
  if (w.type == EmitType::summary) return true;
  if (!open_ && w.type == EmitType::update) return true;
  if (!open_ && tokens_ >= 1.0) {
    tokens_ -= 1.0;
    return true;
  }
  if (!open_) {
    open_ = BurstSummary{};
    open_->first_unix_ms = w.detected_unix_ms;
    opened_ = now;
  }
  BurstSummary& s = *open_;
  last_folded_ = now;
  s.last_unix_ms = w.detected_unix_ms;
  if (w.type == EmitType::update) {
    ++s.updates;
    return false;
  }
  ++s.events;
  ++folded_total_;
  s.kills += w.kills;
  if (w.evidence == Evidence::counter_only) ++s.counter_only_events;
  if (w.kills > 0) {
    add(s.kills_by_owner, owner_key(w.event), w.kills);
    if (w.evidence == Evidence::counter_only || w.event.victims.empty()) {
      add(s.kills_by_comm, "", w.kills);
    } else {
      for (const Victim& v : w.event.victims) add(s.kills_by_comm, v.comm, 1);
    }
  }
  return false;
}

WatchEvent BurstLimiter::take() {
  WatchEvent w;
  w.type = EmitType::summary;
  w.kills = open_->kills;
  w.detected_unix_ms = open_->last_unix_ms;
  w.summary = std::move(*open_);
  open_.reset();
  return w;
}

std::optional<WatchEvent> BurstLimiter::due(Clock::time_point now) {
  if (!open_) return std::nullopt;
  if (now - last_folded_ < opt_.quiet && now - opened_ < opt_.max_span) return std::nullopt;
  return take();
}

std::optional<WatchEvent> BurstLimiter::flush() {
  if (!open_) return std::nullopt;
  return take();
}

int BurstLimiter::timeout_ms(Clock::time_point now) const {
  if (!open_) return -1;
  auto until = std::min(last_folded_ + opt_.quiet, opened_ + opt_.max_span);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(until - now).count();
  return static_cast<int>(std::clamp<int64_t>(ms + 1, 0, 60000));
}

}  // namespace oomlens::watch
