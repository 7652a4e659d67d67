// Per-event commands (see exec.h).
#include "watch/exec.h"

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "util/fd.h"
#include "util/launch.h"
#include "util/text.h"

namespace oomlens::watch {

std::vector<std::string> split_command(std::string_view cmd) {
  std::vector<std::string> out;
  for (std::string_view tok = text::take_token(cmd); !tok.empty(); tok = text::take_token(cmd)) out.emplace_back(tok);
  return out;
}

Result<pid_t> spawn_detached(const std::vector<std::string>& argv,
                             const std::vector<std::pair<std::string, std::string>>& env, std::string_view stdin_data) {
  if (argv.empty()) return SystemError{0, "empty command"};
  UniqueFd in(::memfd_create("oomlens-event", MFD_CLOEXEC));
  if (!in) return system_error("memfd_create");
  write_all(in.get(), stdin_data.data(), stdin_data.size());  // best effort: the command reads what was written
  ::lseek(in.get(), 0, SEEK_SET);

  std::vector<std::string> set;
  for (const auto& [k, v] : env) set.push_back(k + "=" + v);
  // The daemon blocks its signals for signalfd; the child gets defaults.
  auto launched = launch({.argv = argv, .env = environment_with({"OOMLENS_"}, set), .stdin_fd = in.get()});
  if (!launched) return exec_failed(launched.error()) ? SystemError{launched.error().errnum, argv[0]} : launched.error();
  return launched->pid;
}

size_t reap_children() {
  size_t n = 0;
  int status = 0;
  while (::waitpid(-1, &status, WNOHANG) > 0) ++n;
  return n;
}

bool graphical_session() {
  const char* d = std::getenv("DISPLAY");
  const char* w = std::getenv("WAYLAND_DISPLAY");
  return (d && *d) || (w && *w);
}

std::string find_in_path(std::string_view name) {
  const char* path = std::getenv("PATH");
  std::string_view p = path ? path : "/usr/bin:/bin";
  while (!p.empty()) {
    size_t c = p.find(':');
    std::string dir(p.substr(0, c));
    p = c == std::string_view::npos ? std::string_view{} : p.substr(c + 1);
    if (dir.empty()) continue;
    std::string full = dir + "/" + std::string(name);
    if (::access(full.c_str(), X_OK) == 0) return full;
  }
  return "";
}

}  // namespace oomlens::watch
