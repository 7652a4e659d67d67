// The verdict of `oomlens run` (see verdict.h).
#include "diagnose/verdict.h"
#include "diagnose/verdict_clauses.h"
#include "diagnose/launcher.h"
#include "util/format.h"
#include "util/i18n.h"

#include <fmt/core.h>

#include <algorithm>
#include <csignal>

namespace oomlens::diagnose {
using namespace detail;

namespace {
// Why the kernel log was not readable, for the evidence ("?": not known).
std::string kernel_log_error_text(const VerdictInput& in) {
  return in.kernel_log_error ? in.kernel_log_error->message() : "?";
}
}  // namespace

Verdict decide_verdict(const VerdictInput& in) {
  Verdict v;
  if (in.still_running) {
    v.cause = "still_running";
    v.confidence = "high";
    v.evidence.push_back(fmt::format(N_("oomlens received {} and stopped following pid {}"), signal_name(in.detach_signal),
                                     in.main_pid));
    v.summary = fmt::format(N_("oomlens stopped following the job (pid {}) on {}; the job was still running."), in.main_pid,
                            signal_name(in.detach_signal));
    return v;
  }
  const StderrFindings se = scan_stderr(in.stderr_tail);
  const bool known = in.exit_status_known;
  const bool sigkill = known ? !in.exited && in.term_signal == SIGKILL : true;  // unknown: a kill is possible
  const TreeKill* main_kill = nullptr;
  const TreeKill* worker_kill = nullptr;
  const TreeKill* program_kill = nullptr;  // the Python program behind a launcher (bash -c, torchrun)
  for (auto& k : in.kernel_kills) {
    if (k.pid == in.main_pid) main_kill = &k;
    else if (k.role == "program" && !program_kill) program_kill = &k;
    else if (!worker_kill) worker_kill = &k;
  }
  const bool counter_up = in.cgroup_oom_kill_delta && *in.cgroup_oom_kill_delta > 0;
  const bool vmstat_up = in.vmstat_oom_kill_delta && *in.vmstat_oom_kill_delta > 0;
  const bool own_counter_up = counter_up && in.cgroup_is_jobs_own;
  const bool user_sender = in.signal_sender && in.signal_sender->kind != "kernel";
  std::string ended = !known     ? std::string(N_("ended (exit status unknown: not oomlens's child)"))
                      : in.exited ? fmt::format(N_("exited with code {}"), in.exit_code)
                                  : fmt::format(N_("was killed by {}{}"), signal_name(in.term_signal),
                                                in.core_dumped ? N_(" (core dumped)") : "");

  // 1. Kernel OOM evidence.
  if (main_kill && sigkill) {
    kernel_kill_verdict(v, "oom_killed", *main_kill, nullptr);
    if (!known) v.evidence.push_back(N_("the exit status itself was not observable (attached with --pid): the kernel's kill line names the process"));
    v.summary = fmt::format(N_("The job was killed by the kernel OOM killer{}{}."),
                            memcg_clause(*main_kill),
                            main_kill->limit_bytes || in.limit_bytes
                                ? fmt::format(N_(" ({})"), format_bytes(main_kill->limit_bytes.value_or(in.limit_bytes.value_or(0))))
                                : "");
  } else if (program_kill) {
    // The job's own program, started by a launcher: the launcher's exit
    // (bash's 0 after `python train.py; echo done`, torchrun's 1) is only
    // what came after.
    kernel_kill_verdict(v, "oom_killed", *program_kill, &in.kernel_kills);
    v.evidence.push_back(fmt::format(N_("the launcher (main process {}, pid {}) then {}"), in.main_comm, in.main_pid, ended));
    const uint64_t lim = program_kill->limit_bytes.value_or(in.limit_bytes.value_or(0));
    v.summary = fmt::format(N_("The job's program, {} process {}{} under the launcher {}, was killed by the kernel OOM "
                            "killer{}{}; the launcher then {}."),
                            program_kill->comm, program_kill->pid,
                            rank_clause(program_kill->rank, program_kill->local_rank), in.main_comm,
                            memcg_clause(*program_kill),
                            lim ? fmt::format(N_(" ({})"), format_bytes(lim)) : "", ended);
  } else if (worker_kill) {
    kernel_kill_verdict(v, "worker_oom_killed", *worker_kill, &in.kernel_kills);
    v.summary = fmt::format(N_("The kernel OOM killer killed {} process {} ({}){}; the main process then {}."),
                            worker_kill->role == "worker" ? N_("worker") : N_("descendant"), worker_kill->pid,
                            worker_kill->comm,
                            worker_kill->peak_pss_bytes ? fmt::format(N_(" at {} PSS{}"), format_bytes(*worker_kill->peak_pss_bytes),
                                                                      pss_age_clause(*worker_kill))
                                                        : "",
                            ended);
    for (auto pid : se.dataloader_killed_pids)
      if (pid == worker_kill->pid)
        v.evidence.push_back(fmt::format(N_("PyTorch reported: DataLoader worker (pid {}) is killed by signal"), pid));
    if (main_kill) v.secondary_causes.push_back("oom_killed");
  } else if (!known && in.kernel_log_readable) {
    // Kill lines are never rate-limited: with the log readable and none
    // naming the main pid, the kernel OOM killer did not kill it.
    v.cause = "exit_unknown";
    v.confidence = "medium";
    v.evidence.push_back(N_("no kernel OOM report names the main process (the kernel log was read throughout)"));
    v.evidence.push_back(N_("its exit status cannot be observed: it was attached with --pid, and only its parent can wait for it"));
    if (counter_up) v.secondary_causes.push_back("oom_kill_in_cgroup");
    const std::string daemons = daemon_list(in);
    if (!daemons.empty()) v.evidence.push_back(fmt::format(N_("found running: {}"), daemons));
    v.summary = fmt::format(N_("The job (pid {}) ended, not killed by the kernel OOM killer; how it ended (exit code or "
                            "signal) cannot be known for a process oomlens did not start{}."),
                            in.main_pid, daemons.empty() ? "" : fmt::format(N_(" (killer daemon(s) running: {})"), daemons));
  } else if (!known && !counter_up && !vmstat_up) {
    v.cause = "exit_unknown";
    v.confidence = "low";
    v.evidence.push_back(N_("its exit status cannot be observed: it was attached with --pid, and only its parent can wait for it"));
    v.summary = fmt::format(N_("The job (pid {}) ended; with no kernel log and no oom_kill counter increase, how it ended "
                            "cannot be known."), in.main_pid);
  } else if (sigkill && (known ? (own_counter_up && !user_sender) : (counter_up || vmstat_up))) {
    // The job's own cgroup counter (--limit), and no userspace sender traced.
    v.cause = "oom_killed";
    v.confidence = counter_up && known ? "medium" : "low";
    v.victim_pid = in.main_pid;
    if (!known) v.evidence.push_back(N_("the exit status was not observable (attached with --pid): it may have ended otherwise"));
    if (counter_up)
      v.evidence.push_back(fmt::format(N_("the oom_kill counter of the job's memory cgroup{} rose by {}"),
                                       in.cgroup_dir ? " " + *in.cgroup_dir : "", *in.cgroup_oom_kill_delta));
    else
      v.evidence.push_back(fmt::format(N_("the machine's oom_kill counter (/proc/vmstat) rose by {}"), *in.vmstat_oom_kill_delta));
    v.summary = counter_up ? fmt::format(N_("The job was killed by the kernel OOM killer in its memory cgroup{}."),
                                         in.limit_bytes ? fmt::format(N_(" (limit {})"), format_bytes(*in.limit_bytes)) : "")
                           : N_("The job was SIGKILLed while the kernel OOM killer was active on this machine.");
  }
  // 1b. The guard's own action: the job ended after oomlens acted on it.
  else if (const GuardStop* g = guard_ended_it(in)) {
    v.cause = "stopped_by_guard";
    v.confidence = g->signal ? "high" : "medium";  // exec:CMD: what the command did is its own
    const std::string what = g->escalated ? fmt::format(N_("sent {} to the main process, then SIGKILL to the job's tree "
                                                        "(memory still rose after --grace)"), signal_name(g->signal))
                             : g->signal  ? fmt::format(N_("sent {} to the main process"), signal_name(g->signal))
                                          : fmt::format(N_("ran --action {}"), g->action);
    const std::string at = fmt::format(N_("at {:.1f} s, when the working set {} was {:.0f}% of the effective limit {} ({})"),
                                       g->t_s, format_bytes(g->working_set_bytes), g->used_fraction * 100,
                                       format_bytes(g->effective_limit_bytes),
                                       g->trigger == "forecast" ? N_("on the forecast") : N_("the --act share"));
    v.evidence.push_back(fmt::format(N_("oomlens's guard {} {}"), what, at));
    v.evidence.push_back(fmt::format(N_("the job then {}"), ended));
    if (in.signal_sender && in.signal_sender->kind == "oomlens_guard") {
      v.signal_sender = in.signal_sender;
      v.evidence.push_back(describe_sender(*in.signal_sender));
    }
    v.summary = fmt::format(N_("oomlens's guard stopped the job before an OOM kill: it {} {}; the job then {}."), what, at,
                            ended);
    v.advice.push_back(fmt::format(N_("the job needed more than {:.0f}% of {}: retry with a larger limit, or less "
                                   "memory (smaller batches, fewer workers)"),
                                   g->used_fraction * 100, format_bytes(g->effective_limit_bytes)));
  }
  // 2. Signals.
  else if (!in.exited) {
    const int sig = in.term_signal;
    const bool mem_stderr = se.python_memory_error || se.bad_alloc || se.enomem;
    if (sig == SIGABRT && (se.bad_alloc || se.cuda_oom)) {
      // An uncaught std::bad_alloc ends in abort(): the abort is the symptom.
      v.cause = se.cuda_oom ? "cuda_oom" : "memory_error";
      v.confidence = "high";
      v.evidence.push_back(se.cuda_oom ? N_("stderr shows CUDA out of memory") : N_("stderr shows std::bad_alloc"));
      v.evidence.push_back(N_("the job then aborted (SIGABRT)"));
      v.summary = se.cuda_oom ? N_("The job ran out of GPU device memory (CUDA out of memory), not host memory.")
                              : N_("An allocation failed (std::bad_alloc) and the job aborted.");
    } else if (sig == SIGKILL) {
      v.cause = "killed";
      v.confidence = in.kernel_log_readable || user_sender ? "high" : "medium";
      if (in.signal_sender) {
        v.signal_sender = in.signal_sender;
        v.evidence.push_back(describe_sender(*in.signal_sender));
        if (in.signal_sender->kind == "kernel")
          v.evidence.push_back(N_("si_code SI_KERNEL: sent from inside the kernel (e.g. a hard RLIMIT_CPU, or an OOM "
                                  "kill whose report was not seen); the task named is only the context it ran in"));
      }
      const bool any_counter = counter_up || vmstat_up;
      if (!any_counter)
        v.evidence.push_back(in.kernel_log_readable
                                 ? std::string(N_("no kernel OOM report names a process of the job, and no oom_kill counter rose"))
                                 : fmt::format(N_("no oom_kill counter rose (the kernel log was not readable: {})"),
                                               kernel_log_error_text(in)));
      else if (in.kernel_log_readable)
        v.evidence.push_back(N_("no kernel OOM report names a process of the job (the kernel log was read throughout; "
                                "kill lines are never rate-limited)"));
      if (any_counter) {
        // OOM kills elsewhere at that moment: a note, never the verdict.
        std::string others = elsewhere(in);
        v.evidence.push_back(others);
        if (!in.kernel_log_readable && !user_sender) {
          v.confidence = "low";
          v.secondary_causes.push_back("possibly_oom_killed");
        }
      }
      std::string who = fmt::format(N_("another process ({})"), unknown_sender(in));
      if (in.signal_sender) who = daemon_sender(in).value_or(sender_who(*in.signal_sender));
      if (!daemon_kill_evidence(in, v, &who) && !in.signal_sender && !in.killer_daemons.empty()) {
        const std::string daemons = daemon_list(in);
        who = fmt::format(N_("another process; running killer daemon(s): {}"), daemons);
        v.evidence.push_back(fmt::format(N_("found running: {}"), daemons));
      }
      const bool unsure = !in.kernel_log_readable && !user_sender && (counter_up || vmstat_up);
      v.summary = unsure ? fmt::format(N_("The job was SIGKILLed by {}; possibly by the kernel OOM killer (OOM kills "
                                          "happened at that moment, but nothing ties one to the job)."), who)
                  : in.signal_sender && in.signal_sender->kind == "kernel" && !in.kernel_log_readable
                      ? fmt::format(N_("The job was SIGKILLed by {}."), who)
                      : fmt::format(N_("The job was SIGKILLed by {}, not by the kernel OOM killer."), who);
    } else if (sig == SIGSEGV) {
      v.cause = "segfault";
      v.confidence = "high";
      v.evidence.push_back(ended);
      v.summary = N_("The job crashed with a segmentation fault (SIGSEGV).");
    } else if (sig == SIGBUS) {
      v.cause = "bus_error";
      v.confidence = "high";
      v.evidence.push_back(ended);
      std::string shm = shm_sentence(in);
      if (!shm.empty()) v.evidence.push_back(shm);
      v.summary = shm.empty() ? std::string(N_("The job died of a bus error (SIGBUS)."))
                              : fmt::format(N_("The job died of a bus error (SIGBUS). {}."), shm);
      if (shm_was_full(in) || se.shm_bus_error) add_shm_advice(v);
    } else {
      v.cause = mem_stderr ? "memory_error" : "signal";
      v.confidence = in.signal_sender ? "high" : "medium";
      v.evidence.push_back(ended);
      std::string who = unknown_sender(in);
      if (in.signal_sender) {
        v.signal_sender = in.signal_sender;
        v.evidence.insert(v.evidence.begin(), describe_sender(*in.signal_sender));
        who = fmt::format(N_("sent by {}"), daemon_sender(in).value_or(sender_who(*in.signal_sender)));
      }
      if (!daemon_kill_evidence(in, v, &who) && !in.signal_sender && !in.killer_daemons.empty()) {
        const std::string daemons = daemon_list(in);
        who = fmt::format(N_("running killer daemon(s), which usually send SIGTERM first: {}"), daemons);
      }
      v.summary = fmt::format(N_("The job was killed by {} ({})."), signal_name(sig), who);
      if (mem_stderr) v.secondary_causes.push_back("memory_error");
    }
  }
  // 3. stderr patterns.
  else if (in.exit_code != 0 && se.worker_bus_error) {
    // A DataLoader worker died of SIGBUS: its shared-memory segment in
    // /dev/shm could not be backed (a full tmpfs, Docker's 64 MB default).
    v.cause = "bus_error";
    v.confidence = "high";
    if (!se.dataloader_bus_error_pids.empty()) v.victim_pid = se.dataloader_bus_error_pids.front();
    v.evidence.push_back(v.victim_pid ? fmt::format(N_("PyTorch reported: DataLoader worker (pid {}) is killed by signal: "
                                                    "Bus error"), *v.victim_pid)
                                      : std::string(N_("PyTorch reported: Unexpected bus error encountered in worker")));
    const std::string shm = shm_sentence(in);
    if (!shm.empty()) v.evidence.push_back(shm);
    v.evidence.push_back(fmt::format(N_("the main process then {}"), ended));
    v.summary = fmt::format(N_("A DataLoader worker{} died of a bus error (SIGBUS): /dev/shm was too small for the "
                            "batches in flight{}; the main process then {}."),
                            v.victim_pid ? fmt::format(N_(" (pid {})"), *v.victim_pid) : "", shm.empty() ? "" : fmt::format(N_(" ({})"), shm),
                            ended);
    add_shm_advice(v);
  } else if (in.exit_code != 0 && !scan_launcher_stderr(in.stderr_tail).ray_oom.empty()) {
    // Ray's memory monitor (a userspace OOM killer) killed a task's worker.
    v.cause = "killed";
    v.confidence = "high";
    v.evidence.push_back(fmt::format(N_("Ray reported: {}"), scan_launcher_stderr(in.stderr_tail).ray_oom));
    v.evidence.push_back(fmt::format(N_("the main process then {}"), ended));
    v.summary = fmt::format(N_("A Ray task was killed by Ray's memory monitor (a userspace OOM killer) because the "
                            "node ran low on memory, not by the kernel OOM killer; the main process then {}."), ended);
    v.advice.push_back(N_("run fewer tasks at once (num_cpus or memory= per task), or give the node more memory; "
                          "RAY_memory_usage_threshold sets when Ray's monitor kills"));
  } else if (in.exit_code != 0 && se.cuda_oom) {
    v.cause = "cuda_oom";
    v.confidence = "high";
    v.evidence.push_back(N_("stderr shows CUDA out of memory"));
    v.summary = fmt::format(N_("The job ran out of GPU device memory (CUDA out of memory, not host memory) and {}."), ended);
  } else if (in.exit_code != 0 && (se.python_memory_error || se.bad_alloc || se.enomem || se.torch_cpu_alloc)) {
    v.cause = "memory_error";
    v.confidence = "high";
    const std::string what = se.numpy_memory_error ? N_("numpy's MemoryError (_ArrayMemoryError)")
                             : se.torch_cpu_alloc   ? N_("torch's DefaultCPUAllocator: can't allocate memory")
                             : se.python_memory_error ? N_("a Python MemoryError")
                             : se.bad_alloc         ? "std::bad_alloc"
                                                    : N_("`Cannot allocate memory` (ENOMEM, e.g. from fork)");
    v.evidence.push_back(fmt::format(N_("stderr shows {}"), what));
    add_memory_error_detail(in, se, v);
    v.summary = fmt::format(N_("An allocation failed inside the job ({}{}){} and it {}."), what,
                            se.requested_bytes ? fmt::format(N_(", asking for {}{} bytes"), se.requested_approx ? "about " : "",
                                                             *se.requested_bytes)
                                               : "",
                            limit_clause(in), ended);
  }
  // 4. Exit code.
  else {
    v.cause = "exited";
    v.confidence = "high";
    v.evidence.push_back(ended);
    if (in.exit_code != 0 && !se.python_exception.empty())
      v.evidence.push_back(fmt::format(N_("the job's last Python exception: `{}`"), se.python_exception));
    v.summary = in.exit_code == 0 ? N_("The job exited normally (code 0).")
                : !se.python_exception.empty()
                    ? fmt::format(N_("The job exited with code {} after an uncaught {}; no memory problem was seen."),
                                  in.exit_code, se.python_exception.substr(0, se.python_exception.find(':')))
                    : fmt::format(N_("The job exited with code {}; no memory problem was seen."), in.exit_code);
  }

  add_launcher_evidence(in, v);
  // Secondary causes and caveats.
  if (v.cause != "oom_killed" && v.cause != "worker_oom_killed") {
    if (!se.dataloader_killed_pids.empty() && v.cause != "bus_error")
      v.evidence.push_back(fmt::format(N_("PyTorch reported DataLoader worker (pid {}) killed by a signal, "
                                       "with no kernel OOM report for it"),
                                       se.dataloader_killed_pids.front()));
    if (own_counter_up) v.secondary_causes.push_back("oom_kill_in_cgroup");
  }
  if (in.leftover_killed && *in.leftover_killed > 0) {
    v.evidence.push_back(fmt::format(N_("{} process(es) were still in the job's cgroup when it ended: oomlens "
                                        "killed them"),
                                     *in.leftover_killed));
    v.summary = fmt::format(N_("{} oomlens killed the {} process(es) the job left behind."), v.summary,
                            *in.leftover_killed);
  }
  if (v.cause != "cuda_oom" && se.cuda_oom) v.secondary_causes.push_back("cuda_oom");
  if (v.cause != "memory_error" && v.cause != "oom_killed" && (se.python_memory_error || se.bad_alloc))
    if (std::find(v.secondary_causes.begin(), v.secondary_causes.end(), "memory_error") == v.secondary_causes.end())
      v.secondary_causes.push_back("memory_error");
  const bool traced_user_kill = v.cause == "killed" && v.signal_sender && v.signal_sender->kind != "kernel";
  // A victim the oom:mark_victim tracepoint saw is the OOM killer's for
  // certain; only the report's details (constraint, memcg) are missing.
  const bool traced_victim = std::any_of(in.kernel_kills.begin(), in.kernel_kills.end(), [&](const TreeKill& k) {
    return k.traced && v.victim_pid && k.pid == *v.victim_pid;
  });
  if (!in.kernel_log_readable && traced_victim) {
    v.evidence.push_back(fmt::format(N_("the kernel log could not be read ({}): the kill is known from the oom:mark_victim "
                                        "tracepoint, but not its report (constraint, memory cgroup, task table)"),
                                     kernel_log_error_text(in)));
  } else if (!in.kernel_log_readable && (v.cause == "killed" || v.cause == "oom_killed") && !traced_user_kill) {
    if (v.confidence == "high") v.confidence = "medium";
    v.evidence.push_back(fmt::format(N_("confidence lowered: the kernel log could not be read ({}); run as root or with "
                                        "CAP_SYSLOG"), kernel_log_error_text(in)));
  }
  // Memory attributed to the workers, and copy-on-read advice that checks
  // the start method first: only forked workers share the parent's pages.
  const bool memory_cause = v.cause == "oom_killed" || v.cause == "worker_oom_killed" || v.cause == "memory_error";
  const auto at_once = memory_cause ? workers_pss_at_once(in.workers_pss) : std::nullopt;
  if (at_once) {
    v.workers_pss = at_once;
    const uint32_t all = std::max<uint32_t>(in.worker_count, static_cast<uint32_t>(in.workers_pss.size()));
    const std::string pss = format_bytes(at_once->peak_pss_bytes);
    const std::string start = in.worker_start_method.value_or("unknown");
    if (at_once->epoch)
      v.evidence.push_back(at_once->workers == 1
                               ? fmt::format(N_("{} worker process of epoch {} of {} ({} in all) held {} of PSS at its "
                                                "peak ({} start)"),
                                             at_once->workers, *at_once->epoch, at_once->epochs, all, pss, start)
                               : fmt::format(N_("{} worker processes of epoch {} of {} ({} in all), alive at once, held "
                                                "{} of PSS at their peaks ({} start)"),
                                             at_once->workers, *at_once->epoch, at_once->epochs, all, pss, start));
    else if (at_once->workers < all)
      v.evidence.push_back(fmt::format(N_("{} worker processes alive at once ({} in all) held {} of PSS at their peaks "
                                          "({} start)"),
                                       at_once->workers, all, pss, start));
    else
      v.evidence.push_back(at_once->workers == 1
                               ? fmt::format(N_("{} worker process held {} of PSS at its peak ({} start)"),
                                             at_once->workers, pss, start)
                               : fmt::format(N_("{} worker processes held {} of PSS at their peaks ({} start)"),
                                             at_once->workers, pss, start));
    if (const auto d = in.worker_pool ? diagnose_workers(*in.worker_pool) : std::nullopt) {
      v.evidence.push_back(d->evidence);
      if (!d->growth_evidence.empty()) v.evidence.push_back(d->growth_evidence);
      v.advice.push_back(d->advice);
      if (!d->growth_advice.empty()) v.advice.push_back(d->growth_advice);
      v.worker_memory = d;
    } else if (in.worker_start_method && in.worker_start_method != std::optional<std::string>("fork")) {
      v.advice.push_back(fmt::format(N_("{} workers get pickled copies of the Dataset, not shared pages: each holds a "
                                     "full copy; shrink what the Dataset holds or use fewer workers"),
                                     *in.worker_start_method));
    }
  }
  add_shmem_left(in, v);
  // No epochs seen (num_workers=0, or workers that never restart): the main
  // program's growth over time, ahead of the sizing advice (no limit fits
  // a job that keeps growing).
  if ((memory_cause || v.cause == "stopped_by_guard") && (!v.worker_memory || v.worker_memory->epochs.size() < 2) &&
      !(v.worker_memory && v.worker_memory->main_growing))
    if (auto g = diagnose_main_growth_over_time(in.main_curve)) {
      v.advice.insert(v.advice.begin(), g->advice);
      v.main_growth = std::move(g);
    }
  add_limit_advice(in, v);
  return v;
}

}  // namespace oomlens::diagnose
