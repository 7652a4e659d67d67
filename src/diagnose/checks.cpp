// The checks of an explanation. Each rule below fires only when the event
// (or the live machine's context) holds every figure it needs; the rule's
// thresholds are explained where they are set.
#include <fmt/core.h>

#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/units.h"

namespace oomlens::detail {
namespace {

// Above this share of the limit (or RAM) the victim itself, not its
// neighbours, is what filled the memory.
constexpr uint64_t kVictimDominantLimitPercent = 80;
constexpr uint64_t kVictimDominantRamPercent = 50;
// Page tables are ~0.2 % of mapped memory with 4 KiB pages (8 bytes per
// 4 KiB page); they matter when large in absolute terms (64 MiB) and at
// least 5× that share of the process's RSS, i.e. a sparse address space
// (mm/oom_kill.c counts them in oom_badness()). 166 MiB for 57 GiB RSS is
// the normal 0.28 %.
constexpr uint64_t kLargePgtablesBytes = 64 * kMiB;
constexpr uint64_t kPgtablesPermilleOfRss = 10;
constexpr uint64_t kTotalVmPercentOfRam = 80;

int64_t as_fig(uint64_t v) { return as_figure(v); }

uint64_t percent(uint64_t part, uint64_t whole) {
  if (whole == 0) return 0;
  // part * 100 can overflow only for part > 1.8e17 bytes: divide first then.
  return part > UINT64_MAX / 100 ? part / (whole / 100 + 1) : part * 100 / whole;
}

/// What a victim's anonymous memory is measured against: its cgroup's
/// limit in a memcg OOM, the machine's RAM in a global one.
struct Capacity {
  const char* check;
  const char* figure;
  uint64_t bytes;
  uint64_t dominant_percent;
  const char* dominant;  // the victim filled it
  const char* minor;     // others did
  // The same with the victim's shmem-rss beside its anon-rss: the kernel charges both to the cgroup (memcg:
  // anon + file + shmem + kernel memory), and both fill RAM.
  const char* dominant_shmem;
  const char* minor_shmem;
  std::optional<uint64_t> usage_bytes = std::nullopt;  // the cgroup's, beside its limit
};

std::optional<Capacity> victim_capacity(const OomEvent& e, const ExplainContext& ctx) {
  if (e.constraint == Constraint::memcg && e.memcg) {
    const auto limit = effective_limit_bytes(*e.memcg);
    if (!limit) return std::nullopt;
    return Capacity{"victim_anon_vs_limit", "limit_bytes", *limit, kVictimDominantLimitPercent,
                    N_("{}'s anonymous memory ({}) is {} % of the cgroup's {} limit: the victim itself filled the "
                       "limit."),
                    N_("{}'s anonymous memory ({}) is only {} % of the cgroup's {} limit: other processes in the "
                       "cgroup, page cache or kernel memory took the rest."),
                    N_("{}'s anonymous and shared memory (anon-rss {} + shmem-rss {}) is {} % of the cgroup's {} "
                       "limit: the victim itself filled the limit."),
                    N_("{}'s anonymous and shared memory (anon-rss {} + shmem-rss {}) is only {} % of the cgroup's {} "
                       "limit: other processes in the cgroup, page cache or kernel memory took the rest."),
                    e.memcg->usage_bytes};
  }
  if (e.constraint != Constraint::global) return std::nullopt;
  const auto ram = machine_ram_bytes(e, ctx);
  if (!ram) return std::nullopt;
  return Capacity{"victim_anon_vs_ram", "ram_bytes", *ram, kVictimDominantRamPercent,
                  N_("{}'s anonymous memory ({}) is {} % of RAM ({}): it alone used most of the machine."),
                  N_("{}'s anonymous memory ({}) is only {} % of RAM ({}): the rest went to other processes, the "
                     "page cache or the kernel."),
                  N_("{}'s anonymous and shared memory (anon-rss {} + shmem-rss {}) is {} % of RAM ({}): it alone "
                     "used most of the machine."),
                  N_("{}'s anonymous and shared memory (anon-rss {} + shmem-rss {}) is only {} % of RAM ({}): the "
                     "rest went to other processes, the page cache or the kernel.")};
}

void victim_vs_capacity(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  const Victim* v = main_victim(e);
  if (!v || !v->anon_rss_bytes) return;
  const uint64_t anon = *v->anon_rss_bytes;
  const auto cap = victim_capacity(e, ctx);
  if (!cap) return;
  // Its shmem-rss (4.5+; before, file-rss holds it) is the victim's own too: "only N %: others took the rest"
  // must not leave it out. The sentence names it from 1 MiB (a few KiB change no percent).
  uint64_t shmem = v->shmem_rss_bytes.value_or(0);
  // A shmem page is charged to the cgroup that faulted it first: when the OOM cgroup's memory.stat shows less
  // shmem than the victim maps, (some of) the victim's is charged elsewhere, and how much is here is unknown.
  if (e.constraint == Constraint::memcg && e.memcg)
    if (const auto charged = memcg_stat(*e.memcg, {"total_shmem", "shmem"}); charged && *charged < shmem) shmem = 0;
  const uint64_t p = percent(anon + shmem, cap->bytes);
  const bool dominant = p >= cap->dominant_percent;
  // A share that rounds down to 0 is said as under 1 %, never "only 0 %" of what the victim did hold (603, 611).
  const std::string shown = p == 0 && anon + shmem > 0 ? std::string("<1") : std::to_string(p);
  // "Only N %: others took the rest" is false when the victim's own shared memory took it (corpus 188: a.out, 92
  // KiB anon and 163 MiB shmem-rss of a 200 MiB limit). The sentence names that shmem-rss (larger than the anon
  // and 64 MiB or more), shmem_dominant explains it: nothing is said here then, whatever the share.
  if (named_beside_anon(v->shmem_rss_bytes, anon)) return;
  Check c{cap->check, dominant ? CheckLevel::warn : CheckLevel::info,
          shmem < kMiB ? trf(dominant ? cap->dominant : cap->minor, v->comm, format_bytes(anon), shown,
                             format_bytes(cap->bytes))
                       : trf(dominant ? cap->dominant_shmem : cap->minor_shmem, v->comm, format_bytes(anon),
                             format_bytes(shmem), shown, format_bytes(cap->bytes)),
          {{"anon_rss_bytes", as_fig(anon)}, {cap->figure, as_fig(cap->bytes)}, {"percent", as_fig(p)}}};
  if (v->shmem_rss_bytes) c.figures.emplace_back("shmem_rss_bytes", as_fig(shmem));
  if (cap->usage_bytes) c.figures.emplace_back("usage_bytes", as_fig(*cap->usage_bytes));
  out.push_back(std::move(c));
}

// total-vm counts reserved address space, which CUDA, JVMs and ASan reserve
// by the terabyte without using it. It matters only under strict overcommit
// (vm.overcommit_memory=2), which the log never says: live context only.
void total_vm_vs_ram(const OomEvent& e, const ExplainContext& ctx, std::vector<Check>& out) {
  if (ctx.overcommit_memory != 2) return;
  const Victim* v = main_victim(e);
  const auto ram = machine_ram_bytes(e, ctx);
  if (!v || !v->total_vm_bytes || !ram) return;
  const uint64_t p = percent(*v->total_vm_bytes, *ram);
  if (p <= kTotalVmPercentOfRam) return;
  out.push_back({"total_vm_vs_ram", CheckLevel::warn,
                 trf("With vm.overcommit_memory=2 (strict), {}'s total-vm ({}) is {} % of RAM ({}): reserved "
                             "address space counts against the commit limit even if never touched.",
                             v->comm, format_bytes(*v->total_vm_bytes), p, format_bytes(*ram)),
                 {{"total_vm_bytes", as_fig(*v->total_vm_bytes)}, {"ram_bytes", as_fig(*ram)}, {"percent", as_fig(p)}}});
}

void pgtables(const OomEvent& e, std::vector<Check>& out) {
  const Victim* v = main_victim(e);
  if (!v) return;
  std::optional<uint64_t> pt = v->pgtables_bytes;
  const TaskRow* row = pt ? nullptr : row_of_pid(e, v->pid);  // the victim's task-table row
  if (row) pt = row->pgtables_bytes;
  if (!pt || *pt <= kLargePgtablesBytes) return;
  const std::optional<uint64_t> held = victim_held_bytes(*v);  // the share of RSS is what tells
  if (!held) return;
  const uint64_t rss = *held;
  if (*pt * 1000 < rss * kPgtablesPermilleOfRss) return;
  // One decimal: next to "normal is about 0.2 %", 1.8 % must not read as 1 % (reth#8115, corpus 46).
  const std::string pgt_share = fmt::format("{:.1f}", static_cast<double>(*pt) * 100.0 / static_cast<double>(rss));
  out.push_back({"pgtables_large", CheckLevel::warn,
                 trf("{}'s page tables took {}, {} % of its {} RSS (normal is about 0.2 %): a huge or sparsely "
                             "used address space costs kernel memory that counts toward the OOM.",
                             v->comm, format_bytes(*pt), pgt_share, format_bytes(rss)),
                 {{"pgtables_bytes", as_fig(*pt)}, {"rss_bytes", as_fig(rss)}, {"percent", as_fig(percent(*pt + rss / 200, rss))}}});
}

void swap(const OomEvent& e, std::vector<Check>& out) {
  if (e.sysrq) return;  // SysRq-f kills whether or not memory ran short: swap did not cause it
  // Swap serves every node: a cpuset's or a memory policy's nodes can swap their anonymous pages out as the
  // whole machine can (corpus 793: node 3 full under nodemask=3 with swap full), so its state tells there too.
  const bool machine_swap = e.constraint == Constraint::global || e.constraint == Constraint::cpuset ||
                            e.constraint == Constraint::mempolicy;
  if (machine_swap && e.mem_info && e.mem_info->total_swap_bytes) {
    const uint64_t total = *e.mem_info->total_swap_bytes;
    const auto free = e.mem_info->free_swap_bytes;
    // Swap holds anonymous pages: with next to none in RAM (under 1 % of it: a kernel-memory OOM), or most of RAM
    // reserved, never managed by the page allocator (reserved_dominant: at boot, corpus 521), its absence is not
    // what ran the memory out.
    const MemInfo& mi = *e.mem_info;
    const bool anon_negligible = mi.active_anon_bytes && mi.inactive_anon_bytes && mi.ram_bytes &&
                                 (*mi.active_anon_bytes + *mi.inactive_anon_bytes) * 100 < *mi.ram_bytes;
    const bool mostly_reserved = mi.ram_bytes && mi.reserved_bytes && *mi.reserved_bytes * 2 >= *mi.ram_bytes;
    if (total == 0 && (anon_negligible || mostly_reserved)) return;
    // A swapoff was running (a negative `Free swap`): it took its area out of the total, so 0 is no absent swap;
    // swapoff_trigger says what it did (checks_context.cpp).
    if (total == 0 && mi.swapoff_unread_bytes) return;
    if (total == 0) {
      out.push_back({"swap_absent", CheckLevel::warn,
                     tr("The machine had no swap: the kernel could not move idle anonymous memory out of RAM."),
                     {{"total_swap_bytes", 0}}});
    } else if (free && swap_exhausted(*free, total)) {
      out.push_back({"swap_exhausted", CheckLevel::warn,
                     trf("Swap was exhausted too: {} free of {}.", format_bytes(*free), format_bytes(total)),
                     {{"free_swap_bytes", as_fig(*free)}, {"total_swap_bytes", as_fig(total)}}});
    }
    return;
  }
  if (e.constraint != Constraint::memcg || !e.memcg) return;
  const MemcgInfo& m = *e.memcg;
  // cgroup v2: memory.swap.max
  if (m.swap_limit_state == LimitState::limited && m.swap_limit_bytes) {
    const size_t swap_checks = out.size();
    if (*m.swap_limit_bytes == 0) {
      out.push_back({"memcg_swap_disallowed", CheckLevel::info,
                     tr("The cgroup may not use swap (its swap limit is 0)."), {{"swap_limit_bytes", 0}}});
    } else if (m.swap_usage_bytes && *m.swap_usage_bytes >= *m.swap_limit_bytes) {
      out.push_back({"memcg_swap_exhausted", CheckLevel::warn,
                     trf("The cgroup's swap was full too: {} used of its {} swap limit.",
                                 format_bytes(*m.swap_usage_bytes), format_bytes(*m.swap_limit_bytes)),
                     {{"swap_usage_bytes", as_fig(*m.swap_usage_bytes)}, {"swap_limit_bytes", as_fig(*m.swap_limit_bytes)}}});
    }
    // Beside the swap limit: how often swap hit it (v2 `swap: … failcnt N`).
    if (m.swap_failcnt && out.size() > swap_checks) out.back().figures.emplace_back("swap_failcnt", as_fig(*m.swap_failcnt));
    return;
  }
  // cgroup v1: memory.memsw.limit_in_bytes counts memory + swap.
  const auto limit = effective_limit_bytes(m);
  if (limit && m.memsw_limit_bytes && *m.memsw_limit_bytes <= (uint64_t{1} << 53)) {
    const size_t memsw_checks = out.size();
    if (*m.memsw_limit_bytes <= *limit) {
      out.push_back({"memcg_swap_disallowed", CheckLevel::info,
                     trf("The cgroup's memory+swap limit ({}) equals its memory limit: it may not use swap.",
                                 format_bytes(*m.memsw_limit_bytes)),
                     {{"memsw_limit_bytes", as_fig(*m.memsw_limit_bytes)}, {"limit_bytes", as_fig(*limit)}}});
    } else if (memsw_bound(m)) {
      out.push_back({"memcg_swap_exhausted", CheckLevel::warn,
                     trf("The cgroup's memory+swap usage reached its {} memory+swap limit while its memory usage was "
                         "still {} under its {} limit: the memory+swap limit failed the allocation (what ran out "
                         "is the cgroup's allowance for memory and swap together, not the swap space).",
                         format_bytes(*m.memsw_limit_bytes), format_bytes(*limit - *m.usage_bytes),
                         format_bytes(*limit)),
                     {{"memsw_usage_bytes", as_fig(*m.memsw_usage_bytes)},
                      {"memsw_limit_bytes", as_fig(*m.memsw_limit_bytes)},
                      {"usage_bytes", as_fig(*m.usage_bytes)},
                      {"limit_bytes", as_fig(*limit)}}});
    } else if (m.memsw_usage_bytes && *m.memsw_usage_bytes >= *m.memsw_limit_bytes) {
      out.push_back({"memcg_swap_exhausted", CheckLevel::warn,
                     trf("The cgroup's memory+swap usage reached its {} memory+swap limit: its allowance for memory and "
                         "swap together was used up, so swapping out could not make room (the swap space itself "
                         "may not have been full).",
                         format_bytes(*m.memsw_limit_bytes)),
                     {{"memsw_usage_bytes", as_fig(*m.memsw_usage_bytes)}, {"memsw_limit_bytes", as_fig(*m.memsw_limit_bytes)}}});
    }
    // Beside the memsw limit: how often memory+swap hit it (`memory+swap: … failcnt N`).
    if (m.memsw_failcnt && out.size() > memsw_checks) out.back().figures.emplace_back("memsw_failcnt", as_fig(*m.memsw_failcnt));
  }
}

// warn_alloc()'s `page allocation stalls for Nms` before the report (OomEvent::alloc_stall): an allocation had
// waited that long in direct reclaim and compaction, retrying, before the OOM killer ran.
void alloc_stall(const OomEvent& e, std::vector<Check>& out) {
  if (!e.alloc_stall) return;
  const AllocStall& s = *e.alloc_stall;
  const std::string who = readable_comm(s.comm) ? s.comm : std::string(tr("a task"));
  const std::string order = s.order ? trf(", order {}", *s.order) : std::string();
  const std::string line = s.line ? trf(", line {}", *s.line) : std::string();
  Check c{"alloc_stall", CheckLevel::warn,
          trf("Before this report, {} had waited {} s for memory (`page allocation stalls for {}ms`{}{}): allocations "
              "were already stalling in reclaim, so the machine was thrashing or stalling before the OOM killer ran.",
              who, fmt::format("{:.1f}", static_cast<double>(s.stall_ms) / 1000.0), s.stall_ms, order, line),
          {{"stall_ms", as_fig(s.stall_ms)}}};
  if (s.order) c.figures.emplace_back("order", *s.order);
  out.push_back(std::move(c));
}

}  // namespace

int64_t as_figure(uint64_t v) {
  // Figures are emitted as JSON integers, which must stay within 2^53.
  constexpr uint64_t kMax = uint64_t{1} << 53;
  return static_cast<int64_t>(v > kMax ? kMax : v);
}

std::vector<Check> make_checks(const OomEvent& e, const ExplainContext& ctx) {
  std::vector<Check> out;
  add_cause_checks(e, ctx, out);
  // Swap and RAM hold user pages; lowmem is the kernel's.
  const bool lowmem = lowmem_exhaustion(e) || lowmem_unknown(e);
  // A memory.oom.group kill took every task of the cgroup, whatever each held: one victim's share says nothing.
  const bool group_kill = e.oom_group_memcg && e.victims.size() > 1;
  if (!lowmem && !group_kill) victim_vs_capacity(e, ctx, out);
  total_vm_vs_ram(e, ctx, out);
  pgtables(e, out);
  if (!lowmem) swap(e, out);
  alloc_stall(e, out);
  add_score_adj_check(e, out);
  add_task_checks(e, out);
  add_container_init_check(e, out);
  add_init_killed_check(e, out);
  add_memcg_limit_zero_check(e, out);
  add_userspace_killer_check(e, out);
  return out;
}

}  // namespace oomlens::detail
