// Names looked up for a decoded cgroup owner: Docker's config.v2.json and
// passwd, on a fixture root (tests/fixtures/owner_lookup/root: a config.v2.json
// written by dockerd 20.10 on this machine for `docker run --name
// oomlens-leaky … oomlens-test/leaker:1`, as it wrote it), and the OCI
// runtime specs of Kubernetes containers at the paths containerd and CRI-O
// write them (run/containerd/io.containerd.runtime.v2.task/k8s.io/<id>/config.json,
// run/containers/storage/overlay-containers/<id>/userdata/config.json). No
// Kubernetes node can run here: those two are made after the runtimes' code
// (containerd internal/cri/annotations DefaultCRIAnnotations(), CRI-O
// internal/factory/container SpecAddAnnotations()), with its keys and values'
// shapes, not captured from a node.
#include "diagnose/owner_lookup.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "diagnose/cgroup_owner.h"
#include "diagnose/explain_detail.h"
#include "support/fixture_tree.h"
#include "support/paths.h"

namespace oomlens {
namespace {

using detail::describe_cgroup;

const std::string kId = "b037e8823093302cef02a1aa0ada1b184e2b732d2ce87622fe03c1edb202bd10";
const std::string kRoot = std::string(oomlens::testing::source_dir()) + "/tests/fixtures/owner_lookup/root";

TEST(OwnerLookup, ParsesDockerConfigNameAndImage) {
  const auto n = parse_docker_config(R"({"ID":"abc","Config":{"Image":"leaker:1"},"Image":"sha256:12","Name":"/leaky"})");
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->name, "leaky");
  EXPECT_EQ(n->image, "leaker:1");
}

TEST(OwnerLookup, DockerConfigWithoutNameOrNotJsonIsNullopt) {
  EXPECT_FALSE(parse_docker_config(R"({"ID":"abc","Config":{"Image":"x"}})").has_value());
  EXPECT_FALSE(parse_docker_config(R"({"Name":"/"})").has_value());
  EXPECT_FALSE(parse_docker_config("{not json").has_value());
  EXPECT_FALSE(parse_docker_config("").has_value());
  EXPECT_FALSE(parse_docker_config(R"({"Name":7})").has_value());
  const auto n = parse_docker_config(R"({"Name":"/a","Config":null})");
  ASSERT_TRUE(n.has_value());
  EXPECT_FALSE(n->image.has_value());
}

TEST(OwnerLookup, PasswdUserName) {
  const std::string pw = "root:x:0:0:root:/root:/bin/bash\n#x\nbad\nalice:x:1000:1000::/home/a:/bin/sh";
  EXPECT_EQ(passwd_user_name(pw, 0), "root");
  EXPECT_EQ(passwd_user_name(pw, 1000), "alice");
  EXPECT_FALSE(passwd_user_name(pw, 10).has_value());
  EXPECT_FALSE(passwd_user_name("", 0).has_value());
}

TEST(OwnerLookup, SlurmV1PathAsSlurm2205MakesIt) {
  // Slurm 22.05 task/cgroup on cgroup v1 (measured: slurm_<hostname>).
  const auto o = decode_cgroup_owner("/slurm_node1/uid_1000/job_12/step_batch/task_0");
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->kind, "slurm");
  EXPECT_EQ(o->id, "12.batch");
  EXPECT_EQ(o->job_id, "12");
  EXPECT_EQ(o->step, "batch");
  EXPECT_EQ(o->uid, 1000);
  const auto v2 = decode_cgroup_owner("/system.slice/slurmstepd.scope/job_77");
  ASSERT_TRUE(v2.has_value());
  EXPECT_EQ(v2->job_id, "77");
  EXPECT_FALSE(v2->step.has_value());
  EXPECT_FALSE(v2->uid.has_value());
}

TEST(OwnerLookup, SlurmJobLimitTakesTheVictimsStep) {
  // As Slurm 22.05 reports it: the limit on the job, the victim in its step.
  MemcgInfo m;
  m.oom_memcg = "/slurm_vm/uid_0/job_1";
  m.task_memcg = "/slurm_vm/uid_0/job_1/step_batch/task_0";
  auto o = decode_memcg_owner(m);
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->id, "1");
  EXPECT_EQ(o->step, "batch");
  lookup_owner_names(*o, OwnerLookup{kRoot, "/var/lib/docker"}, nullptr);
  EXPECT_EQ(describe_cgroup(*m.oom_memcg, o), "Slurm job 1 (step batch, user root, uid 0)");
  m.task_memcg = "/slurm_vm/uid_0/job_2/step_0";  // another job: not taken
  EXPECT_FALSE(decode_memcg_owner(m)->step.has_value());
  m.oom_memcg.reset();  // no oom_memcg (≤4.20 without the second path): task_memcg's own
  EXPECT_EQ(decode_memcg_owner(m)->id, "2.0");
  EXPECT_FALSE(decode_memcg_owner(MemcgInfo{}).has_value());
}

TEST(OwnerLookup, NamesDockerContainerFromStateDir) {
  auto o = decode_cgroup_owner("/docker/" + kId);
  ASSERT_TRUE(o.has_value());
  std::vector<std::string> notes;
  lookup_owner_names(*o, OwnerLookup{kRoot, "/var/lib/docker"}, &notes);
  EXPECT_EQ(o->name, "oomlens-leaky");
  EXPECT_EQ(o->image, "oomlens-test/leaker:1");
  EXPECT_TRUE(notes.empty());
  EXPECT_EQ(describe_cgroup("/docker/" + kId, o),
            "container oomlens-leaky (docker, image oomlens-test/leaker:1, id b037e8823093)");
}

TEST(OwnerLookup, ContainerWithoutStateIsNamedByIdAloneAndSaysSo) {
  auto o = decode_cgroup_owner("/docker/" + kId);
  ASSERT_TRUE(o.has_value());
  std::vector<std::string> notes;
  lookup_owner_names(*o, OwnerLookup{kRoot, "/elsewhere"}, &notes);
  EXPECT_FALSE(o->name.has_value());
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("container b037e8823093 is named by its id alone"), std::string::npos) << notes[0];
  EXPECT_NE(notes[0].find("/elsewhere/containers/" + kId + "/config.v2.json cannot be read"), std::string::npos)
      << notes[0];
  EXPECT_EQ(describe_cgroup("/docker/" + kId, o).rfind("container /docker/b037e8823093", 0), 0u);
}

TEST(OwnerLookup, SlurmUserFromPasswd) {
  auto o = decode_cgroup_owner("/slurm_node1/uid_0/job_12/step_batch/task_0");
  ASSERT_TRUE(o.has_value());
  lookup_owner_names(*o, OwnerLookup{kRoot, "/var/lib/docker"}, nullptr);
  EXPECT_EQ(o->user, "root");
  EXPECT_EQ(describe_cgroup("/slurm_node1/uid_0/job_12/step_batch/task_0", o),
            "Slurm job 12 step batch (user root, uid 0)");
  auto unknown = decode_cgroup_owner("/slurm_node1/uid_4242/job_3/step_0");
  ASSERT_TRUE(unknown.has_value());
  lookup_owner_names(*unknown, OwnerLookup{kRoot, "/var/lib/docker"}, nullptr);
  EXPECT_FALSE(unknown->user.has_value());
  EXPECT_EQ(describe_cgroup("/slurm_node1/uid_4242/job_3/step_0", unknown), "Slurm job 3 step 0 (uid 4242)");
}

const std::string kPodUid = "6f2b5c3e-1d4a-4b7e-9c2f-8a1e3d5b7c90";
const std::string kCtr = "9a7d3b1e5c2f4a6b8d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e";  // containerd, "app"
const std::string kSbx = "3c1f0e6d9b2a4c5e8f7a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6";  // its sandbox
const std::string kCrio = "e4f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f";  // CRI-O, "worker"

std::string systemd_pod(const std::string& qos, const std::string& uid) {
  std::string u = uid;
  for (char& c : u)
    if (c == '-') c = '_';
  return "/kubepods.slice/kubepods-" + qos + ".slice/kubepods-" + qos + "-pod" + u + ".slice";
}

TEST(OwnerLookup, ParsesContainerdAnnotations) {
  const auto n = parse_cri_annotations(R"({"ociVersion":"1.1.0","annotations":{
      "io.kubernetes.cri.container-name":"app","io.kubernetes.cri.container-type":"container",
      "io.kubernetes.cri.image-name":"nginx:1.25","io.kubernetes.cri.sandbox-name":"web-1",
      "io.kubernetes.cri.sandbox-namespace":"shop"}})");
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->runtime, "containerd");
  EXPECT_EQ(n->pod_namespace, "shop");
  EXPECT_EQ(n->pod_name, "web-1");
  EXPECT_EQ(n->container_name, "app");
  EXPECT_EQ(n->image, "nginx:1.25");
  EXPECT_FALSE(n->sandbox);
  const auto s = parse_cri_annotations(R"({"annotations":{"io.kubernetes.cri.container-type":"sandbox",
      "io.kubernetes.cri.sandbox-name":"web-1","io.kubernetes.cri.container-name":"ignored",
      "io.kubernetes.cri.podsandbox.image-name":"registry.k8s.io/pause:3.9"}})");
  ASSERT_TRUE(s.has_value());
  EXPECT_TRUE(s->sandbox);
  EXPECT_FALSE(s->container_name.has_value());
  EXPECT_FALSE(s->pod_namespace.has_value());
  EXPECT_EQ(s->image, "registry.k8s.io/pause:3.9");
}

TEST(OwnerLookup, ParsesCrioAnnotations) {
  const auto n = parse_cri_annotations(R"({"annotations":{"io.kubernetes.container.name":"worker",
      "io.kubernetes.pod.name":"etl-1","io.kubernetes.pod.namespace":"data",
      "io.kubernetes.cri-o.ContainerType":"container","io.kubernetes.cri-o.Image":"",
      "io.kubernetes.cri-o.ImageName":"quay.io/x/worker:7"}})");
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->runtime, "cri-o");
  EXPECT_EQ(n->pod_namespace, "data");
  EXPECT_EQ(n->pod_name, "etl-1");
  EXPECT_EQ(n->container_name, "worker");
  EXPECT_EQ(n->image, "quay.io/x/worker:7");  // the user's image empty: some name of it
  const auto s = parse_cri_annotations(R"({"annotations":{"io.kubernetes.container.name":"POD",
      "io.kubernetes.pod.name":"etl-1","io.kubernetes.cri-o.ContainerType":"sandbox"}})");
  ASSERT_TRUE(s.has_value());
  EXPECT_TRUE(s->sandbox);
  EXPECT_FALSE(s->container_name.has_value());
}

TEST(OwnerLookup, CriAnnotationsWithoutPodOrNotJsonAreNullopt) {
  EXPECT_FALSE(parse_cri_annotations("").has_value());
  EXPECT_FALSE(parse_cri_annotations("{not json").has_value());
  EXPECT_FALSE(parse_cri_annotations(R"({"ociVersion":"1.1.0"})").has_value());
  EXPECT_FALSE(parse_cri_annotations(R"({"annotations":[]})").has_value());
  EXPECT_FALSE(parse_cri_annotations(R"({"annotations":{"io.kubernetes.cri.sandbox-name":""}})").has_value());
  EXPECT_FALSE(parse_cri_annotations(R"({"annotations":{"io.kubernetes.pod.name":7}})").has_value());
  // nerdctl/ctr containers have a bundle but no CRI annotations.
  EXPECT_FALSE(parse_cri_annotations(R"({"annotations":{"nerdctl/name":"web"}})").has_value());
}

TEST(OwnerLookup, NamesContainerdPodContainerSystemdDriver) {
  const std::string path = systemd_pod("burstable", kPodUid) + "/cri-containerd-" + kCtr + ".scope";
  auto o = decode_cgroup_owner(path);
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->runtime, "containerd");
  std::vector<std::string> notes;
  lookup_owner_names(*o, OwnerLookup{kRoot, "/var/lib/docker"}, &notes);
  EXPECT_TRUE(notes.empty());
  EXPECT_EQ(o->pod_namespace, "shop");
  EXPECT_EQ(o->pod_name, "web-5d8c9f7b6-x2k4q");
  EXPECT_EQ(o->name, "app");
  EXPECT_EQ(o->image, "registry.example.com/shop/web:2.4.1");
  EXPECT_EQ(describe_cgroup(path, o),
            "Kubernetes container app of pod shop/web-5d8c9f7b6-x2k4q (containerd, image "
            "registry.example.com/shop/web:2.4.1, id 9a7d3b1e5c2f)");
}

TEST(OwnerLookup, NamesCgroupfsDriverContainerFromAnyRuntime) {
  // cgroupfs driver (v1 and v2 alike): a bare id, whichever runtime wrote it.
  auto c = decode_cgroup_owner("/kubepods/burstable/pod" + kPodUid + "/" + kCtr);
  ASSERT_TRUE(c.has_value());
  EXPECT_FALSE(c->runtime.has_value());
  lookup_owner_names(*c, OwnerLookup{kRoot, "/var/lib/docker"}, nullptr);
  EXPECT_EQ(c->runtime, "containerd");
  EXPECT_EQ(c->name, "app");
  auto r = decode_cgroup_owner("/kubepods/besteffort/pod0b7e2d4c-9f1a-4e3b-a5c6-d7e8f9a0b1c2/" + kCrio);
  ASSERT_TRUE(r.has_value());
  lookup_owner_names(*r, OwnerLookup{kRoot, "/var/lib/docker"}, nullptr);
  EXPECT_EQ(r->runtime, "cri-o");
  EXPECT_EQ(r->pod_namespace, "data");
  EXPECT_EQ(r->pod_name, "etl-28391040-7hz5m");
  EXPECT_EQ(r->name, "worker");
  EXPECT_EQ(r->image, "quay.io/example/batch-worker:7");
}

TEST(OwnerLookup, NamesCrioContainerSystemdDriverOnlyFromCrio) {
  const std::string path =
      systemd_pod("besteffort", "0b7e2d4c-9f1a-4e3b-a5c6-d7e8f9a0b1c2") + "/crio-" + kCrio + ".scope";
  auto o = decode_cgroup_owner(path);
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->runtime, "cri-o");
  lookup_owner_names(*o, OwnerLookup{kRoot, "/var/lib/docker"}, nullptr);
  EXPECT_EQ(o->name, "worker");
  // The scope names the runtime: containerd's state is not read for a crio- scope.
  auto wrong = decode_cgroup_owner(systemd_pod("burstable", kPodUid) + "/crio-" + kCtr + ".scope");
  std::vector<std::string> notes;
  lookup_owner_names(*wrong, OwnerLookup{kRoot, "/var/lib/docker"}, &notes);
  EXPECT_FALSE(wrong->name.has_value());
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].find("/run/containerd/"), std::string::npos) << notes[0];
}

TEST(OwnerLookup, SandboxContainerIsThePods) {
  const std::string path = "/kubepods/burstable/pod" + kPodUid + "/" + kSbx;
  auto o = decode_cgroup_owner(path);
  lookup_owner_names(*o, OwnerLookup{kRoot, "/var/lib/docker"}, nullptr);
  EXPECT_TRUE(o->sandbox);
  EXPECT_FALSE(o->name.has_value());
  EXPECT_EQ(describe_cgroup(path, o),
            "Kubernetes sandbox container of pod shop/web-5d8c9f7b6-x2k4q (containerd, image "
            "registry.k8s.io/pause:3.9, id 3c1f0e6d9b2a)");
}

TEST(OwnerLookup, PodLimitIsNamedFromTheVictimsContainer) {
  MemcgInfo m;
  m.oom_memcg = systemd_pod("burstable", kPodUid);
  m.task_memcg = *m.oom_memcg + "/cri-containerd-" + kCtr + ".scope";
  m.owner = decode_memcg_owner(m);
  ASSERT_TRUE(m.owner.has_value());
  EXPECT_FALSE(m.owner->container_id.has_value());
  lookup_owner_names(m, OwnerLookup{kRoot, "/var/lib/docker"}, nullptr);
  EXPECT_EQ(m.owner->pod_name, "web-5d8c9f7b6-x2k4q");
  EXPECT_FALSE(m.owner->name.has_value());  // the pod's limit, not the container's
  EXPECT_EQ(describe_cgroup(*m.oom_memcg, m.owner), "Kubernetes pod shop/web-5d8c9f7b6-x2k4q (uid " + kPodUid + ")");
}

TEST(OwnerLookup, KubernetesWithoutRuntimeStateIsNamedByIdsAndSaysSo) {
  // The DaemonSet without the runtime's state mounted: a root with no run/.
  const std::string path = systemd_pod("burstable", kPodUid) + "/cri-containerd-" + kCtr + ".scope";
  auto o = decode_cgroup_owner(path);
  std::vector<std::string> notes;
  lookup_owner_names(*o, OwnerLookup{kRoot + "/var", "/var/lib/docker"}, &notes);
  EXPECT_FALSE(o->pod_name.has_value());
  EXPECT_FALSE(o->name.has_value());
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("Kubernetes container 9a7d3b1e5c2f is named by its container id and pod uid alone"),
            std::string::npos)
      << notes[0];
  EXPECT_NE(notes[0].find("/run/containerd/io.containerd.runtime.v2.task/k8s.io/" + kCtr + "/config.json"),
            std::string::npos)
      << notes[0];
  EXPECT_EQ(describe_cgroup(path, o), "Kubernetes container 9a7d3b1e5c2f… of pod " + kPodUid);
}

TEST(OwnerLookup, CriDockerdNameIsSplit) {
  // cri-dockerd names the Docker container k8s_<container>_<pod>_<namespace>_<uid>_<attempt>.
  testing::FixtureTree tree;
  tree.write("var/lib/docker/containers/" + kCtr + "/config.v2.json",
             R"({"Name":"/k8s_app_web-1_shop_)" + kPodUid + R"(_3","Config":{"Image":"nginx:1.25"}})");
  auto o = decode_cgroup_owner(systemd_pod("burstable", kPodUid) + "/docker-" + kCtr + ".scope");
  lookup_owner_names(*o, OwnerLookup{tree.root(), "/var/lib/docker"}, nullptr);
  EXPECT_EQ(o->runtime, "docker");
  EXPECT_EQ(o->pod_namespace, "shop");
  EXPECT_EQ(o->pod_name, "web-1");
  EXPECT_EQ(o->name, "app");
  EXPECT_EQ(o->image, "nginx:1.25");
}

}  // namespace
}  // namespace oomlens
