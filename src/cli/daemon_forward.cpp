// `oomlens daemon` in the main binary: replaces this process (execv, same
// pid) with the sibling executable `oomlens-daemon`, which holds the real
// subcommand (cli/daemon.cpp, src/daemon_main.cpp). The daemon's HTTP
// server comes from Debian's libmicrohttpd.so, which is linked with GnuTLS
// and its libraries; keeping it out of `oomlens` keeps their loading out of
// `run`, `watch`, `explain`, ...
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/subcommand_text.h"
#include "util/file.h"
#include "util/exit_status.h"
#include "util/i18n.h"
#include "util/message.h"
#include "util/result.h"
#include "util/strerror_tr.h"

namespace oomlens::cli {
namespace {

/// The directory of this executable (/proc/self/exe), with a trailing '/'.
/// Error: "readlink /proc/self/exe" with its errno (ENAMETOOLONG past 4 KiB).
Result<std::string> self_dir() {
  auto exe = own_executable();
  if (!exe) return exe.error();
  return exe->substr(0, exe->rfind('/') + 1);
}

/// Execs `oomlens-daemon ARGS...`; returns only on failure (status 125).
int exec_daemon(const std::vector<char*>& args) {
  auto dir = self_dir();
  if (!dir) {
    print_error("daemon", "cannot find the oomlens-daemon executable: {}", error_text(dir.error()));
    return kExitOwnFailure;
  }
  // Beside `oomlens` (the build tree; `make install` puts both in bin/).
  const std::string path = *dir + "oomlens-daemon";
  std::vector<char*> argv;
  argv.reserve(args.size() + 2);
  argv.push_back(const_cast<char*>(path.c_str()));
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back(nullptr);
  ::execv(path.c_str(), argv.data());
  const int err = errno;
  if (err == ENOENT)
    print_error("daemon",
                "{} not found: the daemon is a separate executable, built and installed beside oomlens "
                "(docs/daemon.md)",
                path);
  else
    print_error("daemon", "cannot run {}: {}", path, tr_strerror(err));
  return kExitOwnFailure;
}

}  // namespace

void add_daemon_forward(CLI::App& app, int* status, int argc, char** argv) {
  auto* cmd = declare_subcommand(app, kDaemonText);
  // Everything after `daemon`, --help and unknown options included, belongs
  // to oomlens-daemon: this subcommand has no help flag, accepts any
  // leftovers, and passes the original argv words on (not CLI11's
  // re-split leftovers, so `--opt=value`, `-abc` and `--` arrive as typed).
  cmd->set_help_flag();
  cmd->allow_extras();
  cmd->prefix_command();
  cmd->callback([status, argc, argv]() {
    // The first "daemon" word is the subcommand: the app's own options
    // (--help, --version) take no value and end parsing before callbacks run.
    int first = 1;
    while (first < argc && std::strcmp(argv[first], "daemon") != 0) ++first;
    std::vector<char*> rest(argv + std::min(first + 1, argc), argv + argc);
    // The language oomlens chose (--lang or the environment) goes first:
    // oomlens-daemon reads it as its own --lang (daemon_main.cpp).
    static std::string lang;
    lang = "--lang=" + i18n::language();
    rest.insert(rest.begin(), lang.data());
    *status = exec_daemon(rest);
  });
}

}  // namespace oomlens::cli
