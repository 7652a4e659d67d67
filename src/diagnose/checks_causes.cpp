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
//  - a victim whose RSS was almost all file pages it mapped (victim_file_backed is in
//    checks_held.cpp, with the checks that the processes or the victim held little).
#include <array>
#include <fmt/core.h>

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "diagnose/cgroup_owner.h"
#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/ascii.h"
#include "util/text.h"
#include "util/units.h"

namespace oomlens::detail {

std::string kill_line_sizes(const Victim& v) {
  std::string s = fmt::format("anon-rss {}, file-rss {}", format_bytes(*v.anon_rss_bytes), format_bytes(*v.file_rss_bytes));
  if (v.shmem_rss_bytes) s += fmt::format(", shmem-rss {}", format_bytes(*v.shmem_rss_bytes));
  return s;
}

uint64_t percent_of(uint64_t part, uint64_t whole) {
  if (whole == 0) return 0;
  return part > UINT64_MAX / 100 ? part / (whole / 100 + 1) : part * 100 / whole;
}

namespace {

// HighMem free above this while Normal is at its watermark: low memory, not
// memory, ran out (a 32-bit machine with ≥1 GiB RAM has ~128 MiB of slack).
constexpr uint64_t kHighmemFreeBytes = 64 * kMiB;
// Shares of RAM above which a kernel-side user is the cause: the kernel
// dumps the slab table itself once unreclaimable slab exceeds user memory.
constexpr uint64_t kSlabPercent = 20;
// show_mem()'s `N pages reserved` over this share of `N pages RAM`: see reserved_dominant().
constexpr uint64_t kReservedPercent = 50;
constexpr uint64_t kHugetlbPercent = 20;
constexpr uint64_t kShmemPercent = 20;
constexpr uint64_t kUnevictablePercent = 20;
constexpr size_t kSlabCachesNamed = 3;

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
                   l->zone == "Normal"
                       ? trf("Low memory ran out, not memory: the Normal zone had {} free (its min watermark is {}) "
                             "while HighMem had {} free. A 32-bit kernel keeps its own data (page tables, slab, "
                             "buffers) in the Normal zone only, so HighMem cannot help.",
                             free_said, min_said, format_bytes(l->highmem_free_bytes))
                       : trf("Low memory ran out, not memory: the {} zone, all of the low memory here (the report "
                             "prints no Normal zone), had {} free (its min watermark is {}) while HighMem had {} free. "
                             "A 32-bit kernel keeps its own data (page tables, slab, buffers) in low memory only, so "
                             "HighMem cannot help.",
                             l->zone, free_said, min_said, format_bytes(l->highmem_free_bytes)),
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
// Without the RAM (`N pages RAM` cut off), the zones' `present:` sizes when the report proves it prints every zone
// (MemInfo::zones_present_bytes) are all the memory the page allocator had, the slab's among it; the slab is in
// pages, so only with a page size the log gives, never an assumed one.
void slab_before_split(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (!e.mem_info || !e.mem_info->slab_bytes) return;
  const uint64_t s = *e.mem_info->slab_bytes;
  const auto ram = machine_ram_bytes(e, ctx);
  if (!ram) {
    const std::optional<uint64_t> zones = e.mem_info->zones_present_bytes;
    if (!zones || *zones == 0 || e.page_size_assumed || !e.page_size_bytes) return;
    const uint64_t p = percent_of(s, *zones);
    if (p < kSlabPercent) return;
    out.push_back({"slab_dominant", CheckLevel::warn,
                   trf("Kernel slab held {} ({} % of the {} the memory zones hold, every zone printed; the report's "
                       "`N pages RAM` line is not in the text) when the OOM killer ran, after reclaim had shrunk what "
                       "it could (this kernel prints reclaimable and unreclaimable slab as one `slab:` figure): kernel "
                       "objects, not processes, filled the memory, and killing a process frees little of it.",
                       format_bytes(s), p, format_bytes(*zones)),
                   {{"slab_bytes", as_figure(s)}, {"zones_present_bytes", as_figure(*zones)}, {"percent", as_figure(p)}}});
    return;
  }
  const uint64_t p = percent_of(s, *ram);
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
  // Most of RAM reserved (`pages reserved`, the reserved_dominant check: a crashkernel's boot, corpus 563): the slab
  // is judged against what the page allocator managed, RAM less the reserved pages, the memory it filled.
  const std::optional<uint64_t> reserved = e.mem_info->reserved_bytes;
  const bool managed_base = e.mem_info->ram_bytes && *e.mem_info->ram_bytes == *ram && reserved && *reserved < *ram &&
                            percent_of(*reserved, *ram) >= kReservedPercent;
  const uint64_t base = managed_base ? *ram - *reserved : *ram;
  const uint64_t p = percent_of(s, base);
  if (p < kSlabPercent) return;
  std::string caches;
  const auto& table = e.mem_info->unreclaimable_slab;
  for (size_t i = 0; i < table.size() && i < kSlabCachesNamed; ++i)
    caches += trf("{}{} {}", i ? ", " : "", table[i].name, format_bytes(table[i].total_bytes));
  const std::string of = managed_base ? trf("{} % of the {} the page allocator managed, RAM {} less {} reserved", p,
                                            format_bytes(base), format_bytes(*ram), format_bytes(*reserved))
                                      : trf("{} % of RAM {}", p, format_bytes(*ram));
  Check c{"slab_unreclaimable_dominant", CheckLevel::warn,
          trf("Unreclaimable kernel slab held {} ({}){}: kernel objects, not processes, filled the memory, and killing "
              "a process frees little of it.",
              format_bytes(s), of, caches.empty() ? std::string() : tr("; largest caches: ") + caches),
          {{"slab_unreclaimable_bytes", as_figure(s)}, {"ram_bytes", as_figure(*ram)}, {"percent", as_figure(p)}}};
  if (managed_base) c.figures.emplace_back("managed_bytes", as_figure(base));
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
  const uint64_t p = percent_of(total, *ram);
  if (p < kHugetlbPercent) return;
  out.push_back({"hugetlb_reserved", CheckLevel::warn,
                 trf("{} ({} % of RAM {}) was reserved as hugetlb pages and {} of it was unused: these pages "
                             "serve only hugetlbfs/MAP_HUGETLB users, never ordinary allocations.",
                             format_bytes(total), p, format_bytes(*ram), format_bytes(free)),
                 {{"hugetlb_total_bytes", as_figure(total)}, {"hugetlb_free_bytes", as_figure(free)},
                  {"ram_bytes", as_figure(*ram)}, {"percent", as_figure(p)}}});
}

// show_mem()'s `N pages reserved` over half of `N pages RAM`: memory the page allocator never managed (firmware,
// the kernel's own tables, a crashkernel area; at boot, memory not yet initialised: corpus 521, a 24 TiB machine
// whose deferred struct-page init left 2 GiB per node). RAM then says little of what could be allocated.
void reserved_dominant(const OomEvent& e, std::vector<Check>& out) {
  if (!e.mem_info || !e.mem_info->ram_bytes || !e.mem_info->reserved_bytes || *e.mem_info->ram_bytes == 0) return;
  const uint64_t ram = *e.mem_info->ram_bytes, reserved = *e.mem_info->reserved_bytes;
  if (reserved > ram || percent_of(reserved, ram) < kReservedPercent) return;
  const uint64_t p = percent_of(reserved, ram);
  out.push_back({"reserved_dominant", CheckLevel::warn,
                 trf("{} ({} % of the {} of RAM) was reserved (`pages reserved`): memory the page allocator does not "
                     "manage (firmware, the kernel's own tables, a crashkernel area, or at boot memory not yet "
                     "initialised), so only {} was there to allocate; processes did not fill the rest.",
                     format_bytes(reserved), p, format_bytes(ram), format_bytes(ram - reserved)),
                 {{"reserved_bytes", as_figure(reserved)}, {"ram_bytes", as_figure(ram)}, {"percent", as_figure(p)}}});
}

// Mem-Info's `unevictable:` (2.6.28+) over kUnevictablePercent of RAM: pages locked into RAM (mlock()/mlockall(),
// MAP_LOCKED, SHM_LOCK) or on ramfs, which reclaim skips and swap cannot take (corpus 612: a test's mlockall() held
// 495 MiB of a 1 GiB guest while 2 GiB of swap stayed free). Its share of RAM, and the free swap that could not help.
void unevictable(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (!e.mem_info || !e.mem_info->unevictable_bytes) return;
  const uint64_t u = *e.mem_info->unevictable_bytes;
  const auto ram = machine_ram_bytes(e, ctx);
  if (!ram) return;
  const uint64_t p = percent_of(u, *ram);
  if (p < kUnevictablePercent) return;
  std::vector<std::pair<std::string, int64_t>> figures{
      {"unevictable_bytes", as_figure(u)}, {"ram_bytes", as_figure(*ram)}, {"percent", as_figure(p)}};
  const std::optional<uint64_t> swap_free = e.mem_info->free_swap_bytes;
  std::string swap;
  if (swap_free && *swap_free > 0) {
    swap = trf(" The {} of free swap could not help: locked pages are never swapped out.", format_bytes(*swap_free));
    figures.emplace_back("swap_free_bytes", as_figure(*swap_free));
  }
  out.push_back({"unevictable_dominant", CheckLevel::warn,
                 trf("{} ({} % of RAM {}) was unevictable (`unevictable:`): pages locked into RAM by mlock() or "
                     "mlockall(), MAP_LOCKED or SHM_LOCK, or kept on ramfs, which reclaim skips.{}",
                     format_bytes(u), p, format_bytes(*ram), swap),
                 std::move(figures)});
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

// A Ray victim (`raylet`, a worker `ray::…`) whose kill line printed kShmemVictimBytes of shmem-rss or more: Ray's
// object store (plasma) is shared memory in /dev/shm that the raylet and its workers map, so their RSS counts the
// store's pages, which the kill does not free. A sentence to add to the shmem check, or "".
std::string ray_object_store(const OomEvent& e) {
  const Victim* v = main_victim(e);
  if (!v || !(v->comm == "raylet" || v->comm.starts_with("ray::")) || !v->shmem_rss_bytes ||
      *v->shmem_rss_bytes < kShmemVictimBytes)
    return {};
  return trf(" {} is Ray's: its {} of shmem-rss are most likely Ray's object store (plasma, in /dev/shm), which the "
             "raylet and its workers map, so each one's RSS counts those pages and killing it does not free them; "
             "the store's size is `object_store_memory` (`ray start --object-store-memory`).",
             v->comm, format_bytes(*v->shmem_rss_bytes));
}

// Whether a shmem check's memory is a PyTorch job's: its victim or a row is PyTorch's by name (pt_main_thread,
// pt_data_worker, torch_shm_manager; training_evidence(), dataloader_evidence()), 1; a python victim without those
// names (it may be PyTorch's), 2; else 0. The figure `pytorch` of shmem_dominant (advice_causes.cpp shmem_advice():
// /dev/shm, where the DataLoader's batches pass).
int64_t pytorch_shm(const OomEvent& e) {
  if (dataloader_evidence(e) || training_evidence(e)) return 1;
  const Victim* v = main_victim(e);
  return v && is_python(v->comm) ? 2 : 0;
}
// The figures of a shmem check with the pytorch figure added when pytorch_shm() finds one (and `kubernetes` 1 when
// the report's memory cgroup is a Kubernetes pod's).
std::vector<std::pair<std::string, int64_t>> with_pytorch(const OomEvent& e,
                                                          std::vector<std::pair<std::string, int64_t>> figures) {
  const int64_t p = pytorch_shm(e);
  if (p == 0) return figures;
  figures.emplace_back("pytorch", p);
  // In a Kubernetes pod's cgroup: its /dev/shm is a memory-backed emptyDir, if it mounts one (the advice names it).
  if (e.memcg) {
    const std::optional<CgroupOwner> owner = e.memcg->owner ? e.memcg->owner : decode_memcg_owner(*e.memcg);
    if (owner && owner->kind == "kubernetes") figures.emplace_back("kubernetes", 1);
  }
  return figures;
}

// A display server or Wayland compositor (its comm as the kernel prints it, at most 15 bytes): the X server, the
// compositors GNOME, KDE and the wlroots family run as. Its shmem-rss is most likely graphics buffers: i915 and
// other DRM drivers back their GEM buffer objects with shmem, and the server maps the ones it draws for its clients.
bool display_server(std::string_view comm) {
  static constexpr std::array<std::string_view, 16> kServers = {
      "Xorg",         "X",      "Xwayland", "gnome-shell", "kwin_wayland", "kwin_x11", "weston",  "sway",
      "Hyprland",     "labwc",  "wayfire",  "niri",        "river",        "gamescope", "mutter", "cosmic-comp"};
  return std::find(kServers.begin(), kServers.end(), comm) != kServers.end();
}

// A display server victim with kShmemVictimBytes of shmem-rss or more (corpus 650: Xorg, 2.8 GiB shmem-rss, 30 MiB
// anon, grown by an image viewer's pictures): a sentence to add to the shmem check, or "".
std::string display_server_buffers(const OomEvent& e) {
  const Victim* v = main_victim(e);
  if (!v || !display_server(v->comm) || !v->shmem_rss_bytes || *v->shmem_rss_bytes < kShmemVictimBytes) return {};
  return trf(" {} is a display server: its {} of shmem-rss are most likely graphics buffers (GEM objects, which i915 "
             "and other GPU drivers keep in shared memory) that it holds for its clients' windows and images; they "
             "are freed when it and the clients sharing them exit.",
             v->comm, format_bytes(*v->shmem_rss_bytes));
}

void shmem_without_meminfo(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (e.memcg) {
    const auto s = memcg_stat(*e.memcg, {"total_shmem", "shmem"});
    const auto usage = e.memcg->usage_bytes;
    if (s && usage && *usage > 0 && percent_of(*s, *usage) >= kShmemMajorityPercent) {
      const uint64_t p = percent_of(*s, *usage);
      out.push_back({"shmem_dominant", CheckLevel::warn,
                     trf("Shared memory (tmpfs, SysV/POSIX shm, shared anonymous mappings) held {} of the cgroup's {} "
                         "({} %): it stays charged to the cgroup until its files are deleted or its last mapping "
                         "goes, whoever is killed.", format_bytes(*s), format_bytes(*usage), p) +
                         ray_object_store(e),
                     with_pytorch(e, {{"shmem_bytes", as_figure(*s)}, {"usage_bytes", as_figure(*usage)},
                                      {"percent", as_figure(p)}})});
      return;
    }
    // No `memory: usage` line in the text (an excerpt from the stats on): cgroup v1's stats split the cgroup's
    // pages into `cache` (page cache, shmem counted in it) and `rss` (anonymous), so their sum is what its pages
    // held, its kernel memory aside (corpus 543: shmem 35124 KB of 40068 KB).
    const auto cache = memcg_stat(*e.memcg, {"total_cache", "cache"});
    const auto rss = memcg_stat(*e.memcg, {"total_rss", "rss"});
    if (s && !usage && cache && rss && *cache + *rss > 0 && percent_of(*s, *cache + *rss) >= kShmemMajorityPercent) {
      const uint64_t pages = *cache + *rss;
      const uint64_t p = percent_of(*s, pages);
      out.push_back({"shmem_dominant", CheckLevel::warn,
                     trf("Shared memory (tmpfs, SysV/POSIX shm, shared anonymous mappings) held {} of the {} of page "
                         "cache and anonymous memory in the cgroup's stats ({} %): it stays charged to the cgroup "
                         "until its files are deleted or its last mapping goes, whoever is killed.",
                         format_bytes(*s), format_bytes(pages), p) +
                         ray_object_store(e),
                     with_pytorch(e, {{"shmem_bytes", as_figure(*s)}, {"pages_bytes", as_figure(pages)},
                                      {"percent", as_figure(p)}})});
      return;
    }
  }
  const Victim* v = main_victim(e);
  if (!v || !v->shmem_rss_bytes) return;
  const uint64_t sh = *v->shmem_rss_bytes;
  const bool memcg = e.constraint == Constraint::memcg;
  const std::optional<uint64_t> whole =
      memcg ? (e.memcg ? effective_limit_bytes(*e.memcg) : std::nullopt) : machine_ram_bytes(e, ctx);
  if (whole && *whole > 0 ? percent_of(sh, *whole) < kShmemPercent : sh < kShmemVictimBytes) return;
  // Its share of what the victim held needs the other two printed: an unknown one is no 0. A kill line a poster or
  // a viewer cut before file-rss (`total-vm:…  anon-rss:…  shmem-rss:…`, corpus 628 and 630) still weighs its shared
  // memory against its anonymous memory, the other kind that only its freeing gives back (file-backed pages are
  // page cache reclaim can drop): the share then of those two, a figure of its own name.
  if (!v->anon_rss_bytes) return;
  const std::optional<uint64_t> held = victim_held_bytes(*v);
  const uint64_t of = held ? *held : *v->anon_rss_bytes + sh;
  if (of == 0 || percent_of(sh, of) < kShmemMajorityPercent) return;
  const std::string_view percent_key = held ? "percent" : "percent_of_anon_and_shmem";
  if (const std::string gpu = display_server_buffers(e); !gpu.empty()) {
    // Not "killing one of its users may free little": the server is the buffers' holder (its clients share some).
    out.push_back({"shmem_dominant", CheckLevel::warn,
                   trf("{} held {} of shared memory (shmem-rss) and {} of anonymous memory.", v->comm,
                       format_bytes(sh), format_bytes(*v->anon_rss_bytes)) +
                       gpu,
                   {{"shmem_bytes", as_figure(sh)},
                    {std::string(percent_key), as_figure(percent_of(sh, of))},
                    {"display_server", 1}}});
    return;
  }
  // What the figures prove: the victim's own memory was mostly shared; against the RAM or the limit only when the
  // report prints it (corpus 629: a GB10's vLLM worker, 3.6 GiB of shmem-rss, no Mem-Info: its share of the machine
  // is not in the report).
  const std::string share = whole ? std::string()
                                  : std::string(tr(" The report prints no Mem-Info, so how much of the machine's "
                                                   "memory was shared memory is not known."));
  out.push_back({"shmem_dominant", CheckLevel::warn,
                 trf("{} held {} of shared memory (shmem-rss) and {} of anonymous memory: shared memory (tmpfs such "
                     "as /dev/shm, SysV/POSIX shm such as a database's shared buffers) is freed only when its files "
                     "are deleted or its last user detaches, so killing one of its users may free little of it.",
                     v->comm, format_bytes(sh), format_bytes(*v->anon_rss_bytes)) +
                     share + ray_object_store(e),
                 with_pytorch(e, {{"shmem_bytes", as_figure(sh)},
                                  {std::string(percent_key), as_figure(percent_of(sh, of))}})});
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
  const uint64_t p = percent_of(*kmem, *m.usage_bytes);
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
  const uint64_t p = percent_of(s, *ram);
  if (p < kShmemPercent) return;
  out.push_back({"shmem_dominant", CheckLevel::warn,
                 trf("Shared memory (tmpfs such as /dev/shm, SysV/POSIX shm) held {} ({} % of RAM {}): its "
                             "pages stay in memory until the files are deleted, whoever is killed.",
                             format_bytes(s), p, format_bytes(*ram)) +
                     ray_object_store(e),
                 with_pytorch(e, {{"shmem_bytes", as_figure(s)}, {"ram_bytes", as_figure(*ram)}, {"percent", as_figure(p)}})});
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

void highatomic(const OomEvent& e, std::vector<Check>& out) {
  const auto h = highatomic_reserve(e);
  if (!h) return;
  std::vector<std::pair<std::string, int64_t>> figures = {{"zone_free_bytes", as_figure(h->free_bytes)},
                                                          {"zone_min_bytes", as_figure(h->min_bytes)}};
  if (h->high_bytes) figures.emplace_back("zone_high_bytes", as_figure(*h->high_bytes));
  if (h->reserved_highatomic_bytes)
    figures.emplace_back("reserved_highatomic_bytes", as_figure(*h->reserved_highatomic_bytes));
  if (h->highatomic_only_free_bytes > 0)
    figures.emplace_back("highatomic_only_free_bytes", as_figure(h->highatomic_only_free_bytes));
  const std::string held =
      h->reserved_highatomic_bytes
          ? trf("{} of the zone is reserved for high-order atomic allocations (`reserved_highatomic:`)",
                format_bytes(*h->reserved_highatomic_bytes))
      : h->highatomic_only_free_bytes > 0
          ? trf("its buddy lists show free blocks in highatomic-reserved pageblocks (`H`; at least {} in the block "
                "sizes only those hold)",
                format_bytes(h->highatomic_only_free_bytes))
          : std::string(tr("its buddy lists show free blocks in highatomic-reserved pageblocks (`H`)"));
  out.push_back({"highatomic_reserve", CheckLevel::info,
                 trf("The {} zone, the highest this order-0 allocation could use, had {} free, above its min "
                     "watermark ({}), but {}. The page allocator leaves those pageblocks out of the free memory of "
                     "every allocation but a high-order atomic one, so the free memory this allocation could use "
                     "may have been under the watermark: the free figure overstates what was left for it.",
                     h->zone, format_bytes(h->free_bytes), format_bytes(h->min_bytes), held),
                 std::move(figures)});
}

void cma_free(const OomEvent& e, std::vector<Check>& out) {
  const auto c = cma_held_free(e);
  if (!c) return;
  const uint64_t usable = c->free_bytes - std::min(c->free_bytes, c->free_cma_bytes);
  out.push_back({"cma_held_free", CheckLevel::warn,
                 trf("The {} zone, the highest this order-0 allocation (gfp_mask={}) could use, had {} free, but {} "
                     "of it was CMA (the contiguous area reserved for device DMA), which only movable allocations "
                     "may take: {} was left for this one, under its min watermark ({}). The free figure overstates "
                     "what the kernel could allocate.",
                     c->zone, c->gfp_mask, format_bytes(c->free_bytes), format_bytes(c->free_cma_bytes),
                     format_bytes(usable), format_bytes(c->min_bytes)),
                 {{"zone_free_bytes", as_figure(c->free_bytes)},
                  {"zone_free_cma_bytes", as_figure(c->free_cma_bytes)},
                  {"zone_min_bytes", as_figure(c->min_bytes)}}});
}

void zone_not_exhausted(const OomEvent& e, std::vector<Check>& out) {
  const auto n = order0_zone_not_exhausted(e);
  if (!n) return;
  const std::string mark = n->high_bytes ? trf("above its high watermark ({})", format_bytes(*n->high_bytes))
                                         : trf("above its min watermark ({})", format_bytes(n->min_bytes));
  std::vector<std::pair<std::string, int64_t>> figures = {{"zone_free_bytes", as_figure(n->free_bytes)},
                                                          {"zone_min_bytes", as_figure(n->min_bytes)}};
  if (n->high_bytes) figures.emplace_back("zone_high_bytes", as_figure(*n->high_bytes));
  if (n->cma_bytes) figures.emplace_back("zone_free_cma_bytes", as_figure(*n->cma_bytes));
  const std::string free = zone_free_said(*n);
  out.push_back({"zone_free_above_watermark", CheckLevel::warn,
                 trf("Memory had not run out when the report was printed: Mem-Info shows the {} zone, the highest "
                     "this order-0 allocation (gfp_mask={}) could use, with {}, {}. The page allocator calls "
                     "the OOM killer only after reclaim could not free enough and a last try at the high watermark "
                     "failed, and prints Mem-Info after that, so memory was freed in between (pages whose writeback, "
                     "to swap or to a file, ended after reclaim gave up; pages drained from the per-CPU lists; a "
                     "task that exited): the shortage was brief.",
                     n->zone, n->gfp_mask, free, mark),
                 std::move(figures)});
}

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

namespace {

// x86's ZONE_DMA is the first 16 MiB (MAX_DMA_ADDRESS, for ISA devices); a DMA zone larger than that holds an
// architecture's low memory (32-bit ARM's ZONE_DMA spans all of lowmem when the machine needs one). Its size is
// `present:`, else `managed:` (no larger); unknown: no.
bool dma_is_lowmem(const Zone* z) {
  constexpr uint64_t kIsaDmaBytes = 16 * kMiB;
  if (!z) return false;
  const auto size = z->present_bytes ? z->present_bytes : z->managed_bytes;
  return size && *size > kIsaDmaBytes;
}

}  // namespace

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
  // Low memory all in ZONE_DMA (32-bit ARM: its Normal zone is empty, and show_free_areas() prints no line for an
  // empty zone): with a HighMem line and no Normal one, a DMA zone larger than the 16 MiB of x86's ISA DMA zone is
  // the low memory (corpus 843); x86's is not, its Normal line only missing from the excerpt (corpus 235).
  const Zone* lowz = normal ? normal : has_highmem && dma_is_lowmem(dma) ? dma : nullptr;
  if (lowz && has_highmem && lowz->free_bytes && lowz->min_bytes && at_min(*lowz->free_bytes, *lowz->min_bytes) &&
      highmem_free >= kHighmemFreeBytes)
    return Lowmem{lowz->name, *lowz->free_bytes, *lowz->min_bytes, highmem_free, 0, std::nullopt};
  // The CMA reading: the lowmem zone's free minus its free CMA pages.
  const Zone* low = normal ? normal : dma;
  if (!low || !low->free_bytes || !low->min_bytes || !low->free_cma_bytes || *low->free_cma_bytes == 0)
    return std::nullopt;
  // A movable allocation (__GFP_MOVABLE, GFP_HIGHUSER_MOVABLE: a user page) may take CMA's free pages (CMA is its
  // fallback, mm/page_alloc.c __rmqueue()): they were within its reach, so CMA is not what failed it (corpus 279).
  if (const auto gfp = gfp_zone_bits(e); gfp && (gfp->bits & 0x8)) return std::nullopt;
  const uint64_t usable = *low->free_bytes - std::min(*low->free_bytes, *low->free_cma_bytes);
  if (!at_min(usable, *low->min_bytes)) return std::nullopt;
  Lowmem l{low->name, *low->free_bytes, *low->min_bytes, highmem_free, *low->free_cma_bytes, std::nullopt};
  if (has_highmem) return highmem_free >= kHighmemFreeBytes ? std::optional(l) : std::nullopt;
  const auto total = e.mem_info->highmem_bytes;
  if (!total || *total < kHighmemFreeBytes) return std::nullopt;
  l.highmem_bytes = total;
  return l;
}

std::optional<LowmemUnknown> lowmem_unknown(const OomEvent& e) {
  if (e.constraint != Constraint::global || e.sysrq || !e.mem_info || lowmem_exhaustion(e)) return std::nullopt;
  uint64_t highmem_free = 0;
  bool dma_shown = false;
  for (const Zone& z : e.mem_info->zones) {
    if (z.name == "Normal" && z.free_bytes && z.min_bytes) return std::nullopt;  // low memory is shown
    if (z.name == "DMA" && z.free_bytes && z.min_bytes && dma_is_lowmem(&z)) dma_shown = true;
    if (z.name == "HighMem" && z.free_bytes) highmem_free += *z.free_bytes;
  }
  // No Normal line but a DMA one larger than x86's and a HighMem one: the Normal zone is empty and DMA is the low
  // memory, shown (843).
  if (highmem_free < kHighmemFreeBytes || dma_shown) return std::nullopt;
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

namespace {

/// The highest populated zone an order-0 page-allocator allocation may use (order0_zone_not_exhausted()'s
/// conditions but the watermark), with its free bytes less its free CMA pages; nullopt otherwise.
struct AllocZone {
  const Zone* zone = nullptr;
  std::string gfp_mask;
  uint64_t free_bytes = 0;
  bool cma_counted = false;  ///< a movable allocation: free_bytes holds the zone's free CMA pages
};
std::optional<AllocZone> order0_alloc_zone(const OomEvent& e) {
  if (e.constraint != Constraint::global || e.sysrq || e.pagefault_oom || e.reclaim_oom || !e.mem_info) return std::nullopt;
  if (!e.trigger || e.trigger->order != 0 || lowmem_exhaustion(e) || movable_only_free(e)) return std::nullopt;
  const auto gfp = gfp_zone_bits(e);
  if (!gfp) return std::nullopt;
  // gfp_zone(): the highest zone the allocation may use, and each zone's rank in that order.
  static constexpr std::pair<std::string_view, int> kRank[] = {
      {"DMA", 0}, {"DMA32", 1}, {"Normal", 2}, {"HighMem", 3}, {"Movable", 4}};
  const int top = (gfp->bits & 0x1) ? 0 : (gfp->bits & 0x4) ? 1 : (gfp->bits & 0x2) ? ((gfp->bits & 0x8) ? 4 : 3) : 2;
  const Zone* best = nullptr;
  int best_rank = -1;
  for (const Zone& z : e.mem_info->zones) {
    if (z.node != 0) return std::nullopt;  // another node: a cpuset or memory policy may have kept it out
    const auto* r = std::find_if(std::begin(kRank), std::end(kRank), [&](const auto& k) { return k.first == z.name; });
    if (r == std::end(kRank) || r->second > top || r->second <= best_rank) continue;
    if (z.managed_bytes && *z.managed_bytes == 0) continue;  // an empty zone is not in the zonelist
    best = &z;
    best_rank = r->second;
  }
  if (!best || !best->free_bytes || !best->min_bytes) return std::nullopt;
  // Every populated zone above it must be printed: its lowmem_reserve line counts them, and without that line a
  // DMA zone beside other printed zones may stand for a lost Normal line (corpus 235: no Normal line, HighMem free).
  int higher = 0;
  for (const Zone& z : e.mem_info->zones) {
    const auto* r = std::find_if(std::begin(kRank), std::end(kRank), [&](const auto& k) { return k.first == z.name; });
    if (r != std::end(kRank) && r->second > best_rank && !(z.managed_bytes && *z.managed_bytes == 0)) ++higher;
  }
  // The DMA zone as the highest beside other populated zones: a lost Normal line (its reserve line may be garbled
  // too, as 235's is), never read as the allocation's zone.
  if ((best->higher_zones_populated && *best->higher_zones_populated > higher) ||
      (best_rank == 0 && top > 0 && higher > 0))
    return std::nullopt;
  // CMA pageblocks: only movable allocations may take them (ALLOC_CMA: __zone_watermark_ok() counts them for those
  // alone, __rmqueue() falls back to them), so they are no free memory for any other (corpus 691: GFP_KERNEL with
  // the free pages in CMA) and are for a movable one (corpus 279: GFP_HIGHUSER_MOVABLE, 512 MiB of a zone's 599 MiB
  // free in CMA: CMA did not fail it).
  uint64_t free = *best->free_bytes;
  const bool movable = gfp->bits & 0x8;
  if (!movable) free -= std::min(free, best->free_cma_bytes.value_or(0));
  return AllocZone{best, gfp->mask, free, movable};
}

// Over its min watermark by more than 25 % (the report is printed after the allocation failed: a few pages may
// have been freed by then).
bool above_min(uint64_t free, uint64_t min) { return free * 4 > min * 5; }

}  // namespace

std::string zone_free_said(const ZoneNotExhausted& n) {
  // A movable allocation's free counts the zone's CMA pages, which it may take: said, so CMA is not read as the cause.
  if (n.cma_bytes)
    return trf("{} free ({} of it in CMA pageblocks, which a movable allocation may take)", format_bytes(n.free_bytes),
               format_bytes(*n.cma_bytes));
  return trf("{} free", format_bytes(n.free_bytes));
}

std::optional<ZoneNotExhausted> order0_zone_not_exhausted(const OomEvent& e) {
  const auto a = order0_alloc_zone(e);
  if (!a) return std::nullopt;
  const Zone& z = *a->zone;
  // Highatomic-reserved pageblocks are no free memory for this allocation: their size taken out when printed,
  // unknown when the buddy list shows `H` blocks without it (highatomic_reserve() then says so).
  if (z.buddy_highatomic && !z.reserved_highatomic_bytes) return std::nullopt;
  const uint64_t free = a->free_bytes - std::min(a->free_bytes, z.reserved_highatomic_bytes.value_or(0));
  if (!above_min(free, *z.min_bytes)) return std::nullopt;
  ZoneNotExhausted n{z.name, a->gfp_mask, free, *z.min_bytes, std::nullopt, std::nullopt};
  if (z.high_bytes && free > *z.high_bytes) n.high_bytes = z.high_bytes;
  if (a->cma_counted && z.free_cma_bytes.value_or(0) > 0) n.cma_bytes = z.free_cma_bytes;
  return n;
}

std::optional<HighatomicHeld> highatomic_reserve(const OomEvent& e) {
  const auto a = order0_alloc_zone(e);
  if (!a) return std::nullopt;
  const Zone& z = *a->zone;
  if (!z.buddy_highatomic && z.reserved_highatomic_bytes.value_or(0) == 0) return std::nullopt;
  if (!above_min(a->free_bytes, *z.min_bytes)) return std::nullopt;  // under its min without them: no need
  // Printed: only when taking the reserve out leaves the zone at its min watermark does it explain the failure.
  if (z.reserved_highatomic_bytes &&
      above_min(a->free_bytes - std::min(a->free_bytes, *z.reserved_highatomic_bytes), *z.min_bytes))
    return std::nullopt;
  return HighatomicHeld{z.name, a->free_bytes, *z.min_bytes, z.high_bytes, z.reserved_highatomic_bytes,
                        z.buddy_highatomic_only_bytes};
}

std::optional<CmaHeld> cma_held_free(const OomEvent& e) {
  const auto a = order0_alloc_zone(e);
  if (!a) return std::nullopt;
  const auto gfp = gfp_zone_bits(e);
  if (!gfp || (gfp->bits & 0x8)) return std::nullopt;  // __GFP_MOVABLE: CMA is its fallback, not out of its reach
  const Zone& z = *a->zone;
  if (!z.free_cma_bytes || !z.free_bytes || !above_min(*z.free_bytes, *z.min_bytes) ||
      above_min(a->free_bytes, *z.min_bytes))
    return std::nullopt;
  return CmaHeld{z.name, a->gfp_mask, *z.free_bytes, *z.free_cma_bytes, *z.min_bytes};
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
  kernel_booting(e, ctx, out);
  lowmem(e, out);
  lowmem_not_shown(e, out);
  movable_only(e, out);
  slab(e, ctx, out);
  hugetlb(e, ctx, out);
  reserved_dominant(e, out);
  unevictable(e, ctx, out);
  shmem(e, ctx, out);
  memcg_kmem(e, out);
  allocating_task(e, out);
  high_order(e, out);
  zone_not_exhausted(e, out);
  cma_free(e, out);
  highatomic(e, out);
  processes_hold_little(e, ctx, out);
  victim_held_little(e, ctx, out);
  victim_file_backed(e, out);
  victim_not_reaped(e, out);
  sacrificed_child_held_little(e, ctx, out);
}

std::optional<uint64_t> memcg_stat(const MemcgInfo& m, std::initializer_list<std::string_view> names) {
  for (const std::string_view name : names)
    for (const auto& [key, value] : m.stats)
      if (key == name) return value;
  return std::nullopt;
}

}  // namespace oomlens::detail
