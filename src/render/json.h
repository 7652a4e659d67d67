#pragma once
// JSON rendering of `oomlens explain --json` (docs/schema/event.schema.json).
//
// Conventions enforced here, whatever the event holds:
//  - sizes are integer bytes; nullopt is null;
//  - integers above 2^53 are emitted as null (a JSON reader using doubles
//    would round them); a memcg limit above 2^53 bytes is page_counter's "no
//    limit" sentinel and is emitted as null with limit_state "unlimited";
//  - strings are passed through sanitize_utf8(), so dump() never throws.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diagnose/explain.h"
#include "kernel_log/oom_event.h"
#include "kernel_log/report_scanner.h"
#include "logsource/source.h"

namespace oomlens {

/// The version in the document's `schema_version`.
inline constexpr const char* kSchemaVersion = "1.9";

/// One element of `events`. `explanation` may be nullptr (emitted as null).
[[nodiscard]] nlohmann::json event_to_json(const OomEvent& event, const Explanation* explanation);

/// The whole document. `explanations[i]` belongs to `events[i]`; events
/// beyond explanations.size() get `"explanation": null`.
[[nodiscard]] nlohmann::json explain_document(const std::vector<OomEvent>& events,
                                              const std::vector<Explanation>& explanations,
                                              const std::vector<SourceResult>& sources,
                                              const std::vector<ParseWarning>& warnings);

/// The document without events (`"events": []`).
[[nodiscard]] nlohmann::json explain_document_tail(const std::vector<SourceResult>& sources,
                                                   const std::vector<ParseWarning>& warnings);

/// The document written as it goes, byte for byte what explain_document()'s
/// dump(2) and a newline give: json_stream_event() for each event (`first`
/// for the first, which also opens the document), then json_stream_tail()
/// (`any_event` false: the whole document with no event).
[[nodiscard]] std::string json_stream_event(const OomEvent& event, const Explanation* explanation, bool first);
[[nodiscard]] std::string json_stream_tail(const std::vector<SourceResult>& sources,
                                           const std::vector<ParseWarning>& warnings, bool any_event);

}  // namespace oomlens
