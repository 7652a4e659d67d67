// `oomlens run [options] -- CMD ARGS...`: supervise a job, record its
// process tree's memory, say why it died (docs/run.md).
#include <ctime>
#include <fmt/core.h>

#include "cli/commands.h"
#include "cli/run_restart.h"
#include "cli/subcommand_text.h"
#include "guard/budget.h"
#include "guard/options.h"
#include "run/job_env.h"
#include "run/restart.h"
#include "run/session.h"
#include "supervise/job_cgroup.h"
#include "util/i18n.h"
#include "util/message.h"

namespace oomlens::cli {

void add_run(CLI::App& app, int* status) {
  auto* cmd = declare_subcommand(app, kRunText);
  struct Opts {
    std::string record, verdict_json, limit;
    bool allow_swap = false, no_sparkline = false, capture_tty = false, sites = false;
    int pid = 0;
    double linger_s = 30, pss_min_s = 2;
  };
  auto o = std::make_shared<Opts>();
  auto g = std::make_shared<guard::GuardArgs>();
  cmd->add_option("--record", o->record, "JSON Lines record to write (default oomlens-<cmd>-<time>.jsonl)")
      ->type_name("FILE");
  cmd->add_option("--verdict-json", o->verdict_json, "also write the verdict alone to this file")->type_name("FILE");
  cmd->add_option("--limit", o->limit, "run the job in a new memory cgroup with this limit (e.g. 64M, 32G, 80%)");
  cmd->add_flag("--allow-swap", o->allow_swap, "with --limit: do not cap swap");
  cmd->add_option("--linger", o->linger_s, "seconds to follow orphaned workers after the main process ends")
      ->check(CLI::Range(0.0, 3600.0));
  cmd->add_option("--pss-interval", o->pss_min_s, "minimum seconds between smaps_rollup (PSS) passes")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_flag("--no-sparkline", o->no_sparkline, "end the summary without the sparkline");
  cmd->add_option("--pid", o->pid,
                  "attach to the running process PID and its descendants instead of starting a command "
                  "(never signalled; its exit status is known only if seen as a zombie: docs/run.md)");
  cmd->add_flag("--capture-tty", o->capture_tty,
                "run the job on a pseudo-terminal: its terminal output passes through unchanged and the last "
                "64 KiB are kept for the verdict (for a job whose stderr is a terminal)");
  // The guard (docs/run.md, "Early warning and action"). Parsed by
  // guard/options.h so errors name the option and say why.
  cmd->add_option("--warn", g->warn, "warn when the working set reaches this share of the effective limit (default 85%)");
  cmd->add_option("--forecast", g->forecast, "...or when the forecast time to the limit drops below this (default 10s; off)");
  cmd->add_option("--act", g->act, "act when the working set reaches this share (default 95%)");
  cmd->add_option("--act-forecast", g->act_forecast, "...or when the forecast time to the limit drops below this (default 2s; off)");
  cmd->add_option("--action", g->action, "term|int|usr1|usr2|kill|exec:CMD|none (default none): signal the job's main process, "
                                         "or run CMD (no shell; OOMLENS_JOB_PID etc. in its environment)");
  cmd->add_option("--grace", g->grace, "after the action, SIGKILL the job's tree if memory still rose after this long (default 30s)");
  cmd->add_option("--budget", g->budget, "fail a successful job (exit 3) whose peak tree PSS exceeded SIZE (e.g. 500M)");
  cmd->add_flag("--py-stacks", g->py_stacks, "Python job: record every thread's traceback at the warning and the action");
  cmd->add_flag("--keep-job-status", g->keep_job_status,
                "after the guard stopped the job, end with the job's own status instead of 75 (EX_TEMPFAIL)");
  cmd->add_flag("--sites", o->sites,
                "record allocation sites (Python or native stacks) in every process of the job through a preloaded "
                "library; the summary and the verdict's peak_sites name those live at each process's peak");
  cmd->add_flag("--py-tracemalloc", g->py_tracemalloc, "Python job: run tracemalloc from the start, record the top allocation sites at the warning");
  // --restart-on-oom and its options (cli/run_restart.h, run/restart.h).
  auto rs = std::make_shared<RestartArgs>();
  add_restart_options(cmd, *rs);
  // Everything from the first non-option on is the job's argv. CLI11 hands
  // a subcommand's leftovers up to its parent, which must accept them;
  // `explain` was added before and does not inherit this.
  cmd->prefix_command();
  app.allow_extras();
  cmd->callback([cmd, o, g, rs, status]() {
    std::vector<std::string> argv = cmd->remaining();
    if (argv.empty() && cmd->get_parent()) argv = cmd->get_parent()->remaining();
    if (!argv.empty() && argv.front() == "--") {
      argv.erase(argv.begin());
    } else if (!argv.empty() && argv.front().size() > 1 && argv.front()[0] == '-') {
      // An option run does not know, before any command: a typo, not a
      // program called "--unknown-flag" (a command starting with '-' goes after --).
      print_error("run", "unknown option '{}' (oomlens run --help lists them; a command that starts with '-' goes "
                  "after --)", argv.front());
      *status = kExitUsage;
      return;
    }
    const bool attach = cmd->count("--pid") > 0;
    if (attach) {
      std::string bad = !argv.empty()        ? tr("a command (--pid follows a process that is already running)")
                        : !o->limit.empty()  ? tr("--limit (a running process cannot be moved into a new cgroup: "
                                                  "v1 would not move the memory it already uses)")
                        : o->capture_tty     ? tr("--capture-tty (the process already has its terminal)")
                        : o->sites           ? tr("--sites (a library cannot be preloaded into a running process)")
                        : o->pid <= 0        ? tr("a pid that is not positive")
                        : !g->action.empty() && g->action != "none"
                            ? tr("--action (oomlens never signals a process it did not start; warnings still work)")
                        : !g->budget.empty() ? tr("--budget (the exit status of a process oomlens did not start is not its to change)")
                        : rs->given          ? tr("--restart-on-oom (oomlens cannot start a process it did not start)")
                                             : "";
      if (!bad.empty()) {
        print_error("run", "--pid cannot be used with {}", bad);
        *status = kExitUsage;
        return;
      }
    } else if (argv.empty()) {
      print_error("run", "no command given (usage: oomlens run [options] -- CMD ARGS...)");
      *status = kExitUsage;
      return;
    }
    // The options, built once for a started and an attached job alike
    // (what --pid refuses above is unset here).
    run::RunOptions ro;
    ro.argv = argv;
    if (attach) ro.attach_pid = o->pid;
    ro.record_path_is_default = o->record.empty();
    ro.record_path = !o->record.empty() ? o->record
                     : run::default_record_name(attach ? "pid" + std::to_string(o->pid) : argv[0], std::time(nullptr));
    if (!o->verdict_json.empty()) ro.verdict_json_path = o->verdict_json;
    if (!o->limit.empty()) {
      auto spec = supervise::parse_limit_spec(o->limit);
      if (!spec) {
        print_error("run", spec.error());  // retranslated: supervise/ writes it in English
        *status = kExitUsage;
        return;
      }
      ro.limit = *spec;
    }
    auto gopts = guard::make_guard_options(*g);
    if (!gopts) {
      print_error("run", "{}", retranslate(gopts.error().what));
      *status = kExitUsage;
      return;
    }
    ro.guard = *gopts;
    ro.allow_swap = o->allow_swap;
    ro.capture_tty = o->capture_tty;
    ro.sites = o->sites;
    ro.linger_s = o->linger_s;
    ro.pss_min_s = o->pss_min_s;
    ro.sparkline = !o->no_sparkline;
    if (attach) {
      *status = run::run_job(ro);
      return;
    }
    auto policy = make_restart_policy(*rs, ro.limit.has_value());
    if (!policy) {
      print_error("run", "{}", retranslate(policy.error().what));
      *status = kExitUsage;
      return;
    }
    if (rs->given) {
      *status = run::run_with_restarts(ro, *policy);
      return;
    }
    run::set_job_environment(1, ro.guard.action, std::nullopt);
    *status = run::run_job(ro);
  });
}

}  // namespace oomlens::cli
