// `oomlens check`: audit the machine's OOM-related settings. Reads facts
// (check/system_facts), decides (check/audit), renders text or JSON.
#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>

#include "check/audit.h"
#include "cli/commands.h"
#include "cli/subcommand_text.h"
#include "util/i18n.h"
#include "util/message.h"

namespace oomlens::cli {

void add_check(CLI::App& app, int* status) {
  auto* cmd = declare_subcommand(app, kCheckText);
  struct Args {
    bool json = false;
    std::string root = "/";
    std::string color = "auto";
  };
  auto args = std::make_shared<Args>();
  cmd->add_flag("--json", args->json, "Machine-readable output (docs/check.md)");
  cmd->add_option("--root", args->root, "Read /proc, /sys and /dev under this directory (tests)")
      ->capture_default_str()
      ->type_name("DIR");
  cmd->add_option("--color", args->color, "auto|always|never")->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->callback([args, status] {
    auto facts = check::read_system_facts(args->root);
    if (check::facts_empty(facts)) {
      print_error("check", "nothing readable under {} (no proc/meminfo, no proc/sys/vm): is /proc mounted?", args->root);
      *status = kExitUsage;
      return;
    }
    // JSON is never translated (util/i18n.h): its titles, reasons and fixes stay English.
    std::optional<i18n::EnglishScope> english;
    if (args->json) english.emplace();
    auto findings = check::audit(facts);
    if (args->json) {
      fmt::print("{}\n", check::render_json(facts, findings).dump(2));
    } else {
      bool color = args->color == "always" ||
                   (args->color == "auto" && ::isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR"));
      fmt::print("{}", check::render_text(findings, color));
    }
    bool failed = false;
    for (const auto& f : findings) failed |= f.status == check::Status::fail;
    *status = failed ? 1 : 0;
  });
}

}  // namespace oomlens::cli
