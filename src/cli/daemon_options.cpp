// `oomlens daemon`'s options (docs/daemon.md); see daemon_options.h.
#include "cli/daemon_options.h"
#include "cli/subcommand_text.h"

namespace oomlens::cli {

CLI::App* add_daemon_options(CLI::App& app, DaemonArgs* args) {
  auto* cmd = declare_subcommand(app, kDaemonText);
  cmd->add_option("--listen", args->listen,
                  "ADDRESS:PORT to serve on, a literal IP address (port 0: any free port, printed at start)");
  cmd->add_flag("--listen-public", args->listen_public,
                "Allow --listen on an address other machines can reach (no authentication: restrict who can)");
  cmd->add_flag("--no-events", args->no_events,
                "Do not serve /events (it shows host, comm, pid, uid, cgroup paths and container ids)");
  cmd->add_option("--log", args->log, "Append each event as one JSON line to FILE (reopened on SIGHUP)")
      ->type_name("FILE");
  cmd->add_option("--state", args->state, "State file: boot id + last kmsg sequence number counted")->type_name("FILE");
  cmd->add_flag("--no-state", args->no_state, "Keep no state file (a restart counts the ring's reports again)");
  add_tracepoints_flag(cmd, args);
  cmd->add_option("--keep-events", args->keep_events, "Recent events served on /events")->check(CLI::Range(1, 10000));
  cmd->add_option("--max-series", args->max_series, "Bound on oomlens_oom_kills_total label sets")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--quiet-ms", args->quiet_ms,
                  "Quiet window after a kill line before the event counts (the kernel prints a report in one burst)")
      ->check(CLI::Range(10, 60000));
  add_capture_options(cmd, args);
  return cmd;
}

}  // namespace oomlens::cli
