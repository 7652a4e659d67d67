#include "logsource/source_util.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <ctime>

#include <fmt/core.h>

namespace oomlens {

std::string errno_text(int errnum) {
  switch (errnum) {  // the common ones worded explicitly: the tests check them
    case ENOENT: return "No such file or directory";
    case EACCES: return "Permission denied";
    case EPERM: return "Operation not permitted";
    case EISDIR: return "Is a directory";
    default: break;
  }
  char buf[256];
  // GNU strerror_r returns the message (maybe not in buf).
  return std::string(strerror_r(errnum, buf, sizeof buf));
}

std::string file_permission_advice(std::string_view path) {
  const auto slash = path.rfind('/');
  const std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const bool system_log = base.starts_with("kern.log") || base.starts_with("messages") ||
                          base.starts_with("syslog");
  if (system_log) {
    return "`/var/log/kern.log` and `/var/log/messages` need the `adm` group "
           "(sudo usermod -aG adm $USER, then log in again), or run with sudo";
  }
  return fmt::format("check the permissions of {} (ls -l), or run with sudo", path);
}

std::string kmsg_permission_advice(std::optional<int> dmesg_restrict) {
  if (dmesg_restrict == 1) {
    return "`kernel.dmesg_restrict=1`: reading the kernel ring needs CAP_SYSLOG; "
           "run with sudo (no group grants it)";
  }
  if (dmesg_restrict == 0) {
    return "/dev/kmsg refused to open although `kernel.dmesg_restrict=0` (a security "
           "module or container policy?); run with sudo, or read the journal or "
           "/var/log/kern.log instead";
  }
  return "reading the kernel ring may need CAP_SYSLOG (`kernel.dmesg_restrict`); "
         "run with sudo (no group grants it)";
}

std::string journal_permission_advice() {
  return "the journal needs the `systemd-journal` or `adm` group "
         "(sudo usermod -aG systemd-journal $USER, then log in again), or sudo";
}

std::string under_root(std::string_view root, std::string_view abs_path) {
  std::string out(root);
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  if (out == "/") out.clear();
  if (!abs_path.starts_with('/')) out += '/';
  out += abs_path;
  return out;
}

std::optional<std::string> read_small_file(const std::string& path, size_t max_bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string out(max_bytes, '\0');
  size_t got = 0;
  while (got < max_bytes) {
    const ssize_t n = ::read(fd, out.data() + got, max_bytes - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  out.resize(got);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ' || out.back() == '\t' ||
                          out.back() == '\r')) {
    out.pop_back();
  }
  return out;
}

std::optional<std::string> normalize_boot_id(std::string_view id) {
  std::string out;
  out.reserve(32);
  for (const char c : id) {
    if (c == '-' || c == ' ' || c == '\n' || c == '\t' || c == '\r') continue;
    if (c >= '0' && c <= '9') {
      out += c;
    } else if (c >= 'a' && c <= 'f') {
      out += c;
    } else if (c >= 'A' && c <= 'F') {
      out += static_cast<char>(c - 'A' + 'a');
    } else {
      return std::nullopt;
    }
  }
  if (out.size() != 32) return std::nullopt;
  return out;
}

std::optional<std::string> read_boot_id(std::string_view root) {
  const auto text = read_small_file(under_root(root, "/proc/sys/kernel/random/boot_id"));
  if (!text) return std::nullopt;
  return normalize_boot_id(*text);
}

std::string format_rfc3339(uint64_t realtime_usec, int64_t utc_offset_s) {
  const auto secs = static_cast<int64_t>(realtime_usec / 1000000);
  const auto usec = static_cast<unsigned>(realtime_usec % 1000000);
  const time_t shifted = static_cast<time_t>(secs + utc_offset_s);
  struct tm tm {};
  gmtime_r(&shifted, &tm);
  std::string out = fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}", tm.tm_year + 1900,
                                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, usec);
  if (utc_offset_s == 0) {
    out += 'Z';
  } else {
    const int64_t a = utc_offset_s < 0 ? -utc_offset_s : utc_offset_s;
    out += fmt::format("{}{:02}:{:02}", utc_offset_s < 0 ? '-' : '+', a / 3600, (a % 3600) / 60);
  }
  return out;
}

int64_t local_utc_offset_s(int64_t epoch_s) {
  const time_t t = static_cast<time_t>(epoch_s);
  struct tm tm {};
  if (localtime_r(&t, &tm) == nullptr) return 0;
  return tm.tm_gmtoff;
}

namespace {

bool take_int(std::string_view& s, size_t digits, int& out) {
  if (s.size() < digits) return false;
  int v = 0;
  for (size_t i = 0; i < digits; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  out = v;
  s.remove_prefix(digits);
  return true;
}

bool take_char(std::string_view& s, char c) {
  if (s.empty() || s.front() != c) return false;
  s.remove_prefix(1);
  return true;
}

}  // namespace

std::optional<double> parse_rfc3339(std::string_view s) {
  struct tm tm {};
  int year = 0, mon = 0, day = 0, hour = 0, min = 0, sec = 0;
  if (!take_int(s, 4, year) || !take_char(s, '-') || !take_int(s, 2, mon) ||
      !take_char(s, '-') || !take_int(s, 2, day)) {
    return std::nullopt;
  }
  if (s.empty() || (s.front() != 'T' && s.front() != 't' && s.front() != ' ')) return std::nullopt;
  s.remove_prefix(1);
  if (!take_int(s, 2, hour) || !take_char(s, ':') || !take_int(s, 2, min) ||
      !take_char(s, ':') || !take_int(s, 2, sec)) {
    return std::nullopt;
  }
  if (mon < 1 || mon > 12 || day < 1 || day > 31 || hour > 23 || min > 59 || sec > 60) {
    return std::nullopt;
  }
  double frac = 0;
  if (take_char(s, '.') || take_char(s, ',')) {
    double scale = 0.1;
    size_t n = 0;
    while (!s.empty() && s.front() >= '0' && s.front() <= '9') {
      frac += (s.front() - '0') * scale;
      scale /= 10;
      s.remove_prefix(1);
      ++n;
    }
    if (n == 0) return std::nullopt;
  }
  tm.tm_year = year - 1900;
  tm.tm_mon = mon - 1;
  tm.tm_mday = day;
  tm.tm_hour = hour;
  tm.tm_min = min;
  tm.tm_sec = sec;
  if (s.empty()) {  // no offset: local time, as syslog prints it
    tm.tm_isdst = -1;
    const time_t t = mktime(&tm);
    if (t == static_cast<time_t>(-1)) return std::nullopt;
    return static_cast<double>(t) + frac;
  }
  int64_t offset = 0;
  if (s.front() == 'Z' || s.front() == 'z') {
    s.remove_prefix(1);
  } else if (s.front() == '+' || s.front() == '-') {
    const int sign = s.front() == '-' ? -1 : 1;
    s.remove_prefix(1);
    int oh = 0, om = 0;
    if (!take_int(s, 2, oh)) return std::nullopt;
    take_char(s, ':');
    if (!take_int(s, 2, om)) return std::nullopt;
    offset = sign * (oh * 3600 + om * 60);
  } else {
    return std::nullopt;
  }
  if (!s.empty()) return std::nullopt;
  const time_t t = timegm(&tm);
  return static_cast<double>(t - offset) + frac;
}

}  // namespace oomlens
