// `oomlens protect` (see protect.h).
#include "protect/protect.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>

#include "cgroup/cgroup.h"
#include "proc/proc.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/launch.h"
#include "util/message.h"
#include "util/sanitize.h"
#include "util/signal_safe.h"
#include "util/strerror_tr.h"

namespace oomlens::protect {
namespace {

constexpr int kCapSysResource = 24;  // include/uapi/linux/capability.h

std::string opt_str(std::optional<int> v) { return v ? std::to_string(*v) : "?"; }

volatile sig_atomic_t g_child = 0;
// A handler: only the async-signal-safe core of send_signal() (util/signal_safe.h).
void forward_signal(int sig) {
  if (g_child > 0) (void)send_signal_errno(g_child, -1, sig);  // our child, not yet reaped: its pid is not reused
}


}  // namespace

std::optional<int> parse_adj(std::string_view t) {
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  int v = 0;
  auto r = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || r.ec != std::errc{} || r.ptr != t.data() + t.size()) return std::nullopt;
  if (v < kAdjMin || v > kAdjMax) return std::nullopt;
  return v;
}

std::optional<int> parse_pid(std::string_view t) {
  int v = 0;
  auto r = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || r.ec != std::errc{} || r.ptr != t.data() + t.size() || v <= 0) return std::nullopt;
  return v;
}

namespace {
std::optional<uint64_t> start_time_at(int dirfd) {
  auto text = read_file_at(dirfd, "stat", 4096);
  if (!text) return std::nullopt;
  auto st = proc::parse_pid_stat(*text);
  if (!st) return std::nullopt;
  return st->start_time_ticks;
}
}  // namespace

const ProcAdjIo::Handle* ProcAdjIo::handle(int pid) {
  if (auto it = handles_.find(pid); it != handles_.end()) return &it->second;
  const std::string dir = root_ + "/" + std::to_string(pid);
  Handle h;
  h.dirfd.reset(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!h.dirfd) return nullptr;
  h.start_time_ticks = start_time_at(h.dirfd.get());
  return &handles_.emplace(pid, std::move(h)).first->second;
}

std::optional<int> ProcAdjIo::read_int(int pid, std::string_view file) {
  const Handle* h = handle(pid);
  if (!h) return std::nullopt;
  auto text = read_file_at(h->dirfd.get(), std::string(file).c_str(), 64);
  if (!text) return std::nullopt;
  return proc::parse_pid_int(*text);
}

std::optional<std::string> ProcAdjIo::comm(int pid) {
  const Handle* h = handle(pid);
  if (!h) return std::nullopt;
  auto t = read_file_at(h->dirfd.get(), "comm", 4096);
  if (!t) return std::nullopt;
  return proc::parse_comm(*t);  // the one comm parser, through the held /proc/PID
}

std::optional<unsigned> ProcAdjIo::owner_uid(int pid) {
  const Handle* h = handle(pid);
  struct stat st {};
  if (!h || ::fstat(h->dirfd.get(), &st) != 0) return std::nullopt;
  return st.st_uid;
}

SystemError adj_open_error(int pid, int err) { return SystemError{err, fmt::format("open /proc/{}/oom_score_adj", pid)}; }
SystemError adj_write_error(int pid, int err) { return SystemError{err, fmt::format("write /proc/{}/oom_score_adj", pid)}; }
SystemError adj_reused_error(int pid) { return SystemError{ESRCH, fmt::format("start time of /proc/{} changed", pid)}; }

Status ProcAdjIo::write_adj(int pid, int adj) {
  const Handle* h = handle(pid);
  if (!h) return adj_open_error(pid, errno ? errno : ENOENT);
  const UniqueFd fd(::openat(h->dirfd.get(), "oom_score_adj", O_WRONLY | O_CLOEXEC));
  if (!fd) return adj_open_error(pid, errno);
  // Opened through the handle; the start time, read again now that the
  // file is open, must still be the one first read.
  if (start_time_at(h->dirfd.get()) != h->start_time_ticks) return adj_reused_error(pid);
  const std::string v = std::to_string(adj);
  errno = 0;
  if (::write(fd.get(), v.data(), v.size()) != static_cast<ssize_t>(v.size())) return adj_write_error(pid, errno ? errno : EIO);
  return kOk;
}

std::optional<bool> ProcAdjIo::has_cap_sys_resource() {
  auto t = read_file(root_ + "/self/status");
  const auto mask = t ? proc::parse_pid_status(*t).cap_eff : std::nullopt;
  if (!mask) return std::nullopt;
  return (*mask >> kCapSysResource) & 1;
}

unsigned ProcAdjIo::euid() { return ::geteuid(); }

std::string explain_write_error(const SystemError& e, int pid, int adj, std::optional<int> adj_before,
                                std::optional<unsigned> owner, unsigned euid, std::optional<bool> cap) {
  const std::string_view what = e.what;
  struct {
    int err;
    bool at_open;
  } w{e.errnum, what.substr(0, 5) == "open "};
  if (what.substr(0, 14) == "start time of ")
    return trf("pid {} now names another process (its start time changed since it was read): "
               "oom_score_adj not changed",
               pid);
  if (w.err == ENOENT || w.err == ESRCH) return trf("no process {} (it does not exist or has exited)", pid);
  if (w.err == EACCES || w.err == EPERM) {
    if (w.at_open) {
      return trf("pid {} belongs to uid {} and you are uid {}: only its owner (or root) may change its "
                 "oom_score_adj; try sudo",
                 pid, owner ? std::to_string(*owner) : "?", euid);
    }
    const char* who = !cap ? tr("this process may lack it")
                      : *cap ? tr("this process has it, yet the kernel refused (an LSM policy?)")
                             : (euid == 0 ? tr("this process lacks it, although it runs as root (a container, or "
                                               "capabilities dropped)")
                                          : tr("this process lacks it"));
    return trf("setting oom_score_adj {} (now {}) was refused (EACCES): lowering it below the process's "
                       "floor (the lowest value a privileged writer set, 0 by default) needs CAP_SYS_RESOURCE; {}. "
                       "Values at or above the floor need no privilege for your own processes. With the "
                       "capability: sudo oomlens protect (root on an ordinary host has it); for a service: "
                       "OOMScoreAdjust= in its systemd unit; in Docker: docker run --oom-score-adj N or "
                       "--cap-add SYS_RESOURCE",
                       adj, opt_str(adj_before), who);
  }
  if (w.err == EINVAL) return trf("the kernel rejected {} as out of range (EINVAL)", adj);
  return trf("cannot write /proc/{}/oom_score_adj: {}", pid, tr_strerror(w.err));
}

Outcome protect_pid(AdjIo& io, int pid, int adj) {
  Outcome o;
  o.pid = pid;
  o.comm = io.comm(pid).value_or("");
  o.adj_before = io.read_int(pid, "oom_score_adj");
  o.score_before = io.read_int(pid, "oom_score");
  if (!o.adj_before) {
    o.error = trf("no process {} (it does not exist or has exited)", pid);
    return o;
  }
  if (auto w = io.write_adj(pid, adj); !w) {
    o.error = explain_write_error(w.error(), pid, adj, o.adj_before, io.owner_uid(pid), io.euid(), io.has_cap_sys_resource());
    return o;
  }
  o.adj_after = io.read_int(pid, "oom_score_adj");
  o.score_after = io.read_int(pid, "oom_score");
  o.ok = true;
  return o;
}

std::string render_outcome(const Outcome& o) {
  if (!o.ok) return fmt::format("{}{}: {}", o.pid, o.comm.empty() ? "" : " " + printable(o.comm), o.error);
  return fmt::format("{} {}: oom_score_adj {} → {}, oom_score {} → {}", o.pid, printable(o.comm), opt_str(o.adj_before),
                     opt_str(o.adj_after), opt_str(o.score_before), opt_str(o.score_after));
}

int run_with_adj(AdjIo& io, int adj, const std::vector<std::string>& argv, bool quiet) {
  if (argv.empty()) return kExitNotFound;
  const int self = ::getpid();
  auto adj_before = io.read_int(self, "oom_score_adj");
  auto score_before = io.read_int(self, "oom_score");
  // The launcher's child sets its own oom_score_adj (inherited over exec)
  // and keeps the signal state a shell's `exec` would.
  auto launched = launch({.argv = argv, .reset_signals = false, .oom_score_adj = adj});
  if (!launched) {
    const SystemError& e = launched.error();
    if (exec_failed(e)) {
      print_error("protect", "cannot run {}: {}", printable(argv[0]), tr_strerror(e.errnum));
    } else if (e.what.find("oom_score_adj") != std::string::npos) {  // its open or write
      // (the branches naming the pid are for someone else's process: never ours)
      print_error("protect", "{} (command not run)",
                  explain_write_error(e, self, adj, adj_before, io.owner_uid(self), io.euid(),
                                      io.has_cap_sys_resource()));
    } else {
      print_error("protect", "{}: {}", e.what, tr_strerror(e.errnum));  // pipe, fork
    }
    return exit_code_for_launch_error(e);
  }
  const pid_t pid = launched->pid;
  g_child = pid;
  struct sigaction ign {}, fwd {}, old_int {}, old_quit {}, old_term {}, old_hup {};
  ign.sa_handler = SIG_IGN;
  fwd.sa_handler = forward_signal;
  ::sigaction(SIGINT, &ign, &old_int);
  ::sigaction(SIGQUIT, &ign, &old_quit);
  ::sigaction(SIGTERM, &fwd, &old_term);
  ::sigaction(SIGHUP, &fwd, &old_hup);

  if (!quiet) {
    fmt::print(stderr, "oomlens protect: pid {} {}: oom_score_adj {} → {}, oom_score {} → {}\n", pid,
               printable(argv[0]), opt_str(adj_before), opt_str(io.read_int(pid, "oom_score_adj")),
               opt_str(score_before), opt_str(io.read_int(pid, "oom_score")));
  }
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  g_child = 0;
  ::sigaction(SIGINT, &old_int, nullptr);
  ::sigaction(SIGQUIT, &old_quit, nullptr);
  ::sigaction(SIGTERM, &old_term, nullptr);
  ::sigaction(SIGHUP, &old_hup, nullptr);
  if (WIFEXITED(wstatus)) return WEXITSTATUS(wstatus);
  if (WIFSIGNALED(wstatus)) return 128 + WTERMSIG(wstatus);
  return kExitSetupFailed;
}

}  // namespace oomlens::protect
