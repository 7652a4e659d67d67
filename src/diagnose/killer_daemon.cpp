// Userspace OOM killer detection (see killer_daemon.h).
#include "diagnose/killer_daemon.h"

namespace oomlens::diagnose {

std::string oom_daemon_kind(std::string_view comm, std::string_view cmdline) {
  for (std::string_view n : {"earlyoom", "systemd-oomd", "nohang", "oomd"})
    if (comm == n) return std::string(n);
  if (comm.substr(0, 6) == "python" && cmdline.find("/nohang") != std::string_view::npos) return "nohang";
  return {};
}

}  // namespace oomlens::diagnose
