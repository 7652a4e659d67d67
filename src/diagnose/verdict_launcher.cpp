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
    // One msgid per case (translated whole where shown: i18n::retranslate).
    const std::string rk = rank_clause(rank, local);
    v.evidence.push_back(
        k ? fmt::format(N_("torchrun reported: Signal {} ({}) received by PID {}{}, the process the kernel OOM killer "
                           "killed"), r.sig, signal_name(r.sig), r.pid, rk)
        : r.sig == SIGKILL
            ? fmt::format(N_("torchrun reported: Signal {} ({}) received by PID {}{}; no kernel OOM report names it"),
                          r.sig, signal_name(r.sig), r.pid, rk)
            : fmt::format(N_("torchrun reported: Signal {} ({}) received by PID {}{}"), r.sig, signal_name(r.sig),
                          r.pid, rk));
  }
  for (const TreeSignal& t : in.tree_signals) {
    const TreeKill* k = kill_of(t.pid);
    const bool kernel = t.sender.kind == "kernel";
    // "{} process {} ({}){}" is describe_proc()'s msgid for the role.
    TreeKill who;
    who.role = t.role, who.pid = t.pid, who.comm = t.comm, who.rank = t.rank, who.local_rank = t.local_rank;
    const std::string proc = describe_proc(who);
    const std::string sig = signal_name(t.sender.sig);
    std::string s =
        kernel && k ? fmt::format(N_("the signal trace saw {} sent to {} from inside the kernel (si_code SI_KERNEL): the "
                                     "OOM killer's signal, matching its report"), sig, proc)
        : kernel    ? fmt::format(N_("the signal trace saw {} sent to {} from inside the kernel (si_code SI_KERNEL): an "
                                     "OOM kill (or another kernel-sent signal) whose report was not seen"), sig, proc)
                    : fmt::format(N_("the signal trace saw {} sent to {} by {}: a userspace process, not the kernel OOM "
                                     "killer"), sig, proc, sender_who(t.sender));
    v.evidence.push_back(std::move(s));
    // A worker or program another process killed, with no kernel kill of
    // it, is said in the summary too: it is why the job failed.
    if (!kernel && !k && (v.cause == "exited" || v.cause == "bus_error") && in.exited && in.exit_code != 0 &&
        t.sender.sig == SIGKILL) {
      v.summary = fmt::format(N_("{} Its {} process {}{} was SIGKILLed by {}, not by the kernel OOM killer."), v.summary,
                              t.role, t.pid, rank_clause(t.rank, t.local_rank), sender_who(t.sender));
      if (!v.victim_pid) v.victim_pid = t.pid;
    }
  }
}

}  // namespace oomlens::diagnose
