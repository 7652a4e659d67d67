// The systemd-run --scope fallback of `run --limit` (see systemd_scope.h).
#include "supervise/systemd_scope.h"
#include "proc/proc.h"
#include "util/exit_status.h"
#include "util/fd.h"
#include "util/file.h"
#include "util/launch.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <thread>

namespace oomlens::supervise {

std::vector<std::string> systemd_run_argv(const std::string& systemd_run, const ScopeRequest& r,
                                          const std::vector<std::string>& command) {
  std::vector<std::string> a = {systemd_run};
  if (r.user) a.push_back("--user");
  a.insert(a.end(), {"--scope", "--quiet", "--collect"});
  if (r.systemd_version && *r.systemd_version >= 254) a.push_back("--expand-environment=no");
  a.push_back("-p");
  a.push_back("MemoryMax=" + std::to_string(r.limit_bytes));
  if (r.cap_swap) {
    a.push_back("-p");
    a.push_back("MemorySwapMax=0");
  }
  a.push_back("--");
  a.insert(a.end(), command.begin(), command.end());
  return a;
}

std::optional<int> parse_systemd_version(std::string_view t) {
  if (t.substr(0, 8) != "systemd ") return std::nullopt;
  t.remove_prefix(8);
  int v = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc{} || p == t.data() || v <= 0) return std::nullopt;
  return v;
}

bool not_delegated_errno(int err) { return err == EACCES || err == EPERM || err == EROFS; }

std::optional<std::string> find_on_path(const std::string& name, const char* path_env) {
  if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0 ? std::optional(name) : std::nullopt;
  std::string_view path = path_env ? path_env : "/usr/local/bin:/usr/bin:/bin";
  while (true) {
    auto colon = path.find(':');
    std::string dir(path.substr(0, colon));
    std::string full = (dir.empty() ? std::string(".") : dir) + "/" + name;
    if (::access(full.c_str(), X_OK) == 0) return full;
    if (colon == std::string_view::npos) return std::nullopt;
    path.remove_prefix(colon + 1);
  }
}

std::optional<int> systemd_run_version(const std::string& exe) {
  auto p = open_pipe(O_CLOEXEC);
  if (!p) return std::nullopt;
  const UniqueFd devnull(::open("/dev/null", O_WRONLY | O_CLOEXEC));
  auto launched = launch({.argv = {exe, "--version"}, .stdout_fd = p->write.get(), .stderr_fd = devnull.get()});
  if (!launched) return std::nullopt;
  const pid_t pid = launched->pid;
  p->write.reset();
  std::string out;
  char buf[256];
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (out.size() < 4096) {
    int left = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                    deadline - std::chrono::steady_clock::now()).count());
    pollfd pfd{p->read.get(), POLLIN, 0};
    if (left <= 0 || ::poll(&pfd, 1, left) <= 0) break;
    ssize_t n = ::read(p->read.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  p->read.reset();
  (void)send_signal(pid, launched->pidfd.get(), SIGKILL);  // our unreaped child; harmless when it has exited; reaped just below
  while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {}
  return parse_systemd_version(out);
}

std::optional<std::string> wait_for_scope_cgroup(const cgroup::MemoryHierarchy& h, int pid,
                                                 const std::string& own_dir, int timeout_ms, const std::string& root) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  const std::string proc_dir = join_root(root, "proc");
  while (true) {
    // h's mount point is already under ROOT: join the path to it (memory_cgroup_dir would join ROOT again).
    const auto path = cgroup::memory_cgroup_path(h, pid, root);
    if (!path) return std::nullopt;  // gone
    std::string dir = join_root(h.mount_point, *path);
    if (dir != own_dir) return dir;
    // A zombie keeps its /proc/PID/cgroup: systemd-run failed before exec.
    if (auto st = proc::read_pid_stat(pid, proc_dir); st && st->state == 'Z') return std::nullopt;
    if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace oomlens::supervise
