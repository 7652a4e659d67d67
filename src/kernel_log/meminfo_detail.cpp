// The parts of a Mem-Info block that tell unusual causes apart (mm/show_mem.c
// __show_mem(), mm/page_alloc.c show_free_areas() ≤6.1, mm/hugetlb.c
// hugetlb_show_meminfo_node(), mm/slab_common.c dump_unreclaimable_slab()):
//   Node 0 Normal free:3372kB min:3452kB low:4312kB … present:…kB managed:…kB …
//   Node 0 hugepages_total=512 hugepages_free=512 hugepages_surp=0 hugepages_size=2048kB
//   262014 pages HighMem/MovableOnly        (`N pages HighMem` ≤3.x)
//   Normal free:3644kB min:3732kB …          (≤4.7: no `Node N`)
//   Unreclaimable slab info:
//   Name                      Used          Total
//   kmalloc-2048            12345KB      12400KB
// Sizes are kept in bytes; a line missing a field leaves it unknown.
// meminfo_line() reads the rest of the block: swap and RAM totals, the
// smallest buddy block, the `key:N` counters (pages).
#include <algorithm>
#include <vector>

#include "kernel_log/report_building.h"
#include "util/text.h"

namespace oomlens {

using Building = ReportAssembler::Building;

namespace {

using namespace oomlens::text;

std::optional<uint64_t> kb_field(std::string_view t, std::string_view key) {
  auto v = field_sized(t, key, "kB");
  if (!v) return std::nullopt;
  return mul(*v, 1024);
}

bool zone_line(ReportAssembler::Building& b, std::string_view node, std::string_view rest) {
  std::string_view r = rest;
  std::string_view name = take_token(r);
  // A zone's name is one of mm/page_alloc.c zone_names[]: a counters line whose indent a mail client turned into
  // `A ` (an NBSP read as Latin-1 `Â`, its accent dropped: corpus 614's `A free:1951 slab:41499 …`) is no zone.
  if (name != "DMA" && name != "DMA32" && name != "Normal" && name != "HighMem" && name != "Movable" &&
      name != "Device")
    return false;
  if (!starts_with(trim_left(r), "free:")) return false;
  Zone z;
  z.node = static_cast<int>(parse_u64(node).value_or(0));
  z.name = std::string(name);
  const std::string_view fields = r;  // " free:…kB boost:…kB min:…kB …"
  z.free_bytes = kb_field(fields, "free:");
  z.min_bytes = kb_field(fields, " min:");
  z.high_bytes = kb_field(fields, " high:");
  if (auto v = field_sized(fields, " reserved_highatomic:", "KB")) z.reserved_highatomic_bytes = mul(*v, 1024);
  z.managed_bytes = kb_field(fields, "managed:");
  z.present_bytes = kb_field(fields, "present:");
  if (!z.managed_bytes) z.managed_bytes = z.present_bytes;
  z.free_cma_bytes = kb_field(fields, " free_cma:");
  b.zones.push_back(std::move(z));
  return true;
}

bool hugepages_line(ReportAssembler::Building& b, std::string_view node, std::string_view rest) {
  if (!starts_with(rest, "hugepages_total=")) return false;
  auto total = field_int(rest, "hugepages_total=");
  auto free = field_int(rest, "hugepages_free=");
  auto size = field_sized(rest, "hugepages_size=", "kB");
  if (total && free && size && *total >= 0 && *free >= 0) {
    HugePages h;
    h.node = static_cast<int>(parse_u64(node).value_or(0));
    h.total = static_cast<uint64_t>(*total);
    h.free = static_cast<uint64_t>(*free);
    h.size_bytes = mul(*size, 1024).value_or(0);
    b.hugepages.push_back(h);
  }
  return true;
}

// `name  NNNKB  NNNKB` (capital K: "%-17s %10luKB %10luKB").
bool slab_row(ReportAssembler::Building& b, std::string_view t) {
  std::string_view r = t;
  std::string_view name = take_token(r);
  std::string_view used_tok = take_token(r);
  std::string_view total_tok = take_token(r);
  if (name.empty() || !trim(r).empty()) return false;
  auto used = take_sized(used_tok, "KB");
  auto total = take_sized(total_tok, "KB");
  if (!used || !total || !used_tok.empty() || !total_tok.empty()) return false;
  b.slab.push_back(SlabCache{std::string(name), mul(*used, 1024).value_or(0), mul(*total, 1024).value_or(0)});
  return true;
}

// `out_of_memory` as a symbol of its own (not mem_cgroup_out_of_memory,
// pagefault_out_of_memory or __out_of_memory): `out_of_memory+0x134/0x34c`,
// `out_of_memory.cold`, or ARM's callee `(out_of_memory) from`.
bool has_oom_symbol(std::string_view t) { return oomline::frame_names(t, "out_of_memory"); }

}  // namespace

// A frame of the crash utility's `bt` (` #6 [ffffad1a02957a10] try_charge_memcg+0x19f at ffffffff92b03b6f`): a task's
// stack read from a dump or a live kernel later, never the report's dump_stack() (corpus 766).
static bool crash_bt_frame(std::string_view t) {
  t = trim_left(t);
  if (t.empty() || t[0] != '#') return false;
  size_t i = 1;
  while (i < t.size() && is_digit(t[i])) ++i;
  if (i == 1 || i >= t.size() || t[i] != ' ') return false;
  std::string_view r = trim_left(t.substr(i));
  return starts_with(r, "[") && r.find("] ") != std::string_view::npos && r.find(" at ") != std::string_view::npos;
}

void note_stack_frame(ReportAssembler::Building& b, std::string_view t) {
  if (t.empty()) return;  // a prefix whose frame a reflow moved to the next line, a pasted blank line
  if (crash_bt_frame(t)) return;
  // An ARM frame's address alone (`[<8028fc00>]`, its `(func) from …` reflowed to the next line).
  if (starts_with(t, "[<") && ends_with(t, ">]") && t.find(' ') == std::string_view::npos) return;
  // A frame a web view broke after its opening `[<` (`[<` + `4015059f>] out_of_memory+0x17f/0x1c0`): the
  // bracket alone is no frame, and the next line (`4015059f>] fn+…`) is read as one.
  if (t == "[<") return;
  const bool after_unreliable = b.frame_unreliable;
  b.frame_unreliable = starts_with(t, "[<") && ends_with(t, ">] ?");  // `[<c04abbda>] ?` + `    fn+0x3a/0x40`
  if (b.frame_unreliable) return;
  // A reliable oom_kill_process() frame under the CPU line of a dump printed after the selection: the task that
  // printed the selection there, before its kill line, is the one that invoked the OOM killer (corpus 601: a
  // spinlock BUG in find_lock_task_mm() under oom_kill_process()).
  if (b.stack_after_selection && !after_unreliable && !starts_with(t, "? ") &&
      t.find(">] ? ") == std::string_view::npos && oomline::frame_names(t, "oom_kill_process")) {
    b.stack = std::move(b.stack_after_selection);
    b.stack_after_selection.reset();
    b.stack_from_later_dump = true;
  }
  // dump_header() prints the report's header, then dump_stack(): a trace through it is the report's own.
  if (!starts_with(t, "? ") && oomline::frame_names(t, "dump_header")) b.dump_header_frame = true;
  // try_charge_memcg() (5.13+) calls the memcg OOM (mem_cgroup_oom(), inlined) when a charge fails.
  for (const char* frame : {"mem_cgroup_out_of_memory", "mem_cgroup_oom_synchronize", "try_charge_memcg+"}) {
    if (t.find(frame) == std::string_view::npos) continue;
    if (!b.memcg_stack) b.memcg_frame = std::string_view(frame).substr(0, std::string_view(frame).find('+'));
    b.memcg_stack = true;
    b.frame_oom = false;
    return;
  }
  // mem_cgroup_out_of_memory() called by a write to the limit (memory.max below memory.current; v1's resize).
  if (b.memcg_stack && b.limit_write == LimitWrite::none && !starts_with(t, "? ") && !after_unreliable) {
    if (oomline::frame_names(t, "memory_max_write")) b.limit_write = LimitWrite::memory_max;
    else if (oomline::frame_names(t, "mem_cgroup_resize_max") || oomline::frame_names(t, "mem_cgroup_resize_limit"))
      b.limit_write = LimitWrite::limit_in_bytes;
  }
  const bool oom = has_oom_symbol(t);
  if (oom && !after_unreliable && !starts_with(t, "? ") && t.find(">] ? ") == std::string_view::npos) b.oom_frame = true;
  const size_t alloc = t.find("__alloc_pages");
  // An unreliable frame (`? wakeup_kswapd+0xda/0x120`, x86's `[<c04dd1fa>] ? …`) may be a stale return
  // address, not a caller: one of another function does not separate out_of_memory from its caller.
  // (2.6.32's unwinder marks every frame so: those of out_of_memory and __alloc_pages still count.)
  if (!oom && alloc == std::string_view::npos &&
      (after_unreliable || starts_with(t, "? ") || (starts_with(t, "[<") && t.find(">] ? ") != std::string_view::npos)))
    return;
  if (alloc != std::string_view::npos && (b.frame_oom || (oom && t.find(" from ") < alloc)))
    b.alloc_stack = true;
  // Early 2.6 kernels (2.6.7: corpus 512): the page allocator's direct reclaim, try_to_free_pages() (mm/vmscan.c), called out_of_memory()
  // itself when it freed nothing (__alloc_pages → try_to_free_pages → out_of_memory): the same page allocator path.
  if (b.frame_oom && !starts_with(t, "? ") && oomline::frame_names(t, "try_to_free_pages")) b.alloc_stack = true;
  // __alloc_pages_may_oom() is the page allocator's own OOM path, the caller of out_of_memory() there (a memcg
  // charge never runs through it): its frame says so even where the out_of_memory frame above it is not in the text
  // (a `dmesg | grep oom` keeps `oom_kill_process` and `__alloc_pages_may_oom`, corpus 435).
  // A reliable frame only: an unreliable one (`? __alloc_pages_may_oom`) may be a stale return address.
  if (!oom && !after_unreliable && !starts_with(t, "? ") && t.find(">] ? ") == std::string_view::npos &&
      oomline::frame_names(t, "__alloc_pages_may_oom"))
    b.alloc_stack = true;
  // ≤5.15: a fault that returned VM_FAULT_OOM outside a memcg OOM calls out_of_memory() from here.
  const size_t fault = t.find("pagefault_out_of_memory");
  if (fault != std::string_view::npos && (b.frame_oom || (oom && t.find(" from ") < fault)))
    b.pagefault_stack = true;
  // The multi-gen LRU's aging as first posted (2021-22, and Android's backports) calls out_of_memory() from kswapd
  // (lru_gen_age_node() under balance_pgdat()) when aging made no progress, with an oom_control of no memcg and no
  // zonelist: CONSTRAINT_NONE, machine-wide.
  // Inlined into kswapd's balance_pgdat() (corpus 450, a 6.x kernel: out_of_memory+0x21c/0x4c0 then
  // balance_pgdat+0x749/0x960), the aging's call is balance_pgdat's: mainline's balance_pgdat() calls no
  // out_of_memory() of its own, and kswapd reclaims for the node, never for a memcg.
  for (const std::string_view caller : {std::string_view("lru_gen_age_node"), std::string_view("balance_pgdat")}) {
    const size_t aging = t.find(caller);
    if (aging == std::string_view::npos || !(b.frame_oom || (oom && t.find(" from ") < aging))) continue;
    b.reclaim_stack = true;
    b.reclaim_inlined = caller == "balance_pgdat";
  }
  b.frame_oom = oom && alloc == std::string_view::npos;
}

bool meminfo_detail_line(ReportAssembler::Building& b, std::string_view t) {
  if (starts_with(t, "lowmem_reserve[]:")) {
    // The reserves of the zone line read right before it, in pages, one per zone index: each populated zone above
    // it adds to them, so their distinct nonzero values count those zones.
    if (b.zones.empty() || b.zones.back().higher_zones_populated) return true;
    std::string_view r = t.substr(17);
    std::vector<uint64_t> seen;
    bool whole = true;
    while (!trim_left(r).empty()) {
      const auto v = parse_u64(take_token(r));
      if (!v) whole = false;
      else if (*v > 0 && std::find(seen.begin(), seen.end(), *v) == seen.end()) seen.push_back(*v);
    }
    if (whole) b.zones.back().higher_zones_populated = static_cast<int>(seen.size());
    return true;
  }
  if (t == "Unreclaimable slab info:") {
    b.in_slab_table = true;
    return true;
  }
  if (b.in_slab_table) {
    if (starts_with(t, "Name ") && t.find("Used") != std::string_view::npos) return true;
    if (slab_row(b, t)) return true;
    b.in_slab_table = false;
  }
  for (std::string_view suffix : {std::string_view(" pages HighMem/MovableOnly"), std::string_view(" pages HighMem")}) {
    if (ends_with(t, suffix)) {
      b.highmem_pages = parse_u64(trim(t.substr(0, t.size() - suffix.size())));
      return true;
    }
  }
  if (!starts_with(t, "Node ")) {  // ≤4.7: `Normal free:…` without the node
    if (!zone_line(b, "0", t)) return false;
    b.zone_line_names.push_back(b.zones.back().name);
    return true;
  }
  std::string_view rest = t.substr(5);
  std::string_view node = take_token(rest);
  rest = trim_left(rest);
  if (hugepages_line(b, node, rest)) return true;
  if (!zone_line(b, node, rest)) return false;
  b.zone_line_names.push_back("Node " + std::string(node) + " " + b.zones.back().name);
  return true;
}

namespace {

// Mem-Info counters block: `key:N` pages (not the `Node …` kB lines).
void meminfo_counters(Building& b, std::string_view t) {
  while (!t.empty()) {
    std::string_view tok = take_token(t);
    if (tok.empty()) break;
    size_t c = tok.find(':');
    if (c == std::string_view::npos) continue;
    auto v = parse_u64(tok.substr(c + 1));
    if (!v) continue;
    std::string_view k = tok.substr(0, c);
    if (k == "free") b.free_pages = v;
    else if (k == "active_anon" || k == "Active_anon") b.active_anon_pages = v;  // 2.6.28-2.6.31: `Active_anon:`
    else if (k == "inactive_anon") b.inactive_anon_pages = v;
    // The first of each: a line wrapped inside `inactive_file:N` leaves an `active_file:N` piece with its number.
    else if (k == "active_file") { if (!b.active_file_pages) b.active_file_pages = v; }
    else if (k == "inactive_file") { if (!b.inactive_file_pages) b.inactive_file_pages = v; }
    else if (k == "shmem") b.shmem_pages = v;
    else if (k == "unevictable") { if (!b.unevictable_pages) b.unevictable_pages = v; }
    else if (k == "slab") { if (!b.slab_pages) b.slab_pages = v; }  // ≤2.6.28: reclaimable and unreclaimable together
    else if (k == "slab_unreclaimable") b.slab_unreclaimable_pages = v;
    else if (k == "slab_reclaimable") b.slab_reclaimable_pages = v;
    else if (k == "pagetables") b.pagetables_pages = v;
    else if (k == "free_cma") b.free_cma_pages = v;
  }
}

// The `H` (MIGRATE_HIGHATOMIC) blocks of a zone's buddy list, recorded on the zone line read before it (its node
// and name): `N*SIZEkB (TYPES)` pairs, where TYPES lists the migrate types holding free blocks of that size.
void note_buddy_highatomic(Building& b, std::string_view t, const BuddyListHead& head) {
  std::string_view r = trim_left(t);
  int node = 0;
  if (starts_with(r, "Node ")) {
    r.remove_prefix(5);
    node = static_cast<int>(parse_u64(take_token(r)).value_or(0));
  }
  Zone* zone = nullptr;
  for (Zone& z : b.zones)
    if (z.node == node && z.name == head.zone) zone = &z;
  if (!zone) return;
  r = r.substr(r.find(": ") + 2);
  std::optional<uint64_t> block_kb;  // the size of the `N*SIZEkB` pair before a `(TYPES)`
  while (!r.empty()) {
    const std::string_view w = take_token(r);
    if (w.empty()) break;
    if (w.size() > 2 && w.front() == '(' && w.back() == ')') {
      const std::string_view types = w.substr(1, w.size() - 2);
      if (types.find('H') == std::string_view::npos) continue;
      zone->buddy_highatomic = true;
      if (types == "H" && block_kb) zone->buddy_highatomic_only_bytes += *block_kb * 1024;
      block_kb.reset();
      continue;
    }
    block_kb.reset();
    const size_t star = w.find('*');
    if (star == std::string_view::npos) continue;
    const auto n = parse_u64(w.substr(0, star));
    std::string_view size = w.substr(star + 1);
    const auto kb = take_sized(size, "kB");
    if (n && kb && size.empty()) block_kb = mul(*n, *kb);
  }
}

// `[Node N ]ZONE: empty`: show_free_areas() (≤4.x) prints it in place of the buddy list of a zone with no pages
// (!populated_zone()); that zone, read before it, manages none (its mail-wrapped `present:0kB` may be lost: corpus
// 621's DMA32, Normal and HighMem on a 32 MiB ARM board). True when `t` is one.
bool empty_zone(Building& b, std::string_view t) {
  if (!ends_with(t, ": empty")) return false;
  std::string_view r = t.substr(0, t.size() - 7);
  int node = 0;
  if (starts_with(r, "Node ")) {
    r.remove_prefix(5);
    node = static_cast<int>(parse_u64(take_token(r)).value_or(0));
    r = trim_left(r);
  }
  for (Zone& z : b.zones)
    if (z.node == node && z.name == r) z.managed_bytes = 0;
  return true;
}

// A buddy list read into the report being built: the first one's page size
// (report_finalize.cpp prefers the kill line's). False when `t` is not one.
bool buddy_list(Building& b, std::string_view t) {
  const auto head = parse_buddy_list(t);
  if (!head) return false;
  if (!b.buddy_page_kb) b.buddy_page_kb = head->page_kb;
  note_buddy_highatomic(b, t, *head);
  return true;
}

}  // namespace

std::optional<BuddyListHead> parse_buddy_list(std::string_view t) {
  std::string_view r = trim_left(t);
  if (starts_with(r, "Node ")) {  // `Node 0 DMA: …`: skip the node number
    r.remove_prefix(5);
    (void)take_token(r);
    r = trim_left(r);
  }
  const size_t colon = r.find(": ");
  if (colon == 0 || colon == std::string_view::npos || r.substr(0, colon).find(' ') != std::string_view::npos)
    return std::nullopt;
  std::string_view first = trim_left(r.substr(colon + 2));
  const size_t star = first.find('*');
  if (star == 0 || star == std::string_view::npos || !parse_u64(first.substr(0, star))) return std::nullopt;
  std::string_view size = first.substr(star + 1);
  const auto kb = take_sized(size, "kB");  // a line cut inside its first block has no `kB` there: unknown
  if (!kb) return std::nullopt;
  return BuddyListHead{r.substr(0, colon), *kb};
}

// Lines of the Mem-Info block; true when recognised.
bool meminfo_line(Building& b, std::string_view t) {
  if (meminfo_detail_line(b, t)) return true;
  // ≤3.x show_free_areas(): `DMA per-cpu:` (`Node 0 DMA per-cpu:`) before each populated zone's per-cpu lists.
  if (ends_with(t, " per-cpu:") && is_show_free_areas_head(t)) {
    b.percpu_zone_names.emplace_back(t.substr(0, t.size() - 9));
    return true;
  }
  if (starts_with(t, "Free swap")) {
    // ≤2.6.24 show_mem() repeats it as `Free swap:            0kB`: the same figure, never a loss of it.
    auto kb = field_sized(t, "=", "kB");
    if (!kb) kb = field_sized(t, ":", "kB");
    if (kb || !b.free_swap_kb) b.free_swap_kb = kb;
    // `Free swap  = -245804kB`: swapoff(2) takes its area out of both totals first (del_from_avail_list(),
    // nr_swap_pages and total_swap_pages) and counts each page back in as try_to_unuse() reads it into RAM, so
    // while it runs the free figure is minus what is still in swap (corpus 761).
    if (const size_t eq = t.find('='); !kb && eq != std::string_view::npos)
      if (const std::string_view v = trim(t.substr(eq + 1)); starts_with(v, "-"))
        b.swapoff_unread_kb = field_sized(v, "-", "kB");
    return true;
  }
  if (starts_with(t, "Total swap")) {
    b.total_swap_kb = field_sized(t, "=", "kB");
    return true;
  }
  // show_mem() words them `N pages RAM` / `N pages reserved`; 2.6.x and 32-bit 3.x (arch/x86/mm/pgtable_32.c
  // and others) `N pages of RAM`, `N pages of HIGHMEM`, `N reserved pages`. Page counts: bytes only with the
  // page size (report_finalize.cpp).
  for (std::string_view suffix : {std::string_view(" pages RAM"), std::string_view(" pages of RAM")})
    if (ends_with(t, suffix)) {
      b.ram_pages = parse_u64(t.substr(0, t.size() - suffix.size()));
      return true;
    }
  for (std::string_view suffix : {std::string_view(" pages reserved"), std::string_view(" reserved pages")})
    if (ends_with(t, suffix)) {
      b.reserved_pages = parse_u64(t.substr(0, t.size() - suffix.size()));
      return true;
    }
  // 2.6.x arch show_mem() (i386 `%d pages slab`): the counters block's `slab:` again.
  if (ends_with(t, " pages slab")) {
    if (const auto n = parse_u64(t.substr(0, t.size() - 11)); n && !b.slab_pages) b.slab_pages = n;
    return true;
  }
  if (ends_with(t, " pages of HIGHMEM")) {
    b.highmem_pages = parse_u64(t.substr(0, t.size() - 17));
    return true;
  }
  if (empty_zone(b, t)) return true;
  if (starts_with(t, "Node ")) {
    (void)buddy_list(b, t);
    return true;
  }
  if (buddy_list(b, t)) return true;  // ≤4.7 and 32-bit ARM/MIPS: `DMA: 142*4kB (UEC) …` without `Node N`
  // The counters block (`active_anon:1234 inactive_anon:…`, or a wrap's piece of it): some `key:N` word. A
  // poster's shell prompt or sentence after the rows a newest-first reading opened at (`user@host01:~/wiki_corpora$
  // tail …`, `… it was indeed an OOM error:`, corpus 581 reversed) holds a colon but no such word.
  const auto counter_word = [](std::string_view line) {
    for (std::string_view w = take_token(line); !w.empty(); w = take_token(line)) {
      const size_t c = w.find(':');
      if (c != 0 && c != std::string_view::npos && all_digits(w.substr(c + 1))) return true;
    }
    return false;
  };
  if (b.section == Building::Section::meminfo && t.find(':') != std::string_view::npos &&
      t.find("kB") == std::string_view::npos && counter_word(t)) {
    meminfo_counters(b, t);
    return true;
  }
  return starts_with(t, "lowmem_reserve[]") || ends_with(t, "total pagecache pages") ||
         ends_with(t, "pages in swap cache") || starts_with(t, "Swap cache stats") ||
         t.find(" pages ") != std::string_view::npos;
}

}  // namespace oomlens
