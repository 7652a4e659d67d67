// `oomlens run`: process accounting under fork-heavy load (issue 21).
//
// * Every process found gets a process_start and, once gone, a process_exit
//   event, within a rate bound: a token bucket of kEventBurst events,
//   refilled at kEventsPerS a second (the main process always). A process
//   found past the bound is counted instead, with its exit, in a
//   `process_churn` event written once a second: its start is never
//   without its exit, and the record grows by at most ~300 MB a day
//   however fast the job forks (docs/run.md).
// * Processes born and gone between two ticks are never found in /proc.
//   Their exits are counted from taskstats (proc/taskstats.h): an exit whose
//   parent is in the tree (or is an exit counted so; not oomlens itself)
//   and that was never tracked is `unseen`. Without taskstats (no
//   CAP_NET_ADMIN, a pid namespace of its own, no CONFIG_TASKSTATS) the
//   count is unknown: null, with the reason.
#include <unistd.h>

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "util/file.h"
#include "util/json_opt.h"
#include "run/session_state.h"

namespace oomlens::run {

using nlohmann::json;

namespace {

/// Whether this process is in the initial pid namespace (taskstats gives
/// its pids there): /proc/self/status NSpid lists one pid. A kernel
/// without NSpid (before 4.1) has no nested namespaces to tell apart.
bool in_initial_pid_namespace() {
  auto st = read_file("/proc/self/status", 1 << 16);
  if (!st) return false;
  auto at = st->find("\nNSpid:");
  if (at == std::string::npos) return true;
  std::string_view line(st->data() + at + 7, st->size() - at - 7);
  line = line.substr(0, line.find('\n'));
  size_t fields = 0;
  bool in = false;
  for (char c : line) {
    const bool digit = c >= '0' && c <= '9';
    if (digit && !in) ++fields;
    in = digit;
  }
  return fields == 1;
}

}  // namespace

void Session::open_taskstats() {
  if (!in_initial_pid_namespace()) {
    taskstats_status_ = "unavailable: oomlens runs in a pid namespace of its own (taskstats gives the host's pids)";
    return;
  }
  auto l = proc::TaskstatsListener::open();
  if (!l) {
    taskstats_status_ = "unavailable: " + l.error().message();
    return;
  }
  taskstats_.emplace(std::move(*l));
  taskstats_status_ = "on";
}

void Session::refill_event_tokens(double t) {
  event_tokens_ = std::min(kEventBurst, event_tokens_ + (t - event_tokens_t_) * kEventsPerS);
  event_tokens_t_ = t;
}

void Session::update_churn_mode(double t) {
  // Past the rate bound, new processes are tracked from their second
  // sighting (ProcessTree::set_second_sighting): those living under one
  // tick cost no /proc open. On when three quarters of the burst are spent
  // (the bucket refills a token a tick, so "empty" is never seen at a
  // tick); back to at once when it is full again (some 20 s calm).
  refill_event_tokens(t);
  if (event_tokens_ < kEventBurst / 4) churn_mode_ = true;
  else if (event_tokens_ >= kEventBurst - 1) churn_mode_ = false;
  tree_->set_second_sighting(churn_mode_);
}

bool Session::take_event_token(double t) {
  refill_event_tokens(t);
  if (event_tokens_ < 1) return false;
  event_tokens_ -= 1;
  return true;
}

void Session::note_process_start(monitor::TrackedProc& p, double t) {
  ++procs_found_;
  if (p.role != monitor::Role::main && !take_event_token(t)) {
    p.start_recorded = false;
    ++churn_started_;
    ++aggregated_total_;
    return;
  }
  record_.write({{"type", "event"}, {"t_s", t}, {"kind", "process_start"}, {"pid", p.pid}, {"ppid", p.ppid},
                 {"role", monitor::role_name(p.role)}, {"comm", p.comm}, {"cmdline", p.cmdline},
                 {"start_time_ticks", p.start_time_ticks}, {"rank", util::opt(p.rank)},
                 {"local_rank", util::opt(p.local_rank)}});
}

void Session::note_process_exit(const monitor::TrackedProc& p, double t) {
  // Its taskstats exit may come a tick later, after forget_gone() dropped it.
  if (taskstats_) recent_gone_.emplace_back(static_cast<uint32_t>(p.pid), t);
  if (!p.start_recorded) {
    ++churn_exited_;
    return;
  }
  record_.write({{"type", "event"}, {"t_s", t}, {"kind", "process_exit"}, {"pid", p.pid},
                 {"role", monitor::role_name(p.role)}, {"orphaned", p.orphaned},
                 {"peak_pss_bytes", p.peak_pss_bytes ? json(p.peak_pss_bytes) : json(nullptr)}});
}

void Session::drain_taskstats(double t) {
  unseen_now_.clear();
  if (!taskstats_) return;
  auto exits = taskstats_->drain();
  if (exits.empty()) return;
  // Tracked: alive, or gone within the last second (its exit may be read a
  // tick after /proc showed it gone); an older gone one's pid may be reused.
  while (!recent_gone_.empty() && t - recent_gone_.front().second >= 1.0) recent_gone_.pop_front();
  std::unordered_set<uint32_t> tracked;
  for (auto& p : tree_->procs())
    if (!p.gone_s) tracked.insert(static_cast<uint32_t>(p.pid));
  for (auto& g : recent_gone_) tracked.insert(g.first);
  // The main process from its spawn: the first tick (which finds it) may
  // come after its first children have come and gone.
  if (!job_.main_status) tracked.insert(static_cast<uint32_t>(job_.pid));
  for (auto& e : exits) {
    if (e.ends_process() != true || tracked.count(e.pid)) continue;
    // Not oomlens's own children (the job's main process, the stderr
    // relay, the guard's helpers): an orphan re-parented to oomlens and
    // never seen is not counted either.
    const bool ours = tracked.count(e.ppid) ||
                      std::find(unseen_recent_.begin(), unseen_recent_.end(), e.ppid) != unseen_recent_.end();
    if (!ours) continue;
    ++unseen_total_;
    ++churn_unseen_;
    unseen_now_.push_back(e.pid);
    if (e.hiwater_rss_bytes) unseen_peak_rss_bytes_ = std::max(unseen_peak_rss_bytes_.value_or(0), *e.hiwater_rss_bytes);
    if (unseen_recent_.size() >= kUnseenRecent) unseen_recent_.erase(unseen_recent_.begin());
    unseen_recent_.push_back(e.pid);
  }
}

void Session::settle_unseen(const std::vector<int>& added) {
  // An exit read from taskstats while /proc still showed the process (the
  // exit under way, not yet a zombie) was counted unseen: found now, it is
  // counted once, as seen.
  for (int pid : added) {
    auto it = std::find(unseen_now_.begin(), unseen_now_.end(), static_cast<uint32_t>(pid));
    if (it == unseen_now_.end()) continue;
    unseen_now_.erase(it);
    --unseen_total_;
    if (churn_unseen_) --churn_unseen_;
  }
}

void Session::write_churn(double t, bool last) {
  if (!last && t < next_churn_t_) return;
  if (churn_started_ || churn_exited_ || churn_unseen_) {
    record_.write({{"type", "event"}, {"t_s", t}, {"kind", "process_churn"}, {"from_t_s", churn_from_t_},
                   {"started_count", churn_started_}, {"exited_count", churn_exited_},
                   {"unseen_exited_count", taskstats_ ? json(churn_unseen_) : json(nullptr)}});
    churn_started_ = churn_exited_ = churn_unseen_ = 0;
  }
  churn_from_t_ = t;
  next_churn_t_ = t + 1.0;
}

json Session::process_accounting_json() const {
  json j = {{"found", procs_found_},
            {"events_aggregated", aggregated_total_},
            {"unseen_exited", taskstats_ ? json(unseen_total_) : json(nullptr)},
            {"listed_untracked", tree_->listed_untracked()},
            {"unseen_peak_rss_bytes", util::opt(unseen_peak_rss_bytes_)},
            {"taskstats", taskstats_status_}};
  if (taskstats_ && taskstats_->overflows())
    j["taskstats_overflows"] = taskstats_->overflows();  // exits lost: unseen_exited is a floor
  return j;
}

}  // namespace oomlens::run
