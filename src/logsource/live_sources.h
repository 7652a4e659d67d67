#pragma once
// `oomlens explain` with no file: read the running system's kernel logs.
//
// Order: /dev/kmsg (the freshest, exact seq and uptime), the journal (the
// current and previous boots by default: it outlives the ring), then the
// syslog files (kern.log / messages series, rotated copies oldest first).
// The same report will usually be found in several of them; the caller
// collects the events of all sinks and calls dedup_events() (diagnose/merge.h).
//
// Typical use by the CLI:
//
//   std::vector<OomEvent> events;
//   auto results = read_live_sources(options, [&](const PlannedSource& s) {
//     ScanOptions scan{.source_name = s.name, .default_year = s.default_year};
//     // A LogSink that owns a ReportScanner (source.h's ScannerSink only
//     // borrows one), pushing each finished event into `events`.
//     return make_owning_scanner_sink(scan, [&](OomEvent&& e) {
//       events.push_back(std::move(e)); });
//   });
//   events = dedup_events(std::move(events));
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "logsource/journal.h"
#include "logsource/source.h"

namespace oomlens {

struct LiveOptions {
  /// Root of the system's files (tests: a fixture tree). /dev/kmsg,
  /// /proc/sys/kernel/*, /var/log and /run/log are looked up under it.
  std::string root = "/";
  bool kmsg = true;
  bool journal = true;
  bool syslog_files = true;
  /// Journal boots to read; empty = all. Default: current and previous.
  std::vector<BootSelector> journal_boots{BootSelector::current(), BootSelector::previous()};
  /// Journal wall times in UTC instead of local time.
  bool utc = false;
};

/// One source to read, in plan order.
struct PlannedSource {
  enum class Kind { kmsg, journal, files };
  Kind kind = Kind::kmsg;
  /// "kmsg", "journal", or the series' live file path ("/var/log/kern.log").
  std::string name;
  /// kmsg: the device; files: the series' files, oldest first (may be empty
  /// when no syslog file exists: the run reports that); journal: empty.
  std::vector<std::string> paths;
  /// files: year of the newest file's modification time (local), for
  /// syslog prefixes that print no year (`Nov 30 04:56:00`).
  std::optional<int> default_year;
  /// files: rotated copies that cannot be read (e.g. `.bz2`), for the notes.
  std::vector<std::string> skipped;
  /// The newest file's modification time (epoch seconds): no record is later.
  std::optional<double> latest_s;
};

/// What would be read, without reading it (pure apart from listing
/// `<root>/var/log` and stat()ing the files found).
[[nodiscard]] std::vector<PlannedSource> plan_live_sources(const LiveOptions& options);

/// Creates the sink for one planned source; called once per planned source,
/// in order, just before it is read. After reading, the runner calls end()
/// on it and destroys it.
using SinkFactory = std::function<std::unique_ptr<LogSink>(const PlannedSource&)>;

/// Reads the planned sources, each into its own sink. Returns one
/// SourceResult per kmsg/journal source and one per file of a series (a
/// series with no files gives one result, used = false, with a note).
[[nodiscard]] std::vector<SourceResult> read_planned_sources(
    const std::vector<PlannedSource>& plan, const LiveOptions& options,
    const SinkFactory& make_sink);

/// plan_live_sources() + read_planned_sources().
[[nodiscard]] std::vector<SourceResult> read_live_sources(const LiveOptions& options,
                                                          const SinkFactory& make_sink);

}  // namespace oomlens
