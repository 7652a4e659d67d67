// `oomlens explain`: find every OOM report in kernel logs and explain it.
#include <fmt/core.h>

#include "cli/commands.h"

namespace oomlens::cli {

void add_explain(CLI::App& app, int* status) {
  auto* cmd = app.add_subcommand("explain", "Find every OOM report in kernel logs and explain it");
  cmd->callback([status]() { *status = 1; });
}

}  // namespace oomlens::cli
