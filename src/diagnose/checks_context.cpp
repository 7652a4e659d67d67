// Checks about the circumstances of a kill: how the victim was ranked, who
// else held memory, who asked for it, and how the report ended.
#include <fmt/core.h>

#include <algorithm>
#include <iterator>
#include <string_view>

#include "diagnose/cgroup_owner.h"
#include "diagnose/explain_detail.h"
#include "util/format.h"
#include "util/text.h"
#include "util/i18n.h"

namespace oomlens::detail {
namespace {

// Kubernetes (pkg/kubelet/qos/policy.go): Guaranteed -997, BestEffort 1000,
// Burstable 1000 - 1000*request/capacity clamped to [2, 999]; the kubelet
// and container runtime run at -999.
constexpr int kK8sBestEffortAdj = 1000;
constexpr int kK8sGuaranteedAdj = -997;

std::string adj_meaning(int adj, const std::optional<CgroupOwner>& owner, bool memcg, const TaskRow* outranking) {
  // Kubernetes wording only when a Kubernetes cgroup was seen.
  const bool k8s = owner && owner->kind == "kubernetes";
  // 1000 is BestEffort's only in a BestEffort pod: the kubelet gives a Guaranteed pod's containers -997 and a
  // Burstable one's at most 999, so there the process or its launcher set it (corpus 243: Ray's idle worker in a
  // Guaranteed pod, beside a -997 trigger).
  if (adj == kK8sBestEffortAdj) {
    const std::optional<std::string>& qos = k8s ? owner->qos_class : std::nullopt;
    if (qos == std::optional<std::string>("besteffort"))
      return tr(" (the maximum: Kubernetes gives it to BestEffort pods, killed first)");
    if (qos == std::optional<std::string>("guaranteed"))
      return tr(" (the maximum, which Kubernetes gives only to BestEffort pods: this pod is Guaranteed, whose "
                "containers get -997, so the process or its launcher set 1000 itself, asking to be killed first)");
    if (qos == std::optional<std::string>("burstable"))
      return tr(" (the maximum, which Kubernetes gives only to BestEffort pods: this pod is Burstable, whose "
                "containers get at most 999, so the process or its launcher set 1000 itself, asking to be killed "
                "first)");
    return tr(" (the maximum: the process or its manager asked for it to be killed first)");
  }
  // The kubelet gives -997 to a Guaranteed pod's containers and to a node-critical pod's (priority
  // system-node-critical) whatever its QoS class: in a Burstable or BestEffort pod, -997 is not Guaranteed's
  // (corpus 471: ydbd in a kubepods-burstable pod).
  if (adj == kK8sGuaranteedAdj && k8s) {
    const std::optional<std::string>& qos = owner->qos_class;
    if (qos == std::optional<std::string>("burstable") || qos == std::optional<std::string>("besteffort"))
      return tr(" (Kubernetes gives -997 to Guaranteed pods and to node-critical ones: this pod's cgroup is not "
                "Guaranteed, so it is node-critical, or the process or its launcher set -997 itself)");
    return tr(" (Kubernetes gives -997 to Guaranteed pods)");
  }
  if (k8s && owner->qos_class == std::optional<std::string>("burstable") && adj > 1 && adj < 1000)
    return tr(" (Kubernetes Burstable: 1000 − 1000 × memory request / node memory; a small request ranks it high)");
  // In a memcg OOM only the cgroup's own tasks compete, and a container's or a service's share one value: the
  // protection ranked it against nothing outside (corpus 197, 26, 132, 192).
  if (adj < 0 && memcg)
    return tr(" (protected, yet still chosen: in a memory-cgroup OOM only the cgroup's own tasks are candidates, "
              "which commonly share one oom_score_adj: it protects a task in a machine-wide OOM, not within its own "
              "cgroup)");
  if (adj < 0 && outranking)
    return trf(" (protected, yet chosen over {} (pid {}), which held {} RSS at oom_score_adj {}: the kernel passed "
               "that one over)",
               outranking->comm, outranking->pid, format_bytes(*row_rss_bytes(*outranking)),
               *outranking->oom_score_adj);
  if (adj < 0) return tr(" (protected, yet still chosen: every other candidate was protected as much or was smaller)");
  // oom_badness() (2.6.36+) adds adj ‰ of RAM plus swap (in a memcg OOM, of the cgroup's limit) to the score: a
  // raised victim outranks larger processes, so what it held need not say who used the memory (corpus 267:
  // llama-server, 25 MiB at 200).
  const std::string pct = adj % 10 ? fmt::format("{}.{}", adj / 10, adj % 10) : fmt::format("{}", adj / 10);
  return memcg ? trf(" (raised: the kernel adds {} % of the cgroup's limit, with the swap it may use, to its badness "
                     "score, so it was chosen "
                     "over any task of the cgroup that held up to that much more)",
                     pct)
               : trf(" (raised: the kernel adds {} % of RAM plus swap to its badness score, so it was chosen over any "
                     "process that held up to that much more)",
                     pct);
}

}  // namespace

void add_score_adj_check(const OomEvent& e, std::vector<Check>& out) {
  const Victim* v = main_victim(e);
  if (!v || !v->oom_score_adj || *v->oom_score_adj == 0) return;
  const int adj = *v->oom_score_adj;
  const std::optional<CgroupOwner> owner = e.memcg ? e.memcg->owner : std::nullopt;
  // A protected victim is a warning in a machine-wide kill (it outgrew its protection, or the memory was held
  // elsewhere); in a memcg kill its cgroup-mates usually share the value, and the rank says nothing new.
  const bool memcg = e.constraint == Constraint::memcg;
  const std::optional<uint64_t> held = victim_held_bytes(*v);
  const TaskRow* outranking = held && e.victims.size() == 1 ? outranking_row(e, *v, *held) : nullptr;
  out.push_back({"victim_oom_score_adj", adj < 0 && !memcg ? CheckLevel::warn : CheckLevel::info,
                 trf("{} had oom_score_adj {}{}.", v->comm, adj,
                     adj_meaning(adj, owner, memcg, outranking)),
                 {{"oom_score_adj", adj}}});
}

// The names of a container's init as its runtime starts it (the process's comm): LXC's and a system container's
// /sbin/init, tini (Docker's and Kubernetes images'), dumb-init, Docker's `--init` (docker-init) and Podman's
// (catatonit). Not systemd: a system container also runs `systemd --user` instances under that name.
constexpr std::string_view kContainerInitComms[] = {"init", "tini", "dumb-init", "docker-init", "catatonit"};

bool container_kind(const CgroupOwner& o) {
  if (o.kind == "kubernetes") return o.container_id.has_value() && !o.sandbox;  // a container's own cgroup
  return o.kind == "docker" || o.kind == "podman" || o.kind == "containerd" || o.kind == "lxc";
}

void add_container_init_check(const OomEvent& e, std::vector<Check>& out) {
  const Victim* v = main_victim(e);
  if (!v || !v->pid || !e.memcg || !e.memcg->task_memcg) return;
  const MemcgInfo& m = *e.memcg;
  // The victim's own cgroup: the report's decoded (and looked-up) owner when it is that cgroup's.
  const bool same = !m.oom_memcg || *m.oom_memcg == *m.task_memcg;
  const std::optional<CgroupOwner> owner = same ? m.owner : decode_cgroup_owner(*m.task_memcg);
  if (!owner || !container_kind(*owner)) return;
  const std::string container = describe_cgroup(*m.task_memcg, owner);
  const std::string name = readable_comm(v->comm) ? v->comm : std::string(tr("the victim"));
  // Proof 1: a memory-cgroup OOM of the victim's own cgroup whose whole task table is the victim's row alone.
  const bool only = e.constraint == Constraint::memcg && same && task_table_whole(e) && e.tasks.size() == 1 &&
                    e.tasks[0].pid == *v->pid;
  // Proof 2: the name of a container's init.
  const bool init_name =
      std::find(std::begin(kContainerInitComms), std::end(kContainerInitComms), v->comm) != std::end(kContainerInitComms);
  if (only)
    out.push_back({"container_init_killed", CheckLevel::warn,
                   trf("{} (pid {}) was the only process in the task table of {}: the kill ended the whole container, "
                       "nothing else ran in it. It stays down unless its runtime restarts it (its restart policy).",
                       name, *v->pid, container),
                   {{"pid", *v->pid}, {"task_count", 1}}});
  else if (init_name)
    out.push_back({"container_init_killed", CheckLevel::warn,
                   trf("{} (pid {}) is, by its name, the init of {} (its first process, pid 1 in its PID namespace): "
                       "its death ends the whole container (in its own PID namespace the kernel then kills every other "
                       "process). It stays down unless its runtime restarts it (its restart policy).",
                       name, *v->pid, container),
                   {{"pid", *v->pid}}});
}

void add_init_killed_check(const OomEvent& e, std::vector<Check>& out) {
  for (const Victim& v : e.victims) {
    if (v.pid != 1) continue;
    // oom_unkillable_task() never chooses the global init; a memory.oom.group kill took every task of the group,
    // init too, until the kernel learnt to spare it (2019).
    const std::string name = readable_comm(v.comm) ? v.comm : std::string(tr("the victim"));
    // init's own panic, read with the report (its caller id is pid 1's): said as what happened, not what would.
    const bool panicked = e.panic_message && e.panic_message->find("Attempted to kill init") != std::string::npos;
    const std::string and_did =
        panicked ? std::string(tr(" The log shows that panic after the kills.")) : std::string();
    out.push_back({"init_killed", CheckLevel::warn,
                   (e.oom_group_memcg
                        ? trf("{} (pid 1) is the machine's init (kill lines print the pids the host sees): the "
                             "memory.oom.group kill of {} took it with the cgroup's other tasks, and when init dies "
                             "the kernel panics (`Attempted to kill init!`). The OOM killer itself never chooses init; "
                             "later kernels spare it in a group kill too.",
                             name, *e.oom_group_memcg)
                        : trf("{} (pid 1) is the machine's init (kill lines print the pids the host sees): when init "
                              "dies the kernel panics (`Attempted to kill init!`).",
                              name)) +
                       and_did,
                   {{"pid", 1}}});
    return;
  }
  // No kill line names pid 1, yet the kernel panicked `Attempted to kill init!` after this kill: init died with the
  // victim. oom_kill_process() also kills every process that shares the victim's mm (`Kill process 1 (init) sharing
  // same memory`, a line the paste may hold or not): a child init vfork()ed (busybox init) shares init's, and
  // older kernels did not spare init there (linux-mm 2015, corpus 623).
  if (e.kind == EventKind::kill && e.panic_message && text::starts_with(*e.panic_message, "Attempted to kill init!")) {
    const Victim* v = e.victims.empty() ? nullptr : &e.victims.front();
    const std::string name = v && readable_comm(v->comm) ? v->comm : std::string(tr("the victim"));
    out.push_back({"init_killed", CheckLevel::warn,
                   v && v->pid
                       ? trf("The kernel panicked (`Attempted to kill init!`) after the kill of {} (pid {}): init "
                             "(pid 1) died with it. The OOM killer also kills every process that shares its victim's "
                             "memory (`Kill process 1 (init) sharing same memory`): a child that init vfork()ed (as "
                             "busybox init does) shares init's, and older kernels did not spare init there.",
                             name, *v->pid)
                       : tr("The kernel panicked (`Attempted to kill init!`) after this kill: init (pid 1) died with "
                            "the victim. The OOM killer also kills every process that shares its victim's memory "
                            "(`Kill process 1 (init) sharing same memory`): a child that init vfork()ed (as busybox "
                            "init does) shares init's, and older kernels did not spare init there."),
                   {{"pid", 1}, {"shared_mm", 1}}});
  }
}

bool memcg_limit_zero(const OomEvent& e) {
  return e.constraint == Constraint::memcg && e.memcg && e.memcg->limit_state == LimitState::limited &&
         e.memcg->limit_bytes && *e.memcg->limit_bytes == 0;
}

// `memory: usage 0kB, limit 0kB, failcnt 20` (syzbot writing 0 to a v1 memory.limit_in_bytes, corpus 620): the
// cgroup may hold nothing, so every charge fails and whatever runs in it is killed.
void add_memcg_limit_zero_check(const OomEvent& e, std::vector<Check>& out) {
  if (!memcg_limit_zero(e)) return;
  const auto& path = e.memcg->oom_memcg ? e.memcg->oom_memcg : e.memcg->task_memcg;
  out.push_back({"memcg_limit_zero", CheckLevel::warn,
                 path ? trf("The memory limit of cgroup {} is 0 B (`limit 0kB`): it may hold no memory at all, so "
                            "every charge in it fails and the OOM killer kills whatever runs in it. A limit of 0 is a "
                            "misconfiguration (or a test's).",
                            *path)
                      : std::string(tr("The cgroup's memory limit is 0 B (`limit 0kB`): it may hold no memory at all, "
                                       "so every charge in it fails and the OOM killer kills whatever runs in it. A "
                                       "limit of 0 is a misconfiguration (or a test's).")),
                 {{"limit_bytes", 0}}});
}

void add_userspace_killer_check(const OomEvent& e, std::vector<Check>& out) {
  if (e.userspace_kills.empty()) return;
  const UserspaceKill& k = e.userspace_kills.front();
  const Victim* v = nullptr;
  for (const Victim& x : e.victims)
    if (x.pid && *x.pid == k.pid) v = &x;
  if (!v) return;
  // Every signal that killer sent it, in the order logged (earlyoom: SIGTERM, then SIGKILL when it lingers).
  std::string signals;
  for (const UserspaceKill& o : e.userspace_kills)
    if (o.daemon == k.daemon && o.pid == k.pid && signals.find(o.signal) == std::string::npos)
      signals += (signals.empty() ? "" : tr(", then ")) + o.signal;
  const std::string name = readable_comm(v->comm) ? v->comm : k.name.empty() ? std::string(tr("the victim")) : k.name;
  const bool before = !v->line || k.line < *v->line;
  Check c{"userspace_killer_same_victim", CheckLevel::warn,
          before ? trf("Both killers acted on the same process: {}, a user-space OOM killer, had sent {} to {} (pid {}, "
                       "line {}) before the kernel's OOM killer killed it. Its signal had not ended the process when "
                       "memory ran out (SIGTERM can be caught or handled slowly; a process dies only on its way out "
                       "of the kernel), so the kernel killed it too: one story, not two.",
                       k.daemon, signals, name, k.pid, k.line)
                 : trf("Both killers acted on the same process: after the kernel's OOM killer killed {} (pid {}), {}, a "
                       "user-space OOM killer, sent it {} (line {}) as well: one story, not two.",
                       name, k.pid, k.daemon, signals, k.line),
          {{"pid", k.pid}, {"line", as_figure(k.line)}}};
  out.push_back(std::move(c));
}

void add_task_checks(const OomEvent& e, std::vector<Check>& out) {
  const Victim* v = main_victim(e);

  // Largest holders in the Tasks table, grouped by name (workers share one);
  // only from a table of several rows whose names were all read. A table
  // without the report's header before it (its start cut, rows elided by
  // the poster) says only what its rows show.
  const auto groups = group_tasks_by_comm(e);
  bool names_read = e.tasks.size() >= 2;
  for (const TaskRow& row : e.tasks) names_read = names_read && readable_comm(row.comm);
  if (names_read && !groups.empty() && groups.front().rss_bytes > 0) {
    const bool whole = task_table_whole(e);
    std::string msg = whole ? tr("Largest in the task table: ")
                            : trf("Largest of the {} task-table rows shown (the rest of the table may not be in the "
                                  "log): ", e.tasks.size());
    bool multi = false;
    for (size_t i = 0; i < groups.size() && i < 3; ++i) {
      const CommGroup& g = groups[i];
      if (i > 0 && g.rss_bytes == 0) break;
      if (g.count > 1) multi = true;
      // Swap entries beside a smaller RSS (corpus 448: python3, 296.6 MiB resident and 12.9 GiB in swap): what the
      // kernel's badness score counted, and what RSS alone hides.
      const bool swapped = named_beside_anon(g.swap_bytes, g.rss_bytes);
      msg += (i ? tr("; ") : "");
      if (g.count == 1)
        msg += swapped ? trf("{} held {} RSS and {} in swap", g.comm, format_bytes(g.rss_bytes), format_bytes(g.swap_bytes))
                       : trf("{} held {} RSS", g.comm, format_bytes(g.rss_bytes));
      else
        msg += swapped ? trf("{} {} processes held {} RSS and {} in swap together", g.count, g.comm,
                             format_bytes(g.rss_bytes), format_bytes(g.swap_bytes))
                       : trf("{} {} processes held {} RSS together", g.count, g.comm, format_bytes(g.rss_bytes));
      // One member holding nearly all of it (corpus 210: one nginx of ten) is what the group hides.
      if (g.count > 1 && g.top_rss_bytes >= g.rss_bytes / 10 * 9 && g.top_rss_bytes > 0)
        msg += trf(", {} of it pid {} alone", format_bytes(g.top_rss_bytes), g.top_pid);
    }
    // The rows print pages; with no kill-line kB or buddy list beside them the page size is a guess.
    if (e.page_size_assumed) msg += tr(" (sizes at an assumed 4 KiB page: the page size is not in the log)");
    msg += tr(".");
    // Forked workers map the parent's pages copy-on-write; rss counts each
    // shared page once per process.
    if (multi) msg += tr(" RSS counts pages shared between forked processes once per process, so a group's true total can be lower.");
    out.push_back({whole ? "largest_tasks_by_comm" : "largest_task_rows_shown", CheckLevel::info, msg,
                   {{"count", as_figure(groups.front().count)}, {"rss_bytes", as_figure(groups.front().rss_bytes)}}});
  }
  // One row and no kill line (the paste ends after it, corpus 321): the row is the only sign of who held the memory,
  // said as what it is, never as the largest of a table.
  // A 6.8+ row prints rss_anon/rss_file/rss_shmem and no rss column: row_rss_bytes() sums them.
  const std::optional<uint64_t> one_rss = e.tasks.size() == 1 ? row_rss_bytes(e.tasks[0]) : std::nullopt;
  if (!v && one_rss && *one_rss > 0 && readable_comm(e.tasks[0].comm)) {
    const TaskRow& row = e.tasks[0];
    out.push_back({"largest_task_rows_shown", CheckLevel::info,
                   trf("The one task-table row shown (the rest of the table may not be in the log): {} (pid {}) held "
                       "{} RSS.",
                       row.comm, row.pid, format_bytes(*one_rss)),
                   {{"count", 1}, {"rss_bytes", as_figure(*one_rss)}}});
  }

  // The trigger is whoever allocated last; the victim is the largest
  // (oom_badness()). Different tasks are normal but often surprise people.
  // (A write to the limit is no allocation: the limit_lowered check names the writer.)
  if (v && e.trigger && !e.sysrq && !kills_allocating_task(e) && e.limit_lowered == LimitWrite::none) {
    const Trigger& t = *e.trigger;
    // A trigger named without a pid is told apart by its comm only, and a thread's comm is its own (`CPU 1/KVM` in
    // qemu, `Thread-2`): with the victim's oom_score_adj (one value for all of a process's threads) it may be one of
    // the victim's own threads, so no claim that it is another task.
    // The CPU line prints the allocating thread's pid and dump_tasks() one row per process (its tgid): a trigger
    // pid that no row of the table carries is a thread (or its row is not in the excerpt), and with the victim's
    // oom_score_adj it may be one of the victim's own threads (corpus 555: java's JIT thread `C1 CompilerThre`).
    const bool pid_not_a_row =
        t.pid && !e.tasks.empty() && std::none_of(e.tasks.begin(), e.tasks.end(), [&](const TaskRow& r) {
          return r.pid == *t.pid;
        });
    const bool maybe_victims_thread = (!t.pid || pid_not_a_row) && !kernel_thread_comm(t.comm) && t.oom_score_adj &&
                                      v->oom_score_adj && *t.oom_score_adj == *v->oom_score_adj;
    const bool differs =
        t.pid && v->pid ? *t.pid != *v->pid && !maybe_victims_thread
                        : (!t.comm.empty() && t.comm != v->comm && !maybe_victims_thread);
    if (differs) {
      const std::string who = t.pid ? trf("{} (pid {})", t.comm, *t.pid) : t.comm;
      // A kernel thread allocates for the kernel's own work (reclaim, compaction, a workqueue item, a driver): it is
      // never the culprit nor a candidate (corpus 232: kworker/3:2).
      out.push_back({"trigger_not_victim", CheckLevel::info,
                     kernel_thread_comm(t.comm)
                         ? (t.workqueue && t.work_function
                                ? trf("The allocation that triggered the OOM came from the kernel thread {}{}, for "
                                      "the kernel's own work, not for a process: it shows that memory ran out, not "
                                      "who used it, and a kernel thread is never killed.",
                                      who, kernel_work_clause(t))
                                : trf("The allocation that triggered the OOM came from the kernel thread {}, for the "
                                      "kernel's own work (reclaim, compaction, a workqueue item, a driver), not for a "
                                      "process: it shows that memory ran out, not who used it, and a kernel thread is "
                                      "never killed.", who))
                         : trf("The allocation that triggered the OOM came from {}, not from the victim: the kernel "
                               "kills the task with the highest badness score, not the one asking for memory.", who),
                     t.pid ? std::vector<std::pair<std::string, int64_t>>{{"trigger_pid", *t.pid}}
                           : std::vector<std::pair<std::string, int64_t>>{}});
    }
  }

  // swapoff(2) reads every swapped-out page back into RAM (try_to_unuse()): when RAM cannot hold them, the
  // swapoff itself runs the machine out of memory.
  if (e.trigger && e.trigger->comm == "swapoff" && !e.sysrq) {
    out.push_back({"swapoff_trigger", CheckLevel::warn,
                   tr("swapoff invoked the OOM killer: turning swap off reads every swapped-out page back into RAM, "
                      "and RAM could not hold them. Turn swap off only when free RAM exceeds the swap in use "
                      "(`free`, /proc/swaps)."),
                   {}});
  } else if (e.mem_info && e.mem_info->swapoff_unread_bytes && !e.sysrq) {
    // A negative `Free swap`: a swapoff(2) was running, whichever task called it (corpus 761: an installer).
    const uint64_t unread = *e.mem_info->swapoff_unread_bytes;
    out.push_back({"swapoff_trigger", CheckLevel::warn,
                   trf("A swapoff was running: `Free swap` is negative ({}), as swapoff takes its area out of the swap "
                       "totals first and counts the pages back in as it reads them into RAM, so {} of swapped-out "
                       "memory was still to come back, and RAM could not hold it. Turn swap off only when free RAM "
                       "exceeds the swap in use (`free`, /proc/swaps).",
                       "-" + format_bytes(unread), format_bytes(unread)),
                   {{"swap_usage_bytes", as_figure(unread)}}});
  }
  // An allocating task with oom_score_adj -1000 is never killed itself (oom_badness() skips it):
  // the killer takes another task, or finds none.
  if (e.trigger && e.trigger->oom_score_adj == -1000 && !e.sysrq && e.limit_lowered == LimitWrite::none &&
      !kills_allocating_task(e)) {
    const Trigger& t = *e.trigger;
    const std::string who = t.comm.empty() ? std::string(tr("The allocating task"))
                                           : (t.pid ? trf("{} (pid {})", t.comm, *t.pid) : t.comm);
    out.push_back({"trigger_protected", CheckLevel::info,
                   trf("{} asked for the memory but has oom_score_adj -1000: the OOM killer never kills it, so it "
                       "kills another task in its place (or finds none).", who),
                   {{"oom_score_adj", -1000}}});
  }

  if (e.sysrq) {
    // Say what the log shows: 2.6.x moom_callback() passes order 0, later kernels order=-1; the
    // `SysRq : Manual OOM execution` line alone (no header) gives no order.
    const auto order = e.trigger ? e.trigger->order : std::nullopt;
    Check c{"sysrq", CheckLevel::warn,
            order == -1 ? std::string(tr("The OOM killer was forced through SysRq-f (order=-1), not invoked by a "
                                         "failed allocation: a person (Alt+SysRq+F, echo f > /proc/sysrq-trigger) or "
                                         "a watchdog program decided to kill."))
            : order     ? trf("The OOM killer was forced through SysRq-f (`Manual OOM execution`; this kernel's "
                              "header prints order={} for it), not invoked by a failed allocation: a person "
                              "(Alt+SysRq+F, echo f > /proc/sysrq-trigger) or a watchdog program decided to kill.",
                              *order)
                        : std::string(tr("The OOM killer was forced through SysRq-f (`Manual OOM execution`), not "
                                         "invoked by a failed allocation: a person (Alt+SysRq+F, echo f > "
                                         "/proc/sysrq-trigger) or a watchdog program decided to kill.")),
            {}};
    if (order) c.figures.emplace_back("order", *order);
    out.push_back(std::move(c));
    // Why someone forced it: Mem-Info shows the machine thrashing (only what the report printed is said).
    if (const auto t = thrashing(e)) {
      Check th{"sysrq_thrashing", CheckLevel::warn,
               trf("The machine was thrashing when the OOM was forced: {}. With anonymous memory unable to go to "
                   "swap, reclaim can only drop page cache, including the pages of running programs, which are then "
                   "read back from disk again and again: the machine stalls without the kernel's own OOM killer "
                   "running, which is the usual reason someone forces one.",
                   thrashing_words(*t)),
               {{"swap_total_bytes", as_figure(t->swap_total_bytes)}}};
      if (t->swap_free_bytes) th.figures.emplace_back("swap_free_bytes", as_figure(*t->swap_free_bytes));
      if (t->zone) {
        th.figures.emplace_back("zone_free_bytes", as_figure(t->zone_free_bytes));
        th.figures.emplace_back("zone_min_bytes", as_figure(t->zone_min_bytes));
      }
      if (t->file_bytes) {
        th.figures.emplace_back("file_bytes", as_figure(*t->file_bytes));
        th.figures.emplace_back("ram_bytes", as_figure(t->ram_bytes));
      }
      out.push_back(std::move(th));
    }
  }

  if (const char* file = limit_file_name(e.limit_lowered)) {
    Check c{"limit_lowered", CheckLevel::warn,
            trf("No allocation failed: {} wrote {} (the call trace runs mem_cgroup_out_of_memory() from {}), setting "
                "the cgroup's limit below the memory it was using, and the kernel kills until the usage fits under "
                "the new limit.", limit_writer(e), file,
                e.limit_lowered == LimitWrite::memory_max ? "memory_max_write()" : "mem_cgroup_resize_max()"),
            {}};
    if (e.trigger && e.trigger->pid) c.figures.emplace_back("trigger_pid", *e.trigger->pid);
    if (e.memcg)
      if (const auto l = effective_limit_bytes(*e.memcg)) c.figures.emplace_back("limit_bytes", as_figure(*l));
    out.push_back(std::move(c));
  }

  // memory.oom.group (4.19+) prints the victim's kill line again with its group's. A kill line without any
  // size (2.6's `Out of Memory: Killed process N (comm).`) predates it: printed twice, it is a second OOM that
  // chose the same, still exiting, process.
  bool twice_sized = false;
  bool repeated_old_line = false;
  for (const Victim& x : e.victims) {
    const bool sized = x.total_vm_bytes || x.anon_rss_bytes || x.file_rss_bytes;
    twice_sized = twice_sized || (x.printed_twice == true && sized);
    repeated_old_line = repeated_old_line || (x.printed_twice == true && !sized);
  }
  const bool oom_group = twice_sized || e.oom_group_memcg.has_value();
  if (repeated_old_line && !oom_group && e.victims.size() == 1) {
    out.push_back({"kill_line_repeated", CheckLevel::info,
                   tr("The kill line was printed twice for the same process. It prints no sizes, so the kernel "
                      "predates memory.oom.group (Linux 4.19): a second OOM chose the process again before it had "
                      "exited."),
                   {}});
  }
  if (e.victims.size() > 1 || oom_group) {
    const auto n = static_cast<int64_t>(e.victims.size());
    out.push_back({"multi_kill", CheckLevel::info,
                   e.oom_group_memcg && n > 1
                       ? trf("memory.oom.group is set on {}: after the first victim the kernel killed every task of "
                             "that cgroup but those with oom_score_adj -1000, {} processes together, by design and not "
                             "because memory stayed short.",
                             *e.oom_group_memcg, n)
                   : oom_group ? (n > 1 ? trf("memory.oom.group is set on the cgroup: the kernel killed all {} of its "
                                                    "processes together.", n)
                                  // Only the victim's kill in the text (a grep's `head`, corpus 737): the group's other
                                  // kills, and a second copy of this one, are not said.
                                  : !twice_sized ? trf("memory.oom.group is set on {}: the kernel kills every task of "
                                                       "that cgroup together; the text shows one kill.",
                                                       *e.oom_group_memcg)
                                      : std::string(tr("memory.oom.group is set on the cgroup: the kernel kills all of its "
                                                    "processes together (the kill line was printed twice).")))
                             : trf("{} processes were killed in this report: memory stayed short after the first kill.", n),
                   {{"count", n}}});
  }

  if (e.panic_message && e.panic_message->find("panic_on_oom") != std::string::npos) {
    // check_panic_on_oom() (2.6.29+): "compulsory" is vm.panic_on_oom=2, which panics for every OOM; "system-wide"
    // is 1, which panics only for an unconstrained one (a memory cgroup's, cpuset's or policy's OOM still kills).
    // Other wordings (older kernels) tell neither: the value is not said.
    const bool compulsory = e.panic_message->find("compulsory") != std::string::npos;
    const bool system_wide = e.panic_message->find("system-wide") != std::string::npos;
    const bool confined = e.constraint && *e.constraint != Constraint::global;
    if (compulsory)
      out.push_back({"panic_on_oom", CheckLevel::warn,
                     confined ? tr("vm.panic_on_oom is 2 (\"compulsory\"): the kernel panics on every OOM, even one "
                                   "confined to a memory cgroup, cpuset or memory policy as this one was, instead of "
                                   "killing a process; with 1 it would have killed a process here.")
                              : tr("vm.panic_on_oom is 2 (\"compulsory\"): the kernel panics on every OOM, even one "
                                   "confined to a memory cgroup, cpuset or memory policy, instead of killing a "
                                   "process."),
                     {{"panic_on_oom", 2}}});
    else if (system_wide)
      out.push_back({"panic_on_oom", CheckLevel::warn,
                     tr("vm.panic_on_oom is 1 (\"system-wide\"): the kernel panics when the whole machine runs out "
                        "of memory instead of killing a process."),
                     {{"panic_on_oom", 1}}});
    else
      out.push_back({"panic_on_oom", CheckLevel::warn,
                     tr("vm.panic_on_oom is set: the kernel panics on OOM instead of killing a process."), {}});
  }

  if (e.kind == EventKind::no_killable) {
    // Count only rows whose oom_score_adj column was read: an unread
    // column says nothing about how many were exempt.
    int64_t exempt = 0;
    bool adj_read = !e.tasks.empty();
    for (const TaskRow& row : e.tasks) {
      adj_read = adj_read && row.oom_score_adj.has_value();
      exempt += row.oom_score_adj == -1000 ? 1 : 0;
    }
    Check c{"no_killable_task", CheckLevel::warn,
            tr("No task could be killed: every candidate has oom_score_adj -1000, is a kernel thread, or is already exiting."),
            {}};
    if (e.tasks.empty() && e.constraint == Constraint::memcg) {
      // A memcg OOM's table lists the cgroup's own tasks: none left, yet
      // its usage is over the limit, so what is charged has no owner.
      c.message = tr("No task in the cgroup could be killed, and no row of its task table was read: for a cgroup OOM "
                     "dump_tasks() lists the cgroup's own tasks, oom_score_adj -1000 ones included, so an empty table "
                     "means none was left in it (the last ones were killed or are exiting) while its usage stayed over "
                     "the limit; the table may also be missing from the log (vm.oom_dump_tasks=0, or not in the "
                     "excerpt).");
      c.figures = {{"task_count", 0}};
    } else if (e.tasks.empty()) {
      // dump_tasks() lists every candidate, -1000 ones included: with no
      // row, there was none (or the table was not printed, oom_dump_tasks=0).
      c.message = tr("No task could be killed, and no row of the task table was read: dump_tasks() lists every "
                     "candidate, oom_score_adj -1000 ones included, so an empty table means there was none (only init "
                     "and kernel threads); the table may also be missing from the log (vm.oom_dump_tasks=0, or not "
                     "in the excerpt).");
      c.figures = {{"task_count", 0}};
    } else if (adj_read) {
      // A table whose start is not in the log says only what its rows show.
      // English counts: "1 of the 19 tasks listed has", "the one task listed has", "3 of the 19 … have".
      const size_t n = e.tasks.size();
      if (!task_table_whole(e) && n == 1)
        c.message = exempt == 1 ? std::string(tr("No task could be killed: the one task-table row shown has "
                                                 "oom_score_adj -1000 (the rest of the table may not be in the log)."))
                                : std::string(tr("No task could be killed: the one task-table row shown does not have "
                                                 "oom_score_adj -1000 (the rest of the table may not be in the "
                                                 "log)."));
      else if (!task_table_whole(e))
        c.message = exempt == 1 ? trf("No task could be killed: 1 of the {} task-table rows shown has oom_score_adj "
                                      "-1000 (the rest of the table may not be in the log).", n)
                                : trf("No task could be killed: {} of the {} task-table rows shown have oom_score_adj "
                                      "-1000 (the rest of the table may not be in the log).", exempt, n);
      else if (exempt == static_cast<int64_t>(n))
        c.message = n == 1 ? std::string(tr("No task could be killed: the one task listed has oom_score_adj -1000."))
                           : trf("No task could be killed: all {} tasks listed have oom_score_adj -1000.", n);
      else if (n == 1)
        c.message = tr("No task could be killed: the one task listed does not have oom_score_adj -1000; it was "
                       "already exiting or otherwise ineligible.");
      else if (exempt == 1)
        c.message = trf("No task could be killed: 1 of the {} tasks listed has oom_score_adj -1000; the others were "
                        "already exiting or otherwise ineligible.", n);
      else if (static_cast<int64_t>(n) - exempt == 1)
        c.message = trf("No task could be killed: {} of the {} tasks listed have oom_score_adj -1000; the other was "
                        "already exiting or otherwise ineligible.", exempt, n);
      else
        c.message = trf("No task could be killed: {} of the {} tasks listed have oom_score_adj -1000; the others were "
                        "already exiting or otherwise ineligible.", exempt, n);
      c.figures = {{"exempt_count", exempt}, {"task_count", static_cast<int64_t>(e.tasks.size())}};
      // What the rows held together, when each printed its rss: the advice weighs it against RAM or the limit.
      if (const auto rss = tasks_rss_bytes(e)) c.figures.emplace_back("rows_rss_bytes", as_figure(*rss));
    }
    out.push_back(std::move(c));
  }
}

}  // namespace oomlens::detail
