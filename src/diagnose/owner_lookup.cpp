#include "diagnose/owner_lookup.h"

#include <cstdlib>

#include <nlohmann/json.hpp>

#include "util/file.h"

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

void lookup_owner_names(CgroupOwner& owner, const OwnerLookup& where, std::vector<std::string>* notes) {
  if (owner.kind == "slurm" && owner.uid && !owner.user) {
    if (auto passwd = read_file(join_root(where.root, "/etc/passwd")))
      owner.user = passwd_user_name(*passwd, *owner.uid);
    return;
  }
  // Kubernetes containers too: on a Docker runtime (cri-dockerd) they have
  // the same state files; elsewhere (containerd, CRI-O) they have none, and
  // their pod uid and container id are no surprise, so no note.
  const bool docker = owner.kind == "docker";
  if ((!docker && owner.kind != "kubernetes") || !owner.container_id || owner.name) return;
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
  if (notes && docker)
    notes->push_back("container " + owner.container_id->substr(0, 12) + " is named by its id alone: " + file +
                     (text ? " has no container name" : " cannot be read") +
                     " (the container was removed, dockerd uses another --data-root: set OOMLENS_DOCKER_ROOT, "
                     "or no read access)");
}

void lookup_owner_names(std::vector<OomEvent>& events, const OwnerLookup& where) {
  for (OomEvent& e : events)
    if (e.memcg && e.memcg->owner) lookup_owner_names(*e.memcg->owner, where, &e.notes);
}

}  // namespace oomlens
