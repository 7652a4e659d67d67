// The ≤ 5.0 "sacrifice child" kill that freed little (oom_kill_process() in
// mm/oom_kill.c before 5.1 killed a child of the chosen process, the one
// with the highest badness not sharing its mm, in the parent's place; a
// DataLoader worker or a shell's child can hold almost nothing).
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
namespace {

constexpr uint64_t kLittleChildBytes = 1024 * 1024;

}  // namespace

void sacrificed_child_held_little(const OomEvent& e, std::vector<Check>& out) {
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
  const bool little = held < kLittleChildBytes || (chosen_rss && held * 100 < *chosen_rss);
  if (!little) return;
  const std::string child = v->comm.empty() ? std::string(tr("the victim")) : v->comm;
  const std::string parent = chosen.comm.empty() ? std::string(tr("the chosen process")) : chosen.comm;
  const std::string score = chosen.score ? trf(", badness score {}", *chosen.score) : std::string();
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
