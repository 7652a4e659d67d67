#pragma once
// The preload's recorder (liboomlens-sites.so): byte sampling, the
// sampled-pointer table and the shared site table (sites/table.h).
//
// Rules of this library: nothing on a sampling path allocates (the only
// memory is mmap'ed by raw syscalls at start and after fork); a thread
// inside the recorder (t_tls.guard) calls straight through to the real
// allocator, so nothing recurses, and a signal handler's malloc during a
// sample does not wait for the lock its own thread holds. The lock is a
// spinlock held only around table updates; stacks are captured and their
// objects looked up outside it (the unwinder may take the loader's lock,
// which a thread in dlopen holds while it mallocs).
#include <cstddef>
#include <cstdint>

#include "sites/table.h"

namespace oomlens::sites::preload {

struct Tls {
  int64_t countdown;  ///< bytes left until the next sample point
  uint64_t rng;       ///< xorshift64* state; 0 until first use
  int guard;          ///< > 0 while this thread is inside the recorder
};
extern thread_local Tls t_tls __attribute__((tls_model("initial-exec")));

/// Set once the process's table is mapped (start, and again after fork).
extern bool g_ready;
/// Counting filter over sampled pointers: a free whose slot is 0 is not
/// sampled. One slot per 4 KiB page, the page number's low 17 bits: frees
/// of nearby blocks read the same cache line. (A hashed slot per pointer
/// missed the cache on nearly every free: 87 % of free()'s own time on the
/// DataLoader loop, BENCHMARKS.md.) A free in a page that holds a sampled
/// block, or one 512 MiB away, looks the pointer up for nothing: about 1 %
/// of frees at the default interval.
extern uint16_t* g_filter;
inline constexpr uint32_t kFilterSlots = 1u << 17;

inline uint32_t filter_slot(const void* p) {
  return static_cast<uint32_t>(reinterpret_cast<uint64_t>(p) >> 12) & (kFilterSlots - 1);
}

void sample_slow(void* p, size_t n);
void free_slow(void* p);

/// After a successful allocation of n bytes at p.
inline void note_alloc(void* p, size_t n) {
  if (!g_ready || t_tls.guard || !p) return;
  t_tls.countdown -= static_cast<int64_t>(n);
  if (t_tls.countdown <= 0 || n >= kExactBytes) sample_slow(p, n);
}
/// Before p is given back to the allocator (or unmapped).
inline void note_free(void* p) {
  if (!g_ready || !p) return;
  if (g_filter[filter_slot(p)] == 0 || t_tls.guard) return;
  free_slow(p);
}

/// Maps this process's table (constructor; the child after fork).
void start_process(bool after_fork);
/// pthread_atfork handlers.
void fork_prepare();
void fork_parent();
void fork_child();

/// exec.cpp: looks up the real exec functions and keeps this process's
/// OOMLENS_SITES_DIR and library path (OOMLENS_SITES_LIB, else `own_path`)
/// for children whose environment lacks them. Once, at start.
void exec_init(const char* own_path);

/// The real mmap/munmap (set by hooks.cpp before start_process).
void* raw_mmap(void* addr, size_t len, int prot, int flags, int fd, long off);
int raw_munmap(void* addr, size_t len);

// python.cpp: Python frames (CPython 3.11), when the thread holds the GIL.
/// Looks up libpython's symbols once (start_process); sets the header flags.
void python_init(Header* h);
/// Raw Python frames of this thread, innermost first: code objects and
/// byte offsets, into codes/offsets (at most max); *holds_gil tells whether
/// the thread holds the GIL (else these are the frames it ran when it
/// released it). 0 when Python frames are not walked here.
uint32_t python_raw_frames(const void** codes, int* offsets, uint32_t max, bool* holds_gil);
/// Function name, file name and line of one raw frame (pointers into the
/// code object's strings, valid while the GIL is held; nullptr when not ASCII
/// or UTF-8 cached).
void python_resolve(const void* code, int offset, const char** function, const char** file, int* line);

}  // namespace oomlens::sites::preload
