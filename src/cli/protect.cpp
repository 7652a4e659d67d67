// `oomlens protect PID... --adj N` and `oomlens protect --adj N -- CMD...`:
// set oom_score_adj and show oom_score before and after (protect/protect.h).
#include <algorithm>
#include <fmt/core.h>

#include <cstdio>
#include <unistd.h>
#include <memory>

#include "cgroup/cgroup.h"
#include "cli/commands.h"
#include "cli/subcommand_text.h"
#include "proc/proc.h"
#include "protect/protect.h"
#include "util/message.h"

namespace oomlens::cli {
namespace {

// The arguments that follow the first "--" after "protect" in this
// process's command line. CLI11 folds everything after "--" into the
// positionals (or, since the app allows extras for `run`, into the app's
// leftovers) and does not say where the marker was.
std::vector<std::string> args_after_marker() {
  const std::vector<std::string> argv = proc::read_cmdline_args(::getpid());
  bool seen_cmd = false;
  for (size_t i = 1; i < argv.size(); ++i) {
    if (!seen_cmd && argv[i] == "protect") seen_cmd = true;
    else if (seen_cmd && argv[i] == "--") return {argv.begin() + static_cast<long>(i) + 1, argv.end()};
  }
  return {};
}

}  // namespace

void add_protect(CLI::App& app, int* status) {
  auto* cmd = declare_subcommand(app, kProtectText);
  struct Args {
    std::string adj;
    std::vector<std::string> positionals;
    bool quiet = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("--adj", a->adj, "oom_score_adj, -1000 (never kill) .. 1000 (kill first)")->required();
  cmd->add_option("args", a->positionals, "PIDs, or after -- the command to run");
  cmd->add_flag("-q,--quiet", a->quiet, "CMD mode: do not print the before/after line");
  cmd->callback([a, status] {
    auto adj = protect::parse_adj(a->adj);
    if (!adj) {
      print_error("protect", "--adj {}: must be an integer from -1000 to 1000", a->adj);
      *status = kExitUsage;
      return;
    }
    const std::vector<std::string> command = args_after_marker();
    std::vector<std::string> pids_text = a->positionals;
    // Where CLI11 put the command into the positionals, take it out again.
    if (!command.empty() && pids_text.size() >= command.size() &&
        std::equal(command.begin(), command.end(), pids_text.end() - static_cast<long>(command.size())))
      pids_text.resize(pids_text.size() - command.size());
    if (!pids_text.empty() && !command.empty()) {
      print_error("protect", "give either PIDs or -- CMD, not both");
      *status = kExitUsage;
      return;
    }
    protect::ProcAdjIo io;
    if (!command.empty()) {
      *status = protect::run_with_adj(io, *adj, command, a->quiet);
      return;
    }
    if (pids_text.empty()) {
      print_error("protect", "no PID given (usage: oomlens protect PID... --adj N, or --adj N -- CMD)");
      *status = kExitUsage;
      return;
    }
    std::vector<int> pids;
    for (const auto& t : pids_text) {
      auto p = protect::parse_pid(t);
      if (!p) {
        print_error("protect", "'{}' is not a PID (a positive integer); to run a command, put it after --", t);
        *status = kExitUsage;
        return;
      }
      pids.push_back(*p);
    }
    int rc = 0;
    for (int pid : pids) {
      auto o = protect::protect_pid(io, pid, *adj);
      if (o.ok) {
        fmt::print("{}\n", protect::render_outcome(o));
      } else {
        print_error("protect", "{}", protect::render_outcome(o));
        rc = protect::kExitSomeFailed;
      }
    }
    *status = rc;
  });
}

}  // namespace oomlens::cli
