#pragma once
// `explain`'s decide and render steps, one event at a time, so that memory
// does not grow with the input (issue 21, item 3): each event is filtered,
// explained and written as soon as it is complete. Only --last N keeps N
// events (a ring), and --html keeps the last kHtmlMaxEvents for its page.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli/explain_html.h"
#include "diagnose/event_filter.h"
#include "diagnose/explain.h"
#include "diagnose/owner_lookup.h"
#include "diagnose/repeat_kill.h"
#include "kernel_log/report_scanner.h"
#include "logsource/source.h"
#include "render/text.h"

namespace oomlens::cli {

enum class ExplainFormat { text, summary, json, html };

class ExplainOutput {
 public:
  /// The most events one --html page holds (the last ones); a warning
  /// counts those left out.
  static constexpr size_t kHtmlMaxEvents = 2000;

  ExplainOutput(ExplainFormat format, TextStyle style, const EventFilter& filter);
  /// The live log only, set before add(): the machine's facts for explain()
  /// and where its containers and users are named.
  void set_live(const ExplainContext& context, const OwnerLookup& lookup) {
    context_ = context;
    lookup_ = lookup;
  }
  /// Decodes the cgroup owner, filters, names the owner (live), then
  /// explains and writes the event (or holds it in --last's ring, or for
  /// the page).
  void add(OomEvent&& event);
  /// Writes what was held, then the end: --json's sources and warnings,
  /// the page, or the text's "no report" line. `warnings` gains the count
  /// of events the filter could not place in time.
  void finish(const std::vector<SourceResult>& sources, std::vector<ParseWarning>& warnings,
              const std::map<std::string, LineKeeper>& kept);
  /// Events written (or put on the page).
  [[nodiscard]] size_t shown() const { return shown_; }

 private:
  /// `repeat`: the event's checks across events and their advice (RecentKills::check_then_keep():
  /// add_repeat_kill(), add_tiny_kill_storm()), taken when it was read; moved into the event's explanation.
  void emit(const OomEvent& event, Explanation&& repeat);
  [[nodiscard]] Explanation explained(const OomEvent& event, Explanation&& repeat) const;

  ExplainFormat format_;
  TextStyle style_;
  FilterCounter filter_;
  ExplainContext context_;
  std::optional<OwnerLookup> lookup_;
  std::optional<size_t> ring_;  // capacity when events are held until finish()
  std::deque<OomEvent> held_;
  std::deque<Explanation> held_earlier_;  // per held event: its checks across events, taken when read
  /// The victims of the last kill events read (filtered out or not), for
  /// add_repeat_kill() and add_tiny_kill_storm().
  RecentKills kills_;
  uint64_t passed_ = 0;  // events that passed the filter
  size_t shown_ = 0;
};

}  // namespace oomlens::cli
