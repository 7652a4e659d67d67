// The preload's recorder: sampling, the sampled-pointer table, stacks and
// the shared table (recorder.h has the rules).
#include "sites/preload/recorder.h"

#include <dlfcn.h>
#include <link.h>
#include <execinfo.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace oomlens::sites::preload {

thread_local Tls t_tls __attribute__((tls_model("initial-exec"))) = {0, 0, 0};
bool g_ready = false;
uint16_t* g_filter = nullptr;

namespace {

// Process-private tables, one anonymous mapping (fresh after fork).
struct Ptr {
  uint64_t ptr;
  uint32_t stack;
  uint32_t weight_kib;
};
constexpr uint32_t kPtrSlots = 1u << 17;
constexpr uint32_t kPtrMax = kPtrSlots / 4 * 3;
struct Cache {
  uint64_t hash;
  uint32_t stack;
  uint32_t used;
};
constexpr uint32_t kCacheSlots = 4096;  // raw stack hash -> stack
constexpr uint32_t kStackIndexSlots = 4096;  // resolved stack hash -> stack
constexpr uint32_t kStringSlots = 8192;      // string content hash -> offset
struct Private {
  Ptr ptrs[kPtrSlots];
  uint32_t nptrs;
  Cache raw[kCacheSlots];
  Cache resolved[kStackIndexSlots];
  Cache strings[kStringSlots];
  uint16_t filter[kFilterSlots];
};

Private* g_priv = nullptr;
char* g_map = nullptr;  // the shared file
Header* g_hdr = nullptr;
StackMeta* g_stacks = nullptr;
int64_t* g_live = nullptr;
int64_t* g_peak = nullptr;  // [2][kMaxStacks]
char* g_strings = nullptr;
uint64_t g_interval = kDefaultIntervalBytes;
const link_map* g_own_map = nullptr;  // this library (its frames are skipped)
int g_lock = 0;

void lock() {
  while (__atomic_exchange_n(&g_lock, 1, __ATOMIC_ACQUIRE)) {
    while (__atomic_load_n(&g_lock, __ATOMIC_RELAXED)) __builtin_ia32_pause();
  }
}
void unlock() { __atomic_store_n(&g_lock, 0, __ATOMIC_RELEASE); }

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}
uint64_t fnv(const char* s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; ++s) h = (h ^ static_cast<unsigned char>(*s)) * 1099511628211ull;
  return h | 1;
}

double draw_exponential(Tls& t) {
  t.rng ^= t.rng >> 12;
  t.rng ^= t.rng << 25;
  t.rng ^= t.rng >> 27;
  uint64_t r = t.rng * 2685821657736338717ull;
  double u = (static_cast<double>(r >> 11) + 1.0) / 9007199254740993.0;  // (0, 1]
  return -std::log(u) * static_cast<double>(g_interval);
}

void seed(Tls& t) {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  t.rng = mix(mix(static_cast<uint64_t>(ts.tv_nsec), static_cast<uint64_t>(::syscall(SYS_gettid))),
              reinterpret_cast<uint64_t>(&t)) | 1;
  t.countdown = static_cast<int64_t>(draw_exponential(t));
}

// ---- strings and stacks (under the lock) ---------------------------------

uint32_t intern(const char* s) {
  if (!s || !*s) return 0;
  uint64_t h = fnv(s);
  for (uint32_t i = static_cast<uint32_t>(h) % kStringSlots, n = 0; n < kStringSlots; ++n, i = (i + 1) % kStringSlots) {
    Cache& c = g_priv->strings[i];
    if (c.used && c.hash == h) return c.stack;
    if (c.used) continue;
    size_t len = std::strlen(s);
    if (len > 1023) len = 1023;
    if (g_hdr->strings_used + len + 1 > kStringBytes) return 0;
    uint32_t off = g_hdr->strings_used;
    std::memcpy(g_strings + off, s, len);
    g_strings[off + len] = '\0';
    __atomic_store_n(&g_hdr->strings_used, static_cast<uint32_t>(off + len + 1), __ATOMIC_RELEASE);
    c = {h, off, 1};
    return off;
  }
  return 0;
}

struct Resolved {
  const char* function;
  const char* file;
  const char* object;
  int line;
  uint64_t addr;
};

uint32_t find_stack(Cache* table, uint32_t slots, uint64_t h) {
  for (uint32_t i = static_cast<uint32_t>(h) % slots, n = 0; n < slots; ++n, i = (i + 1) % slots) {
    if (!table[i].used) return 0;
    if (table[i].hash == h) return table[i].stack;
  }
  return 0;
}
void put_stack(Cache* table, uint32_t slots, uint64_t h, uint32_t stack) {
  for (uint32_t i = static_cast<uint32_t>(h) % slots, n = 0; n < slots; ++n, i = (i + 1) % slots)
    if (!table[i].used) {
      table[i] = {h, stack, 1};
      return;
    }
}

uint32_t intern_stack(const Resolved* r, uint32_t n, bool python) {
  uint64_t h = 7;
  for (uint32_t i = 0; i < n; ++i)
    h = mix(mix(mix(h, r[i].function ? fnv(r[i].function) : 0), r[i].file ? fnv(r[i].file) : r[i].addr),
            static_cast<uint64_t>(r[i].line));
  h |= 1;
  if (uint32_t s = find_stack(g_priv->resolved, kStackIndexSlots, h)) return s;
  uint32_t idx = g_hdr->nstacks;
  if (idx >= kMaxStacks) {
    g_hdr->flags |= kFlagStacksFull;
    return 0;
  }
  StackMeta& m = g_stacks[idx];
  m.hash = h;
  m.flags = python ? kStackPython : 0;
  for (uint32_t i = 0; i < n; ++i)
    m.frames[i] = {intern(r[i].function), intern(r[i].file), intern(r[i].object), r[i].line, r[i].addr};
  m.nframes = n;
  __atomic_store_n(&g_hdr->nstacks, idx + 1, __ATOMIC_RELEASE);
  put_stack(g_priv->resolved, kStackIndexSlots, h, idx);
  return idx;
}

// The live table as it stands now becomes the peak (into the inactive half).
void copy_peak() {
  uint32_t inactive = 1 - g_hdr->peak_active;
  uint32_t n = g_hdr->nstacks;
  std::memcpy(g_peak + static_cast<size_t>(inactive) * kMaxStacks, g_live, n * sizeof(int64_t));
  g_hdr->peak_nstacks[inactive] = n;
  g_hdr->peak_bytes[inactive] = g_hdr->live_bytes;
  __atomic_store_n(&g_hdr->peak_active, inactive, __ATOMIC_RELEASE);
}

// The home slot of a pointer: the product's high bits (its low bits only
// depend on the pointer's low bits, which alignment makes constant).
uint32_t ptr_home(uint64_t key) { return static_cast<uint32_t>((key * 0x9e3779b97f4a7c15ull) >> 47) & (kPtrSlots - 1); }

void add_pointer(void* p, uint32_t stack, uint64_t weight) {
  if (g_priv->nptrs >= kPtrMax) {
    g_hdr->flags |= kFlagPointersFull;
    ++g_hdr->dropped;
    return;
  }
  uint64_t key = reinterpret_cast<uint64_t>(p);
  uint32_t i = ptr_home(key);
  while (g_priv->ptrs[i].ptr && g_priv->ptrs[i].ptr != key) i = (i + 1) & (kPtrSlots - 1);
  if (g_priv->ptrs[i].ptr == key) {  // freed behind our back (e.g. by a function we do not see): replace
    g_live[g_priv->ptrs[i].stack] -= static_cast<int64_t>(g_priv->ptrs[i].weight_kib) << 10;
    g_hdr->live_bytes -= static_cast<int64_t>(g_priv->ptrs[i].weight_kib) << 10;
  } else {
    ++g_priv->nptrs;
    ++g_filter[filter_slot(p)];
  }
  uint64_t kib = (weight + 512) >> 10;
  g_priv->ptrs[i] = {key, stack, static_cast<uint32_t>(kib > 0xffffffffu ? 0xffffffffu : kib)};
  int64_t w = static_cast<int64_t>(g_priv->ptrs[i].weight_kib) << 10;
  g_live[stack] += w;
  g_hdr->live_bytes += w;
  ++g_hdr->samples;
  if (g_hdr->live_bytes > g_hdr->peak_bytes[g_hdr->peak_active]) copy_peak();
}

// ---- capture (outside the lock) ------------------------------------------

constexpr uint32_t kRawMax = 64;

// The object of each return address and its link address, by
// _dl_find_object (glibc 2.35+: lock-free, allocation-free, a few
// nanoseconds). Not dladdr: its symbol lookup walks the object's whole
// dynamic symbol table, about 0.5 ms per frame in libtorch_cpu.so (35,000
// symbols), which made a new torch stack cost tens of milliseconds
// (BENCHMARKS.md). Function names come after the run, from addr2line.
uint32_t resolve_native(void* const* pcs, uint32_t n, Resolved* out, uint32_t max) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < n && k < max; ++i) {
    dl_find_object fo{};
    if (::_dl_find_object(pcs[i], &fo) != 0 || !fo.dlfo_link_map) {
      out[k++] = {nullptr, nullptr, "?", -1, reinterpret_cast<uint64_t>(pcs[i])};
      continue;
    }
    if (fo.dlfo_link_map == g_own_map) continue;
    const link_map* lm = fo.dlfo_link_map;
    auto pc = reinterpret_cast<uint64_t>(pcs[i]);
    const char* obj = lm->l_name && lm->l_name[0] == '/' ? lm->l_name : g_hdr->exe;
    out[k++] = {nullptr, nullptr, obj, -1, pc - lm->l_addr};
  }
  return k;
}

}  // namespace

void sample_slow(void* p, size_t n) {
  Tls& t = t_tls;
  ++t.guard;
  // note_alloc() took n off the countdown; a thread's first call seeds a
  // fresh countdown, which has not seen n yet.
  const bool first = t.rng == 0;
  if (first) seed(t);
  uint64_t weight = 0;
  if (n >= kExactBytes) {
    weight = n;  // always recorded at its size: not part of the sampled stream
    if (!first) t.countdown += static_cast<int64_t>(n);
  } else {
    if (first) t.countdown -= static_cast<int64_t>(n);
    while (t.countdown <= 0) {
      weight += g_interval;
      t.countdown += static_cast<int64_t>(draw_exponential(t)) + 1;
    }
    if (weight == 0) {
      --t.guard;
      return;
    }
  }
  void* pcs[kRawMax];
  const void* codes[kMaxFrames];
  int offsets[kMaxFrames];
  bool gil = false;
  uint32_t npy = python_raw_frames(codes, offsets, kMaxFrames, &gil);
  // Without the GIL (C code called from Python, e.g. a torch op): its
  // native frames first, then the Python frames it was called from.
  // A thread with the GIL but no Python frame yet (interpreter start, exit)
  // records its native frames too, not an empty stack.
  uint32_t nnat = gil && npy ? 0 : static_cast<uint32_t>(::backtrace(pcs, static_cast<int>(kRawMax)));
  const uint32_t native_cap = npy ? 20 : kMaxFrames;
  uint64_t h = 3;
  for (uint32_t i = 0; i < npy; ++i) h = mix(mix(h, reinterpret_cast<uint64_t>(codes[i])), static_cast<uint64_t>(offsets[i]));
  for (uint32_t i = 0; i < nnat; ++i) h = mix(h, reinterpret_cast<uint64_t>(pcs[i]));
  h |= 1;
  lock();
  uint32_t stack = find_stack(g_priv->raw, kCacheSlots, h);
  bool found = stack != 0 || (g_hdr->flags & kFlagStacksFull);
  unlock();
  if (!found) {
    Resolved r[kMaxFrames];
    uint32_t k = resolve_native(pcs, nnat, r, native_cap);
    for (uint32_t i = 0; i < npy && k < kMaxFrames; ++i, ++k) {
      r[k] = {nullptr, nullptr, nullptr, 0, 0};
      python_resolve(codes[i], offsets[i], &r[k].function, &r[k].file, &r[k].line);
      if (!r[k].function) r[k].function = "?";
      if (!r[k].file) r[k].file = "?";
    }
    lock();
    stack = intern_stack(r, k, npy != 0);
    if (stack) put_stack(g_priv->raw, kCacheSlots, h, stack);
  } else {
    lock();
  }
  add_pointer(p, stack, weight);
  unlock();
  --t.guard;
}

void free_slow(void* p) {
  ++t_tls.guard;
  uint64_t key = reinterpret_cast<uint64_t>(p);
  lock();
  uint32_t i = ptr_home(key);
  while (g_priv->ptrs[i].ptr && g_priv->ptrs[i].ptr != key) i = (i + 1) & (kPtrSlots - 1);
  if (g_priv->ptrs[i].ptr == key) {
    int64_t w = static_cast<int64_t>(g_priv->ptrs[i].weight_kib) << 10;
    g_live[g_priv->ptrs[i].stack] -= w;
    g_hdr->live_bytes -= w;
    --g_filter[filter_slot(p)];
    --g_priv->nptrs;
    // Backward-shift deletion keeps every probe chain unbroken.
    uint32_t hole = i;
    for (uint32_t j = (i + 1) & (kPtrSlots - 1); g_priv->ptrs[j].ptr; j = (j + 1) & (kPtrSlots - 1)) {
      uint32_t home = ptr_home(g_priv->ptrs[j].ptr);
      if (((j - home) & (kPtrSlots - 1)) >= ((j - hole) & (kPtrSlots - 1))) {
        g_priv->ptrs[hole] = g_priv->ptrs[j];
        hole = j;
      }
    }
    g_priv->ptrs[hole] = {0, 0, 0};
  }
  unlock();
  --t_tls.guard;
}

// ---- process start and fork ----------------------------------------------

namespace {

// "DIR/sites.PID" without stdio.
bool table_path(char* out, size_t cap, const char* dir, int pid) {
  size_t d = std::strlen(dir);
  if (d + 32 > cap) return false;
  std::memcpy(out, dir, d);
  std::memcpy(out + d, "/sites.", 7);
  char digits[16];
  int nd = 0;
  for (unsigned v = static_cast<unsigned>(pid); v || nd == 0; v /= 10) digits[nd++] = static_cast<char>('0' + v % 10);
  size_t o = d + 7;
  while (nd) out[o++] = digits[--nd];
  out[o] = '\0';
  return true;
}

}  // namespace

void start_process(bool after_fork) {
  g_ready = false;
  const char* dir = std::getenv(kDirEnv);
  if (!dir || !*dir) return;
  if (const char* iv = std::getenv(kIntervalEnv)) {
    unsigned long long v = std::strtoull(iv, nullptr, 10);
    if (v >= 1024) g_interval = v;
  }
  if (!g_own_map) {
    dl_find_object self{};
    if (::_dl_find_object(reinterpret_cast<void*>(&start_process), &self) == 0) g_own_map = self.dlfo_link_map;
  }
  if (!after_fork) exec_init(g_own_map && g_own_map->l_name ? g_own_map->l_name : nullptr);
  if (g_priv) raw_munmap(g_priv, sizeof(Private));
  if (g_map) raw_munmap(g_map, kFileBytes);
  g_priv = nullptr;
  g_map = nullptr;
  void* priv = raw_mmap(nullptr, sizeof(Private), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (priv == MAP_FAILED) return;
  char path[4096];
  const int pid = static_cast<int>(::syscall(SYS_getpid));
  if (!table_path(path, sizeof path, dir, pid)) return;
  int fd = ::open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return;
  // Reserve the blocks now: a full disk shows here (an empty file: oomlens
  // says so), never as SIGBUS in the job later.
  if (::fallocate(fd, 0, 0, static_cast<off_t>(kFileBytes)) != 0 && (errno != EOPNOTSUPP || ::ftruncate(fd, kFileBytes) != 0)) {
    if (::ftruncate(fd, 0) != 0) { /* nothing more to do */ }
    ::close(fd);  // raw: the preload links no oomlens library (no UniqueFd) and runs inside the job's hooks
    raw_munmap(priv, sizeof(Private));
    return;
  }
  void* m = raw_mmap(nullptr, kFileBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ::close(fd);  // raw, as above; closed now so a job that closes or reuses fds cannot touch the table
  if (m == MAP_FAILED) {
    raw_munmap(priv, sizeof(Private));
    return;
  }
  g_priv = static_cast<Private*>(priv);
  g_filter = g_priv->filter;
  g_map = static_cast<char*>(m);
  g_hdr = reinterpret_cast<Header*>(g_map);
  g_stacks = reinterpret_cast<StackMeta*>(g_map + kStacksOffset);
  g_live = reinterpret_cast<int64_t*>(g_map + kLiveOffset);
  g_peak = reinterpret_cast<int64_t*>(g_map + kPeakOffset);
  g_strings = g_map + kStringsOffset;
  Header& h = *g_hdr;
  h.layout = kLayout;
  h.pid = pid;
  h.ppid = static_cast<int>(::syscall(SYS_getppid));
  h.interval_bytes = g_interval;
  h.nstacks = 1;  // stack 0: "[other stacks]"
  h.strings_used = 1;
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  h.start_ns = static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
  ssize_t n = ::readlink("/proc/self/exe", h.exe, sizeof h.exe - 1);
  h.exe[n > 0 ? n : 0] = '\0';
  if (!after_fork) {
    void* warm[4];
    ++t_tls.guard;
    (void)::backtrace(warm, 4);  // loads the unwinder now, not inside a sample
    --t_tls.guard;
  }
  python_init(g_hdr);
  __atomic_store_n(&h.magic, kMagic, __ATOMIC_RELEASE);
  g_lock = 0;
  g_ready = true;
}

void fork_prepare() {
  if (g_ready) lock();
}
void fork_parent() {
  if (g_ready) unlock();
}
void fork_child() {
  g_lock = 0;
  start_process(true);
}

}  // namespace oomlens::sites::preload
