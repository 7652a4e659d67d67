// h-left5: issue 12's leftovers in explain's decisions (each test names its item).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "diagnose/cgroup_owner.h"
#include "diagnose/explain.h"
#include "diagnose/explain_detail.h"
#include "diagnose/userspace_evidence.h"
#include "event_fixtures.h"
#include "render/axis.h"
#include "util/format.h"

namespace oomlens {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace fixtures;

// Item 4: one router size. With no RAM in the report a protected victim is weighed against the smallest
// router's RAM (kSmallestRouterRamBytes, 32 MiB): at -900 the discount there is 28.8 MiB, so 20 MiB could not
// outgrow it (it was not what used the memory), while 40 MiB could have on a 32 MiB router and the advice says
// both (the 64 MiB the advice used to assume, beside the 32 MiB router of the sacrificed-child wording, made it
// "not what used the memory").
TEST(Left5RouterSize, ProtectedVictimIsWeighedAgainstTheSmallestRouter) {
  static_assert(detail::kSmallestRouterRamBytes == 32 * kMiB);
  const EventOf ev = EventOf(EventKind::kill).constraint(Constraint::global);
  const std::string little =
      advice(explain(EventOf(ev).victim(VictimOf(541, "dnsmasq").rss(30 * MiB, 20 * MiB, 0, 0).adj_on_kill_line(-900))));
  EXPECT_THAT(little, HasSubstr("dnsmasq was protected (oom_score_adj -900) and still chosen, so it was not what used "
                                "the memory"));
  const std::string more =
      advice(explain(EventOf(ev).victim(VictimOf(541, "dnsmasq").rss(50 * MiB, 40 * MiB, 0, 0).adj_on_kill_line(-900))));
  EXPECT_THAT(more, HasSubstr("either it outgrew that protection with the 40.0 MiB it held"));
  EXPECT_THAT(more, Not(HasSubstr("not what used the memory")));
}

// Item 5: sweep's slopes, its fit's figures and the charts' byte ticks say sizes as the one byte formatter does.
TEST(Left5ByteFormatter, SignedAndFixedUnitSizesAreFormatBytes) {
  EXPECT_EQ(format_signed_bytes(86.0 * 1048576), "+86.0 MiB");
  EXPECT_EQ(format_signed_bytes(-3 * 1048576.0), "-3.0 MiB");
  EXPECT_EQ(format_signed_bytes(512), "+512 B");              // a small quadratic term is no "+0.00 MiB"
  EXPECT_EQ(format_signed_bytes(-2.5 * 1073741824.0, false), "-2.5 GiB");
  EXPECT_EQ(format_signed_bytes(0.3, false), "0 B");          // rounds to no byte: no "-"
  EXPECT_EQ(format_signed_bytes(-0.3), "+0 B");
  EXPECT_EQ(format_signed_bytes(std::nan("")), "?");
  EXPECT_EQ(format_signed_bytes(1e30), "?");
  EXPECT_EQ(format_bytes_in(256.0 * 1048576, 1048576, 0), "256 MiB");
  EXPECT_EQ(format_bytes_in(1.5 * 1073741824, 1073741824, 1), "1.5 GiB");
  EXPECT_EQ(format_bytes_in(2048, 1024, 0), "2 KiB");
  EXPECT_EQ(format_bytes_in(100, 1000, 0), "100 B");  // not a binary unit
  // The axis labels are unchanged: one unit for the whole axis, the decimals its step needs.
  const render::Axis a = render::bytes_axis(700.0 * 1048576, 5);
  ASSERT_FALSE(a.ticks.empty());
  EXPECT_EQ(a.ticks.front().label, "0 MiB");
  EXPECT_EQ(a.ticks.back().label, "800 MiB");
  EXPECT_EQ(render::bytes_axis(1.5 * 1073741824, 5).ticks.at(1).label, "0.5 GiB");
  EXPECT_EQ(render::time_axis(90, 4).ticks.at(1).label, "50 s");
}

// Item 2 (corpus 442): a container's init killed ends the whole container; said only when the log proves the victim
// was the init: its name (init, tini, …) in a container's cgroup, or the only row of a whole task table of its own
// cgroup's OOM. A `node` or `sh` with other rows, or outside a container, gets no such check (never guessed).
TEST(Left5ContainerInit, SaidOnlyWhenTheLogProvesIt) {
  auto event = [](const std::string& comm, const std::string& cgroup) {
    OomEvent e = EventOf(EventKind::kill).constraint(Constraint::memcg).victim(
        VictimOf(4496, comm).rss(33260 * KiB, 1124 * KiB, 8 * KiB, 0));
    MemcgInfo m;
    m.oom_memcg = cgroup;
    m.task_memcg = cgroup;
    m.owner = decode_cgroup_owner(cgroup);
    e.memcg = m;
    return e;
  };
  {
    const Explanation x = explain(event("init", "/lxc.payload.c2035"));
    const Check* c = find(x, "container_init_killed");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->level, CheckLevel::warn);
    EXPECT_THAT(c->message, HasSubstr("init (pid 4496) is, by its name, the init of container /lxc.payload.c2035"));
    EXPECT_THAT(c->message, HasSubstr("ends the whole container"));
  }
  for (const char* comm : {"tini", "dumb-init", "docker-init", "catatonit"}) {
    const Explanation x = explain(event(comm, "/docker/3f2a9c11aa22bb33cc44dd55ee66ff778899aabbccddeeff0011223344556677"));
    EXPECT_NE(find(x, "container_init_killed"), nullptr) << comm;
  }
  // Not a container's cgroup, or a name that is no init's: nothing said.
  {
    const Explanation x = explain(event("init", "/system.slice/foo.service"));
    EXPECT_EQ(find(x, "container_init_killed"), nullptr);
  }
  {
    const Explanation x = explain(event("node", "/lxc.payload.c2035"));
    EXPECT_EQ(find(x, "container_init_killed"), nullptr);
  }
  // `node` alone in its container's whole task table: the kill ended the container.
  OomEvent only = event("node", "/lxc.payload.c2035");
  only.trigger = Trigger{};
  only.trigger->comm = "node";
  only.trigger->pid = 4496;
  TaskRow row;
  row.pid = 4496;
  row.comm = "node";
  row.rss_bytes = 1200 * KiB;
  only.tasks = {row};
  {
    const Explanation x = explain(only);
    const Check* c = find(x, "container_init_killed");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("node (pid 4496) was the only process in the task table of container "
                                      "/lxc.payload.c2035: the kill ended the whole container"));
  }
  // A second row: `node` may have been any of its processes.
  TaskRow other = row;
  other.pid = 4500;
  other.comm = "sh";
  only.tasks.push_back(other);
  {
    const Explanation x = explain(only);
    EXPECT_EQ(find(x, "container_init_killed"), nullptr);
  }
}

// Item 1 (corpus 64, 76): earlyoom signalled the process the kernel then killed. The evidence scan reads earlyoom's
// lines (both formats) with their line numbers, attach_userspace_kills() keeps those naming the victim (pid and name),
// and the check says both killers acted on the same process; another pid, or the same pid under another name (a
// reused pid), is not matched.
TEST(Left5UserspaceKiller, BothKillersActedOnTheSameProcess) {
  diagnose::UserspaceEvidenceScan scan;
  scan.feed("mem avail:     0 of 13855 MiB ( 0 %), swap free:  293 of 3071 MiB ( 9 %)\n"
            "low memory! at or below SIGTERM limits: mem 10 %, swap 10 %\n"
            "killing process 28367 \"python3\" with signal 15: badness 698, VmRSS 11793 MiB\n"
            "sending SIGKILL to process 28367 uid 1000 \"python3\": badness 698, VmRSS 11793 MiB\n"
            "sending SIGTERM to process 999 uid 1000 \"bash\": badness 5, VmRSS 12 MiB\n");
  scan.finish();
  ASSERT_EQ(scan.daemon_kills().size(), 3u);
  EXPECT_EQ(scan.daemon_kills()[0].line, 3u);
  EXPECT_EQ(scan.daemon_kills()[0].signal, "SIGTERM");

  OomEvent e = EventOf(EventKind::kill).constraint(Constraint::global).victim(
      VictimOf(28367, "python3").rss(12438252 * KiB, 12083484 * KiB, 2368 * KiB, 0));
  e.victims[0].line = 13;
  diagnose::attach_userspace_kills(e, scan.daemon_kills());
  ASSERT_EQ(e.userspace_kills.size(), 2u);
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "userspace_killer_same_victim");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("Both killers acted on the same process: earlyoom, a user-space OOM killer, had "
                                      "sent SIGTERM, then SIGKILL to python3 (pid 28367, line 3) before the kernel's "
                                      "OOM killer killed it."));
    EXPECT_EQ(c->figures, (std::vector<std::pair<std::string, int64_t>>{{"pid", 28367}, {"line", 3}}));
  }
  // Its line after the kill line: said in that order.
  e.victims[0].line = 2;
  {
    const Explanation x = explain(e);
    const Check* c = find(x, "userspace_killer_same_victim");
    ASSERT_NE(c, nullptr);
    EXPECT_THAT(c->message, HasSubstr("after the kernel's OOM killer killed python3 (pid 28367), earlyoom"));
  }
  // A reused pid (another name), or no line naming the victim: nothing attached, nothing said.
  OomEvent other = EventOf(EventKind::kill).constraint(Constraint::global).victim(VictimOf(28367, "java"));
  diagnose::attach_userspace_kills(other, scan.daemon_kills());
  EXPECT_TRUE(other.userspace_kills.empty());
  const Explanation none = explain(other);
  EXPECT_EQ(find(none, "userspace_killer_same_victim"), nullptr);
}

}  // namespace
}  // namespace oomlens
