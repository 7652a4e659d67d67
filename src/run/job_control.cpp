// `oomlens run`: what the session does to its job through its
// ProcessControl (see job_control.h).
#include "run/job_control.h"

#include <csignal>

#include "cgroup/cgroup.h"
#include "supervise/signals.h"

namespace oomlens::run {

SignalRoute route_signal(const JobHandle& job, bool attached, bool pty, int sig, int si_code,
                         supervise::ProcessControl& control) {
  SignalRoute r;
  if (sig == SIGCHLD) return r;  // the loop reaps
  if (sig == SIGWINCH) {
    r.resize_pty = pty;
    return r;
  }
  if (job.main_exited()) {
    r.stop_linger = sig == SIGINT || sig == SIGTERM;
    return r;
  }
  if (attached) {  // never signalled: SIGINT/TERM/HUP/QUIT make oomlens stop following it
    if (sig != SIGUSR1 && sig != SIGUSR2) r.detach_signal = sig;
    return r;
  }
  r.recorded = true;
  // With --capture-tty the job is in its own session: what the kernel
  // sends oomlens (a hangup of its terminal) would not reach it otherwise.
  r.forwarded = supervise::should_forward(sig, si_code) || pty;
  if (r.forwarded)
    if (auto st = control.signal(job.pid, job.pidfd, sig); !st) r.error = st.error();
  return r;
}

std::optional<OwnCgroupEnd> end_own_cgroup(const JobHandle& job, supervise::ProcessControl& control, int timeout_ms) {
  if (!job.own_cgroup || job.own_cgroup->dir.empty()) return std::nullopt;
  const supervise::JobCgroup& cg = *job.own_cgroup;
  OwnCgroupEnd e;
  e.oom_kill = cgroup::oom_kill_count(cg.hierarchy.version, cg.dir);
  if (cg.via_systemd_run) return e;
  if (const size_t left = cgroup::procs(cg.dir).size(); left > 0) e.leftover_killed = left;
  if (auto st = cgroup::kill_and_remove(cg.dir, timeout_ms, [&control](int pid) { return control.signal(pid, -1, SIGKILL); });
      !st)
    e.error = st.error();
  return e;
}

}  // namespace oomlens::run
