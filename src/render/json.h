#pragma once
// JSON rendering of `oomlens explain --json` (docs/schema/event.schema.json).
//
// Conventions enforced here, whatever the event holds:
//  - sizes are integer bytes; nullopt is null;
//  - integers above 2^53 are emitted as null (a JSON reader using doubles
//    would round them); a memcg limit above 2^53 bytes is page_counter's "no
//    limit" sentinel and is emitted as null with limit_state "unlimited";
//  - strings are passed through sanitize_utf8(), so dump() never throws.
#include <vector>

#include <nlohmann/json.hpp>

#include "diagnose/explain.h"
#include "kernel_log/oom_event.h"
#include "kernel_log/report_scanner.h"
#include "logsource/source.h"

namespace oomlens {

/// The version in the document's `schema_version`.
inline constexpr const char* kSchemaVersion = "1.1";

/// One element of `events`. `explanation` may be nullptr (emitted as null).
[[nodiscard]] nlohmann::json event_to_json(const OomEvent& event, const Explanation* explanation);

/// The whole document. `explanations[i]` belongs to `events[i]`; events
/// beyond explanations.size() get `"explanation": null`.
[[nodiscard]] nlohmann::json explain_document(const std::vector<OomEvent>& events,
                                              const std::vector<Explanation>& explanations,
                                              const std::vector<SourceResult>& sources,
                                              const std::vector<ParseWarning>& warnings);

}  // namespace oomlens
