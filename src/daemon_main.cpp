// oomlens-daemon: the `oomlens daemon` subcommand as its own executable
// (`oomlens daemon ARGS...` execs `oomlens-daemon ARGS...`, same pid; see
// cli/daemon_forward.cpp for why it is separate). It parses its arguments as
// `oomlens daemon ARGS...`, so help, messages and exit statuses are the same
// whichever way it is started.
#include <CLI/CLI.hpp>

#include <string_view>
#include <vector>

#include "cli/commands.h"
#include "cli/help_i18n.h"
#include "util/i18n.h"

int main(int argc, char** argv) {
  oomlens::i18n::init(argc, argv);  // the language, as `oomlens` chose it (--lang, the environment)
  CLI::App app{oomlens::cli::kAppDescription, "oomlens"};
  app.require_subcommand(1);
  int status = 0;
  oomlens::cli::add_daemon(app, &status);
  oomlens::cli::translate_help(app);
  std::vector<const char*> args;
  args.reserve(static_cast<size_t>(argc) + 1);
  args.push_back("oomlens");
  args.push_back("daemon");
  int i = 1;  // a leading --lang (i18n::init read it; `oomlens daemon` passes one) is not the daemon's
  if (i < argc && std::string_view(argv[i]).starts_with("--lang=")) ++i;
  else if (i + 1 < argc && std::string_view(argv[i]) == "--lang") i += 2;
  for (; i < argc; ++i) args.push_back(argv[i]);
  try {
    app.parse(static_cast<int>(args.size()), args.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    oomlens::cli::print_parse_error(app, e);
    return oomlens::cli::kExitUsage;
  }
  return status;
}
