// `oomlens --generate-completion bash|zsh|fish`: walks the CLI11 App that
// main() parses with (setup_app) into a CommandSpec and prints the script
// (render/completion.h). Hidden options (CLI11 group "", the test-only
// --root/--kmsg/--journal-dir) are left out, as they are from --help.
#include <fmt/core.h>

#include <cstdio>

#include "cli/commands.h"
#include "cli/daemon_options.h"
#include "render/completion.h"
#include "util/message.h"

namespace oomlens::cli {
namespace {

/// The choices of an IsMember check ("TEXT:{auto,always,never}"), or {}.
std::vector<std::string> choices_of(const std::string& type_name) {
  std::vector<std::string> out;
  const size_t open = type_name.find('{'), close = type_name.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return out;
  std::string item;
  for (char c : type_name.substr(open + 1, close - open - 1)) {
    if (c == ',') {
      out.push_back(item);
      item.clear();
    } else if (c != ' ') {
      item += c;
    }
  }
  if (!item.empty()) out.push_back(item);
  return out;
}

/// What an option's value is, from its type name (`->type_name("FILE")`,
/// CLI11's ExistingFile/ExistingDirectory checks, IsMember choices).
ValueKind value_kind(const CLI::Option& o, std::vector<std::string>* choices) {
  if (o.get_type_size_max() == 0) return ValueKind::none;
  const std::string t = o.get_type_name();
  *choices = choices_of(t);
  if (!choices->empty()) return ValueKind::choice;
  if (t == "CMD") return ValueKind::command;
  if (t.find("DIR") != std::string::npos) return ValueKind::dir;
  if (t.find("FILE") != std::string::npos || t.find("PATH") != std::string::npos) return ValueKind::file;
  return ValueKind::text;
}

CommandSpec describe(const CLI::App& app) {
  CommandSpec spec{app.get_name(), app.get_description(), {}, ValueKind::none, {}};
  for (const CLI::Option* o : app.get_options()) {
    if (o->get_group().empty()) continue;  // hidden
    std::vector<std::string> choices;
    const ValueKind kind = value_kind(*o, &choices);
    if (!o->nonpositional()) {
      spec.positional = kind == ValueKind::choice ? ValueKind::text : kind;
      continue;
    }
    OptionSpec opt{{}, kind, choices, o->get_description()};
    for (const auto& l : o->get_lnames()) opt.names.push_back("--" + l);
    for (const auto& s : o->get_snames()) opt.names.push_back("-" + s);
    spec.options.push_back(std::move(opt));
  }
  // `run`: everything from the first non-option on is the job's command.
  if (app.get_prefix_command() && spec.positional == ValueKind::none) spec.positional = ValueKind::command;
  for (const CLI::App* sub : app.get_subcommands(std::function<bool(const CLI::App*)>{}))
    spec.subcommands.push_back(describe(*sub));
  return spec;
}

}  // namespace

int print_completion(std::string_view shell_name) {
  const auto shell = parse_shell(shell_name);
  if (!shell) {
    print_error("", "--generate-completion: unknown shell '{}' (bash, zsh or fish)", shell_name);
    return kExitUsage;
  }
  CLI::App app{kAppDescription, "oomlens"};
  int status = 0;
  DaemonArgs daemon_args;
  setup_app(app, &status, [&](CLI::App& a) { add_daemon_options(a, &daemon_args); });
  fmt::print("{}", render_completion(describe(app), *shell));
  return 0;
}

}  // namespace oomlens::cli
