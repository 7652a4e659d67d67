// The private tracefs instance for signal_generate (see signal_trace.h).
#include "trace/signal_trace.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <charconv>
#include <cstring>

namespace oomlens::trace {
namespace {

// Writes `value` to an existing tracefs file; the errno text on failure.
std::optional<std::string> write_file(const std::string& path, std::string_view value) {
  int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return path + ": " + std::strerror(errno);
  ssize_t w = ::write(fd, value.data(), value.size());
  int e = errno;
  ::close(fd);
  if (w != static_cast<ssize_t>(value.size())) return path + ": " + std::strerror(w < 0 ? e : EIO);
  return std::nullopt;
}

bool is_dir(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

}  // namespace

std::vector<std::string> tracefs_candidates(std::string_view mounts) {
  std::vector<std::string> tracefs, debugfs;
  while (!mounts.empty()) {
    auto nl = mounts.find('\n');
    auto line = mounts.substr(0, nl);
    mounts.remove_prefix(nl == std::string_view::npos ? mounts.size() : nl + 1);
    // "SOURCE MOUNTPOINT FSTYPE OPTIONS 0 0" (fstab(5) fields; blanks in the
    // mount point are octal-escaped, which a tracefs mount never has).
    auto a = line.find(' ');
    if (a == std::string_view::npos) continue;
    auto b = line.find(' ', a + 1);
    if (b == std::string_view::npos) continue;
    auto c = line.find(' ', b + 1);
    auto mp = line.substr(a + 1, b - a - 1);
    auto type = line.substr(b + 1, c == std::string_view::npos ? std::string_view::npos : c - b - 1);
    if (type == "tracefs") tracefs.emplace_back(mp);
    else if (type == "debugfs") debugfs.push_back(std::string(mp) + "/tracing");
  }
  std::vector<std::string> out;
  auto add = [&out](const std::string& p) {
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  };
  for (auto& p : tracefs) add(p);
  for (auto& p : debugfs) add(p);
  add("/sys/kernel/tracing");
  add("/sys/kernel/debug/tracing");
  return out;
}

std::optional<int64_t> instance_owner(std::string_view name) {
  constexpr std::string_view prefix = "oomlens-";
  if (!name.starts_with(prefix)) return std::nullopt;
  auto digits = name.substr(prefix.size());
  int64_t pid = 0;
  auto r = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
  if (digits.empty() || r.ec != std::errc{} || r.ptr != digits.data() + digits.size() || pid <= 0)
    return std::nullopt;
  return pid;
}

int sweep_stale_instances(const std::string& tracefs, const std::function<bool(int64_t)>& alive) {
  std::string dir = tracefs + "/instances";
  DIR* d = ::opendir(dir.c_str());
  if (!d) return 0;
  std::vector<std::string> stale;
  while (dirent* e = ::readdir(d))
    if (auto pid = instance_owner(e->d_name); pid && !alive(*pid)) stale.emplace_back(e->d_name);
  ::closedir(d);
  int removed = 0;
  for (auto& n : stale) removed += ::rmdir((dir + "/" + n).c_str()) == 0;
  return removed;
}

bool SignalTrace::open(std::string_view mounts, int own_pid) {
  std::optional<std::string> denied;  // tracefs is mode 0700: say so rather than "not mounted"
  for (auto& root : tracefs_candidates(mounts)) {
    if (is_dir(root + "/instances")) return open_at(root, own_pid);
    if ((errno == EACCES || errno == EPERM) && !denied) denied = root + "/instances: " + std::strerror(errno);
  }
  error_ = denied ? "cannot access " + *denied : std::string("no tracefs mount with instances (/sys/kernel/tracing)");
  return false;
}

bool SignalTrace::open_at(const std::string& tracefs, int own_pid) {
  close();
  (void)sweep_stale_instances(tracefs, [](int64_t pid) {
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH;  // EPERM: someone else's, running
  });
  std::string dir = tracefs + "/instances/oomlens-" + std::to_string(own_pid);
  if (::mkdir(dir.c_str(), 0700) != 0) {
    error_ = "mkdir " + dir + ": " + std::strerror(errno);
    return false;
  }
  dir_ = dir;
  // A small ring (per CPU): the filter leaves a few events per run; the
  // default (1.4 MiB per CPU) would cost megabytes of kernel memory on a
  // many-CPU machine. Overwrite mode keeps the newest events: the kill.
  (void)write_file(dir_ + "/buffer_size_kb", "64");
  mono_ = !write_file(dir_ + "/trace_clock", "mono");  // 3.10+; else timestamps are not CLOCK_MONOTONIC
  const std::string ev = dir_ + "/events/signal/signal_generate";
  filtered_ = !write_file(ev + "/filter", fatal_signal_filter());  // unfiltered still works (userspace filter)
  if (auto e = write_file(ev + "/enable", "1")) {
    error_ = "cannot enable signal:signal_generate (" + *e + ")";
    close();
    return false;
  }
  error_.reset();
  return true;
}

std::optional<std::vector<SignalGenerate>> SignalTrace::read() {
  if (dir_.empty()) return std::nullopt;
  // No disabling first: it waits for an RCU grace period (~15 ms here),
  // and rmdir disables the event anyway.
  int fd = ::open((dir_ + "/trace").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error_ = "cannot read " + dir_ + "/trace: " + std::strerror(errno);
    return std::nullopt;
  }
  std::string text;
  char buf[65536];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) text.append(buf, static_cast<size_t>(n));
  ::close(fd);  // before rmdir: an open file keeps the instance busy (EBUSY)
  return parse_signal_trace(text);
}

void SignalTrace::close() {
  if (dir_.empty()) return;
  ::rmdir(dir_.c_str());
  dir_.clear();
}

std::string SignalTrace::status() const {
  if (error_) return "unavailable: " + *error_;
  return "on";
}

}  // namespace oomlens::trace
