#include "diagnose/explain.h"

#include <algorithm>
#include <map>

#include <fmt/core.h>

#include "diagnose/explain_detail.h"
#include "util/ascii.h"
#include "util/format.h"
#include "util/i18n.h"
#include "util/text.h"

namespace oomlens {

// Sizes beyond 2^53 bytes (8 PiB) are page_counter's PAGE_COUNTER_MAX
// sentinel (9007199254740988 kB on 64-bit) or res_counter's, never a real limit.
constexpr uint64_t kMaxRealBytes = uint64_t{1} << 53;

std::optional<uint64_t> effective_limit_bytes(const MemcgInfo& memcg) {
  if (memcg.limit_state != LimitState::limited || !memcg.limit_bytes) return std::nullopt;
  if (*memcg.limit_bytes == 0 || *memcg.limit_bytes > kMaxRealBytes) return std::nullopt;
  return memcg.limit_bytes;
}

const char* limit_file_name(LimitWrite write) {
  switch (write) {
    case LimitWrite::memory_max: return "memory.max";
    case LimitWrite::limit_in_bytes: return "memory.limit_in_bytes";
    case LimitWrite::none: break;
  }
  return nullptr;
}

std::optional<uint64_t> machine_ram_bytes(const OomEvent& event, const ExplainContext& context) {
  if (event.mem_info && event.mem_info->ram_bytes && *event.mem_info->ram_bytes > 0)
    return event.mem_info->ram_bytes;
  if (context.mem_total_bytes && *context.mem_total_bytes == 0) return std::nullopt;  // unknown, never 0
  return context.mem_total_bytes;
}

Explanation explain(const OomEvent& event, const ExplainContext& context) {
  Explanation out;
  out.summary = detail::make_summary(event, context);
  out.checks = detail::make_checks(event, context);
  out.advice = detail::make_advice(event, out.checks, context);
  return out;
}

namespace detail {

const Victim* main_victim(const OomEvent& event) {
  const Victim* best = nullptr;
  for (const Victim& v : event.victims) {
    if (!best) best = &v;
    else if (v.anon_rss_bytes && (!best->anon_rss_bytes || *v.anon_rss_bytes > *best->anon_rss_bytes))
      best = &v;
  }
  return best;
}

std::optional<uint64_t> victims_anon_total(const OomEvent& event) {
  if (event.victims.empty()) return std::nullopt;
  uint64_t total = 0;
  for (const Victim& v : event.victims) {
    if (!v.anon_rss_bytes) return std::nullopt;
    total += *v.anon_rss_bytes;
  }
  return total;
}

std::string describe_cgroup(const std::string& path, const std::optional<CgroupOwner>& owner) {
  const std::string shown = shorten_ids(path);
  if (!owner) return trf("cgroup {}", shown);
  const CgroupOwner& o = *owner;
  if (o.kind == "kubernetes" && o.pod_name) {  // looked up in the runtime's state (diagnose/owner_lookup.h)
    const std::string pod = o.pod_namespace ? *o.pod_namespace + "/" + *o.pod_name : *o.pod_name;
    std::string detail = o.runtime.value_or("kubernetes");
    if (o.image) detail += trf(", image {}", *o.image);
    if (o.container_id) detail += trf(", id {}", o.container_id->substr(0, 12));
    if (o.name) return trf("Kubernetes container {} of pod {} ({})", *o.name, pod, detail);
    if (o.sandbox) return trf("Kubernetes sandbox container of pod {} ({})", pod, detail);
    return trf("Kubernetes pod {}{}", pod, o.pod_uid ? trf(" (uid {})", *o.pod_uid) : std::string());
  }
  if (o.name)  // looked up in the runtime's state (diagnose/owner_lookup.h)
    return trf("container {} ({}{}{})", *o.name, o.kind, o.image ? trf(", image {}", *o.image) : std::string(),
               o.container_id ? trf(", id {}", o.container_id->substr(0, 12)) : std::string());
  if (o.kind == "docker" || o.kind == "podman" || o.kind == "containerd" || o.kind == "lxc")
    return trf("container {}", shown);
  if (o.kind == "kubernetes") {
    // No parentheses: a sentence may add its own after the name (`(or a parent cgroup)`).
    if (o.container_id && o.pod_uid)
      return trf("Kubernetes container {} of pod {}", shorten_ids(*o.container_id), *o.pod_uid);
    if (o.container_id) return trf("Kubernetes container {}", shorten_ids(*o.container_id));
    if (o.pod_uid) return trf("Kubernetes pod {}", *o.pod_uid);
    return trf("Kubernetes cgroup {}", shown);
  }
  if (o.kind == "slurm") {
    if (!o.job_id) return trf("Slurm job {}", o.id);
    std::string who;
    if (o.user) who = trf("user {}", *o.user);
    if (o.uid) who += who.empty() ? trf("uid {}", *o.uid) : trf(", uid {}", *o.uid);
    // "J.S": the step's own cgroup; "J" with a step: the job's limit, the
    // victim in that step (decode_memcg_owner).
    const bool step_cgroup = o.step && o.id != *o.job_id;
    if (o.step && !step_cgroup) who = trf("step {}", *o.step) + (who.empty() ? "" : tr(", ") + who);
    return trf("Slurm job {}{}{}", *o.job_id, step_cgroup ? trf(" step {}", *o.step) : std::string(),
               who.empty() ? std::string() : trf(" ({})", who));
  }
  if (o.kind == "systemd") {
    if (o.id.ends_with(".service")) return trf("systemd service {}", o.id);
    if (o.id.ends_with(".scope")) return trf("systemd scope {}", o.id);
    return trf("systemd slice {}", o.id);
  }
  return trf("cgroup {}", shown);
}

std::optional<std::string> limit_cgroup_path(const MemcgInfo& memcg) {
  if (memcg.oom_memcg) return memcg.oom_memcg;
  return memcg.task_memcg;
}

std::optional<uint64_t> row_rss_bytes(const TaskRow& row) {
  if (row.rss_bytes) return row.rss_bytes;
  if (row.rss_anon_bytes && row.rss_file_bytes && row.rss_shmem_bytes)
    return *row.rss_anon_bytes + *row.rss_file_bytes + *row.rss_shmem_bytes;
  return std::nullopt;
}

const TaskRow* outranking_row(const OomEvent& event, const Victim& victim, uint64_t held_bytes) {
  if (!victim.oom_score_adj) return nullptr;
  // The victim's own row must show all oom_badness() counts (rss, swapents, page tables): a victim ranks through
  // swap entries or page tables its kill line does not print.
  const TaskRow* own = row_of_pid(event, victim.pid);
  const std::optional<uint64_t> own_rss = own ? row_rss_bytes(*own) : std::nullopt;
  if (!own_rss || !own->swap_bytes || !own->pgtables_bytes) return nullptr;
  const uint64_t victim_counts = std::max(held_bytes, *own_rss + *own->swap_bytes + *own->pgtables_bytes);
  const TaskRow* best = nullptr;
  uint64_t best_rss = 0;
  for (const TaskRow& row : event.tasks) {
    if (victim.pid && (row.pid == *victim.pid || row.tgid == victim.pid)) continue;
    const std::optional<uint64_t> rss = row_rss_bytes(row);
    if (!rss || !row.oom_score_adj || *row.oom_score_adj < *victim.oom_score_adj) continue;
    if (*rss < 2 * victim_counts || *rss < victim_counts + kMiB || *rss <= best_rss) continue;
    best = &row;
    best_rss = *rss;
  }
  return best;
}

std::optional<uint64_t> tasks_rss_bytes(const OomEvent& event) {
  uint64_t sum = 0;
  for (const TaskRow& row : event.tasks) {
    const std::optional<uint64_t> rss = row_rss_bytes(row);
    if (!rss) return std::nullopt;
    sum += *rss;
  }
  return sum;
}

std::optional<uint64_t> victim_held_bytes(const Victim& victim) {
  if (!victim.anon_rss_bytes || !victim.file_rss_bytes) return std::nullopt;
  return *victim.anon_rss_bytes + *victim.file_rss_bytes + victim.shmem_rss_bytes.value_or(0);
}

const TaskRow* row_of_pid(const OomEvent& event, std::optional<int64_t> pid) {
  if (!pid) return nullptr;
  for (const TaskRow& row : event.tasks)
    if (row.pid == *pid || row.tgid == *pid) return &row;
  return nullptr;
}

std::vector<CommGroup> group_tasks_by_comm(const OomEvent& event) {
  std::map<std::string, CommGroup> by_comm;
  for (const TaskRow& row : event.tasks) {
    const std::optional<uint64_t> rss = row_rss_bytes(row);
    if (!rss) continue;
    // dump_tasks() prints one row per process (the row's pid may be any of
    // its threads, find_lock_task_mm()), so rows are not double-counted threads.
    CommGroup& g = by_comm[row.comm];
    g.comm = row.comm;
    g.count += 1;
    g.rss_bytes += *rss;
    g.swap_bytes += row.swap_bytes.value_or(0);
    if (g.count == 1 || *rss > g.top_rss_bytes) {
      g.top_pid = row.pid;
      g.top_rss_bytes = *rss;
    }
  }
  std::vector<CommGroup> groups;
  for (auto& [_, g] : by_comm) groups.push_back(g);
  std::stable_sort(groups.begin(), groups.end(),
                   [](const CommGroup& a, const CommGroup& b) { return a.rss_bytes > b.rss_bytes; });
  return groups;
}

bool swap_exhausted(uint64_t free_bytes, uint64_t total_bytes) {
  return total_bytes > 0 && free_bytes * 100 < total_bytes;
}

bool is_python(const std::string& comm) { return comm.starts_with("python") || comm.starts_with("pt_"); }

bool kernel_thread_comm(std::string_view comm) {
  // The kernel's own threads that allocate on no process's behalf. A digit-suffixed name (kswapd0, kcompactd1) or a
  // slash-suffixed one (kworker/2:2, ksoftirqd/0, 2.6's events/0 and pdflush); khugepaged and kthreadd alone.
  const auto numbered = [&](std::string_view stem) {
    return comm.starts_with(stem) && text::all_digits(comm.substr(stem.size()));
  };
  for (std::string_view stem : {"kworker/", "ksoftirqd/", "events/", "kblockd/", "jbd2/"})
    if (comm.starts_with(stem) && comm.size() > stem.size()) return true;
  return numbered("kswapd") || numbered("kcompactd") || numbered("kdamond.") || comm == "khugepaged" ||
         comm == "kthreadd" || comm == "pdflush" || comm == "kswapd";
}

std::string kernel_work_clause(const Trigger& t) {
  if (!t.workqueue || !t.work_function) return {};
  return trf(", running work item {} of workqueue {}", *t.work_function, *t.workqueue);
}

std::optional<Thrashing> thrashing(const OomEvent& e) {
  if (!e.mem_info || !e.mem_info->total_swap_bytes) return std::nullopt;
  const MemInfo& m = *e.mem_info;
  Thrashing t;
  t.swap_total_bytes = *m.total_swap_bytes;
  if (t.swap_total_bytes > 0) {
    if (!m.free_swap_bytes || !swap_exhausted(*m.free_swap_bytes, t.swap_total_bytes)) return std::nullopt;
    t.swap_free_bytes = *m.free_swap_bytes;
  }
  for (const Zone& z : m.zones) {
    if (!z.free_bytes || !z.min_bytes || *z.min_bytes == 0 || z.managed_bytes == std::optional<uint64_t>(0)) continue;
    if (*z.free_bytes <= *z.min_bytes) {
      t.zone = z.name;
      t.zone_free_bytes = *z.free_bytes;
      t.zone_min_bytes = *z.min_bytes;
      break;
    }
  }
  // The page cache reclaim had left: with anonymous memory stuck, the file LRU is all it can drop, down to the
  // pages of the programs running (corpus 152: 96.6 MiB of 31.9 GiB, with no zone at its min).
  if (m.active_file_bytes && m.inactive_file_bytes && m.ram_bytes && *m.ram_bytes > 0) {
    const uint64_t file = *m.active_file_bytes + *m.inactive_file_bytes;
    if (file < *m.ram_bytes / 100) {
      t.file_bytes = file;
      t.ram_bytes = *m.ram_bytes;
    }
  }
  if (!t.zone && !t.file_bytes) return std::nullopt;
  return t;
}

std::string thrashing_words(const Thrashing& t) {
  std::string s = t.swap_total_bytes == 0 ? std::string(tr("no swap"))
                                          : trf("swap full ({} free of {})", format_bytes(*t.swap_free_bytes),
                                                format_bytes(t.swap_total_bytes));
  if (t.zone)
    s += trf(", the {} zone's free memory ({}) at or under its min watermark ({})", *t.zone,
             format_bytes(t.zone_free_bytes), format_bytes(t.zone_min_bytes));
  if (t.file_bytes)
    s += trf(", the page cache on the file LRU lists down to {}, {} % of the {} of RAM",
             format_bytes(*t.file_bytes), fmt::format("{:.1f}", static_cast<double>(*t.file_bytes) * 100.0 /
                                                                     static_cast<double>(t.ram_bytes)),
             format_bytes(t.ram_bytes));
  return s;
}

/// A 4.9–4.18 header whose task is in the root cpuset (`cpuset=/`: every node) and whose allocation had no
/// nodemask (`nodemask=(null)`: no memory policy bound it): constrained_alloc() found neither a cpuset nor a
/// mempolicy limit, CONSTRAINT_NONE (corpus 715, its Mem-Info elided by the poster).
namespace {
bool root_cpuset_no_nodemask(const OomEvent& e) {
  return e.trigger && e.trigger->cpuset == "/" && e.trigger->nodemask == "(null)";
}
}  // namespace

bool global_unconfirmed(const OomEvent& e) {
  // A memcg block in a global report is a `Task in X killed as a result of limit of host` line (Alibaba Cloud
  // Linux) or a summary's task_memcg: a line, not the call trace, said so.
  return e.constraint == Constraint::global && !e.sysrq && !e.constraint_printed && !e.pagefault_oom && !e.reclaim_oom &&
         !e.mem_info && !root_cpuset_no_nodemask(e) &&
         !e.memcg && e.victims.empty() && e.selected.empty() && !e.panic_message;
}

namespace {

/// `mems_allowed=0-1,3` holds every node of a Mem-Info zone with memory;
/// false when either is unknown.
bool mems_cover_memory_nodes(const OomEvent& e) {
  if (!e.trigger || !e.trigger->mems_allowed || !e.mem_info) return false;
  std::vector<std::pair<long, long>> ranges;
  std::string_view list = *e.trigger->mems_allowed;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    const std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    const size_t dash = item.find('-');
    const auto lo = text::parse_u64(item.substr(0, dash));
    const auto hi = dash == std::string_view::npos ? lo : text::parse_u64(item.substr(dash + 1));
    if (!lo || !hi) return false;
    ranges.emplace_back(static_cast<long>(*lo), static_cast<long>(*hi));
  }
  bool any = false;
  for (const Zone& z : e.mem_info->zones) {
    if (z.managed_bytes.value_or(0) == 0) continue;  // a node without memory is never required
    any = true;
    const bool in = std::any_of(ranges.begin(), ranges.end(),
                                [&](const auto& r) { return r.first <= z.node && z.node <= r.second; });
    if (!in) return false;
  }
  return any;
}

}  // namespace

bool linux24_fault_kill(const OomEvent& e) {
  if (e.kind != EventKind::kill || e.victims.empty()) return false;
  // 2.4's line names the task only; a kill line whose pid the writer masked prints its sizes (corpus 731).
  return std::all_of(e.victims.begin(), e.victims.end(),
                     [](const Victim& v) { return !v.pid && !v.total_vm_bytes && !v.anon_rss_bytes && !v.message; });
}

bool pre_memcg_kill(const OomEvent& e) {
  if (e.kind != EventKind::kill || e.victims.empty()) return false;
  if (linux24_fault_kill(e)) return true;
  return std::all_of(e.victims.begin(), e.victims.end(),
                     [](const Victim& v) { return v.message && *v.message == "Out of Memory"; });
}

std::optional<std::string> openvz_beancounter(const OomEvent& e) {
  constexpr std::string_view kUb = "Out of memory in UB ";
  if (e.kind != EventKind::kill) return std::nullopt;
  for (const Victim& v : e.victims)
    if (v.message && v.message->starts_with(kUb)) return v.message->substr(kUb.size());
  return std::nullopt;
}

std::optional<FaultWithRamFree> pagefault_with_ram_free(const OomEvent& e, const ExplainContext& ctx) {
  if (!e.pagefault_oom || !e.mem_info || !e.mem_info->free_bytes) return std::nullopt;
  const auto ram = machine_ram_bytes(e, ctx);
  if (!ram || *e.mem_info->free_bytes * 10 < *ram) return std::nullopt;
  return FaultWithRamFree{*e.mem_info->free_bytes, *ram};
}


bool global_unproven(const OomEvent& e) {
  if (e.constraint != Constraint::global || e.sysrq || e.panic_message) return false;
  if (root_cpuset_no_nodemask(e)) return false;
  if (linux24_fault_kill(e)) return false;  // 2.4: no cpusets, no memory policies
  if (e.constraint_printed) return false;  // 4.19+ oom-kill: constraint=CONSTRAINT_NONE
  if (e.pagefault_oom) return false;       // a fault's OOM has no zonelist: CONSTRAINT_NONE
  if (e.reclaim_oom) return false;         // kswapd's MGLRU aging: no zonelist either
  return !mems_cover_memory_nodes(e);
}

bool no_killable_global_unproven(const OomEvent& e) {
  if (e.kind != EventKind::no_killable || e.constraint != Constraint::global || e.sysrq) return false;
  if (e.constraint_printed || mems_cover_memory_nodes(e) || root_cpuset_no_nodemask(e)) return false;
  // `Out of memory: system-wide panic_on_oom is enabled` names the machine.
  return !(e.panic_message && e.panic_message->find("system-wide") != std::string::npos);
}

std::optional<HighOrder> high_order_unexhausted(const OomEvent& e) {
  if (e.sysrq || !e.trigger || !e.trigger->order || *e.trigger->order < 1) return std::nullopt;
  if (!e.constraint || *e.constraint == Constraint::memcg) return std::nullopt;  // a charge has no order to fragment
  const int order = *e.trigger->order;
  if (order > 20) return std::nullopt;  // MAX_ORDER is 10-12: not a real order
  bool zones_read = false;
  if (e.mem_info) {
    // DMA is left out where other lowmem zones hold the memory (x86's 16 MB DMA sits behind lowmem_reserve); a
    // machine whose only lowmem zone is DMA (32-bit powerpc boards: all RAM in ZONE_DMA, corpus 507) is read by it.
    bool other_lowmem = false;
    for (const Zone& z : e.mem_info->zones)
      other_lowmem = other_lowmem || (z.name != "DMA" && z.name != "HighMem" && z.free_bytes && z.min_bytes);
    for (const Zone& z : e.mem_info->zones) {
      if ((z.name == "DMA" && other_lowmem) || z.name == "HighMem" || !z.free_bytes || !z.min_bytes) continue;
      if (*z.free_bytes * 4 <= *z.min_bytes * 5) return std::nullopt;  // at its min watermark: exhausted
      zones_read = true;
    }
  }
  // An assumed page size (4096) would claim a block size the log does not give.
  std::optional<uint64_t> bytes;
  if (e.page_size_bytes && !e.page_size_assumed) bytes = *e.page_size_bytes << order;
  return HighOrder{order, bytes, zones_read};
}

std::string block_size_text(const HighOrder& high) {
  if (high.bytes) return format_bytes(*high.bytes);
  return trf("{} pages (the page size is not in the log)", uint64_t{1} << high.order);
}

bool named_beside_anon(const std::optional<uint64_t>& bytes, uint64_t anon_bytes) {
  constexpr uint64_t kNamedBytes = uint64_t{64} << 20;
  return bytes && *bytes > anon_bytes && *bytes >= kNamedBytes;
}

bool memsw_bound(const MemcgInfo& m) {
  const auto limit = effective_limit_bytes(m);
  if (!limit || !m.usage_bytes || !m.memsw_limit_bytes || !m.memsw_usage_bytes) return false;
  if (*m.memsw_limit_bytes > kMaxRealBytes || *m.memsw_limit_bytes <= *limit) return false;
  return *m.memsw_usage_bytes >= *m.memsw_limit_bytes && *m.usage_bytes < *limit;
}

bool task_table_whole(const OomEvent& e) {
  // Rows without the table's header line are lines someone kept (`dmesg | grep mysql`, corpus 751), not the table.
  if (!e.trigger || e.tasks_dropped > 0 || e.tasks.empty() || e.tasks_header_missing) return false;
  for (const TaskRow& row : e.tasks)
    if (!readable_comm(row.comm)) return false;
  // dump_tasks() lists every candidate, so each victim has a row: one
  // without is in rows the poster elided (`[...]`, corpus 280).
  for (const Victim& v : e.victims)
    if (v.pid && !row_of_pid(e, v.pid)) return false;
  return true;
}

bool training_evidence(const OomEvent& e) {
  auto torch = [](const std::string& comm) { return comm.starts_with("pt_") || comm.starts_with("torchrun"); };
  for (const Victim& v : e.victims)
    if (torch(v.comm)) return true;
  if (e.trigger && torch(e.trigger->comm)) return true;
  for (const TaskRow& row : e.tasks)
    if (torch(row.comm)) return true;
  for (const CommGroup& g : group_tasks_by_comm(e))
    if (g.count >= 3 && is_python(g.comm)) return true;
  return false;
}

bool dataloader_evidence(const OomEvent& e) {
  constexpr std::string_view kWorker = "pt_data_worker";
  for (const Victim& v : e.victims)
    if (v.comm == kWorker) return true;
  if (e.trigger && e.trigger->comm == kWorker) return true;
  bool shm_manager = false;
  for (const TaskRow& row : e.tasks) {
    if (row.comm == kWorker) return true;
    shm_manager = shm_manager || row.comm.starts_with("torch_shm_manag");
  }
  if (!shm_manager) return false;
  for (const CommGroup& g : group_tasks_by_comm(e))
    if (g.count >= 3 && is_python(g.comm)) return true;
  return false;
}

std::string limit_writer(const OomEvent& e) {
  if (!e.trigger || e.trigger->comm.empty()) return tr("a process");
  return e.trigger->pid ? trf("{} (pid {})", e.trigger->comm, *e.trigger->pid) : e.trigger->comm;
}

const Check* find_check(const std::vector<Check>& checks, std::string_view id) {
  for (const Check& c : checks)
    if (c.id == id) return &c;
  return nullptr;
}

std::optional<int64_t> find_figure(const Check& check, std::string_view name) {
  for (const auto& [n, v] : check.figures)
    if (n == name) return v;
  return std::nullopt;
}

}  // namespace detail
}  // namespace oomlens
