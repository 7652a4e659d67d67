#include "diagnose/owner_lookup.h"

#include <cstdlib>
#include <utility>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "diagnose/cgroup_owner.h"
#include "util/file.h"
#include "util/i18n.h"

namespace oomlens {

std::optional<ContainerNames> parse_docker_config(std::string_view json) {
  const auto j = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return std::nullopt;
  const auto name = j.find("Name");
  if (name == j.end() || !name->is_string()) return std::nullopt;
  std::string n = name->get<std::string>();
  if (n.starts_with('/')) n.erase(0, 1);
  if (n.empty()) return std::nullopt;
  ContainerNames out;
  out.name = std::move(n);
  if (const auto cfg = j.find("Config"); cfg != j.end() && cfg->is_object()) {
    if (const auto img = cfg->find("Image"); img != cfg->end() && img->is_string() && !img->get<std::string>().empty())
      out.image = img->get<std::string>();
  }
  return out;
}

namespace {

/// annotations[key] when it is a non-empty string.
std::optional<std::string> annotation(const nlohmann::json& a, const char* key) {
  const auto it = a.find(key);
  if (it == a.end() || !it->is_string()) return std::nullopt;
  std::string v = it->get<std::string>();
  if (v.empty()) return std::nullopt;
  return v;
}

}  // namespace

std::optional<KubeContainerNames> parse_cri_annotations(std::string_view config_json) {
  const auto j = nlohmann::json::parse(config_json, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return std::nullopt;
  const auto a = j.find("annotations");
  if (a == j.end() || !a->is_object()) return std::nullopt;
  KubeContainerNames out;
  if (auto pod = annotation(*a, "io.kubernetes.cri.sandbox-name")) {  // containerd
    out.runtime = "containerd";
    out.pod_name = std::move(*pod);
    out.pod_namespace = annotation(*a, "io.kubernetes.cri.sandbox-namespace");
    out.sandbox = annotation(*a, "io.kubernetes.cri.container-type") == "sandbox";
    if (!out.sandbox) out.container_name = annotation(*a, "io.kubernetes.cri.container-name");
    out.image = annotation(*a, out.sandbox ? "io.kubernetes.cri.podsandbox.image-name" : "io.kubernetes.cri.image-name");
    return out;
  }
  if (auto pod = annotation(*a, "io.kubernetes.pod.name")) {  // CRI-O (the kubelet's labels)
    out.runtime = "cri-o";
    out.pod_name = std::move(*pod);
    out.pod_namespace = annotation(*a, "io.kubernetes.pod.namespace");
    out.sandbox = annotation(*a, "io.kubernetes.cri-o.ContainerType") == "sandbox";
    if (!out.sandbox) out.container_name = annotation(*a, "io.kubernetes.container.name");
    out.image = annotation(*a, "io.kubernetes.cri-o.Image");
    if (!out.image) out.image = annotation(*a, "io.kubernetes.cri-o.ImageName");
    return out;
  }
  return std::nullopt;
}

std::optional<std::string> passwd_user_name(std::string_view passwd, int64_t uid) {
  const std::string want = std::to_string(uid);
  size_t i = 0;
  while (i < passwd.size()) {
    size_t eol = passwd.find('\n', i);
    if (eol == std::string_view::npos) eol = passwd.size();
    const std::string_view line = passwd.substr(i, eol - i);
    i = eol + 1;
    // name:password:UID:GID:gecos:dir:shell
    const size_t c1 = line.find(':');
    if (c1 == 0 || c1 == std::string_view::npos) continue;
    const size_t c2 = line.find(':', c1 + 1);
    if (c2 == std::string_view::npos) continue;
    const size_t c3 = line.find(':', c2 + 1);
    if (c3 == std::string_view::npos) continue;
    if (line.substr(c2 + 1, c3 - c2 - 1) == want) return std::string(line.substr(0, c1));
  }
  return std::nullopt;
}

std::string default_docker_root() {
  const char* env = std::getenv("OOMLENS_DOCKER_ROOT");
  return env && *env ? env : "/var/lib/docker";
}

namespace {

/// The state files that may name Kubernetes container `id`, for the
/// runtime its cgroup names (any when nullopt), in lookup order.
std::vector<std::pair<std::string, std::string>> kube_state_files(const std::string& id,
                                                                  const std::optional<std::string>& runtime,
                                                                  const OwnerLookup& where) {
  std::vector<std::pair<std::string, std::string>> files;  // (runtime, path)
  if (!runtime || *runtime == "containerd")
    for (const std::string& state : where.containerd_states)
      files.emplace_back("containerd", join_root(join_root(where.root, state),
                                                 "io.containerd.runtime.v2.task/k8s.io/" + id + "/config.json"));
  if (!runtime || *runtime == "cri-o")
    files.emplace_back("cri-o", join_root(join_root(where.root, where.crio_run_root),
                                          "overlay-containers/" + id + "/userdata/config.json"));
  if (!runtime || *runtime == "docker")
    files.emplace_back("docker", join_root(join_root(where.root, where.docker_root),
                                           "containers/" + id + "/config.v2.json"));
  return files;
}

/// A Docker container that cri-dockerd (or dockershim) made for Kubernetes:
/// named k8s_<container>_<pod>_<namespace>_<uid>_<attempt> (no "_" in
/// Kubernetes names); "POD" is the sandbox. Nullopt for any other name.
std::optional<KubeContainerNames> cri_dockerd_names(const ContainerNames& names) {
  std::vector<std::string_view> f;
  std::string_view rest = names.name;
  for (size_t cut = rest.find('_'); cut != std::string_view::npos; cut = rest.find('_')) {
    f.push_back(rest.substr(0, cut));
    rest.remove_prefix(cut + 1);
  }
  f.push_back(rest);
  if (f.size() != 6 || f[0] != "k8s" || f[1].empty() || f[2].empty()) return std::nullopt;
  KubeContainerNames k;
  k.runtime = "docker";
  k.pod_name = std::string(f[2]);
  if (!f[3].empty()) k.pod_namespace = std::string(f[3]);
  k.sandbox = f[1] == "POD";
  if (!k.sandbox) k.container_name = std::string(f[1]);
  k.image = names.image;
  return k;
}

/// The owner is Kubernetes container `k` (its names are not set before).
void name_kube_container(CgroupOwner& owner, KubeContainerNames k) {
  owner.runtime = std::move(k.runtime);
  owner.pod_name = std::move(k.pod_name);
  owner.pod_namespace = std::move(k.pod_namespace);
  owner.name = std::move(k.container_name);
  owner.image = std::move(k.image);
  owner.sandbox = k.sandbox;
}

/// Names a Kubernetes container from the first readable state file. Returns
/// the files tried when none named it.
std::vector<std::string> lookup_kube_names(CgroupOwner& owner, const OwnerLookup& where) {
  std::vector<std::string> tried;
  for (const auto& [runtime, file] : kube_state_files(*owner.container_id, owner.runtime, where)) {
    const auto text = read_file(file, size_t{4} << 20);
    if (!text) {
      tried.push_back(file);
      continue;
    }
    if (runtime == "docker") {
      if (auto names = parse_docker_config(*text)) {
        if (auto kube = cri_dockerd_names(*names)) {
          name_kube_container(owner, std::move(*kube));
        } else {
          owner.runtime = runtime;
          owner.name = names->name;
          owner.image = names->image;
        }
        return {};
      }
    } else if (auto kube = parse_cri_annotations(*text)) {
      name_kube_container(owner, std::move(*kube));
      return {};
    }
    tried.push_back(file + " (names no pod)");
  }
  return tried;
}

}  // namespace

void lookup_owner_names(CgroupOwner& owner, const OwnerLookup& where, std::vector<std::string>* notes) {
  if (owner.kind == "slurm" && owner.uid && !owner.user) {
    if (auto passwd = read_file(join_root(where.root, "/etc/passwd")))
      owner.user = passwd_user_name(*passwd, *owner.uid);
    return;
  }
  if (!owner.container_id || owner.name || owner.pod_name) return;
  if (owner.kind == "kubernetes") {
    const auto tried = lookup_kube_names(owner, where);
    if (notes && !tried.empty()) {
      std::string files;
      for (const auto& f : tried) files += (files.empty() ? "" : ", ") + f;
      // English (notes go into JSON), marked for the catalogue: note_text() translates it.
      notes->push_back(fmt::format(
          fmt::runtime(owner.pod_uid ? N_("Kubernetes container {} is named by its container id and pod uid alone: no state file of "
                             "its runtime can be read ({}): the container was removed, the runtime keeps its state "
                             "elsewhere, the directory is not mounted (DaemonSet: docs/daemon.md), or no read access")
                        : N_("Kubernetes container {} is named by its container id alone: no state file of its runtime "
                             "can be read ({}): the container was removed, the runtime keeps its state elsewhere, the "
                             "directory is not mounted (DaemonSet: docs/daemon.md), or no read access")),
          owner.container_id->substr(0, 12), files));
    }
    return;
  }
  if (owner.kind != "docker") return;
  const std::string file =
      join_root(join_root(where.root, where.docker_root), "containers/" + *owner.container_id + "/config.v2.json");
  const auto text = read_file(file, size_t{4} << 20);
  std::optional<ContainerNames> names;
  if (text) names = parse_docker_config(*text);
  if (names) {
    owner.name = names->name;
    owner.image = names->image;
    return;
  }
  if (notes)
    notes->push_back(fmt::format(
        fmt::runtime(text ? N_("container {} is named by its id alone: {} has no container name (the container was removed, "
                  "dockerd uses another --data-root: set OOMLENS_DOCKER_ROOT, or no read access)")
             : N_("container {} is named by its id alone: {} cannot be read (the container was removed, dockerd uses "
                  "another --data-root: set OOMLENS_DOCKER_ROOT, or no read access)")),
        owner.container_id->substr(0, 12), file));
}

void lookup_owner_names(MemcgInfo& memcg, const OwnerLookup& where, std::vector<std::string>* notes) {
  if (!memcg.owner) return;
  CgroupOwner& owner = *memcg.owner;
  if (owner.kind == "kubernetes" && owner.pod_uid && !owner.container_id && !owner.pod_name && memcg.task_memcg) {
    // The pod's limit: its name from the victim's container, which is no
    // owner of that limit (no container name, no image).
    auto task = decode_cgroup_owner(*memcg.task_memcg);
    if (task && task->kind == "kubernetes" && task->pod_uid == owner.pod_uid && task->container_id) {
      lookup_owner_names(*task, where, notes);
      owner.pod_name = task->pod_name;
      owner.pod_namespace = task->pod_namespace;
      owner.runtime = task->runtime;
    }
    return;
  }
  lookup_owner_names(owner, where, notes);
}

void lookup_owner_names(std::vector<OomEvent>& events, const OwnerLookup& where) {
  for (OomEvent& e : events)
    if (e.memcg) lookup_owner_names(*e.memcg, where, &e.notes);
}

}  // namespace oomlens
