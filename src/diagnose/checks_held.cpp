// Checks that the processes, or the victim, held little of what ran out
// (checks_causes.cpp's add_cause_checks() calls them; explain_detail.h):
//  - processes hold little: a victim ranked highest with a badness score of
//    0, or a whole task table small for the RAM or the cgroup's limit (page
//    cache, shmem or kernel memory filled it); in a cgroup with no row shown,
//    its own anonymous count small beside its page cache;
//  - the victim held little when killed: under 1 MiB, under 1 % of RAM or
//    of its cgroup's limit, or a low 2.6.36-5.0 badness score (its rank came
//    from swap entries, page tables or oom_score_adj);
//  - the victim's RSS was almost all file pages it mapped (locked, dirty or
//    in constant use: reclaim could not drop them).
#include <fmt/core.h>

#include <algorithm>
#include <utility>

#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/units.h"

namespace oomlens::detail {
namespace {

// Processes held little: the kernel ranked the victim highest with a
// badness score of 0 (under 1 ‰ of RAM + swap, 2.6.36–5.0 `score`), or a
// whole task table holds under kProcessesPercent of RAM.
constexpr uint64_t kProcessesPercent = 10;

/// part/whole as a percentage with one decimal ("0.8").
std::string tenths(uint64_t part, uint64_t whole) {
  return fmt::format("{:.1f}", static_cast<double>(part) * 100.0 / static_cast<double>(whole));
}

// A memcg whose processes hold under kProcessesPercent of its limit: page
// cache (v1 `cache`, v2 `file`, less their `shmem` when printed) filled it, e.g. a copy writing faster than
// its dirty pages are written back (cgroup v1 does not throttle a cgroup's
// dirty pages: per-cgroup writeback is cgroup v2's, Linux 4.2+).
// With no task row shown (the paste ends inside the memcg block), the
// cgroup's own anonymous count (v1 `rss`, v2 `anon`) stands for its
// processes; the event is then a kill or a report cut before its end.
void memcg_cache_fills_limit(const OomEvent& e, std::vector<Check>& out) {
  if (e.kind != EventKind::kill && e.kind != EventKind::incomplete) return;
  if (e.constraint != Constraint::memcg || !e.memcg) return;
  const MemcgInfo& m = *e.memcg;
  const auto limit = effective_limit_bytes(m);
  auto cache = memcg_stat(m, {"total_cache", "cache", "file"});
  const auto rows_sum = e.tasks.empty() ? std::nullopt : tasks_rss_bytes(e);
  if (!limit || *limit == 0 || !cache) return;
  if (!rows_sum && !e.tasks.empty()) return;
  // v1 `cache` and v2 `file` count shmem (tmpfs such as /dev/shm, SysV and
  // POSIX shm), which is no page cache: reclaim cannot drop it and writeback
  // does not apply. With the cgroup's shmem printed, only the rest is page
  // cache (shmem_dominant speaks for the shared memory).
  const auto shmem = memcg_stat(m, {"total_shmem", "shmem"});
  if (shmem) *cache -= std::min(*shmem, *cache);
  // Rows shown may not be the whole table: the cgroup's own anon count must agree.
  const auto anon = memcg_stat(m, {"total_rss", "rss", "anon"});
  if (!rows_sum && !anon) return;
  if (rows_sum && !task_table_whole(e) && !anon) return;
  const uint64_t rss = rows_sum.value_or(0);
  if (percent_of(std::max(rss, anon.value_or(0)), *limit) >= kProcessesPercent) return;
  if (percent_of(*cache, *limit) < 50) return;
  const auto dirty = memcg_stat(m, {"total_dirty", "dirty", "file_dirty"});
  const auto writeback = memcg_stat(m, {"total_writeback", "writeback", "file_writeback"});
  const auto n = static_cast<int64_t>(e.tasks.size());
  const std::string dirty_part =
      dirty && *dirty > 0 && writeback
          ? trf(", {} of it dirty (not yet written back) and {} under writeback", format_bytes(*dirty),
                format_bytes(*writeback))
      : dirty && *dirty > 0 ? trf(", {} of it dirty (not yet written back)", format_bytes(*dirty))
                            : std::string();
  if (!rows_sum) {
    out.push_back({"processes_hold_little", CheckLevel::warn,
                   trf("The cgroup's anonymous memory was {}, {} % of its {} limit; its page cache held {} ({} %){}. "
                       "The limit counts page cache, and a kill frees almost nothing.",
                       format_bytes(*anon), tenths(*anon, *limit), format_bytes(*limit), format_bytes(*cache),
                       tenths(*cache, *limit), dirty_part),
                   {{"anon_bytes", as_figure(*anon)}, {"limit_bytes", as_figure(*limit)},
                    {"cache_bytes", as_figure(*cache)}}});
  } else {
    out.push_back({"processes_hold_little", CheckLevel::warn,
                   n == 1 ? trf("The one task-table row shown holds {} RSS, {} % of the cgroup's {} limit; its page "
                                "cache held {} ({} %){}. The limit counts page cache, and a kill frees almost nothing.",
                                format_bytes(rss), tenths(rss, *limit), format_bytes(*limit), format_bytes(*cache),
                                tenths(*cache, *limit), dirty_part)
                          : trf("The {} task-table rows shown hold {} RSS in all, {} % of the cgroup's {} limit; its "
                                "page cache held {} ({} %){}. The limit counts page cache, and a kill frees almost "
                                "nothing.",
                                n, format_bytes(rss), tenths(rss, *limit), format_bytes(*limit), format_bytes(*cache),
                                tenths(*cache, *limit), dirty_part),
                   {{"task_count", n}, {"rss_bytes", as_figure(rss)}, {"limit_bytes", as_figure(*limit)},
                    {"cache_bytes", as_figure(*cache)}}});
  }
  // A stat the cgroup did not print is no figure (unknown is never 0).
  if (dirty) out.back().figures.emplace_back("dirty_bytes", as_figure(*dirty));
  if (writeback) out.back().figures.emplace_back("writeback_bytes", as_figure(*writeback));
}

// Dirty and writeback pages are page cache the processes do not hold: when they alone fill half the limit or more,
// the page cache filled it whatever the rows, the cgroup's anon count or an elided `file` line say (a 10 MiB v1
// cgroup with 8580 KB dirty and rows holding 3 MiB, corpus 624; v2's file_dirty 289 MiB of a 301 MiB limit, `file`
// elided, 618). Only when memcg_cache_fills_limit() said nothing: its message names the dirty part too.
void memcg_dirty_fills_limit(const OomEvent& e, std::vector<Check>& out) {
  const MemcgInfo& m = *e.memcg;
  const auto limit = effective_limit_bytes(m);
  if (!limit || *limit == 0) return;
  const auto cache = memcg_stat(m, {"total_cache", "cache", "file"});
  const auto dirty = memcg_stat(m, {"total_dirty", "dirty", "file_dirty"});
  const auto writeback = memcg_stat(m, {"total_writeback", "writeback", "file_writeback"});
  const uint64_t unwritten = dirty.value_or(0) + writeback.value_or(0);
  if (dirty && percent_of(unwritten, *limit) >= 50) {
    const std::string wb = writeback && *writeback > 0
                               ? trf(" and {} under writeback", format_bytes(*writeback))
                               : std::string();
    out.push_back({"processes_hold_little", CheckLevel::warn,
                   trf("The cgroup's page cache held {} of dirty pages (not yet written back){}: {} % of its {} "
                       "limit. Reclaim cannot drop dirty pages before they are written, the limit counts them, and a "
                       "kill frees almost nothing.",
                       format_bytes(*dirty), wb, tenths(unwritten, *limit), format_bytes(*limit)),
                   {{"limit_bytes", as_figure(*limit)}, {"dirty_bytes", as_figure(*dirty)}}});
    if (writeback) out.back().figures.emplace_back("writeback_bytes", as_figure(*writeback));
    if (cache) out.back().figures.emplace_back("cache_bytes", as_figure(*cache));
    if (m.hierarchy == "v2") out.back().figures.emplace_back("cgroup_v2", 1);
  }
}

void memcg_processes_hold_little(const OomEvent& e, std::vector<Check>& out) {
  const size_t before = out.size();
  memcg_cache_fills_limit(e, out);
  if (out.size() == before && e.memcg && e.constraint == Constraint::memcg &&
      (e.kind == EventKind::kill || e.kind == EventKind::incomplete))
    memcg_dirty_fills_limit(e, out);
}

}  // namespace

std::optional<KernelUnaccounted> kernel_unaccounted(const MemInfo& m) {
  // `N pages reserved` too: without it the kernel's own image, memmap and a crashkernel area would be in the gap.
  if (!m.ram_bytes || !m.reserved_bytes || !m.free_bytes || !m.active_anon_bytes || !m.inactive_anon_bytes ||
      !m.active_file_bytes || !m.inactive_file_bytes || !m.unevictable_bytes || !m.pagetables_bytes)
    return std::nullopt;
  std::optional<uint64_t> slab;
  if (m.slab_reclaimable_bytes && m.slab_unreclaimable_bytes)
    slab = *m.slab_reclaimable_bytes + *m.slab_unreclaimable_bytes;
  else
    slab = m.slab_bytes;
  if (!slab) return std::nullopt;
  uint64_t hugetlb = 0;
  for (const HugePages& h : m.hugepages) hugetlb += h.total * h.size_bytes;
  const uint64_t counted = *m.free_bytes + *m.active_anon_bytes + *m.inactive_anon_bytes + *m.active_file_bytes +
                           *m.inactive_file_bytes + *m.unevictable_bytes + *slab + *m.pagetables_bytes + hugetlb;
  const uint64_t base = *m.ram_bytes - std::min(*m.ram_bytes, *m.reserved_bytes);
  if (counted >= base) return std::nullopt;
  return KernelUnaccounted{base, counted, base - counted, !m.hugepages.empty()};
}

void processes_hold_little(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (e.constraint == Constraint::memcg) return memcg_processes_hold_little(e, out);
  // A report that found no task to kill prints its whole table too (corpus mangler-pending/508: nfsd's leak).
  if ((e.kind != EventKind::kill && e.kind != EventKind::no_killable) || e.tasks.empty()) return;
  if (find_check(out, "lowmem_exhausted") || find_check(out, "slab_unreclaimable_dominant") ||
      find_check(out, "slab_dominant"))
    return;
  // A protected row may hide a large one: only the Mem-Info reading below, whose gap no process's pages can fill
  // (they are on the LRU lists), is said beside one.
  const bool protected_row =
      std::any_of(e.tasks.begin(), e.tasks.end(), [](const TaskRow& row) { return row.oom_score_adj.value_or(0) < 0; });
  const auto rows_sum = tasks_rss_bytes(e);
  if (!rows_sum) return;
  const uint64_t rss = *rows_sum;
  const auto n = static_cast<int64_t>(e.tasks.size());
  const Victim* v = main_victim(e);
  const std::string rest = tr("Processes held little of the memory: the kernel (slab, page tables, drivers, hugetlb "
                              "pages) or tmpfs held the rest, and a kill frees almost nothing.");
  // vm.oom_kill_allocating_task prints score 0 without ranking anything (oom_kill_process(current, …, 0, …)).
  if (!protected_row && e.kind == EventKind::kill && v && v->selected_score == 0 && v->oom_score_adj && *v->oom_score_adj >= 0 && !kills_allocating_task(e)) {
    out.push_back({"processes_hold_little", CheckLevel::warn,
                   n == 1 ? trf("The victim's badness score was 0 (under 0.1 % of RAM plus swap) although the "
                                "kernel ranked it highest, and the one task-table row shown holds {} RSS. {}",
                                format_bytes(rss), rest)
                          : trf("The victim's badness score was 0 (under 0.1 % of RAM plus swap) although the "
                                "kernel ranked it highest, and the {} task-table rows shown hold {} RSS in all. {}",
                                n, format_bytes(rss), rest),
                   {{"score", 0}, {"task_count", n}, {"rss_bytes", as_figure(rss)}}});
    return;
  }
  const auto ram = machine_ram_bytes(e, ctx);
  if (!ram || !task_table_whole(e)) return;
  const uint64_t p = percent_of(rss, *ram);
  if (p >= kProcessesPercent) return;
  // Half the RAM or more in none of Mem-Info's counters (free, the LRU lists, slab, page tables, hugetlb pages):
  // neither processes nor slab nor page cache held it, but a driver's or a kernel subsystem's own pages
  // (alloc_pages(), vmalloc; corpus mangler-pending/508: nfsd, 3.5 MiB of RSS in 1.0 GiB).
  const auto gap = e.mem_info && e.mem_info->ram_bytes == ram ? kernel_unaccounted(*e.mem_info) : std::nullopt;
  if (gap && gap->rest_bytes * 2 >= *ram) {
    const std::string held =
        gap->hugetlb_printed
            ? trf("Mem-Info's counters (free, page cache and anonymous pages, unevictable, slab, page tables, hugetlb "
                  "pages) account for {}; the other {} ({} % of RAM) is in none of them: the kernel held it, a driver "
                  "or a kernel subsystem (its own page allocations, not slab), and a kill frees almost nothing.",
                  format_bytes(gap->counted_bytes), format_bytes(gap->rest_bytes), percent_of(gap->rest_bytes, *ram))
            : trf("Mem-Info's counters (free, page cache and anonymous pages, unevictable, slab, page tables) account "
                  "for {}; the other {} ({} % of RAM) is in none of them: the kernel held it, a driver or a kernel "
                  "subsystem (its own page allocations, not slab; or hugetlb pages, which this report does not "
                  "print), and a kill frees almost nothing.",
                  format_bytes(gap->counted_bytes), format_bytes(gap->rest_bytes), percent_of(gap->rest_bytes, *ram));
    out.push_back({"processes_hold_little", CheckLevel::warn,
                   n == 1 ? trf("The one process of the task table holds {} RSS, {} % of RAM ({}). {}",
                                format_bytes(rss), p, format_bytes(*ram), held)
                          : trf("The {} processes of the task table hold {} RSS in all, {} % of RAM ({}). {}", n,
                                format_bytes(rss), p, format_bytes(*ram), held),
                   {{"task_count", n}, {"rss_bytes", as_figure(rss)}, {"ram_bytes", as_figure(*ram)},
                    {"percent", as_figure(p)}, {"counted_bytes", as_figure(gap->counted_bytes)},
                    {"unaccounted_bytes", as_figure(gap->rest_bytes)}}});
    return;
  }
  if (protected_row) return;
  out.push_back({"processes_hold_little", CheckLevel::warn,
                 n == 1 ? trf("The one process of the task table holds {} RSS, {} % of RAM ({}). {}",
                              format_bytes(rss), p, format_bytes(*ram), rest)
                        : trf("The {} processes of the task table hold {} RSS in all, {} % of RAM ({}). {}", n,
                              format_bytes(rss), p, format_bytes(*ram), rest),
                 {{"task_count", n}, {"rss_bytes", as_figure(rss)}, {"ram_bytes", as_figure(*ram)},
                  {"percent", as_figure(p)}}});
}

namespace {

// The victim held almost nothing when killed: under 1 MiB, under 1 % of RAM
// or of its cgroup's limit, or a 2.6.36–5.0 badness score under 10 (‰ of
// RAM plus swap). Its rank came from swap entries or page tables, or the
// memory was held outside processes. (kLittleVictimBytes, kShareUnknownBytes: explain_detail.h.)
constexpr uint64_t kLittleScore = 10;

/// The RSS of the task-table rows shown (all e.tasks), in bytes, when every row prints its rss, they hold some,
/// and the victim's row (`pid`) is among them: a share of the rest is no share. nullopt otherwise.
std::optional<uint64_t> rows_rss_with_victim(const OomEvent& e, std::optional<int64_t> pid) {
  if (!row_of_pid(e, pid)) return std::nullopt;
  const std::optional<uint64_t> bytes = tasks_rss_bytes(e);
  if (!bytes || *bytes == 0) return std::nullopt;
  return bytes;
}

/// The event holds a kill record alone (`Killed process`, its `oom-kill:` summary and reaper lines): no
/// header, Mem-Info, memcg counters or stats, or task-table row of a report.
bool kill_record_only(const OomEvent& e) {
  const bool memcg_lines = e.memcg && (e.memcg->usage_bytes || e.memcg->limit_state != LimitState::unknown ||
                                       !e.memcg->stats.empty());
  return !e.trigger && !e.mem_info && e.tasks.empty() && !memcg_lines;
}

}  // namespace

void victim_held_little(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  // vm.oom_kill_allocating_task: the victim never ranked (its own check says so).
  if (e.kind != EventKind::kill || e.sysrq || find_check(out, "processes_hold_little") || kills_allocating_task(e))
    return;
  // A limit of 0: no share of it can be given, and memcg_limit_zero says why everything in the cgroup is killed.
  if (memcg_limit_zero(e)) return;
  const Victim* v = main_victim(e);
  const std::optional<uint64_t> held_bytes = v ? victim_held_bytes(*v) : std::nullopt;
  if (!held_bytes) return;
  // ≤5.0 sacrificed a child of the selected process: the child never ranked (the summary says so;
  // sacrificed_child_held_little, checks_sacrifice.cpp, says what that kill freed and why they differ).
  if (!e.selected.empty() && e.selected.back().pid != v->pid) return;
  const uint64_t held = *held_bytes;
  const bool memcg = e.constraint == Constraint::memcg;
  // RAM, or the cgroup's limit; 0 when unknown (never a share of it).
  const uint64_t whole =
      (memcg ? (e.memcg ? effective_limit_bytes(*e.memcg) : std::nullopt) : machine_ram_bytes(e, ctx)).value_or(0);
  // Without RAM or the limit, the share is taken of what the report does print: the task-table rows' RSS.
  std::optional<uint64_t> rows_rss;
  if (!whole) rows_rss = rows_rss_with_victim(e, v->pid);
  const auto rows = static_cast<int64_t>(e.tasks.size());
  // A negative oom_score_adj takes its ‰ off the score: a low score then says nothing of what the victim held.
  // ≤2.6.35's score (`… or a child`) is badness() points, no ‰: it says nothing here.
  const bool low_score = v->selected_score && !v->selected_score_legacy && *v->selected_score < kLittleScore &&
                         v->oom_score_adj.value_or(0) >= 0;
  // A raised oom_score_adj ranks a small victim over larger rows (oom_score_adj's own check says so).
  const bool little_of_rows = rows_rss && held * 100 < *rows_rss && v->oom_score_adj.value_or(0) <= 0;
  const std::string comm = v->comm.empty() ? std::string(tr("the victim")) : v->comm;
  // What the report lacks, so that no share of it can be given.
  const std::string unknown = memcg ? std::string(tr("; the report prints no limit of its cgroup, so its share of "
                                                     "the limit is unknown"))
                                    : std::string(tr("; the report does not print the machine's RAM, so its share of "
                                                     "RAM is unknown"));
  std::string of_rows;
  if (rows_rss)
    of_rows = rows == 1 ? trf("; it held {} % of the {} RSS of the one task-table row shown", tenths(held, *rows_rss),
                              format_bytes(*rows_rss))
                        : trf("; it held {} % of the {} RSS of the {} task-table rows shown",
                              tenths(held, *rows_rss), format_bytes(*rows_rss), rows);
  std::vector<std::pair<std::string, int64_t>> figures{{"held_bytes", as_figure(held)}};
  if (v->pid) figures.insert(figures.begin(), {"victim_pid", *v->pid});
  if (rows_rss) {
    figures.emplace_back("rows_rss_bytes", as_figure(*rows_rss));
    figures.emplace_back("task_count", rows);
  }
  if (held >= kLittleVictimBytes && !(whole && held * 100 < whole) && !low_score && !little_of_rows) {
    // Not little of what is known. Without RAM or the limit, a victim under kShareUnknownBytes may still have
    // been: say what it held and that its share is unknown (and its share of the rows shown, if any).
    if (whole || held >= kShareUnknownBytes) return;
    // Said only where it adds to the victim's own line: not for a kill record alone (its kill, `oom-kill:` and
    // reaper lines: no report printed RAM or a limit to miss, and the kill line shows what it held), nor for a
    // victim a raised oom_score_adj ranked (its own check tells how it was chosen).
    // A share of the task-table rows shown is always said.
    if (!rows_rss && (kill_record_only(e) || v->oom_score_adj.value_or(0) > 0)) return;
    out.push_back({"victim_share_unknown", CheckLevel::info,
                   trf("{} held {} when killed ({}){}{}.", comm, format_bytes(held), kill_line_sizes(*v), unknown,
                       of_rows),
                   std::move(figures)});
    return;
  }
  std::string why;
  if (low_score) {
    // oom_badness() takes the score of the whole it may free: in a memcg OOM the cgroup's limit plus its swap.
    why = memcg ? trf(", badness score {} (‰ of its cgroup's limit plus the swap it may use)", *v->selected_score)
                : trf(", badness score {} (‰ of RAM plus swap)", *v->selected_score);
    figures.emplace_back("score", as_figure(*v->selected_score));
  } else if (whole && held * 100 < whole) {
    why = memcg ? trf(", under 1 % of its cgroup's {} limit", format_bytes(whole))
                : trf(", under 1 % of the {} of RAM", format_bytes(whole));
  } else if (whole) {  // under 1 MiB, but not under 1 % of a small machine's RAM (a small cgroup's limit)
    why = memcg ? trf(", under 1 MiB ({} % of its cgroup's {} limit)", tenths(held, whole), format_bytes(whole))
                : trf(", under 1 MiB ({} % of the {} of RAM)", tenths(held, whole), format_bytes(whole));
  } else if (little_of_rows) {
    why = (rows == 1 ? trf(", under 1 % of the {} RSS of the one task-table row shown", format_bytes(*rows_rss))
                     : trf(", under 1 % of the {} RSS of the {} task-table rows shown", format_bytes(*rows_rss),
                           rows)) +
          unknown;
  } else {
    why = unknown + of_rows;
  }
  // How it ranked highest: a raised oom_score_adj adds to every badness score, so it, not what the victim held,
  // ranks it (oom_score_adj's own check gives the figures). A lowered one subtracts from the larger tasks' scores
  // (-1000 makes them ineligible): the largest row shown that holds more than the victim and whose oom_score_adj is
  // negative and under the victim's ranked below it through that (a container runtime, kubelet, etcd under
  // Kubernetes' -998/-999).
  // A memcg is charged for its tasks' page cache, tmpfs/shmem and kernel memory, never for hugetlb pages (the
  // hugetlb controller counts those apart): what else held memory is named for the whole that ran out.
  const TaskRow* shielded = nullptr;
  uint64_t shielded_rss = 0;
  for (const TaskRow& row : e.tasks) {
    const std::optional<uint64_t> rss = row_rss_bytes(row);
    if (!rss || *rss <= held || !row.oom_score_adj || *row.oom_score_adj >= 0 ||
        *row.oom_score_adj >= v->oom_score_adj.value_or(0) || (v->pid && row.pid == *v->pid))
      continue;
    if (!shielded || *rss > shielded_rss) {
      shielded = &row;
      shielded_rss = *rss;
    }
  }
  if (shielded) {
    figures.emplace_back("shielded_pid", shielded->pid);
    figures.emplace_back("shielded_rss_bytes", as_figure(shielded_rss));
    figures.emplace_back("shielded_oom_score_adj", *shielded->oom_score_adj);
  }
  // A ≤5.0 selection line's score without an oom_score_adj on the kill line (4.x prints none): the score is ‰ of
  // RAM plus swap (of the cgroup's limit plus swap), and all the victim could hold or have swapped is within its
  // total-vm, its page tables on top. When that cannot reach the score (of the RAM or limit printed; of any machine
  // of kLeastRamPlusSwapBytes or more when none is), the rest of the score was a raised oom_score_adj.
  std::optional<uint64_t> adj_ranked_by_score;  // the RAM (+ swap) at which what it mapped alone gives its score
  // ≤2.6.35's score (`… or a child`) is badness() points (total_vm in pages, adjusted), no ‰: not weighed so.
  if (!v->oom_score_adj && v->selected_score && !v->selected_score_legacy && *v->selected_score > 0 &&
      v->total_vm_bytes) {
    const uint64_t mapped = *v->total_vm_bytes + v->pgtables_bytes.value_or(0);
    const uint64_t needs = mapped * 1000 / *v->selected_score;
    if (whole ? mapped * 1000 / whole + 1 < *v->selected_score
              : !memcg && needs < kLeastRamPlusSwapBytes)
      adj_ranked_by_score = needs;
  }
  if (adj_ranked_by_score) {  // not `score`: held_little_words() reads that as a low score's
    figures.emplace_back("selected_score", as_figure(*v->selected_score));
    figures.emplace_back("total_vm_bytes", as_figure(*v->total_vm_bytes));
  }
  // A larger row the badness rule ranks above the victim (no lower oom_score_adj): the kernel passed it over
  // (corpus 524: dbus-daemon, 572 kB at -900, killed while random held 101 GiB at 0).
  const TaskRow* outranking = e.victims.size() == 1 ? outranking_row(e, *v, held) : nullptr;
  if (outranking) {
    figures.emplace_back("outranking_pid", outranking->pid);
    figures.emplace_back("outranking_rss_bytes", as_figure(*row_rss_bytes(*outranking)));
    figures.emplace_back("outranking_oom_score_adj", *outranking->oom_score_adj);
  }
  const std::string rank =
      outranking
          ? trf("It did not rank highest by the kernel's badness rule: {} (pid {}) held {} RSS at oom_score_adj {}, "
                "no lower than the victim's {}, so the kernel passed it over: it was exiting, its memory already "
                "freed by the OOM reaper after an earlier kill, or in vfork(); or this kernel ranks tasks otherwise "
                "(a patched oom_badness()).",
                outranking->comm, outranking->pid, format_bytes(*row_rss_bytes(*outranking)),
                *outranking->oom_score_adj, *v->oom_score_adj)
      : adj_ranked_by_score
          ? trf("Its badness score {} cannot come from what it mapped (total-vm {}): that would need {} plus swap of "
                "{} or less. It ranked highest through a raised oom_score_adj, which the report does not print, not "
                "through what it held; the memory was held elsewhere{}.",
                *v->selected_score, format_bytes(*v->total_vm_bytes),
                memcg ? std::string(tr("its cgroup's limit")) : std::string(tr("RAM")),
                format_bytes(*adj_ranked_by_score),
                memcg ? std::string(tr(" in its cgroup (other processes, page cache, tmpfs, kernel memory)"))
                      : std::string(tr(" (other processes, the kernel, tmpfs, hugetlb pages, page cache)")))
      : shielded
          ? trf("It ranked highest because the larger tasks shown had their oom_score_adj lowered ({} held {} RSS "
                "at oom_score_adj {}{}), which ranks them below it or exempts them; the memory was held by them or "
                "outside processes.",
                shielded->comm, format_bytes(shielded_rss), *shielded->oom_score_adj,
                *shielded->oom_score_adj <= -1000 ? std::string(tr(": never killed")) : std::string())
      : v->oom_score_adj.value_or(0) > 0
          ? (memcg ? trf("It ranked highest through its oom_score_adj of {}, not through what it held; the memory "
                         "was held elsewhere in its cgroup (other processes, page cache, tmpfs, kernel memory).",
                         *v->oom_score_adj)
                   : trf("It ranked highest through its oom_score_adj of {}, not through what it held; the memory "
                         "was held elsewhere (other processes, the kernel, tmpfs, hugetlb pages, page cache).",
                         *v->oom_score_adj))
      : v->selected_score_legacy && v->total_vm_bytes
          ? trf("This kernel (2.6.35 and older, `… or a child`) ranks by virtual size: its badness score {} counts "
                "the task's total-vm ({}) in pages, not what it held, so a task that mapped much and touched little "
                "ranks highest; the memory was held elsewhere.",
                *v->selected_score, format_bytes(*v->total_vm_bytes))
      : memcg ? std::string(tr("It ranked highest through its swap entries or page tables, or the cgroup was charged "
                               "for memory outside its processes (page cache, tmpfs, kernel memory)."))
              : std::string(tr("It ranked highest through its swap entries or page tables, or the memory was held "
                               "outside processes (the kernel, tmpfs, hugetlb pages, page cache)."));
  if (whole) figures.emplace_back(memcg ? "limit_bytes" : "ram_bytes", as_figure(whole));
  out.push_back({"victim_held_little", CheckLevel::warn,
                 trf("{} held only {} when killed ({}){}: the kill freed little. {}", comm, format_bytes(held),
                     kill_line_sizes(*v), why, rank),
                 std::move(figures)});
}

// A victim whose resident memory was almost all pages of files it mapped (file-rss; corpus 381, 382: nodeos'
// chain-state file, 7.6 and 15.2 GiB, anon-rss 0 and 2.6 MiB). Reclaim drops file pages before the kernel kills,
// so these could not be dropped: locked in (mlock(), MAP_LOCKED, a database's `locked` map mode), dirty and waiting
// for writeback, or in constant use; or a driver's pages (vm_insert_page() counts a page that is no anon or shmem
// page as MM_FILEPAGES: a GPU driver's buffers mapped through its device file; corpus 494, a GPU miner's 2.2 GiB).
// Said from 1 GiB, four fifths of what it held; not beside victim_held_little.
constexpr uint64_t kFileBackedBytes = 1024 * kMiB;
void victim_file_backed(const OomEvent& e, std::vector<Check>& out) {
  if (e.kind != EventKind::kill || e.sysrq || find_check(out, "victim_held_little")) return;
  const Victim* v = main_victim(e);
  if (!v || !v->anon_rss_bytes || !v->file_rss_bytes || *v->file_rss_bytes < kFileBackedBytes) return;
  const uint64_t other = *v->anon_rss_bytes + v->shmem_rss_bytes.value_or(0);
  if (*v->file_rss_bytes < other * 4) return;
  const std::string comm = v->comm.empty() ? std::string(tr("the victim")) : v->comm;
  std::vector<std::pair<std::string, int64_t>> figures{{"file_rss_bytes", as_figure(*v->file_rss_bytes)},
                                                       {"anon_rss_bytes", as_figure(*v->anon_rss_bytes)}};
  if (v->pid) figures.insert(figures.begin(), {"victim_pid", *v->pid});
  out.push_back({"victim_file_backed", CheckLevel::info,
                 trf("{}'s memory was mapped file pages (file-rss {}, anon-rss {}): reclaim drops such pages before "
                     "the kernel kills, so these could not be dropped: locked into RAM (mlock(), MAP_LOCKED, a "
                     "memory-mapped database's locked mode), dirty and waiting for writeback, in constant use, or a "
                     "device driver's pages mapped through its device file (a GPU's buffers through /dev/dri or "
                     "/dev/nvidia*), which reclaim cannot drop at all.",
                     comm, format_bytes(*v->file_rss_bytes), format_bytes(*v->anon_rss_bytes)) +
                     // Before Linux 4.5 the kill line prints no shmem-rss and file-rss counts shmem (corpus 856).
                     (v->shmem_rss_bytes
                          ? std::string()
                          : std::string(" ") + tr("The kill line prints no shmem-rss (as before Linux 4.5), so its "
                                                  "file-rss also counts the shared memory it mapped (tmpfs, /dev/shm, "
                                                  "SysV segments such as a database's shared buffers), which reclaim "
                                                  "can only swap out.")),
                 std::move(figures)});
}

// `oom_reaper: unable to reap pid:N (comm)` after the kill (corpus 607: a.out stuck in free_pgtables under
// copy_process, state D): the reaper, which frees a killed task's anonymous memory without waiting for it to exit,
// could not take its mm's lock after its retries and gave up. The memory came back only when the victim exited.
void victim_not_reaped(const OomEvent& e, std::vector<Check>& out) {
  for (const Victim& v : e.victims) {
    if (!v.reap_failed) continue;
    const std::string who = v.comm.empty() ? std::string(tr("the victim")) : v.comm;
    std::vector<std::pair<std::string, int64_t>> figures;
    if (v.pid) figures.emplace_back("victim_pid", *v.pid);
    out.push_back({"victim_not_reaped", CheckLevel::warn,
                   trf("The OOM reaper could not reap {} (`oom_reaper: unable to reap`): it frees a killed task's "
                       "memory without waiting for it to exit, but gave up because the victim held its memory map's "
                       "lock (blocked in the kernel, often in uninterruptible sleep). Its memory came back only when "
                       "it exited, if it did; until then the OOM killer may have chosen more victims.",
                       who),
                   std::move(figures)});
    return;
  }
}

std::string held_little_words(const Check& c, bool memcg) {
  auto fig = [&c](std::string_view name) -> std::optional<uint64_t> {  // a size: never a negative figure
    const std::optional<int64_t> v = find_figure(c, name);
    return v && *v >= 0 ? std::optional<uint64_t>(static_cast<uint64_t>(*v)) : std::nullopt;
  };
  const uint64_t held = fig("held_bytes").value_or(0);
  const std::string h = format_bytes(held);
  // A share too small for one decimal is said so, never "0.0 %".
  auto share = [held](uint64_t whole) {
    return held * 1000 < whole ? std::string(tr("under 0.1 %")) : tenths(held, whole) + " %";
  };
  if (auto score = fig("score"))
    return memcg ? trf("{} (badness score {}: under 1 % of its cgroup's limit plus swap)", h, *score)
                 : trf("{} (badness score {}: under 1 % of RAM plus swap)", h, *score);
  if (auto limit = fig("limit_bytes"); limit && *limit)
    return trf("{} ({} of its cgroup's {} limit)", h, share(*limit), format_bytes(*limit));
  if (auto ram = fig("ram_bytes"); ram && *ram)
    return trf("{} ({} of the {} of RAM)", h, share(*ram), format_bytes(*ram));
  if (auto rows = fig("rows_rss_bytes"); rows && *rows)
    return trf("{} ({} of the {} RSS of the task-table rows shown)", h, share(*rows), format_bytes(*rows));
  return h;  // under 1 MiB, the only measure the report allows
}

}  // namespace oomlens::detail
