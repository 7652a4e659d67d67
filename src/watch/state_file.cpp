// The daemon's state file (see state_file.h).
#include "watch/state_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <nlohmann/json.hpp>

#include "cgroup/cgroup.h"
#include "util/file.h"

namespace oomlens::watch {

std::optional<DaemonState> read_state(const std::string& path) {
  auto text = read_file(path);
  if (!text) return std::nullopt;
  auto j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  auto b = j.find("boot_id");
  auto s = j.find("last_kmsg_seq");
  if (b == j.end() || !b->is_string() || s == j.end() || !s->is_number_unsigned()) return std::nullopt;
  return DaemonState{b->get<std::string>(), s->get<uint64_t>()};
}

bool write_state(const std::string& path, const DaemonState& state, std::string* error) {
  size_t slash = path.rfind('/');
  if (slash != std::string::npos && slash > 0) ::mkdir(path.substr(0, slash).c_str(), 0755);
  std::string body = nlohmann::json{{"boot_id", state.boot_id}, {"last_kmsg_seq", state.last_kmsg_seq}}.dump() + "\n";
  std::string tmp = path + ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) {
    if (error) *error = tmp + ": " + std::strerror(errno);
    return false;
  }
  bool ok = ::write(fd, body.data(), body.size()) == static_cast<ssize_t>(body.size());
  ok = ::close(fd) == 0 && ok;
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    if (error) *error = path + ": " + std::strerror(errno);
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace oomlens::watch
