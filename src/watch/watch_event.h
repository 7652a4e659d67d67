#pragma once
// What `oomlens watch` and `oomlens daemon` emit: an OOM event found live,
// or a late update to one, and its renderings (one JSON line, one human
// line, environment variables for --exec).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "diagnose/explain.h"
#include "diagnose/repeat_kill.h"
#include "kernel_log/oom_event.h"

namespace oomlens::watch {

enum class EmitType {
  event,   ///< a new OOM event
  update,  ///< late parts of an event already emitted (oom_reaper figures)
  summary, ///< events of a burst folded into one line (watch/burst.h); counted, not printed one by one
};

/// How the event is known.
enum class Evidence {
  log,           ///< the kernel's report was read from the log
  counter_only,  ///< only an oom_kill counter moved: the log lines were lost or rate-limited
  tracepoint,    ///< the kernel's oom:mark_victim tracepoint, the instant of the kill (trace/oom_trace.h)
};

/// What the tracepoint source read from the victim's memory cgroup at the
/// instant of the kill (its /proc/PID/cgroup while it was being reaped).
struct CgroupAtKill {
  std::string path;                     ///< as the kernel prints it: "/oomlens-tests/a"
  std::optional<uint64_t> limit_bytes;  ///< the tightest limit from it up (null: unlimited or unreadable)
  std::optional<uint64_t> usage_bytes;  ///< v1 memory.usage_in_bytes, v2 memory.current
  std::optional<uint64_t> oom_kill;     ///< v1 memory.oom_control, v2 memory.events.local `oom_kill`
  std::optional<uint64_t> oom;          ///< v2 memory.events `oom` (v1 has none)
};

/// What a burst summary says (WatchEvent::summary when type is summary).
struct BurstSummary {
  static constexpr size_t kMaxKeys = 20;
  uint64_t events = 0;              ///< events folded (type event)
  uint64_t updates = 0;             ///< updates folded
  uint64_t kills = 0;               ///< kills those events stand for
  uint64_t counter_only_events = 0; ///< of `events`, evidence counter_only
  int64_t first_unix_ms = 0, last_unix_ms = 0;
  std::map<std::string, uint64_t> kills_by_owner;  ///< "kind:id" → kills ("_other" past kMaxKeys)
  std::map<std::string, uint64_t> kills_by_comm;   ///< victim comm → kills ("_other" past kMaxKeys)
};

struct WatchEvent {
  EmitType type = EmitType::event;
  Evidence evidence = Evidence::log;
  OomEvent event;  ///< counter_only: kind kill, memcg.task_memcg = the counting cgroup when known
  Explanation explanation;
  /// explanation.summary in the user's language, for the text line (empty:
  /// English, or a summary built without explain()).
  std::string summary_text;
  /// Kills this event stands for: victims with a kill line (log), or the
  /// counter increase (counter_only).
  uint64_t kills = 0;
  int64_t detected_unix_ms = 0;  ///< when oomlens emitted it
  /// Notes on the capture itself (e.g. a kmsg gap before this event).
  std::vector<std::string> capture_notes;
  std::optional<BurstSummary> summary;  ///< type summary only
  /// Ties an event to its updates: "<pid>-<kernel monotonic µs>" for a
  /// tracepoint kill, "kmsg-<seq>" for one first known from the log; "" none.
  std::string id;
  /// What the event was built from, in the order they were seen:
  /// "tracepoint", "proc" (the victim's cgroup read at the kill), "report"
  /// (a report header), "kill_line", "counters".
  std::vector<std::string> sources;
  /// "printed" (the report is in the update), "header_suppressed" (only its
  /// kill line: the kernel's rate limit), "missing" (nothing in the log);
  /// null until known (a tracepoint event's first emission).
  std::optional<std::string> report;
  std::optional<std::string> report_missing_reason;  ///< why, when report is not "printed"
  std::optional<double> killed_monotonic_s;    ///< the tracepoint's timestamp (CLOCK_MONOTONIC), when known
  std::optional<double> detected_monotonic_s;  ///< CLOCK_MONOTONIC when oomlens emitted it
  std::optional<CgroupAtKill> cgroup_at_kill;
};

[[nodiscard]] const char* evidence_name(Evidence e);
[[nodiscard]] const char* emit_type_name(EmitType t);  ///< "event", "update", "summary"
/// One sentence for a burst summary: how many events and kills were folded,
/// that the metrics still count each, and the kills per cgroup owner.
[[nodiscard]] std::string burst_summary_text(const BurstSummary& s);
[[nodiscard]] const char* constraint_label(const OomEvent& e);  ///< "global", "memcg", …, "unknown"

/// The explain event object (docs/schema/event.schema.json) plus `type`
/// ("event"/"update"), `evidence`, `host`, `boot_id` (filled from the
/// event, never invented), `kills`, `detected_at` (RFC 3339 UTC) and
/// `capture_notes`, and when set `event_id`, `evidence_sources`, `report`,
/// `report_missing_reason`, `killed_monotonic_s`, `detected_monotonic_s`,
/// `cgroup_at_kill` {path, limit_bytes, usage_bytes, oom_kill, oom}. A summary is {"type":"summary", kills, events, updates,
/// counter_only_events, first_detected_at, last_detected_at, detected_at,
/// kills_by_cgroup_owner {"kind:id": n}, kills_by_comm {comm: n}, summary}.
[[nodiscard]] nlohmann::json watch_event_json(const WatchEvent& w);

/// One human line without newline: `<time>  <summary>` for events,
/// `<time>  update: …` for updates, in the user's language (the stored
/// English retranslated: util/i18n.h).
[[nodiscard]] std::string watch_event_line(const WatchEvent& w);

/// Environment for --exec: OOMLENS_TYPE, OOMLENS_EVIDENCE, OOMLENS_KIND,
/// OOMLENS_CONSTRAINT, OOMLENS_PID, OOMLENS_COMM, OOMLENS_ANON_RSS_BYTES,
/// OOMLENS_CGROUP, OOMLENS_OWNER_KIND, OOMLENS_OWNER, OOMLENS_KILLS,
/// OOMLENS_KMSG_SEQ, OOMLENS_HOST, OOMLENS_BOOT_ID, OOMLENS_SUMMARY
/// (values stripped of control characters; absent when unknown).
[[nodiscard]] std::vector<std::pair<std::string, std::string>> watch_event_env(const WatchEvent& w);

/// The event as served on the daemon's /events: without the task table
/// (size) and with any command-line field (`cmdline`, `command_line`,
/// `argv`, at any depth) replaced by "[redacted]": command lines can hold
/// secrets. The kernel report itself prints only comm names.
[[nodiscard]] nlohmann::json redact_event_json(nlohmann::json event);

/// Explanation for a counter_only event (the explain() rules need a report).
[[nodiscard]] Explanation counter_only_explanation(const OomEvent& e, uint64_t kills);

/// Sets w.explanation to explain() in English whatever the language (it
/// goes to JSON: --json, --exec's stdin, the daemon's log and /events,
/// never translated) and, in another language, w.summary_text to the
/// summary in that language (explain()'s sentences are joined from pieces
/// no single msgid matches, so the text line explains twice rather than
/// retranslating). With `kills` (the capture's kills read before `e`): the
/// cross-event checks `victim_killed_again` and `small_kills_repeated` and
/// their advice too, as `explain` adds them (diagnose/repeat_kill.h), and
/// `e`'s kill is kept for later ones.
void explain_into(WatchEvent& w, const OomEvent& e, const ExplainContext& ctx, RecentKills* kills = nullptr);

}  // namespace oomlens::watch
