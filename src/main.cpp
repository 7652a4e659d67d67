// oomlens: why was my job Killed? Entry point: parses the subcommand and
// hands over to cli/<subcommand>.cpp.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cstdio>

#include "cli/commands.h"
#include "version.h"

int main(int argc, char** argv) {
  CLI::App app{"oomlens: find, explain and prevent out-of-memory kills on Linux", "oomlens"};
  app.set_version_flag("--version", std::string("oomlens ") + OOMLENS_VERSION);
  app.require_subcommand(1);
  int status = 0;
  oomlens::cli::add_explain(app, &status);
  oomlens::cli::add_check(app, &status);
  oomlens::cli::add_protect(app, &status);
  oomlens::cli::add_top(app, &status);
  oomlens::cli::add_watch(app, &status);
  oomlens::cli::add_daemon_forward(app, &status, argc, argv);  // execs oomlens-daemon
  oomlens::cli::add_run(app, &status);  // last: see commands.h
  oomlens::cli::add_report(app, &status);
  oomlens::cli::add_plot(app, &status);
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
