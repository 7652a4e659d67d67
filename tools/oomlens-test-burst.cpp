// oomlens-test-burst: a burst of real OOM kills for the live tests and the
// benchmark. In sequence, forks COUNT tiny children that each enter the
// memory cgroup DIR and touch memory until the kernel OOM-kills them (DIR
// must have a small limit, e.g. 8 MiB, so each kill is quick).
//
// Refuses to run unless DIR's limit is below half of RAM (never a
// machine-wide OOM). Children are forked, not exec'd: a kill costs a fork and
// a few MiB of page faults, so 1,000 kills take seconds, not minutes.
//
// Usage: oomlens-test-burst DIR COUNT [--interval-ms N] [--parallel P] [--print]
// --parallel P: P workers share the COUNT kills, each forking its leakers in
// sequence (the kernel's OOM path sleeps ~0.3 s per kill on a loaded VM;
// concurrent kills in one cgroup overlap those sleeps).
// Prints one line per kill on stdout with --print ("kill PID MONOTONIC_NS"),
// then "killed N of COUNT" on stderr.
// Exit: 0 when every child was OOM-killed, 1 when some were not, 2 usage, 3 refused.
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <new>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "cgroup/cgroup.h"

namespace {

[[noreturn]] void leak_until_killed(const std::string& dir) {
  if (!oomlens::cgroup::enter(dir, 0).ok()) _exit(121);
  // 1 MiB chunks, touched page by page; never freed.
  for (int i = 0; i < 4096; ++i) {
    char* p = static_cast<char*>(std::malloc(1 << 20));
    if (!p) _exit(4);
    std::memset(p, 0x5a, 1 << 20);
  }
  _exit(5);  // 4 GiB without a kill: the limit did not hold
}

/// Kills `count` leakers in sequence; returns how many died by SIGKILL.
long run_sequence(const std::string& dir, long count, long interval_ms, bool print) {
  long killed = 0;
  for (long i = 0; i < count; ++i) {
    pid_t pid = ::fork();
    if (pid < 0) {
      std::perror("burst: fork");
      break;
    }
    if (pid == 0) leak_until_killed(dir);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
      ++killed;
      if (print) {
        timespec ts{};
        clock_gettime(CLOCK_MONOTONIC, &ts);
        std::printf("kill %d %lld\n", pid, static_cast<long long>(ts.tv_sec) * 1000000000LL + ts.tv_nsec);
        std::fflush(stdout);
      }
    } else {
      std::fprintf(stderr, "burst: child %d was not OOM-killed (status %d)\n", pid, status);
    }
    if (interval_ms > 0) ::usleep(static_cast<useconds_t>(interval_ms) * 1000);
  }
  return killed;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: oomlens-test-burst DIR COUNT [--interval-ms N] [--parallel P] [--print]\n");
    return 2;
  }
  const std::string dir = argv[1];
  const long count = std::atol(argv[2]);
  long interval_ms = 0;
  long parallel = 1;
  bool print = false;
  for (int i = 3; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--interval-ms" && i + 1 < argc) interval_ms = std::atol(argv[++i]);
    else if (a == "--parallel" && i + 1 < argc) parallel = std::max(1L, std::atol(argv[++i]));
    else if (a == "--print") print = true;
    else {
      std::fprintf(stderr, "burst: unknown argument %s\n", a.c_str());
      return 2;
    }
  }
  if (count <= 0) return 2;
  auto h = oomlens::cgroup::find_memory_hierarchy("/");
  if (!h) {
    std::fprintf(stderr, "burst: refusing to run: no memory cgroup controller\n");
    return 3;
  }
  auto lim = dir.starts_with(h->mount_point + "/") ? oomlens::cgroup::tightest_limit(*h, dir)
                                                   : oomlens::cgroup::Limit{};
  struct sysinfo si {};
  sysinfo(&si);
  const uint64_t ram = static_cast<uint64_t>(si.totalram) * si.mem_unit;
  if (!lim.bytes || *lim.bytes > ram / 2) {
    std::fprintf(stderr, "burst: refusing to run: %s has no memory limit below half of RAM\n", dir.c_str());
    return 3;
  }
  // Workers add their kills to a shared counter.
  void* shared = ::mmap(nullptr, sizeof(std::atomic<long>), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) return 1;
  auto* total = new (shared) std::atomic<long>(0);
  std::fflush(stdout);
  for (long w = 0; w < parallel; ++w) {
    long share = count / parallel + (w < count % parallel ? 1 : 0);
    pid_t pid = ::fork();
    if (pid < 0) {
      std::perror("burst: fork");
      break;
    }
    if (pid == 0) {
      total->fetch_add(run_sequence(dir, share, interval_ms, print));
      std::fflush(stdout);
      _exit(0);
    }
  }
  while (::wait(nullptr) > 0) {
  }
  const long killed = total->load();
  std::fprintf(stderr, "killed %ld of %ld\n", killed, count);
  return killed == count ? 0 : 1;
}
