#pragma once
// The human summary of a run record: the verdict sentence, exit, peaks,
// per-process peaks, growth, limit and headroom, kernel kills, and a
// terminal sparkline of the tree's PSS. Used at the end of `oomlens run`
// (read back from the record it just wrote) and by `oomlens report`.
#include <string>
#include <vector>

#include "monitor/record.h"

namespace oomlens::render {

/// Eight-level Unicode block sparkline of `values`, resampled to `width`
/// columns (max per column); empty for no values.
[[nodiscard]] std::string sparkline(const std::vector<double>& values, size_t width = 60);

/// The summary text (ends with '\n'). Never throws on odd records: missing
/// fields are skipped, and the record's notes are listed.
[[nodiscard]] std::string record_summary(const monitor::Record& rec, bool with_sparkline = true);

/// The verdict's `peak` object as lines: the tree's PSS peak with what it
/// counts (anon+shmem, file pages, the age of its oldest PSS figure), the
/// cgroup's, and a note when the tree's PSS exceeds the cgroup's peak.
[[nodiscard]] std::vector<std::string> peak_lines(const nlohmann::json& peak);

/// The `py_tracemalloc` events as lines: when, what the snapshot could not
/// see (its note) or why there was none, and the top 3 sites by size.
[[nodiscard]] std::vector<std::string> python_findings_lines(const monitor::Record& rec);

/// A figure read from a record (a JSON number: bytes, or bytes/s) as
/// util's format_bytes() says it: "1.2 GiB", "640.0 MiB", "512 B"; with a
/// '-' when negative (a shrinking growth rate); "?" when not finite.
[[nodiscard]] std::string human_bytes(double bytes);

}  // namespace oomlens::render
