#include "diagnose/repeat_kill.h"

#include <cmath>

#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"

namespace oomlens {

std::optional<KillRecord> kill_record(const OomEvent& event) {
  if (event.kind != EventKind::kill || !event.time.monotonic_s) return std::nullopt;
  const Victim* v = detail::main_victim(event);
  if (!v || !v->pid || !readable_comm(v->comm)) return std::nullopt;
  std::optional<std::string> cgroup = event.memcg ? detail::limit_cgroup_path(*event.memcg) : std::nullopt;
  return KillRecord{event.boot_id,           event.host,        event.source,     *v->pid,
                    v->comm,                 *event.time.monotonic_s, v->anon_rss_bytes, event.constraint,
                    std::move(cgroup),       v->total_vm_bytes,  v->file_rss_bytes};
}

namespace {

// `r`, an earlier kill of the same process, and `now` (of `event`) are one kill line copied: kKillCopyWindowS.
bool copied_kill(const KillRecord& r, const KillRecord& now, const OomEvent& event) {
  if (event.trigger || event.mem_info || !event.tasks.empty()) return false;  // a report of its own: a new OOM
  if (now.monotonic_s - r.monotonic_s >= kKillCopyWindowS) return false;
  const auto same = [](const std::optional<uint64_t>& a, const std::optional<uint64_t>& b) { return a && a == b; };
  return same(r.total_vm_bytes, now.total_vm_bytes) && same(r.anon_rss_bytes, now.anon_rss_bytes) &&
         same(r.file_rss_bytes, now.file_rss_bytes);
}

}  // namespace

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
    if (count == 1 && copied_kill(r, *now, event)) return;  // this kill line copied: no second kill
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

void add_tiny_kill_storm(const OomEvent& event, std::span<const KillRecord> earlier, Explanation& out) {
  const std::optional<KillRecord> now = kill_record(event);
  if (!now || !now->anon_rss_bytes || *now->anon_rss_bytes >= kTinyVictimBytes) return;
  std::vector<const KillRecord*> storm{&*now};
  double first = now->monotonic_s;
  uint64_t anon = *now->anon_rss_bytes;
  for (auto it = earlier.rbegin(); it != earlier.rend() && storm.size() <= kTinyStormKills; ++it) {
    const KillRecord& r = *it;
    if (r.boot_id != now->boot_id || r.host != now->host || r.source != now->source) continue;
    const double gap = first - r.monotonic_s;
    if (gap < 0 || gap > kTinyStormGapS) break;
    // Another OOM's kills (a different constraint or cgroup) neither extend nor break the storm.
    if (r.constraint != now->constraint || r.cgroup != now->cgroup) continue;
    if (!r.anon_rss_bytes || *r.anon_rss_bytes >= kTinyVictimBytes) break;  // a kill that freed much ends it
    bool seen = false;  // the same process again is victim_killed_again's, not a new small kill
    for (const KillRecord* k : storm) seen = seen || (k->pid == r.pid && k->comm == r.comm);
    if (seen) continue;
    storm.push_back(&r);
    first = r.monotonic_s;
    anon += *r.anon_rss_bytes;
  }
  // Said once: at the kill that makes the storm kTinyStormKills long, not at each later one.
  if (storm.size() != kTinyStormKills) return;
  const auto count = static_cast<int64_t>(storm.size());
  const auto span_ms = static_cast<int64_t>(std::llround((now->monotonic_s - first) * 1000));
  const bool memcg = now->constraint == Constraint::memcg;
  // Who kept the memory, when this report's task table shows it: its largest row that none of the kills took,
  // holding ten times what they held together (and at least 64 MiB).
  // A row's RSS is row_rss_bytes(): its rss, or 6.8+'s rss_anon + rss_file + rss_shmem (no rss column there).
  const TaskRow* survivor = nullptr;
  uint64_t survivor_rss = 0;
  for (const TaskRow& row : event.tasks) {
    const std::optional<uint64_t> rss = detail::row_rss_bytes(row);
    if (!rss || !readable_comm(row.comm)) continue;
    bool killed = false;
    for (const KillRecord* k : storm) killed = killed || k->pid == row.pid || (row.tgid && k->pid == *row.tgid);
    if (killed || *rss < kTinyVictimBytes || *rss / 10 < anon) continue;
    if (!survivor || *rss > survivor_rss) {
      survivor = &row;
      survivor_rss = *rss;
    }
  }
  const std::string where = now->cgroup ? trf("in cgroup {}", *now->cgroup)
                            : memcg     ? std::string(tr("by memory-cgroup OOMs in this log"))
                                        : std::string(tr("in this log"));
  std::string msg =
      trf("{} processes were killed {} within {} ms, each holding under {} of anonymous memory, {} together: the "
          "kills freed little and memory stayed short.",
          count, where, span_ms, format_bytes(kTinyVictimBytes), format_bytes(anon));
  Check c{"small_kills_repeated", CheckLevel::warn, "",
          {{"kill_count", count}, {"span_ms", span_ms}, {"anon_rss_bytes", detail::as_figure(anon)}}};
  if (survivor) {
    msg += survivor->oom_score_adj
               ? trf(" This report's task table shows {} (pid {}) holding {} RSS at oom_score_adj {}, and none of "
                     "the kills took it.",
                     survivor->comm, survivor->pid, format_bytes(survivor_rss), *survivor->oom_score_adj)
               : trf(" This report's task table shows {} (pid {}) holding {} RSS, and none of the kills took it.",
                     survivor->comm, survivor->pid, format_bytes(survivor_rss));
    c.figures.emplace_back("survivor_pid", survivor->pid);
    c.figures.emplace_back("survivor_rss_bytes", detail::as_figure(survivor_rss));
  } else {
    msg += memcg ? tr(" The memory is held by what the killer does not pick or a kill does not free: page cache, "
                      "tmpfs and kernel memory charged to the cgroup, or a task with oom_score_adj -1000.")
                 : tr(" The memory is held by what the killer does not pick or a kill does not free: a task with "
                      "oom_score_adj -1000, the kernel (slab), tmpfs, hugetlb pages.");
  }
  c.message = std::move(msg);
  out.checks.push_back(std::move(c));
  out.advice.insert(out.advice.begin(),
                    survivor ? trf("Killing small processes did not free memory while {} (pid {}) held {}: contain or "
                                   "fix that one (a limit of its own, `oomlens run --limit SIZE`), or let the killer "
                                   "take it (its oom_score_adj).",
                                   survivor->comm, survivor->pid, format_bytes(survivor_rss))
                    : memcg ? std::string(tr("Killing small processes did not bring the cgroup under its limit: read "
                                             "its memory.stat (file, shmem, kernel) to see what it is charged for, and "
                                             "free that or raise the limit; more kills will not help."))
                            : std::string(tr("Killing small processes did not free memory: find what holds it "
                                             "(Mem-Info: slab, shmem, hugetlb pages; tasks with oom_score_adj "
                                             "-1000) and fix that; more kills will not help.")));
}

void RecentKills::check_then_keep(const OomEvent& event, Explanation& out) {
  add_repeat_kill(event, kills_, out);
  add_tiny_kill_storm(event, kills_, out);
  if (auto kill = kill_record(event)) {
    if (kills_.size() >= 2 * kKept) kills_.erase(kills_.begin(), kills_.end() - kKept);
    kills_.push_back(std::move(*kill));
  }
}

}  // namespace oomlens
