#pragma once
// `run --budget SIZE`: a memory regression gate for CI. A job that
// succeeded (exit 0) but whose peak tree PSS exceeded SIZE makes oomlens
// exit with kExitBudgetExceeded instead of 0; a failing job keeps its own
// status. The outcome is always recorded (verdict `budget`), with by how
// much and when.
#include <cstdint>

#include "util/exit_status.h"
#include <optional>

#include <nlohmann/json.hpp>

namespace oomlens::guard {

/// oomlens's exit status for a successful job over its --budget
/// (documented in docs/run.md; distinct from 2 usage and 125–127): util/exit_status.h.
using oomlens::kExitBudgetExceeded;

struct BudgetOutcome {
  uint64_t budget_bytes = 0;
  std::optional<uint64_t> peak_tree_pss_bytes;  ///< null: PSS was never read (the verdict says so)
  std::optional<double> peak_t_s;
  bool exceeded = false;
  uint64_t over_bytes = 0;
  std::optional<int> exit_code;  ///< set when oomlens replaces the job's 0 with kExitBudgetExceeded
};

/// Pure. `job_succeeded`: exited with status 0.
[[nodiscard]] BudgetOutcome decide_budget(uint64_t budget_bytes, std::optional<uint64_t> peak_tree_pss_bytes,
                                          std::optional<double> peak_t_s, bool job_succeeded);
[[nodiscard]] nlohmann::json budget_json(const BudgetOutcome& b);

}  // namespace oomlens::guard
