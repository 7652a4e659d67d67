// Memory cgroup discovery and limits (see cgroup.h).
#include "cgroup/cgroup.h"
#include "cgroup/memcg_files.h"
#include "util/fd.h"
#include "util/file.h"
#include "util/text.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstring>
#include <thread>

namespace oomlens::cgroup {
namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    size_t pos = s.find(sep, start);
    out.push_back(s.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start));
    if (pos == std::string_view::npos) break;
    start = pos + 1;
  }
  return out;
}

SystemError errno_result(const std::string& what) {
  const int e = errno;
  return system_error(what, e);
}

}  // namespace

std::vector<ProcCgroupLine> parse_proc_cgroup(std::string_view text) {
  std::vector<ProcCgroupLine> out;
  for (std::string_view line : split(text, '\n')) {
    size_t c1 = line.find(':');
    if (c1 == std::string_view::npos) continue;
    size_t c2 = line.find(':', c1 + 1);
    if (c2 == std::string_view::npos) continue;
    ProcCgroupLine l;
    auto id = line.substr(0, c1);
    if (std::from_chars(id.data(), id.data() + id.size(), l.hierarchy_id).ec != std::errc{}) continue;
    auto ctrls = line.substr(c1 + 1, c2 - c1 - 1);
    if (!ctrls.empty())
      for (auto c : split(ctrls, ',')) l.controllers.emplace_back(c);
    l.path = std::string(line.substr(c2 + 1));
    out.push_back(std::move(l));
  }
  return out;
}

std::vector<MemoryHierarchy> memory_mount_candidates(std::string_view mountinfo) {
  // mountinfo: ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTS
  std::vector<MemoryHierarchy> v1, v2;
  for (std::string_view line : split(mountinfo, '\n')) {
    auto fields = split(line, ' ');
    size_t dash = 0;
    for (size_t i = 6; i < fields.size(); ++i)
      if (fields[i] == "-") { dash = i; break; }
    if (dash == 0 || dash + 3 >= fields.size() + 1 || fields.size() < dash + 3) continue;
    std::string_view fstype = fields[dash + 1];
    std::string mount(fields[4]);
    if (fstype == "cgroup") {
      std::string_view opts = dash + 3 < fields.size() ? fields[dash + 3] : std::string_view{};
      for (auto o : split(opts, ','))
        if (o == "memory") v1.push_back({Version::v1, mount});
    } else if (fstype == "cgroup2") {
      v2.push_back({Version::v2, mount});
    }
  }
  v1.insert(v1.end(), v2.begin(), v2.end());
  return v1;
}

std::optional<MemoryHierarchy> find_memory_hierarchy(const std::string& root) {
  auto mi = read_file(join_root(root, "proc/self/mountinfo"));
  if (!mi) return std::nullopt;
  for (auto& c : memory_mount_candidates(*mi)) {
    if (c.version == Version::v1) return c;
    auto ctl = read_file(join_root(root, c.mount_point) + "/cgroup.controllers");
    if (!ctl) continue;
    for (auto w : split(*ctl, ' '))
      if (w == "memory" || w == "memory\n") return c;
  }
  return std::nullopt;
}

std::optional<std::string> memory_cgroup_in(Version v, std::string_view proc_cgroup_text) {
  for (auto& l : parse_proc_cgroup(proc_cgroup_text)) {
    bool match = false;
    if (v == Version::v2) {
      match = l.hierarchy_id == 0 && l.controllers.empty();
    } else {
      for (auto& c : l.controllers) match |= c == "memory";
    }
    if (match) return std::move(l.path);
  }
  return std::nullopt;
}

std::optional<std::string> memory_cgroup_path(const MemoryHierarchy& h, int pid, const std::string& root) {
  std::string self = pid == 0 ? "self" : std::to_string(pid);
  auto text = read_file(join_root(root, "proc/" + self + "/cgroup"));
  if (!text) return std::nullopt;
  return memory_cgroup_in(h.version, *text);
}

std::optional<std::string> memory_cgroup_dir(const MemoryHierarchy& h, int pid, const std::string& root) {
  auto path = memory_cgroup_path(h, pid, root);
  if (!path) return std::nullopt;
  return join_root(join_root(root, h.mount_point), *path);
}

Limit parse_limit(std::string_view text) {
  text = oomlens::text::trim_right(text);
  Limit l;
  if (text == "max") {
    l.unlimited = true;
    return l;
  }
  uint64_t v = 0;
  if (std::from_chars(text.data(), text.data() + text.size(), v).ec != std::errc{}) return l;
  // v1 reports "no limit" as PAGE_COUNTER_MAX pages in bytes, rounded to the
  // page size: 9223372036854771712 with 4 KiB pages. Anything at or above
  // 2^62 is no real limit on any machine.
  if (v >= (uint64_t{1} << 62)) {
    l.unlimited = true;
    return l;
  }
  l.bytes = v;
  return l;
}

Limit read_limit(Version v, const std::string& dir) {
  auto text = read_file(dir + (v == Version::v1 ? "/memory.limit_in_bytes" : "/memory.max"));
  if (!text) return {};
  return parse_limit(*text);
}

Limit tightest_limit(const MemoryHierarchy& h, const std::string& dir) {
  Limit best;
  best.unlimited = true;
  std::string d = dir;
  while (true) {
    Limit l = read_limit(h.version, d);
    if (l.bytes && (!best.bytes || *l.bytes < *best.bytes)) best = l;
    if (d.size() <= h.mount_point.size()) break;
    auto slash = d.rfind('/');
    if (slash == std::string::npos || slash < h.mount_point.size()) break;
    d.resize(slash);
  }
  return best;
}

Status enable_memory_controller(const std::string& parent) {
  const std::string ctl = parent + "/cgroup.subtree_control";
  auto have = read_file(ctl);
  if (!have) return errno_result("cannot read " + ctl);
  for (auto w : split(*have, ' '))
    if (w == "memory" || w == "memory\n") return kOk;
  if (auto r = write_file(ctl, "+memory"); !r) {
    // EBUSY: PARENT holds processes itself (the no-internal-processes rule);
    // ENOENT: PARENT's own parent does not pass the controller down.
    SystemError e = r.error();
    e.advice = "the memory controller must be enabled in " + ctl +
               "; the kernel refuses while that cgroup holds processes itself, or when its parent does not "
               "enable memory for it";
    return e;
  }
  return kOk;
}

Status create_limited(Version v, const std::string& dir, uint64_t limit_bytes, bool cap_swap) {
  if (v == Version::v2) {
    // A new v2 cgroup has memory.max only when its parent enables the
    // controller for its children: a fresh cgroup2 mount (a VM, a container
    // with a private cgroup namespace) enables none.
    auto slash = dir.rfind('/');
    if (slash != std::string::npos && slash > 0)
      if (auto r = enable_memory_controller(dir.substr(0, slash)); !r) return r;
  }
  if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) return errno_result("cannot create " + dir);
  std::string limit = std::to_string(limit_bytes);
  if (v == Version::v1) {
    if (auto r = write_file(dir + "/memory.limit_in_bytes", limit); !r) return r;
    if (cap_swap && ::access((dir + "/memory.memsw.limit_in_bytes").c_str(), F_OK) == 0)
      if (auto r = write_file(dir + "/memory.memsw.limit_in_bytes", limit); !r) return r;
  } else {
    if (auto r = write_file(dir + "/memory.max", limit); !r) return r;
    if (cap_swap && ::access((dir + "/memory.swap.max").c_str(), F_OK) == 0)
      if (auto r = write_file(dir + "/memory.swap.max", "0"); !r) return r;
  }
  return kOk;
}

Status enter(const std::string& dir, int pid) {
  return write_file(dir + "/cgroup.procs", std::to_string(pid == 0 ? ::getpid() : pid));
}

std::vector<int> procs(const std::string& dir) {
  std::vector<int> out;
  auto text = read_file(dir + "/cgroup.procs");
  if (!text) return out;
  for (auto l : split(*text, '\n')) {
    int p = 0;
    if (!l.empty() && std::from_chars(l.data(), l.data() + l.size(), p).ec == std::errc{}) out.push_back(p);
  }
  return out;
}

MembersKilled kill_members(const std::string& dir, const SigkillPid& sigkill) {
  MembersKilled k;
  if (write_file(dir + "/cgroup.kill", "1")) {  // absent on v1 and before 5.14: ENOENT
    k.via_cgroup_kill = true;
    return k;
  }
  for (int p : procs(dir)) {
    if (auto r = sigkill(p))
      ++k.signalled;
    else
      k.failed.push_back(r.error());
  }
  return k;
}

Status kill_and_remove(const std::string& dir, int timeout_ms, const SigkillPid& sigkill) {
  const SigkillPid send = sigkill ? sigkill : SigkillPid([](int p) { return send_signal(p, -1, SIGKILL); });
  // Children first (depth-first), then this directory.
  if (DIR* d = ::opendir(dir.c_str())) {
    std::vector<std::string> subdirs;
    while (dirent* e = ::readdir(d)) {
      if (e->d_type != DT_DIR || e->d_name[0] == '.') continue;
      subdirs.push_back(dir + "/" + e->d_name);
    }
    ::closedir(d);
    for (auto& s : subdirs)
      if (auto r = kill_and_remove(s, timeout_ms, send); !r) return r;
  } else if (errno == ENOENT) {
    return kOk;
  }
  (void)kill_members(dir, send);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (true) {
    // The kill takes a moment: first see whether it has emptied the cgroup,
    // and signal again only what is still listed after a wait (a fork
    // that raced with the kill), never the same pids twice at once.
    if (::rmdir(dir.c_str()) == 0 || errno == ENOENT) return kOk;
    if (errno != EBUSY || std::chrono::steady_clock::now() > deadline)
      return errno_result("cannot remove " + dir);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    for (int p : procs(dir)) (void)send(p);  // only processes inside our own cgroup
  }
}

std::optional<uint64_t> oom_kill_count(Version v, const std::string& dir) {
  auto text = read_file(dir + memcg_file(v, MemcgFile::oom_kill));
  if (!text && v == Version::v2) text = read_file(dir + memcg_file(v, MemcgFile::events));  // before 5.2: no .local
  if (!text) return std::nullopt;
  return keyed_value(*text, "oom_kill");
}

std::optional<uint64_t> read_u64_file(const std::string& path) {
  auto t = read_file(path);
  if (!t) return std::nullopt;
  return parse_u64_value(*t);
}

std::optional<uint64_t> keyed_value(std::string_view text, std::string_view key) {
  while (!text.empty()) {
    std::string_view line = text::next_line(text);
    if (line.size() > key.size() && line.substr(0, key.size()) == key && line[key.size()] == ' ') {
      auto num = line.substr(key.size() + 1);
      uint64_t v = 0;
      if (std::from_chars(num.data(), num.data() + num.size(), v).ec == std::errc{}) return v;
      return std::nullopt;
    }
  }
  return std::nullopt;
}

MemoryStat parse_memory_stat(Version v, std::string_view text) {
  MemoryStat m;
  const bool v1 = v == Version::v1;
  auto field = [&](std::string_view v1_key, std::string_view v2_key) {
    if (!v1) return keyed_value(text, v2_key);
    auto total = keyed_value(text, std::string("total_") + std::string(v1_key));
    return total ? total : keyed_value(text, v1_key);
  };
  m.anon_bytes = field("rss", "anon");
  m.shmem_bytes = field("shmem", "shmem");
  m.file_bytes = field("cache", "file");
  m.inactive_file_bytes = field("inactive_file", "inactive_file");
  return m;
}

}  // namespace oomlens::cgroup
