#pragma once
// The parts of one event's card on the log page (render/log_page.h).
#include <string>

#include "diagnose/explain.h"
#include "kernel_log/oom_event.h"
#include "render/log_page.h"

namespace oomlens::render {

/// The summary sentence, the victims (pid, comm, anon-rss), the checks
/// with their figures (name value, as in the JSON) and the advice.
[[nodiscard]] std::string event_body_html(const OomEvent& event, const Explanation* explanation);
/// The victim against the rest of the task table by application; memcg
/// usage against its limit; the Mem-Info zones' free against min.
[[nodiscard]] std::string breakdown_html(const OomEvent& event);
/// The raw lines in a <details id="raw-INDEX">, cut to `budget` bytes
/// (kill lines kept, the middle elided with a note).
[[nodiscard]] std::string raw_lines_html(const OomEvent& event, const RawLines& raw, size_t index, size_t budget);

}  // namespace oomlens::render
