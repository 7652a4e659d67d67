#include "util/format.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cmath>
#include <csignal>

#include "util/i18n.h"
#include "util/ascii.h"

namespace oomlens {

namespace {
constexpr std::array<const char*, 6> kUnits = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
}  // namespace

std::string format_bytes(uint64_t bytes) {
  if (bytes < 1024) return fmt::format("{} B", bytes);
  double value = static_cast<double>(bytes) / 1024.0;
  size_t unit = 0;
  // Move up while the value would print as 1024.0 or more in this unit.
  while (unit + 1 < kUnits.size() && std::round(value * 10.0) >= 1024.0 * 10.0) {
    value /= 1024.0;
    ++unit;
  }
  return fmt::format("{:.1f} {}", value, kUnits[unit]);
}

std::string format_signed_bytes(double bytes, bool plus) {
  if (!std::isfinite(bytes)) return "?";
  const double m = std::round(std::fabs(bytes));
  // 2^64 bytes or more is no figure of a machine's (a hostile record): unknown.
  if (m >= 18446744073709551616.0) return "?";
  const auto b = static_cast<uint64_t>(m);
  return (bytes < 0 && b > 0 ? "-" : plus ? "+" : "") + format_bytes(b);
}

std::string format_bytes_in(double bytes, uint64_t unit_bytes, int decimals) {
  const char* name = "B";
  uint64_t u = 1;
  for (const char* n : kUnits) {
    u *= 1024;
    if (u == unit_bytes) name = n;
  }
  const double unit = std::string_view(name) == "B" ? 1.0 : static_cast<double>(unit_bytes);
  return fmt::format("{:.{}f} {}", bytes / unit, std::clamp(decimals, 0, 6), name);
}

std::string shorten_ids(std::string_view path) {
  std::string out;
  size_t i = 0;
  while (i < path.size()) {
    size_t j = i;
    while (j < path.size() && text::is_xdigit(path[j])) ++j;
    if (j - i >= 32) {
      out.append(path.substr(i, 12));
      out.append("\u2026");
      i = j;
    } else if (j > i) {
      out.append(path.substr(i, j - i));
      i = j;
    } else {
      out.push_back(path[i]);
      ++i;
    }
  }
  return out;
}

namespace {
bool digits_at(std::string_view s, size_t pos, size_t n) {
  if (s.size() < pos + n) return false;
  for (size_t k = 0; k < n; ++k)
    if (!text::is_digit(s[pos + k])) return false;
  return true;
}
}  // namespace

std::string format_event_time(const std::optional<std::string>& wall,
                              std::optional<double> monotonic_s) {
  if (wall) {
    const std::string_view w = *wall;
    // RFC 3339: YYYY-MM-DDTHH:MM:SS…
    if (digits_at(w, 0, 4) && w.size() >= 19 && w[4] == '-' && digits_at(w, 5, 2) && w[7] == '-' &&
        digits_at(w, 8, 2) && (w[10] == 'T' || w[10] == 't' || w[10] == ' ') &&
        digits_at(w, 11, 2) && w[13] == ':' && digits_at(w, 14, 2) && w[16] == ':' &&
        digits_at(w, 17, 2)) {
      return fmt::format("{} {}", w.substr(0, 10), w.substr(11, 8));
    }
    // To the minute (`dmesg -H`'s clock stamp prints no seconds): YYYY-MM-DDTHH:MM.
    if (digits_at(w, 0, 4) && w.size() == 16 && w[4] == '-' && digits_at(w, 5, 2) && w[7] == '-' &&
        digits_at(w, 8, 2) && (w[10] == 'T' || w[10] == 't' || w[10] == ' ') && digits_at(w, 11, 2) &&
        w[13] == ':' && digits_at(w, 14, 2)) {
      return fmt::format("{} {}", w.substr(0, 10), w.substr(11, 5));
    }
  }
  if (monotonic_s && std::isfinite(*monotonic_s)) {
    return i18n::trf("[{:.3f} s after boot]", *monotonic_s);
  }
  if (wall) return std::string(*wall);
  return i18n::tr("[time unknown]");
}

std::string signal_name(int sig) {
  switch (sig) {
    case SIGHUP: return "SIGHUP"; case SIGINT: return "SIGINT"; case SIGQUIT: return "SIGQUIT";
    case SIGILL: return "SIGILL"; case SIGTRAP: return "SIGTRAP"; case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS"; case SIGFPE: return "SIGFPE"; case SIGKILL: return "SIGKILL";
    case SIGUSR1: return "SIGUSR1"; case SIGSEGV: return "SIGSEGV"; case SIGUSR2: return "SIGUSR2";
    case SIGPIPE: return "SIGPIPE"; case SIGALRM: return "SIGALRM"; case SIGTERM: return "SIGTERM";
    case SIGXCPU: return "SIGXCPU"; case SIGXFSZ: return "SIGXFSZ"; case SIGSYS: return "SIGSYS";
    default: return fmt::format("signal {}", sig);
  }
}

}  // namespace oomlens
