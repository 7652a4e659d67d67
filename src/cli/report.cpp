// `oomlens report FILE.jsonl`: re-print the summary of a run record.
#include <fmt/core.h>

#include "cli/commands.h"
#include "monitor/record.h"
#include "render/record_text.h"

namespace oomlens::cli {

void add_report(CLI::App& app, int* status) {
  auto* cmd = app.add_subcommand("report", "Print the summary and verdict of a run record");
  auto file = std::make_shared<std::string>();
  auto json_out = std::make_shared<bool>(false);
  cmd->add_option("record", *file, "record written by `oomlens run` (.jsonl)")->required();
  cmd->add_flag("--json", *json_out, "print the verdict line as JSON");
  cmd->callback([file, json_out, status]() {
    std::string err;
    auto rec = monitor::read_record(*file, &err);
    if (!rec) {
      fmt::print(stderr, "oomlens report: {}\n", err);
      *status = 1;
      return;
    }
    if (!rec->header && rec->samples.empty() && !rec->verdict) {
      fmt::print(stderr, "oomlens report: {} is not an oomlens run record\n", *file);
      for (auto& n : rec->notes) fmt::print(stderr, "  {}\n", n);
      *status = 1;
      return;
    }
    if (*json_out) {
      fmt::print("{}\n", rec->verdict ? rec->verdict->dump() : "null");
    } else {
      fmt::print("{}", render::record_summary(*rec));
    }
    *status = rec->verdict ? 0 : 3;
  });
}

}  // namespace oomlens::cli
