#include "diagnose/cgroup_owner.h"
#include "support/files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>
#include <sstream>

#include <optional>
#include <string>

namespace oomlens {
namespace {

struct OwnerCase {
  std::string path;
  std::optional<std::string> kind;  // nullopt: not decoded
  std::string id;
  std::optional<std::string> pod_uid;
  std::optional<std::string> container_id;
  std::optional<std::string> qos_class;
};

const std::string kHex64 = "b27201334a41cd0749d053b18378d7ea65617b8e26277197ea25c974da1a5a8a";
const std::string kCri = "46b3e0a4df44b752b841aecca454e6e78995d567912a84950390bae6f6777a63";
const std::string kCgfs = "c7ebf4d756b284f6226cce820771afcf706a4e37afb77f052c61ece86d3b61f0";

class OwnerTable : public ::testing::TestWithParam<OwnerCase> {};

TEST_P(OwnerTable, Decodes) {
  const OwnerCase& c = GetParam();
  const auto got = decode_cgroup_owner(c.path);
  if (!c.kind) {
    EXPECT_FALSE(got.has_value()) << c.path << " decoded as " << got->kind << " " << got->id;
    return;
  }
  ASSERT_TRUE(got.has_value()) << c.path;
  EXPECT_EQ(got->kind, *c.kind) << c.path;
  EXPECT_EQ(got->id, c.id) << c.path;
  EXPECT_EQ(got->pod_uid, c.pod_uid) << c.path;
  EXPECT_EQ(got->container_id, c.container_id) << c.path;
  EXPECT_EQ(got->qos_class, c.qos_class) << c.path;
}

const std::string kNone;
INSTANTIATE_TEST_SUITE_P(
    Paths, OwnerTable,
    ::testing::Values(
        // k3s's agent with cgroupfs given the systemd driver's cgroupsPath (corpus 738): one directory
        // `kubepods-pod<uid>.slice:cri-containerd:<id>` under k3s-agent.service names a Guaranteed pod's container.
        OwnerCase{"/system.slice/k3s-agent.service/kubepods-pod7e0223ca_277f_468e_b2a1_76c5497918b8.slice:"
                  "cri-containerd:" + kCri, "kubernetes", kCri, "7e0223ca-277f-468e-b2a1-76c5497918b8", kCri,
                  "guaranteed"},
        OwnerCase{"/system.slice/k3s-agent.service/kubepods-besteffort-pod7e0223ca_277f_468e_b2a1_76c5497918b8.slice:"
                  "crio:" + kCri, "kubernetes", kCri, "7e0223ca-277f-468e-b2a1-76c5497918b8", kCri, "besteffort"},
        // Docker, cgroupfs and systemd drivers.
        OwnerCase{"/docker/3f2a9c0d1e2b3a4f5e6d7c8b9a0f1e2d3c4b5a69788766554433221100ffeedd", "docker",
                  "3f2a9c0d1e2b3a4f5e6d7c8b9a0f1e2d3c4b5a69788766554433221100ffeedd", std::nullopt,
                  "3f2a9c0d1e2b3a4f5e6d7c8b9a0f1e2d3c4b5a69788766554433221100ffeedd", std::nullopt},
        OwnerCase{"/system.slice/docker-b27201334a41cd0749d053b18378d7ea65617b8e26277197ea25c974da1a5a8a.scope",
                  "docker", kHex64, std::nullopt, kHex64, std::nullopt},
        // kind in rootless podman (corpus 198): the kubelet's cgroup root `kubelet` prefixes every slice
        // name; the pod inside the podman scope is the owner, not the podman container around the node.
        OwnerCase{"/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-" + kHex64 +
                      ".scope/container/kubelet.slice/kubelet-kubepods.slice/kubelet-kubepods-burstable.slice/"
                      "kubelet-kubepods-burstable-pod17d1d0b1_bbeb_4252_a45c_c9f426d1cb34.slice",
                  "kubernetes", "17d1d0b1-bbeb-4252-a45c-c9f426d1cb34", "17d1d0b1-bbeb-4252-a45c-c9f426d1cb34",
                  std::nullopt, "burstable"},
        OwnerCase{"/kubelet.slice/kubelet-kubepods.slice/kubelet-kubepods-pod0330b2c1_a15b_4cdd_b5e5_72d4a90bee82.slice/"
                  "cri-containerd-" + kCri + ".scope",
                  "kubernetes", kCri, "0330b2c1-a15b-4cdd-b5e5-72d4a90bee82", kCri, "guaranteed"},
        // A slice that only contains the word is no Kubernetes level.
        OwnerCase{"/system.slice/mykubepodsx.slice", "systemd", "mykubepodsx.slice", std::nullopt, std::nullopt,
                  std::nullopt},
        // Kubernetes, corpus 28 (systemd driver, docker runtime, cgroup v1).
        OwnerCase{"/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod0330b2c1_a15b_4cdd_b5e5_72d4a90bee82.slice/"
                  "docker-b27201334a41cd0749d053b18378d7ea65617b8e26277197ea25c974da1a5a8a.scope",
                  "kubernetes", kHex64, "0330b2c1-a15b-4cdd-b5e5-72d4a90bee82", kHex64, "burstable"},
        // Corpus 08: pod-level oom_memcg and the container's task_memcg.
        OwnerCase{"/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod94eb36cd_29e1_478b_b365_4cb5dfc7d6fb.slice",
                  "kubernetes", "94eb36cd-29e1-478b-b365-4cb5dfc7d6fb", "94eb36cd-29e1-478b-b365-4cb5dfc7d6fb",
                  std::nullopt, "burstable"},
        OwnerCase{"/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod94eb36cd_29e1_478b_b365_4cb5dfc7d6fb.slice/"
                  "cri-containerd-46b3e0a4df44b752b841aecca454e6e78995d567912a84950390bae6f6777a63.scope",
                  "kubernetes", kCri, "94eb36cd-29e1-478b-b365-4cb5dfc7d6fb", kCri, "burstable"},
        // Corpus 26 (cgroupfs driver).
        OwnerCase{"/kubepods/burstable/podfe3f7a38-b3f7-48aa-8997-a697ae3d0741/"
                  "c7ebf4d756b284f6226cce820771afcf706a4e37afb77f052c61ece86d3b61f0",
                  "kubernetes", kCgfs, "fe3f7a38-b3f7-48aa-8997-a697ae3d0741", kCgfs, "burstable"},
        OwnerCase{"/kubepods/besteffort/pod1a2b3c4d-0000-1111-2222-333344445555", "kubernetes",
                  "1a2b3c4d-0000-1111-2222-333344445555", "1a2b3c4d-0000-1111-2222-333344445555", std::nullopt,
                  "besteffort"},
        // Guaranteed pods sit directly under kubepods.
        OwnerCase{"/kubepods.slice/kubepods-pod1a2b3c4d_0000_1111_2222_333344445555.slice/crio-" + kCri + ".scope",
                  "kubernetes", kCri, "1a2b3c4d-0000-1111-2222-333344445555", kCri, "guaranteed"},
        OwnerCase{"/kubepods/pod1a2b3c4d-0000-1111-2222-333344445555/" + kCgfs, "kubernetes", kCgfs,
                  "1a2b3c4d-0000-1111-2222-333344445555", kCgfs, "guaranteed"},
        OwnerCase{"/kubepods.slice/kubepods-besteffort.slice", "kubernetes", "kubepods-besteffort.slice", std::nullopt,
                  std::nullopt, "besteffort"},
        // kind (Kubernetes in Docker): the innermost manager is Kubernetes.
        OwnerCase{"/docker/" + kHex64 + "/kubepods/burstable/pod1a2b3c4d-0000-1111-2222-333344445555/" + kCgfs,
                  "kubernetes", kCgfs, "1a2b3c4d-0000-1111-2222-333344445555", kCgfs, "burstable"},
        // systemd units (corpus 02, 03, 18).
        OwnerCase{"/system.slice/unattended-upgrades.service", "systemd", "unattended-upgrades.service", std::nullopt,
                  std::nullopt, std::nullopt},
        OwnerCase{"/user.slice/user-504.slice/session-2.scope", "systemd", "session-2.scope", std::nullopt,
                  std::nullopt, std::nullopt},
        OwnerCase{"/init.scope", "systemd", "init.scope", std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-firefox-4242.scope", "systemd",
                  "app-gnome-firefox-4242.scope", std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"/system.slice/postgresql@15-main.service/sub", "systemd", "postgresql@15-main.service",
                  std::nullopt, std::nullopt, std::nullopt},
        // A program's own cgroups below its scope or service (delegated), named like units: no unit of systemd's
        // (corpus 712: Konsole's tab(PID).scope under its app scope); the unit above them owns them.
        OwnerCase{"/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.kde.konsole-10418.scope/"
                  "tab(2336326).scope",
                  "systemd", "app-org.kde.konsole-10418.scope", std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"/system.slice/builder.service/job-7.scope/step.slice", "systemd", "builder.service", std::nullopt,
                  std::nullopt, std::nullopt},
        // Slurm v1 and v2.
        OwnerCase{"/slurm/uid_1000/job_123/step_0", "slurm", "123.0", std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"/slurm/uid_1000/job_123/step_batch/task_0", "slurm", "123.batch", std::nullopt, std::nullopt,
                  std::nullopt},
        OwnerCase{"/system.slice/slurmstepd.scope/job_123/step_batch", "slurm", "123.batch", std::nullopt,
                  std::nullopt, std::nullopt},
        OwnerCase{"/system.slice/slurmstepd.scope/job_77", "slurm", "77", std::nullopt, std::nullopt, std::nullopt},
        // LXC.
        OwnerCase{"/lxc/web01", "lxc", "web01", std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"/lxc.payload.web01", "lxc", "web01", std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"/lxc.payload.web01/system.slice/nginx.service", "lxc", "web01", std::nullopt, std::nullopt,
                  std::nullopt},
        // podman, containerd.
        OwnerCase{"/machine.slice/libpod-" + kHex64 + ".scope", "podman", kHex64, std::nullopt, kHex64, std::nullopt},
        OwnerCase{"/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-" + kHex64 + ".scope/container",
                  "podman", kHex64, std::nullopt, kHex64, std::nullopt},
        OwnerCase{"/libpod_parent/libpod-" + kHex64, "podman", kHex64, std::nullopt, kHex64, std::nullopt},
        OwnerCase{"/system.slice/cri-containerd-" + kCri + ".scope", "containerd", kCri, std::nullopt, kCri,
                  std::nullopt},
        // Not decodable: no manager's convention (corpus 05), the root, junk.
        OwnerCase{"/1066", std::nullopt, kNone, std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"/1066/uid", std::nullopt, kNone, std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"/", std::nullopt, kNone, std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"", std::nullopt, kNone, std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"/docker/not-hex", std::nullopt, kNone, std::nullopt, std::nullopt, std::nullopt},
        OwnerCase{"/system.slice/docker-xyz.scope", "systemd", "docker-xyz.scope", std::nullopt, std::nullopt,
                  std::nullopt}));

TEST(CgroupOwner, HostileInputNeverCrashes) {
  for (const char* p : {"////", "kubepods", "/kubepods.slice/kubepods-pod.slice", "/kubepods/pod",
                        "/slurm", "/lxc/", "/lxc.payload.", "\xff\xfe/docker-", "/a.scope/b.slice/.service"}) {
    (void)decode_cgroup_owner(p);
  }
  const auto k = decode_cgroup_owner("/kubepods.slice/kubepods-pod.slice");
  ASSERT_TRUE(k.has_value());
  EXPECT_EQ(k->kind, "kubernetes");
  EXPECT_FALSE(k->pod_uid.has_value());  // "pod" with no uid after it
}

}  // namespace
}  // namespace oomlens

// Every cgroup path printed in the shared corpus decodes, except the bare
// numbered v1 groups of corpus 05 (no manager's naming convention).
namespace oomlens {
namespace {

TEST(CgroupOwner, CorpusPaths) {
  const std::filesystem::path dir = testing::shared_corpus_dir();
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no corpus at " << dir;
  // Plain string search: std::regex trips GCC 12's -Wmaybe-uninitialized under ASan.
  const std::vector<std::string> markers = {"oom_memcg=", "task_memcg=", "Task in ", "limit of ",
                                            "Memory cgroup stats for "};
  int seen = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".log") continue;
    std::ifstream in(entry.path());
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    std::vector<std::string> paths;
    for (const std::string& m : markers) {
      for (size_t pos = text.find(m); pos != std::string::npos; pos = text.find(m, pos + 1)) {
        const size_t start = pos + m.size();
        if (start >= text.size() || text[start] != '/') continue;
        const size_t end = text.find_first_of(" ,:\n", start);
        paths.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
      }
    }
    for (const std::string& path : paths) {
      ++seen;
      const auto owner = decode_cgroup_owner(path);
      if (path.starts_with("/1066")) {
        EXPECT_FALSE(owner.has_value()) << path;
        continue;
      }
      ASSERT_TRUE(owner.has_value()) << entry.path().filename() << ": " << path;
      if (path.starts_with("/kubepods")) {
        EXPECT_EQ(owner->kind, "kubernetes") << path;
        EXPECT_TRUE(owner->pod_uid.has_value()) << path;
        EXPECT_EQ(owner->pod_uid->find('_'), std::string::npos) << path;
      } else {
        EXPECT_EQ(owner->kind, "systemd") << path;
      }
    }
  }
  EXPECT_GE(seen, 8);
}

}  // namespace
}  // namespace oomlens
