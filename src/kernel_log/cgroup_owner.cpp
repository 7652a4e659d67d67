// Cgroup path → owner (see cgroup_owner.h).
#include "kernel_log/cgroup_owner.h"

#include <vector>

#include "kernel_log/text_util.h"

namespace oomlens {
namespace {

using namespace oomlens::text;

std::vector<std::string_view> split_path(std::string_view p) {
  std::vector<std::string_view> parts;
  while (!p.empty()) {
    size_t s = p.find('/');
    std::string_view part = p.substr(0, s);
    if (!part.empty()) parts.push_back(part);
    if (s == std::string_view::npos) break;
    p.remove_prefix(s + 1);
  }
  return parts;
}

// `<prefix><id>.scope` → id.
std::optional<std::string> scope_id(std::string_view part, std::string_view prefix) {
  if (!starts_with(part, prefix)) return std::nullopt;
  std::string_view id = part.substr(prefix.size());
  if (ends_with(id, ".scope")) id.remove_suffix(6);
  if (id.empty()) return std::nullopt;
  return std::string(id);
}

// A container id from a leaf: `cri-containerd-<id>.scope`, `docker-<id>.scope`,
// `crio-<id>.scope`, `libpod-<id>.scope` or a bare 64-hex id.
std::optional<std::pair<std::string, std::string>> container_leaf(std::string_view part) {
  for (auto [prefix, kind] : {std::pair<std::string_view, std::string_view>{"cri-containerd-", "containerd"},
                              {"docker-", "docker"}, {"crio-", "crio"}, {"libpod-", "podman"}}) {
    if (auto id = scope_id(part, prefix)) return std::make_pair(std::string(kind), *id);
  }
  if (part.size() == 64 && part.find_first_not_of("0123456789abcdef") == std::string_view::npos)
    return std::make_pair(std::string("container"), std::string(part));
  return std::nullopt;
}

}  // namespace

std::optional<CgroupOwner> decode_cgroup_owner(std::string_view path) {
  auto parts = split_path(path);
  if (parts.empty()) return std::nullopt;
  CgroupOwner o;
  bool kube = false;
  for (auto part : parts) {
    if (starts_with(part, "kubepods")) {
      kube = true;
      for (std::string_view q : {"besteffort", "burstable", "guaranteed"})
        if (part.find(q) != std::string_view::npos) o.qos_class = std::string(q);
      size_t pod = part.rfind("-pod");  // kubepods-<qos>-pod<uid_with_underscores>.slice
      if (pod != std::string_view::npos && pod + 4 < part.size()) {
        std::string uid(part.substr(pod + 4));
        if (ends_with(uid, ".slice")) uid.resize(uid.size() - 6);
        for (char& c : uid)
          if (c == '_') c = '-';
        o.pod_uid = uid;
      }
    } else if (kube && starts_with(part, "pod")) {
      o.pod_uid = std::string(part.substr(3));
    }
  }
  auto leaf = container_leaf(parts.back());
  if (kube) {
    if (!o.qos_class) o.qos_class = "guaranteed";  // pods of that class sit right under kubepods
    o.kind = "kubernetes";
    if (leaf) o.container_id = leaf->second;
    o.id = o.container_id ? *o.container_id : o.pod_uid.value_or(std::string(parts.back()));
    return o;
  }
  if (leaf) {
    o.kind = leaf->first == "container" ? (parts[0] == "docker" ? "docker" : "containerd") : leaf->first;
    if (o.kind == "crio") o.kind = "containerd";
    o.id = leaf->second;
    o.container_id = leaf->second;
    return o;
  }
  if (parts[0] == "slurm" || path.find("/slurmstepd.scope/") != std::string_view::npos) {
    o.kind = "slurm";
    for (auto part : parts)
      if (starts_with(part, "job_")) o.id = std::string(part.substr(4));
    if (o.id.empty()) o.id = std::string(parts.back());
    return o;
  }
  if (parts[0] == "lxc" && parts.size() > 1) {
    o.kind = "lxc";
    o.id = std::string(parts[1]);
    return o;
  }
  if (starts_with(parts[0], "lxc.payload.")) {
    o.kind = "lxc";
    o.id = std::string(parts[0].substr(12));
    return o;
  }
  if (parts[0] == "docker" && parts.size() > 1) {
    o.kind = "docker";
    o.id = std::string(parts[1]);
    return o;
  }
  std::string_view last = parts.back();
  if (ends_with(last, ".service") || ends_with(last, ".scope") || ends_with(last, ".slice")) {
    o.kind = "systemd";
    o.id = std::string(last);
    return o;
  }
  return std::nullopt;
}

}  // namespace oomlens
