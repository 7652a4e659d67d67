// Roles by what a process is (monitor/roles.h), from structs.
#include <gtest/gtest.h>

#include "monitor/roles.h"

namespace oomlens::monitor {
namespace {

TrackedProc proc(int pid, int64_t ppid, const char* comm, const char* cmdline, Role role = Role::other) {
  TrackedProc p;
  p.pid = pid;
  p.ppid = ppid;
  p.comm = comm;
  p.cmdline = cmdline;
  p.role = role;
  return p;
}

TEST(Roles, KindsFromTheCommandLine) {
  EXPECT_EQ(proc_kind("/usr/bin/python3 train.py", "python3"), ProcKind::python);
  EXPECT_EQ(proc_kind("/usr/bin/python3 -c from multiprocessing.resource_tracker import main;main(5)", "python3"),
            ProcKind::helper);
  EXPECT_EQ(proc_kind("/usr/bin/python3 /usr/bin/torchrun --nproc_per_node 2 t.py", "torchrun"), ProcKind::helper);
  EXPECT_EQ(proc_kind("/usr/bin/python3 -m torch.distributed.run --nproc_per_node 2 t.py", "python3"),
            ProcKind::helper);
  EXPECT_EQ(proc_kind("/usr/bin/python3 -c from multiprocessing.forkserver import main; main(8, 9)", "python3"),
            ProcKind::forkserver);
  EXPECT_EQ(proc_kind("/usr/bin/python3 -c from multiprocessing.spawn import spawn_main; spawn_main(tracker_fd=5, "
                      "pipe_handle=7) --multiprocessing-fork", "python3"),
            ProcKind::spawn_child);
  EXPECT_EQ(proc_kind("bash -c python3 t.py; echo done", "bash"), ProcKind::other);
}

// `bash -c "python train.py; ..."`: python is the program, its forked
// DataLoader workers are workers, resource_tracker is a helper, echo other.
TEST(Roles, PythonAndItsWorkersUnderBash) {
  auto bash = proc(10, 1, "bash", "bash -c python3 t.py; echo done", Role::main);
  EXPECT_EQ(classify_role(bash, 10, nullptr, nullptr), Role::main);
  // bash's forked copy before exec is not a worker of bash.
  auto pre = proc(11, 10, "bash", "bash -c python3 t.py; echo done");
  EXPECT_EQ(classify_role(pre, 10, &bash, &bash), Role::other);
  auto py = proc(11, 10, "python3", "python3 t.py");
  py.role = classify_role(py, 10, &bash, &bash);
  EXPECT_EQ(py.role, Role::program);
  auto w = proc(12, 11, "python3", "python3 t.py");
  EXPECT_EQ(classify_role(w, 10, &py, &bash), Role::worker);
  auto rt = proc(13, 11, "python3", "python3 -c from multiprocessing.resource_tracker import main;main(5)");
  EXPECT_EQ(classify_role(rt, 10, &py, &bash), Role::helper);
  auto echo = proc(14, 10, "sleep", "sleep 1");
  EXPECT_EQ(classify_role(echo, 10, &bash, &bash), Role::other);
}

// torchrun's agent is the main process and a helper by kind: the ranks it
// starts (same interpreter) are programs, not its workers.
TEST(Roles, TorchrunRanksArePrograms) {
  auto agent = proc(20, 1, "torchrun", "/usr/bin/python3 /usr/bin/torchrun --nproc_per_node 2 t.py", Role::main);
  auto rank = proc(21, 20, "python3", "/usr/bin/python3 -u t.py");
  rank.role = classify_role(rank, 20, &agent, &agent);
  EXPECT_EQ(rank.role, Role::program);
  auto w = proc(22, 21, "python3", "/usr/bin/python3 -u t.py");
  EXPECT_EQ(classify_role(w, 20, &rank, &agent), Role::worker);
}

// A Python main process: its forked copies are workers, the forkserver a
// helper and its children workers, a spawn child a worker.
TEST(Roles, PythonMainWorkersAndHelpers) {
  auto main = proc(30, 1, "python3", "/usr/bin/python3 t.py", Role::main);
  auto fork = proc(31, 30, "python3", "/usr/bin/python3 t.py");
  EXPECT_EQ(classify_role(fork, 30, &main, &main), Role::worker);
  auto fs = proc(32, 30, "python3", "/usr/bin/python3 -c from multiprocessing.forkserver import main; main(8)");
  fs.role = classify_role(fs, 30, &main, &main);
  EXPECT_EQ(fs.role, Role::helper);
  auto fsw = proc(33, 32, "python3", "/usr/bin/python3 -c from multiprocessing.forkserver import main; main(8)");
  EXPECT_EQ(classify_role(fsw, 30, &fs, &main), Role::worker);
  auto sp = proc(34, 30, "python3", "/usr/bin/python3 -c from multiprocessing.spawn import spawn_main; "
                                    "spawn_main(tracker_fd=5, pipe_handle=7) --multiprocessing-fork");
  EXPECT_EQ(classify_role(sp, 30, &main, &main), Role::worker);
  // A non-Python main's forked copy stays a worker (the old rule).
  auto leaker = proc(40, 1, "leaker", "/opt/leaker --fork 2", Role::main);
  auto lw = proc(41, 40, "leaker", "/opt/leaker --fork 2");
  EXPECT_EQ(classify_role(lw, 40, &leaker, &leaker), Role::worker);
}

// A Python program that runs the same interpreter again with other
// arguments (`subprocess.run([sys.executable, "-c", ...])`, `python3
// prep.py`) starts a program of its own, not a DataLoader-style worker:
// only a forked copy keeps the parent's whole command line. Before its
// exec the child is still a forked copy.
TEST(Roles, ASubprocessOfThePythonMainIsAProgram) {
  auto main = proc(50, 1, "python3", "/usr/bin/python3 driver.py", Role::main);
  auto before_exec = proc(51, 50, "python3", "/usr/bin/python3 driver.py");
  EXPECT_EQ(classify_role(before_exec, 50, &main, &main), Role::worker);
  auto child = proc(51, 50, "python3", "/usr/bin/python3 -c b = []");
  child.role = classify_role(child, 50, &main, &main);
  EXPECT_EQ(child.role, Role::program);
  auto script = proc(52, 50, "python3", "/usr/bin/python3 prep.py --shard 1");
  EXPECT_EQ(classify_role(script, 50, &main, &main), Role::program);
  // The program's own forked copies are its workers.
  auto w = proc(53, 51, "python3", "/usr/bin/python3 -c b = []");
  EXPECT_EQ(classify_role(w, 50, &child, &main), Role::worker);
}

}  // namespace
}  // namespace oomlens::monitor
