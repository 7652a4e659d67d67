// --help in the user's language (issue 19): every description, footer and
// group name registered in cli/*.cpp goes through the catalogue once, after
// registration, so the subcommands' files keep plain English strings
// (scripts/update-pot.sh extracts them as add_option's 3rd, add_flag's 3rd,
// add_subcommand's 2nd and footer's 1st argument). CLI11's own words (Usage,
// OPTIONS, REQUIRED, TEXT…) are the formatter's labels.
#include <CLI/CLI.hpp>
#include <fmt/args.h>
#include <fmt/core.h>

#include <cstdio>
#include <regex>

#include "cli/commands.h"
#include "cli/help_i18n.h"
#include "util/i18n.h"

namespace oomlens::cli {
namespace {

std::string tr_string(const std::string& s) { return s.empty() ? s : std::string(tr(s.c_str())); }

void translate_app(CLI::App& app) {
  app.description(tr_string(app.get_description()));
  app.footer(tr_string(app.get_footer()));
  if (app.get_parent() && !app.get_group().empty()) app.group(tr_string(app.get_group()));
  for (CLI::Option* o : app.get_options([](const CLI::Option*) { return true; })) {
    o->description(tr_string(o->get_description()));
    if (!o->get_group().empty()) o->group(tr_string(o->get_group()));
  }
  for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) translate_app(*sub);
}

/// CLI11's usage-error sentences (CLI/Error.hpp) as patterns: the captured
/// names and values go into the translation's {} in order.
struct ErrorPattern {
  const char* regex;
  const char* msgid;
};
constexpr ErrorPattern kErrorPatterns[] = {
    {"A subcommand is required", N_("A subcommand is required")},
    {"(.+) is required", N_("{} is required")},
    {"The following arguments? (?:were|was) not expected: (.*)", N_("The following arguments were not expected: {}")},
    {"Could not convert: (.+) = (.*)", N_("Could not convert: {} = {}")},
    {"The value (.+) is not an allowed value for (.+)", N_("The value {} is not an allowed value for {}")},
    {"(.+) requires (.+)", N_("{} requires {}")},
    {"(.+) excludes (.+)", N_("{} excludes {}")},
    {"Expected exactly (\\d+) arguments? to (.+), got (\\d+)", N_("Expected exactly {} arguments to {}, got {}")},
    {"Expected at least (\\d+) arguments? to (.+), got (\\d+)", N_("Expected at least {} arguments to {}, got {}")},
    {"(.+) not found", N_("{} not found")},
    {"(.+): too many inputs for a flag", N_("{}: too many inputs for a flag")},
};

std::string translate_error(const std::string& what) {
  std::smatch m;
  for (const ErrorPattern& p : kErrorPatterns) {
    if (!std::regex_match(what, m, std::regex(p.regex))) continue;
    std::vector<std::string> parts;
    for (size_t i = 1; i < m.size(); ++i) parts.push_back(m[i].str());
    fmt::dynamic_format_arg_store<fmt::format_context> args;
    for (const auto& part : parts) args.push_back(part);
    try {
      return fmt::vformat(tr(p.msgid), args);
    } catch (const std::runtime_error&) {
      return what;
    }
  }
  return what;
}

}  // namespace

void print_parse_error(CLI::App& app, const CLI::ParseError& e) {
  if (i18n::language() == "en") {
    app.exit(e);
    return;
  }
  std::fprintf(stderr, "%s\n%s\n", translate_error(e.what()).c_str(), tr("Run with --help for more information."));
}

void translate_help(CLI::App& app) {
  if (i18n::language() == "en") return;
  auto f = app.get_formatter();
  for (const char* label : {N_("Usage"), N_("OPTIONS"), N_("Positionals"), N_("SUBCOMMAND"), N_("SUBCOMMANDS"),
                            N_("REQUIRED"), N_("Env"), N_("Needs"), N_("Excludes"), N_("TEXT"), N_("INT"),
                            N_("UINT"), N_("FLOAT"), N_("BOOLEAN"), N_("FILE"), N_("DIR"), N_("PATH")})
    f->label(label, tr(label));
  // For the catalogue: kAppDescription (cli/commands.h) and CLI11's default words.
  (void)N_("oomlens: find, explain and prevent out-of-memory kills on Linux");
  (void)N_("Options");
  (void)N_("Subcommands");
  (void)N_("Print this help message and exit");
  (void)N_("Display program version information and exit");
  translate_app(app);
}

}  // namespace oomlens::cli
