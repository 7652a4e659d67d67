#pragma once
// One registration function per subcommand (cli/<name>.cpp). Each adds its
// subcommand and flags to the app and sets a callback that stores the exit
// status in *status.
#include <CLI/CLI.hpp>

#include <functional>
#include <string_view>

#include "util/exit_status.h"
namespace oomlens::cli {

/// Exit statuses shared by all subcommands: util/exit_status.h (docs/oomlens.md).
using oomlens::kExitUsage;

inline constexpr const char* kAppDescription = "oomlens: find, explain and prevent out-of-memory kills on Linux";

/// The whole `oomlens` command line on `app` (constructed with
/// kAppDescription, "oomlens"): --version, exactly one subcommand, every
/// subcommand in the order add_run needs (cli/app.cpp). `add_daemon_cmd`
/// adds the `daemon` subcommand: the exec forwarder in `oomlens`, the real
/// options (cli/daemon_options.h) for the completion generator.
void setup_app(CLI::App& app, int* status, const std::function<void(CLI::App&)>& add_daemon_cmd);

/// `oomlens --generate-completion SHELL` (hidden; the build runs it): prints
/// the bash, zsh or fish completion script for every subcommand and option
/// (render/completion.h). 0, or 2 for an unknown shell (cli/completion.cpp).
/// --help in the current language (util/i18n.h): every description, footer
/// and group of `app` and its subcommands, and CLI11's labels. English: no-op.
void translate_help(CLI::App& app);

int print_completion(std::string_view shell);

void add_explain(CLI::App& app, int* status);
void add_check(CLI::App& app, int* status);
void add_protect(CLI::App& app, int* status);
void add_top(CLI::App& app, int* status);
void add_watch(CLI::App& app, int* status);
/// The real `daemon` subcommand: linked only into oomlens-daemon (cli/daemon.cpp).
void add_daemon(CLI::App& app, int* status);
/// `daemon` in the main binary: execs the sibling oomlens-daemon with the
/// argv words after `daemon`, untouched (cli/daemon_forward.cpp). Needs
/// main's argc/argv, alive until parse() returns.
void add_daemon_forward(CLI::App& app, int* status, int argc, char** argv);
// Registered last: add_run lets the app pass a job's argv through
// (allow_extras), which subcommands created after it would inherit.
void add_run(CLI::App& app, int* status);
void add_report(CLI::App& app, int* status);
void add_plot(CLI::App& app, int* status);
void add_sweep(CLI::App& app, int* status);

}  // namespace oomlens::cli
