// A cgroup's path as the kernel names it (see cgroup_path.h).
#include "cgroup/cgroup_path.h"

#include "util/text.h"

namespace oomlens::cgroup {

std::string path_in_hierarchy(std::string_view dir, std::string_view mount_point) {
  while (mount_point.size() > 1 && mount_point.back() == '/') mount_point.remove_suffix(1);
  if (dir.size() > mount_point.size() + 1 && dir.starts_with(mount_point) && dir[mount_point.size()] == '/')
    return std::string(dir.substr(mount_point.size()));
  return std::string(dir);
}

std::optional<bool> cgroup_within(std::string_view own, std::string_view path) {
  while (own.size() > 1 && own.back() == '/') own.remove_suffix(1);
  if (own.size() < 2 || own.front() != '/' || path.empty() || path.front() != '/') return std::nullopt;
  // A viewer's cut: only the whole components before it are known (`/job/chi…` is within `/job`, `/jo…` unknown).
  const size_t cut = text::find_ellipsis(path);
  const std::string_view known = cut == std::string_view::npos ? path : path.substr(0, path.rfind('/', cut) + 1);
  for (size_t end = 1; end <= known.size(); ++end) {
    if (end < known.size() && known[end] != '/') continue;
    if (known.substr(0, end).ends_with(own)) return true;
  }
  if (cut != std::string_view::npos) return std::nullopt;
  return false;
}

}  // namespace oomlens::cgroup
