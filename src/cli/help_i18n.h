#pragma once
// Usage errors in the user's language (issue 19; cli/help_i18n.cpp).
#include <CLI/CLI.hpp>

namespace oomlens::cli {

/// Prints a usage error as app.exit(e) does (the message, then "Run with
/// --help for more information."), CLI11's wording translated (util/i18n.h).
void print_parse_error(CLI::App& app, const CLI::ParseError& e);

}  // namespace oomlens::cli
