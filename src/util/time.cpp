// Wall-clock time parsing (see time.h).
#include "util/time.h"

#include <cstdint>
#include <ctime>
#include <string_view>

#include <fmt/core.h>

namespace oomlens {
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
  if (!s.empty() && (s.front() == 'T' || s.front() == 't' || s.front() == ' ')) {
    s.remove_prefix(1);
    if (!take_int(s, 2, hour) || !take_char(s, ':') || !take_int(s, 2, min)) return std::nullopt;
    if (take_char(s, ':') && !take_int(s, 2, sec)) return std::nullopt;
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

std::string format_rfc3339(uint64_t realtime_usec, int64_t utc_offset_s, int fraction_digits) {
  const auto shifted = static_cast<std::time_t>(static_cast<int64_t>(realtime_usec / 1000000) + utc_offset_s);
  std::tm tm{};
  if (gmtime_r(&shifted, &tm) == nullptr) return {};
  uint64_t fraction = realtime_usec % 1000000;
  for (int d = fraction_digits; d < 6; ++d) fraction /= 10;
  std::string out = fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:0{}}", tm.tm_year + 1900, tm.tm_mon + 1,
                                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, fraction, fraction_digits);
  if (utc_offset_s == 0) {
    out += 'Z';
  } else {
    const int64_t a = utc_offset_s < 0 ? -utc_offset_s : utc_offset_s;
    out += fmt::format("{}{:02}:{:02}", utc_offset_s < 0 ? '-' : '+', a / 3600, (a % 3600) / 60);
  }
  return out;
}

}  // namespace oomlens
