// `oomlens plot FILE.jsonl -o run.svg|run.html`: memory over time.
#include <fmt/core.h>

#include <cstdio>
#include <string_view>

#include "cli/commands.h"
#include "cli/subcommand_text.h"
#include "monitor/record.h"
#include "render/drawing_file.h"
#include "render/plot.h"
#include "render/run_page.h"
#include "util/exit_status.h"
#include "util/fd.h"
#include "util/message.h"
#include "util/safe_open.h"

namespace oomlens::cli {

void add_plot(CLI::App& app, int* status) {
  auto* cmd = declare_subcommand(app, kPlotText);
  cmd->allow_extras(false);  // the app allows extras for `run` only
  auto file = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  cmd->add_option("record", *file, "record written by `oomlens run` (.jsonl; - reads stdin)")->required()->type_name("FILE");
  cmd->add_option("-o,--output", *out, "output file: .svg or .html (- writes SVG to stdout)")->required()->type_name("FILE");
  cmd->callback([file, out, status]() {
    // The format is the output's extension; anything else is refused
    // before reading (an SVG inside x.png would open as a broken image).
    const bool to_stdout = *out == "-";
    const auto format = render::drawing_format(*out);
    const bool html = format == render::DrawingFormat::html;
    if (!to_stdout && !format) {
      print_error("plot", "-o '{}': the output must end in .svg or .html (or be - for SVG on stdout)", *out);
      *status = kExitUsage;
      return;
    }
    auto rec = monitor::read_record(*file == "-" ? std::string("/dev/stdin") : *file);
    if (!rec) {
      print_error("plot", rec.error());
      *status = kExitUsage;
      return;
    }
    if (rec->samples.empty()) {
      print_error("plot", "{} has no samples to draw", *file);
      *status = kExitUsage;
      return;
    }
    auto data = render::run_plot_data(*rec);
    std::string doc = html ? render::run_page_html(data) : render::plot_svg(data);
    if (to_stdout) {
      // A failed write is main()'s to tell (status 2): stdio's error flag keeps it.
      *status = 0;
      if (std::fwrite(doc.data(), 1, doc.size(), stdout) != doc.size()) return;
      for (auto& n : rec->notes) print_error("plot", "record: {}", retranslate(n));
      return;
    }
    auto f = open_output(*out);  // never through a symlink (util/safe_open.h)
    if (!f) {
      print_error("plot", "cannot write {}", f.error().message());
      *status = kExitUsage;
      return;
    }
    UniqueFd fd(f->fd);
    FILE* fp = ::fdopen(fd.get(), "wb");
    if (fp) (void)fd.release();  // the FILE's now: fclose closes it
    bool written = fp && std::fwrite(doc.data(), 1, doc.size(), fp) == doc.size();
    if (fp && std::fclose(fp) != 0) written = false;
    if (!written) {
      print_error("plot", "cannot write {}", *out);
      *status = kExitUsage;
      return;
    }
    for (auto& n : rec->notes) print_error("plot", "record: {}", n);
    *status = 0;
  });
}

}  // namespace oomlens::cli
