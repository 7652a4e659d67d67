// measure_cmd: runs a command with its stdout sent to a file and prints
// "<wall seconds> <peak RSS kB> <exit status>" on stderr's last line.
// A small C++ parent keeps the child's ru_maxrss honest: Linux carries the
// parent's RSS high-water mark over fork+exec, so measuring from Python would
// add the interpreter's ~14 MiB to every command.
//
// Usage: measure_cmd OUTFILE CMD [ARGS...]
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: measure_cmd OUTFILE CMD [ARGS...]\n");
    return 2;
  }
  int out = ::open(argv[1], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0) {
    std::perror(argv[1]);
    return 2;
  }
  auto t0 = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(out, 1);
    ::execvp(argv[2], argv + 2);
    _exit(127);
  }
  int status = 0;
  rusage ru{};
  ::wait4(pid, &status, 0, &ru);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::fprintf(stderr, "%.4f %ld %d\n", s, ru.ru_maxrss, code);
  return 0;
}
