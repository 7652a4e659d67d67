#pragma once
// Names for a decoded cgroup owner that its path does not carry, looked up on
// the node: a Docker container's name and image from the daemon's state
// directory (<data-root>/containers/<id>/config.v2.json, written by dockerd,
// readable by root); a Kubernetes container's namespace, pod, container name
// and image from its runtime's state (the OCI runtime spec the runtime wrote
// for the container, no API socket):
//  - containerd (CRI): <state>/io.containerd.runtime.v2.task/k8s.io/<id>/config.json
//    (core/runtime/v2/bundle.go NewBundle(); <state> /run/containerd, or
//    /run/k3s/containerd on k3s and RKE2; bundle directory 0700 root);
//  - CRI-O: /run/containers/storage/overlay-containers/<id>/userdata/config.json
//    (server/container_create.go writes it to the container's run directory);
//  - cri-dockerd: Docker's config.v2.json, as above;
// a Slurm job user's name from <root>/etc/passwd.
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

/// A Kubernetes container's names, from the annotations of the OCI runtime
/// spec (config.json) its CRI runtime wrote.
struct KubeContainerNames {
  std::string runtime;                       ///< "containerd" or "cri-o": whose keys were found ("docker": cri-dockerd's name)
  std::optional<std::string> pod_namespace;  ///< the pod's namespace
  std::string pod_name;                      ///< the pod's name
  std::optional<std::string> container_name; ///< nullopt for the sandbox (pause) container
  std::optional<std::string> image;          ///< as the pod spec gave it, when recorded
  bool sandbox = false;                      ///< the pod's sandbox (pause) container
};

/// Parses the `annotations` of an OCI runtime spec written by a CRI runtime.
/// containerd's keys (internal/cri/annotations/annotations.go in containerd
/// 2.x, pkg/cri/annotations/annotations.go in 1.x): `io.kubernetes.cri.sandbox-name`,
/// `…sandbox-namespace`, `…container-name`, `…container-type`
/// ("sandbox"/"container"), `…image-name`. CRI-O's: the kubelet's labels,
/// which CRI-O copies into the annotations (internal/factory/container/container.go
/// SpecAddAnnotations(); the keys are kubelet's pkg/kubelet/types/labels.go):
/// `io.kubernetes.pod.name`, `io.kubernetes.pod.namespace`,
/// `io.kubernetes.container.name` ("POD" for the sandbox), and CRI-O's own
/// `io.kubernetes.cri-o.ContainerType`, `io.kubernetes.cri-o.Image` (as the
/// user gave it; else `io.kubernetes.cri-o.ImageName`), internal/annotations/annotations.go.
/// Empty values count as absent. nullopt when it is not JSON or names no
/// pod. Never throws.
[[nodiscard]] std::optional<KubeContainerNames> parse_cri_annotations(std::string_view config_json);

/// The name of `uid` in passwd(5) text; nullopt when absent. Never throws.
[[nodiscard]] std::optional<std::string> passwd_user_name(std::string_view passwd, int64_t uid);

/// Where to look.
struct OwnerLookup {
  std::string root = "/";                    ///< system root (fixture trees in tests, /host in a pod)
  std::string docker_root = "/var/lib/docker";  ///< dockerd --data-root, below `root`
  /// containerd's `state` directories below `root`, tried in order.
  std::vector<std::string> containerd_states = {"/run/containerd", "/run/k3s/containerd"};
  std::string crio_run_root = "/run/containers/storage";  ///< CRI-O's storage `runroot`, below `root`
};

/// The default Docker data root: $OOMLENS_DOCKER_ROOT when set and not
/// empty, else /var/lib/docker.
[[nodiscard]] std::string default_docker_root();

/// Fills owner.name/image (docker), owner.user (slurm with a uid), or for
/// a Kubernetes container owner.pod_namespace/pod_name/name/image/runtime/
/// sandbox from the first state file that names it: the runtime its scope
/// names (`cri-containerd-`, `crio-`, `docker-`), else (cgroupfs driver)
/// containerd's, CRI-O's, then Docker's. When no state file can be read
/// (removed container, runtime state not mounted, no read access), appends
/// to `notes` a sentence saying the container is named by its id (and pod
/// uid) alone, the files tried, and why. Other kinds are left as they are.
/// Never throws.
void lookup_owner_names(CgroupOwner& owner, const OwnerLookup& where, std::vector<std::string>* notes);

/// lookup_owner_names() on memcg.owner; when that is a Kubernetes pod's own
/// cgroup (the pod's limit was hit: no container id) and task_memcg is a
/// container of the same pod, the pod's namespace and name (and runtime) are
/// taken from that container's state, not its container name. Never throws.
void lookup_owner_names(MemcgInfo& memcg, const OwnerLookup& where, std::vector<std::string>* notes);

/// lookup_owner_names() on each event's memcg, its notes going to the
/// event's notes.
void lookup_owner_names(std::vector<OomEvent>& events, const OwnerLookup& where);

}  // namespace oomlens
