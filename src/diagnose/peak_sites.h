#pragma once
// `run --sites`: the allocation sites live at each process's peak, from
// the preload's tables (sites/reader.h), as the verdict's `peak_sites`
// (docs/schema/record.schema.json, docs/run.md "Allocation sites"). Pure.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sites/reader.h"

namespace oomlens::diagnose {

struct PeakSite {
  int pid = 0;
  std::string role;   ///< main, worker, other (monitor::role_name), or "unknown" when not in the tree
  int64_t bytes = 0;  ///< sampled live bytes of this stack at the process's peak
  std::vector<sites::SiteFrame> frames;  ///< innermost first
};

/// Per process (largest peak first; the main process first), its stacks
/// by bytes at the peak: at most `per_process`, each at least `min_share`
/// of that process's peak. `roles` maps pid to role. "[other stacks]"
/// (stack 0) is kept when large enough, with no frames.
[[nodiscard]] std::vector<PeakSite> top_peak_sites(const std::vector<sites::ProcessSites>& tables,
                                                   const std::map<int, std::string>& roles, size_t per_process = 8,
                                                   double min_share = 0.01);

/// `peak_sites` JSON: [{pid, role, bytes, frames: [{function, file, line,
/// object, source}]}]; unknown values null. `sources` maps "file:line" to
/// the text of that line (read by the caller), for `source`.
[[nodiscard]] nlohmann::json peak_sites_json(const std::vector<PeakSite>& sites,
                                             const std::map<std::string, std::string>& sources = {});

/// The verdict's `sites` object: interval, per-process totals, notes.
[[nodiscard]] nlohmann::json sites_summary_json(const std::vector<sites::ProcessSites>& tables,
                                                const std::map<int, std::string>& roles,
                                                const std::vector<std::string>& notes);

}  // namespace oomlens::diagnose
