#include "logsource/source_util.h"
#include "proc/proc.h"
#include "util/file.h"
#include "util/i18n.h"
#include "util/text.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <ctime>

#include <fmt/core.h>

namespace oomlens {

std::string file_permission_advice(std::string_view path) {
  const auto slash = path.rfind('/');
  const std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const bool system_log = base.starts_with("kern.log") || base.starts_with("messages") ||
                          base.starts_with("syslog");
  if (system_log) {
    return N_("`/var/log/kern.log` and `/var/log/messages` need the `adm` group "
              "(sudo usermod -aG adm $USER, then log in again), or run with sudo");
  }
  return fmt::format(N_("check the permissions of {} (ls -l), or run with sudo"), path);
}

std::string kmsg_permission_advice(std::optional<int> dmesg_restrict) {
  if (dmesg_restrict == 1) {
    return N_("`kernel.dmesg_restrict=1`: reading the kernel ring needs CAP_SYSLOG; "
              "run with sudo (no group grants it)");
  }
  if (dmesg_restrict == 0) {
    return N_("/dev/kmsg refused to open although `kernel.dmesg_restrict=0` (a security "
              "module or container policy?); run with sudo, or read the journal or "
              "/var/log/kern.log instead");
  }
  return N_("reading the kernel ring may need CAP_SYSLOG (`kernel.dmesg_restrict`); "
            "run with sudo (no group grants it)");
}

std::string journal_permission_advice() {
  return N_("the journal needs the `systemd-journal` or `adm` group "
            "(sudo usermod -aG systemd-journal $USER, then log in again), or sudo");
}

std::optional<std::string> read_boot_id(std::string_view root) {
  const auto id = proc::read_boot_id(join_root(root, "/proc"));  // the one reader
  if (!id) return std::nullopt;
  return proc::normalize_boot_id(*id);
}

int64_t local_utc_offset_s(int64_t epoch_s) {
  const time_t t = static_cast<time_t>(epoch_s);
  struct tm tm {};
  if (localtime_r(&t, &tm) == nullptr) return 0;
  return tm.tm_gmtoff;
}


}  // namespace oomlens
