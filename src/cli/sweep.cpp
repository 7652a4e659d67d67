// `oomlens sweep --param NAME=V1,V2,... [options] -- CMD ... {NAME} ...`:
// run a job at a few parameter values, one at a time, each under `run`
// in its own memory cgroup; fit the peaks and say what fits (docs/sweep.md).
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fmt/core.h>

#include "cli/commands.h"
#include "cli/subcommand_text.h"
#include "diagnose/sweep_analysis.h"
#include "guard/options.h"
#include "proc/proc.h"
#include "render/drawing_file.h"
#include "render/sweep.h"
#include "supervise/job_cgroup.h"
#include "supervise/sweep.h"
#include "util/exit_status.h"
#include "util/fd.h"
#include "util/file.h"
#include "util/message.h"
#include "util/safe_open.h"
#include "util/size_option.h"
#include "util/strerror_tr.h"

namespace oomlens::cli {
namespace {

constexpr size_t kMaxPointsWithoutYes = 64;

struct SweepArgs {
  std::vector<std::string> params, predict;
  std::string for_s, grace, limit, budget, output, dir;
  std::string root = "/";  ///< where /proc/meminfo is read (MemAvailable, the default budget); the points run here
  bool json = false, yes = false;
};

std::string default_dir() {
  char buf[64];
  std::time_t t = std::time(nullptr);
  std::strftime(buf, sizeof buf, "oomlens-sweep-%Y%m%d-%H%M%S", std::localtime(&t));
  return buf;
}

}  // namespace

void add_sweep(CLI::App& app, int* status) {
  auto* cmd = declare_subcommand(app, kSweepText);
  auto a = std::make_shared<SweepArgs>();
  cmd->add_option("--param", a->params, "NAME=V1,V2,...: a parameter and its values; {NAME} in the command is "
                                        "replaced by each (repeat for more parameters: every combination runs)")
      ->type_name("NAME=V,...");
  cmd->add_option("--for", a->for_s, "end each point after this long (SIGTERM, then SIGKILL of its cgroup after "
                                     "--grace): enough to see the memory's trend");
  cmd->add_option("--grace", a->grace, "with --for: how long a point may take to end after SIGTERM (default 10s)");
  cmd->add_option("--limit", a->limit, "each point's memory cgroup limit (e.g. 2G, 80%; default 100%: a cgroup "
                                       "of its own, no tighter limit)");
  cmd->add_option("--budget", a->budget, "the memory the job may have (e.g. 16G): the largest value that fits it "
                                         "is said (default --limit, else MemAvailable)");
  cmd->add_option("--predict", a->predict, "NAME=V1,V2: predict the peaks at values that were not run")
      ->type_name("NAME=V,...");
  cmd->add_flag("--json", a->json, "print the JSON document (docs/schema/sweep.schema.json) instead of the table");
  cmd->add_option("-o,--output", a->output, "also draw the peaks against the first numeric parameter: .svg or .html")
      ->type_name("FILE");
  cmd->add_option("--dir", a->dir, "where the points' records and logs go (default oomlens-sweep-<time>)")
      ->type_name("DIR");
  cmd->add_flag("--yes", a->yes, "run a sweep of more than 64 points");
  cmd->add_option("--root", a->root, "Root of the system's files (for tests)")->group("");
  cmd->prefix_command();
  cmd->callback([cmd, a, status]() {
    std::vector<std::string> argv = cmd->remaining();
    if (argv.empty() && cmd->get_parent()) argv = cmd->get_parent()->remaining();
    if (!argv.empty() && argv.front() == "--") argv.erase(argv.begin());
    else if (!argv.empty() && argv.front().size() > 1 && argv.front()[0] == '-') {
      print_error("sweep", "unknown option '{}' (oomlens sweep --help lists them; a command that starts with '-' "
                  "goes after --)", argv.front());
      *status = kExitUsage;
      return;
    }
    auto usage = [status](const std::string& m) {
      print_error("sweep", "{}", retranslate(m));  // diagnose/sweep_plan.cpp's and guard's English
      *status = kExitUsage;
    };
    std::vector<diagnose::SweepParam> params;
    for (auto& t : a->params) {
      auto p = diagnose::parse_sweep_param(t);
      if (!p) return usage(p.error().what);
      params.push_back(*p);
    }
    auto points = diagnose::plan_sweep(params, argv);
    if (!points) return usage(points.error().what);
    supervise::SweepRunOptions ro;
    if (!a->for_s.empty()) {
      auto d = guard::parse_duration("--for", a->for_s, false);
      if (!d) return usage(d.error().what);
      ro.for_s = *d;
    }
    if (!a->grace.empty()) {
      if (!ro.for_s) return usage(tr("--grace needs --for"));
      auto d = guard::parse_duration("--grace", a->grace, false);
      if (!d) return usage(d.error().what);
      ro.grace_s = **d;
    }
    if (!a->limit.empty()) {
      if (auto spec = supervise::parse_limit_spec(a->limit); !spec) return usage(spec.error().what);
      ro.limit = a->limit;
    }
    std::optional<double> budget;
    std::string budget_source;
    if (!a->budget.empty()) {
      auto b = parse_size_option("--budget", a->budget);
      if (!b) return usage(b.error().what);  // the sentence names --budget
      budget = static_cast<double>(*b);
      budget_source = "--budget";
    }
    std::vector<std::pair<std::string, std::vector<std::string>>> predict;
    for (auto& t : a->predict) {
      auto p = diagnose::parse_sweep_param(t);
      if (!p) return usage("--predict: " + p.error().what.substr(p.error().what.find(' ') + 1));
      bool known = false;
      for (auto& q : params) known = known || q.name == p->name;
      if (!known) return usage(trf("--predict {}: no --param {} was swept", t, p->name));
      predict.emplace_back(p->name, p->values);
    }
    const auto drawing = render::drawing_format(a->output);
    if (!a->output.empty() && !drawing) return usage(trf("-o '{}': the output must end in .svg or .html", a->output));
    if (points->size() > kMaxPointsWithoutYes && !a->yes) {
      std::string how_long = ro.for_s
          ? trf("at least {:.0f} min at --for {} each, one at a time",
                        static_cast<double>(points->size()) * *ro.for_s / 60.0, a->for_s)
          : tr("each runs to its end, one at a time (--for bounds each point)");
      return usage(trf("{} points is more than {}: {}; give --yes to run them, or fewer values",
                               points->size(), kMaxPointsWithoutYes, how_long));
    }
    ro.dir = a->dir.empty() ? default_dir() : a->dir;
    if (::mkdir(ro.dir.c_str(), 0755) != 0 && errno != EEXIST) {
      print_error("sweep", "cannot create {}: {}", ro.dir, tr_strerror(errno));
      *status = kExitOwnFailure;
      return;
    }
    std::vector<diagnose::SweepPointResult> results;
    bool missing = false;
    for (size_t i = 0; i < points->size() && !supervise::sweep_interrupted(); ++i) {
      results.push_back(supervise::run_sweep_point((*points)[i], static_cast<int>(i + 1),
                                                   static_cast<int>(points->size()), ro));
      missing = missing || results.back().figures.cause.empty();
    }
    if (!budget && !a->limit.empty())
      for (auto& r : results)
        if (r.figures.limit_bytes) {
          budget = static_cast<double>(*r.figures.limit_bytes);
          budget_source = "--limit";
          break;
        }
    if (!budget)
      if (auto mi = proc::read_meminfo(join_root(a->root, "/proc")); mi && mi->mem_available_bytes) {
        budget = static_cast<double>(*mi->mem_available_bytes);
        budget_source = "MemAvailable";
      }
    diagnose::SweepAnalysisInput in{params, results, predict, budget, budget_source, 0.10};
    auto analysis = diagnose::analyze_sweep(in);
    std::string table = render::sweep_table(params, results, analysis);
    if (a->json) fmt::print("{}\n", render::sweep_json(params, results, analysis).dump(2));
    else fmt::print("{}", table);
    std::fflush(stdout);
    if (!a->output.empty()) {
      std::string svg = render::sweep_svg(params, results, analysis);
      if (svg.empty()) {
        print_error("sweep", "no numeric parameter to draw against: {} not written", a->output);
      } else {
        const std::string doc = drawing == render::DrawingFormat::html ? render::sweep_html(svg, table) : svg;
        auto f = open_output(a->output);  // never through a symlink (util/safe_open.h), as plot -o
        if (!f) {
          print_error("sweep", "cannot write {}", f.error().message());
        } else {
          UniqueFd fd(f->fd);
          if (!write_all(fd.get(), doc.data(), doc.size())) print_error("sweep", "cannot write {}", a->output);
        }
      }
    }
    *status = supervise::sweep_interrupted() ? kExitSweepInterrupted : missing ? kExitSweepPointFailed : kExitSuccess;
  });
}

}  // namespace oomlens::cli
