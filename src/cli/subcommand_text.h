#pragma once
// What `oomlens --help` says of each subcommand and the footer of its own
// --help, in one place: the list reads as the CLI's table of contents, and
// `daemon`, registered twice (the exec forwarder in `oomlens`,
// cli/daemon_forward.cpp, and the real options, cli/daemon_options.cpp),
// says the same in both. English msgids: cli/help_i18n.cpp translates them
// after registration.
#include <CLI/CLI.hpp>

#include "util/i18n.h"

namespace oomlens::cli {

struct SubcommandText {
  const char* name;
  const char* description;
  const char* footer = nullptr;  // none: --help ends with the options
};

inline constexpr SubcommandText kExplainText{
    "explain", N_("Find every OOM report in kernel logs and explain it"),
    N_("With no FILE, reads the running system's kernel log: /dev/kmsg, the journal and\n"
       "/var/log/kern.log*, /var/log/messages*, merged. FILE may be gzip-, xz- or zstd-compressed,\n"
       "a journal file or a directory of journal files; - is stdin.\n"
       "Exit status: 0 events found, 1 none found, 2 error (bad usage or nothing readable).")};
inline constexpr SubcommandText kCheckText{
    "check", N_("Audit OOM-related settings: PASS/WARN/FAIL with the reason and the fix")};
inline constexpr SubcommandText kProtectText{
    "protect", N_("Set oom_score_adj of processes or of a command; show oom_score before and after"),
    N_("Usage: oomlens protect PID... --adj N\n       oomlens protect --adj N -- CMD [ARGS...]\nExit: PIDs: 0 all "
       "set, 1 some failed, 2 usage. CMD: its own status; 125 adj not set, 126/127 cannot run.")};
inline constexpr SubcommandText kTopText{
    "top", N_("Live view of who the OOM killer would pick next, sorted by oom_score")};
inline constexpr SubcommandText kWatchText{
    "watch", N_("Follow the kernel log and report each OOM kill as it happens"),
    N_("With the oom:mark_victim tracepoint (CAP_SYS_ADMIN; a private tracefs instance), prints each kill\n"
       "the moment it happens (evidence: tracepoint) and the kernel's report as an 'update' with the same\n"
       "event_id. Without it, prints each OOM event once its kill line has arrived and the log has been\n"
       "quiet for --quiet-ms, then an 'update' line when oom_reaper figures arrive. Kills whose log lines\n"
       "were lost are reported from the kernel's oom_kill counters (evidence: counter_only). Runs until\n"
       "SIGINT/SIGTERM.")};
inline constexpr SubcommandText kDaemonText{
    "daemon", N_("Capture every OOM kill and serve Prometheus metrics and events over HTTP"),
    N_("GET /metrics: Prometheus text exposition (computed at scrape time). GET /events[?limit=N]: recent\n"
       "events as JSON (task tables left out, command-line fields redacted). SIGHUP reopens --log;\n"
       "SIGTERM exits cleanly. See docs/daemon.md.")};
inline constexpr SubcommandText kRunText{
    "run", N_("Run a command, record its process tree's memory, and say why it ended"),
    N_("Everything after the options (or after --) is the command. Exit status: the job's own "
       "(a job killed by a signal makes oomlens die of the same signal); 125 oomlens failed, "
       "126 the command cannot be run, 127 it was not found, 2 usage error, 3 the job succeeded but exceeded "
       "--budget, 75 (EX_TEMPFAIL) the guard's --action stopped the job (unless --keep-job-status). "
       "Thresholds compare the job's working set (usage - inactive file cache) with its effective limit "
       "(the tightest cgroup limit up the tree, or what the machine can still give). With --pid: the job's own "
       "when oomlens saw it (as a zombie), SIGKILL when a kernel OOM report names it, else 0 after the "
       "verdict; 125 when PID does not exist or its memory may not be read; SIGINT/SIGTERM/SIGHUP/SIGQUIT "
       "make oomlens stop following (the process is never signalled) and die of that signal.")};
inline constexpr SubcommandText kReportText{"report", N_("Print the summary and verdict of a run record")};
inline constexpr SubcommandText kPlotText{"plot", N_("Draw a run record as a self-contained SVG or HTML page")};
inline constexpr SubcommandText kSweepText{
    "sweep", N_("Run a job at a few parameter values, fit its peak memory, and say what fits"),
    N_("Everything after the options (or after --) is the command. Exit status: 0 every point ran (an "
       "OOM-killed point is a result), 1 some point left no verdict (its command could not be run: see its "
       "log), 2 usage error (a parameter with no values or given twice, {NAME} missing from the command, "
       "more than 64 points without --yes), 125 oomlens failed, 130 interrupted.")};

/// Adds the subcommand `text` names, with its description and footer.
inline CLI::App* declare_subcommand(CLI::App& app, const SubcommandText& text) {
  CLI::App* cmd = app.add_subcommand(text.name, text.description);
  if (text.footer) cmd->footer(text.footer);
  return cmd;
}

}  // namespace oomlens::cli
