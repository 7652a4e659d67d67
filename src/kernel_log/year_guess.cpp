// settle_inferred_year(): classic syslog stamps (`Nov 30 04:56:00`) print no
// year; the scanner's caller passes the file's modification year. A record
// cannot be newer than the file that holds it, so a date that lands after
// the file's modification time belongs to the year before (a December line
// in a file last written in January).
#include <fmt/core.h>

#include "kernel_log/report_scanner.h"
#include "util/time.h"

namespace oomlens {
namespace {

// Time-zone slack: the stamp is local time of an unknown zone, the
// modification time is UTC; no zone is more than 14 h away.
constexpr double kSlackS = 24 * 3600;

}  // namespace

void settle_inferred_year(OomEvent& e, std::optional<double> latest_s) {
  if (!e.time.year_inferred || !e.time.wall || e.time.wall->size() < 4) return;
  std::string& wall = *e.time.wall;
  if (latest_s) {
    const auto t = parse_rfc3339(wall);
    if (t && *t > *latest_s + kSlackS) {
      const int year = std::stoi(wall.substr(0, 4)) - 1;
      wall.replace(0, 4, fmt::format("{:04}", year));
    }
  }
  e.notes.push_back(fmt::format("the log prints no year: {} is a guess from the file's modification time",
                                wall.substr(0, 4)));
}

}  // namespace oomlens
