// `oomlens run`: the process accounting under fork churn (see
// process_accounting.h).
#include "run/process_accounting.h"

#include <algorithm>
#include <csignal>
#include <unordered_set>

#include "util/json_opt.h"

namespace oomlens::run {

using nlohmann::json;

void ProcessAccounting::refill(double t) {
  tokens_ = std::min(kEventBurst, tokens_ + (t - tokens_t_) * kEventsPerS);
  tokens_t_ = t;
}

bool ProcessAccounting::update_churn_mode(double t) {
  // On when three quarters of the burst are spent (the bucket refills a
  // token a tick, so "empty" is never seen at a tick); off at once when it
  // is full again (some 20 s calm).
  refill(t);
  if (tokens_ < kEventBurst / 4) churn_mode_ = true;
  else if (tokens_ >= kEventBurst - 1) churn_mode_ = false;
  return churn_mode_;
}

bool ProcessAccounting::start(bool is_main, double t) {
  ++found_;
  if (is_main) return true;  // never counted: its start and end frame the run
  refill(t);
  if (tokens_ < 1) {
    ++churn_started_;
    ++aggregated_;
    return false;
  }
  tokens_ -= 1;
  return true;
}

bool ProcessAccounting::exit(uint32_t pid, bool start_recorded, double t) {
  // Its taskstats exit may come a tick later, after forget_gone() dropped it.
  if (taskstats_on_) recent_gone_.emplace_back(pid, t);
  if (!start_recorded) {
    ++churn_exited_;
    return false;
  }
  return true;
}

void ProcessAccounting::count_unseen(const std::vector<proc::TaskExit>& exits,
                                     const std::vector<monitor::TrackedProc>& procs, std::optional<uint32_t> main_pid,
                                     double t) {
  unseen_now_.clear();
  if (!taskstats_on_ || exits.empty()) return;
  // Tracked: alive, or gone within the last second (its exit may be read a
  // tick after /proc showed it gone); an older gone one's pid may be reused.
  while (!recent_gone_.empty() && t - recent_gone_.front().second >= 1.0) recent_gone_.pop_front();
  std::unordered_set<uint32_t> tracked;
  for (auto& p : procs)
    if (!p.gone_s) tracked.insert(static_cast<uint32_t>(p.pid));
  for (auto& g : recent_gone_) tracked.insert(g.first);
  // The main process from its spawn: the first tick (which finds it) may
  // come after its first children have come and gone.
  if (main_pid) tracked.insert(*main_pid);
  for (auto& e : exits) {
    if (e.ends_process() != true || tracked.count(e.pid)) continue;
    // Not oomlens's own children (the job's main process, the stderr
    // relay, the guard's helpers): an orphan re-parented to oomlens and
    // never seen is not counted either.
    const bool ours = tracked.count(e.ppid) ||
                      std::find(unseen_recent_.begin(), unseen_recent_.end(), e.ppid) != unseen_recent_.end();
    if (!ours) continue;
    ++unseen_;
    ++churn_unseen_;
    unseen_now_.push_back(e.pid);
    if (e.hiwater_rss_bytes) unseen_peak_rss_bytes_ = std::max(unseen_peak_rss_bytes_.value_or(0), *e.hiwater_rss_bytes);
    if (unseen_recent_.size() >= kUnseenRecent) unseen_recent_.erase(unseen_recent_.begin());
    unseen_recent_.push_back(e.pid);
    // ac_exitcode is the task's exit_code: the signal number in its low 7 bits for a death by signal.
    if ((e.exit_code & 0x7f) == SIGKILL) {
      if (unseen_sigkilled_.size() >= kUnseenRecent) unseen_sigkilled_.pop_front();
      unseen_sigkilled_.emplace_back(e.pid, e.comm);
    }
  }
}

bool ProcessAccounting::unseen_sigkilled(uint32_t pid, const std::optional<std::string>& comm) const {
  return std::any_of(unseen_sigkilled_.begin(), unseen_sigkilled_.end(),
                     [&](const auto& k) { return k.first == pid && (!comm || *comm == k.second); });
}

void ProcessAccounting::settle_unseen(const std::vector<int>& added) {
  for (int pid : added) {
    auto it = std::find(unseen_now_.begin(), unseen_now_.end(), static_cast<uint32_t>(pid));
    if (it == unseen_now_.end()) continue;
    unseen_now_.erase(it);
    --unseen_;
    if (churn_unseen_) --churn_unseen_;
  }
}

json ProcessAccounting::churn_event(double t, bool last) {
  if (!last && t < next_churn_t_) return nullptr;
  json ev = nullptr;
  if (churn_started_ || churn_exited_ || churn_unseen_) {
    ev = {{"type", "event"}, {"t_s", t}, {"kind", "process_churn"}, {"from_t_s", churn_from_t_},
          {"started_count", churn_started_}, {"exited_count", churn_exited_},
          {"unseen_exited_count", taskstats_on_ ? json(churn_unseen_) : json(nullptr)}};
    churn_started_ = churn_exited_ = churn_unseen_ = 0;
  }
  churn_from_t_ = t;
  next_churn_t_ = t + 1.0;
  return ev;
}

json ProcessAccounting::to_json(uint64_t listed_untracked, uint64_t taskstats_overflows) const {
  json j = {{"found", found_},
            {"events_aggregated", aggregated_},
            {"unseen_exited", taskstats_on_ ? json(unseen_) : json(nullptr)},
            {"listed_untracked", listed_untracked},
            {"unseen_peak_rss_bytes", util::opt(unseen_peak_rss_bytes_)},
            {"taskstats", taskstats_status_}};
  if (taskstats_on_ && taskstats_overflows) j["taskstats_overflows"] = taskstats_overflows;  // exits lost: unseen_exited is a floor
  return j;
}

}  // namespace oomlens::run
