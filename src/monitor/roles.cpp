// Roles by what a process is (see roles.h).
#include "monitor/roles.h"

namespace oomlens::monitor {
namespace {

bool has(std::string_view h, std::string_view n) { return h.find(n) != std::string_view::npos; }

std::string_view argv0_base(std::string_view cmdline) {
  std::string_view a = cmdline.substr(0, cmdline.find(' '));
  if (size_t s = a.rfind('/'); s != std::string_view::npos) a.remove_prefix(s + 1);
  return a;
}

bool is_python(std::string_view cmdline, std::string_view comm) {
  return argv0_base(cmdline).substr(0, 6) == "python" || comm.substr(0, 6) == "python" || comm == "pt_main_thread";
}

bool same_executable(const TrackedProc& a, const TrackedProc& b) {
  if (a.cmdline.empty() || b.cmdline.empty()) return a.comm == b.comm;
  return a.cmdline.substr(0, a.cmdline.find(' ')) == b.cmdline.substr(0, b.cmdline.find(' '));
}

// A forked copy of a Python parent: fork(2) without exec keeps the
// parent's whole command line (DataLoader, multiprocessing's fork). The
// same interpreter run again with other arguments (`subprocess.run([sys.
// executable, "-c", ...])`, `python3 other.py`) is a program of its own.
bool forked_copy(const TrackedProc& parent, const TrackedProc& p) {
  if (parent.cmdline.empty() || p.cmdline.empty()) return same_executable(parent, p);
  return parent.cmdline == p.cmdline;
}

// A launcher that forks before it execs the program: its forked copy is
// not a worker (it is about to become the program).
bool is_launcher_shell(std::string_view comm) {
  for (std::string_view l : {"bash", "sh", "dash", "zsh", "env", "timeout", "srun", "mpirun", "nohup", "time",
                             "setsid", "stdbuf", "nice", "ionice", "taskset", "numactl", "unshare", "chrt"})
    if (comm == l) return true;
  return false;
}

}  // namespace

ProcKind proc_kind(std::string_view c, std::string_view comm) {
  if (has(c, "multiprocessing.resource_tracker") || has(c, "torch.distributed.run") ||
      has(c, "torch.distributed.launch") || argv0_base(c) == "torchrun" || has(c, "/torchrun "))
    return ProcKind::helper;
  if (has(c, "multiprocessing.forkserver")) return ProcKind::forkserver;
  if (has(c, "multiprocessing.spawn") || has(c, "--multiprocessing-fork")) return ProcKind::spawn_child;
  if (is_python(c, comm)) return ProcKind::python;
  return ProcKind::other;
}

Role classify_role(const TrackedProc& p, int main_pid, const TrackedProc* parent, const TrackedProc* main) {
  if (p.pid == main_pid) return Role::main;
  const ProcKind k = proc_kind(p.cmdline, p.comm);
  const ProcKind pk = parent ? proc_kind(parent->cmdline, parent->comm) : ProcKind::other;
  // A Python program's own process: the main one when it is Python and no
  // helper, or a program under a launcher.
  const bool parent_is_program =
      parent && ((parent->role == Role::main && pk == ProcKind::python) || parent->role == Role::program);
  switch (k) {
    case ProcKind::helper: return Role::helper;
    case ProcKind::forkserver:
      // The forkserver's forked children keep its cmdline: they are the workers.
      return parent && pk == ProcKind::forkserver ? Role::worker : Role::helper;
    case ProcKind::spawn_child: return Role::worker;
    case ProcKind::python:
      if (parent_is_program && forked_copy(*parent, p)) return Role::worker;
      return Role::program;  // under a launcher, a torchrun agent, a Python the program ran, or one not the main program
    case ProcKind::other:
      // A forked copy of a non-Python main program (same executable).
      if (main && parent && parent->role == Role::main && pk != ProcKind::helper && same_executable(*main, p) &&
          pk == ProcKind::other && proc_kind(main->cmdline, main->comm) == ProcKind::other &&
          !is_launcher_shell(main->comm))
        return Role::worker;
      return Role::other;
  }
  return Role::other;
}

}  // namespace oomlens::monitor
