// --budget (see budget.h).
#include "guard/budget.h"

namespace oomlens::guard {

BudgetOutcome decide_budget(uint64_t budget, std::optional<uint64_t> peak, std::optional<double> peak_t,
                            bool job_succeeded) {
  BudgetOutcome b;
  b.budget_bytes = budget;
  b.peak_tree_pss_bytes = peak;
  b.peak_t_s = peak_t;
  if (peak && *peak > budget) {
    b.exceeded = true;
    b.over_bytes = *peak - budget;
    if (job_succeeded) b.exit_code = kExitBudgetExceeded;
  }
  return b;
}

nlohmann::json budget_json(const BudgetOutcome& b) {
  using nlohmann::json;
  return {{"budget_bytes", b.budget_bytes},
          {"peak_tree_pss_bytes", b.peak_tree_pss_bytes ? json(*b.peak_tree_pss_bytes) : json(nullptr)},
          {"peak_t_s", b.peak_t_s ? json(*b.peak_t_s) : json(nullptr)},
          {"exceeded", b.exceeded},
          {"over_bytes", b.over_bytes},
          {"exit_code", b.exit_code ? json(*b.exit_code) : json(nullptr)}};
}

}  // namespace oomlens::guard
