// liboomlens-sites.so's exec hooks: a child started with an environment
// that lacks the preload (subprocess with env={}, os.execve with a fresh
// dict, posix_spawn with a short envp) gets LD_PRELOAD and
// OOMLENS_SITES_DIR back, so it keeps its own table (issue 14, item 1).
// A user's LD_PRELOAD is kept and the library appended to it, never
// replaced. The execv/execvp/execl family, which read `environ`, get the
// same treatment (glibc's own calls between them do not go through these
// symbols). system() and popen() pass `environ` to /bin/sh untouched: a job
// that removed LD_PRELOAD from its own environment loses sites there.
//
// Nothing here allocates: the hooks run in vfork children (Python's
// subprocess) and after fork. The new environment is built on the stack;
// one too large for it (more than kMaxEnv variables or a value longer than
// kMaxValue) is passed on unchanged. The real functions are looked up once
// at start (exec_init, from the library's constructor).
#include <dlfcn.h>
#include <errno.h>
#include <spawn.h>
#include <stdarg.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "sites/preload/recorder.h"

extern char** environ;

namespace oomlens::sites::preload {

namespace {

using execve_t = int (*)(const char*, char* const*, char* const*);
using fexecve_t = int (*)(int, char* const*, char* const*);
using spawn_t = int (*)(pid_t*, const char*, const posix_spawn_file_actions_t*, const posix_spawnattr_t*, char* const*,
                        char* const*);

execve_t real_execve, real_execvpe;
fexecve_t real_fexecve;
spawn_t real_posix_spawn, real_posix_spawnp;

constexpr size_t kMaxValue = 4096;
constexpr size_t kMaxEnv = 2048;
constexpr size_t kMaxArgs = 1024;
constexpr char kPreload[] = "LD_PRELOAD=";
constexpr size_t kPreloadLen = sizeof kPreload - 1;
char g_lib[kMaxValue];
char g_dir_entry[kMaxValue];  // "OOMLENS_SITES_DIR=..."
bool g_have = false;

bool starts_with(const char* s, const char* prefix, size_t n) { return std::strncmp(s, prefix, n) == 0; }

// Whether the LD_PRELOAD value `v` names `lib` (ld.so splits on spaces and colons).
bool names_lib(const char* v, const char* lib) {
  const size_t n = std::strlen(lib);
  for (const char* p = v; *p;) {
    while (*p == ' ' || *p == ':') ++p;
    const char* e = p;
    while (*e && *e != ' ' && *e != ':') ++e;
    if (static_cast<size_t>(e - p) == n && std::strncmp(p, lib, n) == 0) return true;
    p = e;
  }
  return false;
}

// Room for one fixed environment (on the caller's stack).
struct EnvRoom {
  char* slots[kMaxEnv + 3];
  char preload[kPreloadLen + 2 * kMaxValue + 2];
};

// envp, or a copy of it in `room` with the preload's variables added.
char* const* fixed_env(char* const* envp, EnvRoom& room) {
  if (!g_have || !envp) return envp;
  const size_t dir_name = std::strchr(g_dir_entry, '=') - g_dir_entry + 1;
  size_t n = 0;
  long preload_at = -1;
  bool have_dir = false;
  for (; envp[n]; ++n) {
    if (starts_with(envp[n], kPreload, kPreloadLen)) preload_at = static_cast<long>(n);
    else if (starts_with(envp[n], g_dir_entry, dir_name)) have_dir = true;
  }
  const char* old = preload_at >= 0 ? envp[preload_at] + kPreloadLen : "";
  const bool need_lib = !names_lib(old, g_lib);
  if (!need_lib && have_dir) return envp;
  if (n + 2 > kMaxEnv || std::strlen(old) >= kMaxValue) return envp;
  size_t k = 0;
  for (size_t i = 0; i < n; ++i)
    if (static_cast<long>(i) != preload_at || !need_lib) room.slots[k++] = envp[i];
  if (need_lib) {
    char* o = room.preload;
    std::memcpy(o, kPreload, kPreloadLen);
    o += kPreloadLen;
    const size_t ol = std::strlen(old);
    std::memcpy(o, old, ol);
    o += ol;
    if (ol) *o++ = ' ';
    std::strcpy(o, g_lib);
    room.slots[k++] = room.preload;
  }
  if (!have_dir) room.slots[k++] = g_dir_entry;
  room.slots[k] = nullptr;
  return room.slots;
}

template <typename F>
F next(const char* name) {
  return reinterpret_cast<F>(::dlsym(RTLD_NEXT, name));
}

// execl's arguments into `out` (at most kMaxArgs); false when there are more.
bool collect(const char* arg0, va_list ap, char** out) {
  size_t n = 0;
  out[n++] = const_cast<char*>(arg0);
  while (out[n - 1]) {
    if (n == kMaxArgs) return false;
    out[n++] = va_arg(ap, char*);
  }
  return true;
}

void lookup() {
  real_execve = next<execve_t>("execve");
  real_execvpe = next<execve_t>("execvpe");
  real_fexecve = next<fexecve_t>("fexecve");
  real_posix_spawn = next<spawn_t>("posix_spawn");
  real_posix_spawnp = next<spawn_t>("posix_spawnp");
}

// The execl family: its arguments (and execle's envp after the NULL) from
// `ap`, then execve or execvpe (`search`: execlp).
int exec_list(const char* target, bool search, bool with_env, const char* arg0, va_list ap) {
  char* argv[kMaxArgs];
  if (!collect(arg0, ap, argv)) return errno = E2BIG, -1;
  char* const* envp = with_env ? va_arg(ap, char* const*) : environ;
  return search ? ::execvpe(target, argv, envp) : ::execve(target, argv, envp);
}

}  // namespace

void exec_init(const char* own_path) {
  lookup();
  const char* dir = std::getenv(kDirEnv);
  const char* lib = std::getenv(kLibEnv);
  if (!lib || !*lib) lib = own_path;  // preloaded by hand (bench/sites_overhead.sh)
  if (!dir || !*dir || !lib || !*lib) return;
  const size_t dl = std::strlen(kDirEnv), vl = std::strlen(dir);
  if (std::strlen(lib) >= sizeof g_lib || dl + 1 + vl >= sizeof g_dir_entry) return;
  std::strcpy(g_lib, lib);
  std::memcpy(g_dir_entry, kDirEnv, dl);
  g_dir_entry[dl] = '=';
  std::memcpy(g_dir_entry + dl + 1, dir, vl + 1);
  g_have = real_execve && real_execvpe;
}

}  // namespace oomlens::sites::preload

namespace pre = oomlens::sites::preload;

extern "C" {

__attribute__((visibility("default"))) int execve(const char* path, char* const argv[], char* const envp[]) {
  if (!pre::real_execve) pre::lookup();  // called before the constructor ran
  if (!pre::real_execve) return errno = ENOSYS, -1;
  pre::EnvRoom room;
  return pre::real_execve(path, argv, pre::fixed_env(envp, room));
}

__attribute__((visibility("default"))) int execvpe(const char* file, char* const argv[], char* const envp[]) {
  if (!pre::real_execvpe) pre::lookup();  // called before the constructor ran
  if (!pre::real_execvpe) return errno = ENOSYS, -1;
  pre::EnvRoom room;
  return pre::real_execvpe(file, argv, pre::fixed_env(envp, room));
}

__attribute__((visibility("default"))) int execv(const char* path, char* const argv[]) { return execve(path, argv, environ); }

__attribute__((visibility("default"))) int execvp(const char* file, char* const argv[]) {
  return execvpe(file, argv, environ);
}

__attribute__((visibility("default"))) int fexecve(int fd, char* const argv[], char* const envp[]) {
  if (!pre::real_fexecve) pre::lookup();  // called before the constructor ran
  if (!pre::real_fexecve) return errno = ENOSYS, -1;
  pre::EnvRoom room;
  return pre::real_fexecve(fd, argv, pre::fixed_env(envp, room));
}

__attribute__((visibility("default"))) int execl(const char* path, const char* arg, ...) {
  va_list ap;
  va_start(ap, arg);
  int r = pre::exec_list(path, false, false, arg, ap);
  va_end(ap);
  return r;
}

__attribute__((visibility("default"))) int execlp(const char* file, const char* arg, ...) {
  va_list ap;
  va_start(ap, arg);
  int r = pre::exec_list(file, true, false, arg, ap);
  va_end(ap);
  return r;
}

__attribute__((visibility("default"))) int execle(const char* path, const char* arg, ...) {
  va_list ap;
  va_start(ap, arg);
  int r = pre::exec_list(path, false, true, arg, ap);
  va_end(ap);
  return r;
}

__attribute__((visibility("default"))) int posix_spawn(pid_t* pid, const char* path, const posix_spawn_file_actions_t* fa,
                                                       const posix_spawnattr_t* attr, char* const argv[],
                                                       char* const envp[]) {
  if (!pre::real_posix_spawn) pre::lookup();
  if (!pre::real_posix_spawn) return ENOSYS;
  pre::EnvRoom room;
  return pre::real_posix_spawn(pid, path, fa, attr, argv, pre::fixed_env(envp, room));
}

__attribute__((visibility("default"))) int posix_spawnp(pid_t* pid, const char* file, const posix_spawn_file_actions_t* fa,
                                                        const posix_spawnattr_t* attr, char* const argv[],
                                                        char* const envp[]) {
  if (!pre::real_posix_spawnp) pre::lookup();
  if (!pre::real_posix_spawnp) return ENOSYS;
  pre::EnvRoom room;
  return pre::real_posix_spawnp(pid, file, fa, attr, argv, pre::fixed_env(envp, room));
}

}  // extern "C"
