#pragma once
// The `daemon` subcommand's options, apart from the daemon itself: the
// daemon (cli/daemon.cpp) links libmicrohttpd and lives in oomlens-daemon,
// while `oomlens --generate-completion` (cli/completion.cpp) needs the same
// option tree inside `oomlens`.
#include <CLI/CLI.hpp>

#include "cli/capture_options.h"

#include <cstddef>
#include <string>

namespace oomlens::cli {

struct DaemonArgs : CaptureArgs {
  DaemonArgs() { quiet_ms = 100; }
  std::string listen = "127.0.0.1:9177";
  bool listen_public = false;  // --listen may name a non-loopback address
  bool no_events = false;      // /events is not served
  std::string log;
  std::string state = "/var/lib/oomlens/state.json";
  bool no_state = false;
  size_t keep_events = 100;
  size_t max_series = 500;
};

/// Adds the `daemon` subcommand with its options (docs/daemon.md), bound
/// to *args, which must outlive the parse. No callback is set.
CLI::App* add_daemon_options(CLI::App& app, DaemonArgs* args);

}  // namespace oomlens::cli
