// Guard wake-up sources (see wakeup.h).
#include "guard/wakeup.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace oomlens::guard {
namespace {

bool write_str(const std::string& path, const std::string& s, int* err) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) {
    *err = errno;
    return false;
  }
  bool ok = ::write(fd, s.data(), s.size()) == static_cast<ssize_t>(s.size());
  *err = ok ? 0 : errno;
  ::close(fd);
  return ok;
}

}  // namespace

std::string psi_trigger_line(double stall_fraction, uint64_t window_us) {
  auto stall = static_cast<uint64_t>(static_cast<double>(window_us) * stall_fraction);
  return "some " + std::to_string(stall) + " " + std::to_string(window_us);
}

WakeupSources::~WakeupSources() {
  for (int fd : {threshold_efd_, usage_fd_, psi_fd_})
    if (fd >= 0) ::close(fd);
}

void WakeupSources::try_v1_thresholds(const std::string& dir, const std::vector<uint64_t>& thresholds) {
  nlohmann::json d = {{"tried", true}, {"dir", dir}};
  threshold_efd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  usage_fd_ = ::open((dir + "/memory.usage_in_bytes").c_str(), O_RDONLY | O_CLOEXEC);
  if (threshold_efd_ < 0 || usage_fd_ < 0) {
    d["active"] = false;
    d["error"] = std::string(threshold_efd_ < 0 ? "eventfd: " : "memory.usage_in_bytes: ") + std::strerror(errno);
  } else {
    nlohmann::json ok = nlohmann::json::array();
    std::string error;
    for (uint64_t t : thresholds) {
      int err = 0;
      std::string line = std::to_string(threshold_efd_) + " " + std::to_string(usage_fd_) + " " + std::to_string(t);
      if (write_str(dir + "/cgroup.event_control", line, &err)) ok.push_back(t);
      else error = std::string("cgroup.event_control: ") + std::strerror(err);
    }
    d["active"] = !ok.empty();
    d["thresholds_bytes"] = ok;
    if (!error.empty()) d["error"] = error;
  }
  if (!d["active"].get<bool>()) {
    if (threshold_efd_ >= 0) ::close(threshold_efd_);
    if (usage_fd_ >= 0) ::close(usage_fd_);
    threshold_efd_ = usage_fd_ = -1;
    d["fallback"] = "polling only";
  }
  desc_["v1_usage_threshold"] = d;
}

void WakeupSources::try_psi(const std::string& path, double stall_fraction) {
  nlohmann::json d = {{"tried", true}, {"path", path}};
  std::string error;
  for (uint64_t window_us : {1000000ull, 2000000ull}) {
    int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
      error = path + ": " + std::strerror(errno);
      break;
    }
    std::string line = psi_trigger_line(stall_fraction, window_us);
    // The trigger string must include its NUL (the kernel copies it whole).
    if (::write(fd, line.c_str(), line.size() + 1) >= 0) {
      psi_fd_ = fd;
      d["active"] = true;
      d["trigger"] = line;
      d["window_s"] = static_cast<double>(window_us) / 1e6;
      if (!error.empty()) d["first_attempt_error"] = error;
      desc_["psi_trigger"] = d;
      return;
    }
    error = "'" + line + "': " + std::strerror(errno) +
            (errno == EINVAL && window_us < 2000000 ? " (windows must be multiples of 2 s without CAP_SYS_RESOURCE)" : "");
    ::close(fd);
  }
  d["active"] = false;
  d["error"] = error;
  d["fallback"] = "polling only";
  desc_["psi_trigger"] = d;
}

std::vector<WakeupSources::Fd> WakeupSources::fds() const {
  std::vector<Fd> v;
  if (threshold_efd_ >= 0) v.push_back({threshold_efd_, POLLIN, "v1_usage_threshold"});
  if (psi_fd_ >= 0) v.push_back({psi_fd_, POLLPRI, "psi_trigger"});
  return v;
}

void WakeupSources::drain(int fd) const {
  if (fd == threshold_efd_) {
    uint64_t n = 0;
    ssize_t r = ::read(fd, &n, sizeof n);
    (void)r;
  }
}

}  // namespace oomlens::guard
