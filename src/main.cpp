// oomlens: why was my job Killed? Entry point: parses the subcommand and
// hands over to cli/<subcommand>.cpp.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cstdio>
#include <string_view>

#include "cli/commands.h"

int main(int argc, char** argv) {
  // Hidden, for the build: completion scripts from this very parser.
  if (argc == 3 && std::string_view(argv[1]) == "--generate-completion")
    return oomlens::cli::print_completion(argv[2]);
  CLI::App app{oomlens::cli::kAppDescription, "oomlens"};
  int status = 0;
  oomlens::cli::setup_app(app, &status, [&](CLI::App& a) {
    oomlens::cli::add_daemon_forward(a, &status, argc, argv);  // execs oomlens-daemon
  });
  // The app allows extras (for run's job argv), so CLI11 would take an
  // unknown first word for an extra and say "A subcommand is required".
  auto known = [&app](const char* name) {
    const CLI::App& capp = app;
    for (const auto* sub : capp.get_subcommands([](const CLI::App*) { return true; }))
      if (sub->check_name(name)) return true;
    return false;
  };
  if (argc > 1 && argv[1][0] != '-' && !known(argv[1])) {
    fmt::print(stderr, "oomlens: unknown subcommand '{}' (oomlens --help lists them)\n", argv[1]);
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
    app.exit(e);  // prints the message
    return oomlens::cli::kExitUsage;
  }
  return status;
}
