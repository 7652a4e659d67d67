// Per-event commands (see exec.h).
#include "watch/exec.h"

#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "util/fd.h"
#include "util/text.h"

extern char** environ;

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

  std::vector<std::string> env_strings;
  for (char** e = environ; e && *e; ++e) {
    std::string_view s(*e);
    bool overridden = false;
    for (const auto& [k, v] : env) overridden |= s.size() > k.size() && s.substr(0, k.size()) == k && s[k.size()] == '=';
    if (!overridden && s.substr(0, 8) != "OOMLENS_") env_strings.emplace_back(s);
  }
  for (const auto& [k, v] : env) env_strings.push_back(k + "=" + v);
  std::vector<char*> envp;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<std::string> args = argv;
  std::vector<char*> argp;
  for (auto& a : args) argp.push_back(a.data());
  argp.push_back(nullptr);

  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in.get(), STDIN_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // The daemon blocks its signals for signalfd; the child gets defaults.
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
  pid_t pid = -1;
  int rc = posix_spawnp(&pid, argp[0], &fa, &attr, argp.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return SystemError{rc, argv[0]};
  return pid;
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
