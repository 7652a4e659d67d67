// Guard wake-up sources (see wakeup.h).
#include "guard/wakeup.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "cgroup/memcg_files.h"
#include "util/file.h"

namespace oomlens::guard {

std::string psi_trigger_line(double stall_fraction, uint64_t window_us) {
  auto stall = static_cast<uint64_t>(static_cast<double>(window_us) * stall_fraction);
  return "some " + std::to_string(stall) + " " + std::to_string(window_us);
}

void WakeupSources::try_v1_thresholds(const std::string& dir, const std::vector<uint64_t>& thresholds) {
  nlohmann::json d = {{"tried", true}, {"dir", dir}};
  threshold_efd_.reset(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC));
  usage_fd_.reset(::open((dir + cgroup::memcg_file(cgroup::Version::v1, cgroup::MemcgFile::usage)).c_str(), O_RDONLY | O_CLOEXEC));
  if (!threshold_efd_ || !usage_fd_) {
    d["active"] = false;
    d["error"] = std::string(!threshold_efd_ ? "eventfd: " : "memory.usage_in_bytes: ") + std::strerror(errno);
  } else {
    nlohmann::json ok = nlohmann::json::array();
    std::string error;
    for (uint64_t t : thresholds) {
      std::string line =
          std::to_string(threshold_efd_.get()) + " " + std::to_string(usage_fd_.get()) + " " + std::to_string(t);
      if (auto w = write_file(dir + "/cgroup.event_control", line)) ok.push_back(t);
      else error = std::string("cgroup.event_control: ") + std::strerror(w.error().errnum);
    }
    d["active"] = !ok.empty();
    d["thresholds_bytes"] = ok;
    if (!error.empty()) d["error"] = error;
  }
  if (!d["active"].get<bool>()) {
    threshold_efd_.reset();
    usage_fd_.reset();
    d["fallback"] = "polling only";
  }
  desc_["v1_usage_threshold"] = d;
}

void WakeupSources::try_psi(const std::string& path, double stall_fraction) {
  nlohmann::json d = {{"tried", true}, {"path", path}};
  std::string error;
  for (uint64_t window_us : {1000000ull, 2000000ull}) {
    UniqueFd fd(::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC));
    if (!fd) {
      error = path + ": " + std::strerror(errno);
      break;
    }
    std::string line = psi_trigger_line(stall_fraction, window_us);
    // The trigger string must include its NUL (the kernel copies it whole).
    if (::write(fd.get(), line.c_str(), line.size() + 1) >= 0) {
      psi_fd_ = std::move(fd);
      d["active"] = true;
      d["trigger"] = line;
      d["window_s"] = static_cast<double>(window_us) / 1e6;
      if (!error.empty()) d["first_attempt_error"] = error;
      desc_["psi_trigger"] = d;
      return;
    }
    const int e = errno;
    error = "'" + line + "': " + std::strerror(e) +
            (e == EINVAL && window_us < 2000000 ? " (windows must be multiples of 2 s without CAP_SYS_RESOURCE)" : "");
  }
  d["active"] = false;
  d["error"] = error;
  d["fallback"] = "polling only";
  desc_["psi_trigger"] = d;
}

std::vector<WakeupSources::Fd> WakeupSources::fds() const {
  std::vector<Fd> v;
  if (threshold_efd_) v.push_back({threshold_efd_.get(), POLLIN, "v1_usage_threshold"});
  if (psi_fd_) v.push_back({psi_fd_.get(), POLLPRI, "psi_trigger"});
  return v;
}

void WakeupSources::drain(int fd) const {
  if (threshold_efd_ && fd == threshold_efd_.get()) {
    uint64_t n = 0;
    ssize_t r = ::read(fd, &n, sizeof n);
    (void)r;
  }
}

}  // namespace oomlens::guard
