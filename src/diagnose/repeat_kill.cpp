#include "diagnose/repeat_kill.h"

#include <cmath>

#include "diagnose/explain_detail.h"
#include "util/i18n.h"

namespace oomlens {

std::optional<KillRecord> kill_record(const OomEvent& event) {
  if (event.kind != EventKind::kill || !event.time.monotonic_s) return std::nullopt;
  const Victim* v = detail::main_victim(event);
  if (!v || !v->pid || !readable_comm(v->comm)) return std::nullopt;
  return KillRecord{event.boot_id, event.host, event.source, *v->pid, v->comm, *event.time.monotonic_s};
}

void add_repeat_kill(const OomEvent& event, std::span<const KillRecord> earlier, Explanation& out) {
  const std::optional<KillRecord> now = kill_record(event);
  if (!now) return;
  int64_t count = 1;
  double first = now->monotonic_s;
  for (auto it = earlier.rbegin(); it != earlier.rend(); ++it) {
    const KillRecord& r = *it;
    if (r.boot_id != now->boot_id || r.host != now->host || r.source != now->source) continue;
    const double gap = first - r.monotonic_s;
    // Time went back (an earlier boot), or past the window: no earlier kill of this source can extend the chain,
    // so the walk stops there (it never reads every earlier kill of a long log for each kill).
    if (gap < 0 || gap > kRepeatKillWindowS) break;
    if (r.pid != now->pid || gap == 0) continue;  // at the same time: the same report printed twice
    if (r.comm != now->comm) break;               // another process with this pid
    ++count;
    first = r.monotonic_s;
  }
  if (count < 2) return;
  const auto span = static_cast<int64_t>(std::llround(now->monotonic_s - first));
  out.checks.push_back(
      {"victim_killed_again", CheckLevel::warn,
       trf("{} (pid {}) was killed {} times in {} s: the kills did not end it, so they freed nothing. A killed task "
           "that does not exit is usually in uninterruptible sleep (D state), waiting on a hung filesystem "
           "(NFS, FUSE), a block device or a driver, and keeps its memory; kernels before 4.6 have no OOM reaper to "
           "free it, later ones print `oom_reaper: unable to reap` when theirs fails.",
           now->comm, now->pid, count, span),
       {{"victim_pid", now->pid}, {"kill_count", count}, {"span_s", span}}});
  out.advice.insert(out.advice.begin(),
                    trf("Find why pid {} did not exit: its state and kernel stack (`cat /proc/{}/stack`, `echo w > "
                        "/proc/sysrq-trigger` for D-state tasks), hung-task and `oom_reaper:` lines in the log, and the "
                        "filesystem or device it waits on; more kills will not free its memory.",
                        now->pid, now->pid));
}

void RecentKills::check_then_keep(const OomEvent& event, Explanation& out) {
  add_repeat_kill(event, kills_, out);
  if (auto kill = kill_record(event)) {
    if (kills_.size() >= 2 * kKept) kills_.erase(kills_.begin(), kills_.end() - kKept);
    kills_.push_back(std::move(*kill));
  }
}

}  // namespace oomlens
