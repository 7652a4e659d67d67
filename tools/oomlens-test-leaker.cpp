// oomlens-test-leaker: allocates and touches memory until the kernel kills it.
// Used by the live tests and `make demo`. It refuses to run unless
// /proc/self/cgroup puts it in a memory cgroup with a limit below half of
// the machine's RAM, so it can never cause a machine-wide OOM.
//
// Usage: oomlens-test-leaker [--mib-per-s N] [--max-mib N] [--chunk-mib N] [--tag TEXT]
// Exit: 0 when --max-mib was reached, 3 when it refused to run, 2 on usage error.
#include <sys/sysinfo.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "cgroup/cgroup.h"

int main(int argc, char** argv) {
  double mib_per_s = 0;  // 0 = as fast as possible
  long max_mib = 0;      // 0 = no end
  long chunk_mib = 4;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char* {
      if (i + 1 >= argc) { std::fprintf(stderr, "leaker: %s needs a value\n", a.c_str()); std::exit(2); }
      return argv[++i];
    };
    if (a == "--mib-per-s") mib_per_s = std::atof(next());
    else if (a == "--max-mib") max_mib = std::atol(next());
    else if (a == "--chunk-mib") chunk_mib = std::max(1L, std::atol(next()));
    else if (a == "--tag") (void)next();  // ignored: puts text on the command line (redaction tests)
    else { std::fprintf(stderr, "leaker: unknown argument %s\n", a.c_str()); return 2; }
  }
  using namespace oomlens::cgroup;
  auto h = find_memory_hierarchy("/");
  if (!h) { std::fprintf(stderr, "leaker: refusing to run: no memory cgroup controller\n"); return 3; }
  auto dir = memory_cgroup_dir(*h, 0, "/");
  if (!dir) { std::fprintf(stderr, "leaker: refusing to run: cannot find my memory cgroup\n"); return 3; }
  Limit lim = tightest_limit(*h, *dir);
  struct sysinfo si {};
  sysinfo(&si);
  const uint64_t ram = static_cast<uint64_t>(si.totalram) * si.mem_unit;
  if (!lim.bytes || *lim.bytes > ram / 2) {
    std::fprintf(stderr, "leaker: refusing to run: memory cgroup %s has no limit below half of RAM\n", dir->c_str());
    return 3;
  }
  std::fprintf(stderr, "leaker: pid %d in %s (limit %llu bytes) allocating\n", getpid(), dir->c_str(),
               static_cast<unsigned long long>(*lim.bytes));
  std::vector<char*> keep;
  const size_t chunk = static_cast<size_t>(chunk_mib) << 20;
  const auto start = std::chrono::steady_clock::now();
  long allocated_mib = 0;
  while (max_mib == 0 || allocated_mib < max_mib) {
    char* p = static_cast<char*>(std::malloc(chunk));
    if (!p) { std::fprintf(stderr, "leaker: malloc failed\n"); return 4; }
    std::memset(p, 0x5a, chunk);  // touch every page so it is charged
    keep.push_back(p);
    allocated_mib += chunk_mib;
    if (mib_per_s > 0) {
      auto due = start + std::chrono::duration<double>(allocated_mib / mib_per_s);
      std::this_thread::sleep_until(due);
    }
  }
  return 0;
}
