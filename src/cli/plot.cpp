// `oomlens plot FILE.jsonl -o run.svg|run.html`: memory over time.
#include <fmt/core.h>

#include <fstream>

#include "cli/commands.h"
#include "monitor/record.h"
#include "render/plot.h"
#include "util/exit_status.h"
#include "util/message.h"

namespace oomlens::cli {

void add_plot(CLI::App& app, int* status) {
  auto* cmd = app.add_subcommand("plot", "Draw a run record as a self-contained SVG or HTML page");
  cmd->allow_extras(false);  // the app allows extras for `run` only
  auto file = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  cmd->add_option("record", *file, "record written by `oomlens run` (.jsonl)")->required()->type_name("FILE");
  cmd->add_option("-o,--output", *out, "output file: .svg or .html")->required()->type_name("FILE");
  cmd->callback([file, out, status]() {
    std::string err;
    auto rec = monitor::read_record(*file, &err);
    if (!rec) {
      print_error("plot", "{}", err);
      *status = kExitUsage;
      return;
    }
    if (rec->samples.empty()) {
      print_error("plot", "{} has no samples to draw", *file);
      *status = kExitUsage;
      return;
    }
    bool html = out->size() >= 5 && out->substr(out->size() - 5) == ".html";
    std::string svg = render::plot_svg(*rec);
    std::string doc = html ? render::plot_html(*rec, svg) : svg;
    std::ofstream f(*out, std::ios::binary | std::ios::trunc);
    f << doc;
    if (!f.flush()) {
      print_error("plot", "cannot write {}", *out);
      *status = kExitUsage;
      return;
    }
    for (auto& n : rec->notes) print_error("plot", "record: {}", n);
    *status = 0;
  });
}

}  // namespace oomlens::cli
