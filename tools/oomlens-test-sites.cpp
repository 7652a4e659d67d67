// oomlens-test-sites: allocations at known native sites, for `run --sites`
// tests (tests/sites/). Each site is its own never-inlined function, and
// the line that allocates carries a SITE-n marker the test looks up.
//
//   site 1: 48 MiB in one malloc (always recorded at its size)
//   site 2: 24 MiB in 96 blocks of 256 KiB (sampled), half freed before the end
//   site 3: 16 MiB by posix_memalign, 64 blocks (sampled), all freed
//   a child (fork) allocates 32 MiB at site 4 and exits.
//
// Usage: oomlens-test-sites [--fork] [--hold-s N]  Exit: 0.
//
// OOMLENS_TEST_FAKE_PYTHON=VERSION makes the program answer libpython's
// Py_GetVersion() with VERSION (the symbol is exported: CMakeLists.txt), so
// a test shows what the preload does in a Python it cannot walk.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

__attribute__((noinline)) void* site1() {
  void* p = std::malloc(48u << 20);  // SITE-1
  std::memset(p, 1, 48u << 20);
  return p;
}
__attribute__((noinline)) void* site2() {
  void* p = std::malloc(256u << 10);  // SITE-2
  std::memset(p, 2, 256u << 10);
  return p;
}
__attribute__((noinline)) void* site3() {
  void* p = nullptr;
  if (posix_memalign(&p, 64, 256u << 10) != 0) std::abort();  // SITE-3
  std::memset(p, 3, 256u << 10);
  return p;
}
__attribute__((noinline)) void* site4() {
  void* p = std::malloc(32u << 20);  // SITE-4
  std::memset(p, 4, 32u << 20);
  return p;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const char* Py_GetVersion() {
  const char* v = std::getenv("OOMLENS_TEST_FAKE_PYTHON");
  return v ? v : "";
}

int main(int argc, char** argv) {
  bool do_fork = false;
  int hold_s = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--fork") == 0) do_fork = true;
    else if (std::strcmp(argv[i], "--hold-s") == 0 && i + 1 < argc) hold_s = std::atoi(argv[++i]);
  }
  static void* keep[256];
  void* big = site1();
  for (int i = 0; i < 64; ++i) keep[100 + i] = site3();
  for (int i = 0; i < 64; ++i) std::free(keep[100 + i]);
  for (int i = 0; i < 96; ++i) keep[i] = site2();
  if (do_fork) {
    pid_t pid = fork();
    if (pid == 0) {
      void* c = site4();
      std::printf("child %p\n", c);
      std::fflush(stdout);
      _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
  }
  for (int i = 0; i < 48; ++i) std::free(keep[i]);
  if (hold_s > 0) sleep(static_cast<unsigned>(hold_s));
  std::printf("done %p\n", big);
  return 0;
}
