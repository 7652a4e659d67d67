// The verdict's evidence from launchers and from the signal trace of the
// job's programs and workers (see verdict.h: add_launcher_evidence).
#include <fmt/core.h>

#include <algorithm>
#include <csignal>

#include "diagnose/launcher.h"
#include "diagnose/verdict.h"
#include "util/i18n.h"

namespace oomlens::diagnose {

std::string describe_proc(const TreeKill& k) {
  // One msgid per role: translated whole when shown (i18n::retranslate).
  const std::string rank = rank_clause(k.rank, k.local_rank);
  if (k.role == "main") return fmt::format(N_("main process {} ({}){}"), k.pid, k.comm, rank);
  if (k.role == "worker") return fmt::format(N_("worker process {} ({}){}"), k.pid, k.comm, rank);
  if (k.role == "program") return fmt::format(N_("program process {} ({}){}"), k.pid, k.comm, rank);
  if (k.role == "other") return fmt::format(N_("other process {} ({}){}"), k.pid, k.comm, rank);
  return fmt::format("{} process {} ({}){}", k.role, k.pid, k.comm, rank);
}

void add_launcher_evidence(const VerdictInput& in, Verdict& v) {
  const LauncherFindings lf = scan_launcher_stderr(in.stderr_tail);
  auto kill_of = [&](int64_t pid) -> const TreeKill* {
    for (auto& k : in.kernel_kills)
      if (k.pid == pid) return &k;
    return nullptr;
  };
  for (const RankSignal& r : lf.rank_signals) {
    const TreeKill* k = kill_of(r.pid);
    auto rank = r.rank, local = r.local_rank;
    if (k && !rank) rank = k->rank, local = k->local_rank;
    v.evidence.push_back(fmt::format("torchrun reported: Signal {} ({}) received by PID {}{}{}", r.sig,
                                     signal_name(r.sig), r.pid, rank_clause(rank, local),
                                     k ? ", the process the kernel OOM killer killed"
                                       : r.sig == SIGKILL ? "; no kernel OOM report names it" : ""));
  }
  for (const TreeSignal& t : in.tree_signals) {
    const TreeKill* k = kill_of(t.pid);
    const bool kernel = t.sender.kind == "kernel";
    std::string s = fmt::format("the signal trace saw {} sent to {} process {} ({}){} {}", signal_name(t.sender.sig),
                                t.role, t.pid, t.comm, rank_clause(t.rank, t.local_rank),
                                kernel ? "from inside the kernel (si_code SI_KERNEL)"
                                       : "by " + sender_who(t.sender));
    if (kernel && k) s += ": the OOM killer's signal, matching its report";
    else if (kernel) s += ": an OOM kill (or another kernel-sent signal) whose report was not seen";
    else s += ": a userspace process, not the kernel OOM killer";
    v.evidence.push_back(std::move(s));
    // A worker or program another process killed, with no kernel kill of
    // it, is said in the summary too: it is why the job failed.
    if (!kernel && !k && (v.cause == "exited" || v.cause == "bus_error") && in.exited && in.exit_code != 0 &&
        t.sender.sig == SIGKILL) {
      v.summary += fmt::format(" Its {} process {}{} was SIGKILLed by {}, not by the kernel OOM killer.", t.role,
                               t.pid, rank_clause(t.rank, t.local_rank), sender_who(t.sender));
      if (!v.victim_pid) v.victim_pid = t.pid;
    }
  }
}

}  // namespace oomlens::diagnose
