#pragma once
// `oomlens check`: the audit, a pure function of SystemFacts, and its
// renderers. Each Finding names one setting, says PASS/WARN/FAIL, why, and
// the command that fixes it (empty when nothing needs fixing).
//
// Exit status of `oomlens check` (docs/check.md): 0 no FAIL, 1 at least one
// FAIL, 2 usage error or nothing readable under the root.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "check/system_facts.h"

namespace oomlens::check {

enum class Status { pass, warn, fail };
[[nodiscard]] const char* status_name(Status s);  ///< "PASS", "WARN", "FAIL"

struct Finding {
  std::string id;      ///< stable key, e.g. "overcommit", "swap", "dev_shm"
  Status status = Status::pass;
  std::string title;   ///< what was checked, e.g. "vm.overcommit_memory"
  std::string reason;  ///< one or two sentences with the figures
  std::string fix;     ///< a shell command (or instruction); empty for PASS
};

/// Stable order: overcommit, swap, swappiness, cgroup_limit, dev_shm,
/// kernel_log, psi, panic_on_oom, oom_kill_allocating_task, oom_dump_tasks,
/// unkillable, oom_daemons, ulimit_v. Never throws.
[[nodiscard]] std::vector<Finding> audit(const SystemFacts& facts);

/// 2 when the root gave nothing to audit (no meminfo and no vm sysctls).
[[nodiscard]] bool facts_empty(const SystemFacts& facts);

/// "PASS  title: reason\n      fix: command\n" per finding, then a count line.
[[nodiscard]] std::string render_text(const std::vector<Finding>& findings, bool color);

/// {"findings": [...], "summary": {"pass","warn","fail"}, "facts": {...}}
/// (docs/check.md). Sizes in bytes, unknown as null.
[[nodiscard]] nlohmann::json render_json(const SystemFacts& facts, const std::vector<Finding>& findings);

}  // namespace oomlens::check
