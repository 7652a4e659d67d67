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
#include <memory>
#include <regex>

#include "cli/commands.h"
#include "cli/help_i18n.h"
#include "util/display_width.h"
#include "util/i18n.h"

namespace oomlens::cli {
namespace {

/// CLI::detail::format_help by display width (util/display_width.h): CLI11
/// 2.1 pads the left column with std::setw, in bytes, so a column holding
/// Chinese (3 bytes, 2 columns a character) came out short.
std::string format_help_columns(std::string name, const std::string& description, size_t wid) {
  name = "  " + name;
  std::string out = pad_right(name, wid);
  if (!description.empty()) {
    if (display_width(name) >= wid) out += "\n" + std::string(wid, ' ');
    for (const char c : description) {
      out += c;
      if (c == '\n') out += std::string(wid, ' ');
    }
  }
  out += "\n";
  return out;
}

/// One piece of an option's type name (CLI::Option::get_type_name(): the
/// type, then each validator's description after ':') in the user's
/// language: a label (TEXT, INT...), a Range's "INT in [1 - 10]" or
/// "bounded to", the named validators (POSITIVE, NONNEGATIVE, NUMBER,
/// PATH(non-existing)); a set ({kmsg,journal}) as it is.
std::string type_piece(const std::string& piece) {
  static const std::regex range(R"((\w+) (in|bounded to) \[(.*) - (.*)\])");
  std::smatch m;
  if (std::regex_match(piece, m, range))
    return m[2] == "in" ? trf("{} in [{} - {}]", tr(m[1].str().c_str()), m[3].str(), m[4].str())
                        : trf("{} bounded to [{} - {}]", tr(m[1].str().c_str()), m[3].str(), m[4].str());
  (void)N_("POSITIVE");
  (void)N_("NONNEGATIVE");
  (void)N_("NUMBER");
  (void)N_("PATH(non-existing)");
  return tr(piece.c_str());
}

/// get_type_name() piece by piece (':' outside a {set}).
std::string translate_type_name(const std::string& name) {
  std::string out, piece;
  int depth = 0;
  for (const char c : name + ":") {
    if (c == '{') ++depth;
    if (c == '}') --depth;
    if (c == ':' && depth == 0) {
      if (!out.empty()) out += ':';
      out += type_piece(piece);
      piece.clear();
    } else {
      piece += c;
    }
  }
  return out;
}

/// CLI11's formatter, its option and subcommand lines aligned by display
/// width, the option column's type names translated.
class ColumnFormatter : public CLI::Formatter {
 public:
  explicit ColumnFormatter(const CLI::Formatter& base) : CLI::Formatter(base) {}
  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    return format_help_columns(make_option_name(opt, is_positional) + make_option_opts(opt), make_option_desc(opt),
                               get_column_width());
  }
  /// CLI::Formatter::make_option_opts (CLI11 2.1, Formatter.hpp) with the
  /// type name translated piece by piece: the base looks the whole name up
  /// as one label, so "INT:INT in [1 - 1000000]" stayed English.
  std::string make_option_opts(const CLI::Option* opt) const override {
    if (!opt->get_option_text().empty()) return " " + opt->get_option_text();
    std::string out;
    if (opt->get_type_size() != 0) {
      if (!opt->get_type_name().empty()) out += " " + translate_type_name(opt->get_type_name());
      if (!opt->get_default_str().empty()) out += "=" + opt->get_default_str();
      if (opt->get_expected_max() == CLI::detail::expected_max_vector_size) out += " ...";
      else if (opt->get_expected_min() > 1) out += " x " + std::to_string(opt->get_expected());
      if (opt->get_required()) out += " " + get_label("REQUIRED");
    }
    if (!opt->get_envname().empty()) out += " (" + get_label("Env") + ":" + opt->get_envname() + ")";
    if (!opt->get_needs().empty()) {
      out += " " + get_label("Needs") + ":";
      for (const CLI::Option* o : opt->get_needs()) out += " " + o->get_name();
    }
    if (!opt->get_excludes().empty()) {
      out += " " + get_label("Excludes") + ":";
      for (const CLI::Option* o : opt->get_excludes()) out += " " + o->get_name();
    }
    return out;
  }
  std::string make_subcommand(const CLI::App* sub) const override {
    return format_help_columns(sub->get_display_name(true), sub->get_description(), get_column_width());
  }
};

void set_formatter(CLI::App& app, const std::shared_ptr<CLI::FormatterBase>& f) {
  app.formatter(f);
  for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) set_formatter(*sub, f);
}

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
  bool translate_parts = false;  // a captured piece is a label of the catalogue (TEXT, INT...)
};
constexpr ErrorPattern kErrorPatterns[] = {
    {"A subcommand is required", N_("A subcommand is required")},
    {"(.+): Value (.+) not in range (.+) to (.+)", N_("{}: Value {} not in range {} to {}")},
    {"(.+): (.+) not in (\\{.*\\})", N_("{}: {} not in {}")},
    {"(.+): (\\d+) required (.+) missing", N_("{}: {} required {} missing"), true},
    {"(.+): At least (\\d+) required but received (\\d+)", N_("{}: At least {} required but received {}")},
    {"(.+): At Most (\\d+) required but received (\\d+)", N_("{}: At most {} required but received {}")},
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
    for (size_t i = 1; i < m.size(); ++i) parts.push_back(p.translate_parts ? tr(m[i].str().c_str()) : m[i].str());
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
  if (auto base = std::dynamic_pointer_cast<CLI::Formatter>(f)) set_formatter(app, std::make_shared<ColumnFormatter>(*base));
  // For the catalogue: kAppDescription (cli/commands.h) and CLI11's default words.
  (void)N_("oomlens: find, explain and prevent out-of-memory kills on Linux");
  (void)N_("Options");
  (void)N_("Subcommands");
  (void)N_("Print this help message and exit");
  (void)N_("Display program version information and exit");
  translate_app(app);
}

}  // namespace oomlens::cli
