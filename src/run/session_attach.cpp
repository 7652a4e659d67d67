// `oomlens run --pid PID`: following a process oomlens did not start (see
// session_state.h). It is not our child: held by a pidfd (5.3+, ProcessControl::open_pidfd), its
// end seen as the pidfd becoming readable, its descendants found through
// /proc/PID/task/*/children like a started job's. Its wait status belongs
// to its parent; oomlens reads it only when it can (/proc/PID/stat field 52
// `exit_code`, 3.5+, while the process is a zombie its parent has not yet
// reaped). It is never signalled.
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "proc/proc.h"
#include "run/session_state.h"
#include "util/fd.h"
#include "util/file.h"
#include "util/exit_status.h"
#include "util/i18n.h"
#include "util/strerror_tr.h"

namespace oomlens::run {

std::optional<int> attach_exit_code_from_stat(std::string_view stat) {
  // Only a zombie's field 52 is its wait status (proc::parse_pid_stat reads
  // the state after the comm's last ')': a comm `foo) Z ` is no zombie).
  auto st = proc::parse_pid_stat(stat);
  if (!st || st->state != 'Z') return std::nullopt;
  return st->exit_code;
}

namespace {
/// /proc/PID/stat text (nullopt: unreadable, the process is gone) says a zombie.
bool zombie_or_gone(const std::optional<std::string>& stat) {
  if (!stat) return true;
  auto st = proc::parse_pid_stat(*stat);
  return !st || st->state == 'Z';
}
}  // namespace

// Before the record exists: the pid must name a live process whose memory
// we may read, and must not be oomlens itself.
std::optional<int> Session::check_attach() {
  const int pid = *o_.attach_pid;
  if (pid <= 0 || pid == ::getpid()) {
    supervise::say(trf("--pid {}: not a process oomlens can follow", pid));
    return kExitUsage;
  }
  auto pfd = control_.open_pidfd(pid);  // ENOSYS before 5.3: none, the end is then seen in /proc
  if (!pfd && pfd.error().errnum == ESRCH) {
    supervise::say(trf("--pid {}: no such process", pid));
    return kExitOwnFailure;
  }
  int dfd = ::open(join_root(proc_dir(), std::to_string(pid)).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) {
    supervise::say(trf("--pid {}: no such process ({})", pid, tr_strerror(errno)));
    return kExitOwnFailure;
  }
  job_.attach_dirfd = share_fd(UniqueFd(dfd));
  // smaps_rollup needs ptrace read access (PTRACE_MODE_READ_FSCREDS): the
  // same user without a stricter yama ptrace_scope, or CAP_SYS_PTRACE.
  if (!read_file_at(dfd, "smaps_rollup")) {
    const int err = errno;
    if (err == ESRCH) {
      supervise::say(trf("--pid {}: the process has already ended", pid));
    } else {
      supervise::say(trf("--pid {}: may not read its memory (/proc/{}/smaps_rollup: {}); it needs ptrace read access: run "
              "oomlens as the process's user or as root", pid, pid, tr_strerror(err)));
    }
    return kExitOwnFailure;
  }
  if (zombie_or_gone(read_file_at(dfd, "stat"))) {
    supervise::say(trf("--pid {}: the process has already ended", pid));
    return kExitOwnFailure;
  }
  if (auto cmd = read_file_at(dfd, "cmdline")) job_.attached_cmd = proc::cmdline_args(*cmd);
  if (job_.attached_cmd.empty()) job_.attached_cmd.push_back("pid " + std::to_string(pid));
  job_.pid = pid;
  job_.pidfd = pfd ? pfd->release() : -1;  // -1 before 5.3: the end is then seen when /proc/PID stops reading
  return std::nullopt;
}

// In place of spawn(): the clock starts now.
void Session::attach() {
  job_.t0 = now_s();
  own_adj_lowered_ = write_file("/proc/self/oom_score_adj", "-500").ok();
}

// Called where a started job would be waited for.
void Session::reap_attached() {
  if (job_.main_status) return;
  bool ended = false;
  std::optional<std::string> stat;
  if (job_.pidfd >= 0) {
    pollfd p{job_.pidfd, POLLIN, 0};
    ended = ::poll(&p, 1, 0) > 0;
    if (ended) stat = read_file_at(*job_.attach_dirfd, "stat");
  } else {
    stat = read_file_at(*job_.attach_dirfd, "stat");
    ended = zombie_or_gone(stat);
  }
  if (!ended) return;
  const std::optional<int> seen = stat ? attach_exit_code_from_stat(*stat) : std::nullopt;
  const int wait_status = seen.value_or(0);
  job_.main_status = wait_status;
  job_.main_status_known = seen.has_value();
  job_.main_exit_t = t_rel();
  snap_.ticks_at_exit = snap_.tick_no;
  tree_->set_main_exited(*job_.main_exit_t);
  record_.flush();
  nlohmann::json ev = {{"type", "event"}, {"t_s", *job_.main_exit_t}, {"kind", "main_exit"}, {"pid", job_.pid},
                       {"exit_status_known", job_.main_status_known}};
  if (job_.main_status_known) {
    auto end = supervise::job_end_from_wait_status(wait_status);
    ev["exited"] = end.exited;
    ev["exit_code"] = end.exited ? nlohmann::json(end.exit_code) : nlohmann::json(nullptr);
    ev["signal"] = end.exited ? nlohmann::json(nullptr) : nlohmann::json(end.term_signal);
  } else {
    ev["exited"] = nullptr;
    ev["exit_code"] = nullptr;
    ev["signal"] = nullptr;
  }
  record_.write(ev, true);
}

}  // namespace oomlens::run
