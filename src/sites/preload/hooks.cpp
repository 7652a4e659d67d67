// liboomlens-sites.so's interposed functions: the malloc family and
// anonymous mmap/munmap/mremap, each calling the next definition
// (dlsym(RTLD_NEXT)) and telling the recorder (recorder.h). While the real
// functions are being looked up, dlsym's own allocations are served from a
// static bootstrap arena, whose blocks are never freed.
#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdarg.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

#include "sites/preload/recorder.h"

namespace pre = oomlens::sites::preload;

namespace {

using malloc_t = void* (*)(size_t);
using calloc_t = void* (*)(size_t, size_t);
using realloc_t = void* (*)(void*, size_t);
using reallocarray_t = void* (*)(void*, size_t, size_t);
using free_t = void (*)(void*);
using memalign_t = void* (*)(size_t, size_t);
using posix_memalign_t = int (*)(void**, size_t, size_t);
using valloc_t = void* (*)(size_t);

malloc_t real_malloc;
calloc_t real_calloc;
realloc_t real_realloc;
reallocarray_t real_reallocarray;
free_t real_free;
memalign_t real_memalign, real_aligned_alloc;
posix_memalign_t real_posix_memalign;
valloc_t real_valloc, real_pvalloc;

alignas(64) char g_boot[64 * 1024];
size_t g_boot_used = 0;
int g_resolving = 0;

bool in_boot(const void* p) { return p >= g_boot && p < g_boot + sizeof g_boot; }

void* boot_alloc(size_t n, size_t align = 16) {
  size_t off = (g_boot_used + align - 1) & ~(align - 1);
  if (off + n > sizeof g_boot) return nullptr;
  g_boot_used = off + n;
  return g_boot + off;  // zeroed: static storage, never reused
}

void resolve() {
  if (real_malloc || g_resolving) return;
  g_resolving = 1;
  real_calloc = reinterpret_cast<calloc_t>(::dlsym(RTLD_NEXT, "calloc"));
  real_realloc = reinterpret_cast<realloc_t>(::dlsym(RTLD_NEXT, "realloc"));
  real_reallocarray = reinterpret_cast<reallocarray_t>(::dlsym(RTLD_NEXT, "reallocarray"));
  real_free = reinterpret_cast<free_t>(::dlsym(RTLD_NEXT, "free"));
  real_memalign = reinterpret_cast<memalign_t>(::dlsym(RTLD_NEXT, "memalign"));
  real_aligned_alloc = reinterpret_cast<memalign_t>(::dlsym(RTLD_NEXT, "aligned_alloc"));
  real_posix_memalign = reinterpret_cast<posix_memalign_t>(::dlsym(RTLD_NEXT, "posix_memalign"));
  real_valloc = reinterpret_cast<valloc_t>(::dlsym(RTLD_NEXT, "valloc"));
  real_pvalloc = reinterpret_cast<valloc_t>(::dlsym(RTLD_NEXT, "pvalloc"));
  real_malloc = reinterpret_cast<malloc_t>(::dlsym(RTLD_NEXT, "malloc"));
  g_resolving = 0;
}

__attribute__((constructor)) void oomlens_sites_start() {
  resolve();
  ++pre::t_tls.guard;
  ::pthread_atfork(pre::fork_prepare, pre::fork_parent, pre::fork_child);
  pre::start_process(false);
  --pre::t_tls.guard;
}

}  // namespace

namespace oomlens::sites::preload {
void* raw_mmap(void* addr, size_t len, int prot, int flags, int fd, long off) {
  long r = ::syscall(SYS_mmap, addr, len, prot, flags, fd, off);
  return r == -1 ? MAP_FAILED : reinterpret_cast<void*>(r);
}
int raw_munmap(void* addr, size_t len) { return static_cast<int>(::syscall(SYS_munmap, addr, len)); }
}  // namespace oomlens::sites::preload

extern "C" {

__attribute__((visibility("default"))) void* malloc(size_t n) {
  if (__builtin_expect(!real_malloc, 0)) {
    resolve();
    if (!real_malloc) return boot_alloc(n);
  }
  void* p = real_malloc(n);
  pre::note_alloc(p, n);
  return p;
}

__attribute__((visibility("default"))) void free(void* p) {
  if (!p || in_boot(p)) return;
  pre::note_free(p);
  if (__builtin_expect(!real_free, 0)) resolve();
  if (real_free) real_free(p);
}

__attribute__((visibility("default"))) void* calloc(size_t a, size_t b) {
  if (__builtin_expect(!real_calloc, 0)) {
    resolve();
    if (!real_calloc) {
      if (b && a > SIZE_MAX / b) return nullptr;
      return boot_alloc(a * b);
    }
  }
  void* p = real_calloc(a, b);
  pre::note_alloc(p, a * b);
  return p;
}

__attribute__((visibility("default"))) void* realloc(void* old, size_t n) {
  if (old && in_boot(old)) {  // a bootstrap block moves to the real heap
    void* p = malloc(n);
    size_t room = static_cast<size_t>(g_boot + sizeof g_boot - static_cast<char*>(old));
    if (p) std::memcpy(p, old, n < room ? n : room);
    return p;
  }
  if (__builtin_expect(!real_realloc, 0)) resolve();
  if (!real_realloc) return nullptr;
  if (old) pre::note_free(old);
  void* p = real_realloc(old, n);
  pre::note_alloc(p, n);
  return p;
}

__attribute__((visibility("default"))) void* reallocarray(void* old, size_t a, size_t b) {
  if (b && a > SIZE_MAX / b) {
    errno = ENOMEM;
    return nullptr;
  }
  return realloc(old, a * b);
}

__attribute__((visibility("default"))) void* memalign(size_t align, size_t n) {
  if (!real_memalign) resolve();
  if (!real_memalign) return boot_alloc(n, align < 16 ? 16 : align);
  void* p = real_memalign(align, n);
  pre::note_alloc(p, n);
  return p;
}

__attribute__((visibility("default"))) void* aligned_alloc(size_t align, size_t n) {
  if (!real_aligned_alloc) resolve();
  if (!real_aligned_alloc) return boot_alloc(n, align < 16 ? 16 : align);
  void* p = real_aligned_alloc(align, n);
  pre::note_alloc(p, n);
  return p;
}

__attribute__((visibility("default"))) int posix_memalign(void** out, size_t align, size_t n) {
  if (!real_posix_memalign) resolve();
  if (!real_posix_memalign) {
    *out = boot_alloc(n, align < 16 ? 16 : align);
    return *out ? 0 : ENOMEM;
  }
  int r = real_posix_memalign(out, align, n);
  if (r == 0) pre::note_alloc(*out, n);
  return r;
}

__attribute__((visibility("default"))) void* valloc(size_t n) {
  if (!real_valloc) resolve();
  if (!real_valloc) return boot_alloc(n, 4096);
  void* p = real_valloc(n);
  pre::note_alloc(p, n);
  return p;
}

__attribute__((visibility("default"))) void* pvalloc(size_t n) {
  if (!real_pvalloc) resolve();
  if (!real_pvalloc) return boot_alloc(n, 4096);
  void* p = real_pvalloc(n);
  pre::note_alloc(p, n);
  return p;
}

// Anonymous mappings (pymalloc's arenas, allocators that map their own
// memory). File mappings are not allocations and pass through untouched.
__attribute__((visibility("default"))) void* mmap(void* addr, size_t len, int prot, int flags, int fd, off_t off) {
  void* p = pre::raw_mmap(addr, len, prot, flags, fd, off);  // errno set by syscall(2) on failure
  if (p != MAP_FAILED && (flags & MAP_ANONYMOUS) && !(flags & MAP_FIXED) && prot != PROT_NONE) pre::note_alloc(p, len);
  return p;
}
__attribute__((visibility("default"))) void* mmap64(void* addr, size_t len, int prot, int flags, int fd, off_t off) {
  return mmap(addr, len, prot, flags, fd, off);
}

__attribute__((visibility("default"))) int munmap(void* addr, size_t len) {
  pre::note_free(addr);
  return pre::raw_munmap(addr, len);
}

__attribute__((visibility("default"))) void* mremap(void* old, size_t old_len, size_t new_len, int flags, ...) {
  void* new_addr = nullptr;
  if (flags & MREMAP_FIXED) {
    va_list ap;
    va_start(ap, flags);
    new_addr = va_arg(ap, void*);
    va_end(ap);
  }
  pre::note_free(old);
  long r = ::syscall(SYS_mremap, old, old_len, new_len, flags, new_addr);
  if (r == -1) return MAP_FAILED;  // errno set by syscall(2)
  void* p = reinterpret_cast<void*>(r);
  pre::note_alloc(p, new_len);
  return p;
}

}  // extern "C"
