// The one-sentence summary of an event (explain(): Explanation::summary).
// Each clause appears only when the event holds its figure.
#include <fmt/core.h>

#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/i18n.h"

namespace oomlens::detail {
namespace {

/// "python3 (pid 1)"; the name alone when no pid was printed (Linux 2.4).
std::string task_name(const std::string& comm, std::optional<int64_t> pid) {
  const std::string name = comm.empty() ? std::string(tr("a process")) : comm;
  return pid ? trf("{} (pid {})", name, *pid) : name;
}

/// "python3 (pid 1) was" / "python3 (pid 1) and 3 other processes were".
std::string victims_subject(const OomEvent& e) {
  if (e.victims.empty()) return tr("A process was");
  const Victim& first = e.victims.front();
  std::string s = task_name(first.comm, first.pid);
  const size_t others = e.victims.size() - 1;
  // ≤5.0 `Kill process N (comm) score S or sacrifice child`, then a kill of
  // another pid: oom_kill_process() killed a child of the selected process.
  if (others == 0 && !e.selected.empty() && e.selected.back().pid != first.pid) {
    const Selected& sel = e.selected.back();
    const std::string chosen = task_name(sel.comm, sel.pid);
    // vm.oom_kill_allocating_task: the kernel passes 0 as the score, it ranked nothing.
    const bool ranked = sel.score && !kills_allocating_task(e);
    // A lower pid is no child of the chosen task: the chosen one was a thread (corpus 327: in:imjournal, pid 663,
    // chosen; rsyslogd, pid 653, killed), and the kill line names its process, or a child of that process.
    if (killed_below_selected_pid(e))
      return ranked ? trf("{}, the process of the chosen task {} (pid {}, badness score {}) or a child of that process, "
                          "was",
                          s, sel.comm.empty() ? std::string(tr("a process")) : sel.comm, sel.pid, *sel.score)
                    : trf("{}, the process of the chosen task {} or a child of that process, was", s, chosen);
    return ranked ? trf("{}, sacrificed in place of {} with badness score {}, was", s, chosen, *sel.score)
                  : trf("{}, sacrificed in place of {}, was", s, chosen);
  }
  if (others == 0) return trf("{} was", s);
  return others == 1 ? trf("{} and {} other process were", s, others)
                     : trf("{} and {} other processes were", s, others);
}

std::string anon_clause(const OomEvent& e) {
  const auto total = victims_anon_total(e);
  if (!total) {
    // A kill line cut before its sizes (corpus 479: `anon-rss:` and nothing after) with the victim's task-table
    // row shown: the row's RSS (pages, all kinds: row_rss_bytes(), 6.8+'s rss_anon + rss_file + rss_shmem) and
    // swap entries say what it held.
    if (e.victims.size() != 1) return {};
    const Victim& v = e.victims.front();
    const TaskRow* row = row_of_pid(e, v.pid);
    const std::optional<uint64_t> rss = row ? row_rss_bytes(*row) : std::nullopt;
    if (v.anon_rss_bytes || !rss) return {};
    // Without the kill line's kB beside the row's pages, or a buddy list, the page size is a guess (4 KiB): say the
    // row's page count and that the bytes hang on it (corpus 553, a 16 KiB-page loongarch64 kernel: 4x too low).
    if (e.page_size_assumed)
      return trf("its task-table row shows {} pages resident, {} if a page is 4 KiB (the page size and the kill "
                 "line's sizes are not in the text)",
                 *rss / e.page_size_bytes.value_or(4096), format_bytes(*rss));
    return named_beside_anon(row->swap_bytes, *rss)
               ? trf("its task-table row shows {} resident and {} in swap (the kill line's sizes are not in the text)",
                     format_bytes(*rss), format_bytes(*row->swap_bytes))
               : trf("its task-table row shows {} resident (the kill line's sizes are not in the text)",
                     format_bytes(*rss));
  }
  if (e.victims.size() == 1) {
    // Mapped file pages or shared memory larger than the anonymous pages and 64 MiB or more (a database's mmap,
    // corpus 316; a database's shared buffers, corpus 176 postgres with 83.9 GiB shmem-rss): the kill line's other
    // half, without which "held 3.7 MiB" tells the wrong story.
    const Victim& v = e.victims.front();
    const bool file = named_beside_anon(v.file_rss_bytes, *total), shmem = named_beside_anon(v.shmem_rss_bytes, *total);
    // The victim's swap entries (its task-table row's swapents) beyond its anonymous RSS and 64 MiB or more: the
    // kill line prints none, yet the badness score counted them (corpus 448: python3, 292.9 MiB resident, 12.9 GiB
    // in swap).
    const TaskRow* row = row_of_pid(e, v.pid);
    const std::optional<uint64_t> swap = row ? row->swap_bytes : std::nullopt;
    const std::string swapped =
        named_beside_anon(swap, *total)
            ? trf(", and {} in swap (its task-table row's swapents, which the kernel's badness score counts as it "
                  "counts RSS)",
                  format_bytes(*swap))
            : std::string();
    if (file && shmem)
      return trf("the victim held {} anonymous memory, {} of mapped file pages (file-rss) and {} of shared memory "
                 "(shmem-rss)",
                 format_bytes(*total), format_bytes(*v.file_rss_bytes), format_bytes(*v.shmem_rss_bytes)) +
             swapped;
    // A kill line without shmem-rss (before Linux 4.5, corpus 856: a database's 65.8 GiB of shared memory) counts
    // the shared memory the victim mapped in its file-rss.
    if (file && !v.shmem_rss_bytes)
      return trf("the victim held {} anonymous memory and {} of mapped file pages or shared memory (file-rss, which "
                 "counts shmem where the kill line prints no shmem-rss, as before Linux 4.5)",
                 format_bytes(*total), format_bytes(*v.file_rss_bytes)) +
             swapped;
    if (file)
      return trf("the victim held {} anonymous memory and {} of mapped file pages (file-rss)", format_bytes(*total),
                 format_bytes(*v.file_rss_bytes)) +
             swapped;
    if (shmem)
      return trf("the victim held {} anonymous memory and {} of shared memory (shmem-rss)", format_bytes(*total),
                 format_bytes(*v.shmem_rss_bytes)) +
             swapped;
    return trf("the victim held {} anonymous memory", format_bytes(*total)) + swapped;
  }
  return trf("the victims held {} anonymous memory together", format_bytes(*total));
}

/// "its container /docker/3f2a… hit its 32.0 GiB limit"
std::string memcg_clause(const OomEvent& e) {
  std::string limit = tr("memory limit");
  std::string who = tr("memory cgroup");
  if (e.memcg) {
    if (const auto l = effective_limit_bytes(*e.memcg)) limit = trf("{} limit", format_bytes(*l));
    // v1: the memory+swap counter failed the charge, not the memory one.
    if (memsw_bound(*e.memcg))
      limit = trf("{} memory+swap limit (its memory was still under its {} limit)",
                  format_bytes(*e.memcg->memsw_limit_bytes), format_bytes(*effective_limit_bytes(*e.memcg)));
    if (e.memcg->oom_memcg && e.memcg->oom_memcg_maybe_child) {
      // The first stats block shown: the limit's cgroup's own block may be cut off before it.
      who = trf("{} (or a parent cgroup: the excerpt starts after the limit's own lines)",
                describe_cgroup(*e.memcg->oom_memcg, e.memcg->owner));
    } else if (e.memcg->oom_memcg) {
      who = describe_cgroup(*e.memcg->oom_memcg, e.memcg->owner);
    } else if (e.memcg->task_memcg) {
      // Only the victim's cgroup is known; the limit may be an ancestor's.
      who = trf("{} (or a parent cgroup)", describe_cgroup(*e.memcg->task_memcg, e.memcg->owner));
    }
  }
  // memory_max_write() (v1: mem_cgroup_resize_max()) called the OOM killer: nothing allocated past the limit.
  if (const char* file = limit_file_name(e.limit_lowered)) {
    const auto l = e.memcg ? effective_limit_bytes(*e.memcg) : std::nullopt;
    return l ? trf("a write to {} by {} set the limit of its {} to {}, below the memory it was using", file,
                   limit_writer(e), who, format_bytes(*l))
             : trf("a write to {} by {} set the limit of its {} below the memory it was using", file, limit_writer(e),
                   who);
  }
  return trf("its {} hit its {}", who, limit);
}

/// "the machine (15.7 GiB RAM, no swap) ran out of memory"
std::string machine_clause(const OomEvent& e, const ExplainContext& ctx) {
  if (const auto l = lowmem_exhaustion(e)) {
    if (l->cma_free_bytes > 0)
      return trf("the kernel's low memory ran out (the {} zone had {} free besides its CMA pages, under its min "
                 "watermark of {})",
                 l->zone, format_bytes(l->normal_free_bytes - std::min(l->normal_free_bytes, l->cma_free_bytes)),
                 format_bytes(l->normal_min_bytes));
    if (l->zone != "Normal")  // low memory all in ZONE_DMA (corpus 843)
      return trf("the kernel's low memory (the {} zone, {} free) ran out while {} of HighMem was free", l->zone,
                 format_bytes(l->normal_free_bytes), format_bytes(l->highmem_free_bytes));
    return trf("the kernel's low memory (the Normal zone, {} free) ran out while {} of HighMem was free",
                       format_bytes(l->normal_free_bytes), format_bytes(l->highmem_free_bytes));
  }
  std::vector<std::string> parts;
  if (const auto ram = machine_ram_bytes(e, ctx)) parts.push_back(trf("{} RAM", format_bytes(*ram)));
  if (e.mem_info && e.mem_info->total_swap_bytes) {
    const uint64_t total = *e.mem_info->total_swap_bytes;
    const auto free = e.mem_info->free_swap_bytes;
    if (total == 0 && e.mem_info->swapoff_unread_bytes)  // a swapoff running: its area out of the totals
      parts.push_back(trf("swap being turned off, {} still in it", format_bytes(*e.mem_info->swapoff_unread_bytes)));
    else if (total == 0) parts.emplace_back(tr("no swap"));
    else if (free && swap_exhausted(*free, total)) parts.push_back(trf("{} swap, full", format_bytes(total)));
    else if (free) parts.push_back(trf("{} of {} swap free", format_bytes(*free), format_bytes(total)));
    else parts.push_back(trf("{} swap", format_bytes(total)));
  }
  if (const auto l = lowmem_unknown(e); l && !e.pagefault_oom) {
    // User pages may live in HighMem: with GiBs of it free, only low memory can have run out, and the
    // report does not show it.
    std::string joined;
    for (const auto& p : parts) joined += (joined.empty() ? "" : tr(", ")) + p;
    const std::string what = l->lowmem_only_gfp
                                 ? trf("an allocation that may not use HighMem (gfp_mask={}) failed while {} of HighMem "
                                       "was free",
                                       *l->lowmem_only_gfp, format_bytes(l->highmem_free_bytes))
                                 : trf("an allocation failed while {} of HighMem was free", format_bytes(l->highmem_free_bytes));
    return joined.empty()
               ? trf("{}; the report prints no Normal zone line, so whether the kernel's low memory ran out is unknown",
                     what)
               : trf("{}; the report prints no Normal zone line, so whether the kernel's low memory ran out is unknown "
                     "(the machine: {})",
                     what, joined);
  }
  if (e.pagefault_oom) {
    // out_of_memory() from pagefault_out_of_memory(): a fault handler or a charge returned VM_FAULT_OOM.
    if (const auto f = pagefault_with_ram_free(e, ctx))
      return trf("a page fault failed with VM_FAULT_OOM while {} of the {} of RAM was free: the failure came from "
                 "the fault's own path (a driver or filesystem fault handler, or a cgroup's kernel-memory charge), "
                 "not from RAM running out", format_bytes(f->free_bytes), format_bytes(f->ram_bytes));
    if (!e.mem_info || !e.mem_info->free_bytes)
      return tr("a page fault failed with VM_FAULT_OOM (the log does not show whether RAM had run out)");
    // Free memory printed, RAM not (a Mem-Info block cut before its `pages RAM` line): the free figure alone
    // cannot say that RAM ran out, and the fault's own path may have failed (corpus 496: 2.2 GiB free).
    if (!machine_ram_bytes(e, ctx))
      return trf("a page fault failed with VM_FAULT_OOM while {} was free (the report does not print the RAM, so "
                 "whether RAM had run out is not shown; the fault's own path may have failed: a driver's or filesystem's "
                 "fault handler, or a cgroup's kernel-memory charge)",
                 format_bytes(*e.mem_info->free_bytes));
  }
  if (const auto n = order0_zone_not_exhausted(e)) {
    // Free above the watermark right after the failure: the allocation could have been served when the report
    // was printed, so "ran out" is no fact (corpus 621: DMA 6.6 MiB free, high 1.1 MiB, on a 32 MiB ARM board).
    std::string joined;
    for (const auto& p : parts) joined += (joined.empty() ? "" : tr(", ")) + p;
    const std::string where = global_unconfirmed(e) || global_unproven(e)
                                  ? std::string(tr(", machine-wide or within a cpuset or NUMA memory-policy limit (the "
                                                   "report does not tell which),"))
                                  : std::string();
    const std::string mark = n->high_bytes ? trf("above its high watermark ({})", format_bytes(*n->high_bytes))
                                           : trf("above its min watermark ({})", format_bytes(n->min_bytes));
    const std::string said = trf("an order-0 allocation failed{} although Mem-Info, printed right after, shows the {} "
                                 "zone, the highest it could use, with {}, {}: memory had not run out when the "
                                 "report was printed",
                                 where, n->zone, zone_free_said(*n), mark);
    return joined.empty() ? said : trf("{} (the machine: {})", said, joined);
  }
  const auto high = high_order_unexhausted(e);
  if (global_unconfirmed(e)) {
    // out_of_memory() from the page allocator, nothing else: cpuset and
    // mempolicy OOMs take that path too.
    if (high)
      return trf("no free block of {} was found for an order-{} allocation, machine-wide or within a cpuset or NUMA "
                 "memory-policy limit (memory ran out or was too fragmented; the call trace does not tell which)",
                 block_size_text(*high), high->order);
    return tr("memory ran out, machine-wide or within a cpuset or NUMA memory-policy limit (the call trace does not "
              "tell which)");
  }
  std::string joined;
  for (const auto& p : parts) joined += (joined.empty() ? "" : tr(", ")) + p;
  if (global_unproven(e)) {
    // An `Out of memory:` kill line or a Mem-Info block: printed for cpuset
    // and mempolicy OOMs too.
    // Zone lines that show no zone at its min watermark: the sentence says what the high_order_allocation check
    // says (corpus 507, 509: "ran out or was too fragmented" beside the check's "no zone at its min watermark").
    if (high && high->meminfo)
      return trf("no free block of {} was found for an order-{} allocation, machine-wide or within a cpuset or NUMA "
                 "memory-policy limit (the report does not tell which; Mem-Info shows no zone at its min watermark, "
                 "so free memory may have been too fragmented rather than used up)",
                 block_size_text(*high), high->order);
    if (high)
      return trf("no free block of {} was found for an order-{} allocation, machine-wide or within a cpuset or NUMA "
                 "memory-policy limit (memory ran out or was too fragmented; the report does not tell which)",
                 block_size_text(*high), high->order);
    if (parts.empty())
      return tr("memory ran out, machine-wide or within a cpuset or NUMA memory-policy limit (the report does not "
                "tell which)");
    return trf("memory ran out, machine-wide or within a cpuset or NUMA memory-policy limit (the report does not "
               "tell which; the machine: {})", joined);
  }
  if (high) {
    // An order ≥ 1 block can fail with memory free but fragmented: say
    // "ran out" only when Mem-Info shows an exhausted zone, and with zone lines that show none, say what the
    // high_order_allocation check says.
    if (high->meminfo)
      return parts.empty() ? trf("the machine had no free block of {} for an order-{} allocation (Mem-Info shows no "
                                 "zone at its min watermark: free memory may have been too fragmented rather than "
                                 "used up)", block_size_text(*high), high->order)
                           : trf("the machine ({}) had no free block of {} for an order-{} allocation (Mem-Info shows "
                                 "no zone at its min watermark: free memory may have been too fragmented rather than "
                                 "used up)", joined, block_size_text(*high), high->order);
    return parts.empty() ? trf("the machine had no free block of {} for an order-{} allocation (memory ran out or "
                               "was too fragmented)", block_size_text(*high), high->order)
                         : trf("the machine ({}) had no free block of {} for an order-{} allocation (memory ran out "
                               "or was too fragmented)", joined, block_size_text(*high), high->order);
  }
  if (parts.empty()) return tr("the machine ran out of memory");
  return trf("the machine ({}) ran out of memory", joined);
}

std::string join_sentence(std::string main, const std::string& tail) {
  if (!tail.empty()) main += tr("; ") + tail;
  return main + tr(".");
}

/// "the OOM killer"; `capital`: "The OOM killer" (a sentence's start).
std::string killer_name(const std::optional<Constraint>& c, bool capital = false) {
  if (!c) return capital ? tr("The OOM killer") : tr("the OOM killer");
  switch (*c) {
    case Constraint::memcg: return capital ? tr("The memory-cgroup OOM killer") : tr("the memory-cgroup OOM killer");
    case Constraint::global:
      return capital ? tr("The kernel's global OOM killer") : tr("the kernel's global OOM killer");
    case Constraint::cpuset: return capital ? tr("The OOM killer (cpuset)") : tr("the OOM killer (cpuset)");
    case Constraint::mempolicy:
      return capital ? tr("The OOM killer (NUMA memory policy)") : tr("the OOM killer (NUMA memory policy)");
  }
  return tr("the OOM killer");
}

/// The constraint to name the killer by: no "global" when the report does
/// not prove it (a cpuset or mempolicy OOM prints the same lines).
std::optional<Constraint> proven_constraint(const OomEvent& e) {
  return global_unproven(e) ? std::nullopt : e.constraint;
}

std::string constraint_clause(const OomEvent& e, const ExplainContext& ctx) {
  if (!e.constraint) {
    if (const auto ub = openvz_beancounter(e))
      return trf("OpenVZ/Virtuozzo container {} hit its own memory limits (its user beancounter: `Out of memory in UB "
                 "{}`), not the whole machine", *ub, *ub);
    // `Out of Memory: Killed process` (Linux 2.2 to early 2.6): no memory cgroups yet, so no cgroup's limit.
    if (pre_memcg_kill(e))
      return tr("the machine ran out of memory (the kernels that print `Out of Memory: Killed process`, Linux 2.2, "
                "2.4 and early 2.6, had no memory cgroups)");
    return tr("the log does not say whether a cgroup limit or the whole machine ran out");
  }
  switch (*e.constraint) {
    case Constraint::memcg: return memcg_clause(e);
    case Constraint::global: return machine_clause(e, ctx);
    case Constraint::cpuset: {
      const auto& mems = e.trigger ? e.trigger->mems_allowed : std::nullopt;
      if (const auto free = movable_only_free(e))  // nothing ran out: the nodes hold only Movable zones
        return mems ? trf("the allocating task's cpuset allows only memory nodes (mems_allowed={}) whose Movable "
                          "zones ({} free) this allocation may not use", *mems, format_bytes(*free))
                    : trf("the allocating task's cpuset allows only memory nodes whose Movable zones ({} free) "
                          "this allocation may not use", format_bytes(*free));
      return mems ? trf("the memory nodes the allocating task's cpuset allows (mems_allowed={}) ran out", *mems)
                  : std::string(tr("the memory nodes the allocating task's cpuset allows ran out"));
    }
    case Constraint::mempolicy:
      return tr("the NUMA nodes its memory policy allows ran out (other nodes may have had free memory)");
  }
  return {};
}

std::string kill_summary(const OomEvent& e, const ExplainContext& ctx) {
  const std::string subject = victims_subject(e);
  if (e.sysrq) {
    // A person's or a watchdog's decision, never a limit's; when Mem-Info shows the machine thrashing, that is
    // the likely reason it was forced (corpus 152: no swap, 96.6 MiB of page cache left of 31.9 GiB).
    if (const auto t = thrashing(e))
      return join_sentence(trf("{} killed by an OOM kill forced through SysRq-f, a person's or a watchdog's decision, "
                               "while the machine was thrashing ({}), which is likely why it was forced",
                               subject, thrashing_words(*t)),
                           anon_clause(e));
    return join_sentence(trf("{} killed by an OOM kill forced through SysRq-f, a person's or a watchdog's decision, "
                             "which does not by itself mean memory ran out",
                             subject),
                         anon_clause(e));
  }
  if (linux24_fault_kill(e) && e.constraint == Constraint::global)
    return join_sentence(trf("{} killed by the kernel because its page fault found no free memory (Linux 2.4's `VM: "
                             "killing process`): the machine ran out of memory (Linux 2.4 had no memory cgroups, "
                             "cpusets or NUMA memory policies)", subject),
                         anon_clause(e));
  const std::string sep = e.constraint || openvz_beancounter(e) || pre_memcg_kill(e) ? tr(": ") : tr("; ");
  return join_sentence(trf("{} killed by {}", subject, killer_name(proven_constraint(e))) + sep +
                           constraint_clause(e, ctx),
                       anon_clause(e));
}

std::string selected_summary(const OomEvent& e, const ExplainContext& ctx) {
  std::string context = e.constraint ? trf(" after {}", constraint_clause(e, ctx)) : std::string();
  if (e.selected.empty())
    return trf("{} ran{}, but the log ends before any process was killed.", killer_name(proven_constraint(e), true),
               context);
  std::string killer = killer_name(proven_constraint(e));
  const Selected& s = e.selected.back();
  // vm.oom_kill_allocating_task prints score 0 for the allocating task: no badness score, nothing to quote.
  const std::string score = s.score && !kills_allocating_task(e) ? trf(" (score {})", *s.score) : std::string();
  return trf("{} was selected by {}{}{}, but the log has no line saying it was killed.",
                     task_name(s.comm, s.pid), killer, score, context);
}

std::string no_killable_summary(const OomEvent& e) {
  std::string where;
  if (e.constraint == Constraint::memcg && e.memcg) {
    if (const auto path = limit_cgroup_path(*e.memcg)) where = trf(" in its {}", describe_cgroup(*path, e.memcg->owner));
  }
  // A panic is no proof of a global OOM (no_killable_global_unproven()): say what it does prove.
  const bool unproven = no_killable_global_unproven(e);
  if (unproven)
    where = tr(" (machine-wide or within a cpuset or NUMA memory-policy limit: the report does not tell which)");
  std::string s = trf("{} found no process it was allowed to kill{}",
                      killer_name(unproven ? std::nullopt : e.constraint, true), where);
  if (e.panic_message) s += trf(", so the kernel panicked (\"{}\")", *e.panic_message);
  return s + tr(".");
}

std::string panic_summary(const OomEvent& e) {
  const std::string msg = e.panic_message ? trf(" (\"{}\")", *e.panic_message) : std::string();
  const bool panic_on_oom = e.panic_message && e.panic_message->find("panic_on_oom") != std::string::npos;
  if (e.sysrq && panic_on_oom)
    return trf("An OOM forced through SysRq-f (a person's or a watchdog's decision) made the kernel panic{} instead "
               "of killing a process, because vm.panic_on_oom is set.", msg);
  if (panic_on_oom)
    return trf("The kernel panicked{} instead of killing a process, because vm.panic_on_oom is set.", msg);
  return trf("The kernel panicked during the OOM{}; no process was killed.", msg);
}

/// A header without any outcome: say what ran out when known, and that the
/// log stops before saying what the killer did.
std::string incomplete_summary(const OomEvent& e, const ExplainContext& ctx) {
  std::string who;
  const bool named = e.trigger && !e.trigger->comm.empty();
  // A kernel thread (kswapd0, kworker/…) allocates for the kernel's own work: it is named as such, never as if
  // its allocation were what used the memory (corpus 157, 242, 340, 375).
  if (named && e.limit_lowered == LimitWrite::none && kernel_thread_comm(e.trigger->comm))
    who = e.trigger->pid ? trf(" (invoked by the kernel thread {}, pid {}{}, for the kernel's own work, not a "
                               "process's)", e.trigger->comm, *e.trigger->pid, kernel_work_clause(*e.trigger))
                         : trf(" (invoked by the kernel thread {}{}, for the kernel's own work, not a process's)",
                               e.trigger->comm, kernel_work_clause(*e.trigger));
  else if (named && e.limit_lowered == LimitWrite::none)  // else the clause names the writer
    who = e.trigger->pid ? trf(" (invoked by {}, pid {})", e.trigger->comm, *e.trigger->pid)
                         : trf(" (invoked by {})", e.trigger->comm);
  const std::string killer = killer_name(proven_constraint(e), true);
  if (e.sysrq) {
    // A person's or a watchdog's decision; the kworker that runs moom_callback() is no allocating process.
    const auto t = thrashing(e);
    const std::string state = t ? trf(" while the machine was thrashing ({})", thrashing_words(*t)) : std::string();
    if (!named)
      return trf("{} was forced through SysRq-f, a person's or a watchdog's decision{}, but the log ends before "
                 "saying whether a process was killed.",
                 killer, state);
    // One parenthesis: "from kworker/0:3, pid 3997", never "(… (pid 3997))".
    const std::string from = e.trigger->pid ? trf("{}, pid {}", e.trigger->comm, *e.trigger->pid) : e.trigger->comm;
    return trf("{} was forced through SysRq-f, a person's or a watchdog's decision (the kernel ran it from {}){}, but "
               "the log ends before saying whether a process was killed.",
               killer, from, state);
  }
  const std::string why = e.constraint ? trf(" because {}", constraint_clause(e, ctx)) : std::string();
  // 5.0+ `oom-kill:…,task=X,pid=N`: the killer's choice is printed, its kill line is not in the text.
  if (e.chosen)
    return trf("{} chose {} to kill{}{}, but the kill line (`Killed process …`) is not in the text: the log does not "
               "show whether it was killed.", killer, task_name(e.chosen->comm, e.chosen->pid), who, why);
  return trf("{} ran{}{}, but the log ends before saying whether a process was killed.", killer, who, why);
}

}  // namespace

std::string make_summary(const OomEvent& e, const ExplainContext& ctx) {
  switch (e.kind) {
    case EventKind::kill: return kill_summary(e, ctx);
    case EventKind::selected_no_kill: return selected_summary(e, ctx);
    case EventKind::no_killable: return no_killable_summary(e);
    case EventKind::panic: return panic_summary(e);
    case EventKind::incomplete: return incomplete_summary(e, ctx);
  }
  return tr("An OOM report of an unknown kind.");
}

}  // namespace oomlens::detail
