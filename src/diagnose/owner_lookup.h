#pragma once
// Names for a decoded cgroup owner that its path does not carry, looked up on
// the node: a Docker container's name and image from the daemon's state
// directory (<data-root>/containers/<id>/config.v2.json, written by dockerd,
// readable by root), a Slurm job user's name from <root>/etc/passwd.
// Parsers are pure; lookup_owner_names() is the one side effect (reads files).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_log/oom_event.h"

namespace oomlens {

/// A container's names as its runtime records them.
struct ContainerNames {
  std::string name;                  ///< without Docker's leading "/"
  std::optional<std::string> image;  ///< `Config.Image`, as the user gave it ("leaker:1")
};

/// Parses Docker's config.v2.json (moby container/container.go): `Name`
/// ("/leaky") and `Config.Image`. nullopt when it is not JSON or has no Name.
/// Never throws.
[[nodiscard]] std::optional<ContainerNames> parse_docker_config(std::string_view json);

/// The name of `uid` in passwd(5) text; nullopt when absent. Never throws.
[[nodiscard]] std::optional<std::string> passwd_user_name(std::string_view passwd, int64_t uid);

/// Where to look.
struct OwnerLookup {
  std::string root = "/";                    ///< system root (fixture trees in tests, /host in a pod)
  std::string docker_root = "/var/lib/docker";  ///< dockerd --data-root, below `root`
};

/// The default Docker data root: $OOMLENS_DOCKER_ROOT when set and not
/// empty, else /var/lib/docker.
[[nodiscard]] std::string default_docker_root();

/// Fills owner.name/image (docker; kubernetes containers whose runtime is
/// Docker) or owner.user (slurm with a uid). When a
/// Docker container's state file cannot be read, appends to `notes` a
/// sentence saying the container is named by its id alone, and why. Other
/// kinds are left as they are. Never throws.
void lookup_owner_names(CgroupOwner& owner, const OwnerLookup& where, std::vector<std::string>* notes);

/// lookup_owner_names() on the owner of each event's memcg, its notes going
/// to the event's notes.
void lookup_owner_names(std::vector<OomEvent>& events, const OwnerLookup& where);

}  // namespace oomlens
