#pragma once
// `oomlens run`'s restart options (--restart-on-oom N, --backoff,
// --restart-on, --limit-step; docs/run.md "RESTART"), kept out of
// cli/run.cpp: added with add_restart_options(), checked with
// make_restart_policy().
#include <CLI/CLI.hpp>

#include <optional>
#include <string>

#include "diagnose/restart_policy.h"

namespace oomlens::cli {

struct RestartArgs {
  int restarts = 0;
  std::string backoff, restart_on, limit_step;
  bool given = false;  ///< --restart-on-oom was on the command line
};

void add_restart_options(CLI::App* cmd, RestartArgs& args);

/// The policy, or an input_error sentence (usage error, exit 2): --restart-on-oom
/// 0 or negative, the other three without --restart-on-oom, --limit-step
/// without --limit, a malformed duration, cause set or step.
[[nodiscard]] Result<diagnose::RestartPolicy> make_restart_policy(const RestartArgs& args, bool has_limit);

}  // namespace oomlens::cli
