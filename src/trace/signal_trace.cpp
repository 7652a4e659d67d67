// The private tracefs instance for signal_generate (see signal_trace.h).
#include "trace/signal_trace.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <charconv>
#include <cstdint>
#include <cstring>

namespace oomlens::trace {

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

bool instance_owner_running(int64_t pid) {
  if (pid <= 0 || pid > INT32_MAX) return false;  // kill(2) would read 0 and -1 as groups
  const Status r = send_signal(static_cast<int>(pid), -1, 0);
  return r.ok() || r.error().errnum != ESRCH;
}

int sweep_stale_instances_at(int instances_fd, const std::function<bool(int64_t)>& alive) {
  UniqueFd dfd(::openat(instances_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!dfd) return 0;
  DIR* d = ::fdopendir(dfd.get());
  if (!d) return 0;
  (void)dfd.release();  // the DIR's now: closedir closes it
  std::vector<std::string> stale;
  while (dirent* e = ::readdir(d))
    if (auto pid = instance_owner(e->d_name); pid && !alive(*pid)) stale.emplace_back(e->d_name);
  ::closedir(d);
  int removed = 0;
  for (auto& n : stale) removed += ::unlinkat(instances_fd, n.c_str(), AT_REMOVEDIR) == 0;
  return removed;
}

int sweep_stale_instances(const std::string& tracefs, const std::function<bool(int64_t)>& alive) {
  const UniqueFd fd(::open((tracefs + "/instances").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd) return 0;
  return sweep_stale_instances_at(fd.get(), alive);
}

bool SignalTrace::open(std::string_view mounts, int own_pid, const TracefsAccess& access) {
  close();
  where_.clear();
  TracefsAttempt t = find_tracefs(mounts, access);
  if (!t.dir) {
    error_ = t.error;  // find_tracefs()'s sentence names each step, and the errno of the last
    return false;
  }
  return open_in(std::move(*t.dir), own_pid);
}

bool SignalTrace::open_at(const std::string& tracefs, int own_pid) {
  close();
  int fd = ::open((tracefs + "/instances").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    error_ = system_error("cannot open " + tracefs + "/instances");
    return false;
  }
  return open_in(TracefsDir{fd, tracefs, false}, own_pid);
}

bool SignalTrace::open_in(TracefsDir tracefs, int own_pid) {
  close();
  victim_format_.reset();
  victims_.clear();
  oom_error_ = "not started";
  instances_fd_.reset(tracefs.instances_fd);
  where_ = tracefs.where;
  (void)sweep_stale_instances_at(instances_fd_.get(), instance_owner_running);
  const std::string name = "oomlens-" + std::to_string(own_pid);
  dir_ = (tracefs.private_mount ? "<private tracefs>" : where_) + "/instances/" + name;
  if (::mkdirat(instances_fd_.get(), name.c_str(), 0700) != 0) {
    error_ = system_error("mkdir " + dir_);
    close();
    return false;
  }
  name_ = name;
  auto set = [&](const std::string& rel, std::string_view value) {
    return write_at(instances_fd_.get(), name_ + "/" + rel, dir_ + "/" + rel, value);
  };
  // A small ring (per CPU): the filter leaves a few events per run; the
  // default (1.4 MiB per CPU) would cost megabytes of kernel memory on a
  // many-CPU machine. Overwrite mode keeps the newest events: the kill.
  (void)set("buffer_size_kb", "64");
  mono_ = set("trace_clock", "mono").ok();  // 3.10+; else timestamps are not CLOCK_MONOTONIC
  const std::string ev = "events/signal/signal_generate";
  filtered_ = set(ev + "/filter", fatal_signal_filter()).ok();  // unfiltered still works (userspace filter)
  if (auto st = set(ev + "/enable", "1"); !st) {
    // "cannot enable signal:signal_generate (DIR/enable): Permission denied"
    error_ = SystemError{st.error().errnum, "cannot enable signal:signal_generate (" + st.error().what + ")"};
    close();
    return false;
  }
  enable_mark_victim();
  error_ = kOk;
  return true;
}

// The OOM killer's victims in the same buffer (oom_trace.h): the kill is
// then known with its figures even when the kernel log is unreadable or its
// report was rate-limited. Best effort: the signal trace works without it.
void SignalTrace::enable_mark_victim() {
  const std::string ev = "events/oom/mark_victim";
  auto text = read_at(instances_fd_.get(), name_ + "/" + ev + "/format", dir_ + "/" + ev + "/format");
  if (!text) {
    oom_error_ = "this kernel has no oom:mark_victim tracepoint (" + text.error().message() + ")";
    return;
  }
  victim_format_ = parse_event_format(*text);
  if (!victim_format_) {
    oom_error_ = "cannot parse the print format of " + dir_ + "/" + ev + "/format";
    return;
  }
  if (auto st = write_at(instances_fd_.get(), name_ + "/" + ev + "/enable", dir_ + "/" + ev + "/enable", "1"); !st) {
    victim_format_.reset();
    oom_error_ = "cannot enable oom:mark_victim (" + st.error().message() + ")";
    return;
  }
  oom_error_.clear();
}

std::optional<std::vector<SignalGenerate>> SignalTrace::read() {
  if (name_.empty()) return std::nullopt;
  // No disabling first: it waits for an RCU grace period (~15 ms here),
  // and rmdir disables the event anyway.
  auto text = read_at(instances_fd_.get(), name_ + "/trace", dir_ + "/trace");
  if (!text) {
    error_ = text.error();
    return std::nullopt;
  }
  // signal_generate lines for SIGKILL are in the same buffer whatever the
  // filter (fatal_signal_filter() keeps sig 9), so KillSignal is known.
  if (victim_format_) victims_ = parse_mark_victims(*text, *victim_format_, true);
  return parse_signal_trace(*text);
}

void SignalTrace::close() {
  if (!name_.empty()) ::unlinkat(instances_fd_.get(), name_.c_str(), AT_REMOVEDIR);
  name_.clear();
  instances_fd_.reset();
}

std::string SignalTrace::status() const {
  if (!error_) return "unavailable: " + error_.error().message();
  return "on";
}

std::string SignalTrace::oom_status() const {
  if (!error_) return "unavailable: " + error_.error().message();  // no instance at all
  if (!oom_error_.empty()) return "unavailable: " + oom_error_;
  return "on";
}

}  // namespace oomlens::trace
