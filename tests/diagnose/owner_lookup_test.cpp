// Names looked up for a decoded cgroup owner: Docker's config.v2.json and
// passwd, on a fixture root (tests/fixtures/owner_lookup/root: a config.v2.json
// written by dockerd 20.10 on this machine for `docker run --name
// oomlens-leaky … oomlens-test/leaker:1`, as it wrote it).
#include "diagnose/owner_lookup.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "diagnose/cgroup_owner.h"
#include "diagnose/explain_detail.h"

namespace oomlens {
namespace {

using detail::describe_cgroup;

const std::string kId = "b037e8823093302cef02a1aa0ada1b184e2b732d2ce87622fe03c1edb202bd10";
const std::string kRoot = std::string(OOMLENS_SOURCE_DIR) + "/tests/fixtures/owner_lookup/root";

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

}  // namespace
}  // namespace oomlens
