#pragma once
// The run summary's allocation-site lines (`run --sites`), from the
// verdict's `peak_sites` and `sites` (diagnose/peak_sites.h). Pure.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace oomlens::render {

/// One frame as text: Python "train.py:41 kept.append(x)" (the source line
/// when known, else the function), native "function (file.c:12)" or
/// "function in libfoo.so".
[[nodiscard]] std::string site_frame_text(const nlohmann::json& frame, bool first);

/// Lines (without the "oomlens: " prefix) naming the top sites: the tree's
/// largest, then per process `main pid 582: 612 MiB at train.py:41 kept.append(...) ← train.py:52 main`.
/// Empty when the verdict has no `peak_sites`.
[[nodiscard]] std::vector<std::string> peak_sites_lines(const nlohmann::json& verdict, size_t per_process = 3);

}  // namespace oomlens::render
