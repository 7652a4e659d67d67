// oomlens-daemon: the `oomlens daemon` subcommand as its own executable
// (`oomlens daemon ARGS...` execs `oomlens-daemon ARGS...`, same pid; see
// cli/daemon_forward.cpp for why it is separate). It parses its arguments as
// `oomlens daemon ARGS...`, so help, messages and exit statuses are the same
// whichever way it is started.
#include <CLI/CLI.hpp>

#include <vector>

#include "cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{oomlens::cli::kAppDescription, "oomlens"};
  app.require_subcommand(1);
  int status = 0;
  oomlens::cli::add_daemon(app, &status);
  std::vector<const char*> args;
  args.reserve(static_cast<size_t>(argc) + 1);
  args.push_back("oomlens");
  args.push_back("daemon");
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  try {
    app.parse(static_cast<int>(args.size()), args.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);  // prints the message
    return oomlens::cli::kExitUsage;
  }
  return status;
}
