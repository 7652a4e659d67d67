// The verdict of `oomlens run` (see verdict.h).
#include "diagnose/verdict.h"

#include <fmt/core.h>

#include <algorithm>
#include <csignal>
#include <charconv>

namespace oomlens::diagnose {
namespace {

std::string mib(uint64_t b) { return fmt::format("{:.0f} MiB", static_cast<double>(b) / (1 << 20)); }

bool contains(std::string_view h, std::string_view n) { return h.find(n) != std::string_view::npos; }

std::string describe_kill(const TreeKill& k) {
  std::string s = fmt::format("kernel OOM killer killed {} process {} ({})", k.role, k.pid, k.comm);
  if (k.constraint) s += fmt::format(", constraint {}", *k.constraint);
  if (k.oom_memcg) s += fmt::format(", memcg {}", *k.oom_memcg);
  if (k.limit_bytes) s += fmt::format(", limit {}", mib(*k.limit_bytes));
  if (k.anon_rss_bytes) s += fmt::format(", anon-rss {}", mib(*k.anon_rss_bytes));
  if (k.kmsg_seq) s += fmt::format(" (kernel log seq {}{})", *k.kmsg_seq, k.full_report ? ", full report" : ", kill line");
  return s;
}

// "sender unknown" and why: the wait status never says, and the trace
// (when there was one) did not see it either.
std::string unknown_sender(const VerdictInput& in) {
  std::string s = "sender unknown: a wait status never says who sent a signal";
  if (in.signal_trace && *in.signal_trace == "on")
    s += fmt::format(", and the signal trace saw no {} sent to pid {}", signal_name(in.term_signal), in.main_pid);
  else if (in.signal_trace)
    s += "; signal trace " + *in.signal_trace;
  return s;
}

// The traced sender is a userspace OOM killer whose journal line names the
// job (earlyoom's comm is "earlyoom", systemd-oomd's "systemd-oomd").
std::optional<std::string> daemon_sender(const VerdictInput& in) {
  if (!in.signal_sender || !in.daemon_kill || in.signal_sender->comm != in.daemon_kill->daemon) return std::nullopt;
  return fmt::format("{} (pid {}), a userspace OOM killer", in.daemon_kill->daemon, in.signal_sender->pid);
}

}  // namespace

std::string signal_name(int sig) {
  switch (sig) {
    case SIGHUP: return "SIGHUP"; case SIGINT: return "SIGINT"; case SIGQUIT: return "SIGQUIT";
    case SIGILL: return "SIGILL"; case SIGTRAP: return "SIGTRAP"; case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS"; case SIGFPE: return "SIGFPE"; case SIGKILL: return "SIGKILL";
    case SIGUSR1: return "SIGUSR1"; case SIGSEGV: return "SIGSEGV"; case SIGUSR2: return "SIGUSR2";
    case SIGPIPE: return "SIGPIPE"; case SIGALRM: return "SIGALRM"; case SIGTERM: return "SIGTERM";
    case SIGXCPU: return "SIGXCPU"; case SIGXFSZ: return "SIGXFSZ"; case SIGSYS: return "SIGSYS";
    default: return fmt::format("signal {}", sig);
  }
}

StderrFindings scan_stderr(std::string_view t) {
  StderrFindings f;
  f.python_memory_error = contains(t, "\nMemoryError") || t.substr(0, 11) == "MemoryError";
  f.bad_alloc = contains(t, "std::bad_alloc");
  f.enomem = contains(t, "Cannot allocate memory");
  f.cuda_oom = contains(t, "CUDA out of memory") || contains(t, "torch.cuda.OutOfMemoryError") ||
               contains(t, "CUDA error: out of memory");
  f.shm_bus_error = contains(t, "Bus error") && contains(t, "shared memory");
  constexpr std::string_view key = "DataLoader worker (pid ";
  for (size_t p = t.find(key); p != std::string_view::npos; p = t.find(key, p + 1)) {
    auto rest = t.substr(p + key.size());
    int64_t pid = 0;
    auto r = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
    if (r.ec == std::errc{} && contains(rest.substr(0, 80), "killed by signal")) f.dataloader_killed_pids.push_back(pid);
  }
  return f;
}

Verdict decide_verdict(const VerdictInput& in) {
  Verdict v;
  if (in.still_running) {
    v.cause = "still_running";
    v.confidence = "high";
    v.evidence.push_back(fmt::format("oomlens received {} and stopped following pid {}", signal_name(in.detach_signal),
                                     in.main_pid));
    v.summary = fmt::format("oomlens stopped following the job (pid {}) on {}; the job was still running.", in.main_pid,
                            signal_name(in.detach_signal));
    return v;
  }
  const StderrFindings se = scan_stderr(in.stderr_tail);
  const bool known = in.exit_status_known;
  const bool sigkill = known ? !in.exited && in.term_signal == SIGKILL : true;  // unknown: a kill is possible
  const TreeKill* main_kill = nullptr;
  const TreeKill* worker_kill = nullptr;
  for (auto& k : in.kernel_kills) {
    if (k.pid == in.main_pid) main_kill = &k;
    else if (!worker_kill) worker_kill = &k;
  }
  const bool counter_up = in.cgroup_oom_kill_delta && *in.cgroup_oom_kill_delta > 0;
  const bool vmstat_up = in.vmstat_oom_kill_delta && *in.vmstat_oom_kill_delta > 0;
  std::string ended = !known     ? std::string("ended (exit status unknown: not oomlens's child)")
                      : in.exited ? fmt::format("exited with code {}", in.exit_code)
                                  : fmt::format("was killed by {}{}", signal_name(in.term_signal),
                                                in.core_dumped ? " (core dumped)" : "");

  // 1. Kernel OOM evidence.
  if (main_kill && sigkill) {
    v.cause = "oom_killed";
    v.victim_pid = main_kill->pid;
    v.confidence = "high";
    v.evidence.push_back(describe_kill(*main_kill));
    if (!known) v.evidence.push_back("the exit status itself was not observable (attached with --pid): the kernel's kill line names the process");
    v.summary = fmt::format("The job was killed by the kernel OOM killer{}{}.",
                            main_kill->constraint == std::optional<std::string>("memcg")
                                ? " because its memory cgroup reached its limit" : "",
                            main_kill->limit_bytes || in.limit_bytes
                                ? fmt::format(" ({})", mib(main_kill->limit_bytes.value_or(in.limit_bytes.value_or(0))))
                                : "");
  } else if (worker_kill) {
    v.cause = "worker_oom_killed";
    v.victim_pid = worker_kill->pid;
    v.confidence = "high";
    v.evidence.push_back(describe_kill(*worker_kill));
    for (auto& k : in.kernel_kills)
      if (&k != worker_kill) v.evidence.push_back(describe_kill(k));
    v.summary = fmt::format("The kernel OOM killer killed {} process {} ({}){}; the main process then {}.",
                            worker_kill->role == "worker" ? "worker" : "descendant", worker_kill->pid,
                            worker_kill->comm,
                            worker_kill->peak_pss_bytes ? fmt::format(" at {} PSS", mib(*worker_kill->peak_pss_bytes)) : "",
                            ended);
    for (auto pid : se.dataloader_killed_pids)
      if (pid == worker_kill->pid)
        v.evidence.push_back(fmt::format("PyTorch reported: DataLoader worker (pid {}) is killed by signal", pid));
    if (main_kill) v.secondary_causes.push_back("oom_killed");
  } else if (!known && in.kernel_log_readable) {
    // Kill lines are never rate-limited: with the log readable and none
    // naming the main pid, the kernel OOM killer did not kill it.
    v.cause = "exit_unknown";
    v.confidence = "medium";
    v.evidence.push_back("no kernel OOM report names the main process (the kernel log was read throughout)");
    v.evidence.push_back("its exit status cannot be observed: it was attached with --pid, and only its parent can wait for it");
    if (counter_up) v.secondary_causes.push_back("oom_kill_in_cgroup");
    std::string daemons;
    for (size_t i = 0; i < in.killer_daemons.size(); ++i) daemons += (i ? ", " : "") + in.killer_daemons[i];
    if (!daemons.empty()) v.evidence.push_back("found running: " + daemons);
    v.summary = fmt::format("The job (pid {}) ended, not killed by the kernel OOM killer; how it ended (exit code or "
                            "signal) cannot be known for a process oomlens did not start{}.",
                            in.main_pid, daemons.empty() ? "" : " (killer daemon(s) running: " + daemons + ")");
  } else if (!known && !counter_up && !vmstat_up) {
    v.cause = "exit_unknown";
    v.confidence = "low";
    v.evidence.push_back("its exit status cannot be observed: it was attached with --pid, and only its parent can wait for it");
    v.summary = fmt::format("The job (pid {}) ended; with no kernel log and no oom_kill counter increase, how it ended "
                            "cannot be known.", in.main_pid);
  } else if (sigkill && (counter_up || vmstat_up)) {
    v.cause = "oom_killed";
    v.confidence = counter_up && known ? "medium" : "low";
    v.victim_pid = in.main_pid;
    if (!known) v.evidence.push_back("the exit status was not observable (attached with --pid): it may have ended otherwise");
    if (counter_up)
      v.evidence.push_back(fmt::format("the oom_kill counter of the job's memory cgroup{} rose by {}",
                                       in.cgroup_dir ? " " + *in.cgroup_dir : "", *in.cgroup_oom_kill_delta));
    else
      v.evidence.push_back(fmt::format("the machine's oom_kill counter (/proc/vmstat) rose by {}", *in.vmstat_oom_kill_delta));
    v.summary = counter_up ? fmt::format("The job was killed by the kernel OOM killer in its memory cgroup{}.",
                                         in.limit_bytes ? fmt::format(" (limit {})", mib(*in.limit_bytes)) : "")
                           : "The job was SIGKILLed while the kernel OOM killer was active on this machine.";
  }
  // 2. Signals.
  else if (!in.exited) {
    const int sig = in.term_signal;
    const bool mem_stderr = se.python_memory_error || se.bad_alloc || se.enomem;
    if (sig == SIGABRT && (se.bad_alloc || se.cuda_oom)) {
      // An uncaught std::bad_alloc ends in abort(): the abort is the symptom.
      v.cause = se.cuda_oom ? "cuda_oom" : "memory_error";
      v.confidence = "high";
      v.evidence.push_back(se.cuda_oom ? "stderr shows CUDA out of memory" : "stderr shows std::bad_alloc");
      v.evidence.push_back("the job then aborted (SIGABRT)");
      v.summary = se.cuda_oom ? "The job ran out of GPU device memory (CUDA out of memory), not host memory."
                              : "An allocation failed (std::bad_alloc) and the job aborted.";
    } else if (sig == SIGKILL) {
      v.cause = "killed";
      const bool user_sender = in.signal_sender && in.signal_sender->kind != "kernel";
      v.confidence = in.kernel_log_readable || user_sender ? "high" : "medium";
      if (in.signal_sender) {
        v.signal_sender = in.signal_sender;
        v.evidence.push_back(describe_sender(*in.signal_sender));
        if (in.signal_sender->kind == "kernel")
          v.evidence.push_back("si_code SI_KERNEL: sent from inside the kernel (e.g. a hard RLIMIT_CPU, or an OOM "
                               "kill whose report was not seen); the task named is only the context it ran in");
      }
      v.evidence.push_back(in.kernel_log_readable
                               ? "no kernel OOM report names a process of the job, and no oom_kill counter rose"
                               : "no oom_kill counter rose (the kernel log was not readable: " +
                                     in.kernel_log_error.value_or("?") + ")");
      std::string who = "another process (" + unknown_sender(in) + ")";
      if (in.signal_sender) {
        who = daemon_sender(in).value_or(sender_who(*in.signal_sender));
        if (in.daemon_kill) v.evidence.push_back(describe(*in.daemon_kill));
      } else if (in.daemon_kill) {
        who = in.daemon_kill->daemon + ", a userspace OOM killer";
        v.evidence.push_back(describe(*in.daemon_kill));
      } else if (!in.killer_daemons.empty()) {
        who = "another process; running killer daemon(s): ";
        for (size_t i = 0; i < in.killer_daemons.size(); ++i) who += (i ? ", " : "") + in.killer_daemons[i];
        v.evidence.push_back("found running: " + who.substr(who.find(": ") + 2));
      }
      v.summary = "The job was SIGKILLed by " + who +
                  (in.signal_sender && in.signal_sender->kind == "kernel" && !in.kernel_log_readable
                       ? "." : ", not by the kernel OOM killer.");
    } else if (sig == SIGSEGV) {
      v.cause = "segfault";
      v.confidence = "high";
      v.evidence.push_back(ended);
      v.summary = "The job crashed with a segmentation fault (SIGSEGV).";
    } else if (sig == SIGBUS) {
      v.cause = "bus_error";
      v.confidence = "high";
      v.evidence.push_back(ended);
      std::string shm;
      if (in.shm_used_bytes && in.shm_size_bytes && *in.shm_size_bytes > 0) {
        double pct = 100.0 * static_cast<double>(*in.shm_used_bytes) / static_cast<double>(*in.shm_size_bytes);
        shm = fmt::format(" /dev/shm was {:.0f}% full ({} of {}){}", pct, mib(*in.shm_used_bytes),
                          mib(*in.shm_size_bytes), pct > 90 ? ": a full /dev/shm is the usual cause" : "");
        v.evidence.push_back(shm.substr(1));
      }
      v.summary = "The job died of a bus error (SIGBUS)." + (shm.empty() ? "" : shm + ".");
    } else {
      v.cause = mem_stderr ? "memory_error" : "signal";
      v.confidence = in.signal_sender ? "high" : "medium";
      v.evidence.push_back(ended);
      std::string who = unknown_sender(in);
      if (in.signal_sender) {
        v.signal_sender = in.signal_sender;
        v.evidence.insert(v.evidence.begin(), describe_sender(*in.signal_sender));
        who = "sent by " + daemon_sender(in).value_or(sender_who(*in.signal_sender));
        if (in.daemon_kill) v.evidence.push_back(describe(*in.daemon_kill));
      } else if (in.daemon_kill) {
        who = in.daemon_kill->daemon + ", a userspace OOM killer";
        v.evidence.push_back(describe(*in.daemon_kill));
      } else if (!in.killer_daemons.empty()) {
        who = "running killer daemon(s), which usually send SIGTERM first: ";
        for (size_t i = 0; i < in.killer_daemons.size(); ++i) who += (i ? ", " : "") + in.killer_daemons[i];
      }
      v.summary = fmt::format("The job was killed by {} ({}).", signal_name(sig), who);
      if (mem_stderr) v.secondary_causes.push_back("memory_error");
    }
  }
  // 3. stderr patterns.
  else if (in.exit_code != 0 && se.cuda_oom) {
    v.cause = "cuda_oom";
    v.confidence = "high";
    v.evidence.push_back("stderr shows CUDA out of memory");
    v.summary = fmt::format("The job ran out of GPU device memory (CUDA out of memory, not host memory) and {}.", ended);
  } else if (in.exit_code != 0 && (se.python_memory_error || se.bad_alloc || se.enomem)) {
    v.cause = "memory_error";
    v.confidence = "high";
    v.evidence.push_back(se.python_memory_error ? "stderr shows a Python MemoryError"
                         : se.bad_alloc        ? "stderr shows std::bad_alloc"
                                               : "stderr shows `Cannot allocate memory`");
    v.summary = fmt::format("An allocation failed inside the job ({}) and it {}.",
                            se.python_memory_error ? "Python MemoryError" : se.bad_alloc ? "std::bad_alloc" : "ENOMEM",
                            ended);
  }
  // 4. Exit code.
  else {
    v.cause = "exited";
    v.confidence = "high";
    v.evidence.push_back(ended);
    v.summary = in.exit_code == 0 ? "The job exited normally (code 0)."
                                  : fmt::format("The job exited with code {}; no memory problem was seen.", in.exit_code);
  }

  // Secondary causes and caveats.
  if (v.cause != "oom_killed" && v.cause != "worker_oom_killed") {
    if (!se.dataloader_killed_pids.empty())
      v.evidence.push_back(fmt::format("PyTorch reported DataLoader worker (pid {}) killed by a signal, "
                                       "with no kernel OOM report for it",
                                       se.dataloader_killed_pids.front()));
    if (counter_up) v.secondary_causes.push_back("oom_kill_in_cgroup");
  }
  if (v.cause != "cuda_oom" && se.cuda_oom) v.secondary_causes.push_back("cuda_oom");
  if (v.cause != "memory_error" && v.cause != "oom_killed" && (se.python_memory_error || se.bad_alloc))
    if (std::find(v.secondary_causes.begin(), v.secondary_causes.end(), "memory_error") == v.secondary_causes.end())
      v.secondary_causes.push_back("memory_error");
  const bool traced_user_kill = v.cause == "killed" && v.signal_sender && v.signal_sender->kind != "kernel";
  if (!in.kernel_log_readable && (v.cause == "killed" || v.cause == "oom_killed") && !traced_user_kill) {
    if (v.confidence == "high") v.confidence = "medium";
    v.evidence.push_back("confidence lowered: the kernel log could not be read (" +
                         in.kernel_log_error.value_or("?") + "); run as root or with CAP_SYSLOG");
  }
  // Memory attributed to the workers, and copy-on-read advice that checks
  // the start method first: only forked workers share the parent's pages.
  const bool memory_cause = v.cause == "oom_killed" || v.cause == "worker_oom_killed" || v.cause == "memory_error";
  if (memory_cause && in.worker_count > 0 && in.workers_peak_pss_bytes) {
    v.evidence.push_back(fmt::format("{} worker process{} held {} of PSS at their peaks ({} start)", in.worker_count,
                                     in.worker_count == 1 ? "" : "es", mib(*in.workers_peak_pss_bytes),
                                     in.worker_start_method.value_or("unknown")));
    if (in.worker_start_method == std::optional<std::string>("fork"))
      v.advice.push_back("forked workers share the parent's pages until they touch them: reading Python objects "
                         "(a list or dict in the Dataset) writes their refcounts and copies every page (copy-on-read); "
                         "keep such data in numpy arrays or tensors, or fewer workers");
    else if (in.worker_start_method)
      v.advice.push_back(fmt::format("{} workers get pickled copies of the Dataset, not shared pages: each holds a "
                                     "full copy; shrink what the Dataset holds or use fewer workers",
                                     *in.worker_start_method));
  }
  return v;
}

std::optional<std::string> worker_start_method(std::string_view w, std::string_view m) {
  if (contains(w, "multiprocessing.spawn") || contains(w, "multiprocessing_spawn")) return "spawn";
  if (contains(w, "multiprocessing.forkserver")) return "forkserver";
  if (!w.empty() && w == m) return "fork";
  return std::nullopt;
}

}  // namespace oomlens::diagnose
