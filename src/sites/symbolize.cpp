// Native frames' function, file and line, after the run (sites/reader.h):
// addr2line (binutils) once per object, with the objects' own debug
// information. Never in the job: the preload records addresses only.
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>
#include <map>
#include <set>

#include <fmt/core.h>

#include "sites/reader.h"
#include "util/fd.h"
#include "util/launch.h"

namespace oomlens::sites {

namespace {

// addr2line -f -C -e OBJ ADDR... : two lines per address, "function" and
// "file:line" ("??" and "??:0" or "file:?" when unknown). nullopt when it
// cannot be run or does not finish within `timeout_ms`.
std::optional<std::string> run_addr2line(const std::string& object, const std::vector<uint64_t>& addrs, int timeout_ms) {
  std::vector<std::string> args = {"addr2line", "-f", "-C", "-e", object};
  for (uint64_t a : addrs) args.push_back(fmt::format("{:#x}", a));
  auto out = open_pipe(O_CLOEXEC);
  if (!out) return std::nullopt;
  const UniqueFd devnull(::open("/dev/null", O_WRONLY | O_CLOEXEC));
  // Without the preload: oomlens's own environment never carries it, but a
  // caller's might.
  auto launched = launch({.argv = args,
                          .env = environment_with({"LD_PRELOAD=", "OOMLENS_SITES_DIR="}, {}),
                          .stdout_fd = out->write.get(),
                          .stderr_fd = devnull.get()});
  out->write.reset();
  if (!launched) return std::nullopt;
  const pid_t pid = launched->pid;
  std::string text;
  timespec t0{};
  ::clock_gettime(CLOCK_MONOTONIC, &t0);
  bool timed_out = false;
  for (;;) {
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    long left = timeout_ms - ((now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000);
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{out->read.get(), POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) < 0 && errno != EINTR) break;
    char buf[65536];
    ssize_t n = ::read(out->read.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  out->read.reset();
  if (timed_out) (void)send_signal(pid, launched->pidfd.get(), SIGKILL);  // our own child, not yet reaped
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  if (timed_out) return std::nullopt;
  return text;
}

}  // namespace

bool symbolize(std::vector<ProcessSites>& tables) {
  std::map<std::string, std::set<uint64_t>> wanted;
  for (auto& t : tables)
    for (auto& s : t.stacks)
      for (auto& f : s.frames)
        if (f.object && !f.file && f.addr) wanted[*f.object].insert(f.addr);
  std::map<std::pair<std::string, uint64_t>, SiteFrame> found;
  bool ran = true;
  for (auto& [object, addrs] : wanted) {
    if (::access(object.c_str(), R_OK) != 0) continue;
    std::vector<uint64_t> list;
    for (uint64_t a : addrs) list.push_back(a - 1);  // a return address: the call is just before it
    auto text = run_addr2line(object, list, 4000);
    if (!text) {
      ran = false;
      continue;
    }
    size_t pos = 0;
    for (uint64_t a : addrs) {
      auto e1 = text->find('\n', pos);
      if (e1 == std::string::npos) break;
      std::string fn = text->substr(pos, e1 - pos);
      auto e2 = text->find('\n', e1 + 1);
      if (e2 == std::string::npos) break;
      std::string loc = text->substr(e1 + 1, e2 - e1 - 1);
      pos = e2 + 1;
      SiteFrame r;
      if (fn != "??") r.function = fn;
      if (auto d = loc.find(" (discriminator"); d != std::string::npos) loc.resize(d);
      auto colon = loc.rfind(':');
      if (colon != std::string::npos && loc.substr(0, colon) != "??") {
        r.file = loc.substr(0, colon);
        int line = std::atoi(loc.c_str() + colon + 1);
        if (line > 0) r.line = line;
      }
      found[{object, a}] = std::move(r);
    }
  }
  for (auto& t : tables)
    for (auto& s : t.stacks)
      for (auto& f : s.frames) {
        if (!f.object) continue;
        auto it = found.find({*f.object, f.addr});
        if (it == found.end()) continue;
        if (it->second.function) f.function = it->second.function;
        if (it->second.file) f.file = it->second.file;
        if (it->second.line) f.line = it->second.line;
      }
  return ran;
}

}  // namespace oomlens::sites
