// oomlens: why was my job Killed? Entry point: parses the subcommand and
// hands over to cli/<subcommand>.cpp.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <string_view>

#include "cli/commands.h"
#include "cli/help_i18n.h"
#include "util/i18n.h"
#include "util/message.h"
#include "util/stdout_written.h"

int main(int argc, char** argv) {
  // Hidden, for the build: completion scripts from this very parser.
  if (argc == 3 && std::string_view(argv[1]) == "--generate-completion")
    return oomlens::cli::print_completion(argv[2]);
  oomlens::i18n::init(argc, argv);
  CLI::App app{oomlens::cli::kAppDescription, "oomlens"};
  int status = 0;
  oomlens::cli::setup_app(app, &status, [&](CLI::App& a) {
    oomlens::cli::add_daemon_forward(a, &status, argc, argv);  // execs oomlens-daemon
  });
  oomlens::cli::translate_help(app);
  // The app allows extras (for run's job argv), so CLI11 would take an
  // unknown first word for an extra and say "A subcommand is required".
  auto known = [&app](const char* name) {
    const CLI::App& capp = app;
    for (const auto* sub : capp.get_subcommands([](const CLI::App*) { return true; }))
      if (sub->check_name(name)) return true;
    return false;
  };
  // The first word after the options before it (--lang X: util/i18n.h).
  int first = 1;
  while (first + 1 < argc && (std::string_view(argv[first]) == "--lang")) first += 2;
  while (first < argc && std::string_view(argv[first]).starts_with("--lang=")) ++first;
  if (first < argc && argv[first][0] != '-' && !known(argv[first])) {
    oomlens::print_error("", "unknown subcommand '{}' (oomlens --help lists them)", argv[first]);
    return oomlens::cli::kExitUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    oomlens::cli::print_parse_error(app, e);  // CLI11's message, translated
    return oomlens::cli::kExitUsage;
  }
  // What a subcommand printed and stdout lost (a full disk, /dev/full) is no
  // success: status 2 (docs/oomlens.md). Not for run and protect -- CMD,
  // whose status is the job's, nor the daemon (it writes no report there).
  const auto parsed = app.get_subcommands();
  const std::string_view name = parsed.empty() ? std::string_view() : std::string_view(parsed.front()->get_name());
  if (name != "run" && name != "protect" && name != "daemon" && !oomlens::stdout_written()) {
    oomlens::print_error(name, "cannot write to stdout");
    if (status == 0 || status == 1 || status == 3) status = oomlens::cli::kExitUsage;
  }
  return status;
}
