#include "render/text.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../diagnose/event_fixtures.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

TEST(Text, GoldenMemcgDocker) {
  const OomEvent e = docker_python_memcg();
  const std::string expected =
      "2025-08-12 03:54:03  python3 (pid 25684) was killed by the memory-cgroup OOM killer: its container "
      "/docker/3f2a9c0d1e2b\u2026 hit its 32.0 GiB limit; the victim held 28.3 GiB anonymous memory.\n"
      "    victim   python3 (pid 25684, uid 1000): anon-rss 28.3 GiB, file-rss 12.0 MiB, shmem-rss 0 B, total-vm "
      "40.0 GiB, pgtables 60.0 MiB, oom_score_adj 0\n"
      "    cgroup   /docker/3f2a9c0d1e2b3a4f5e6d7c8b9a0f1e2d3c4b5a69788766554433221100ffeedd (docker "
      "3f2a9c0d1e2b\u2026): usage 32.0 GiB, limit 32.0 GiB, failcnt 1273, swap 0 B\n"
      "    trigger  python3 (pid 25684): gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
      "    where    kern.log, lines 1-40, 514.683 s after boot\n"
      "  ! python3's anonymous memory (28.3 GiB) is 88 % of the cgroup's 32.0 GiB limit: the victim itself filled "
      "the limit.\n"
      "  - The cgroup may not use swap (its swap limit is 0).\n"
      "  > If python3 needs this much memory, raise the limit (now 32.0 GiB); if its use grows with run time rather "
      "than with its input, it leaks: profile it instead of raising the limit.\n";  // no bf16: nothing says PyTorch
  EXPECT_EQ(render_event_text(e, explain(e), TextStyle{}), expected);
}

TEST(Text, GoldenNoKillablePanic) {
  const OomEvent e = no_killable_panic();
  EXPECT_EQ(render_event_text(e, explain(e), TextStyle{}),
            "[3893.944 s after boot]  The OOM killer found no process it was allowed to kill (machine-wide or within a "
            "cpuset or NUMA memory-policy limit: the report does not tell which), so the kernel panicked (\"System is "
            "deadlocked on memory\").\n"
            "  ! No task could be killed, and no row of the task table was read: dump_tasks() lists every candidate, "
            "oom_score_adj -1000 ones included, so an empty table means there was none (only init and kernel "
            "threads); the table may also be missing from the log (vm.oom_dump_tasks=0, or not in the excerpt).\n"
            "  > No row of the task table was read. If the report printed it empty, no process was a candidate at all "
            "and no oom_score_adj setting is to blame: look at what the kernel holds (Mem-Info: slab, reserved and "
            "CMA pages, hugetlb pages) and at what was allocating (the call trace). If the table is missing from this "
            "excerpt, read it in the full log.\n");
}

TEST(Text, ColourOnlyWhenAsked) {
  const OomEvent e = global_no_swap();
  const Explanation x = explain(e);
  EXPECT_THAT(render_event_text(e, x, TextStyle{}), Not(HasSubstr("\x1b[")));
  TextStyle colour;
  colour.color = true;
  const std::string s = render_event_text(e, x, colour);
  EXPECT_THAT(s, HasSubstr("\x1b[1m"));
  EXPECT_THAT(s, HasSubstr("\x1b[33m!\x1b[0m"));
  const OomEvent p = sysrq_panic_on_oom();
  EXPECT_THAT(render_event_text(p, explain(p), colour), HasSubstr("\x1b[31m"));
}

TEST(Text, HostileCommCannotReachTheTerminal) {
  OomEvent e = docker_python_memcg();
  e.victims[0].comm = "x\x1b]0;pwned\x07\xff";
  const std::string s = render_event_text(e, explain(e), TextStyle{});
  EXPECT_THAT(s, Not(HasSubstr("\x1b")));
  EXPECT_THAT(s, HasSubstr("x\\x1b]0;pwned\\x07\xEF\xBF\xBD"));
}

// The cgroup row names a Kubernetes container by namespace/pod/container once
// the runtime's state named it (issue 17), not by the pod uid of the path.
TEST(Text, CgroupRowNamesTheLookedUpPodNotItsUid) {
  OomEvent e = docker_python_memcg();
  CgroupOwner o;
  o.kind = "kubernetes";
  o.id = "3f2a9c0d1e2b3a4f5e6d7c8b9a0f1e2d3c4b5a69788766554433221100ffeedd";
  o.pod_uid = "8d5e0c6a-1b2f-4c3d-9e8f-7a6b5c4d3e2f";
  o.container_id = o.id;
  o.pod_name = "api-6c9d7f-5xq2z";
  o.pod_namespace = "shop";
  o.name = "server";
  e.memcg->owner = o;
  const std::string s = render_event_text(e, explain(e), TextStyle{});
  EXPECT_THAT(s, HasSubstr("(kubernetes shop/api-6c9d7f-5xq2z/server)"));
  EXPECT_THAT(s, Not(HasSubstr("8d5e0c6a")));
  e.memcg->owner->pod_name.reset();  // not looked up: the decoded id stays
  EXPECT_THAT(render_event_text(e, explain(e), TextStyle{}), HasSubstr("(kubernetes server)"));
  e.memcg->owner->name.reset();
  EXPECT_THAT(render_event_text(e, explain(e), TextStyle{}), HasSubstr("(kubernetes 3f2a9c0d1e2b\u2026)"));
}

TEST(Text, ManyVictimsAreCut) {
  OomEvent e = docker_multikill();
  TextStyle style;
  style.max_victims = 2;
  const std::string s = render_event_text(e, explain(e), style);
  EXPECT_THAT(s, HasSubstr("\u2026 and 2 more"));
  EXPECT_THAT(s, Not(HasSubstr("15623")));
}

TEST(SummaryLine, Golden) {
  EXPECT_EQ(render_summary_line(docker_python_memcg()),
            "2025-08-12 03:54:03  kill  memcg  python3(25684)  anon 28.3 GiB  limit 32.0 GiB  /docker/3f2a9c0d1e2b\u2026");
  EXPECT_EQ(render_summary_line(global_no_swap()), "[time unknown]  kill  global  doxygen(473206)  anon 8.8 GiB  ram 15.5 GiB");
  EXPECT_EQ(render_summary_line(docker_multikill()), "2021-05-15 23:09:27  kill  memcg  python3(15617)+3  anon 4.2 MiB");
  EXPECT_EQ(render_summary_line(bare_kill_line()), "2017-08-18 03:19:11  kill  ?  python(7748)  anon 11.0 GiB");
  EXPECT_EQ(render_summary_line(selected_apache()), "[time unknown]  selected_no_kill  memcg  apache2(1046)  /1066");
  EXPECT_EQ(render_summary_line(sysrq_panic_on_oom()), "[910.114 s after boot]  panic  ?  -");
  EXPECT_EQ(render_summary_line(OomEvent{}), "[time unknown]  kill  ?  -");
}

}  // namespace
}  // namespace oomlens
