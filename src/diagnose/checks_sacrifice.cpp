// The ≤ 5.0 "sacrifice child" kill that freed little (oom_kill_process() in
// mm/oom_kill.c before 5.1 killed a child of the chosen process, the one
// with the highest badness not sharing its mm, in the parent's place; a
// DataLoader worker or a shell's child can hold almost nothing). Little is
// under 1 % of the parent's task-table RSS, else of the RAM (the cgroup's
// limit), else of the smallest machine; with neither the parent's row nor
// the RAM (limit), `sacrificed_child_share_unknown` says what the parent's
// score means instead.
//
// Not victim_held_little (checks_causes.cpp) with another wording, though
// both say "the kill freed little": that rule is for a victim the OOM killer
// ranked highest, which it leaves to this one (it returns when the victim is
// not the chosen process), and asks how a small process ranked highest (its
// score, oom_score_adj, memory outside processes), against RAM or the limit;
// its advice (advice.cpp, 6) is that limiting the victim would not have
// helped. Here the victim never ranked: what matters is that the chosen
// parent kept its memory and is chosen again, measured against the parent's
// row, and file pages (page cache either way) do not count.
#include <string>
#include <vector>

#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"

namespace oomlens::detail {
void sacrificed_child_held_little(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (e.kind != EventKind::kill || e.sysrq || e.selected.empty() || kills_allocating_task(e)) return;
  const Victim* v = main_victim(e);
  const Selected& chosen = e.selected.back();
  if (!v || !v->pid || !v->anon_rss_bytes || chosen.pid == 0 || chosen.pid == *v->pid) return;
  // A lower pid may be the chosen thread's own process: then the chosen one did not keep its memory.
  if (killed_below_selected_pid(e)) return;
  // Anonymous and shared pages are what a kill frees; file pages are page cache either way.
  const uint64_t held = *v->anon_rss_bytes + v->shmem_rss_bytes.value_or(0);
  std::optional<uint64_t> chosen_rss;  // the chosen parent's task-table row, when printed
  const TaskRow* chosen_row = row_of_pid(e, chosen.pid);
  if (chosen_row && chosen_row->rss_bytes) chosen_rss = *chosen_row->rss_bytes;
  // What ran out: RAM, or the cgroup's limit (0 when the report prints neither).
  const bool memcg = e.constraint == Constraint::memcg;
  const uint64_t whole =
      (memcg ? (e.memcg ? effective_limit_bytes(*e.memcg) : std::nullopt) : machine_ram_bytes(e, ctx)).value_or(0);
  // Little relative to what it is weighed against: the parent's row, else what ran out, else any machine. Never a
  // fixed size: 2 MiB is little beside a 100 GiB parent and much on a router of kSmallestRouterRamBytes.
  const bool little = chosen_rss ? held * 100 < *chosen_rss
                      : whole    ? held * 100 < whole
                                 : held * 100 < kLeastRamPlusSwapBytes;
  const std::string child = v->comm.empty() ? std::string(tr("the victim")) : v->comm;
  const std::string parent = chosen.comm.empty() ? std::string(tr("the chosen process")) : chosen.comm;
  const std::string score = chosen.score ? trf(", badness score {}", *chosen.score) : std::string();
  if (!little && !chosen_rss && !whole && chosen.score && !chosen.legacy_badness) {
    // Neither the parent's size nor what ran out is printed: what the child held is said beside what the
    // parent's score means (‰ of RAM plus swap, or of the limit plus swap; its oom_score_adj added in).
    const uint64_t s = *chosen.score;
    out.push_back({"sacrificed_child_share_unknown", CheckLevel::info,
                   trf("{} (pid {}) held {} of anonymous and shared memory (anon-rss + shmem-rss) when the kernel "
                       "(5.0 and older) killed it in place of {} (pid {}), the process it chose{}. The report prints "
                       "neither pid {}'s task-table row nor {}, so how much pid {} kept is unknown; its score means "
                       "it counted for {}.{} % of {} plus swap, its oom_score_adj added in: with oom_score_adj 0, it "
                       "held that much and kept it, and the OOM killer chooses it again while the shortage lasts.",
                       child, *v->pid, format_bytes(held), parent, chosen.pid, score, chosen.pid,
                       memcg ? tr("its cgroup's limit") : tr("the RAM"), chosen.pid, s / 10, s % 10,
                       memcg ? tr("its cgroup's limit") : tr("RAM")),
                   {{"victim_pid", *v->pid}, {"held_bytes", as_figure(held)}, {"selected_pid", chosen.pid},
                    {"selected_score", as_figure(s)}}});
    return;
  }
  if (!little) return;
  const std::string parent_held =
      chosen_rss ? trf(", whose task-table row shows {} RSS", format_bytes(*chosen_rss)) : std::string();
  std::vector<std::pair<std::string, int64_t>> figures{
      {"victim_pid", *v->pid}, {"held_bytes", as_figure(held)}, {"selected_pid", chosen.pid}};
  if (chosen_rss) figures.emplace_back("selected_rss_bytes", as_figure(*chosen_rss));
  out.push_back({"sacrificed_child_held_little", CheckLevel::warn,
                 trf("{} (pid {}) held {} of anonymous and shared memory (anon-rss + shmem-rss): the kernel (5.0 "
                     "and older) killed it in place of {} (pid {}), the process it chose{}{}, so the kill freed "
                     "little and pid {} kept its memory. While the shortage lasts, the OOM killer chooses pid {} again: "
                     "its other children first, then it.",
                     child, *v->pid, format_bytes(held), parent, chosen.pid, score, parent_held, chosen.pid,
                     chosen.pid),
                 std::move(figures)});
}

}  // namespace oomlens::detail
