#include "live_support.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sstream>
#include <thread>
#include <vector>

#include "cgroup/cgroup.h"
#include "trace/tracefs.h"
#include "util/file.h"

namespace oomlens::live {
namespace {
std::optional<ParentCgroup> g_parent;
std::string g_reason;
bool g_tried = false;

class ParentCleanup : public ::testing::Environment {
 public:
  void TearDown() override { remove_parent_cgroup(); }
};
[[maybe_unused]] auto* const g_env = ::testing::AddGlobalTestEnvironment(new ParentCleanup);

}  // namespace

const ParentCgroup* parent_cgroup(std::string* reason) {
  if (!g_tried) {
    g_tried = true;
    auto h = cgroup::find_memory_hierarchy("/");
    if (!h) {
      g_reason = "no memory cgroup controller is mounted";
    } else {
      std::string dir = h->mount_point + "/oomlens-tests";
      (void)cgroup::kill_and_remove(dir);  // a dead run's leftovers
      if (h->version == cgroup::Version::v2)
        (void)write_file(h->mount_point + "/cgroup.subtree_control", "+memory");
      auto r = cgroup::create_limited(h->version, dir, kParentCapBytes);
      if (!r.ok()) {
        g_reason = "cannot create a memory cgroup (" + r.error().message() + "); live tests need root";
      } else {
        if (h->version == cgroup::Version::v2) (void)write_file(dir + "/cgroup.subtree_control", "+memory");
        g_parent = ParentCgroup{*h, dir};
      }
    }
  }
  if (!g_parent && reason) *reason = g_reason;
  return g_parent ? &*g_parent : nullptr;
}

void remove_parent_cgroup() {
  if (g_parent) {
    auto r = cgroup::kill_and_remove(g_parent->dir, 30000);
    if (!r.ok()) std::fprintf(stderr, "live tests: %s\n", r.error().message().c_str());
    g_parent.reset();
  }
}

Result<std::string> make_child_cgroup(const std::string& name, uint64_t limit_bytes) {
  std::string reason;
  const auto* p = parent_cgroup(&reason);
  if (!p) return SystemError{0, std::move(reason)};
  std::string dir = p->dir + "/" + name;
  (void)cgroup::kill_and_remove(dir);
  auto r = cgroup::create_limited(p->hierarchy.version, dir, limit_bytes);
  if (!r.ok()) return r.error();
  return dir;
}

int spawn_in_cgroup(const std::string& cgroup_dir, const std::vector<std::string>& argv) {
  pid_t pid = ::fork();
  if (pid != 0) return pid;
  // Child: enter the cgroup before exec so every page is charged there.
  if (!cgroup::enter(cgroup_dir, 0).ok()) _exit(121);
  std::vector<char*> args;
  for (auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  ::execv(args[0], args.data());
  _exit(127);
}

std::optional<int> wait_for(int pid, int timeout_s) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  while (true) {
    int status = 0;
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) return status;
    if (r < 0) return std::nullopt;
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);  // our own child
      ::waitpid(pid, &status, 0);
      return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

int spawn_piped(const std::vector<std::string>& argv, bool merge_stderr, int* read_fd) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return -1;
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fds[1], 1);
    if (merge_stderr) ::dup2(fds[1], 2);
    std::vector<char*> args;
    for (auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    _exit(127);
  }
  ::close(fds[1]);
  if (pid < 0) {
    ::close(fds[0]);
    return -1;
  }
  *read_fd = fds[0];
  return pid;
}

CommandResult run_command(const std::vector<std::string>& argv, int timeout_s, bool capture_stderr) {
  CommandResult res;
  int fd = -1;
  pid_t pid = spawn_piped(argv, capture_stderr, &fd);
  if (pid < 0) return res;
  char buf[65536];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) res.out.append(buf, static_cast<size_t>(n));
  ::close(fd);
  auto st = wait_for(pid, timeout_s);
  if (!st) return res;
  res.status = WIFEXITED(*st) ? WEXITSTATUS(*st) : 128 + WTERMSIG(*st);
  return res;
}

PipedChild::PipedChild(const std::vector<std::string>& argv) { pid_ = spawn_piped(argv, true, &fd_); }

PipedChild::~PipedChild() { stop(SIGKILL); }

std::optional<std::string> PipedChild::line(int timeout_ms) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    size_t nl = buf_.find('\n');
    if (nl != std::string::npos) {
      std::string l = buf_.substr(0, nl);
      buf_.erase(0, nl + 1);
      return l;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0 || fd_ < 0) return std::nullopt;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    char tmp[65536];
    ssize_t n = ::read(fd_, tmp, sizeof tmp);
    if (n <= 0) return std::nullopt;
    buf_.append(tmp, static_cast<size_t>(n));
  }
}

int PipedChild::stop(int sig) {
  if (pid_ <= 0) return -1;
  ::kill(pid_, sig);  // our own child
  int status = -1;
  if (auto w = wait_for(pid_, 20)) status = *w;
  pid_ = -1;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  return status;
}

std::optional<uint64_t> kmsg_last_seq() {
  int fd = ::open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::optional<uint64_t> last;
  char buf[8192];
  while (true) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EPIPE) continue;
    if (n <= 0) break;
    // "pri,seq,ts,flags;..."
    std::string rec(buf, static_cast<size_t>(n));
    auto c1 = rec.find(',');
    if (c1 == std::string::npos) continue;
    last = std::strtoull(rec.c_str() + c1 + 1, nullptr, 10);
  }
  ::close(fd);
  return last;
}

void wait_for_oom_report_room(int timeout_s) {
  constexpr double kWindowS = 5.0 + 0.5;  // + kmsg's drift from CLOCK_MONOTONIC (ms over hours)
  constexpr size_t kBurst = 10;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  while (std::chrono::steady_clock::now() < deadline) {
    int fd = ::open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return;  // no kernel log to read: nothing to wait for
    std::vector<double> headers_s;  // record times (CLOCK_MONOTONIC, s) of report headers
    char buf[8192];
    while (true) {
      const ssize_t n = ::read(fd, buf, sizeof buf);
      if (n < 0 && errno == EPIPE) continue;
      if (n <= 0) break;
      // "pri,seq,ts_us,flags;message"
      const std::string rec(buf, static_cast<size_t>(n));
      const auto semi = rec.find(';');
      if (semi == std::string::npos || rec.find("invoked oom-killer", semi) == std::string::npos) continue;
      const auto c1 = rec.find(','), c2 = rec.find(',', c1 + 1);
      if (c1 == std::string::npos || c2 == std::string::npos) continue;
      headers_s.push_back(static_cast<double>(std::strtoull(rec.c_str() + c2 + 1, nullptr, 10)) / 1e6);
    }
    ::close(fd);
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    const double now_s = static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
    if (headers_s.size() < kBurst) return;
    // The kBurst-th most recent header: once it is kWindowS old, fewer
    // than kBurst are.
    const double tenth_s = headers_s[headers_s.size() - kBurst];
    const double wait_s = tenth_s + kWindowS - now_s;
    if (wait_s <= 0) return;
    std::this_thread::sleep_for(std::chrono::duration<double>(std::min(wait_s, 1.0)));
  }
}

double kmsg_records(const std::string& exposition) {
  const auto at = exposition.find("\noomlens_kmsg_records_total ");
  return at == std::string::npos ? -1.0 : std::atof(exposition.c_str() + at + 28);
}

namespace {

/// What scrape_when_still() compares: the records read and the OOM counters' lines.
std::string moving_part(const std::string& exposition) {
  std::string out = std::to_string(kmsg_records(exposition)) + "\n";
  std::istringstream in(exposition);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("oomlens_oom_", 0) == 0) out += line + "\n";
  return out;
}

}  // namespace

std::string scrape_when_still(const std::function<std::string()>& scrape, std::chrono::milliseconds still,
                              int timeout_s) {
  using Clock = std::chrono::steady_clock;
  std::string last = scrape();
  auto changed = Clock::now();
  for (auto until = changed + std::chrono::seconds(timeout_s); Clock::now() < until;) {
    std::this_thread::sleep_for(std::min(still, std::chrono::milliseconds(300)));
    std::string again = scrape();
    if (kmsg_records(again) < 0 || moving_part(again) != moving_part(last)) changed = Clock::now();
    last = std::move(again);
    if (Clock::now() - changed >= still) break;
  }
  return last;
}

std::string scrape_after_replay(const std::function<std::string()>& scrape, int timeout_s) {
  return scrape_when_still(scrape, std::chrono::milliseconds(300), timeout_s);
}

void note_signal_trace(const std::string& what, const std::string& status, const std::string& tracefs,
                       int oomlens_pid) {
  std::fprintf(stderr, "%s: signal trace %s via %s\n", what.c_str(), status.c_str(),
               tracefs.empty() ? "no tracefs" : tracefs == "private mount" ? "oomlens's private tracefs mount"
                                                                            : ("the host's tracefs mount at " + tracefs).c_str());
  auto mounts = read_file("/proc/self/mounts");
  auto t = trace::find_tracefs(mounts.value_or(""), trace::real_tracefs_access());
  if (!t.dir) return;  // nowhere to look (the run said why in `status`)
  const std::string name = "oomlens-" + std::to_string(oomlens_pid);
  EXPECT_NE(::faccessat(t.dir->instances_fd, name.c_str(), F_OK, 0), 0)
      << "tracefs instance " << name << " left behind (looked in " << t.dir->where << ")";
  ::close(t.dir->instances_fd);
}

}  // namespace oomlens::live
