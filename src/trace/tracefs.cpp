// Finding or mounting tracefs for the signal trace (see tracefs.h).
#include "trace/tracefs.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <csignal>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "util/fd.h"
#include "util/i18n.h"

namespace oomlens::trace {

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

TracefsAttempt find_tracefs(std::string_view mounts, const TracefsAccess& access) {
  std::optional<std::string> denied;  // tracefs is mode 0700: say so rather than "not mounted"
  for (auto& root : tracefs_candidates(mounts)) {
    int fd = access.open_dir(root + "/instances");
    if (fd >= 0) return {TracefsDir{fd, root, false}, {}};
    if ((errno == EACCES || errno == EPERM) && !denied) denied = root + "/instances: " + std::strerror(errno);
  }
  TracefsAttempt own = access.mount_private();
  if (own.dir) return own;
  // English (run's record keeps it too), marked: printed through retranslate().
  std::string why = denied ? fmt::format(N_("cannot access {}"), *denied)
                           : std::string(N_("no tracefs mount with instances (/sys/kernel/tracing)"));
  return {std::nullopt, SystemError{own.error.errnum, fmt::format(N_("{}, and cannot mount a private one: {}"), why, own.error.what),
                                    own.error.advice}};
}

namespace {

// The child's steps, reported to the parent as {step, errno}.
enum Step : int { kStepOk = 0, kUnshare, kPrivate, kMount, kOpen };

SystemError step_error(int step, int err) {
  std::string s;
  switch (step) {
    case kUnshare: s = "unshare(CLONE_NEWNS)"; break;
    case kPrivate: s = N_("making the new mount namespace private (mount MS_REC|MS_PRIVATE /)"); break;
    case kMount: s = "mount -t tracefs"; break;
    case kOpen: s = "open <private tracefs>/instances"; break;
    default: s = "step " + std::to_string(step); break;
  }
  return SystemError{err, std::move(s), step == kUnshare && err == EPERM ? "needs CAP_SYS_ADMIN" : ""};
}

// In the child: only syscalls (async-signal-safe after fork), then _exit.
[[noreturn]] void child(int sock, const char* mount_point, const char* instances) {
  int msg[2] = {kStepOk, 0};
  int fd = -1;
  if (::unshare(CLONE_NEWNS) != 0) msg[0] = kUnshare;
  else if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) msg[0] = kPrivate;
  else if (::mount("tracefs", mount_point, "tracefs", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) != 0) msg[0] = kMount;
  else if ((fd = ::open(instances, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) msg[0] = kOpen;
  if (msg[0] != kStepOk) msg[1] = errno;
  iovec iov{msg, sizeof msg};
  msghdr mh{};
  mh.msg_iov = &iov;
  mh.msg_iovlen = 1;
  alignas(cmsghdr) char ctl[CMSG_SPACE(sizeof(int))] = {};
  if (fd >= 0) {
    mh.msg_control = ctl;
    mh.msg_controllen = sizeof ctl;
    cmsghdr* c = CMSG_FIRSTHDR(&mh);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
  }
  _exit(::sendmsg(sock, &mh, MSG_NOSIGNAL) == static_cast<ssize_t>(sizeof msg) ? 0 : 1);
}

}  // namespace

TracefsAttempt mount_private_tracefs() {
  // Any directory of the child's own namespace will do; this one exists
  // wherever the kernel has tracefs (sysfs makes it).
  struct stat st {};
  const char* mount_point = ::stat("/sys/kernel/tracing", &st) == 0 && S_ISDIR(st.st_mode) ? "/sys/kernel/tracing" : "/tmp";
  const std::string instances = std::string(mount_point) + "/instances";  // built before the fork
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
    return {std::nullopt, system_error("socketpair")};
  UniqueFd ours(sv[0]), theirs(sv[1]);
  // A fork without exec, not the launcher (util/launch.h): the child runs
  // our own code (unshare, mount, pass the fd back) and _exits.
  pid_t pid = ::fork();
  if (pid < 0) return {std::nullopt, system_error("fork")};
  if (pid == 0) {
    ::close(sv[0]);  // raw: a forked child runs no destructor before its _exit
    child(sv[1], mount_point, instances.c_str());
  }
  theirs.reset();
  pollfd p{ours.get(), POLLIN, 0};
  int msg[2] = {-1, 0};
  alignas(cmsghdr) char ctl[CMSG_SPACE(sizeof(int))] = {};
  iovec iov{msg, sizeof msg};
  msghdr mh{};
  mh.msg_iov = &iov;
  mh.msg_iovlen = 1;
  mh.msg_control = ctl;
  mh.msg_controllen = sizeof ctl;
  int pr;
  while ((pr = ::poll(&p, 1, 5000)) < 0 && errno == EINTR) {}
  ssize_t n = pr > 0 ? ::recvmsg(ours.get(), &mh, MSG_CMSG_CLOEXEC) : -1;
  ours.reset();
  if (pr == 0) (void)send_signal(pid, -1, SIGKILL);  // our own child, stuck: never seen, but never waited for forever
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  UniqueFd fd;
  for (cmsghdr* c = n > 0 ? CMSG_FIRSTHDR(&mh) : nullptr; c; c = CMSG_NXTHDR(&mh, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
      int got = -1;
      std::memcpy(&got, CMSG_DATA(c), sizeof got);
      fd.reset(got);
    }
  if (n != static_cast<ssize_t>(sizeof msg))
    return {std::nullopt, SystemError{0, pr == 0 ? "the mounting child did not answer within 5 s"
                                                 : "the mounting child died without an answer"}};
  if (msg[0] != kStepOk || !fd) return {std::nullopt, step_error(msg[0], msg[1])};
  return {TracefsDir{fd.release(), "private mount", true}, {}};
}

Status write_at(int dirfd, const std::string& rel, const std::string& shown, std::string_view value) {
  UniqueFd fd(::openat(dirfd, rel.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC));
  if (!fd) return system_error(shown);
  ssize_t w = ::write(fd.get(), value.data(), value.size());
  if (w != static_cast<ssize_t>(value.size())) return system_error(shown, w < 0 ? errno : EIO);
  return kOk;
}

Result<std::string> read_at(int dirfd, const std::string& rel, const std::string& shown) {
  UniqueFd fd(::openat(dirfd, rel.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) {
    const int e = errno;
    return system_error("cannot read " + shown, e);
  }
  std::string text;
  char buf[65536];
  ssize_t n;
  while ((n = ::read(fd.get(), buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) text.append(buf, static_cast<size_t>(n));
  const int e = errno;
  fd.reset();  // before any rmdir: an open file keeps an instance busy (EBUSY)
  if (n < 0) return system_error("cannot read " + shown, e);
  return text;
}

TracefsAccess real_tracefs_access() {
  return {[](const std::string& path) { return ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); },
          [] { return mount_private_tracefs(); }};
}

}  // namespace oomlens::trace
