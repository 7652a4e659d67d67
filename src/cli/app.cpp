// The `oomlens` command line: every subcommand on one CLI11 App, shared by
// main() and the completion generator so the two cannot list different
// options.
#include <string>

#include "cli/commands.h"
#include "version.h"

namespace oomlens::cli {

void setup_app(CLI::App& app, int* status, const std::function<void(CLI::App&)>& add_daemon_cmd) {
  app.set_version_flag("--version", std::string("oomlens ") + OOMLENS_VERSION);
  app.require_subcommand(1);
  // Read before parsing by i18n::init (util/i18n.h); here for --help and completion.
  static std::string lang;
  app.add_option("--lang", lang, "Language of the text: zh_CN (Simplified Chinese) or en; default from LANGUAGE, LC_ALL, LC_MESSAGES, LANG")
      ->type_name("LANG");
  add_explain(app, status);
  add_check(app, status);
  add_protect(app, status);
  add_top(app, status);
  add_watch(app, status);
  add_daemon_cmd(app);
  add_run(app, status);  // last but for report/plot: see commands.h
  add_report(app, status);
  add_plot(app, status);
  add_sweep(app, status);
}

}  // namespace oomlens::cli
