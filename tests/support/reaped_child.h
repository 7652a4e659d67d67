#pragma once
// A pid that names no process: a child of the test that has exited and
// been reaped (its number is free until the kernel reuses it, which takes
// a whole pid_max cycle). For "ESRCH: it has exited" cases.
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace oomlens::testing {

/// -1 when fork() fails (the caller's ASSERT_GT says so).
inline pid_t reaped_child_pid() {
  const pid_t child = ::fork();
  if (child < 0) return -1;
  if (child == 0) ::_exit(0);
  while (::waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
  }
  return child;
}

}  // namespace oomlens::testing
