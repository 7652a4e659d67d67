// Checks for the less common causes of a global OOM, each from the Mem-Info
// figures that show it (mm/show_mem.c, mm/hugetlb.c, mm/slab_common.c):
//  - lowmem exhaustion: a 32-bit kernel's Normal zone at its min watermark
//    while HighMem is free (only the kernel's own allocations need lowmem);
//  - unreclaimable slab (≤2.6.28: all slab, printed as one figure): kernel
//    objects, not processes, hold the RAM;
//  - hugetlb pages: reserved at boot or by vm.nr_hugepages, unusable otherwise;
//  - shmem/tmpfs: files in /dev/shm stay in RAM after their writer dies
//    (without Mem-Info: a memcg's shmem stat, or a victim's shmem-rss);
//  - a memcg charged mostly with kernel memory (v1 kmem, v2 `kernel`);
//  - vm.oom_kill_allocating_task: the victim is whoever allocated last;
//  - a high-order allocation with no exhausted zone: maybe fragmentation;
//  - processes hold little (score 0, or a whole table small for the RAM).
#include <fmt/core.h>

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/ascii.h"
#include "util/text.h"
#include "util/units.h"

namespace oomlens::detail {
namespace {

/// "anon-rss 520.0 KiB, file-rss 11.4 MiB, shmem-rss 0 B" as the kill line printed them; shmem-rss only when printed
/// (4.5+: before, it is in file-rss), never an unknown as 0 B. anon-rss and file-rss must be known.
std::string kill_line_sizes(const Victim& v) {
  std::string s = fmt::format("anon-rss {}, file-rss {}", format_bytes(*v.anon_rss_bytes), format_bytes(*v.file_rss_bytes));
  if (v.shmem_rss_bytes) s += fmt::format(", shmem-rss {}", format_bytes(*v.shmem_rss_bytes));
  return s;
}

// HighMem free above this while Normal is at its watermark: low memory, not
// memory, ran out (a 32-bit machine with ≥1 GiB RAM has ~128 MiB of slack).
constexpr uint64_t kHighmemFreeBytes = 64 * kMiB;
// Shares of RAM above which a kernel-side user is the cause: the kernel
// dumps the slab table itself once unreclaimable slab exceeds user memory.
constexpr uint64_t kSlabPercent = 20;
constexpr uint64_t kHugetlbPercent = 20;
constexpr uint64_t kShmemPercent = 20;
constexpr size_t kSlabCachesNamed = 3;

uint64_t pct(uint64_t part, uint64_t whole) {
  if (whole == 0) return 0;
  return part > UINT64_MAX / 100 ? part / (whole / 100 + 1) : part * 100 / whole;
}

/// Two sizes a check compares ("had X free (its min watermark is Y)"), in KiB when one decimal of a larger
/// unit prints them alike: 3644 kB free under a min of 3732 kB are both "3.6 MiB" (corpus 30, 284).
std::pair<std::string, std::string> format_compared(uint64_t a, uint64_t b) {
  std::string fa = format_bytes(a), fb = format_bytes(b);
  if (a == b || fa != fb) return {fa, fb};
  if (a / 1024 != b / 1024) return {fmt::format("{} KiB", a / 1024), fmt::format("{} KiB", b / 1024)};
  return {fmt::format("{} B", a), fmt::format("{} B", b)};
}

void lowmem(const OomEvent& e, std::vector<Check>& out) {
  const auto l = lowmem_exhaustion(e);
  if (!l) return;
  if (l->cma_free_bytes == 0) {
    const auto [free_said, min_said] = format_compared(l->normal_free_bytes, l->normal_min_bytes);
    out.push_back({"lowmem_exhausted", CheckLevel::warn,
                   trf("Low memory ran out, not memory: the Normal zone had {} free (its min watermark is {}) "
                       "while HighMem had {} free. A 32-bit kernel keeps its own data (page tables, slab, "
                       "buffers) in the Normal zone only, so HighMem cannot help.",
                       free_said, min_said, format_bytes(l->highmem_free_bytes)),
                   {{"normal_free_bytes", as_figure(l->normal_free_bytes)},
                    {"normal_min_bytes", as_figure(l->normal_min_bytes)},
                    {"highmem_free_bytes", as_figure(l->highmem_free_bytes)}}});
    return;
  }
  const uint64_t usable = l->normal_free_bytes - std::min(l->normal_free_bytes, l->cma_free_bytes);
  const std::string highmem = l->highmem_bytes ? trf("while the machine has {} of HighMem", format_bytes(*l->highmem_bytes))
                                               : trf("while HighMem had {} free", format_bytes(l->highmem_free_bytes));
  std::vector<std::pair<std::string, int64_t>> figures = {
      {"zone_free_bytes", as_figure(l->normal_free_bytes)}, {"zone_free_cma_bytes", as_figure(l->cma_free_bytes)},
      {"zone_usable_bytes", as_figure(usable)}, {"zone_min_bytes", as_figure(l->normal_min_bytes)}};
  if (l->highmem_bytes) figures.emplace_back("highmem_bytes", as_figure(*l->highmem_bytes));
  else figures.emplace_back("highmem_free_bytes", as_figure(l->highmem_free_bytes));
  const auto [usable_said, zone_min_said] = format_compared(usable, l->normal_min_bytes);
  out.push_back({"lowmem_exhausted", CheckLevel::warn,
                 trf("Low memory ran out, not memory: the {} zone had {} free, but {} of it is CMA, which only "
                     "movable allocations may take; the {} left for the kernel's own allocations is under the "
                     "zone's min watermark ({}), {}. A 32-bit kernel keeps its own data (page tables, slab, "
                     "buffers) in low memory only, so HighMem cannot help.",
                     l->zone, format_bytes(l->normal_free_bytes), format_bytes(l->cma_free_bytes),
                     usable_said, zone_min_said, highmem),
                 std::move(figures)});
}

void lowmem_not_shown(const OomEvent& e, std::vector<Check>& out) {
  const auto l = lowmem_unknown(e);
  if (!l) return;
  const std::string gfp = l->lowmem_only_gfp
                              ? trf(" This allocation (gfp_mask={}) could not use HighMem.", *l->lowmem_only_gfp)
                              : std::string();
  out.push_back({"lowmem_unknown", CheckLevel::info,
                 trf("HighMem had {} free, so user memory had not run out, but the report prints no Normal zone line "
                     "(its free and min watermark), so whether low memory ran out is unknown. A 32-bit kernel keeps "
                     "its own data (page tables, slab, buffers) in low memory only, so free HighMem cannot help "
                     "it.{}",
                     format_bytes(l->highmem_free_bytes), gfp),
                 {{"highmem_free_bytes", as_figure(l->highmem_free_bytes)}}});
}

void movable_only(const OomEvent& e, std::vector<Check>& out) {
  const auto free = movable_only_free(e);
  if (!free) return;
  out.push_back({"movable_only_nodes", CheckLevel::warn,
                 trf("Nothing ran out: every zone the report prints is a Movable zone, with {} free, and this "
                     "allocation ({}) is not movable, so it may not use them. The allocating task's nodes "
                     "(a cpuset's mems, a memory policy) hold only movable memory, such as persistent or "
                     "hot-pluggable memory.",
                     format_bytes(*free), *e.trigger->gfp_mask),
                 {{"zone_free_bytes", as_figure(*free)}}});
}

// ≤2.6.28 prints all slab as one `slab:` figure (slab_bytes). The OOM killer runs only after reclaim, which
// shrinks the reclaimable caches, has failed: what it had left at the OOM is judged as unreclaimable slab is, and
// said as what it is.
void slab_before_split(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (!e.mem_info || !e.mem_info->slab_bytes) return;
  const uint64_t s = *e.mem_info->slab_bytes;
  const auto ram = machine_ram_bytes(e, ctx);
  if (!ram) return;
  const uint64_t p = pct(s, *ram);
  if (p < kSlabPercent) return;
  out.push_back({"slab_dominant", CheckLevel::warn,
                 trf("Kernel slab held {} ({} % of RAM {}) when the OOM killer ran, after reclaim had shrunk what it "
                     "could (this kernel prints reclaimable and unreclaimable slab as one `slab:` figure): kernel "
                     "objects, not processes, filled the memory, and killing a process frees little of it.",
                     format_bytes(s), p, format_bytes(*ram)),
                 {{"slab_bytes", as_figure(s)}, {"ram_bytes", as_figure(*ram)}, {"percent", as_figure(p)}}});
}

void slab(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (e.mem_info && !e.mem_info->slab_unreclaimable_bytes) return slab_before_split(e, ctx, out);
  if (!e.mem_info || !e.mem_info->slab_unreclaimable_bytes) return;
  const uint64_t s = *e.mem_info->slab_unreclaimable_bytes;
  const auto ram = machine_ram_bytes(e, ctx);
  if (!ram) return;
  const uint64_t p = pct(s, *ram);
  if (p < kSlabPercent) return;
  std::string caches;
  const auto& table = e.mem_info->unreclaimable_slab;
  for (size_t i = 0; i < table.size() && i < kSlabCachesNamed; ++i)
    caches += trf("{}{} {}", i ? ", " : "", table[i].name, format_bytes(table[i].total_bytes));
  Check c{"slab_unreclaimable_dominant", CheckLevel::warn,
          trf("Unreclaimable kernel slab held {} ({} % of RAM {}){}: kernel objects, not processes, filled "
                      "the memory, and killing a process frees little of it.",
                      format_bytes(s), p, format_bytes(*ram),
                      caches.empty() ? std::string() : tr("; largest caches: ") + caches),
          {{"slab_unreclaimable_bytes", as_figure(s)}, {"ram_bytes", as_figure(*ram)}, {"percent", as_figure(p)}}};
  if (!table.empty()) c.figures.emplace_back("largest_cache_bytes", as_figure(table.front().total_bytes));
  out.push_back(std::move(c));
}

void hugetlb(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (!e.mem_info || e.mem_info->hugepages.empty()) return;
  uint64_t total = 0, free = 0;
  for (const HugePages& h : e.mem_info->hugepages) {
    total += h.total * h.size_bytes;
    free += h.free * h.size_bytes;
  }
  const auto ram = machine_ram_bytes(e, ctx);
  if (!ram || total == 0) return;
  const uint64_t p = pct(total, *ram);
  if (p < kHugetlbPercent) return;
  out.push_back({"hugetlb_reserved", CheckLevel::warn,
                 trf("{} ({} % of RAM {}) was reserved as hugetlb pages and {} of it was unused: these pages "
                             "serve only hugetlbfs/MAP_HUGETLB users, never ordinary allocations.",
                             format_bytes(total), p, format_bytes(*ram), format_bytes(free)),
                 {{"hugetlb_total_bytes", as_figure(total)}, {"hugetlb_free_bytes", as_figure(free)},
                  {"ram_bytes", as_figure(*ram)}, {"percent", as_figure(p)}}});
}


// Without Mem-Info's shmem: the cgroup's `shmem` stat over half its usage,
// or a victim whose shmem-rss is over half of what it held and a cause by
// its size: kShmemPercent of what ran out (RAM, or the cgroup's limit), or
// kShmemVictimBytes when the report prints neither. shmem-rss is the tmpfs,
// SysV/POSIX shm and shared anonymous pages the victim mapped: a kill frees
// them only if nothing else keeps them, and they fill the memory only as a
// share of it (corpus 402: 896 KiB of a cp on a router is no cause).
constexpr uint64_t kShmemMajorityPercent = 50;
constexpr uint64_t kShmemVictimBytes = 64 * kMiB;

void shmem_without_meminfo(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (e.memcg) {
    const auto s = memcg_stat(*e.memcg, {"total_shmem", "shmem"});
    const auto usage = e.memcg->usage_bytes;
    if (s && usage && *usage > 0 && pct(*s, *usage) >= kShmemMajorityPercent) {
      const uint64_t p = pct(*s, *usage);
      out.push_back({"shmem_dominant", CheckLevel::warn,
                     trf("Shared memory (tmpfs, SysV/POSIX shm, shared anonymous mappings) held {} of the cgroup's {} "
                         "({} %): it stays charged to the cgroup until its files are deleted or its last mapping "
                         "goes, whoever is killed.", format_bytes(*s), format_bytes(*usage), p),
                     {{"shmem_bytes", as_figure(*s)}, {"usage_bytes", as_figure(*usage)}, {"percent", as_figure(p)}}});
      return;
    }
  }
  const Victim* v = main_victim(e);
  if (!v || !v->shmem_rss_bytes) return;
  const uint64_t sh = *v->shmem_rss_bytes;
  const bool memcg = e.constraint == Constraint::memcg;
  const std::optional<uint64_t> whole =
      memcg ? (e.memcg ? effective_limit_bytes(*e.memcg) : std::nullopt) : machine_ram_bytes(e, ctx);
  if (whole && *whole > 0 ? pct(sh, *whole) < kShmemPercent : sh < kShmemVictimBytes) return;
  // Its share of what the victim held needs the other two printed: an unknown one is no 0.
  const std::optional<uint64_t> held = victim_held_bytes(*v);
  if (!held || pct(sh, *held) < kShmemMajorityPercent) return;
  out.push_back({"shmem_dominant", CheckLevel::warn,
                 trf("{} held {} of shared memory (shmem-rss) and {} of anonymous memory: shared memory (tmpfs such "
                     "as /dev/shm, SysV/POSIX shm such as a database's shared buffers) is freed only when its files "
                     "are deleted or its last user detaches, so killing one of its users may free little of it.",
                     v->comm, format_bytes(sh), format_bytes(*v->anon_rss_bytes)),
                 {{"shmem_bytes", as_figure(sh)}, {"percent", as_figure(pct(sh, *held))}}});
}

// A memcg whose charge is mostly kernel memory: v1 `kmem: usage` (counted in
// `memory: usage`), v2 memory.stat `kernel` (5.18+). Its processes' pages
// were the smaller part: inodes, dentries, page tables or socket buffers
// that the cgroup's tasks caused filled the limit.
constexpr uint64_t kKmemMajorityPercent = 50;

void memcg_kmem(const OomEvent& e, std::vector<Check>& out) {
  if (e.constraint != Constraint::memcg || !e.memcg) return;
  const MemcgInfo& m = *e.memcg;
  const auto kmem = m.kmem_usage_bytes ? m.kmem_usage_bytes : memcg_stat(m, {"kernel"});
  if (!kmem || !m.usage_bytes || *m.usage_bytes == 0) return;
  const uint64_t p = pct(*kmem, *m.usage_bytes);
  if (p < kKmemMajorityPercent) return;
  out.push_back({"memcg_kmem_dominant", CheckLevel::warn,
                 trf("Kernel memory charged to the cgroup (slab objects such as inode and dentry caches, page tables, "
                     "socket buffers) was {} of its {} usage ({} %): the processes' own pages were the smaller part.",
                     format_bytes(*kmem), format_bytes(*m.usage_bytes), p),
                 {{"kmem_bytes", as_figure(*kmem)}, {"usage_bytes", as_figure(*m.usage_bytes)},
                  {"percent", as_figure(p)}}});
}

void shmem(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (!e.mem_info || !e.mem_info->shmem_bytes) return shmem_without_meminfo(e, ctx, out);
  const auto ram = machine_ram_bytes(e, ctx);
  if (!ram) return;
  const uint64_t s = *e.mem_info->shmem_bytes;
  const uint64_t p = pct(s, *ram);
  if (p < kShmemPercent) return;
  out.push_back({"shmem_dominant", CheckLevel::warn,
                 trf("Shared memory (tmpfs such as /dev/shm, SysV/POSIX shm) held {} ({} % of RAM {}): its "
                             "pages stay in memory until the files are deleted, whoever is killed.",
                             format_bytes(s), p, format_bytes(*ram)),
                 {{"shmem_bytes", as_figure(s)}, {"ram_bytes", as_figure(*ram)}, {"percent", as_figure(p)}}});
}

void allocating_task(const OomEvent& e, std::vector<Check>& out) {
  if (!kills_allocating_task(e)) return;
  const Victim* v = main_victim(e);
  auto figures = v && v->pid ? std::vector<std::pair<std::string, int64_t>>{{"victim_pid", *v->pid}}
                             : std::vector<std::pair<std::string, int64_t>>{};
  // ≤5.0 `Kill process N (comm) score 0 or sacrifice child`, then a kill of another pid: the allocating
  // task was chosen and oom_kill_process() killed one of its children (or its thread group) in its place.
  const Selected* sel = e.selected.empty() ? nullptr : &e.selected.back();
  if (v && sel && v->pid && killed_below_selected_pid(e)) {
    // The allocating task is often a thread: the kill line names its process (a lower pid), or a child of it.
    out.push_back({"oom_kill_allocating_task", CheckLevel::info,
                   trf("vm.oom_kill_allocating_task is set: the kernel chose {} (pid {}) because it asked for memory, "
                       "not because it had the highest badness score, and killed {} (pid {}): a lower pid, so not a "
                       "child it forked but the process that thread belongs to, or a child of that process.",
                       sel->comm, sel->pid, v->comm, *v->pid),
                   std::move(figures)});
    return;
  }
  if (v && sel && v->pid && *v->pid != sel->pid) {
    out.push_back({"oom_kill_allocating_task", CheckLevel::info,
                   trf("vm.oom_kill_allocating_task is set: the kernel chose {} (pid {}) because it asked for memory, "
                       "not because it had the highest badness score, and killed {} (pid {}) in its place.",
                       sel->comm, sel->pid, v->comm, *v->pid),
                   std::move(figures)});
    return;
  }
  if (!v && sel) {  // chosen, no kill line in the text (cut): the kill is not known
    out.push_back({"oom_kill_allocating_task", CheckLevel::info,
                   trf("vm.oom_kill_allocating_task is set: the kernel chose {} (pid {}) because it asked for memory, "
                       "not because it had the highest badness score.",
                       sel->comm, sel->pid),
                   std::move(figures)});
    return;
  }
  out.push_back({"oom_kill_allocating_task", CheckLevel::info,
                 trf("vm.oom_kill_allocating_task is set: the kernel killed {} because it asked for memory, "
                             "not because it had the highest badness score.",
                             v ? v->comm : std::string(tr("the allocating task"))),
                 std::move(figures)});
}

void high_order(const OomEvent& e, std::vector<Check>& out) {
  const auto h = high_order_unexhausted(e);
  if (!h) return;
  out.push_back({"high_order_allocation", CheckLevel::warn,
                 h->meminfo ? trf("The allocation was order {}, one physically contiguous block of {}, and Mem-Info "
                                  "shows no zone at its min watermark: free memory may have been too fragmented to "
                                  "hold such a block rather than used up.", h->order, block_size_text(*h))
                            : trf("The allocation was order {}, one physically contiguous block of {}, and the log "
                                  "has no Mem-Info zone lines: memory may have been used up, or free but too fragmented to hold "
                                  "such a block.", h->order, block_size_text(*h)),
                 {{"order", h->order}}});
  if (h->bytes) out.back().figures.emplace_back("allocation_bytes", as_figure(*h->bytes));
}

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
void memcg_processes_hold_little(const OomEvent& e, std::vector<Check>& out) {
  if (e.kind != EventKind::kill || e.constraint != Constraint::memcg || !e.memcg || e.tasks.empty()) return;
  const MemcgInfo& m = *e.memcg;
  const auto limit = effective_limit_bytes(m);
  auto cache = memcg_stat(m, {"total_cache", "cache", "file"});
  const auto rows_sum = tasks_rss_bytes(e);
  if (!limit || *limit == 0 || !cache || !rows_sum) return;
  // v1 `cache` and v2 `file` count shmem (tmpfs such as /dev/shm, SysV and
  // POSIX shm), which is no page cache: reclaim cannot drop it and writeback
  // does not apply. With the cgroup's shmem printed, only the rest is page
  // cache (shmem_dominant speaks for the shared memory).
  const auto shmem = memcg_stat(m, {"total_shmem", "shmem"});
  if (shmem) *cache -= std::min(*shmem, *cache);
  const uint64_t rss = *rows_sum;
  // Rows shown may not be the whole table: the cgroup's own anon count must agree.
  const auto anon = memcg_stat(m, {"total_rss", "rss", "anon"});
  if (!task_table_whole(e) && !anon) return;
  if (pct(std::max(rss, anon.value_or(0)), *limit) >= kProcessesPercent) return;
  if (pct(*cache, *limit) < 50) return;
  const auto dirty = memcg_stat(m, {"total_dirty", "dirty", "file_dirty"});
  const auto writeback = memcg_stat(m, {"total_writeback", "writeback", "file_writeback"});
  const auto n = static_cast<int64_t>(e.tasks.size());
  const std::string dirty_part =
      dirty && *dirty > 0 && writeback
          ? trf(", {} of it dirty (not yet written back) and {} under writeback", format_bytes(*dirty),
                format_bytes(*writeback))
      : dirty && *dirty > 0 ? trf(", {} of it dirty (not yet written back)", format_bytes(*dirty))
                            : std::string();
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
  // A stat the cgroup did not print is no figure (unknown is never 0).
  if (dirty) out.back().figures.emplace_back("dirty_bytes", as_figure(*dirty));
  if (writeback) out.back().figures.emplace_back("writeback_bytes", as_figure(*writeback));
}

void processes_hold_little(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (e.constraint == Constraint::memcg) return memcg_processes_hold_little(e, out);
  if (e.kind != EventKind::kill || e.tasks.empty()) return;
  if (find_check(out, "lowmem_exhausted") || find_check(out, "slab_unreclaimable_dominant") ||
      find_check(out, "slab_dominant"))
    return;
  // A protected row may hide a large one.
  if (std::any_of(e.tasks.begin(), e.tasks.end(), [](const TaskRow& row) { return row.oom_score_adj.value_or(0) < 0; }))
    return;
  const auto rows_sum = tasks_rss_bytes(e);
  if (!rows_sum) return;
  const uint64_t rss = *rows_sum;
  const auto n = static_cast<int64_t>(e.tasks.size());
  const Victim* v = main_victim(e);
  const std::string rest = tr("Processes held little of the memory: the kernel (slab, page tables, drivers, hugetlb "
                              "pages) or tmpfs held the rest, and a kill frees almost nothing.");
  // vm.oom_kill_allocating_task prints score 0 without ranking anything (oom_kill_process(current, …, 0, …)).
  if (v && v->selected_score == 0 && v->oom_score_adj && *v->oom_score_adj >= 0 && !kills_allocating_task(e)) {
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
  const uint64_t p = pct(rss, *ram);
  if (p >= kProcessesPercent) return;
  out.push_back({"processes_hold_little", CheckLevel::warn,
                 n == 1 ? trf("The one process of the task table holds {} RSS, {} % of RAM ({}). {}",
                              format_bytes(rss), p, format_bytes(*ram), rest)
                        : trf("The {} processes of the task table hold {} RSS in all, {} % of RAM ({}). {}", n,
                              format_bytes(rss), p, format_bytes(*ram), rest),
                 {{"task_count", n}, {"rss_bytes", as_figure(rss)}, {"ram_bytes", as_figure(*ram)},
                  {"percent", as_figure(p)}}});
}

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

void victim_held_little(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  // vm.oom_kill_allocating_task: the victim never ranked (its own check says so).
  if (e.kind != EventKind::kill || e.sysrq || find_check(out, "processes_hold_little") || kills_allocating_task(e))
    return;
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
  const bool low_score = v->selected_score && *v->selected_score < kLittleScore && v->oom_score_adj.value_or(0) >= 0;
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
  if (!v->oom_score_adj && v->selected_score && *v->selected_score > 0 && v->total_vm_bytes) {
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
  const std::string rank =
      adj_ranked_by_score
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
// for writeback, or in constant use. Said from 1 GiB, four fifths of what it held; not beside victim_held_little.
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
                     "memory-mapped database's locked mode), dirty and waiting for writeback, or in constant use.",
                     comm, format_bytes(*v->file_rss_bytes), format_bytes(*v->anon_rss_bytes)),
                 std::move(figures)});
}

}  // namespace

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

std::optional<Lowmem> lowmem_exhaustion(const OomEvent& e) {
  if (!e.mem_info) return std::nullopt;
  const Zone* normal = nullptr;
  const Zone* dma = nullptr;
  uint64_t highmem_free = 0;
  bool has_highmem = false;
  for (const Zone& z : e.mem_info->zones) {
    if (z.name == "Normal" && !normal) normal = &z;
    if (z.name == "DMA" && !dma) dma = &z;
    if (z.name == "HighMem" && z.free_bytes) {
      has_highmem = true;
      highmem_free += *z.free_bytes;
    }
  }
  // At or under the min watermark (+25 %: the report is printed after the
  // allocation failed, by which time a few pages may have been freed).
  auto at_min = [](uint64_t free, uint64_t min) { return free * 4 <= min * 5; };
  if (normal && has_highmem && normal->free_bytes && normal->min_bytes &&
      at_min(*normal->free_bytes, *normal->min_bytes) && highmem_free >= kHighmemFreeBytes)
    return Lowmem{"Normal", *normal->free_bytes, *normal->min_bytes, highmem_free, 0, std::nullopt};
  // The CMA reading: the lowmem zone's free minus its free CMA pages.
  const Zone* low = normal ? normal : dma;
  if (!low || !low->free_bytes || !low->min_bytes || !low->free_cma_bytes || *low->free_cma_bytes == 0)
    return std::nullopt;
  const uint64_t usable = *low->free_bytes - std::min(*low->free_bytes, *low->free_cma_bytes);
  if (!at_min(usable, *low->min_bytes)) return std::nullopt;
  Lowmem l{low->name, *low->free_bytes, *low->min_bytes, highmem_free, *low->free_cma_bytes, std::nullopt};
  if (has_highmem) return highmem_free >= kHighmemFreeBytes ? std::optional(l) : std::nullopt;
  const auto total = e.mem_info->highmem_bytes;
  if (!total || *total < kHighmemFreeBytes) return std::nullopt;
  l.highmem_bytes = total;
  return l;
}

namespace {

/// The trigger's gfp_mask (its hex digits) and its zone modifiers, the last
/// hex digit: DMA 0x1, HIGHMEM 0x2, DMA32 0x4, MOVABLE 0x8. nullopt when no
/// mask in hex was printed.
struct GfpZone {
  std::string mask;
  int bits = 0;
};
std::optional<GfpZone> gfp_zone_bits(const OomEvent& e) {
  if (!e.trigger || !e.trigger->gfp_mask) return std::nullopt;
  const std::string& g = *e.trigger->gfp_mask;
  if (g.size() < 3 || g[0] != '0' || g[1] != 'x') return std::nullopt;
  size_t end = 2;
  while (end < g.size() && text::is_xdigit(g[end])) ++end;
  if (end == 2) return std::nullopt;
  return GfpZone{g.substr(0, end), text::hex_value(g[end - 1])};
}

}  // namespace

std::optional<LowmemUnknown> lowmem_unknown(const OomEvent& e) {
  if (e.constraint != Constraint::global || e.sysrq || !e.mem_info || lowmem_exhaustion(e)) return std::nullopt;
  uint64_t highmem_free = 0;
  for (const Zone& z : e.mem_info->zones) {
    if (z.name == "Normal" && z.free_bytes && z.min_bytes) return std::nullopt;  // low memory is shown
    if (z.name == "HighMem" && z.free_bytes) highmem_free += *z.free_bytes;
  }
  if (highmem_free < kHighmemFreeBytes) return std::nullopt;
  LowmemUnknown l{highmem_free, std::nullopt};
  if (const auto z = gfp_zone_bits(e); z && (z->bits & 0x2) == 0) l.lowmem_only_gfp = z->mask;  // no __GFP_HIGHMEM
  return l;
}

std::optional<uint64_t> movable_only_free(const OomEvent& e) {
  if (!e.mem_info || e.mem_info->zones.empty() || e.constraint == Constraint::memcg) return std::nullopt;
  const auto zone = gfp_zone_bits(e);
  if (!zone || (zone->bits & 0x8)) return std::nullopt;  // __GFP_MOVABLE: a Movable zone would do
  uint64_t free = 0;
  for (const Zone& z : e.mem_info->zones) {
    if (z.name != "Movable" || !z.free_bytes || !z.min_bytes) return std::nullopt;
    if (*z.free_bytes < 4 * *z.min_bytes) return std::nullopt;  // this zone did run low
    free += *z.free_bytes;
  }
  return free;
}

bool kills_allocating_task(const OomEvent& e) {
  for (const Victim& v : e.victims)
    if (v.message && v.message->find("oom_kill_allocating_task") != std::string::npos) return true;
  for (const Selected& s : e.selected)
    if (s.message && s.message->find("oom_kill_allocating_task") != std::string::npos) return true;
  return false;
}

bool killed_below_selected_pid(const OomEvent& e) {
  if (e.victims.size() != 1 || e.selected.empty()) return false;
  const Victim& v = e.victims.front();
  const Selected& s = e.selected.back();
  return v.pid && s.pid > 0 && *v.pid < s.pid;
}

void add_cause_checks(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  lowmem(e, out);
  lowmem_not_shown(e, out);
  movable_only(e, out);
  slab(e, ctx, out);
  hugetlb(e, ctx, out);
  shmem(e, ctx, out);
  memcg_kmem(e, out);
  allocating_task(e, out);
  high_order(e, out);
  processes_hold_little(e, ctx, out);
  victim_held_little(e, ctx, out);
  victim_file_backed(e, out);
  sacrificed_child_held_little(e, ctx, out);
}

std::optional<uint64_t> memcg_stat(const MemcgInfo& m, std::initializer_list<std::string_view> names) {
  for (const std::string_view name : names)
    for (const auto& [key, value] : m.stats)
      if (key == name) return value;
  return std::nullopt;
}

}  // namespace oomlens::detail
