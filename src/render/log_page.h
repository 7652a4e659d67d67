#pragma once
// The page of a whole log (`oomlens explain --html`): self-contained HTML
// (render/html.h), a pure function of the events, their explanations and
// the raw lines the CLI kept.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "diagnose/explain.h"
#include "kernel_log/oom_event.h"

namespace oomlens::render {

/// The input lines of one event's report (OomEvent::lines), numbered
/// from 1 as the scanner counts them; empty when they could not be kept
/// (stdin, the live log).
struct RawLines {
  std::vector<std::pair<uint64_t, std::string>> lines;  ///< (line number, text without '\n')
};

/// Raw lines kept for the whole page, bytes: each event gets an equal
/// share (at least 4 KiB), its kill lines always, and the middle of a long
/// report is elided with a note, so 100 events stay under 1 MB.
inline constexpr size_t kRawBudgetBytes = 450 * 1024;

/// The page: filters (time, owner, comm), a timeline of the events in
/// rows by cgroup owner and application, and per event its explanation
/// (summary, checks with their figures, advice), a breakdown (the victim
/// against the rest of the task table by application; memcg usage against
/// its limit; Mem-Info zones' free against min for a global OOM) and its
/// raw lines. `raw[i]` belongs to `events[i]` (fewer is fine).
[[nodiscard]] std::string log_page_html(const std::vector<OomEvent>& events,
                                        const std::vector<Explanation>& explanations,
                                        const std::vector<RawLines>& raw);

/// The timeline row of an event: "docker web-1 · nginx", "/kubepods/… · java",
/// "global (no memcg) · mysqld".
[[nodiscard]] std::string owner_of(const OomEvent& event);
[[nodiscard]] std::string application_of(const OomEvent& event);

}  // namespace oomlens::render
