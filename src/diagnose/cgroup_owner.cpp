#include "diagnose/cgroup_owner.h"

#include <string>
#include <utility>
#include <vector>

#include "util/ascii.h"

namespace oomlens {
namespace {

/// The path's names. A systemd cgroupsPath given to a cgroupfs manager (`kubepods-pod<uid>.slice:cri-containerd:<id>`:
/// k3s's agent, corpus 738) is one directory naming two levels: read as the slice and `cri-containerd:<id>`.
std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> parts;
  size_t i = 0;
  while (i < path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    if (j > i) {
      const std::string_view part = path.substr(i, j - i);
      const size_t colon = part.find(".slice:");
      if (colon != std::string_view::npos && colon > 0 && colon + 7 < part.size()) {
        parts.push_back(part.substr(0, colon + 6));
        parts.push_back(part.substr(colon + 7));
      } else {
        parts.push_back(part);
      }
    }
    i = j + 1;
  }
  return parts;
}

bool is_hex_id(std::string_view s) {
  if (s.size() < 12 || s.size() > 64) return false;
  for (const char c : s)
    if (!text::is_xdigit(c)) return false;
  return true;
}

/// `<prefix><hex>.scope` → hex, else empty.
std::string_view scoped_id(std::string_view part, std::string_view prefix) {
  if (!part.starts_with(prefix) || !part.ends_with(".scope")) return {};
  const auto id = part.substr(prefix.size(), part.size() - prefix.size() - 6);
  return is_hex_id(id) ? id : std::string_view{};
}

/// A Kubernetes container component: a bare id (cgroupfs driver), a
/// runtime scope (systemd driver) or a cgroupsPath's `runtime:id` (split_path()).
/// `runtime` gets the runtime a scope prefix names ("containerd", "cri-o",
/// "docker"); a bare id names none.
std::string_view kube_container_id(std::string_view part, std::optional<std::string>* runtime) {
  if (is_hex_id(part)) return part;
  static constexpr std::pair<std::string_view, std::string_view> kScopes[] = {
      {"cri-containerd-", "containerd"}, {"crio-", "cri-o"}, {"docker-", "docker"}};
  for (const auto& [prefix, name] : kScopes) {
    std::string_view id = scoped_id(part, prefix);
    // `cri-containerd:<id>`: the prefix without its `-`, then `:`.
    if (id.empty() && part.starts_with(prefix.substr(0, prefix.size() - 1)) && part.size() > prefix.size() &&
        part[prefix.size() - 1] == ':' && is_hex_id(part.substr(prefix.size())))
      id = part.substr(prefix.size());
    if (!id.empty()) {
      *runtime = std::string(name);
      return id;
    }
  }
  return {};
}

/// A systemd slice below Kubernetes' `kubepods` level: the systemd driver
/// joins the levels with '-' (`kubepods-burstable-pod<uid>.slice`), after the
/// kubelet's --cgroup-root when there is one (kind in rootless podman:
/// `kubelet-kubepods-burstable.slice`). The rest after `kubepods` ("" for the
/// kubepods slice itself, "-burstable…" below it); nullopt for other names.
std::optional<std::string_view> kubepods_slice_rest(std::string_view p) {
  if (!p.ends_with(".slice")) return std::nullopt;
  const std::string_view name = p.substr(0, p.size() - 6);
  size_t at = name.starts_with("kubepods") ? 0 : name.find("-kubepods");
  if (at == std::string_view::npos) return std::nullopt;
  if (at > 0) ++at;
  const std::string_view rest = name.substr(at + 8);
  if (!rest.empty() && rest[0] != '-') return std::nullopt;
  return rest;
}

std::optional<CgroupOwner> decode_kubernetes(const std::vector<std::string_view>& parts) {
  size_t k = 0;
  while (k < parts.size() && parts[k] != "kubepods" && !kubepods_slice_rest(parts[k])) ++k;
  if (k == parts.size()) return std::nullopt;
  CgroupOwner owner;
  owner.kind = "kubernetes";
  owner.id = std::string(parts[k]);
  std::optional<std::string> qos;
  // The kubepods level, or a slice below it with no kubepods level above (a cgroupsPath's slice, split_path()),
  // whose name says its levels: read from it.
  const size_t from = parts[k] == "kubepods" || kubepods_slice_rest(parts[k])->empty() ? k + 1 : k;
  for (size_t i = from; i < parts.size(); ++i) {
    std::string_view p = parts[i];
    const auto slice_rest = kubepods_slice_rest(p);
    if (p == "burstable" || slice_rest == "-burstable") {
      qos = "burstable";
      owner.id = std::string(p);
      continue;
    }
    if (p == "besteffort" || slice_rest == "-besteffort") {
      qos = "besteffort";
      owner.id = std::string(p);
      continue;
    }
    if (!owner.pod_uid) {
      // cgroupfs: pod<uid>; systemd: kubepods[-qos]-pod<uid_>.slice
      std::string_view uid;
      if (p.starts_with("pod") && !p.ends_with(".slice")) {
        uid = p.substr(3);
      } else if (slice_rest && !slice_rest->empty()) {
        const size_t pos = p.rfind("-pod");  // not the "pod" inside "kubepods"
        if (pos != std::string_view::npos) uid = p.substr(pos + 4, p.size() - pos - 4 - 6);
        // The pod slice's name holds its QoS class when no level above said it (split_path()'s cgroupsPath).
        if (!uid.empty() && !qos && slice_rest->starts_with("-burstable-")) qos = "burstable";
        if (!uid.empty() && !qos && slice_rest->starts_with("-besteffort-")) qos = "besteffort";
      }
      if (!uid.empty()) {
        std::string u(uid);
        for (char& c : u)
          if (c == '_') c = '-';
        owner.pod_uid = u;
        owner.id = u;
        if (!qos) qos = "guaranteed";  // guaranteed pods sit directly under kubepods
        continue;
      }
    }
    if (owner.pod_uid && !owner.container_id) {
      if (auto id = kube_container_id(p, &owner.runtime); !id.empty()) {
        owner.container_id = std::string(id);
        owner.id = std::string(id);
      }
    }
  }
  owner.qos_class = qos;
  return owner;
}

/// "1000" → 1000; nullopt unless 1–10 decimal digits.
std::optional<int64_t> parse_uid(std::string_view s) {
  if (s.empty() || s.size() > 10) return std::nullopt;
  int64_t v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::optional<CgroupOwner> decode_slurm(const std::vector<std::string_view>& parts) {
  for (size_t i = 0; i < parts.size(); ++i) {
    const bool v1_root = parts[i] == "slurm" || parts[i].starts_with("slurm_");
    const bool v2_root = parts[i] == "slurmstepd.scope";
    if (!v1_root && !v2_root) continue;
    std::string job, step;
    std::optional<int64_t> uid;
    for (size_t j = i + 1; j < parts.size(); ++j) {
      if (parts[j].starts_with("job_")) job = std::string(parts[j].substr(4));
      else if (parts[j].starts_with("step_") && !job.empty()) step = std::string(parts[j].substr(5));
      else if (parts[j].starts_with("uid_") && job.empty()) uid = parse_uid(parts[j].substr(4));
    }
    CgroupOwner owner;
    owner.kind = "slurm";
    owner.uid = uid;
    if (!job.empty()) owner.job_id = job;
    if (!step.empty()) owner.step = step;
    if (job.empty()) {
      owner.id = std::string(parts[i]);  // the slurmstepd scope or a uid_ level
      if (i + 1 < parts.size() && parts[i + 1].starts_with("uid_")) owner.id = std::string(parts[i + 1]);
    } else {
      owner.id = step.empty() ? job : job + "." + step;
    }
    return owner;
  }
  return std::nullopt;
}

std::optional<CgroupOwner> make(std::string kind, std::string_view id, bool is_container) {
  CgroupOwner owner;
  owner.kind = std::move(kind);
  owner.id = std::string(id);
  if (is_container) owner.container_id = owner.id;
  return owner;
}

}  // namespace

std::optional<CgroupOwner> decode_cgroup_owner(std::string_view path) {
  const auto parts = split_path(path);
  if (parts.empty()) return std::nullopt;
  if (auto k = decode_kubernetes(parts)) return k;
  if (auto s = decode_slurm(parts)) return s;
  // Innermost container component wins (e.g. docker-in-docker).
  for (size_t i = parts.size(); i-- > 0;) {
    const std::string_view p = parts[i];
    if (i > 0 && parts[i - 1] == "docker" && is_hex_id(p)) return make("docker", p, true);
    if (auto id = scoped_id(p, "docker-"); !id.empty()) return make("docker", id, true);
    if (auto id = scoped_id(p, "libpod-conmon-"); !id.empty()) return make("podman", id, true);
    if (auto id = scoped_id(p, "libpod-"); !id.empty()) return make("podman", id, true);
    if (i > 0 && parts[i - 1] == "libpod_parent" && p.starts_with("libpod-") &&
        is_hex_id(p.substr(7)))
      return make("podman", p.substr(7), true);
    if (auto id = scoped_id(p, "cri-containerd-"); !id.empty()) return make("containerd", id, true);
    if (auto id = scoped_id(p, "nerdctl-"); !id.empty()) return make("containerd", id, true);
    if (p.starts_with("lxc.payload.") && p.size() > 12) return make("lxc", p.substr(12), false);
    if (i > 0 && (parts[i - 1] == "lxc" || parts[i - 1] == "lxc.payload")) return make("lxc", p, false);
  }
  for (size_t i = parts.size(); i-- > 0;) {
    const std::string_view p = parts[i];
    if (!p.ends_with(".service") && !p.ends_with(".scope") && !p.ends_with(".slice")) continue;
    // systemd makes units only under slices (and a user manager's root, `user@UID.service`): a cgroup below a
    // scope or another service is the program's own (delegated), whatever its name (Konsole's `tab(PID).scope`
    // under its `app-org.kde.konsole-N.scope`, corpus 712): no unit, the unit is the one above it.
    const std::string_view parent = i > 0 ? parts[i - 1] : std::string_view();
    if (parent.ends_with(".scope") || (parent.ends_with(".service") && !parent.starts_with("user@"))) continue;
    return make("systemd", p, false);
  }
  return std::nullopt;
}

std::optional<CgroupOwner> decode_memcg_owner(const MemcgInfo& memcg) {
  const auto& path = memcg.oom_memcg ? memcg.oom_memcg : memcg.task_memcg;
  if (!path) return std::nullopt;
  auto owner = decode_cgroup_owner(*path);
  if (owner && owner->kind == "slurm" && owner->job_id && !owner->step && memcg.task_memcg) {
    const auto task = decode_cgroup_owner(*memcg.task_memcg);
    if (task && task->kind == "slurm" && task->job_id == owner->job_id) owner->step = task->step;
  }
  return owner;
}

}  // namespace oomlens
