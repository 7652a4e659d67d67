// Bounded owner labels (watch/metric_labels.h) on real cgroup path shapes:
// the cgroups oomlens run, slurmd, systemd and the kubelet create per job.
#include <gtest/gtest.h>

#include "diagnose/cgroup_owner.h"
#include "support/oom_builders.h"
#include "watch/metric_labels.h"
#include "watch/metrics.h"

namespace oomlens::watch {
namespace {

OomEvent memcg_kill(const std::string& oom_memcg, const std::string& task_memcg = "") {
  testing::MemcgOf m = testing::MemcgOf().oom(oom_memcg);
  if (!task_memcg.empty()) m.task(task_memcg);
  m.owner(decode_memcg_owner(m.info()));
  return testing::EventOf(EventKind::kill).constraint(Constraint::memcg).memcg(m).victim(testing::VictimOf(1, "python3"));
}

TEST(MetricLabels, OomlensRunJobsAreOneOwner) {
  // v1: a child of oomlens's own memory cgroup; v2: a sibling of its cgroup.
  EXPECT_EQ(owner_labels(memcg_kill("/oomlens-run-31337")), (OwnerKey{"oomlens", "run"}));
  EXPECT_EQ(owner_labels(memcg_kill("/oomlens-tests/oomlens-run-4242")), (OwnerKey{"oomlens", "run"}));
  EXPECT_EQ(owner_labels(memcg_kill("/user.slice/user-0.slice/oomlens-run-99")), (OwnerKey{"oomlens", "run"}));
  EXPECT_FALSE(is_oomlens_run_cgroup("/oomlens-run-x1"));
  EXPECT_FALSE(is_oomlens_run_cgroup("/oomlens-runner"));
}

TEST(MetricLabels, SlurmByJobNotStep) {
  // task/cgroup v1 (MACHINE-FACTS: /slurm_<host>/uid_U/job_J/step_S/task_T), limit on the job.
  EXPECT_EQ(owner_labels(memcg_kill("/slurm_node7/uid_0/job_42", "/slurm_node7/uid_0/job_42/step_batch/task_0")),
            (OwnerKey{"slurm", "42"}));
  EXPECT_EQ(owner_labels(memcg_kill("/slurm_node7/uid_0/job_42/step_0")), (OwnerKey{"slurm", "42"}));
  // v2: under slurmstepd.scope; an oomlens run inside a job is the job's.
  EXPECT_EQ(owner_labels(memcg_kill("/system.slice/slurmstepd.scope/job_43/step_1/user/task_0")),
            (OwnerKey{"slurm", "43"}));
  EXPECT_EQ(owner_labels(memcg_kill("/slurm_node7/uid_0/job_44/step_0/task_0/oomlens-run-77")),
            (OwnerKey{"slurm", "44"}));
}

TEST(MetricLabels, KubernetesByPodNotContainer) {
  const std::string cid(64, 'c');
  EXPECT_EQ(owner_labels(memcg_kill("/kubepods.slice/kubepods-burstable.slice/"
                                    "kubepods-burstable-pod0f4c1d2e_3b5a_4c6d_8e9f_0a1b2c3d4e5f.slice/"
                                    "cri-containerd-" + cid + ".scope")),
            (OwnerKey{"kubernetes", "0f4c1d2e-3b5a-4c6d-8e9f-0a1b2c3d4e5f"}));
  EXPECT_EQ(owner_labels(memcg_kill("/kubepods/besteffort/pod11111111-2222-3333-4444-555555555555/" + cid)),
            (OwnerKey{"kubernetes", "11111111-2222-3333-4444-555555555555"}));
}

TEST(MetricLabels, KubernetesByNamesWhenLookedUp) {
  // Names from the runtime's state (owner_lookup.h): namespace/pod/container,
  // a pod's own limit namespace/pod; never the container id.
  OomEvent e = memcg_kill("/kubepods/burstable/pod6f2b5c3e-1d4a-4b7e-9c2f-8a1e3d5b7c90/" + std::string(64, 'a'));
  e.memcg->owner->pod_namespace = "shop";
  e.memcg->owner->pod_name = "web-5d8c9f7b6-x2k4q";
  e.memcg->owner->name = "app";
  EXPECT_EQ(owner_labels(e), (OwnerKey{"kubernetes", "shop/web-5d8c9f7b6-x2k4q/app"}));
  e.memcg->owner->name.reset();
  EXPECT_EQ(owner_labels(e), (OwnerKey{"kubernetes", "shop/web-5d8c9f7b6-x2k4q"}));
}

TEST(MetricLabels, SystemdTransientUnitsByTemplate) {
  EXPECT_EQ(owner_labels(memcg_kill("/system.slice/run-u123.scope")), (OwnerKey{"systemd", "system.slice/run-*.scope"}));
  EXPECT_EQ(owner_labels(memcg_kill("/system.slice/run-r0a1b2c3d4e5f60718293a4b5c6d7e8f9.service")),
            (OwnerKey{"systemd", "system.slice/run-*.service"}));
  EXPECT_EQ(owner_labels(memcg_kill("/user.slice/user-1000.slice/session-12.scope")),
            (OwnerKey{"systemd", "user-1000.slice/session-*.scope"}));
  EXPECT_EQ(owner_labels(memcg_kill("/user.slice/user-1000.slice/user@1000.service/app.slice/"
                                    "app-gnome-firefox-4242.scope")),
            (OwnerKey{"systemd", "app.slice/app-gnome-firefox-*.scope"}));
  EXPECT_EQ(owner_labels(memcg_kill("/system.slice/nginx.service")), (OwnerKey{"systemd", "nginx.service"}));
  EXPECT_EQ(systemd_unit_template("app-foo@0123abcd.service"), "app-foo@*.service");
  EXPECT_EQ(systemd_unit_template("user@1000.service"), "user@1000.service");
  EXPECT_EQ(systemd_unit_template("session-c2.scope"), "session-c2.scope");  // not a number: kept
}

TEST(MetricLabels, ManyRunKillsAreOneLabelSet) {
  MetricsState st;
  for (int pid = 1000; pid < 1300; ++pid) {
    WatchEvent w;
    w.event = memcg_kill("/oomlens-tests/oomlens-run-" + std::to_string(pid));
    w.kills = 1;
    st.record(w);
  }
  ASSERT_EQ(st.kills.size(), 1u);
  EXPECT_EQ((st.kills[{"memcg", "oomlens", "run", "python3"}]), 300u);
  EXPECT_EQ(st.folded, 0u);
}

TEST(MetricLabels, UnknownPathsAndNone) {
  EXPECT_EQ(owner_labels(memcg_kill("/x/y")), (OwnerKey{"cgroup", "/x/y"}));
  const OomEvent global = testing::EventOf(EventKind::kill);
  EXPECT_EQ(owner_labels(global), (OwnerKey{"none", ""}));
}

}  // namespace
}  // namespace oomlens::watch
