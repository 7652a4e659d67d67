// `oomlens top`: who the kernel would kill next (top/snapshot.h). Live
// ncurses view, or one snapshot as text (--once) or JSON (--json).
#include <fmt/core.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <ctime>
#include <memory>

#include "cli/commands.h"
#include "cli/subcommand_text.h"
#include "top/render.h"
#include "top/snapshot.h"
#include "top/ui.h"
#include "util/exit_status.h"
#include "util/message.h"
#include "util/sanitize.h"

namespace oomlens::cli {

void add_top(CLI::App& app, int* status) {
  auto* cmd = declare_subcommand(app, kTopText);
  struct Args {
    bool once = false, json = false, group = false, tree = false, no_gpu = false;
    std::string filter;
    size_t limit = 20;
    double interval_s = 1.0;
    std::string root = "/";
  };
  auto a = std::make_shared<Args>();
  cmd->add_flag("--once", a->once, "Print one snapshot as a text table and exit");
  cmd->add_flag("--json", a->json, "Print one snapshot as JSON and exit (docs/top.md)");
  auto* group = cmd->add_flag("-g,--group", a->group, "Group processes by application (same comm; parent/sibling/same cgroup)");
  cmd->add_flag("-t,--tree", a->tree, "Show processes as a tree: workers under the process that started them")
      ->excludes(group);
  cmd->add_option("-f,--filter", a->filter,
                  "Show only processes whose command, pid, user or cgroup contains TEXT (case-insensitive)")
      ->type_name("TEXT");
  cmd->add_option("-n,--limit", a->limit, "Rows in --once/--json output (0 = all)")
      ->check(CLI::Range(size_t{0}, size_t{1000000}))  // a bound a user can read (not 1.8e308 in digits)
      ->capture_default_str();
  cmd->add_option("-d,--interval", a->interval_s, "Seconds between refreshes of the live view")
      ->check(CLI::Range(0.2, 60.0))
      ->capture_default_str();
  cmd->add_flag("--no-gpu", a->no_gpu, "Do not try NVML (libnvidia-ml.so.1)");
  cmd->add_option("--root", a->root, "Read /proc and /sys under this directory (tests)")
      ->capture_default_str()
      ->type_name("DIR");
  cmd->callback([a, status] {
    top::SnapshotBuilder::Options o;
    o.root = a->root;
    o.gpu = !a->no_gpu;
    if (!a->once && !a->json && !::isatty(STDOUT_FILENO)) {
      print_error("top", "standard output is not a terminal: use --once or --json");
      *status = kExitUsage;
      return;
    }
    top::SnapshotBuilder builder(o);
    if (a->once || a->json) {
      auto snap = builder.tick();
      if (!snap.rows.empty() && !a->filter.empty()) {
        top::filter_rows(snap.rows, a->filter, static_cast<int>(::getpid()));
        if (snap.rows.empty()) {
          print_error("top", "no process matches the filter '{}'", printable(a->filter));
          *status = kExitTopNoMatch;
          return;
        }
      }
      if (a->tree) top::tree_order(snap.rows);
      if (snap.rows.empty()) {
        print_error("top", "no processes readable under {}/proc", a->root == "/" ? "" : a->root);
        *status = kExitUsage;
        return;
      }
      timespec ts{};
      clock_gettime(CLOCK_MONOTONIC, &ts);
      const double now = double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
      if (a->group) {
        auto groups = top::group_rows(snap.rows);
        std::vector<int> pids;
        for (size_t i = 0; i < groups.size() && (a->limit == 0 || i < a->limit); ++i)
          pids.insert(pids.end(), groups[i].pids.begin(), groups[i].pids.end());
        builder.details_for(snap, pids, now, true);
      }
      builder.details(snap, 0, a->limit == 0 ? snap.rows.size() : a->limit, now, true);
      if (a->json) fmt::print("{}\n", top::render_json(snap, a->limit, a->group).dump(2));
      else {
        // On a terminal, cut lines to its width as top(1) does; in a pipe keep them whole.
        size_t width = 0;
        winsize ws{};
        if (::isatty(STDOUT_FILENO) && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) width = ws.ws_col;
        fmt::print("{}", top::render_text(snap, a->limit, a->group, width));
      }
      *status = 0;
      return;
    }
    top::UiOptions ui;
    ui.interval_s = a->interval_s;
    ui.grouped = a->group;
    ui.tree = a->tree;
    ui.filter = a->filter;
    *status = top::run_ui(builder, ui);
  });
}

}  // namespace oomlens::cli
