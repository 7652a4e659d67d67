// The daemon's state file (see state_file.h).
#include "watch/state_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <nlohmann/json.hpp>

#include "util/fd.h"
#include "proc/proc.h"
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

Status write_state(const std::string& path, const DaemonState& state) {
  size_t slash = path.rfind('/');
  if (slash != std::string::npos && slash > 0) ::mkdir(path.substr(0, slash).c_str(), 0755);
  std::string body = nlohmann::json{{"boot_id", state.boot_id}, {"last_kmsg_seq", state.last_kmsg_seq}}.dump() + "\n";
  std::string tmp = path + ".tmp";
  UniqueFd fd(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644));
  if (!fd) {
    const int e = errno;
    return system_error("open " + tmp, e);
  }
  const char* failed = nullptr;
  errno = 0;
  if (::write(fd.get(), body.data(), body.size()) != static_cast<ssize_t>(body.size()))
    failed = "write ";
  else if (::close(fd.release()) != 0)
    failed = "close ";
  else if (::rename(tmp.c_str(), path.c_str()) != 0)
    failed = "rename to ";
  if (failed) {
    const int e = errno != 0 ? errno : EIO;  // a short write sets none
    ::unlink(tmp.c_str());
    return system_error(failed + (failed[0] == 'r' ? path : tmp), e);
  }
  return kOk;
}

std::optional<uint64_t> StateKeeper::resume_seq(const std::string& root) const {
  if (path_.empty()) return std::nullopt;
  auto state = read_state(path_);
  if (!state) return std::nullopt;
  // Sequence numbers restart at every boot: the saved one counts only for the same boot.
  auto boot = proc::read_boot_id(root + "/proc");
  if (!boot || *boot != state->boot_id) return std::nullopt;
  return state->last_kmsg_seq;
}

Status StateKeeper::save_if_changed(const Capture& capture) {
  if (!changed_ || !capture.safe_seq()) return kOk;
  changed_ = false;
  return save(capture);
}

Status StateKeeper::save(const Capture& capture) {
  if (path_.empty() || !capture.safe_seq() || !capture.boot_id()) return kOk;
  return write_state(path_, {*capture.boot_id(), *capture.safe_seq()});
}

}  // namespace oomlens::watch
