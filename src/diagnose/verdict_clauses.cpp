// The clauses and evidence of `oomlens run`'s verdict (verdict_clauses.h):
// how a kill, a sender, /dev/shm, a memory error, kills elsewhere and the
// guard's stop are told. English, each format a msgid (N_()).
#include "diagnose/verdict_clauses.h"

#include "diagnose/killer_daemon.h"
#include "monitor/sample.h"
#include "util/format.h"
#include "util/i18n.h"

#include <fmt/core.h>

#include <algorithm>
#include <csignal>

namespace oomlens::diagnose::detail {

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
                     k.limit_bytes ? fmt::format(N_(", limit {}"), format_bytes(*k.limit_bytes)) : "",
                     k.anon_rss_bytes ? fmt::format(N_(", anon-rss {}"), format_bytes(*k.anon_rss_bytes)) : "",
                     k.file_rss_bytes && k.shmem_rss_bytes
                         ? fmt::format(N_(", file-rss {}, shmem-rss {}"), format_bytes(*k.file_rss_bytes), format_bytes(*k.shmem_rss_bytes))
                         : "",
                     k.kmsg_seq ? fmt::format(N_(" (kernel log seq {}{})"), *k.kmsg_seq,
                                              k.full_report ? N_(", full report") : N_(", kill line"))
                                : "",
                     k.traced ? N_(" (oom:mark_victim tracepoint)") : "");
}

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

// "sender unknown" and why: the wait status never says, and the trace
// (when there was one) did not see it either.
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
// job, recognised as `oomlens check` recognises it (oom_daemon_kind: by comm,
// or by cmdline for nohang, which runs as `python3 …/nohang`).
std::optional<std::string> daemon_sender(const VerdictInput& in) {
  if (!in.signal_sender || !in.daemon_kill ||
      oom_daemon_kind(in.signal_sender->comm, in.signal_sender->cmdline.value_or("")) != in.daemon_kill->daemon)
    return std::nullopt;
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
    return fmt::format(N_("/dev/shm ({}) was {:.0f}% full at its peak ({}){}"), format_bytes(*in.shm_size_bytes),
                       pct(*in.shm_peak_used_bytes), format_bytes(*in.shm_peak_used_bytes),
                       in.shm_used_bytes ? fmt::format(N_(", {} at the end (PyTorch unlinks its segments)"),
                                                       format_bytes(*in.shm_used_bytes)) : "");  // "used" is the last use seen
  if (in.shm_used_bytes)
    return fmt::format(N_("/dev/shm was {:.0f}% full ({} of {}) at the end"), pct(*in.shm_used_bytes),
                       format_bytes(*in.shm_used_bytes), format_bytes(*in.shm_size_bytes));
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

// Shared memory the job left charged to its cgroup with no process left
// to map it (tmpfs files, SysV segments): measured, a job writing a file
// in /dev/shm under --limit 160M was OOM-killed holding 7 MiB of
// anonymous memory while the file held 153 MiB, and the file stayed. At
// least 4 MiB and 10 % of the limit (the whole figure without a limit).
void add_shmem_left(const VerdictInput& in, Verdict& v) {
  if (!in.cgroup_shmem_left_bytes || *in.cgroup_shmem_left_bytes < (4u << 20)) return;
  const uint64_t left = *in.cgroup_shmem_left_bytes;
  if (in.limit_bytes && left * 10 < *in.limit_bytes) return;
  v.evidence.push_back(fmt::format(
      N_("when the job's last process was gone, its memory cgroup still held {} of shared memory{} (memory.stat "
         "shmem): files in a tmpfs such as /dev/shm, or SysV segments, that no process maps; a kill frees none of it"),
      format_bytes(left),
      in.limit_bytes ? fmt::format(N_(", {:.0f}% of its limit"),
                                   100.0 * static_cast<double>(left) / static_cast<double>(*in.limit_bytes))
                     : ""));
  v.advice.push_back(fmt::format(
      N_("delete what the job left in a tmpfs (`df -h -t tmpfs`; /dev/shm's use peaked at {}) or its SysV segments "
         "(`ipcs -m`), and have it remove them when done or write them to disk: they count against the limit and "
         "outlive every process"),
      in.shm_peak_used_bytes ? format_bytes(*in.shm_peak_used_bytes) : std::string(N_("an unknown size"))));
}

// A memcg kill with no more specific advice (no worker pool, no growth to
// follow, no shared memory left): the limit was below what the job needed.
void add_limit_advice(const VerdictInput& in, Verdict& v) {
  if (!v.advice.empty() || (v.cause != "oom_killed" && v.cause != "worker_oom_killed") || !v.victim_pid) return;
  const auto k = std::find_if(in.kernel_kills.begin(), in.kernel_kills.end(),
                              [&](const TreeKill& t) { return t.pid == *v.victim_pid; });
  if (k == in.kernel_kills.end() || k->constraint != std::optional<std::string>("memcg")) return;
  const auto limit = k->limit_bytes ? k->limit_bytes : in.limit_bytes;
  if (!limit) return;
  v.advice.push_back(fmt::format(
      N_("the job needed more than its memory cgroup's limit of {}{}: retry with a larger limit "
         "(`--restart-on-oom N --limit-step 20%` raises it at each retry), or make it use less memory"),
      format_bytes(*limit),
      k->anon_rss_bytes ? fmt::format(N_(" (the killed process held {} of anonymous memory)"), format_bytes(*k->anon_rss_bytes))
                        : ""));
}

// " under RLIMIT_AS 1.0 GiB" when a memory rlimit was set.
std::string limit_clause(const VerdictInput& in) {
  if (in.rlimit_as_bytes) return fmt::format(N_(" under RLIMIT_AS {} (ulimit -v)"), format_bytes(*in.rlimit_as_bytes));
  if (in.rlimit_data_bytes) return fmt::format(N_(" under RLIMIT_DATA {} (ulimit -d)"), format_bytes(*in.rlimit_data_bytes));
  return "";
}

// The size asked for, the rlimit that refused it, and what the job held.
void add_memory_error_detail(const VerdictInput& in, const StderrFindings& se, Verdict& v) {
  // One msgid per case (translated whole where shown: i18n::retranslate).
  if (se.requested_bytes)
    v.evidence.push_back(se.requested_approx
                             ? fmt::format(N_("the allocation asked for about {} bytes ({}, from numpy's rounded figure)"),
                                           *se.requested_bytes, format_bytes(*se.requested_bytes))
                             : fmt::format(N_("the allocation asked for {} bytes ({})"), *se.requested_bytes,
                                           format_bytes(*se.requested_bytes)));
  if (in.rlimit_as_bytes || in.rlimit_data_bytes) {
    const bool as = in.rlimit_as_bytes.has_value();
    const uint64_t lim = as ? *in.rlimit_as_bytes : *in.rlimit_data_bytes;
    v.evidence.push_back(
        as ? fmt::format(N_("the main process had RLIMIT_AS (address space, ulimit -v) set to {} ({} bytes, "
                            "/proc/PID/limits): the process's own limit refused it, not the machine running out"),
                         format_bytes(lim), lim)
           : fmt::format(N_("the main process had RLIMIT_DATA (ulimit -d) set to {} ({} bytes, /proc/PID/limits): the "
                            "process's own limit refused it, not the machine running out"),
                         format_bytes(lim), lim));
    v.advice.push_back(fmt::format(N_("raise or remove {} (now {}){}"), as ? "ulimit -v" : "ulimit -d", format_bytes(lim),
                                   se.requested_bytes ? fmt::format(N_(": one allocation alone asked for {}"),
                                                                    format_bytes(*se.requested_bytes))
                                                      : std::string()));
  }
  if (in.held_bytes) v.evidence.push_back(fmt::format(N_("the job held {} (peak tree PSS) before"), format_bytes(*in.held_bytes)));
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

}  // namespace oomlens::diagnose::detail
