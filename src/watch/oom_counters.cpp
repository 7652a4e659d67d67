// oom_kill counters (see oom_counters.h).
#include "watch/oom_counters.h"
#include "util/file.h"

#include <dirent.h>
#include <sys/stat.h>

#include <charconv>
#include <vector>

namespace oomlens::watch {

size_t walk_memory_cgroups(const cgroup::MemoryHierarchy& h, size_t max_dirs,
                           const std::function<void(const std::string&, const std::string&)>& fn) {
  size_t visited = 0;
  std::vector<std::string> stack{""};  // relative paths still to list
  while (!stack.empty() && visited < max_dirs) {
    std::string rel = std::move(stack.back());
    stack.pop_back();
    std::string dir = h.mount_point + rel;
    DIR* d = ::opendir(dir.c_str());
    if (!d) continue;  // vanished or unreadable
    std::vector<std::string> children;
    while (dirent* ent = ::readdir(d)) {
      if (ent->d_type != DT_DIR && ent->d_type != DT_UNKNOWN) continue;
      std::string name = ent->d_name;
      if (name == "." || name == "..") continue;
      if (ent->d_type == DT_UNKNOWN) {
        struct stat st {};
        if (::stat((dir + "/" + name).c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
      }
      children.push_back(rel + "/" + name);
    }
    ::closedir(d);
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(std::move(*it));
    if (!rel.empty()) {
      fn(rel, dir);
      ++visited;
    }
  }
  return visited;
}

CgroupCounts read_cgroup_oom_kills(const cgroup::MemoryHierarchy& h, size_t max_dirs) {
  CgroupCounts out;
  walk_memory_cgroups(h, max_dirs, [&](const std::string& rel, const std::string& dir) {
    auto n = cgroup::oom_kill_count(h.version, dir);
    if (n && *n > 0) out[rel] = *n;
  });
  return out;
}

CgroupCounts unexplained_kills(const CgroupCounts& before, const CgroupCounts& now,
                               const CgroupCounts& already_explained) {
  CgroupCounts out;
  for (const auto& [path, n] : now) {
    auto b = before.find(path);
    uint64_t base = b == before.end() ? 0 : b->second;
    if (n <= base) continue;  // unchanged, or a new cgroup of the same name restarted its count
    uint64_t delta = n - base;
    auto e = already_explained.find(path);
    uint64_t explained = e == already_explained.end() ? 0 : e->second;
    if (delta > explained) out[path] = delta - explained;
  }
  return out;
}

}  // namespace oomlens::watch
