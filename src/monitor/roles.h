#pragma once
// What a process of the job's tree is, told by its command line first and
// its parentage second (pure): the job's Python program may sit behind a
// launcher (`bash -c "python train.py; ..."`, `torchrun`, `env`, `srun`),
// and Python starts helpers that are not DataLoader workers.
//
// Roles (the record's `role`):
//   main     the process oomlens started (or attached to), whatever it is;
//   program  a Python program the launcher started (a torchrun rank: its
//            RANK/LOCAL_RANK are read from /proc/PID/environ), or one a
//            Python program ran with other arguments (subprocess.run of
//            `sys.executable`);
//   worker   a worker of the main process or of a program: a forked copy
//            (the parent's whole command line, parent the main or a
//            program), a
//            `multiprocessing.spawn` child, a child of the forkserver;
//   helper   multiprocessing's resource_tracker and forkserver, torchrun's
//            agent (`torch.distributed.run`, `torchrun`, the older
//            `torch.distributed.launch`);
//   other    anything else (a shell's `echo`, `nvidia-smi`, ...).
#include <string_view>

#include "monitor/tree.h"

namespace oomlens::monitor {

/// What a command line says a process is.
enum class ProcKind {
  python,         ///< a Python interpreter running a program
  spawn_child,    ///< `multiprocessing.spawn` (`spawn_main(...)`, `--multiprocessing-fork`)
  forkserver,     ///< multiprocessing's forkserver (its forked children are workers)
  helper,         ///< resource_tracker, torchrun's agent
  other,          ///< not Python
};

/// From the cmdline (NULs as spaces) and the comm (pure). A Python process
/// is one whose argv[0] basename or comm starts with "python" (or torch's
/// renamed main thread `pt_main_thread`).
[[nodiscard]] ProcKind proc_kind(std::string_view cmdline, std::string_view comm);

/// The role of `p` given its parent (nullptr when not tracked) and the
/// main process (nullptr before it is seen). `p.pid == main_pid` is main.
[[nodiscard]] Role classify_role(const TrackedProc& p, int main_pid, const TrackedProc* parent,
                                 const TrackedProc* main);

}  // namespace oomlens::monitor
