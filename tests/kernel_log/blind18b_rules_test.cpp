// Rules found by blind set 18b (issue 12: tests/corpus/589-600, containers, Kubernetes, LXC, systemd services and
// scopes), each on hand-written input shaped like the real report named per test.
#include <gtest/gtest.h>

#include <string>

#include "diagnose/cgroup_owner.h"
#include "diagnose/explain.h"
#include "kernel_log/oom_lines.h"
#include "kernel_log/prefix.h"
#include "kernel_log/report_assembler.h"
#include "kernel_log/report_scanner.h"

namespace oomlens {
namespace {

TEST(Prefix, JournalctlShortUnixEpochStampIsTheWallTimeInUtc) {
  // 597: `journalctl -k -o short-unix`: seconds since the epoch with µs, then the host and the tag.
  NormalizedLine n;
  normalize_line("1787068905.416344 host02 kernel: chrome-headless invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), "
                 "order=0, oom_score_adj=300",
                 n);
  EXPECT_TRUE(n.has_prefix);
  ASSERT_TRUE(n.prefix.wall);
  EXPECT_EQ(*n.prefix.wall, "2026-08-18T16:01:45.416344Z");
  EXPECT_EQ(n.prefix.host, "host02");
  EXPECT_EQ(n.text.substr(0, 33), "chrome-headless invoked oom-kille");
  // A user manager's line keeps its tag: foreign to the kernel's text.
  NormalizedLine u;
  normalize_line("1787068979.289100 host02 systemd[4106]: run-p2684493-i11077323.scope: Consumed 1min", u);
  EXPECT_TRUE(u.foreign);
  // Fewer than nine digits (an uptime, a count) or no space after the fraction: no such stamp.
  NormalizedLine small;
  normalize_line("12345678.123456 host kernel: x", small);
  EXPECT_FALSE(small.prefix.wall);
  NormalizedLine glued;
  normalize_line("1787068905.416344kernel: x", glued);
  EXPECT_FALSE(glued.prefix.wall);
}

TEST(Summary, ATaskValueIsACommOfAtMost15BytesEndedByAPostersElision) {
  // 600: `task=weewx-clearskie ... anon-rss:3050700kB` (the poster elided `,pid=…,uid=…` and the kill line's start).
  oomline::Summary s;
  ASSERT_TRUE(oomline::parse_summary(
      "oom-kill:constraint=CONSTRAINT_MEMCG, oom_memcg=/lxc.payload.librewxr, task=weewx-clearskie ... "
      "anon-rss:3050700kB`",
      s));
  EXPECT_EQ(s.task, "weewx-clearskie");
  EXPECT_EQ(s.oom_memcg, "/lxc.payload.librewxr");
  EXPECT_FALSE(s.pid);
  // The line's last field cut after its separator (its rest on the next line, not rejoined): no comma in the path.
  oomline::Summary c;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_MEMCG, oom_memcg=/lxc.payload.librewxr,", c));
  EXPECT_EQ(c.oom_memcg, "/lxc.payload.librewxr");
  // Longer than a comm and no elision: what followed it on the page, not the comm.
  oomline::Summary t;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_MEMCG,task=python3 was killed at 10:00", t));
  EXPECT_FALSE(t.task);
  // A comm with a space (`JIT Compilation`, 15 bytes) is whole.
  oomline::Summary j;
  ASSERT_TRUE(oomline::parse_summary("oom-kill:constraint=CONSTRAINT_NONE,task=JIT Compilation,pid=7,uid=0", j));
  EXPECT_EQ(j.task, "JIT Compilation");
}

TEST(Summary, ProseAfterACutSummaryIsNoWrappedRest) {
  EXPECT_TRUE(oomline::summary_rest("  task_memcg=.../weewx-clearskies-marine.service, task=weewx-clearskie"));
  EXPECT_TRUE(oomline::summary_rest(",task=a,pid=1,uid=0"));
  EXPECT_TRUE(oomline::summary_rest("ion,pid=12,uid=0"));
  EXPECT_TRUE(oomline::summary_rest("ds/pod951f6bc5/0249"));
  EXPECT_FALSE(oomline::summary_rest("  — librewxr is an LXC container with a **6 GB memory cap**"));
  EXPECT_FALSE(oomline::summary_rest("over the cap. Invisible from inside the guest"));
  // 600 as posted: the summary quoted over two lines, prose after; the prose is not the chosen task's name.
  const auto ev = parse_log_text(
      "- **Root cause (hard evidence, host04 host dmesg):**\n"
      "  `oom-kill:constraint=CONSTRAINT_MEMCG, oom_memcg=/lxc.payload.librewxr,\n"
      "  task_memcg=.../weewx-clearskies-marine.service, task=weewx-clearskie ... anon-rss:3050700kB`\n"
      "  — librewxr is an LXC container with a **6 GB memory cap** (`/sys/fs/cgroup/memory.max` =\n"
      "  5999996928), sitting at **99.9% usage** (`lxc list`: 5.58GiB). The host kernel's cgroup OOM\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_TRUE(ev[0].chosen);
  EXPECT_EQ(ev[0].chosen->comm, "weewx-clearskie");
  ASSERT_TRUE(ev[0].memcg);
  EXPECT_EQ(ev[0].memcg->oom_memcg, "/lxc.payload.librewxr");
  EXPECT_EQ(ev[0].lines.last, 3u);
}

TEST(ReportLines, GrepsGroupSeparatorIsNoRowsRest) {
  // 593: `grep -A 5 -B 5` puts `--` between its windows; looking back from the summary, it was joined to the row
  // above it as the rest of its name (`php-fpm7--`).
  EXPECT_TRUE(poster_elision("--"));
  EXPECT_FALSE(poster_elision("---"));
  const auto ev = parse_log_text(
      "Jul 30 08:11:33 host01 kernel: [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents "
      "oom_score_adj name\n"
      "Jul 30 08:11:33 host01 kernel: [  26983] 65534 26983    70117    26791   331776        0           937 php-fpm7\n"
      "Jul 30 08:11:33 host01 kernel: [  26986] 65534 26986    68812    25937   323584        0           937 php-fpm7\n"
      "--\n"
      "Jul 30 08:11:33 host01 kernel: [  23381] 65534 23381    51941     8278   184320        0           937 php-fpm7\n"
      "Jul 30 08:11:33 host01 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=docker-5c22.scope,"
      "mems_allowed=0,oom_memcg=/docker/5c223edfde3b,task_memcg=/docker/5c223edfde3b,task=php-fpm7,pid=26865,"
      "uid=65534\n"
      "Jul 30 08:11:33 host01 kernel: Memory cgroup out of memory: Killed process 26865 (php-fpm7) "
      "total-vm:367860kB, anon-rss:177544kB, file-rss:1720kB, shmem-rss:13216kB\n");
  ASSERT_EQ(ev.size(), 1u);
  ASSERT_EQ(ev[0].tasks.size(), 3u);
  for (const auto& t : ev[0].tasks) EXPECT_EQ(t.comm, "php-fpm7") << t.pid;
}

TEST(Advice, AGlobalKillInADaemonsServiceAdvisesTheUnitsMemoryMax) {
  // 590: a global OOM killed mdsd in azuremonitoragent.service: the unit takes the limit, not `oomlens run`.
  auto advice_for = [](const char* task_memcg) {
    auto ev = parse_log_text(std::string("[ 5.000000] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,"
                                         "mems_allowed=0,global_oom,task_memcg=") +
                             task_memcg +
                             ",task=mdsd,pid=19,uid=104\n"
                             "[ 5.000001] Out of memory: Killed process 19 (mdsd) total-vm:4831256kB, "
                             "anon-rss:3047444kB, file-rss:2560kB, shmem-rss:0kB, UID:104 pgtables:6432kB "
                             "oom_score_adj:0\n");
    EXPECT_EQ(ev.size(), 1u);
    if (ev.empty()) return std::string();
    auto& e = ev[0];
    if (e.memcg && !e.memcg->owner) e.memcg->owner = decode_memcg_owner(*e.memcg);
    const Explanation x = explain(e);
    std::string all;
    for (const auto& a : x.advice) all += a + "\n";
    return all;
  };
  const std::string service = advice_for("/system.slice/azuremonitoragent.service");
  EXPECT_NE(service.find("systemctl set-property azuremonitoragent.service MemoryMax=SIZE"), std::string::npos)
      << service;
  const std::string user = advice_for("/user.slice/user-1000.slice/user@1000.service/app.slice/sync.service");
  EXPECT_NE(user.find("systemctl --user set-property sync.service"), std::string::npos) << user;
  // A login session's scope is a user's job: `oomlens run`, not a unit's MemoryMax.
  const std::string session = advice_for("/user.slice/user-1000.slice/session-689.scope");
  EXPECT_EQ(session.find("MemoryMax"), std::string::npos) << session;
  EXPECT_NE(session.find("oomlens run"), std::string::npos) << session;
}

}  // namespace
}  // namespace oomlens
