// The verdict of `oomlens run` (see verdict.h).
#include "diagnose/verdict.h"
#include "diagnose/launcher.h"
#include "monitor/kernel_watch.h"
#include "monitor/sample.h"
#include "util/i18n.h"

#include <fmt/core.h>

#include <algorithm>
#include <csignal>
#include <charconv>

namespace oomlens::diagnose {
namespace {

std::string mib(uint64_t b) { return fmt::format("{:.0f} MiB", static_cast<double>(b) / (1 << 20)); }

bool contains(std::string_view h, std::string_view n) { return h.find(n) != std::string_view::npos; }

// A victim's PSS is dated, never refreshed (it is gone when its kill line
// is read): older than monitor::kPssVictimAgeSaidS, it may lag what the
// kernel's anon-rss counts at the kill.
std::string pss_age_clause(const TreeKill& k) {
  if (!k.pss_age_s || *k.pss_age_s < monitor::kPssVictimAgeSaidS) return "";
  return fmt::format(N_(", last read {:.1f} s before the kill"), *k.pss_age_s);
}

std::string describe_kill(const TreeKill& k) {
  // One format of optional clauses, each a msgid: translated when shown
  // (render/record_text.cpp, i18n::retranslate).
  return fmt::format(N_("kernel OOM killer killed {}{}{}{}{}{}{}{}"), describe_proc(k),
                     k.constraint ? fmt::format(N_(", constraint {}"), *k.constraint) : "",
                     k.oom_memcg ? fmt::format(N_(", memcg {}"), *k.oom_memcg) : "",
                     k.limit_bytes ? fmt::format(N_(", limit {}"), mib(*k.limit_bytes)) : "",
                     k.anon_rss_bytes ? fmt::format(N_(", anon-rss {}"), mib(*k.anon_rss_bytes)) : "",
                     k.file_rss_bytes && k.shmem_rss_bytes
                         ? fmt::format(N_(", file-rss {}, shmem-rss {}"), mib(*k.file_rss_bytes), mib(*k.shmem_rss_bytes))
                         : "",
                     k.kmsg_seq ? fmt::format(N_(" (kernel log seq {}{})"), *k.kmsg_seq,
                                              k.full_report ? N_(", full report") : N_(", kill line"))
                                : "",
                     k.traced ? N_(" (oom:mark_victim tracepoint)") : "");
}

// "sender unknown" and why: the wait status never says, and the trace
// (when there was one) did not see it either.
/// The verdict of a kernel kill of `victim`: cause, its pid, high
/// confidence, its kill line first; with `others`, the rest of the job's
/// kills after it.
void kernel_kill_verdict(Verdict& v, const char* cause, const TreeKill& victim,
                         const std::vector<TreeKill>* others) {
  v.cause = cause;
  v.victim_pid = victim.pid;
  v.confidence = "high";
  v.evidence.push_back(describe_kill(victim));
  if (others)
    for (auto& k : *others)
      if (&k != &victim) v.evidence.push_back(describe_kill(k));
}

/// " because its memory cgroup reached its limit" for a memcg kill, else "".
const char* memcg_clause(const TreeKill& k) {
  return k.constraint == std::optional<std::string>("memcg") ? N_(" because its memory cgroup reached its limit") : "";
}

/// The killer daemons found running, joined by ", " ("" when none).
std::string daemon_list(const VerdictInput& in) {
  std::string daemons;
  for (size_t i = 0; i < in.killer_daemons.size(); ++i) daemons += (i ? ", " : "") + in.killer_daemons[i];
  return daemons;
}

std::string unknown_sender(const VerdictInput& in) {
  return fmt::format(N_("sender unknown: a wait status never says who sent a signal{}"),
                     in.signal_trace && *in.signal_trace == "on"
                         ? fmt::format(N_(", and the signal trace saw no {} sent to pid {}"), signal_name(in.term_signal),
                                       in.main_pid)
                     : in.signal_trace && in.signal_trace->starts_with("unavailable: ")
                         ? fmt::format(N_("; signal trace unavailable: {}"), in.signal_trace->substr(13))
                     : in.signal_trace ? fmt::format(N_("; signal trace {}"), *in.signal_trace)
                                       : std::string());
}

// The traced sender is a userspace OOM killer whose journal line names the
// job (earlyoom's comm is "earlyoom", systemd-oomd's "systemd-oomd").
std::optional<std::string> daemon_sender(const VerdictInput& in) {
  if (!in.signal_sender || !in.daemon_kill || in.signal_sender->comm != in.daemon_kill->daemon) return std::nullopt;
  return fmt::format(N_("{} (pid {}), a userspace OOM killer"), in.daemon_kill->daemon, in.signal_sender->pid);
}

// A userspace OOM killer's own journal line about the job (in.daemon_kill)
// is evidence; without a traced sender it also names who sent the signal
// (`*who`: "<daemon>, a userspace OOM killer"). False without that line.
bool daemon_kill_evidence(const VerdictInput& in, Verdict& v, std::string* who) {
  if (!in.daemon_kill) return false;
  if (!in.signal_sender) *who = fmt::format(N_("{}, a userspace OOM killer"), in.daemon_kill->daemon);
  v.evidence.push_back(describe(*in.daemon_kill));
  return true;
}

// "/dev/shm (64 MiB) was 100% full at its peak (64 MiB), 0 MiB at the end".
std::string shm_sentence(const VerdictInput& in) {
  if (!in.shm_size_bytes || *in.shm_size_bytes == 0) return "";
  const auto pct = [&](uint64_t b) { return 100.0 * static_cast<double>(b) / static_cast<double>(*in.shm_size_bytes); };
  if (in.shm_peak_used_bytes)
    return fmt::format(N_("/dev/shm ({}) was {:.0f}% full at its peak ({}){}"), mib(*in.shm_size_bytes),
                       pct(*in.shm_peak_used_bytes), mib(*in.shm_peak_used_bytes),
                       in.shm_used_bytes ? fmt::format(N_(", {} at the end (PyTorch unlinks its segments)"),
                                                       mib(*in.shm_used_bytes)) : "");  // "used" is the last use seen
  if (in.shm_used_bytes)
    return fmt::format(N_("/dev/shm was {:.0f}% full ({} of {}) at the end"), pct(*in.shm_used_bytes),
                       mib(*in.shm_used_bytes), mib(*in.shm_size_bytes));
  return "";
}

bool shm_was_full(const VerdictInput& in) {
  auto used = in.shm_peak_used_bytes ? in.shm_peak_used_bytes : in.shm_used_bytes;
  return used && in.shm_size_bytes && *in.shm_size_bytes > 0 &&
         static_cast<double>(*used) >= 0.9 * static_cast<double>(*in.shm_size_bytes);
}

void add_shm_advice(Verdict& v) {
  v.advice.push_back(N_("give the job a larger /dev/shm: `docker run --shm-size=2g` (or `--ipc=host`); in Kubernetes "
                        "an emptyDir with medium: Memory mounted at /dev/shm"));
  v.advice.push_back(N_("or put fewer or smaller batches in flight: a lower num_workers, prefetch_factor or batch_size"));
}

// " under RLIMIT_AS 1024 MiB" when a memory rlimit was set.
std::string limit_clause(const VerdictInput& in) {
  if (in.rlimit_as_bytes) return fmt::format(N_(" under RLIMIT_AS {} (ulimit -v)"), mib(*in.rlimit_as_bytes));
  if (in.rlimit_data_bytes) return fmt::format(N_(" under RLIMIT_DATA {} (ulimit -d)"), mib(*in.rlimit_data_bytes));
  return "";
}

// The size asked for, the rlimit that refused it, and what the job held.
void add_memory_error_detail(const VerdictInput& in, const StderrFindings& se, Verdict& v) {
  // One msgid per case (translated whole where shown: i18n::retranslate).
  if (se.requested_bytes)
    v.evidence.push_back(se.requested_approx
                             ? fmt::format(N_("the allocation asked for about {} bytes ({}, from numpy's rounded figure)"),
                                           *se.requested_bytes, mib(*se.requested_bytes))
                             : fmt::format(N_("the allocation asked for {} bytes ({})"), *se.requested_bytes,
                                           mib(*se.requested_bytes)));
  if (in.rlimit_as_bytes || in.rlimit_data_bytes) {
    const bool as = in.rlimit_as_bytes.has_value();
    const uint64_t lim = as ? *in.rlimit_as_bytes : *in.rlimit_data_bytes;
    v.evidence.push_back(
        as ? fmt::format(N_("the main process had RLIMIT_AS (address space, ulimit -v) set to {} ({} bytes, "
                            "/proc/PID/limits): the process's own limit refused it, not the machine running out"),
                         mib(lim), lim)
           : fmt::format(N_("the main process had RLIMIT_DATA (ulimit -d) set to {} ({} bytes, /proc/PID/limits): the "
                            "process's own limit refused it, not the machine running out"),
                         mib(lim), lim));
    v.advice.push_back(fmt::format(N_("raise or remove {} (now {}){}"), as ? "ulimit -v" : "ulimit -d", mib(lim),
                                   se.requested_bytes ? fmt::format(N_(": one allocation alone asked for {}"),
                                                                    mib(*se.requested_bytes))
                                                      : std::string()));
  }
  if (in.held_bytes) v.evidence.push_back(fmt::format(N_("the job held {} (peak tree PSS) before"), mib(*in.held_bytes)));
}

// The note of OOM kills elsewhere: the counters that rose and the kill
// lines of processes outside the job's tree.
std::string elsewhere(const VerdictInput& in) {
  // Clauses joined by "; ", each a msgid of its own (i18n::retranslate
  // translates the whole from them).
  std::vector<std::string> parts;
  if (in.vmstat_oom_kill_delta && *in.vmstat_oom_kill_delta > 0)
    parts.push_back(fmt::format(N_("the machine's oom_kill counter (/proc/vmstat) rose by {}"), *in.vmstat_oom_kill_delta));
  if (in.cgroup_oom_kill_delta && *in.cgroup_oom_kill_delta > 0 && !in.cgroup_is_jobs_own)
    parts.push_back(in.cgroup_dir ? fmt::format(N_("the oom_kill counter of the shared cgroup {} rose by {}"),
                                                *in.cgroup_dir, *in.cgroup_oom_kill_delta)
                                  : fmt::format(N_("the oom_kill counter of the shared cgroup rose by {}"),
                                                *in.cgroup_oom_kill_delta));
  std::string killed;
  for (size_t i = 0; i < in.other_kills.size(); ++i) {
    const TreeKill& k = in.other_kills[i];
    if (i) killed += ", ";  // joined by the glue msgids N_("{}, {}") and N_("{}; {}")
    (void)N_("{}, {}");
    (void)N_("{}; {}");
    killed += k.oom_memcg ? fmt::format(N_("pid {} ({}) in memcg {}"), k.pid, k.comm, *k.oom_memcg)
                          : fmt::format(N_("pid {} ({})"), k.pid, k.comm);
  }
  if (!killed.empty()) parts.push_back(fmt::format(N_("the kernel killed {}"), killed));
  if (parts.empty()) return N_("OOM kills elsewhere at that moment, not tied to the job:");
  std::string joined;
  for (size_t i = 0; i < parts.size(); ++i) joined += (i ? "; " : "") + parts[i];
  return fmt::format(N_("OOM kills elsewhere at that moment, not tied to the job: {}"), joined);
}

// The guard's action ended the job: it acted (a signal or a command) and
// the job then exited (a handler that checkpoints), or died of that signal
// or of the escalation's SIGKILL, and the signal trace names no other
// sender of the death signal.
const GuardStop* guard_ended_it(const VerdictInput& in) {
  if (!in.guard_stop || !in.exit_status_known) return nullptr;
  const GuardStop& g = *in.guard_stop;
  if (in.exited) return &g;
  const int sig = in.term_signal;
  const bool stop_signal = sig == SIGTERM || sig == SIGINT || sig == SIGKILL || sig == SIGHUP || sig == SIGUSR1 ||
                           sig == SIGUSR2;
  const bool ours = sig == g.signal || (g.escalated && sig == SIGKILL) || (g.signal == 0 && stop_signal);
  if (!ours) return nullptr;
  if (in.signal_sender && in.signal_sender->kind != "oomlens_guard" && in.signal_sender->kind != "self") return nullptr;
  return &g;
}

}  // namespace

TreeKill tree_kill_from(const monitor::KernelKill& k) {
  TreeKill t;
  t.pid = k.pid;
  t.comm = k.comm;
  t.kmsg_seq = k.kmsg_seq;
  t.constraint = k.constraint;
  t.oom_memcg = k.oom_memcg;
  t.anon_rss_bytes = k.anon_rss_bytes;
  return t;
}

namespace {

// "1.17 GiB" (numpy's _ArrayMemoryError text: B, KiB, MiB, GiB, TiB, PiB).
std::optional<uint64_t> numpy_size(std::string_view rest) {
  double v = 0;
  auto r = std::from_chars(rest.data(), rest.data() + rest.size(), v);
  if (r.ec != std::errc{} || !(v >= 0)) return std::nullopt;
  std::string_view unit = rest.substr(static_cast<size_t>(r.ptr - rest.data()));
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  static const std::pair<std::string_view, double> units[] = {
      {"PiB", 1125899906842624.0}, {"TiB", 1099511627776.0}, {"GiB", 1073741824.0},
      {"MiB", 1048576.0},          {"KiB", 1024.0},          {"B", 1.0}};
  for (auto& [u, m] : units)
    if (unit.substr(0, u.size()) == u) return static_cast<uint64_t>(v * m);
  return std::nullopt;
}

// The exception line ending the last Python traceback: the first line after
// "Traceback (most recent call last):" that is not indented.
std::string last_python_exception(std::string_view t) {
  constexpr std::string_view tb = "Traceback (most recent call last):";
  size_t p = t.rfind(tb);
  if (p == std::string_view::npos) return "";
  size_t pos = t.find('\n', p);
  while (pos != std::string_view::npos && pos + 1 < t.size()) {
    size_t start = pos + 1;
    size_t nl = t.find('\n', start);
    std::string_view line = t.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    if (!line.empty() && line.front() != ' ' && line.front() != '\t') {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
      return std::string(line.substr(0, 200));
    }
    pos = nl;
  }
  return "";
}

}  // namespace

StderrFindings scan_stderr(std::string_view t) {
  StderrFindings f;
  f.numpy_memory_error = contains(t, "_ArrayMemoryError") || contains(t, "Unable to allocate ");
  f.python_memory_error = contains(t, "\nMemoryError") || t.substr(0, 11) == "MemoryError" ||
                          contains(t, "_ArrayMemoryError") || contains(t, "Error: MemoryError");
  f.torch_cpu_alloc = contains(t, "DefaultCPUAllocator: can't allocate memory") ||
                      contains(t, "DefaultCPUAllocator: not enough memory");
  f.bad_alloc = contains(t, "std::bad_alloc");
  f.enomem = contains(t, "Cannot allocate memory");
  f.cuda_oom = contains(t, "CUDA out of memory") || contains(t, "torch.cuda.OutOfMemoryError") ||
               contains(t, "CUDA error: out of memory");
  f.shm_bus_error = contains(t, "Bus error") && contains(t, "shared memory");
  f.worker_bus_error = contains(t, "Unexpected bus error encountered in worker");
  constexpr std::string_view tried = "you tried to allocate ";
  if (size_t p = t.rfind(tried); p != std::string_view::npos) {
    auto rest = t.substr(p + tried.size());
    uint64_t n = 0;
    if (std::from_chars(rest.data(), rest.data() + rest.size(), n).ec == std::errc{}) f.requested_bytes = n;
  }
  constexpr std::string_view unable = "Unable to allocate ";
  if (size_t p = t.rfind(unable); !f.requested_bytes && p != std::string_view::npos) {
    f.requested_bytes = numpy_size(t.substr(p + unable.size()));
    f.requested_approx = f.requested_bytes.has_value();
  }
  constexpr std::string_view key = "DataLoader worker (pid ";
  for (size_t p = t.find(key); p != std::string_view::npos; p = t.find(key, p + 1)) {
    auto rest = t.substr(p + key.size());
    int64_t pid = 0;
    auto r = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
    if (r.ec != std::errc{} || !contains(rest.substr(0, 80), "killed by signal")) continue;
    if (std::find(f.dataloader_killed_pids.begin(), f.dataloader_killed_pids.end(), pid) == f.dataloader_killed_pids.end())
      f.dataloader_killed_pids.push_back(pid);
    if (contains(rest.substr(0, 80), "signal: Bus error") &&
        std::find(f.dataloader_bus_error_pids.begin(), f.dataloader_bus_error_pids.end(), pid) ==
            f.dataloader_bus_error_pids.end())
      f.dataloader_bus_error_pids.push_back(pid);
  }
  if (!f.dataloader_bus_error_pids.empty()) f.worker_bus_error = true;
  f.python_exception = last_python_exception(t);
  return f;
}

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
                                ? fmt::format(N_(" ({})"), mib(main_kill->limit_bytes.value_or(in.limit_bytes.value_or(0))))
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
                            lim ? fmt::format(N_(" ({})"), mib(lim)) : "", ended);
  } else if (worker_kill) {
    kernel_kill_verdict(v, "worker_oom_killed", *worker_kill, &in.kernel_kills);
    v.summary = fmt::format(N_("The kernel OOM killer killed {} process {} ({}){}; the main process then {}."),
                            worker_kill->role == "worker" ? N_("worker") : N_("descendant"), worker_kill->pid,
                            worker_kill->comm,
                            worker_kill->peak_pss_bytes ? fmt::format(N_(" at {} PSS{}"), mib(*worker_kill->peak_pss_bytes),
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
                                         in.limit_bytes ? fmt::format(N_(" (limit {})"), mib(*in.limit_bytes)) : "")
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
                                       g->t_s, mib(g->working_set_bytes), g->used_fraction * 100,
                                       mib(g->effective_limit_bytes),
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
                                   g->used_fraction * 100, mib(g->effective_limit_bytes)));
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
                                               in.kernel_log_error.value_or("?")));
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
                                     in.kernel_log_error.value_or("?")));
  } else if (!in.kernel_log_readable && (v.cause == "killed" || v.cause == "oom_killed") && !traced_user_kill) {
    if (v.confidence == "high") v.confidence = "medium";
    v.evidence.push_back(fmt::format(N_("confidence lowered: the kernel log could not be read ({}); run as root or with "
                                        "CAP_SYSLOG"), in.kernel_log_error.value_or("?")));
  }
  // Memory attributed to the workers, and copy-on-read advice that checks
  // the start method first: only forked workers share the parent's pages.
  const bool memory_cause = v.cause == "oom_killed" || v.cause == "worker_oom_killed" || v.cause == "memory_error";
  const auto at_once = memory_cause ? workers_pss_at_once(in.workers_pss) : std::nullopt;
  if (at_once) {
    v.workers_pss = at_once;
    const uint32_t all = std::max<uint32_t>(in.worker_count, static_cast<uint32_t>(in.workers_pss.size()));
    const std::string pss = mib(at_once->peak_pss_bytes);
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
                               ? fmt::format(N_("{} worker process held {} of PSS at their peaks ({} start)"),
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
  // No epochs seen (num_workers=0, or workers that never restart): the main
  // program's growth over time, ahead of the sizing advice (no limit fits
  // a job that keeps growing).
  if ((memory_cause || v.cause == "stopped_by_guard") && (!v.worker_memory || v.worker_memory->epochs.size() < 2) &&
      !(v.worker_memory && v.worker_memory->main_growing))
    if (auto g = diagnose_main_growth_over_time(in.main_curve)) {
      v.advice.insert(v.advice.begin(), g->advice);
      v.main_growth = std::move(g);
    }
  return v;
}

std::optional<WorkersPssAtOnce> workers_pss_at_once(const std::vector<WorkerPss>& ws) {
  std::optional<WorkersPssAtOnce> best;
  for (const auto& w : ws) {
    const double t = w.first_seen_s;
    WorkersPssAtOnce now;
    now.t_s = t;
    for (const auto& o : ws)  // alive at t, as diagnose_workers counts workers alive at once
      if (o.first_seen_s <= t && (!o.gone_s || *o.gone_s > t)) {
        ++now.workers;
        now.peak_pss_bytes += o.peak_pss_bytes;
      }
    if (!best || now.peak_pss_bytes > best->peak_pss_bytes ||
        (now.peak_pss_bytes == best->peak_pss_bytes && t >= best->t_s))
      best = now;
  }
  if (!best) return std::nullopt;
  std::vector<WorkerLife> lives;
  for (const auto& w : ws) lives.push_back({w.first_seen_s, w.gone_s});
  const auto gens = worker_generations(lives);
  best->epochs = static_cast<uint32_t>(gens.size());
  if (gens.size() >= 2)
    for (size_t g = 0; g < gens.size(); ++g)
      for (size_t j : gens[g])
        if (ws[j].first_seen_s == best->t_s) best->epoch = static_cast<uint32_t>(g + 1);
  return best;
}

std::optional<std::string> worker_start_method(std::string_view w, std::string_view m) {
  if (contains(w, "multiprocessing.spawn") || contains(w, "multiprocessing_spawn")) return "spawn";
  if (contains(w, "multiprocessing.forkserver")) return "forkserver";
  if (!w.empty() && w == m) return "fork";
  return std::nullopt;
}

}  // namespace oomlens::diagnose
