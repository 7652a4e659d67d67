#include "kernel_log/cgroup_owner.h"

#include <gtest/gtest.h>

namespace oomlens {
namespace {

TEST(CgroupOwner, KubernetesSystemdDriver) {
  auto o = decode_cgroup_owner(
      "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod94eb36cd_29e1_478b_b365_4cb5dfc7d6fb.slice/"
      "cri-containerd-46b3e0a4df44b752b841aecca454e6e78995d567912a84950390bae6f6777a63.scope");
  ASSERT_TRUE(o);
  EXPECT_EQ(o->kind, "kubernetes");
  EXPECT_EQ(o->qos_class, "burstable");
  EXPECT_EQ(o->pod_uid, "94eb36cd-29e1-478b-b365-4cb5dfc7d6fb");
  EXPECT_EQ(o->container_id, "46b3e0a4df44b752b841aecca454e6e78995d567912a84950390bae6f6777a63");
}

TEST(CgroupOwner, KubernetesCgroupfsDriver) {
  auto o = decode_cgroup_owner("/kubepods/burstable/podfe3f7a38-b3f7-48aa-8997-a697ae3d0741/"
                               "c7ebf4d756b284f6226cce820771afcf706a4e37afb77f052c61ece86d3b61f0");
  ASSERT_TRUE(o);
  EXPECT_EQ(o->kind, "kubernetes");
  EXPECT_EQ(o->pod_uid, "fe3f7a38-b3f7-48aa-8997-a697ae3d0741");
  EXPECT_EQ(o->id, "c7ebf4d756b284f6226cce820771afcf706a4e37afb77f052c61ece86d3b61f0");
}

TEST(CgroupOwner, Others) {
  EXPECT_EQ(decode_cgroup_owner("/system.slice/docker-abc.scope")->kind, "docker");
  EXPECT_EQ(decode_cgroup_owner("/docker/abc")->id, "abc");
  EXPECT_EQ(decode_cgroup_owner("/machine.slice/libpod-abc.scope")->kind, "podman");
  auto s = decode_cgroup_owner("/user.slice/user-504.slice/session-2.scope");
  EXPECT_EQ(s->kind, "systemd");
  EXPECT_EQ(s->id, "session-2.scope");
  EXPECT_EQ(decode_cgroup_owner("/slurm/uid_1000/job_42/step_0")->id, "42");
  EXPECT_EQ(decode_cgroup_owner("/lxc/web")->kind, "lxc");
  EXPECT_FALSE(decode_cgroup_owner("/"));
  EXPECT_FALSE(decode_cgroup_owner("/1066/uid"));
}

}  // namespace
}  // namespace oomlens
