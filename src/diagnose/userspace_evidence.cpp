// Userspace evidence of memory trouble in an input with no kernel report (see userspace_evidence.h).
#include "diagnose/userspace_evidence.h"

#include "diagnose/userspace_lines.h"

#include "diagnose/cgroup_owner.h"
#include "diagnose/killer_daemon_log.h"
#include "kernel_log/anchor_search.h"
#include "kernel_log/evidence_words.h"
#include "util/format.h"

#include <algorithm>
#include <optional>

#include "util/i18n.h"
#include "util/newlines.h"
#include "util/text.h"

namespace oomlens::diagnose {

// What every user-space killer's sentence ends with: the kernel's OOM killer did not kill, so no kernel report.
std::string not_the_kernel() {
  return std::string(tr("This is no kernel OOM kill: the kernel's OOM killer did not act, and the kernel log holds no "
                        "report of it."));
}

namespace {

using text::starts_with;
using text::take_u64;
using text::trim;

// Lines read one by one before a line that holds a needed word, and at the end of a chunk: enough for a
// whole memory.events dump (low, high, max, oom, oom_kill, oom_group_kill), so its state is exact.
constexpr size_t kTailLines = LineWatch::kLinesBefore;

using evidence_words::kSlurm;

// The systemd unit a line of systemd's names before its sentence at `at`: the word before `: `
// (`systemd[1]: user@1000.service: A process …`), or "" when there is none (a word with `[` is a process, one
// without `.` no unit name; `at` npos: none).
std::string systemd_unit_of(std::string_view t, size_t at) {
  if (at == std::string_view::npos) return {};
  std::string_view before = text::trim_right(t.substr(0, at));
  if (before.empty() || before.back() != ':') return {};
  before.remove_suffix(1);
  const size_t sp = before.find_last_of(' ');
  const std::string_view unit = sp == std::string_view::npos ? before : before.substr(sp + 1);
  if (unit.find('[') != std::string_view::npos || unit.find('.') == std::string_view::npos) return {};
  return std::string(unit);
}

// That unit said for a sentence: "systemd unit UNIT", or "a systemd unit" when the line names none.
std::string systemd_unit_named(std::string_view t, size_t at) {
  const std::string unit = systemd_unit_of(t, at);
  return unit.empty() ? std::string(tr("a systemd unit")) : trf("systemd unit {}", unit);
}


// A user-space killer's kill (killer_daemon_log.h's parsers, one per killer), or "".
std::string killers(std::string_view t) {
  if (auto k = parse_oomd_line(t.substr(std::min(t.size(), t.find("Killed /"))))) {
    const std::string why = k->reason == "swap used" ? std::string(tr("swap use over its limit"))
                                                     : std::string(tr("memory pressure over its limit"));
    return trf("systemd-oomd, a user-space OOM killer, killed cgroup {} (SIGKILL to every process in it) for {}. {} "
               "Its limits are `ManagedOOMMemoryPressure=`/`ManagedOOMMemoryPressureLimit=` and `ManagedOOMSwap=` "
               "(the unit's slice, /etc/systemd/oomd.conf): raise them only if it killed too early; else find what "
               "filled the memory.",
               *k->cgroup, why, not_the_kernel());
  }
  // Cut before ` due to …` (a pager's chop, a paste): the path may be cut too, so it is quoted as a start only.
  if (const size_t at = t.find("]: Killed /");
      at != std::string_view::npos && t.substr(0, at).find("systemd-oomd[") != std::string_view::npos) {
    std::string_view rest = t.substr(at + 10);
    const std::string_view path = text::take_token(rest);
    return trf("systemd-oomd, a user-space OOM killer, killed a cgroup (the line is cut before its reason; its path "
               "starts `{}`). {}",
               path, not_the_kernel());
  }
  if (const size_t at = t.find("systemd-oomd killed "); at != std::string_view::npos) {
    std::string_view rest = t.substr(at + 20);
    const auto n = take_u64(rest);
    if (n && starts_with(rest, " process")) {
      const std::string who = systemd_unit_named(t, at);
      return trf("systemd says that systemd-oomd, a user-space OOM killer, killed {} process(es) of {}. {}", *n, who,
                 not_the_kernel());
    }
  }
  if (auto k = parse_earlyoom_line(t)) {
    return trf("earlyoom, a user-space OOM killer, sent {} to {} (pid {}). {} It acts when available memory and free "
               "swap fall below its limits (`-m`, `-s`): raise them only if it killed too early; else find what "
               "filled the memory.",
               k->signal, k->name.empty() ? std::string("?") : k->name, *k->pid, not_the_kernel());
  }
  if (auto secs = parse_earlyoom_escalation(t)) {
    // Its SIGTERM's victim did not exit in time: the `sending SIGTERM` line before names it.
    return trf("earlyoom, a user-space OOM killer, escalated to SIGKILL: the process it had sent SIGTERM (its line "
               "before names it) had not exited after {} seconds. {}",
               *secs, not_the_kernel());
  }
  if (auto k = parse_lmkd_line(t)) {
    // lmkd names the victim's oom_score_adj; the in-kernel lowmemorykiller its `adj` (oom_adj before 3.x, its
    // oom_score_adj after).
    std::string what = k->name + " (pid " + std::to_string(*k->pid);
    if (k->oom_score_adj)
      what += (k->daemon == "lowmemorykiller" ? ", adj " : ", oom_score_adj ") + std::to_string(*k->oom_score_adj);
    what += ')';
    const std::string freed = k->rss_freed_bytes ? trf(" to free {} of RSS", format_bytes(*k->rss_freed_bytes)) : "";
    if (k->daemon == "lowmemorykiller")
      return trf("Android's in-kernel lowmemorykiller killed {}{}: it kills by adj when free memory falls "
                 "below its thresholds, before the kernel's OOM killer would act, and that killer logs no report "
                 "of it. This is no kernel OOM kill.",
                 what, freed);
    if (k->reclaim_wording)
      return trf("Android's lmkd, a user-space low-memory killer, killed {}{} (Samsung's lmkd words its kill `Reclaim`; "
                 "the process's `has died` line of ActivityManager follows it). {}",
                 what, freed, not_the_kernel());
    return trf("Android's lmkd, a user-space low-memory killer, killed {}{}. {}", what, freed, not_the_kernel());
  }
  if (auto sig = parse_nohang_action(t)) {
    // The victim's pid and name are in nohang's lines before the action (its victim status), not in this one.
    return trf("nohang, a user-space OOM killer, sent {} to the process it chose (its lines just before this one "
               "name it). {} It acts when MemAvailable and SwapFree (or PSI memory pressure) fall past its thresholds "
               "(`soft_threshold_min_mem`, `hard_threshold_min_mem`, `soft_threshold_min_swap`, … in nohang.conf): "
               "raise them only if it killed too early; else find what filled the memory.",
               *sig, not_the_kernel());
  }
  if (const size_t at = t.find("Sending SIGKILL to cgroup"); at != std::string_view::npos &&
                                                              t.find("talos") != std::string_view::npos) {
    // `… "cgroup": "/sys/fs/cgroup/kubepods/burstable/pod…"}`: the path when the line holds it whole.
    std::string path;
    if (const size_t c = t.find("\"cgroup\": \"", at); c != std::string_view::npos) {
      const std::string_view v = t.substr(c + 11);
      if (const size_t e = v.find('"'); e != std::string_view::npos && v.substr(0, e).find(' ') == std::string_view::npos)
        path = std::string(v.substr(0, e));
    }
    return trf("Talos' OOM controller, a user-space OOM killer, sent SIGKILL to {}. {}",
               path.empty() ? std::string(tr("a cgroup")) : trf("cgroup {}", path), not_the_kernel());
  }
  return {};
}

// `<unit>: Failed with result 'oom-kill'.` (src/core/service.c, scope.c: SERVICE_FAILURE_OOM_KILL): the result
// systemd gives a unit whose processes an OOM kill ended (OOMPolicy=stop), after the kernel's OOM killer or
// systemd-oomd (ManagedOOM*=kill) killed in its cgroup; the line alone does not tell which.
std::string systemd_result(std::string_view t) {
  constexpr std::string_view kResult = "Failed with result 'oom-kill'";
  const size_t at = t.find(kResult);
  // systemd prints the unit's name and `: ` before it; a command that searches for it (`journalctl -u UNIT | grep
  // "Failed with result 'oom-kill'"`, corpus 682) quotes it.
  if (at == std::string_view::npos || !text::ends_with(t.substr(0, at), ": ")) return {};
  return trf("systemd says {} failed because an OOM kill ended processes of it (result `oom-kill`): the kernel's "
             "OOM killer or systemd-oomd killed in its cgroup, and this line does not tell which. A kernel kill "
             "has its report in the kernel log of that boot (`journalctl -k`, `dmesg`) at the time of this line; "
             "a systemd-oomd kill has a `systemd-oomd[…]: Killed /…` line in the journal before it.",
             systemd_unit_named(t, at));
}

// Ray's memory monitor (the raylet, src/ray/raylet/node_manager.cc and its worker killing policies): it kills a
// worker (a task's or an actor's process) when the node's memory use passes its threshold. Its lines: the raylet's
// periodic count `N Workers (tasks / actors) killed due to memory pressure (OOM), M Workers crashed due to other
// reasons at node (ID: …, IP: A) …`; the task's exception `Task was killed due to the node running low on memory.`
// and its `Memory on the node (IP: A, ID: …) where the task (…) was running was X / Y (F), which exceeds the memory
// usage threshold of T. Ray killed this worker …`; Ray 2.0's `System memory low at node with IP A. Used memory (X) /
// total capacity (Y) (F) exceeds threshold T, killing latest task …`; and the link each gives
// (`…/ray-core/scheduling/ray-oom-prevention.html`). What it killed, as the sentence names it, or "" for a line
// that is none of these.
std::string ray_victim(std::string_view t) {
  if (const size_t at = t.find("killed due to memory pressure (OOM)"); at != std::string_view::npos) {
    // The count just before, when the line holds it (a paste may wrap it onto the line before).
    constexpr std::string_view kWorkers = "Workers (tasks / actors) ";
    if (at >= kWorkers.size() && t.substr(at - kWorkers.size(), kWorkers.size()) == kWorkers) {
      std::string_view before = text::trim_right(t.substr(0, at - kWorkers.size()));
      size_t digits = 0;
      while (digits < before.size() && before[before.size() - 1 - digits] >= '0' &&
             before[before.size() - 1 - digits] <= '9')
        ++digits;
      std::string_view count = before.substr(before.size() - digits);
      if (const auto n = take_u64(count); n && (digits == before.size() || before[before.size() - 1 - digits] == ' '))
        return trf("{} worker(s) (tasks or actors)", *n);
    }
    return std::string(tr("workers (tasks or actors)"));
  }
  if (t.find("Task was killed due to the node running low on memory") != std::string_view::npos ||
      (t.find("Memory on the node (IP: ") != std::string_view::npos &&
       t.find("where the task") != std::string_view::npos))
    return std::string(tr("a task's worker"));
  if (const size_t at = t.find("System memory low at node with IP ");
      at != std::string_view::npos && t.find("killing latest task", at) != std::string_view::npos)
    return std::string(tr("the worker of the latest task"));
  if (t.find("ray-oom-prevention") != std::string_view::npos)
    return std::string(tr("a worker (this line is the advice Ray gives after such a kill)"));
  return {};
}

// The node's address a Ray line names: after `IP: ` (its count and its exception) or `with IP ` (Ray 2.0), up to
// `)`, `,` or a space, without a sentence's final `.`; or "".
std::string_view ray_node_ip(std::string_view t) {
  for (std::string_view key : {std::string_view("IP: "), std::string_view("with IP ")}) {
    const size_t at = t.find(key);
    if (at == std::string_view::npos) continue;
    std::string_view ip = t.substr(at + key.size());
    ip = ip.substr(0, std::min(ip.size(), ip.find_first_of("), ")));
    while (!ip.empty() && ip.back() == '.') ip.remove_suffix(1);
    if (!ip.empty() && ip.find_first_not_of("0123456789abcdefABCDEF.:") == std::string_view::npos) return ip;
  }
  return {};
}

std::string ray(std::string_view t) {
  const std::string victim = ray_victim(t);
  if (victim.empty()) return {};
  const std::string_view ip = ray_node_ip(t);
  const std::string where = ip.empty() ? std::string() : trf(" on node {}", ip);
  return trf("Ray's memory monitor (in the raylet), a user-space OOM killer, killed {}{} because the node's memory "
             "use passed its threshold. {} Raise the threshold (`RAY_memory_usage_threshold`, 0.95 of the node's "
             "memory by default; Ray 2.0: `RAY_memory_usage_threshold_fraction`) only if it killed too early; else "
             "find what filled the node's memory (`ray logs raylet.out -ip IP` lists its workers' memory use) and run "
             "fewer tasks there at once (more `num_cpus` or `memory` per task).",
             victim, where, not_the_kernel());
}

// What each sentence of a SIGKILL whose sender the line does not name says after it: who sends SIGKILL, and where
// the kernel's report is if its OOM killer sent it. `pid`: the process's, when the line gives it (in a container
// its own namespace's number, which the host's kernel log does not print).
std::string sigkill_senders(std::optional<uint64_t> pid) {
  const std::string report = pid ? trf("`Killed process {}`", *pid) : std::string(tr("`Killed process` with that pid"));
  return trf("The kernel's OOM killer sends SIGKILL (so do a job scheduler's memory limit, a supervisor and a user), "
             "and then its report, {} and what filled the memory, is in the host's kernel log around that time "
             "(`journalctl -k`, `dmesg -T`; in a container the kernel prints the host's pid, so match the name and "
             "the time); no such line there means another sender.",
             report);
}

// systemd (src/core/service.c service_sigchld_event()): `<unit>: Main process exited, code=killed, status=9/KILL`
// (older releases `main process exited`): SIGKILL ended the unit's main process; systemd does not know the sender.
// "" for any other line.
std::string systemd_main_sigkill(std::string_view t) {
  const size_t at = t.find("ain process exited, code=killed, status=9/KILL");
  if (at == std::string_view::npos || at == 0 || (t[at - 1] != 'M' && t[at - 1] != 'm')) return {};
  return trf("systemd says the main process of {} ended by SIGKILL (`code=killed, status=9/KILL`); it does not know "
             "the sender: systemd-oomd (a `systemd-oomd[…]: Killed /…` line of the unit's cgroup before this one), "
             "the kernel's OOM killer, or another. {}",
             systemd_unit_named(t, at - 1), sigkill_senders(std::nullopt));
}

// PyTorch's DataLoader (torch/csrc/DataLoader.cpp, its SIGCHLD handler): `DataLoader worker (pid N) is killed by
// signal: NAME.` with strsignal()'s name. `Killed` is SIGKILL, which the kernel's OOM killer sends (among others:
// a job scheduler, a user); `Bus error` is SIGBUS, which a worker gets when the shared memory its batches go
// through (/dev/shm) is full. Other signals: "".
// `pid_out`: the worker's pid (said once: the `exited unexpectedly` line after it names it again).
std::string dataloader(std::string_view t, std::optional<uint64_t>& pid_out) {
  constexpr std::string_view kWorker = "DataLoader worker (pid ";
  const size_t at = t.find(kWorker);
  if (at == std::string_view::npos) return {};
  std::string_view rest = t.substr(at + kWorker.size());
  const auto pid = take_u64(rest);
  constexpr std::string_view kSignal = ") is killed by signal: ";
  if (!pid || !starts_with(rest, kSignal)) return {};
  rest.remove_prefix(kSignal.size());
  pid_out = pid;
  if (starts_with(rest, "Killed"))
    return trf("PyTorch's DataLoader worker (pid {}) was killed by SIGKILL. {} Each worker holds its own copy of what "
               "it touches of the dataset (copy-on-write pages of the parent), so fewer workers (`num_workers`), a "
               "smaller `prefetch_factor` or batch lower the peak.",
               *pid, sigkill_senders(*pid));
  if (starts_with(rest, "Bus error"))
    return trf("PyTorch's DataLoader worker (pid {}) died of SIGBUS (`Bus error`): a worker gets it when the shared "
               "memory its batches pass through (/dev/shm) is full, which is no OOM kill. A container's /dev/shm is "
               "64 MiB unless set (`docker run --shm-size`, or a memory-backed emptyDir on /dev/shm in Kubernetes).",
               *pid);
  return {};
}

// A shell's job status (bash's jobs.c): `script: line 28:  8156 Killed                  python3 main.py` for a
// script's child, `[1]+  Killed                  python train.py` for a job, the status column padded with
// spaces. `Killed` is SIGKILL, whose sender the shell does not know. "" for any other `Killed  `.
std::string shell_killed(std::string_view t) {
  const size_t at = t.find(evidence_words::kKilledPadded);
  if (at == std::string_view::npos) return {};
  std::string_view before = text::trim_right(t.substr(0, at));
  std::string_view command = trim(t.substr(at + 6));
  if (command.empty() || before.empty()) return {};
  std::optional<uint64_t> pid;
  size_t digits = 0;
  while (digits < before.size() && before[before.size() - 1 - digits] >= '0' && before[before.size() - 1 - digits] <= '9')
    ++digits;
  if (digits > 0) {
    // A pid after a script's `line N:` (or alone at the line's start).
    const std::string_view head = text::trim_right(before.substr(0, before.size() - digits));
    if (!head.empty() && head.back() != ':') return {};
    std::string_view n = before.substr(before.size() - digits);
    pid = take_u64(n);
  } else if (!(before.back() == ']' || ((before.back() == '+' || before.back() == '-') && before.size() >= 2 &&
                                         before[before.size() - 2] == ']')) ||
             before.front() != '[') {
    return {};  // a job spec `[1]+` is the other shape
  }
  constexpr size_t kCommandShown = 80;
  std::string shown(command.substr(0, std::min(command.size(), kCommandShown)));
  if (command.size() > kCommandShown) shown += "…";
  const std::string who = pid ? trf("`{}` (pid {})", shown, *pid) : trf("`{}`", shown);
  return trf("The shell says {} was killed by SIGKILL (`Killed`); it does not know the sender. {}", who,
             sigkill_senders(pid));
}

// `Killed` alone on its line (after a quote's or a listing's indent): strsignal(SIGKILL) as `sh -c` prints it for its
// foreground command that SIGKILL ended (npm's run-script shows it before `npm ERR! errno 137`, 128 + 9). The shell
// does not know the sender. "" for any other line (`Killed` padded or followed by text is a job status, or prose).
std::string lone_killed(std::string_view t) {
  t = text::trim_left(t);
  if (!t.empty() && t.back() == '\r') t.remove_suffix(1);
  // A runner's RFC 3339 stamp before it (GitHub Actions' raw log: `2024-04-14T22:05:23.8605906Z Killed`).
  if (!t.empty() && text::is_digit(t.front())) {
    std::string_view rest = t;
    const std::string_view stamp = text::take_token(rest);
    if (stamp.size() >= 20 && stamp[4] == '-' && stamp[10] == 'T' && stamp[13] == ':') t = text::trim_left(rest);
  }
  if (t != evidence_words::kKilled) return {};
  return trf("A shell says the command it ran was killed by SIGKILL (`Killed`; a program that reports the exit "
             "status says 137, 128 + 9); it does not know the sender. {}",
             sigkill_senders(std::nullopt));
}

// gunicorn's arbiter (gunicorn/arbiter.py): `WORKER TIMEOUT (pid:N)` when worker N has not told it it is alive for
// `--timeout` seconds; it then sends the worker SIGABRT and, at its next check if the worker still runs, SIGKILL.
// The pid of that line, or none.
std::optional<uint64_t> gunicorn_timed_out(std::string_view t) {
  constexpr std::string_view kTimeout = "WORKER TIMEOUT (pid:";
  const size_t at = t.find(kTimeout);
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view rest = t.substr(at + kTimeout.size());
  const auto pid = take_u64(rest);
  return pid && starts_with(rest, ")") ? pid : std::nullopt;
}

// gunicorn's arbiter when it reaps a worker a signal ended (gunicorn 21+): `Worker (pid:N) was sent SIGKILL! Perhaps
// out of memory?` (the guess is its own, added to every SIGKILL). `timed_out`: the `WORKER TIMEOUT` lines read before
// it (pid, line). "" for other signals (SIGTERM at a restart, `code 134`).
using TimedOut = std::vector<std::pair<uint64_t, uint64_t>>;

// What follows gunicorn's own sentence `said` of worker `pid` ended by SIGKILL (both wordings): its arbiter's own
// SIGKILL when a `WORKER TIMEOUT` of that pid came before (`timed_out`), else who else sends one.
std::string gunicorn_worker_sigkill(const std::string& said, uint64_t pid, const TimedOut& timed_out) {
  std::optional<uint64_t> timed_out_line;
  for (const auto& [timed_out_pid, line] : timed_out)
    if (timed_out_pid == pid) timed_out_line = line;
  if (timed_out_line)
    return trf("{} It timed this worker out first (`WORKER TIMEOUT`, line {}): its arbiter then sends the worker "
               "SIGABRT and, if it still runs at the next check, SIGKILL itself, so this SIGKILL is most likely "
               "gunicorn's own, no OOM kill. Find what kept the worker from answering for `--timeout` seconds (a slow "
               "request, a stall in swap) or raise `--timeout`.",
               said, *timed_out_line);
  return trf("{} Its arbiter sends SIGKILL itself to a worker it timed out (a `WORKER TIMEOUT (pid:{})` line before "
             "this one, none in this text). {}",
             said, pid, sigkill_senders(pid));
}
std::string gunicorn(std::string_view t, const TimedOut& timed_out, std::optional<uint64_t>& pid_out) {
  constexpr std::string_view kWorker = "Worker (pid:";
  const size_t at = t.find(kWorker);
  if (at == std::string_view::npos) return {};
  std::string_view rest = t.substr(at + kWorker.size());
  const auto pid = take_u64(rest);
  if (!pid || !starts_with(rest, ") was sent SIGKILL")) return {};
  pid_out = pid;
  return gunicorn_worker_sigkill(
      trf("gunicorn says its worker (pid {}) was ended by SIGKILL; `Perhaps out of memory?` is the guess it adds to "
          "every SIGKILL.",
          *pid),
      *pid, timed_out);
}

// The number right after `key` in `t` (`pid:888`, `(PID 4242)`, `with pid 256 `), or none.
std::optional<uint64_t> pid_after(std::string_view t, std::string_view key) {
  const size_t at = t.find(key);
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view rest = t.substr(at + key.size());
  return take_u64(rest);
}

// `signal 9` as a whole number (not `signal 90`) at `at` in `t`.
bool signal9_at(std::string_view t, size_t at) {
  constexpr std::string_view kSignal9 = "signal 9";
  return at != std::string_view::npos && t.substr(at, kSignal9.size()) == kSignal9 &&
         (at + kSignal9.size() == t.size() || !text::is_digit(t[at + kSignal9.size()]));
}

// A supervisor's report of a child that signal 9 (SIGKILL) ended, each naming its pid (the pid is the supervisor's
// view: in a container its own namespace's number):
//  - gunicorn ≤20 (arbiter.py reap_workers()): `Worker with pid N was terminated due to signal 9` (gunicorn 21 says
//    `Worker (pid:N) was sent SIGKILL!`, gunicorn() above); a `WORKER TIMEOUT (pid:N)` before it makes the SIGKILL
//    most likely gunicorn's own.
//  - Celery's worker pool (billiard/pool.py): `Process 'ForkPoolWorker-N' pid:N exited with 'signal 9 (SIGKILL)'`.
//  - PostgreSQL's postmaster (postmaster.c LogChildExit()): `server process (PID N) was terminated by signal 9:
//    Killed` (also `background worker "…"`, `autovacuum worker`, `checkpointer process`); it then ends every other
//    session and recovers.
// "" for any other line.
std::string signal9_child(std::string_view t, const TimedOut& timed_out, std::optional<uint64_t>& pid_out) {
  constexpr std::string_view kGunicorn = " was terminated due to signal 9";
  if (const size_t at = t.find(kGunicorn); at != std::string_view::npos && signal9_at(t, at + 23)) {
    const auto pid = pid_after(t.substr(0, at), "Worker with pid ");
    if (!pid) return {};
    pid_out = pid;
    return gunicorn_worker_sigkill(
        trf("gunicorn says its worker (pid {}) was ended by signal 9 (SIGKILL); it does not know the sender.", *pid),
        *pid, timed_out);
  }
  constexpr std::string_view kCelery = " exited with 'signal 9 (SIGKILL)'";
  if (const size_t at = t.find(kCelery); at != std::string_view::npos) {
    const std::string_view head = t.substr(0, at);
    const size_t name_at = head.find("Process '");
    const auto pid = pid_after(head, "' pid:");
    if (name_at == std::string_view::npos || !pid) return {};
    std::string_view name = head.substr(name_at + 9);
    name = name.substr(0, name.find('\''));
    pid_out = pid;
    return trf("Celery's worker pool (billiard) says its pool process {} (pid {}) was ended by signal 9 (SIGKILL); it "
               "does not know the sender, and the task it ran fails with `WorkerLostError`. {}",
               name, *pid, sigkill_senders(*pid));
  }
  constexpr std::string_view kPostgres = ") was terminated by signal 9";
  if (const size_t at = t.find(kPostgres); at != std::string_view::npos && signal9_at(t, at + 20)) {
    const std::string_view head = t.substr(0, at + 1);
    const size_t open = head.rfind(" (PID ");
    const auto pid = pid_after(head.substr(open == std::string_view::npos ? head.size() : open), " (PID ");
    if (!pid) return {};
    // The process's kind as the postmaster names it: the words after `LOG:  ` (or the line's start).
    std::string_view kind = head.substr(0, open);
    if (const size_t log = kind.rfind(":  "); log != std::string_view::npos) kind.remove_prefix(log + 3);
    kind = trim(kind);
    if (kind.empty()) return {};
    pid_out = pid;
    return trf("PostgreSQL's postmaster says its {} (pid {}) was ended by signal 9 (SIGKILL); it does not know the "
               "sender, and it then ends every other session and recovers (`terminating any other active server "
               "processes`). {} If it was the OOM killer, PostgreSQL's memory is what its settings allow: "
               "`shared_buffers` (shared, counted in each backend's shmem-rss), `work_mem` for each sort or hash of "
               "each query of each connection, `maintenance_work_mem`; lower them or `max_connections` (a connection "
               "pooler), or leave the server more RAM.",
               kind, *pid, sigkill_senders(*pid));
  }
  return {};
}

// Python's subprocess (CalledProcessError): `Command '[…]' died with <Signals.SIGKILL: 9>.`, the child's exit by
// SIGKILL; no pid. "" for any other line.
std::string python_sigkill(std::string_view t) {
  constexpr std::string_view kDied = " died with <Signals.SIGKILL: 9>";
  const size_t at = t.find(kDied);
  if (at == std::string_view::npos) return {};
  const std::string_view head = t.substr(0, at);
  const size_t command = head.rfind("Command '");
  if (command == std::string_view::npos || head.back() != '\'') return {};
  std::string_view what = head.substr(command + 9, head.size() - command - 10);
  constexpr size_t kCommandShown = 80;
  std::string shown(what.substr(0, std::min(what.size(), kCommandShown)));
  if (what.size() > kCommandShown) shown += "…";
  return trf("Python says the command `{}` was ended by SIGKILL (`<Signals.SIGKILL: 9>`); it does not know the "
             "sender. {}",
             shown, sigkill_senders(std::nullopt));
}

// torchrun (torch.distributed.elastic's multiprocessing api.py): a rank's process that a signal ended has a negative
// exit code, `failed (exitcode: -9) local_rank: R (pid: N) of binary: …` and, in its error summary, `exitcode  : -9
// (pid: N)` (-9: SIGKILL). Other exit codes: "".
std::string torchrun(std::string_view t, std::optional<uint64_t>& pid_out) {
  const size_t at = t.find("exitcode");
  if (at == std::string_view::npos) return {};
  std::string_view rest = text::trim_left(t.substr(at + 8));
  if (!starts_with(rest, ":")) return {};
  rest = text::trim_left(rest.substr(1));
  if (!starts_with(rest, "-9") || (rest.size() > 2 && rest[2] >= '0' && rest[2] <= '9')) return {};
  rest.remove_prefix(2);
  std::optional<uint64_t> rank;
  constexpr std::string_view kRank = "local_rank: ", kPid = "(pid: ";
  const size_t p = rest.find(kPid);
  if (p == std::string_view::npos) return {};
  if (const size_t r = rest.substr(0, p).find(kRank); r != std::string_view::npos) {
    std::string_view n = rest.substr(r + kRank.size());
    rank = take_u64(n);
  }
  std::string_view n = rest.substr(p + kPid.size());
  const auto pid = take_u64(n);
  if (!pid || !starts_with(n, ")")) return {};
  pid_out = pid;
  const std::string whose = rank ? trf("the process of local rank {} (pid {})", *rank, *pid)
                                 : trf("a rank's process (pid {})", *pid);
  return trf("torchrun says {} was ended by SIGKILL (`exitcode: -9`, signal 9); it does not know the sender. {}",
             whose, sigkill_senders(*pid));
}

// DeepSpeed's launcher (deepspeed/launcher/launch.py): when one of its rank processes exits with an error code (or
// it is stopped), its sigkill_handler logs `Killing subprocess N` for every rank and kills each (process.kill(), or
// terminate_process_tree(): SIGTERM, then SIGKILL), then `[CMD] exits with return code = C`, the failed process's
// code (-9: SIGKILL) printed beside the command of its last rank, whichever failed. The kills are its own. Said
// once, naming no pid (a line per rank).
std::string deepspeed(std::string_view t) {
  const size_t at = t.find(evidence_words::kDeepSpeedKilling);
  if (at == std::string_view::npos) return {};
  std::string_view rest = t.substr(at + evidence_words::kDeepSpeedKilling.size());
  if (!take_u64(rest) || !trim(rest).empty()) return {};
  return trf("DeepSpeed's launcher killed its rank processes itself (`Killing subprocess N`): it does so to every rank "
             "when one of them exits with an error code, or when it is stopped. The code of the one that failed is in "
             "its `exits with return code = C` line after these (printed beside its last rank's command, whichever "
             "rank failed): -9 means SIGKILL ended that one, and the launcher does not know the sender. {}",
             sigkill_senders(std::nullopt));
}

// What Docker's `oom` event of a container says (its JSON stream's or `docker events`' text line): `id` its short
// id (12 hex digits) or "", `who` what else the event names (` (name web-1)`) or "".
std::string docker_oom(std::string_view id, std::string_view who) {
  if (id.empty())
    return std::string(tr("Docker says a container's memory cgroup had an OOM (its `oom` event): the container "
                          "reached its memory limit. Docker reads that from the cgroup, not from the kernel's "
                          "report: whether the kernel's OOM killer then killed a process, and which, is in the "
                          "host's kernel log at that time (`Memory cgroup out of memory: Killed process …`; "
                          "`journalctl -k`, `dmesg -T` on the host)."));
  return trf("Docker says the memory cgroup of container {}{} had an OOM (its `oom` event): the container reached its "
             "memory limit. Docker reads that from the cgroup, not from the kernel's report: whether the kernel's OOM "
             "killer then killed a process, and which, is in the host's kernel log at that time (`Memory cgroup out "
             "of memory: Killed process …`; `journalctl -k`, `dmesg -T` on the host).",
             id, who);
}

// The value of attribute `key` in `docker events`' text attributes (`(k=v, k=v, …)`): after `(key=` or `, key=`, up
// to `,` or `)`; "" when the line does not hold it whole.
std::string_view docker_attribute(std::string_view attrs, std::string_view key) {
  for (size_t from = 0;;) {
    const size_t at = attrs.find(key, from);
    if (at == std::string_view::npos) return {};
    from = at + 1;
    const bool starts = at >= 1 && (attrs[at - 1] == '(' || (at >= 2 && attrs.substr(at - 2, 2) == ", "));
    if (!starts || at + key.size() >= attrs.size() || attrs[at + key.size()] != '=') continue;
    std::string_view v = attrs.substr(at + key.size() + 1);
    const size_t end = v.find_first_of(",)");
    if (end == std::string_view::npos || end == 0) return {};
    return v.substr(0, end);
  }
}

// `docker events`' text lines (docker/cli's formatter: `TIME container ACTION ID (k=v, …)`): `container oom ID (…)`,
// Docker's notice of an OOM in the container's memory cgroup, and `container die ID (exitCode=137, …)`, its end by
// SIGKILL (128 + 9). The container's short id, with its name, or its Kubernetes pod and container (a Kubernetes
// container's labels `io.kubernetes.pod.namespace`, `io.kubernetes.pod.name`, `io.kubernetes.container.name`), as
// far as the line holds them. Other events: "".
std::string docker_event(std::string_view t) {
  bool oom = true;
  size_t at = t.find("container oom ");
  if (at == std::string_view::npos) {
    at = t.find("container die ");
    oom = false;
  }
  if (at == std::string_view::npos) return {};
  std::string_view rest = t.substr(at + 14);
  const size_t hex = std::min(rest.size(), rest.find_first_not_of("0123456789abcdef"));
  if (hex < 12 || (hex < rest.size() && rest[hex] != ' ')) return {};
  const std::string_view id = rest.substr(0, 12);
  const std::string_view attrs = rest.substr(hex);
  if (!oom) {
    const std::string_view code = docker_attribute(attrs, "exitCode");
    if (code != "137") return {};
  }
  std::string who;
  const std::string_view pod = docker_attribute(attrs, "io.kubernetes.pod.name");
  const std::string_view ns = docker_attribute(attrs, "io.kubernetes.pod.namespace");
  const std::string_view ctr = docker_attribute(attrs, "io.kubernetes.container.name");
  const std::string_view name = docker_attribute(attrs, "name");
  if (!pod.empty())
    who = trf(" (Kubernetes pod {}{}{})", ns.empty() ? std::string() : std::string(ns) + "/", pod,
              ctr.empty() ? std::string() : trf(", container {}", ctr));
  else if (!name.empty())
    who = trf(" (name {})", name);
  if (oom) return docker_oom(id, who);
  return trf("Docker says container {}{} exited with code 137 (its `die` event, `exitCode=137`): 128 + 9, SIGKILL "
             "ended it, and Docker does not know the sender. An `oom` event of the same container just before it "
             "says its memory cgroup reached its limit (the kernel's OOM killer then most likely sent it); without "
             "one, `docker kill`, `docker stop` after its timeout or a kill on the host also end it so. {}",
             id, who, sigkill_senders(std::nullopt));
}

// `137` as a whole number right at `at` (not `1370`).
bool code137_at(std::string_view t, size_t at) {
  return t.substr(at, 3) == "137" && (at + 3 == t.size() || !text::is_digit(t[at + 3]));
}

// A program's report of a process that exit code 137 (128 + 9: SIGKILL) ended, as the shells and runners word it:
// GitHub Actions' runner `Error: Process completed with exit code 137.` (its step's shell), the actions toolkit's
// `The process '/usr/bin/bash' failed with exit code 137`, CircleCI's `CircleCI received exit code 137`, Docker
// Compose's `web-1 exited with code 137` (a service's container), kubectl's `command terminated with exit code 137`
// (`kubectl exec`, `kubectl run -it`: the command in the container). None knows the sender. "" for any other line
// (YARN's `non-zero exit code 137`, yarn(); prose).
std::string exit137(std::string_view t) {
  struct Phrase {
    std::string_view text;
    int who;  // 0 GitHub Actions' runner, 1 a process the line names (`The process '…'`), 2 CircleCI, 3 Compose,
              // 4 kubectl exec (kubectl run --rm, kubectl debug: the command it ran in a container)
  };
  constexpr Phrase kPhrases[] = {{"Process completed with exit code ", 0},
                                 {"failed with exit code ", 1},
                                 {"CircleCI received exit code ", 2},
                                 {" exited with code ", 3},
                                 {"command terminated with exit code ", 4}};
  for (const Phrase& p : kPhrases) {
    const size_t at = t.find(p.text);
    if (at == std::string_view::npos || !code137_at(t, at + p.text.size())) continue;
    const std::string senders = sigkill_senders(std::nullopt);
    switch (p.who) {
      case 0:
        return trf("GitHub Actions says the process of a step ended with exit code 137: 128 + 9, SIGKILL ended it, "
                   "and the runner does not know the sender. It may be the kernel's OOM killer, but not surely. {} "
                   "A hosted runner's kernel log is gone after the job: read it in the same job, in a later step "
                   "that runs on failure (`sudo dmesg -T`).",
                   senders);
      case 1: {
        constexpr std::string_view kProcess = "The process '";
        const size_t q = t.rfind(kProcess, at);
        std::string_view what;
        if (q != std::string_view::npos) {
          what = t.substr(q + kProcess.size(), at - q - kProcess.size());
          if (!what.empty() && what.back() == ' ') what.remove_suffix(1);
          if (!what.empty() && what.back() == '\'') what.remove_suffix(1);
          else what = {};
        }
        if (what.empty() || what.find('\'') != std::string_view::npos) return {};
        return trf("A job runner says the process `{}` failed with exit code 137: 128 + 9, SIGKILL ended it, and the "
                   "runner does not know the sender. It may be the kernel's OOM killer, but not surely. {}",
                   what, senders);
      }
      case 2:
        return trf("CircleCI says the step's process ended with exit code 137: 128 + 9, SIGKILL ended it, and "
                   "CircleCI does not know the sender. It may be the kernel's OOM killer (a job over its resource "
                   "class's memory), but not surely. {}",
                   senders);
      case 4:
        return trf("kubectl says the command it ran in the container ended with exit code 137 (`command terminated "
                   "with exit code 137`): 128 + 9, SIGKILL ended it, and kubectl does not know the sender. It may be "
                   "the kernel's OOM killer (the container's memory limit, or the node's memory), but not surely. {}",
                   senders);
      default: {
        // Compose: the service's container name just before (`web-1`, `app_web_1`, `'blk-explorer-free`).
        std::string_view before = text::trim_right(t.substr(0, at));
        const size_t sp = before.find_last_of(" |'\"");
        std::string_view name = sp == std::string_view::npos ? before : before.substr(sp + 1);
        if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") !=
                                std::string_view::npos)
          return {};
        return trf("Docker Compose says container {} exited with code 137: 128 + 9, SIGKILL ended it, and Compose "
                   "does not know the sender. It may be the kernel's OOM killer (`docker inspect {}` then says "
                   "`\"OOMKilled\": true` when the container's own memory limit was reached), but not surely: "
                   "`docker kill`, `docker stop` after its timeout and a kill on the host end it so too. {}",
                   name, name, senders);
      }
    }
  }
  return {};
}

// joblib's loky executor (joblib/externals/loky/process_executor.py): `TerminatedWorkerError: A worker process
// managed by the executor was unexpectedly terminated. … The exit codes of the workers are {SIGKILL(-9), …}`, its
// set of the dead workers' exit codes (SIGKILL(-9): a signal 9). Its own `excessive memory usage` is a guess; it
// does not know the sender. "" for any other line.
std::string loky_sigkill(std::string_view t) {
  constexpr std::string_view kCodes = "exit codes of the workers are {";
  const size_t at = t.find(kCodes);
  if (at == std::string_view::npos) return {};
  std::string_view set = t.substr(at + kCodes.size());
  set = set.substr(0, set.find('}'));
  size_t n = 0;
  for (size_t p = set.find(evidence_words::kLokySigkill); p != std::string_view::npos;
       p = set.find(evidence_words::kLokySigkill, p + 1))
    ++n;
  if (n == 0) return {};
  return trf("joblib's loky executor says {} of its worker processes ended by SIGKILL (`SIGKILL(-9)` in its "
             "`TerminatedWorkerError`); it does not know the sender (its `excessive memory usage` is a guess). {} "
             "Fewer workers (`n_jobs`) or smaller pieces of data passed to each lower the peak.",
             n, sigkill_senders(std::nullopt));
}

// PyTorch's DataLoader (torch/utils/data/dataloader.py `_try_get_data`): `DataLoader worker (pid(s) N, M) exited
// unexpectedly`, raised when it finds workers gone, whatever ended them (on Linux its SIGCHLD handler's `DataLoader
// worker (pid N) is killed by signal: …` comes first when a signal did). The pids, or "" for any other line.
std::string dataloader_exited(std::string_view t, std::optional<uint64_t>& pid_out) {
  constexpr std::string_view kWorkers = "DataLoader worker (pid(s) ";
  const size_t at = t.find(kWorkers);
  if (at == std::string_view::npos) return {};
  std::string_view rest = t.substr(at + kWorkers.size());
  const size_t close = rest.find(") exited unexpectedly");
  if (close == std::string_view::npos) return {};
  const std::string_view pids = rest.substr(0, close);
  if (pids.empty() || pids.find_first_not_of("0123456789, ") != std::string_view::npos) return {};
  if (pids.find(',') == std::string_view::npos) {
    std::string_view one = pids;
    pid_out = take_u64(one);  // said once: the `is killed by signal` line of this pid says more
  }
  return trf("PyTorch says its DataLoader worker(s) (pid(s) {}) exited unexpectedly; this line does not say how. A "
             "`DataLoader worker (pid N) is killed by signal: …` line before it names the signal (`Killed`: SIGKILL, "
             "which the kernel's OOM killer sends; `Bus error`: /dev/shm full); without one, a worker's own error "
             "(its traceback) or a crash ended it. Setting `num_workers=0` runs the loading in the main process, "
             "where its error is shown.",
             pids);
}

// Backend.AI's kernel runner (ai.backend.kernel, its OOM logger, Backend.AI PR 1373): in a session container it logs
// `python-kernel: Out-of-memory detected!` and `python-kernel: detected potentially oom-killed process:` before the
// process tree of the one it guesses was killed. The kernel's report of an OOM kill in a container is in the host's
// kernel log, not in the container.
std::string oom_watcher(std::string_view t) {
  if (t.find("detected potentially oom-killed process") == std::string_view::npos) return {};
  return std::string(tr("A container runtime's OOM watcher (Backend.AI's kernel runner) says an out-of-memory kill "
                        "happened in its container; the process it guesses was killed follows this line. If the "
                        "kernel's OOM killer killed it, its report, `Killed process …` with what filled the "
                        "container's memory, is in the host's kernel log at that time (`journalctl -k`, `dmesg -T` on "
                        "the host), not in the container."));
}

// A `docker events --format` line that prints the event's status or action as `KEY=VALUE` (Docker's documented
// `Type={{.Type}}  Status={{.Status}}  ID={{.ID}}`): `Status=oom` (also `status=`, `Action=`, `action=`), with the
// container's id after `ID=` or `id=` when the line prints it. "" for any other line (a `--filter event=oom`).
std::string docker_format_oom(std::string_view t) {
  for (size_t at = t.find(evidence_words::kDockerFormatOom); at != std::string_view::npos;
       at = t.find(evidence_words::kDockerFormatOom, at + 1)) {
    const size_t end = at + evidence_words::kDockerFormatOom.size();
    if (end < t.size() && t[end] != ' ' && t[end] != '\t' && t[end] != ',') continue;  // `=oom_score_adj`
    size_t key = at;
    while (key > 0 && text::is_alnum(t[key - 1])) --key;
    const std::string_view name = t.substr(key, at - key);
    if (!text::equals_ascii_ci(name, "status") && !text::equals_ascii_ci(name, "action")) continue;
    std::string id;
    for (std::string_view k : {std::string_view("ID="), std::string_view("id="), std::string_view("Id=")}) {
      const size_t i = t.find(k);
      if (i == std::string_view::npos || (i > 0 && text::is_alnum(t[i - 1]))) continue;
      std::string_view hex = t.substr(i + k.size());
      hex = hex.substr(0, std::min(hex.size(), hex.find_first_not_of("0123456789abcdef")));
      if (hex.size() >= 12) id = std::string(hex.substr(0, 12));
      break;
    }
    return docker_oom(id, "");
  }
  return {};
}

// A container runtime's or the kubelet's own notice of an OOM in a container's memory cgroup, which it reads from
// the cgroup (its OOM event counter) or from the kernel log, never the kernel's report itself: Docker's event
// stream (`{"status":"oom","id":"…",…}`, API 1.22+ also `"Action":"oom"`), containerd's TaskOOM event
// (`topic=/tasks/oom type=containerd.events.TaskOOM`), `docker inspect`'s `"OOMKilled": true|false`, Kubernetes'
// container state reason `OOMKilled`, and the kubelet's SystemOOM / CgroupOOM events (`System OOM encountered[,
// victim process: X, pid: N]`, `Cgroup OOM encountered, victim process: X, pid: N`: cAdvisor's reading of the
// node's kernel log). The sentence, or "".
std::string runtime_notice(std::string_view t) {
  if (const size_t at = t.find("OOM encountered"); at != std::string_view::npos) {
    const bool cgroup = at >= 7 && t.substr(at - 7, 7) == "Cgroup ";
    const bool system = at >= 7 && t.substr(at - 7, 7) == "System ";
    if (!cgroup && !system) return {};
    // `victim process: stress, pid: 470521`
    std::string victim;
    if (const size_t v = t.find("victim process: ", at); v != std::string_view::npos) {
      std::string_view rest = t.substr(v + 16);
      const size_t comma = rest.find(", pid: ");
      if (comma != std::string_view::npos && comma > 0) {
        std::string_view digits = rest.substr(comma + 7);
        digits = digits.substr(0, std::min(digits.size(), digits.find_first_not_of("0123456789")));
        if (!digits.empty()) victim = trf("{} (pid {})", rest.substr(0, comma), digits);
      }
    }
    if (cgroup)
      return victim.empty()
                 ? std::string(tr("The kubelet says the kernel's OOM killer killed a process in a container's memory "
                                  "cgroup on its node (a `CgroupOOM` event, which cAdvisor reads from the node's kernel "
                                  "log). The kernel's report, with the cgroup's limit, its usage and the process "
                                  "killed, is in that log at the event's time (`journalctl -k` on the node)."))
                 : trf("The kubelet says the kernel's OOM killer killed {} in a container's memory cgroup on its node "
                       "(a `CgroupOOM` event, which cAdvisor reads from the node's kernel log). The kernel's report, "
                       "with the cgroup's limit and its usage, is in that log at the event's time (`journalctl -k` "
                       "on the node).",
                       victim);
    return victim.empty()
               ? std::string(tr("The kubelet says its node ran out of memory and the kernel's OOM killer ran (a "
                                "`SystemOOM` event: the whole node's memory, not a container's limit; this kubelet's "
                                "event names no victim). The kernel's report, with the process killed, is in the node's "
                                "kernel log at the event's time (`journalctl -k` on the node)."))
               : trf("The kubelet says its node ran out of memory and the kernel's OOM killer killed {} (a "
                     "`SystemOOM` event: the whole node's memory, not a container's limit). The kernel's report is "
                     "in the node's kernel log at the event's time (`journalctl -k` on the node).",
                     victim);
  }
  if (t.find("containerd.events.TaskOOM") != std::string_view::npos)
    return std::string(tr("containerd says a container's memory cgroup had an OOM (its `TaskOOM` event, read from the "
                          "cgroup's OOM counter): the container reached its memory limit. That is not the kernel's "
                          "report: whether the kernel's OOM killer then killed a process, and which, is in the host's "
                          "kernel log at that time (`Memory cgroup out of memory: Killed process …`; `journalctl -k` "
                          "on the host)."));
  if (const size_t at = t.find("\"OOMKilled\":"); at != std::string_view::npos) {
    const std::string_view v = trim(t.substr(at + 12));
    if (starts_with(v, "true"))
      return std::string(tr("`docker inspect` says `OOMKilled` true: Docker saw an OOM in the container's memory "
                            "cgroup while it ran (it reached its memory limit). The kernel's report of the kill, with "
                            "the limit, the usage and the process killed, is in the host's kernel log at the time the "
                            "container ended (`journalctl -k`, `dmesg -T` on the host)."));
    if (starts_with(v, "false"))
      return std::string(tr("`docker inspect` says `OOMKilled` false: Docker saw no OOM in the container's memory "
                            "cgroup, so its memory limit did not end it. If it ended by SIGKILL (exit code 137), "
                            "another sent it: the kernel's OOM killer when the whole host ran out of memory (Docker "
                            "does not flag that; its report, `Out of memory: Killed process …`, is in the host's kernel "
                            "log), or `docker kill`, an orchestrator or a user."));
    return {};
  }
  if (const size_t at = t.find("OOMKilled"); at != std::string_view::npos) {
    // Kubernetes' container state: `Reason:       OOMKilled` (kubectl describe), `reason: OOMKilled` (YAML),
    // `"reason": "OOMKilled"` (JSON).
    size_t b = at;
    while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t' || t[b - 1] == '"' || t[b - 1] == ':')) --b;
    if (b < 6 || (t.substr(b - 6, 6) != "Reason" && t.substr(b - 6, 6) != "reason")) return {};
    return std::string(tr("Kubernetes says the container was OOMKilled: its runtime saw an OOM kill in the "
                          "container's memory cgroup (its memory limit, `resources.limits.memory`, was reached, or "
                          "the node ran out of memory). The kernel's report, with the limit, the usage and the process "
                          "killed, is in the node's kernel log at the time the container ended (`journalctl -k` on "
                          "the node)."));
  }
  // Docker's event stream: `{"status":"oom","id":"36eb96d6c134…",…}`.
  if (t.find("\"status\":\"oom\"") != std::string_view::npos || t.find("\"Action\":\"oom\"") != std::string_view::npos) {
    std::string id;
    if (const size_t i = t.find("\"id\":\""); i != std::string_view::npos) {
      std::string_view hex = t.substr(i + 6);
      hex = hex.substr(0, std::min(hex.size(), hex.find_first_not_of("0123456789abcdef")));
      if (hex.size() >= 12) id = std::string(hex.substr(0, 12));
    }
    return docker_oom(id, "");
  }
  return docker_format_oom(t);
}

// systemd (src/core/unit.c, unit_check_oom()): `<unit>: A process of this unit has been killed by the OOM
// killer.` when the unit's cgroup memory.events oom_kill went up; newer releases word it `<unit>: The kernel OOM
// killer killed some processes in this unit.` (systemd-oomd's own kills read `systemd-oomd killed N process(es)
// in this unit.`: not the kernel's, and not matched here.)
std::string systemd_unit(std::string_view t) {
  size_t at = std::string_view::npos;
  for (std::string_view sentence : {std::string_view("A process of this unit has been killed by the OOM killer"),
                                    std::string_view("The kernel OOM killer killed some processes in this unit")})
    if (at = t.find(sentence); at != std::string_view::npos) break;
  if (at == std::string_view::npos) return {};
  const std::string who = systemd_unit_named(t, at);
  return trf("systemd saw the kernel's OOM killer kill a process of {} (the unit's cgroup memory.events oom_kill "
             "went up): the kernel's report is not in this text. Read it in the kernel log of that boot "
             "(`journalctl -k`, `dmesg`), at the time of this line.",
             who);
}

// slurmstepd (src/plugins/task/cgroup, jobacct_gather/cgroup):
// `Detected 1 oom-kill event(s) in StepId=191.batch cgroup.` (21.08+), `… in step 191.batch cgroup.` (older),
// `Detected 2 oom_kill events in StepId=13.0. Some of the step tasks have been OOM Killed.` (newer releases).
std::string slurm(std::string_view t) {
  const size_t at = t.find("Detected ");
  if (at == std::string_view::npos) return {};
  std::string_view rest = t.substr(at + 9);
  const auto n = take_u64(rest);
  if (!n || rest.empty() || rest.front() != ' ' ||
      (!starts_with(rest.substr(1), kSlurm[0]) && !starts_with(rest.substr(1), kSlurm[1])))
    return {};
  std::string_view step;
  for (std::string_view key : {std::string_view("StepId="), std::string_view(" step ")}) {
    const size_t k = rest.find(key);
    if (k == std::string_view::npos) continue;
    step = rest.substr(k + key.size());
    step = text::take_token(step);
    while (!step.empty() && (step.back() == '.' || step.back() == ',')) step.remove_suffix(1);
    break;
  }
  const std::string where = step.empty() ? std::string(tr("the job step's cgroup"))
                                         : trf("the cgroup of step {}", step);
  return trf("Slurm's slurmstepd counted {} OOM kill(s) in {} (the cgroup's memory.events oom_kill): the kernel's OOM "
             "killer killed there, but its report is not in this text. Read it in the compute node's kernel log "
             "(`journalctl -k` or `dmesg` on the node that ran the step, at the step's end; `sacct -j JOB -o "
             "NodeList` names the node).",
             *n, where);
}

// memory.events (cgroup v2): `high N` counts the times usage went over memory.high.
std::string memory_high(std::string_view t, bool memory_events) {
  const size_t file = t.find("memory.events");
  std::string_view rest = t;
  if (file != std::string_view::npos) {
    const size_t h = t.find("high ", file);
    if (h == std::string_view::npos) return {};
    rest = t.substr(h);
  } else if (!memory_events) {
    return {};
  }
  rest = trim(rest);
  if (!starts_with(rest, "high ")) return {};
  rest.remove_prefix(5);
  rest = text::trim_left(rest);
  const auto n = take_u64(rest);
  if (!n || *n == 0) return {};
  return trf("memory.events counts {} memory.high event(s): the cgroup's usage went over memory.high, so the kernel "
             "throttled it and reclaimed its memory (it ran slower); that is no kill. An OOM kill counts in "
             "memory.events `oom_kill`, and the kernel logs a report for each.",
             *n);
}

// systemd-oomd's `Killed /PATH` with no ` due to …` after it on its line (its reason cut off, or wrapped onto
// the next line by a paste).
bool oomd_kill_without_reason(std::string_view t) {
  const size_t at = t.find("]: Killed /");
  return at != std::string_view::npos && t.substr(0, at).find("systemd-oomd[") != std::string_view::npos &&
         t.find(" due to ", at) == std::string_view::npos;
}

// The sentence for one line, whether it tells of a kill (UserspaceEvidence::kill), and the pid of the process a
// supervisor says SIGKILL ended (said once per pid: torchrun names it twice).
struct Said {
  std::string message;
  bool kill = false;
  std::optional<uint64_t> sigkill_pid;
  UserspaceEvidence::Systemd systemd = UserspaceEvidence::Systemd::none;
  std::string unit;
};
// `timed_out`: the line of each gunicorn `WORKER TIMEOUT` read before, by pid.
Said said_of(std::string_view t, bool memory_events, const TimedOut& timed_out) {
  if (std::string s = slurm(t); !s.empty()) return {std::move(s), false};
  if (std::string s = systemd_unit(t); !s.empty()) return {std::move(s), false};
  if (std::string s = systemd_result(t); !s.empty())
    return {std::move(s), true, std::nullopt, UserspaceEvidence::Systemd::oom_kill_result,
            systemd_unit_of(t, t.find("Failed with result"))};
  if (std::string s = systemd_main_sigkill(t); !s.empty())
    return {std::move(s), true, std::nullopt, UserspaceEvidence::Systemd::main_sigkill,
            systemd_unit_of(t, t.find("ain process exited") - 1)};  // npos - 1: no `:` before it
  if (std::string s = killers(t); !s.empty()) return {std::move(s), true};
  if (std::string s = dask_nanny(t); !s.empty()) return {std::move(s), false};
  if (std::string s = yarn(t); !s.empty()) return {std::move(s), false};
  if (std::string s = batch_scheduler(t); !s.empty()) return {std::move(s), false};
  // Said only of an input without a report (each says that the kernel's report is elsewhere).
  // A supervisor's or PostgreSQL's `signal 9` line before a shell's `Killed` (PostgreSQL's ends `signal 9: Killed`).
  if (t.find(evidence_words::kSignal9[0]) != std::string_view::npos) {
    Said said;
    if (said.message = signal9_child(t, timed_out, said.sigkill_pid); !said.message.empty()) return said;
  }
  if (t.find("DataLoader worker (pid") != std::string_view::npos) {
    Said said;
    if (said.message = dataloader(t, said.sigkill_pid); !said.message.empty()) return said;
    if (said.message = dataloader_exited(t, said.sigkill_pid); !said.message.empty()) return said;
  }
  for (std::string (*f)(std::string_view) : {ray, shell_killed, lone_killed, oom_watcher, runtime_notice,
                                              docker_event, exit137, loky_sigkill, deepspeed})
    if (std::string s = f(t); !s.empty()) return {std::move(s), false};
  if (t.find(evidence_words::kPid) != std::string_view::npos) {
    Said said;
    if (said.message = torchrun(t, said.sigkill_pid); !said.message.empty()) return said;
    if (said.message = gunicorn(t, timed_out, said.sigkill_pid); !said.message.empty()) return said;
  }
  if (t.find(evidence_words::kSignal9[1]) != std::string_view::npos)
    if (std::string s = python_sigkill(t); !s.empty()) return {std::move(s), false};
  return {memory_high(t, memory_events), false};
}

// systemd's line of `unit` (as the sentence names it) beside the kernel's kills, none of them tied to it.
std::string untied_systemd(const UserspaceEvidence& x, const std::string& unit, bool sigkill) {
  if (sigkill)
    return trf("systemd says the main process of {} ended by SIGKILL (`code=killed, status=9/KILL`, line {}); no "
               "kernel OOM kill in this text is tied to it (none names that unit's cgroup, and none that names no "
               "cgroup ends just before the line), so another sender ended it, or a kill whose report this text "
               "lacks.",
               unit, x.line);
  return trf("systemd says {} failed with result `oom-kill` (line {}); no kernel OOM kill in this text is tied to it "
             "(none names that unit's cgroup, and none that names no cgroup ends just before the line): its report "
             "is not in this text, or systemd-oomd killed.",
             unit, x.line);
}

}  // namespace

std::string userspace_evidence_line(std::string_view t, bool memory_events) {
  return said_of(t, memory_events, {}).message;
}

bool UserspaceEvidenceScan::done() const {
  return kept_[0] >= kMaxEvidence && kept_[1] >= kMaxEvidence && oomd_cut_.empty() &&
         daemon_kills_.size() >= kMaxDaemonKills;
}

void UserspaceEvidenceScan::line(std::string_view t) {
  ++line_no_;
  if (done()) return;
  if (daemon_kills_.size() < kMaxDaemonKills) {
    std::optional<DaemonKill> k = parse_earlyoom_line(t);
    if (!k) k = parse_lmkd_line(t);
    if (k && k->pid) daemon_kills_.push_back({k->daemon, k->signal.empty() ? "SIGKILL" : k->signal, *k->pid, k->name, line_no_});
    // earlyoom's escalation names no pid: its SIGKILL goes to the victim of its last SIGTERM.
    if (!k && !daemon_kills_.empty() && daemon_kills_.back().daemon == "earlyoom" &&
        daemon_kills_.back().signal == "SIGTERM" && parse_earlyoom_escalation(t)) {
      UserspaceKill e = daemon_kills_.back();
      e.signal = "SIGKILL";
      e.line = line_no_;
      daemon_kills_.push_back(std::move(e));
    }
  }
  // The reason of the systemd-oomd kill on the line before, wrapped onto this one (`  due to memory pressure
  // for …`): the two read as one line, which replaces what the first said alone.
  if (!oomd_cut_.empty()) {
    const std::string_view k = trim(t);
    if (starts_with(k, "due to ")) {
      const std::string joined = oomd_cut_ + ' ' + std::string(k);
      if (std::string s = userspace_evidence_line(joined); !s.empty()) found_[oomd_cut_index_].message = std::move(s);
      oomd_cut_.clear();
      memory_events_ = false;
      return;
    }
    oomd_cut_.clear();
  }
  if (const auto pid = gunicorn_timed_out(t); pid && timed_out_.size() < kMaxDaemonKills)
    timed_out_.emplace_back(*pid, line_no_);
  if (Said s = said_of(t, memory_events_, timed_out_); !s.message.empty() && kept_[s.kill] < kMaxEvidence) {
    if (s.sigkill_pid) {
      if (std::find(sigkill_pids_.begin(), sigkill_pids_.end(), *s.sigkill_pid) != sigkill_pids_.end()) return;
      sigkill_pids_.push_back(*s.sigkill_pid);
    }
    // One of Ray's messages spans lines (its count wrapped, its exception's top-N table, its link): a Ray line
    // within kRayMessageLines of the last one is the same message, said once.
    if (!ray_victim(t).empty()) {
      const bool same_message = last_ray_line_ && line_no_ - *last_ray_line_ <= kRayMessageLines;
      last_ray_line_ = line_no_;
      if (same_message) return;
    }
    // The same sentence again (a job runner restarting worker after worker, its lines naming none) adds nothing.
    for (const UserspaceEvidence& f : found_)
      if (f.message == s.message) return;
    if (oomd_kill_without_reason(t)) {
      oomd_cut_ = std::string(t);
      oomd_cut_index_ = found_.size();
    }
    ++kept_[s.kill];
    found_.push_back({line_no_, std::move(s.message), s.kill, s.systemd, std::move(s.unit)});
  }
  // A memory.events dump: `low N`, `high N`, `max N`, `oom N`, `oom_kill N` lines after one another.
  const std::string_view k = trim(t);
  memory_events_ = t.find("memory.events") != std::string_view::npos ||
                   (memory_events_ && (starts_with(k, "high ") || starts_with(k, "max ") || starts_with(k, "oom"))) ||
                   starts_with(k, "low ");
}

void UserspaceEvidenceScan::feed(std::string_view chunk) {
  if (done()) return;  // nothing more is said: the rest need not be read
  // The whole lines of the chunk after the one partial_ completes (scan_lines()), then its partial last line.
  const size_t first_eol = chunk.find('\n');
  const size_t last_eol = chunk.rfind('\n');
  if (first_eol == std::string_view::npos || first_eol == last_eol) {
    feed_lines(chunk);
    return;
  }
  feed_lines(chunk.substr(0, first_eol + 1));
  scan_lines(chunk.substr(first_eol + 1, last_eol - first_eol));
  feed_lines(chunk.substr(last_eol + 1));
}

void UserspaceEvidenceScan::line_at(std::string_view t, uint64_t number) {
  if (done()) return;
  memory_events_ = false;  // no memory.events dump goes on across it
  line_no_ = number - 1;   // line() counts it
  line(t);
}

void UserspaceEvidenceScan::lines(std::string_view text, uint64_t first_line) {
  if (done()) return;
  if (first_line != line_no_ + 1) memory_events_ = false;  // the lines skipped hold no `high `: no dump goes on
  line_no_ = first_line - 1;
  const size_t last_eol = text.rfind('\n');
  if (last_eol == std::string_view::npos) {
    feed_lines(text);  // the input's last line, read at finish()
    return;
  }
  scan_lines(text.substr(0, last_eol + 1));
  feed_lines(text.substr(last_eol + 1));
}

void UserspaceEvidenceScan::scan_lines(std::string_view bulk) {
  // Whole lines (bulk ends with '\n'): only the lines holding a needed word are read one by one, each with the
  // few lines before it for the memory.events state; the lines between are only counted (SIMD).
  size_t done = 0;  // the lines of bulk before this are read or counted
  while (done < bulk.size()) {
    const size_t found = find_evidence_word(bulk.data(), done, bulk.size());
    const size_t word = found == bulk.size() ? std::string_view::npos : found;
    const size_t upto = word == std::string_view::npos ? bulk.size() : bulk.rfind('\n', word) + 1;  // npos + 1 == 0
    // Skipped: [done, tail); read: the last kTailLines lines before `upto` (or before the chunk's end).
    size_t tail = upto;
    for (size_t lines = 0; lines < kTailLines && tail > done; ++lines)
      tail = tail - 1 == done ? done : std::max(done, bulk.rfind('\n', tail - 2) + 1);
    if (tail > done) {
      line_no_ += count_newlines(bulk.substr(done, tail - done));
      memory_events_ = false;  // no `high ` in the skipped lines; a dump is shorter than the lines read
    }
    size_t end = word == std::string_view::npos ? bulk.size() : bulk.find('\n', word) + 1;
    feed_lines(bulk.substr(tail, end - tail));
    if (!oomd_cut_.empty() && end < bulk.size()) {  // its reason may be wrapped onto the next line
      const size_t next = bulk.find('\n', end) + 1;
      feed_lines(bulk.substr(end, next - end));
      end = next;
    }
    done = end;
  }
}

void UserspaceEvidenceScan::feed_lines(std::string_view chunk) {
  while (!chunk.empty()) {
    const size_t eol = chunk.find('\n');
    if (eol == std::string_view::npos) {
      partial_.append(chunk);
      return;
    }
    if (partial_.empty()) {
      line(chunk.substr(0, eol));
    } else {
      partial_.append(chunk.substr(0, eol));
      line(partial_);
      partial_.clear();
    }
    chunk.remove_prefix(eol + 1);
  }
}

void UserspaceEvidenceScan::finish() {
  if (!partial_.empty()) line(partial_);
  partial_.clear();
}

KillSeen kill_seen(const OomEvent& e) {
  KillSeen k;
  k.lines = e.lines;
  if (!e.victims.empty()) {
    k.pid = e.victims.front().pid;
    k.comm = e.victims.front().comm;
  }
  if (e.memcg) {
    for (const std::optional<std::string>* path : {&e.memcg->task_memcg, &e.memcg->oom_memcg}) {
      if (!*path) continue;
      k.cgroup_printed = true;
      if (!k.unit.empty()) continue;
      if (const auto owner = decode_cgroup_owner(**path); owner && owner->kind == "systemd") k.unit = owner->id;
    }
  }
  return k;
}

std::string systemd_beside_kills(const UserspaceEvidence& x, const std::vector<KillSeen>& kills) {
  if (x.systemd == UserspaceEvidence::Systemd::none || kills.empty()) return {};
  const std::string unit = x.unit.empty() ? std::string(tr("a systemd unit")) : trf("systemd unit {}", x.unit);
  const auto victim = [](const KillSeen& k) {
    return k.pid ? trf("{} (pid {})", k.comm, *k.pid) : trf("{}", k.comm.empty() ? std::string("?") : k.comm);
  };
  const bool sigkill = x.systemd == UserspaceEvidence::Systemd::main_sigkill;
  // The kill in the unit's cgroup: the last one at or before the line, else the first after it.
  const KillSeen* in_unit = nullptr;
  if (!x.unit.empty())
    for (const KillSeen& k : kills)
      if (k.unit == x.unit && (!in_unit || k.lines.first <= x.line)) in_unit = &k;
  if (in_unit) {
    if (sigkill)
      return trf("systemd says the main process of {} ended by SIGKILL (`code=killed, status=9/KILL`, line {}): "
                 "the kernel's OOM killer killed {} in that unit's cgroup (lines {}-{}), so that kill is most likely "
                 "this SIGKILL.",
                 unit, x.line, victim(*in_unit), in_unit->lines.first, in_unit->lines.last);
    return trf("systemd says {} failed with result `oom-kill` (line {}): the kernel's OOM killer killed {} in that "
               "unit's cgroup (lines {}-{}).",
               unit, x.line, victim(*in_unit), in_unit->lines.first, in_unit->lines.last);
  }
  // A kill whose report names no cgroup, ending just before the line: told by nearness only (a kill that names
  // another cgroup is not the unit's).
  const KillSeen* near = nullptr;
  for (const KillSeen& k : kills)
    if (!k.cgroup_printed && k.lines.last <= x.line && x.line - k.lines.last <= kNearLines) near = &k;
  if (near) {
    if (sigkill)
      return trf("systemd says the main process of {} ended by SIGKILL (`code=killed, status=9/KILL`, line {}), "
                 "right after the kernel's OOM killer killed {} (lines {}-{}). The kernel's report does not print the "
                 "victim's cgroup (or it is cut), so that this was the unit's main process is told by their nearness "
                 "only.",
                 unit, x.line, victim(*near), near->lines.first, near->lines.last);
    return trf("systemd says {} failed with result `oom-kill` (line {}), right after the kernel's OOM killer killed "
               "{} (lines {}-{}). The kernel's report does not print the victim's cgroup (or it is cut), so that the "
               "kill was in this unit is told by their nearness only.",
               unit, x.line, victim(*near), near->lines.first, near->lines.last);
  }
  return untied_systemd(x, unit, sigkill);
}

void attach_userspace_kills(OomEvent& event, const std::vector<UserspaceKill>& kills) {
  if (kills.empty() || event.victims.empty()) return;
  for (const UserspaceKill& k : kills) {
    for (const Victim& v : event.victims) {
      if (!v.pid || *v.pid != k.pid) continue;
      // A pid is reused: the names must agree when both are known (the kernel's comm is at most 15 bytes).
      const bool same_name = k.name.empty() || v.comm.empty() || k.name == v.comm ||
                             (v.comm.size() == 15 && k.name.starts_with(v.comm));
      if (same_name) event.userspace_kills.push_back(k);
      break;
    }
  }
}

}  // namespace oomlens::diagnose
